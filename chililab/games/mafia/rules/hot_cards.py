"""Hot cards in play (mafia.md sections 2.4, 2.5, 3.1 I2, 3.2): declaration, defence window, resolution.

TURN_MAIN offers :class:`~.moves.PlayHot` within the allowance (MAFIA-HOT-1); the
declaration, with at most one attacker ability (Sidekick, Troublemaker, Sniper:
MAFIA-ADV-2), is checked at once and a refused one spends nothing (MAFIA-HOT-2/3,
DEC-9). HOT_DECLARE puts the card on the discard pile and opens the defence
window: an ordered pass (the kernel's ``OrderedPass``) asking every seat but the
attacker once, in the ``interrupt_order`` (MAFIA-HOT-4, DEC-45). Every such seat is
asked with the same prompt, whether it holds a Fuggedaboutit or not, so being asked
tells nobody anything. The first :class:`~.moves.Neutralize` closes the window
(MAFIA-ACT-FUGG-1); the card stays spent (MAFIA-HOT-6). Otherwise Bodyguards may
stand in (BODYGUARD, ``advanced.py``), HOT_RESOLVE applies the effect (Pinch, Whack,
Whack 'Em, Turncoat with a placement chosen then, MAFIA-HOT-TURNCOAT-1/2; Rumble with
the attacker's choice, MAFIA-PROMO-RUMBLE-2), and POST_HOT draws for each Lord lost
(MAFIA-GF-LORD-1) before the attacker's turn goes on (MAFIA-HOT-5).
Not built: "Easy, Pal!", Lifeline, Reconsider, Kiss of Death, Bribe, Recruit (``NOTES.md``).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from operator import attrgetter

from chililab.engine import IllegalMove

from .base import MafiaBase, Phases
from .cards import ALL_CARDS, Card
from .checks import (
    ABILITY_CLAUSE,
    ATTACK_ABILITIES,
    SMALL_CACHE,
    WHACKS,
    active,
    alike_once,
    allowance,
    attack_strength,
    bodyguards,
    can_form,
    hand_names,
    inactive,
    lord_draws,
    pinch_index,
    rumble_choices,
    rumble_wins,
    sidekick_problem,
    target_problem,
    turncoat_problem,
    valid,
)
from .moves import Decline, Discard, Neutralize, Place, PlayHot

_ID = attrgetter("id")
ANY_STRENGTH = 10**6  # an attack strength above every pepper's: target checks without MAFIA-HOT-3's comparison
_tnew = tuple.__new__  # a move made as the tuple it is (all fields, in order): see engine.tuplemove
_DECLINE = tuple(Decline(s) for s in range(8))  # moves are values: one per seat (8 at most) serves every listing
_HOT_CARDS = frozenset(c for c in ALL_CARDS if c.kind == "hot")  # a hand without any is skipped in one C call
_SAMURAI = frozenset(c for c in ALL_CARDS if c.ability == "Samurai")  # a gang without one: one C call
_FUGGEDABOUTIT = frozenset(c for c in ALL_CARDS if c.key == "fuggedaboutit")
NO_OPTIONS: dict = {}  # the options a target check of any Hot card but a Turncoat reads: none


def defence_order(policy: str, attacker: int, target_owner: int, n: int, rng) -> list[int]:
    """Section 3.2 (DEC-45): every seat but the attacker, once each, in the window's order.

    ``clockwise_from_attacker_left`` (default); ``target_first``: the targeted gang's owner,
    then clockwise (skipping the attacker); ``seeded_random``: a permutation from the game's PRNG.
    """
    order = [(attacker + k) % n for k in range(1, n)]
    if policy == "target_first":
        i = order.index(target_owner)
        return order[i:] + order[:i]
    if policy == "seeded_random":
        rng.shuffle(order)
    return order


#: each card's type (name and icon: copies alike share it) as one bit, so two cards' bits or-ed name their pair of
#: types whatever their order (a pair of alike copies: one bit)
_TYPES = {t: 1 << i for i, t in enumerate(dict.fromkeys((c.key, c.icon) for c in ALL_CARDS))}
_TYPE_BIT = {c: _TYPES[c.key, c.icon] for c in ALL_CARDS}


def _pairs(gang: tuple) -> tuple[tuple[Card, Card], ...]:
    """Two targets in ``gang``, each pair of types once (a Whack 'Em's or a Troublemaker's). Not kept: a Whack 'Em
    lists them once per gang (:func:`_targets` keeps its answer)."""
    pairs: dict = {}
    for a, b in combinations(sorted(gang, key=_ID), 2):
        pairs.setdefault(_TYPE_BIT[a] | _TYPE_BIT[b], (a, b))
    return tuple(pairs.values())


def _skilled(gang, options) -> tuple[list[Card], list[Card], list[Card]]:
    """The gang's attackers with an active ability, alike copies once: (Sidekicks, Troublemakers, Snipers)."""
    out: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    for c in alike_once(gang):
        if c.ability in ATTACK_ABILITIES and active(c, gang, options):
            out[ATTACK_ABILITIES.index(c.ability)].append(c)
    return out


@lru_cache(maxsize=SMALL_CACHE)
def _alike(gang: tuple) -> tuple[Card, ...]:
    """A gang's distinct peppers (copies alike once): its attackers, or its single targets. Pure, and kept."""
    return tuple(alike_once(gang))


#: Hot card key -> the cards it may take at some strength (:func:`~.abilities.target_problem` at any strength),
#: made on the key's first listing. The same answer in every gang without a Samurai: ``target_problem`` reads the
#: target's gang only for an active Samurai there (MAFIA-PROMO-YATSU-2, see :func:`_turncoat_targets`).
_TAKEN: dict[str, frozenset[Card]] = {}
#: each card's single-target entry of :func:`_targets`: ((card,), the strength an attack on it needs), made once
_ONE = {c: ((c,), c.power) for c in ALL_CARDS}


def _taken_by(key: str) -> frozenset[Card]:
    """The cards Hot card ``key`` may take at some strength (:data:`_TAKEN`)."""
    got = _TAKEN.get(key)
    if got is None:
        got = _TAKEN[key] = frozenset(c for c in ALL_CARDS if target_problem(key, ANY_STRENGTH, c, (), NO_OPTIONS) is None)
    return got


@lru_cache(maxsize=SMALL_CACHE)
def _targets(key: str, gang: tuple) -> tuple:
    """The targets Hot card ``key`` may take in ``gang`` (without a Samurai, or another card than a Turncoat) at
    any strength, alike copies once, each with the strength an attack needs (MAFIA-HOT-3 is the attackers' part).
    Pure, and kept, as gangs stay on the table from one decision to the next."""
    taken = _taken_by(key)
    out: list[tuple[tuple[Card, ...], int]] = [_ONE[c] for c in _alike(gang) if c in taken]
    if key == "whackem":
        out += [((a, b), max(a.power, b.power)) for a, b in _pairs(gang) if a in taken and b in taken]
    return tuple(out)


def _turncoat_targets(gang: tuple, options: dict) -> Sequence[tuple[tuple[Card, ...], int]]:
    """:func:`_targets` for a Turncoat: the options concern only a gang with a Samurai (MAFIA-PROMO-YATSU-2)."""
    if _SAMURAI.isdisjoint(gang):
        return _targets("turncoat", gang)
    return [((c,), c.power) for c in _alike(gang)
            if target_problem("turncoat", ANY_STRENGTH, c, gang, options) is None]


class HotRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-HOT-1..6, HOT-PINCH-1..3, HOT-WHACK-1, HOT-WHACKEM-1, HOT-TURNCOAT-1/2,
    ACT-FUGG-1/2 (Fuggedaboutit in the defence window), ADV-2, ADV-SIDEKICK-1, ADV-TROUBLEMAKER-1, ADV-SNIPER-1,
    ADV-BODYGUARD-1/2, GF-LORD-1, GF-OUTLAW-1/2 (in attacks), PROMO-YATSU-2, PROMO-RUMBLE-1/2."""

    SECTION_PHASES = Phases(
        automatic={"HOT_DECLARE": "_open_defence", "NEUTRALIZED": "_neutralized", "HOT_RESOLVE": "_resolve_hot",
                   "POST_HOT": "_after_hot"},
        actions={"DEFENSE": "_on_defence", "HOT_RESOLVE": "_on_resolve"},
        legal={"DEFENSE": "_defence_moves", "HOT_RESOLVE": "_resolve_moves"},
        refusals={"DEFENSE": "_defence_problem", "HOT_RESOLVE": "_resolve_problem"},
        open_check=frozenset({"HOT_RESOLVE"}),
        refusal_is_full=frozenset({"HOT_RESOLVE"}),
        clauses={"DEFENSE": "MAFIA-HOT-4", "HOT_RESOLVE": "MAFIA-HOT-TURNCOAT-1", "POST_HOT": "MAFIA-HOT-5"},
    )

    # ------------------------------------------------------------ TURN_MAIN: the declaration

    def _team_gangs(self, seat):
        """(seat, index, gang) of every gang of ``seat``'s side (MAFIA-TEAM-3: where a turncoat may go)."""
        return [(t, i, g) for t in range(self.n) if self.team_of[t] == self.team_of[seat]
                for i, g in enumerate(self.gangs[t])]

    def _hot_moves(self, seat):
        """Every valid declaration, each choice once: copies alike (same type and icon) in one gang, or of a Hot
        card in hand, are the same choice, so the first is listed (``check`` accepts any copy).

        Built to pass :meth:`_declaration_problem` by construction (hand, allowance, own attacker, one rival
        gang); only the target checks are made per candidate. An ability is listed where it changes what the
        attack can do (:meth:`_ability_attacks`); ``check`` accepts it wherever the rules allow it.
        """
        hand = self.hands[seat]
        if _HOT_CARDS.isdisjoint(hand):
            return []
        hots = [c for c in hand if c.kind == "hot"]
        own = self.gangs[seat]
        if self.hots_played >= allowance(own, self.n == 2):
            return []
        attackers = [a for g in own for a in _alike(g)]
        team_of, mine = self.team_of, self.team_of[seat]
        rivals = [g for t in range(self.n) if team_of[t] != mine for g in self.gangs[t]]
        skills = self.opts["advanced"] and [(g, _skilled(g, self.opts)) for g in own]
        out = []
        for hot in alike_once(hots):
            key = hot.key
            if key == "rumble":  # MAFIA-PROMO-RUMBLE-1: gang against gang, each named by its first pepper
                out += [PlayHot(seat, hot, min(g), (min(r),)) for g in own for r in rivals]
                continue
            fits = self._turncoat_fits(seat, hand) if key == "turncoat" else None
            for gang in rivals:
                need: Sequence[tuple[tuple[Card, ...], int]]
                if fits is None:
                    need = _targets(key, gang)
                else:
                    need = [(ts, power) for ts, power in _turncoat_targets(gang, self.opts) if fits(ts[0])]
                if need:  # (a comprehension costs a call: none for a gang without targets)
                    out += [_tnew(PlayHot, (seat, hot, a, ts, None, None)) for ts, power in need for a in attackers
                            if a.power >= power]
                if skills:
                    out += self._ability_attacks(seat, hot, gang, need, skills)
        return out

    def _turncoat_fits(self, seat, hand):
        """MAFIA-HOT-TURNCOAT-2 for one listing: ``fits(pepper)``, the pepper a Turncoat takes has somewhere to go
        among the gangs of ``seat``'s side or in a new gang with the hand's peppers (:func:`~.gangs.placements`,
        which reads the pepper's name only: asked once per name)."""
        side = [g for _, _, g in self._team_gangs(seat)]
        names, sweets = hand_names(hand)
        known: dict[str, bool] = {}

        def fits(pepper):
            ok = known.get(pepper.key)
            if ok is None:  # a new gang first (no list built), then the gangs, up to the first that takes it
                ok = known[pepper.key] = can_form(pepper.key, names, sweets) or any(valid([*g, pepper]) for g in side)
            return ok

        return fits

    def _ability_attacks(self, seat, hot, gang, need, skills):
        """The declarations an ability makes different (MAFIA-ADV-SIDEKICK-1, ADV-TROUBLEMAKER-1, ADV-SNIPER-1):

        a Sidekick pair where no single pepper of the gang reaches the target (with the weakest partner that
        does: any partner gives the same attack); a Troublemaker's Whack on 2 targets of strength 6 at most;
        a Sniper where a Bodyguard could otherwise step in.
        """
        out = []
        for g, (jimmies, tabascos, ghosts) in skills:
            strongest = max(c.power for c in g)
            for j in jimmies:
                partners = sorted((c for c in g if c is not j), key=lambda c: (c.power, c.id))
                for ts, power in need:
                    x = next((c for c in partners if c.power + 2 >= power), None)
                    if strongest < power and x is not None:
                        out.append(PlayHot(seat, hot, j, ts, "Sidekick", x))
            if hot.key == "whack":
                for t in tabascos:
                    out += [PlayHot(seat, hot, t, ts, "Troublemaker") for ts in _pairs(gang)
                            if all(target_problem("whack", t.power, c, gang, self.opts, True) is None for c in ts)]
            if hot.key in WHACKS:
                for gh in ghosts:
                    out += [PlayHot(seat, hot, gh, ts, "Sniper") for ts, power in need
                            if gh.power >= power and bodyguards(hot.key, ts, gang, self.opts)]
        return out

    def _declaration_problem(self, m):
        """Why the declaration ``m`` is refused (MAFIA-HOT-1/2/3, abilities, card caps), or None."""
        p, hot, a, ts = m.player, m.card, m.attacker, m.targets
        if not isinstance(hot, Card) or hot not in self.hands[p] or hot.kind != "hot":
            return IllegalMove("MAFIA-HOT-2", f"{hot!r} is not a Hot card in P{p}'s hand", m)
        cap = allowance(self.gangs[p], self.n == 2)
        if self.hots_played >= cap:
            two = " (2 players: 1 Hot card per turn at most)" if self.n == 2 else ""
            return IllegalMove("MAFIA-HOT-1", f"P{p} may play {cap} Hot card(s) this turn (1 per complete gang in "
                               f"front of them){two} and has played {self.hots_played}", m)
        mine = next((g for g in self.gangs[p] if a in g), None) if isinstance(a, Card) else None
        if mine is None:
            what = "attacking gang is named by" if hot.key == "rumble" else "attacker"
            return IllegalMove("MAFIA-HOT-2", f"the {what} {a!r} is not a pepper of one of P{p}'s gangs", m)
        if hot.key == "rumble" and (m.ability is not None or m.partner is not None):
            return IllegalMove("MAFIA-PROMO-RUMBLE-1", "a Rumble is gang against gang: no pepper ability helps it", m)
        why = self._ability_problem(m, mine)
        if why:
            return IllegalMove(*why, m)
        trouble = m.ability == "Troublemaker"
        most = 2 if hot.key == "whackem" or trouble else 1
        if (not isinstance(ts, tuple) or not 1 <= len(ts) <= most or len(set(ts)) != len(ts)
                or not all(isinstance(t, Card) for t in ts)):
            clause = ("MAFIA-ADV-TROUBLEMAKER-1" if trouble else "MAFIA-HOT-WHACKEM-1" if hot.key == "whackem"
                      else "MAFIA-PROMO-RUMBLE-1" if hot.key == "rumble" else "MAFIA-HOT-2")
            return IllegalMove(clause, f"{hot} names {most if most == 1 else '1 or 2'} distinct target(s)", m)
        where = [(t, g) for t in range(self.n) for g in self.gangs[t] if ts[0] in g]
        if not where or not all(c in where[0][1] for c in ts):
            return IllegalMove("MAFIA-HOT-WHACKEM-1" if len(ts) > 1 else "MAFIA-HOT-3",
                               "the targets are peppers of one gang on the table", m)
        owner, gang = where[0]
        if self.team_of[owner] == self.team_of[p]:
            return IllegalMove("MAFIA-HOT-3", f"a Hot card attacks a rival gang, not one of P{owner}'s", m)
        if hot.key == "rumble":  # MAFIA-PROMO-RUMBLE-1: no pepper-against-pepper check; any pepper names the gang
            return None
        strength = attack_strength(a, m.partner if m.ability == "Sidekick" else None)
        for t in ts:
            why = target_problem(hot.key, strength, t, gang, self.opts, trouble)
            if why:
                return IllegalMove(*why, m)
        if hot.key == "turncoat":
            why = turncoat_problem(ts[0], [g for _, _, g in self._team_gangs(p)], self.hands[p])
            if why:
                return IllegalMove(*why, m)
        return None

    def _ability_problem(self, m, mine) -> tuple[str, str] | None:
        """MAFIA-ADV-2 and the attacker abilities: why the declared ability cannot be used, or None.

        ``mine``: the attacker's gang. The ability belongs to the attacking card (DEC-10), on an icon copy
        in a game that enables it, not silenced by an Outlaw in its gang (MAFIA-ADV-1, MAFIA-GF-OUTLAW-1).
        """
        ability, partner, a = m.ability, m.partner, m.attacker
        if ability is None and partner is None:
            return None
        if ability not in ATTACK_ABILITIES:
            return "MAFIA-ADV-2", f"an attack may use one of the abilities {', '.join(ATTACK_ABILITIES)}, " \
                                  f"not {ability!r}"
        if partner is not None and ability != "Sidekick":
            return "MAFIA-ADV-2", f"one attack may use only 1 pepper ability, not Sidekick and {ability}"
        if ability == "Sidekick":
            if not isinstance(partner, Card):
                return "MAFIA-ADV-SIDEKICK-1", "name the pepper of his gang the Sidekick teams up with"
            return sidekick_problem(a, partner, mine, self.opts)
        why = inactive(a, ability, mine, self.opts)
        if why:
            return why
        if ability == "Troublemaker" and m.card.key != "whack":
            return "MAFIA-ADV-TROUBLEMAKER-1", f"the Troublemaker plays a Whack, not a {m.card}"
        return None

    def _declare(self, m):
        """MAFIA-HOT-2: the card goes face up on the discard pile and counts for the allowance (MAFIA-HOT-6)."""
        self.hands[m.player].remove(m.card)
        self.discard.append(m.card)
        self.hots_played += 1
        self.acted = True
        self.attack = m
        rules = ("MAFIA-HOT-1", "MAFIA-HOT-2", "MAFIA-HOT-3") + ((ABILITY_CLAUSE[m.ability],) if m.ability else ())
        self.event("hot", ("{}", m), rules + (("MAFIA-PROMO-RUMBLE-1",) if m.card.key == "rumble" else ()))
        self.go("HOT_DECLARE")

    # ------------------------------------------------------------ HOT_DECLARE, DEFENSE, NEUTRALIZED

    def _target_owner(self) -> int:
        return self._holding(self.attack.targets[0])[0]

    def _holding(self, card) -> tuple[int, tuple]:
        """(seat, gang) of the gang on the table that holds ``card`` (plain loops: no generator per search)."""
        for s, gangs in enumerate(self.gangs):
            for g in gangs:
                if card in g:
                    return s, g
        raise ValueError(f"{card!r} is in no gang on the table")

    def _open_defence(self, owner=None):
        """MAFIA-HOT-4 (DEC-45): every seat but the attacker is asked once, in the interrupt order (``owner``: the
        targeted gang's, when known already)."""
        a, policy = self.attack.player, self.opts["interrupt_order"]
        rng = self.rng if policy == "seeded_random" else None  # only a draw needs it (a clone's copy is made then)
        owner = self._target_owner() if owner is None else owner
        self.start_pass(defence_order(policy, a, owner, self.n, rng))
        self.go("DEFENSE")
        self._ask_defence()
        return True

    def _ask_defence(self):
        # a template, formatted when read (the random loop never reads it): each seat of the window is asked
        prompt = ("{}. P{}: play Fuggedaboutit, or let it pass", self.attack, self.pass_queue[0])
        # the kernel's ask takes a (template, *args) prompt too (formatted when read); its annotation says str only
        self.ask("choice", (self.pass_queue[0],), prompt)  # type: ignore[arg-type]

    def _defence_moves(self, seat):
        hand = self.hands[seat]
        if _FUGGEDABOUTIT.isdisjoint(hand):  # most seats asked hold none: the one answer, at once
            return [_DECLINE[seat]]
        return [_DECLINE[seat]] + [Neutralize(seat, c) for c in hand if c.key == "fuggedaboutit"]

    def _defence_problem(self, m):
        if isinstance(m, Neutralize):
            return IllegalMove("MAFIA-ACT-FUGG-1", f"{m.card!r} is not a Fuggedaboutit in P{m.player}'s hand", m)
        return IllegalMove("MAFIA-HOT-4", "in the defence window: play Fuggedaboutit, or let it pass", m)

    def _on_defence(self, m):
        if isinstance(m, Neutralize):
            self.hands[m.player].remove(m.card)
            self.discard.append(m.card)
            self.close_pass()
            self.event("neutralize", ("{}: the Hot card is neutralized", m), ("MAFIA-HOT-4", "MAFIA-ACT-FUGG-1"))
            self.go("NEUTRALIZED")
            return
        self.event("decline", ("{}", m), ("MAFIA-HOT-4",))
        if self.pass_answered():
            self.go("DEFENSE")
            self._ask_defence()
        else:
            self._start_guard()

    def _neutralized(self):
        """MAFIA-HOT-4, MAFIA-HOT-6: no effect; the card stays in the discard pile and counted."""
        return self._hp_neutralized()  # Hot Properties (hot_properties.py): the Reconsider window, then back to the turn

    # ------------------------------------------------------------ HOT_RESOLVE (the effect), POST_HOT (triggers)

    def _take_from_gang(self, card):
        """Remove ``card`` from the gang holding it; an emptied gang ceases to exist (MAFIA-GANG-3). Its owner."""
        s = self._holding(card)[0]
        self._remove_from(s, card)
        return s

    def _remove_from(self, s, card):
        """Remove ``card`` from the gang of seat ``s`` holding it; an emptied gang ceases to exist (MAFIA-GANG-3)."""
        self.gangs[s] = tuple(g2 for g2 in (tuple(c for c in g if c is not card) for g in self.gangs[s]) if g2)

    def _lose(self, card):
        """A Hot card takes ``card`` out of its gang; an active Lord's owner is owed a card (MAFIA-GF-LORD-1)."""
        owner, gang = self._holding(card)
        self._remove_from(owner, card)
        if lord_draws(card, gang, True, self.opts):
            self.lords += (owner,)

    def _resolve_hot(self):
        """MAFIA-HOT-5 (2): the card's effect on ``hit`` (the targets, or the Bodyguards that died in their
        place); a Turncoat asks for the placement (MAFIA-HOT-TURNCOAT-1), a winning Rumble for its victim."""
        m = self.attack
        key = m.card.key
        if key == "rumble":
            return self._resolve_rumble()
        for t in self.hit:
            self._lose(t)
        if key in WHACKS:
            self.discard += self.hit
            self.event("whack", ("{} discarded", " and ".join(map(str, self.hit))),
                       ("MAFIA-HOT-WHACK-1",) if key == "whack" else ("MAFIA-HOT-WHACKEM-1",))
        elif key == "pinch":
            self._pinch(self.hit[0])
        else:
            self.taken = self.hit[0]
            self.ask("choice", (m.player,), f"P{m.player}: place {self.taken} in one of your gangs or a new one")
            return True
        self.go("POST_HOT")
        return False

    def _rumble_gangs(self):
        """The attacking gang and the target gang of the Rumble being resolved."""
        m = self.attack
        gangs = [g for s in range(self.n) for g in self.gangs[s]]
        return next(g for g in gangs if m.attacker in g), next(g for g in gangs if m.targets[0] in g)

    def _resolve_rumble(self):
        """MAFIA-PROMO-RUMBLE-2 (DEC-15): raw sums compared at resolution; a win asks the attacker which
        non-Sweet pepper of the target gang is discarded, a loss spends the card for nothing."""
        mine, theirs = self._rumble_gangs()
        a, b = sum(c.power for c in mine), sum(c.power for c in theirs)
        if rumble_wins(mine, theirs) and rumble_choices(theirs):
            p = self.attack.player
            self.event("rumble", ("The Rumble: {} against {}; P{} chooses a pepper of the target gang to discard",
                                  a, b, p), ("MAFIA-PROMO-RUMBLE-2",))
            self.ask("choice", (p,), f"P{p}: the Rumble wins ({a} against {b}); choose 1 pepper (not a Sweet "
                     "Chili) of the target gang to discard")
            return True
        why = "nothing but a Sweet Chili to discard" if a >= b else "the attacking gang is weaker"
        self.event("rumble", ("The Rumble: {} against {}; {}, nothing happens", a, b, why), ("MAFIA-PROMO-RUMBLE-2",))
        self.go("POST_HOT")
        return False

    def _pinch(self, t):
        """MAFIA-HOT-PINCH-1..3 (DEC-3, DEC-18): into the middle of the deck; its bottom after the Dawn Raid;
        the discard pile when the deck is empty (the final round)."""
        if not self.draw:
            self.discard.append(t)
            self.event("pinch", ("{} is Pinched onto the discard pile (the draw deck is empty)", t),
                       ("MAFIA-HOT-PINCH-3",))
        elif self.dawn_raid_drawn:
            self.draw.append(t)
            self.event("pinch", ("{} is Pinched to the bottom of the draw deck", t), ("MAFIA-HOT-PINCH-2",))
        else:
            self.draw.insert(pinch_index(len(self.draw), self.rng, self.opts["pinch_insert"]), t)
            self.event("pinch", ("{} is Pinched into the middle of the draw deck", t), ("MAFIA-HOT-PINCH-1",))

    def _resolve_moves(self, seat):
        """HOT_RESOLVE: the Turncoat's placements, or the peppers a winning Rumble may discard (alike once)."""
        if self.taken is not None:
            return [Place(seat, g, c, o) for g, c, o in self._placements(seat, self.taken)]
        return [Discard(seat, c) for c in alike_once(rumble_choices(self._rumble_gangs()[1]))]

    def _resolve_problem(self, m):
        """None when ``m`` places the turncoat validly or names a pepper a winning Rumble may discard."""
        if self.taken is not None:
            if not isinstance(m, Place):
                return IllegalMove("MAFIA-HOT-TURNCOAT-1", f"place {self.taken} first", m)
            why = self._placing_problem(m.player, self.taken, m.gang, m.cards, m.owner)
            return None if why is None else IllegalMove("MAFIA-HOT-TURNCOAT-1", why, m)
        theirs = self._rumble_gangs()[1]
        if not isinstance(m, Discard) or m.card not in theirs:
            return IllegalMove("MAFIA-PROMO-RUMBLE-2", "the Rumble won: choose 1 pepper of the target gang "
                               f"({', '.join(map(str, theirs))}) to discard", m)
        if m.card.sweet:
            return IllegalMove("MAFIA-SWEET-2", "a Rumble may never discard a Sweet Chili: choose another pepper", m)
        return None

    def _on_resolve(self, m):
        if isinstance(m, Discard):  # MAFIA-PROMO-RUMBLE-2: the attacker's choice
            self._lose(m.card)
            self.discard.append(m.card)
            self.event("rumble", ("P{} discards {} from the beaten gang", m.player, m.card), ("MAFIA-PROMO-RUMBLE-2",))
        else:
            self._place(m.player, self.taken, m.gang, m.cards, m.owner)
            team = ("MAFIA-TEAM-5",) if m.owner not in (None, m.player) else ()
            self.event("turncoat", ("{}", m), ("MAFIA-HOT-TURNCOAT-1",) + team)
            self._hp_placed(m.player, m.gang is None, m.cards, self.taken)  # Hot Properties (hot_properties.py)
            self.taken = None
        self.go("POST_HOT")

    # the placement of a pepper taken from a rival (a Turncoat's, a Witch's: MAFIA-HOT-TURNCOAT-1, GF-WITCH-1)

    def _placements(self, seat, pepper, spare=None):
        """(gang, cards, owner) of every placement of ``pepper``: each gang of ``seat``'s side it joins validly
        (MAFIA-TEAM-5), each new gang with 2+ hand peppers (``spare`` is left out of the hand: a Witch)."""
        out = [(i, (), None if t == seat else t) for t, i, g in self._team_gangs(seat) if valid([*g, pepper])]
        peppers = sorted(c for c in self.hands[seat] if c.pepper and c is not spare)
        for k in range(2, len(peppers) + 1):
            out += [(None, combo, None) for combo in combinations(peppers, k) if valid((pepper, *combo))]
        return out

    def _placing_problem(self, player, pepper, gang, cards, owner, spare=None) -> str | None:
        """Why placing ``pepper`` so is not allowed (hand cards in any order), or None."""
        if gang is None:
            hand = self.hands[player]
            ok = (isinstance(cards, tuple) and len(cards) >= 2 and len(set(cards)) == len(cards)
                  and all(c in hand and c is not spare and isinstance(c, Card) and c.pepper for c in cards)
                  and owner is None)
            if ok and valid((pepper, *cards)):
                return None
            return f"a new gang takes {pepper} and 2 or more other peppers from your hand, and must be valid"
        who = player if owner is None else owner
        side = {(t, i): g for t, i, g in self._team_gangs(player)}
        if cards == () and (who, gang) in side and valid([*side[who, gang], pepper]):
            return None
        return f"{pepper} does not join that gang validly (it goes into a gang of yours or a teammate's)"

    def _place(self, player, pepper, gang, cards, owner):
        """Put ``pepper`` where :meth:`_placing_problem` allows it."""
        if gang is None:
            for c in cards:
                self.hands[player].remove(c)
            self.gangs[player] = self.gangs[player] + ((pepper, *cards),)
        else:
            who = player if owner is None else owner
            gangs = list(self.gangs[who])
            gangs[gang] = gangs[gang] + (pepper,)
            self.gangs[who] = tuple(gangs)

    def _after_hot(self):
        """MAFIA-HOT-5 step 3, the triggers in order (DEC-8), then step 4.

        (a) Lord draws (MAFIA-GF-LORD-1, DEC-44): one card per lost Lord, to its owner, unless the deck is
        empty or it is the final round; each draw comes back here. (b) The Kiss of Death, Bribe and Recruit
        windows go here (Hot Properties, not built). (c) The attacker's turn goes on.
        """
        while self.lords:
            seat, self.lords = self.lords[0], self.lords[1:]
            if self.draw and self.final_left is None:
                self.event("lord", ("P{}'s Lord was lost to a Hot card: P{} draws 1 card", seat, seat),
                           ("MAFIA-GF-LORD-1",))
                return self._draw_then(seat, 1, "MAFIA-GF-LORD-1", "POST_HOT")
            self.event("lord", ("P{}'s Lord was lost, but nobody draws now (empty deck, final round)", seat),
                       ("MAFIA-GF-LORD-1", "MAFIA-END-2"))
        return self._hp_after_hot()  # Hot Properties (hot_properties.py): Kiss, Bribe, Recruit windows, then back to the turn

    def _back_to_turn(self):
        """The attack is over: the attacker's turn goes on."""
        self.attack = None
        self.hit = ()
        self.go("TURN_MAIN")
        self.ask("turn", (self.current,), f"P{self.current}'s turn")
        return True
