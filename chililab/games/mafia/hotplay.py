"""Hot cards in play (mafia.md sections 2.4, 2.5, 3.1 I2, 3.2): declaration, defence window, resolution.

TURN_MAIN offers :class:`~.moves.PlayHot` within the allowance (MAFIA-HOT-1); the
declaration is checked at once and a refused one spends nothing (MAFIA-HOT-2/3,
DEC-9). HOT_DECLARE puts the card on the discard pile and opens the defence
window: an ordered pass (the kernel's ``OrderedPass``) asking every seat but the
attacker once, in the ``interrupt_order`` (MAFIA-HOT-4, DEC-45). Every such seat is
asked with the same prompt, whether it holds a Fuggedaboutit or not, so being asked
tells nobody anything. The first :class:`~.moves.Neutralize` closes the window
(MAFIA-ACT-FUGG-1); the card stays spent (MAFIA-HOT-6). Otherwise HOT_RESOLVE applies
the base cards' effects (Pinch, Whack, Whack 'Em, Turncoat with a placement chosen
then, MAFIA-HOT-TURNCOAT-1/2) and POST_HOT returns to the attacker's turn.
Not built: abilities in attacks (Sidekick, Troublemaker, Sniper, Bodyguard, Lord),
"Easy, Pal!", Lifeline, Reconsider, Kiss of Death, Bribe, Recruit, Rumble (``NOTES.md``).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from chililab.engine import IllegalMove

from .abilities import target_problem
from .base import MafiaBase
from .cards import Card
from .gangs import turncoat_problem, valid
from .hot import allowance, pinch_index
from .moves import Decline, Neutralize, Place, PlayHot

HOT_KEYS = ("pinch", "whack", "whackem", "turncoat")  # the base Hot cards built so far (Rumble is not)
ANY_STRENGTH = 10**6  # an attack strength above every pepper's: target checks without MAFIA-HOT-3's comparison


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


def _distinct(cards) -> list[Card]:
    """The first card of each (type, icon) among ``cards``, in id order: copies alike are one choice."""
    first: dict = {}
    for c in sorted(cards):
        first.setdefault((c.key, c.icon), c)
    return list(first.values())


@lru_cache(maxsize=2048)
def _gang_choices(gang: tuple) -> tuple[tuple, tuple]:
    """A gang's distinct peppers (:func:`_distinct`), and its distinct pairs (a Whack 'Em's targets, one pair per
    two types), in id order. Pure, and kept: gangs stay on the table from one decision to the next."""
    pairs: dict = {}
    for a, b in combinations(sorted(gang), 2):
        pairs.setdefault(frozenset(((a.key, a.icon), (b.key, b.icon))), (a, b))
    return tuple(_distinct(gang)), tuple(pairs.values())


class HotRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-HOT-1..6, HOT-PINCH-1..3, HOT-WHACK-1, HOT-WHACKEM-1, HOT-TURNCOAT-1/2,
    ACT-FUGG-1/2 (Fuggedaboutit in the defence window)."""

    # ------------------------------------------------------------ TURN_MAIN: the declaration

    def _team_gangs(self, seat):
        """(seat, index, gang) of every gang of ``seat``'s side (MAFIA-TEAM-3: where a turncoat may go)."""
        return [(t, i, g) for t in range(self.n) if self.team_of[t] == self.team_of[seat]
                for i, g in enumerate(self.gangs[t])]

    def _hot_moves(self, seat):
        """Every valid declaration, each choice once: copies alike (same type and icon) in one gang, or of a Hot
        card in hand, are the same choice, so the first is listed (``check`` accepts any copy).

        Built to pass :meth:`_declaration_problem` by construction (hand, allowance, own attacker, one rival
        gang); only the target checks are made per candidate.
        """
        hots = _distinct(c for c in self.hands[seat] if c.kind == "hot" and c.key in HOT_KEYS)
        if not hots or self.hots_played >= allowance(self.gangs[seat], self.n == 2):
            return []
        attackers = [(a, a.power) for g in self.gangs[seat] for a in _gang_choices(g)[0]]
        side = [g for _, _, g in self._team_gangs(seat)]
        team, opts = self.team_of[seat], self.opts
        rivals = [(g, [(c,) for c in _gang_choices(g)[0]]) for t in range(self.n) if self.team_of[t] != team
                  for g in self.gangs[t]]  # each rival gang with its distinct single targets
        out = []
        for hot in hots:
            key = hot.key
            for gang, singles in rivals:
                sets = singles
                if key == "whackem":
                    sets = singles + list(_gang_choices(gang)[1])
                elif key == "turncoat":
                    sets = [ts for ts in sets if turncoat_problem(ts[0], side, self.hands[seat]) is None]
                # a target's checks other than MAFIA-HOT-3's strength do not depend on the attacker
                good = {t for t in gang if target_problem(key, ANY_STRENGTH, t, gang, opts) is None}
                for ts in sets:
                    if len(ts) == 1:
                        if ts[0] not in good:
                            continue
                        power = ts[0].power
                    elif ts[0] in good and ts[1] in good:
                        power = max(ts[0].power, ts[1].power)
                    else:
                        continue
                    out += [PlayHot(seat, hot, a, ts) for a, ap in attackers if ap >= power]
        return out

    def _declaration_problem(self, m):
        """Why the declaration ``m`` is refused (MAFIA-HOT-1/2/3, card caps), or None."""
        p, hot, a, ts = m.player, m.card, m.attacker, m.targets
        if not isinstance(hot, Card) or hot not in self.hands[p] or hot.kind != "hot":
            return IllegalMove("MAFIA-HOT-2", f"{hot!r} is not a Hot card in P{p}'s hand", m)
        if hot.key not in HOT_KEYS:
            return IllegalMove("MAFIA-PROMO-RUMBLE-2", f"{hot} cannot be played yet (not built)", m)
        cap = allowance(self.gangs[p], self.n == 2)
        if self.hots_played >= cap:
            two = " (2 players: 1 Hot card per turn at most)" if self.n == 2 else ""
            return IllegalMove("MAFIA-HOT-1", f"P{p} may play {cap} Hot card(s) this turn (1 per complete gang in "
                               f"front of them){two} and has played {self.hots_played}", m)
        if not isinstance(a, Card) or not any(a in g for g in self.gangs[p]):
            return IllegalMove("MAFIA-HOT-2", f"the attacker {a!r} is not a pepper of one of P{p}'s gangs", m)
        most = 2 if hot.key == "whackem" else 1
        if (not isinstance(ts, tuple) or not 1 <= len(ts) <= most or len(set(ts)) != len(ts)
                or not all(isinstance(t, Card) for t in ts)):
            clause = "MAFIA-HOT-WHACKEM-1" if hot.key == "whackem" else "MAFIA-HOT-2"
            return IllegalMove(clause, f"{hot} names {most if most == 1 else '1 or 2'} distinct target(s)", m)
        where = [(t, g) for t in range(self.n) for g in self.gangs[t] if ts[0] in g]
        if not where or not all(c in where[0][1] for c in ts):
            return IllegalMove("MAFIA-HOT-WHACKEM-1" if len(ts) > 1 else "MAFIA-HOT-3",
                               "the targets are peppers of one gang on the table", m)
        owner, gang = where[0]
        if self.team_of[owner] == self.team_of[p]:
            return IllegalMove("MAFIA-HOT-3", f"a Hot card attacks a rival gang, not one of P{owner}'s", m)
        for t in ts:
            why = target_problem(hot.key, a.power, t, gang, self.opts)
            if why:
                return IllegalMove(*why, m)
        if hot.key == "turncoat":
            why = turncoat_problem(ts[0], [g for _, _, g in self._team_gangs(p)], self.hands[p])
            if why:
                return IllegalMove(*why, m)
        return None

    def _declare(self, m):
        """MAFIA-HOT-2: the card goes face up on the discard pile and counts for the allowance (MAFIA-HOT-6)."""
        self.hands[m.player].remove(m.card)
        self.discard.append(m.card)
        self.hots_played += 1
        self.acted = True
        self.attack = m
        self.event("hot", ("{}", m), ("MAFIA-HOT-1", "MAFIA-HOT-2", "MAFIA-HOT-3"))
        self.go("HOT_DECLARE")

    # ------------------------------------------------------------ HOT_DECLARE, DEFENSE, NEUTRALIZED

    def _target_owner(self) -> int:
        t = self.attack.targets[0]
        return next(s for s in range(self.n) for g in self.gangs[s] if t in g)

    def _open_defence(self):
        """MAFIA-HOT-4 (DEC-45): every seat but the attacker is asked once, in the interrupt order."""
        a = self.attack.player
        self.start_pass(defence_order(self.opts["interrupt_order"], a, self._target_owner(), self.n, self.rng))
        self.go("DEFENSE")
        self._ask_defence()
        return True

    def _ask_defence(self):
        m = self.attack
        self.ask("choice", (self.pass_seat,), f"{m}. P{self.pass_seat}: play Fuggedaboutit, or let it pass")

    def _defence_moves(self, seat):
        return [Decline(seat)] + [Neutralize(seat, c) for c in self.hands[seat] if c.key == "fuggedaboutit"]

    def _defence_problem(self, m):
        if isinstance(m, Neutralize):
            return IllegalMove("MAFIA-ACT-FUGG-1", f"{m.card!r} is not a Fuggedaboutit in P{m.player}'s hand", m)
        return IllegalMove("MAFIA-HOT-4", "in the defence window: play Fuggedaboutit, or let it pass", m)

    def _on_defence(self, m):
        if isinstance(m, Neutralize):
            self.hands[m.player].remove(m.card)
            self.discard.append(m.card)
            self.start_pass(())
            self.event("neutralize", ("{}: the Hot card is neutralized", m), ("MAFIA-HOT-4", "MAFIA-ACT-FUGG-1"))
            self.go("NEUTRALIZED")
            return
        self.event("decline", ("{}", m), ("MAFIA-HOT-4",))
        if self.pass_answered():
            self.go("DEFENSE")
            self._ask_defence()
        else:
            self.go("HOT_RESOLVE")

    def _neutralized(self):
        """MAFIA-HOT-4, MAFIA-HOT-6: no effect; the card stays in the discard pile and counted. (No Reconsider yet.)"""
        return self._back_to_turn()

    # ------------------------------------------------------------ HOT_RESOLVE, POST_HOT

    def _take_from_gang(self, card):
        """Remove ``card`` from the gang holding it; an emptied gang ceases to exist (MAFIA-GANG-3). Its owner."""
        s = next(s for s in range(self.n) for g in self.gangs[s] if card in g)
        self.gangs[s] = tuple(g2 for g2 in (tuple(c for c in g if c is not card) for g in self.gangs[s]) if g2)
        return s

    def _resolve_hot(self):
        """MAFIA-HOT-5 (2): the card's effect; a Turncoat asks for the placement (MAFIA-HOT-TURNCOAT-1)."""
        m = self.attack
        key = m.card.key
        for t in m.targets:
            self._take_from_gang(t)
        if key in ("whack", "whackem"):
            self.discard += m.targets
            self.event("whack", ("{} discarded", " and ".join(map(str, m.targets))),
                       ("MAFIA-HOT-WHACK-1",) if key == "whack" else ("MAFIA-HOT-WHACKEM-1",))
        elif key == "pinch":
            self._pinch(m.targets[0])
        else:
            self.taken = m.targets[0]
            self.ask("choice", (m.player,), f"P{m.player}: place {self.taken} in one of your gangs or a new one")
            return True
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

    def _placement_moves(self, seat):
        """MAFIA-HOT-TURNCOAT-1: every gang of the side the turncoat joins validly, every new gang with 2+ hand peppers."""
        out = [Place(seat, i, (), None if t == seat else t) for t, i, g in self._team_gangs(seat)
               if valid([*g, self.taken])]
        peppers = sorted(c for c in self.hands[seat] if c.pepper)
        for k in range(2, len(peppers) + 1):
            out += [Place(seat, None, combo) for combo in combinations(peppers, k) if valid((self.taken, *combo))]
        return out

    def _placement_problem(self, m):
        """None when ``m`` places the turncoat validly (hand cards in any order), else why not."""
        if not isinstance(m, Place):
            return IllegalMove("MAFIA-HOT-TURNCOAT-1", f"place {self.taken} first", m)
        if m.gang is None:
            hand = self.hands[m.player]
            ok = (isinstance(m.cards, tuple) and len(m.cards) >= 2 and len(set(m.cards)) == len(m.cards)
                  and all(c in hand and c.pepper for c in m.cards) and m.owner is None)
            if ok and valid((self.taken, *m.cards)):
                return None
            return IllegalMove("MAFIA-HOT-TURNCOAT-1", "a new gang takes the turncoat and 2 or more peppers from "
                               "your hand, and must be valid", m)
        owner = m.player if m.owner is None else m.owner
        side = {(t, i): g for t, i, g in self._team_gangs(m.player)}
        where = (owner, m.gang)
        if m.cards == () and where in side and valid([*side[where], self.taken]):
            return None
        return IllegalMove("MAFIA-HOT-TURNCOAT-1", f"{self.taken} does not join that gang validly", m)

    def _on_place(self, m):
        p = m.player
        if m.gang is None:
            for c in m.cards:
                self.hands[p].remove(c)
            self.gangs[p] = self.gangs[p] + ((self.taken, *m.cards),)
        else:
            owner = p if m.owner is None else m.owner
            gangs = list(self.gangs[owner])
            gangs[m.gang] = gangs[m.gang] + (self.taken,)
            self.gangs[owner] = tuple(gangs)
        self.event("turncoat", ("{}", m), ("MAFIA-HOT-TURNCOAT-1",))
        self.taken = None
        self.go("POST_HOT")

    def _after_hot(self):
        """MAFIA-HOT-5 (4): control returns to the attacker's turn (the triggers of step 3 are not built)."""
        return self._back_to_turn()

    def _back_to_turn(self):
        """The attack is over: the attacker's turn goes on."""
        self.attack = None
        self.go("TURN_MAIN")
        self.ask("turn", (self.current,), f"P{self.current}'s turn")
        return True
