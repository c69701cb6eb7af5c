"""Chili Loco rules: the state and everything that changes it.

Clause IDs refer to ``shared/rules/loco.md``. The state stops only at
decisions (phases marked with a decision in ``flow.py``); every other phase
is run through at once. Legality has one source: ``check`` (used by
``legal_moves`` to filter candidates and by ``Game.apply`` before applying).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from chililab.engine import Decision, IllegalMove, Result, RulesBase, reaction_from_spec

from .cards import COLOURS, PERSONAL_RECIPE, TWIN, Card
from .flow import FLOW
from .house import house_rule
from .moves import (Accept, AskHelp, Call, ChooseColour, ChooseTarget, Draw, Jump, Lay, Leave, Offer, Pass,
                    Shout, StallPass, Touch, Vote)
from .view import LocoView, PublicPending

_tnew = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)
_EDGE_LIST = FLOW.edges  # compatibility alias: read Game.edge_counts instead
HAND_SIZE = 6


@dataclass(frozen=True)
class Pending:
    """An effect aimed at the next player that has not hit them yet (loco.md section 0)."""

    kind: str  # hot_sauce | heat_stroke | reaper | pr_wild_or_draw3
    draw: int
    skip: bool
    target: int


@dataclass(frozen=True)
class LocoResult(Result):
    """LOCO-WIN-6: one winner, no scores. ``winning_card``: LOCO-SIGN-1."""

    winning_cards: tuple[int, ...] = ()
    winning_card: int = -1

    @property
    def turn(self) -> int:
        return self.turns

    def __str__(self):
        return f"P{self.winner} wins ({self.how} their last card)"


def _loco_result(winner, cards, card, how, turn):
    return LocoResult((winner,), None, how, turn, tuple(cards), card)


PENDING_RULE = {"hot_sauce": "LOCO-CARD-HOTSAUCE-3", "reaper": "LOCO-CARD-REAPER-2",
                "heat_stroke": "LOCO-CARD-HEATSTROKE-1", "pr_wild_or_draw3": "LOCO-HOUSE-6"}
PENDING_TEXT = {"hot_sauce": "Hot Sauce", "reaper": "Reaper", "heat_stroke": "Heat Stroke",
                "pr_wild_or_draw3": "Personal Recipe (wild or draw 3)"}


def _p(s):
    return f"P{s}"


def _cards_text(cards):
    return ", ".join(str(c) for c in cards) if cards else "nothing"


def _tables():
    """Moves are values: build each possible move once per seat and reuse it (speed)."""
    from .cards import ALL_CARDS

    seats = range(10)
    lay1 = [tuple(Lay(p, (c,)) for c in ALL_CARDS) for p in seats]
    lay2 = [tuple(Lay(p, (c, TWIN[c.id])) if TWIN[c.id] is not None else None for c in ALL_CARDS) for p in seats]
    jump = [tuple(Jump(p, (c,)) for c in ALL_CARDS) for p in seats]
    offer = [tuple(Offer(p, c) for c in ALL_CARDS) for p in seats]
    return (lay1, lay2, jump, offer, [Draw(p) for p in seats], [AskHelp(p) for p in seats],
            [Accept(p) for p in seats], [StallPass(p) for p in seats], [Pass(p) for p in seats],
            [Shout(p) for p in seats], [Touch(p) for p in seats], [Leave(p) for p in seats],
            [tuple(Call(p, t) for t in seats) for p in seats], [tuple(Vote(p, t) for t in seats) for p in seats],
            [tuple(ChooseTarget(p, t) for t in seats) for p in seats],
            [tuple(ChooseColour(p, c) for c in COLOURS) for p in seats])


(_LAY1, _LAY2, _JUMP, _OFFER, _DRAW, _ASK, _ACCEPT, _STALL, _PASS, _SHOUT, _TOUCH, _LEAVE, _CALL, _VOTE, _TARGET,
 _COLOUR) = _tables()


class LocoState(RulesBase):
    """The whole position of a Chili Loco game, and its rules."""

    flow = FLOW
    #: every field of the position besides the kernel's (see chililab.engine.fields): clone() and key() follow
    FIELDS = {
        "opts": "const", "house": "const",
        "hands": "lists", "draw": "list", "pile": "list", "box": "list",
        "colour": "value", "dir": "value", "dealer": "value", "current": "value", "pending": "value",
        "top_layer": "value", "turn_no": "value", "obligations": "dict", "counts": "list",
        "cp": "value", "loco_cp": "value", "resume": "value",
        "help_count": "value", "help_return": "value", "offers": "list", "offer_i": "value",
        "jumper": "value", "layer": "value", "laid": "value", "starter": "value",
        "advance_from": "value", "advance_self": "value", "accent": "value",
    }
    AUTOMATIC = {"CHECKPOINT": "_at_checkpoint", "ADVANCE": "_advance", "TURN_BEGIN": "_turn_begin"}
    WINDOWS = {"TURN_MAIN": "_resolve_turn_main", "HELP_ACCEPT": "_resolve_touch",
               "CHECKPOINT": "_resolve_loco", "SLAP_RACE": "_resolve_vote"}
    ACTIONS = {"RESPONSE": "_do_response", "HELP_OFFERS": "_do_offer", "COLOUR": "_do_colour",
               "TARGET": "_do_target"}

    # ------------------------------------------------------------ building

    @classmethod
    def new(cls, options: dict, seed: int, setup: dict | None):
        s = cls.__new__(cls)
        s.opts = options
        n = options["players"]
        s.init_kernel(n, random.Random(seed), reaction_from_spec(options["reaction_model"]))
        pr = options["personal_recipes"]
        s.house = {} if pr == "off" else {112: house_rule(pr[0]), 113: house_rule(pr[1])}
        s.hands = [[] for _ in range(n)]
        s.draw = []  # top = end of list
        s.pile = []  # top = end of list
        s.box = []  # cards out of play (scenarios only)
        s.colour = None
        s.dir = 1
        s.dealer = 0
        s.current = 0
        s.pending = None
        s.top_layer = None
        s.turn_no = 0
        s.obligations = {}
        s.counts = [0] * n
        s.cp = 0
        s.loco_cp = -1
        s.resume = "ADVANCE"
        s.help_count = 0
        s.help_return = "TURN_MAIN"
        s.offers = []
        s.offer_i = 0
        s.jumper = None
        s.layer = 0
        s.laid = ()
        s.starter = False
        s.advance_from = 0
        s.advance_self = False
        s.accent = False
        if setup and "hands" in setup:
            s._setup_scenario(setup)
        else:
            s._setup_deal(setup)
        s.run()
        ev, s.events = s.events, []
        return s, ev

    def _setup_deal(self, setup):
        n = self.n
        from .cards import deck as make_deck

        order = [c for c in make_deck(self.opts["personal_recipes"] != "off")]
        d = self.opts["dealer"]
        self.dealer = self.rng.randrange(n) if d is None else d
        if setup and "deck" in setup:
            order = [_card(i) for i in setup["deck"]]
        else:
            self.rng.shuffle(order)
        # LOCO-SETUP-2: one card at a time from the dealer's left, clockwise
        it = iter(order)
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(next(it))
        self.draw = list(it)[::-1]
        self.counts = [len(h) for h in self.hands]
        self.event("deal", f"P{self.dealer} deals {HAND_SIZE} cards to each of {n} players; "
                    f"{len(self.draw)} cards form the draw pile", ("LOCO-SETUP-2", "LOCO-SETUP-3"))
        self.go("STARTER")
        starter = self.draw.pop()
        self.pile.append(starter)
        self.starter = True
        self.event("starter", f"The starter card is {starter}; it counts as P{self.dealer}'s play",
                     ("LOCO-SETUP-3", "LOCO-SETUP-4"))
        self.layer, self.laid, self.top_layer, self.advance_from = self.dealer, (starter,), self.dealer, self.dealer
        self._effect(starter_phase=True)

    def _setup_scenario(self, sp):
        """An explicit position (loco.md section 0, Tests): hands, piles, turn, pending, obligations."""
        from .cards import CardPicker, deck as make_deck

        n = self.n
        pick = CardPicker(make_deck(self.opts["personal_recipes"] != "off"))
        self.hands = [[pick.take(c) for c in h] for h in sp["hands"]]
        self.draw = [pick.take(c) for c in sp.get("draw", [])][::-1]
        self.pile = [pick.take(c) for c in sp["pile"]]
        self.box = list(pick.free)
        self.dir = sp.get("dir", 1)
        self.dealer = sp.get("dealer", 0)
        self.current = sp["current"]
        top = self.pile[-1]
        self.colour = sp.get("colour") or top.colour
        self.top_layer = sp.get("top_layer", (self.current - self.dir) % n)
        pend = sp.get("pending")
        if pend:
            self.pending = Pending(pend["kind"], pend.get("draw", 0), pend.get("skip", False), self.current)
        self.turn_no = 0
        self.counts = [len(h) for h in self.hands]
        for seat in sp.get("obligations", []):
            self.obligations[seat] = 0
        self.accent = bool(sp.get("accent", False))
        self.event("scenario", f"Scenario: P{self.current} is on turn; top card {top}", ())
        self.phase = "ADVANCE"
        self.advance_from = (self.current - self.dir) % n
        self.advance_self = False

    # ------------------------------------------------------------ small helpers

    def next_seat(self, s):
        return (s + self.dir) % self.n

    @property
    def top(self) -> Card:
        return self.pile[-1]

    def can_draw(self) -> bool:
        return bool(self.draw) or len(self.pile) > 1

    def held(self, s) -> int:
        """Cards a seat holds, counting a card it has slid face down and not yet had back or taken."""
        c = len(self.hands[s])
        if self.offers:
            c += sum(1 for g, _ in self.offers if g == s)
        return c

    def _sync(self, seats, force=False):
        """LOCO obligations follow hand sizes (LOCO-SHOUT-1, -2, -5, -6)."""
        offers = self.offers
        for s in seats:
            c = len(self.hands[s])
            if offers:  # held(s), inlined
                c += sum(1 for g, _ in offers if g == s)
            old = self.counts[s]
            if c == old and not force:
                continue
            if c != old and s in self.obligations:
                del self.obligations[s]
                self.event("loco_closed", f"P{s}'s hand size changed: the LOCO! window on P{s} closes",
                            ("LOCO-SHOUT-2",))
            self.counts[s] = c
            if c == 1:
                self.obligations[s] = self.turn_no
                self.event("loco_open", f"P{s} is down to one card: P{s} must shout LOCO!",
                            ("LOCO-SHOUT-5",) if force else ("LOCO-SHOUT-1",))

    def _reshuffle(self) -> bool:
        """LOCO-DRAW-1: the play pile under its top card becomes the new draw pile."""
        if len(self.pile) <= 1:
            return False
        top = self.pile.pop()
        rest = self.pile
        self.rng.shuffle(rest)
        self.draw = rest
        self.pile = [top]
        self.event("reshuffle", f"The draw pile is empty: {len(rest)} cards under the top card are shuffled "
                    "into a new draw pile", ("LOCO-DRAW-1",))
        return True

    def _draw(self, s, k, rules, why="draws"):
        got = []
        for _ in range(k):
            if not self.draw and not self._reshuffle():
                break
            got.append(self.draw.pop())
        self.hands[s].extend(got)
        short = k - len(got)
        extra = f" ({short} forgiven: no cards left to draw)" if short else ""
        rules = rules + ("LOCO-DRAW-2",) if short else rules
        word = "card" if len(got) == 1 else "cards"
        self.event("draw", f"P{s} {why} {len(got)} {word}: {_cards_text(got)}{extra}", rules,
                    frozenset((s,)), f"P{s} {why} {len(got)} {word}{extra}", {"seat": s, "cards": [c.id for c in got]})
        self._sync((s,))
        return got

    def _tie_event(self, tied, what, pick):
        """LOCO-TIE-1: equal latencies are settled by a seeded uniform choice."""
        self.event("tie", f"{', '.join(_p(t) for t in tied)} were exactly level in {what}; "
                   f"the {self.opts['tie_method'].replace('_', ' ')} picks P{pick}", ("LOCO-TIE-1",))

    # ------------------------------------------------------------ the run loop

    def _at_checkpoint(self):
        """CHECKPOINT: open LOCO! obligations are asked about once, then play resumes."""
        if self.obligations and self.loco_cp != self.cp:
            self._ask_loco()
            return True
        dst = self.resume
        self.go(dst)
        if dst == "TURN_MAIN":
            self._enter_turn_main()
            return True
        if dst == "RESPONSE":
            self.answers = {}
            self.ask("turn", (self.current,), self._response_prompt())
            return True
        return False

    def _turn_begin(self):
        """TURN_BEGIN: a new turn (LOCO-TURN-1); a pending effect aimed at the player is answered first."""
        self.turn_no += 1
        self.help_count = 0
        self.event("turn", f"P{self.current}'s turn begins", ("LOCO-TURN-1",))
        p = self.pending
        self._checkpoint("RESPONSE" if p is not None and p.target == self.current else "TURN_MAIN")
        return False

    def _checkpoint(self, resume):
        self.go("CHECKPOINT")
        self.cp += 1
        self.resume = resume

    def _advance(self):
        """ADVANCE: the turn ends (LOCO windows may expire), the next player is found (LOCO-TURN-7)."""
        for s, opened in list(self.obligations.items()):
            if opened + 1 <= self.turn_no:
                del self.obligations[s]
                self.event("loco_expired", f"Nobody called LOCO on P{s} in time: P{s} is safe", ("LOCO-SHOUT-2",))
        if self.advance_self:
            nxt = self.advance_from
            self.advance_self = False
        else:
            nxt = self.next_seat(self.advance_from)
        self.current = nxt
        self.go("TURN_BEGIN")
        return False

    def _response_prompt(self):
        p = self.pending
        return (f"P{self.current} faces {PENDING_TEXT[p.kind]}"
                + (f" (draw {p.draw})" if p.draw else "") + (" and loses the turn" if p.skip else "")
                + ": answer it, ask for help or accept")

    def _enter_turn_main(self):
        self.answers = {}
        top = self.pile[-1]
        self.jumper = jumper = None if TWIN[top.id] is None else self._jump_holder()
        cur = self.current
        match = f"{self.colour}" if top.wild else f"{self.colour} or {top.name}"
        prompt = f"P{cur}'s turn: lay a card matching {match}, draw, or ask for help"
        if jumper is None:
            self.decision = _tnew(Decision, ("turn", (cur,), "TURN_MAIN", prompt, None))
        else:  # I1: the holder is polled in secret, at the same time as the on-turn player
            self.decision = _tnew(Decision, ("turn", (jumper, cur), "TURN_MAIN", prompt, (cur,)))

    def _jump_holder(self):
        """The one player who holds the card identical to the cream top card (LOCO-TWIN-4, -6, -8)."""
        twin = TWIN[self.top.id]
        if twin is None:
            return None
        for s in range(self.n):
            if s != self.current and twin in self.hands[s]:
                if s == self.top_layer and not self.opts["allow_self_jump_in"]:
                    return None
                return s
        return None

    # ------------------------------------------------------------ legality

    def _lay_ok(self, s, c, hand):
        """May seat s lay card c on its own turn? (LOCO-MATCH-1..4, LOCO-CARD-MILK-2, -5)"""
        if c.wild:
            if c.name == "Milk Chaser":
                if len(hand) < 2:
                    return False
                if self.opts["milk_requires_pending"]:
                    pend = self.pending
                    return pend is not None and pend.target == s
            return True
        if c.colour == self.colour:
            return True
        top = self.pile[-1]
        return not top.wild and top.name == c.name

    def _response_ok(self, s, c, hand):
        """May seat s answer the pending effect with card c? (LOCO-TURN-8, HOTSAUCE-2/3, REAPER-2, HOUSE-6)"""
        if c.name == "Milk Chaser":
            return self._lay_ok(s, c, hand)
        kind = self.pending.kind
        if kind == "hot_sauce":
            return c.name == "Hot Sauce"
        return kind == "pr_wild_or_draw3" and c.wild

    def _generate(self, s):
        ph = self.phase
        hand = self.hands[s]
        if ph == "TURN_MAIN":
            if s == self.jumper and s != self.current:
                twin = TWIN[self.pile[-1].id]
                return ([_JUMP[s][twin.id]] if twin in hand else []) + [_PASS[s]]
            lay1 = _LAY1[s]
            colour = self.colour
            top = self.pile[-1]
            tname = None if top.wild else top.name
            out = []
            twins = None
            for c in hand:  # LOCO-MATCH-1..4 (as in _lay_ok, inlined: this is the hot path)
                if c.wild:
                    if c.name != "Milk Chaser" or self._lay_ok(s, c, hand):
                        out.append(lay1[c.id])
                elif c.colour == colour or c.name == tname:
                    out.append(lay1[c.id])
                    t = TWIN[c.id]
                    if t is not None and c.id < t.id and t in hand:  # LOCO-TWIN-1
                        twins = (twins or []) + [_LAY2[s][c.id]]
            n_lays = len(out)
            if twins:
                out.extend(twins)
            drawable = self.can_draw()
            if drawable:
                out.append(_DRAW[s])
            if self.help_count < self.opts["help_requests_per_turn_cap"]:
                out.append(_ASK[s])
            if not drawable and not n_lays:
                out.append(_STALL[s])
            return out
        if ph == "RESPONSE":
            lay1 = _LAY1[s]
            out = [lay1[c.id] for c in hand if self._response_ok(s, c, hand)]
            if self.help_count < self.opts["help_requests_per_turn_cap"]:
                out.append(_ASK[s])
            out.append(_ACCEPT[s])
            return out
        if ph == "CHECKPOINT":
            calls = _CALL[s]
            out = [_SHOUT[s]] if s in self.obligations else []
            out.extend(calls[t] for t in range(self.n) if t != s)
            out.append(_PASS[s])
            return out
        if ph == "HELP_OFFERS":
            offer = _OFFER[s]
            return [offer[c.id] for c in hand] + [_PASS[s]]
        if ph == "HELP_ACCEPT":
            g = self.offers[self.offer_i][0]
            if s == self.current:
                return [_TOUCH[s], _LEAVE[s]]
            if s == g:
                return [_SHOUT[s], _PASS[s]]
            return [_CALL[s][g], _PASS[s]]
        if ph == "COLOUR":
            return list(_COLOUR[s])
        if ph == "TARGET":
            return [_TARGET[s][t] for t in range(self.n) if t != s]
        if ph == "SLAP_RACE":
            return [_VOTE[s][t] for t in range(self.n)]
        return []

    def _wrong_player(self, m):
        d = self.decision
        ph = self.phase
        p = m.player
        if p in self.answers:
            return IllegalMove("LOCO-TWIN-7" if ph == "TURN_MAIN" else "LOCO-SHOUT-3",
                               f"P{p} has already answered; answers are collected once per window", m)
        if isinstance(m, AskHelp):
            return IllegalMove("LOCO-HELP-1", f"Only the player whose turn it is (P{self.current}) may ask for help", m)
        if isinstance(m, Lay) and m.cards and m.cards[0].name == "Milk Chaser":
            return IllegalMove("LOCO-CARD-MILK-1", "Milk Chaser is never an out-of-turn card: only the on-turn "
                               "player may lay it", m)
        if isinstance(m, Offer) and self.phase == "HELP_OFFERS":
            return IllegalMove("LOCO-HELP-2", f"P{p} cannot offer now: the other players are asked one at a time "
                               "from the asker's left, each once, for at most one card", m)
        if isinstance(m, (Touch, Leave)) and self.phase == "HELP_ACCEPT":
            return IllegalMove("LOCO-HELP-3", f"Only P{self.current}, who asked for help, touches or leaves the "
                               "offered card", m)
        if isinstance(m, Jump):
            if self.pile and not self.top.cream:
                return IllegalMove("LOCO-TWIN-6", f"No jump-in on a dark card: {self.top} has a dark border", m)
            return IllegalMove("LOCO-TWIN-4", f"P{p} cannot jump in now: only the holder of the exact twin of "
                               f"the top card may, before the on-turn player lays", m)
        if isinstance(m, (Lay, Draw, StallPass, Accept)):
            return IllegalMove("LOCO-TURN-1", f"It is not P{p}'s turn: {d.prompt}", m)
        return IllegalMove("LOCO-TURN-1", f"P{p} has no decision to make now: {d.prompt}", m)

    def check(self, m) -> IllegalMove | None:
        """None when ``m`` is legal now, else the IllegalMove explaining why."""
        lall = self._lall
        if lall is not None:
            for x in lall:  # fast path: the very move object legal_moves() handed out
                if x is m:
                    return None
        if type(getattr(m, "target", 0)) is not int:
            # Call(0, True) == Call(0, 1) and Vote(0, 1.0) == Vote(0, 1) as values: refuse them, or the
            # record would hold true / 1.0 and not replay (a seat is a whole number, LOCO-SETUP-1)
            return IllegalMove("LOCO-SETUP-1", f"{m!r}: the target must be a seat number", m)
        cache = self._lcache
        if cache is not None and type(getattr(m, "player", None)) is int:
            # fast path: one of the legal moves generated for a deciding seat (bool seats excluded: True == 1)
            for lst in cache.values():
                if m in lst:
                    return None
        if self.result is not None:
            return IllegalMove("LOCO-WIN-1", f"The game is over: {self.result}", m)
        p = getattr(m, "player", None)
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < self.n:
            return IllegalMove("LOCO-SETUP-1", f"{m!r} is not a move by a seat of this {self.n}-player game", m)
        if type(m).__module__ != Lay.__module__:
            return IllegalMove("LOCO-TURN-2", f"{m!r} is not a Chili Loco move", m)
        if isinstance(m, (Lay, Jump)) and not (isinstance(getattr(m, "cards", None), tuple)
                                               and all(isinstance(c, Card) for c in m.cards)) \
                or isinstance(m, Offer) and not isinstance(getattr(m, "card", None), Card):
            # a hand-built move with cards that are not cards: refuse it before any rule looks at them
            return IllegalMove("LOCO-TURN-2", f"{m!r}: cards must be Chili Loco cards", m)
        if isinstance(m, AskHelp) and p != self.current:
            return IllegalMove("LOCO-HELP-1", f"Only the player whose turn it is may ask for help, not P{p}", m)
        if p not in self.decision.players:
            return self._wrong_player(m)
        if m in self._legal_for(p):
            return None
        err = self._explain(m)
        return err if err is not None else IllegalMove(
            "LOCO-TURN-2", f"{m} is not one of the moves open to P{p} now: {self.decision.prompt}", m)

    def _explain(self, m):
        """Why a move by a deciding seat is not legal (only called for refused moves)."""
        p = m.player
        ph = self.phase
        if ph == "TURN_MAIN":
            return self._check_turn_main(m)
        if ph == "RESPONSE":
            return self._check_response(m)
        if ph == "HELP_OFFERS":
            if isinstance(m, Offer):
                return self._hold(p, (m.card,), m, "LOCO-HELP-2")
            if isinstance(m, Pass):
                return None
            return IllegalMove("LOCO-HELP-2", f"P{p} may offer one card face down, or nothing", m)
        if ph == "HELP_ACCEPT":
            if p == self.current:
                if isinstance(m, (Touch, Leave)):
                    return None
                return IllegalMove("LOCO-HELP-3", "Touch the offered card to take it, or leave it", m)
            g = self.offers[self.offer_i][0]
            if p == g and isinstance(m, (Shout, Pass)):
                return None
            if p != g and (isinstance(m, Pass) or (isinstance(m, Call) and m.target == g)):
                return None
            return IllegalMove("LOCO-WIN-5", f"While P{self.current} decides on P{g}'s last card, P{g} may shout "
                               "LOCO! and the others may call LOCO on P{g}".replace("{g}", str(g)), m)
        if ph == "COLOUR":
            if isinstance(m, ChooseColour) and m.colour in COLOURS:
                return None
            return IllegalMove("LOCO-WILD-1", f"Name a colour: one of {', '.join(COLOURS)}", m)
        if ph == "TARGET":
            if isinstance(m, ChooseTarget) and isinstance(m.target, int) and 0 <= m.target < self.n \
                    and m.target != p:
                return None
            rule = "LOCO-HOUSE-5" if self.laid and self.laid[0].name == PERSONAL_RECIPE else "LOCO-CARD-TACO-1"
            return IllegalMove(rule, "Choose another player (not yourself)", m)
        if ph == "CHECKPOINT":
            if isinstance(m, Pass):
                return None
            if isinstance(m, Shout):
                if p in self.obligations:
                    return None
                return IllegalMove("LOCO-SHOUT-1", f"P{p} has no open LOCO! to shout (not down to one card, or "
                                   "already shouted)", m)
            if isinstance(m, Call) and isinstance(m.target, int) and 0 <= m.target < self.n and m.target != p:
                return None
            return IllegalMove("LOCO-SHOUT-3", "In a LOCO! window you may shout (if you are on one card), "
                               "call LOCO on another player, or pass", m)
        if ph == "SLAP_RACE":
            if isinstance(m, Vote) and isinstance(m.target, int) and 0 <= m.target < self.n:
                return None
            return IllegalMove("LOCO-SLAP-4", "Vote for the seat you think slapped last", m)
        return IllegalMove("LOCO-TURN-2", "No move is possible now", m)

    def _hold(self, p, cards, m, rule):
        hand = self.hands[p]
        for c in cards:
            if not isinstance(c, Card) or c not in hand:
                return IllegalMove(rule, f"P{p} does not hold {c}", m)
        return None

    def _check_turn_main(self, m):
        p = m.player
        if p == self.jumper and p != self.current:
            if isinstance(m, Pass):
                return None
            if isinstance(m, Jump):
                if len(m.cards) != 1:
                    return IllegalMove("LOCO-TWIN-10", "A jump-in is always one card: the one identical to the "
                                       "top card", m)
                c = m.cards[0]
                if c is not TWIN[self.top.id]:
                    return IllegalMove("LOCO-TWIN-4", f"{c} is not identical to the top card {self.top}", m)
                return self._hold(p, m.cards, m, "LOCO-TWIN-4")
            if isinstance(m, Lay) and m.cards and m.cards[0].name == "Milk Chaser":
                return IllegalMove("LOCO-CARD-MILK-1", "Milk Chaser is never an out-of-turn card: only the on-turn "
                                   "player may lay it", m)
            return IllegalMove("LOCO-TWIN-4", f"It is P{self.current}'s turn; P{p} may only jump in or pass", m)
        if isinstance(m, Lay):
            return self._lay_problem(p, m.cards, m)
        if isinstance(m, Draw):
            if self.can_draw():
                return None
            return IllegalMove("LOCO-DRAW-3", "There is nothing to draw: the draw pile is empty and the play pile "
                               "holds only its top card", m)
        if isinstance(m, AskHelp):
            return self._help_problem(m)
        if isinstance(m, StallPass):
            if self.can_draw():
                return IllegalMove("LOCO-TURN-2", "There is no passing: draw a card or ask for help until you "
                                   "can lay one", m)
            if any(isinstance(x, Lay) for x in self._legal_for(p)):
                return IllegalMove("LOCO-TURN-2", "There is no passing: you can lay a card", m)
            return None
        if isinstance(m, Jump):
            return IllegalMove("LOCO-TWIN-4", "On your own turn just lay the card", m)
        return IllegalMove("LOCO-TURN-2", "On your turn you may draw, ask for help or lay a card", m)

    def _help_problem(self, m):
        cap = self.opts["help_requests_per_turn_cap"]
        if self.help_count >= cap:
            return IllegalMove("LOCO-HELP-4", f"Help was already asked {cap} times this turn (the table's limit)", m)
        return None

    def _lay_problem(self, p, cards, m):
        if not isinstance(cards, tuple) or not 1 <= len(cards) <= 2:
            return IllegalMove("LOCO-TURN-2", "Lay one card, or two identical cream cards as a twin", m)
        err = self._hold(p, cards, m, "LOCO-TURN-2")
        if err:
            return err
        c = cards[0]
        if len(cards) == 2:
            a, b = cards
            if a is b:
                return IllegalMove("LOCO-TWIN-1", "A twin is two different physical cards", m)
            if not (a.cream and b.cream):
                dark = a if not a.cream else b
                return IllegalMove("LOCO-TWIN-2", f"Only cream-bordered cards can be twinned; {dark} has a dark "
                                   "border", m)
            if not a.identical(b):
                return IllegalMove("LOCO-TWIN-1", f"{a} and {b} are not identical (same name and same colour)", m)
        hand = self.hands[p]
        if c.name == "Milk Chaser":
            if len(hand) < 2:
                return IllegalMove("LOCO-CARD-MILK-2", "Milk Chaser can never be your last card: draw or ask "
                                   "for help first", m)
            pend = self.pending
            if self.opts["milk_requires_pending"] and not (pend is not None and pend.target == p):
                return IllegalMove("LOCO-CARD-MILK-5", "At this table Milk Chaser may only cancel an effect "
                                   "aimed at you, and none is", m)
            return None
        if c.wild:
            return None  # LOCO-MATCH-3
        top = self.top
        if c.colour == self.colour:
            return None
        if not top.wild and top.name == c.name:
            return None
        if top.wild:
            return IllegalMove("LOCO-MATCH-4", f"The top card is a wild: only {self.colour} or a wild may be "
                               f"laid, and {c} is {c.colour}", m)
        if c.kind == "pepper":
            return IllegalMove("LOCO-MATCH-1", f"{c} does not match {top} by colour ({self.colour}) or by "
                               "pepper", m)
        return IllegalMove("LOCO-MATCH-2", f"{c} does not match {top} by colour ({self.colour}) or by card", m)

    def _check_response(self, m):
        p = m.player
        pend = self.pending
        if isinstance(m, Accept):
            return None
        if isinstance(m, AskHelp):
            return self._help_problem(m)
        if isinstance(m, Draw):
            return IllegalMove("LOCO-TURN-8", f"A {PENDING_TEXT[pend.kind]} is aimed at you: drawing now is "
                               "accepting it, so choose Accept (or answer it first)", m)
        if isinstance(m, Lay):
            if len(m.cards) == 2:
                return IllegalMove("LOCO-CARD-HOTSAUCE-3", "A twin cannot answer a pending effect", m)
            err = self._lay_problem(p, m.cards, m) if m.cards and m.cards[0].name == "Milk Chaser" else \
                self._hold(p, m.cards, m, "LOCO-TURN-8") if isinstance(m.cards, tuple) and len(m.cards) == 1 else \
                IllegalMove("LOCO-TURN-8", "Lay one card", m)
            if err:
                return err
            c = m.cards[0]
            if c.name == "Milk Chaser":
                return None
            if pend.kind == "hot_sauce" and c.name == "Hot Sauce":
                return None
            if pend.kind == "pr_wild_or_draw3" and c.wild:
                return None
            if pend.kind == "hot_sauce":
                why = "Only a Hot Sauce (any colour) or Milk Chaser can answer a pending Hot Sauce"
            elif pend.kind == "reaper":
                why = "Reapers do not stack: against a Reaper only Milk Chaser, help or accepting is possible"
            elif pend.kind == "heat_stroke":
                why = "Only Milk Chaser cancels a Heat Stroke; otherwise accept losing the turn"
            else:
                why = "Lay a wild, or accept and draw 3"
            return IllegalMove(PENDING_RULE[pend.kind], f"{why}; {c} cannot be laid now", m)
        return IllegalMove("LOCO-TURN-8", "Facing a pending effect you may only answer it, ask for help or accept",
                           m)

    # ------------------------------------------------------------ applying

    def _do_colour(self, m):
        self.colour = m.colour
        self.event("colour", f"P{m.player} names {m.colour}", ("LOCO-WILD-1",)
                   + (("LOCO-SETUP-5",) if self.starter else ()))
        self.starter = False
        self._checkpoint("ADVANCE")

    # -- TURN_MAIN

    def _resolve_turn_main(self, answers):
        cur = self.current
        a = answers[cur]
        j = answers.get(self.jumper) if self.jumper is not None and self.jumper != cur else None
        if isinstance(j, Jump):
            jumper = self.jumper
            if isinstance(a, Lay):
                order = self.race_order(self.race("landing", (cur, jumper)), "landing on the pile")
                if order[0] == jumper:
                    self.event("landing", f"P{jumper}'s {j.cards[0]} lands before P{cur}'s card; P{cur}'s card goes "
                                "back to P{cur}'s hand".replace("{cur}", str(cur)), ("LOCO-TWIN-7", "LOCO-TWIN-5"),
                                frozenset((cur,)), f"P{jumper}'s {j.cards[0]} lands first; P{cur}'s card goes back")
                    self.go("LAND")
                    self._land(jumper, j.cards, jumped=True)
                else:
                    self.event("landing", f"P{cur}'s card lands before P{jumper}'s jump-in; P{jumper}'s "
                                f"{j.cards[0]} goes back", ("LOCO-TWIN-7",))
                    self.go("LAND")
                    self._land(cur, a.cards)
            else:
                self.event("jump", f"P{jumper} jumps in before P{cur} lays; P{cur}'s turn ends",
                            ("LOCO-TWIN-4", "LOCO-TWIN-5"))
                self.go("LAND")
                self._land(jumper, j.cards, jumped=True)
            return
        if isinstance(a, Lay):
            self.go("LAND")
            self._land(cur, a.cards)
        elif isinstance(a, Draw):
            self.go("CHECKPOINT")
            self.cp += 1
            self.resume = "TURN_MAIN"
            self._draw(cur, 1, ("LOCO-TURN-3",))
        elif isinstance(a, AskHelp):
            self._ask_help("TURN_MAIN")
        elif isinstance(a, StallPass):
            self.event("stall", f"P{cur} can neither lay nor draw, and ends the turn without a card",
                        ("LOCO-DRAW-3",))
            self.advance_from = cur
            self.go("ADVANCE")

    # -- landing a card

    def _land(self, layer, cards, jumped=False):
        hand = self.hands[layer]
        for c in cards:
            hand.remove(c)
        self.pile.extend(cards)
        prev_pending = self.pending
        if prev_pending is not None and prev_pending.target == layer:
            self.pending = None
        else:
            prev_pending = None
        self.layer, self.laid, self.top_layer, self.advance_from = layer, tuple(cards), layer, layer
        self.starter = False
        what = f"a twin of {cards[0]}" if len(cards) == 2 else str(cards[0])
        verb = "jumps in with" if jumped else "lays"
        rules = ("LOCO-TWIN-4",) if jumped else (("LOCO-TWIN-1",) if len(cards) == 2 else ("LOCO-TURN-2",))
        self.event("lay", f"P{layer} {verb} {what}", rules, data={"seat": layer, "cards": [c.id for c in cards]})
        if not hand:
            how = "jumped" if jumped else "laid"
            rules = ("LOCO-WIN-1",) + (("LOCO-WIN-3",) if jumped or len(cards) == 2 else ()) + \
                (("LOCO-WIN-2",) if cards[0].kind != "pepper" else ())
            self._win(layer, cards, how, rules)
            return
        self._sync((layer,))
        c = cards[0]
        if c.colour:
            self.colour = c.colour
        if c.wild and self.accent:
            self.accent = False
            self.event("accent_off", "A wild is laid: the terrible accent may stop", ("LOCO-HOUSE-7",))
        if c.kind == "pepper":
            self._checkpoint("ADVANCE")
        elif c.name == "Salsa Slap":
            self.go("SLAP_RACE")
            self._slap()
        else:
            self.go("EFFECT")
            self._effect(prev_pending=prev_pending)

    def _win(self, seat, cards, how, rules):
        result = _loco_result(seat, (c.id for c in cards), cards[0].id, how, self.turn_no)
        self.event("win", f"P{seat} has no cards left and wins with {cards[0]}", rules + ("LOCO-WIN-6", "LOCO-SIGN-1"),
                   data={"winner": seat, "card": cards[0].id})
        self.finish(result)

    # -- effects

    def _effect(self, starter_phase=False, prev_pending=None):
        """Resolve the laid card's instruction (LOCO-TURN-5); the starter is the dealer's play."""
        c = self.laid[0]
        layer = self.layer
        if starter_phase:
            if c.kind == "pepper":
                self.colour = c.colour
                self._checkpoint("ADVANCE")
                return
            if c.name == "Salsa Slap":
                self.colour = c.colour
                self.go("SLAP_RACE")
                self._slap()
                return
            self.go("EFFECT")
            if c.colour:
                self.colour = c.colour
        name = c.name
        nxt = self.next_seat(layer)
        if name == "Stir the Pot":
            self.dir = -self.dir
            rules = ("LOCO-CARD-STIR-1",) + (("LOCO-SETUP-6",) if starter_phase else ())
            if self.n == 2:
                rules += ("LOCO-CARD-STIR-2",)
                if self.opts["two_player_stir_skips"]:
                    self.advance_self = True
            self.event("reverse", f"Play order reverses: now {'clockwise' if self.dir == 1 else 'anti-clockwise'}",
                        rules)
            self._checkpoint("ADVANCE")
        elif name == "Hot Sauce":
            total = prev_pending.draw + 2 if prev_pending is not None and prev_pending.kind == "hot_sauce" else 2
            self.pending = Pending("hot_sauce", total, False, nxt)
            rules = ("LOCO-CARD-HOTSAUCE-2",) if total > 2 else ("LOCO-CARD-HOTSAUCE-1",)
            if starter_phase:
                rules += ("LOCO-SETUP-7",)
            self.event("pending", f"Hot Sauce: P{nxt} must draw {total} (or stack a Hot Sauce, or lay Milk Chaser)",
                        rules)
            self._checkpoint("ADVANCE")
        elif name == "Heat Stroke":
            self.pending = Pending("heat_stroke", 0, True, nxt)
            self.event("pending", f"Heat Stroke: P{nxt} loses their turn (unless they lay Milk Chaser)",
                        ("LOCO-CARD-HEATSTROKE-1",) + (("LOCO-SETUP-6",) if starter_phase else ()))
            self._checkpoint("ADVANCE")
        else:
            self._wild_effect(name, layer, nxt, prev_pending, starter_phase)

    def _wild_effect(self, name, layer, nxt, prev_pending, starter_phase):
        n = self.n
        if prev_pending is not None and prev_pending.kind == "pr_wild_or_draw3" and name != "Milk Chaser":
            # LOCO-HOUSE-6: said before the wild's own effect (Taco Trade / a targeted PR stop for a choice)
            self.event("satisfied", f"The wild satisfies the Personal Recipe aimed at P{layer}", ("LOCO-HOUSE-6",))
        if name == "New Recipe":
            self.event("wild", f"New Recipe: P{layer} will name the colour", ("LOCO-CARD-NEWRECIPE-1",))
        elif name == "Reaper":
            self.pending = Pending("reaper", 5, True, nxt)
            self.event("pending", f"Reaper: P{nxt} must draw 5 and lose the turn (unless they lay Milk Chaser)",
                        ("LOCO-CARD-REAPER-1",) + (("LOCO-SETUP-6", "LOCO-SETUP-7") if starter_phase else ()))
        elif name == "Blender":
            pool = [c for h in self.hands for c in h]
            self.rng.shuffle(pool)
            self.hands = [[] for _ in range(n)]
            for i, c in enumerate(pool):
                self.hands[(layer + 1 + i) % n].append(c)
            sizes = ", ".join(f"P{s}: {len(h)}" for s, h in enumerate(self.hands))
            self.event("blender", f"Blender: all {len(pool)} cards in hands are pooled, shuffled and dealt from "
                        f"P{layer}'s left ({sizes})", ("LOCO-CARD-BLENDER-1",))
            self._sync(range(n), force=True)
        elif name == "Taco Trade":
            self.go("TARGET")
            self.ask("choice", (layer,), f"Taco Trade: P{layer} chooses a player to swap hands with")
            return
        elif name == "Hot Potato":
            self.hands = [self.hands[(s - 1) % n] for s in range(n)]
            self.event("potato", "Hot Potato: everyone passes their whole hand to the left", ("LOCO-CARD-POTATO-1",))
            self._sync(range(n), force=True)
        elif name == "Milk Chaser":
            if prev_pending is not None:
                self.event("cancel", f"Milk Chaser cancels the pending {PENDING_TEXT[prev_pending.kind]}"
                            + (f" (draw {prev_pending.draw})" if prev_pending.draw else "") + ": nobody draws, nobody "
                            "is skipped", ("LOCO-CARD-MILK-3", "LOCO-CARD-MILK-4"))
            else:
                self.event("wild", "Milk Chaser with nothing to cancel: a plain wild",
                            ("LOCO-CARD-MILK-5",) if not starter_phase else ("LOCO-SETUP-7",))
        elif name == PERSONAL_RECIPE:
            rule = self.house[self.laid[0].id]
            if rule.needs_target:
                self.go("TARGET")
                self.ask("choice", (layer,), f"Personal Recipe ({rule.text}): P{layer} chooses a player")
                return
            self._house(rule, layer, None)
        self._colour_step()

    def _colour_step(self):
        """LOCO-WILD-1 / LOCO-SETUP-5: the colour after a wild."""
        if self.starter:
            bottom = self.draw[0] if self.draw else None
            if bottom is not None and not bottom.wild:
                self.colour = bottom.colour
                self.starter = False
                self.event("colour", f"The starter wild takes the colour of the draw pile's bottom card: "
                            f"{bottom.colour} ({bottom})", ("LOCO-SETUP-5",))
                self._checkpoint("ADVANCE")
                return
            self.go("COLOUR")
            self.ask("choice", (self.layer,), f"The bottom card is a wild too: dealer P{self.layer} "
                               "names the colour")
            return
        self.go("COLOUR")
        self.ask("choice", (self.layer,), f"P{self.layer} names the colour")

    def _do_target(self, m):
        t = m.target
        layer = self.layer
        c = self.laid[0]
        if c.name == "Taco Trade":
            h = self.hands
            h[layer], h[t] = h[t], h[layer]
            self.event("taco", f"Taco Trade: P{layer} and P{t} swap hands (P{layer} now holds {len(h[layer])}, "
                        f"P{t} holds {len(h[t])})", ("LOCO-CARD-TACO-1",) + (("LOCO-SETUP-7",) if self.starter else ()))
            self._sync((layer, t), force=True)
        else:
            self._house(self.house[c.id], layer, t)
        self._colour_step()

    def _house(self, rule, layer, target):
        api = HouseAPI(self, layer)
        self.event("house", f"Personal Recipe: {rule.text}", ("LOCO-HOUSE-2",)
                    + (("LOCO-HOUSE-8",) if self.starter else ()))
        rule.effect(api, layer, target)

    # -- slap

    def _slap(self):
        """LOCO-SLAP-1..4: everyone slaps; the last one draws 2 (4 after a twin)."""
        k = 4 if len(self.laid) == 2 else 2
        if self.opts["tie_method"] == "table_vote":
            self.ask("window", tuple(range(self.n)), "Salsa Slap! Everyone slapped the table: vote for "
                               "who was last")
            self.answers = {}
            return
        lat = self.race("slap", range(self.n))
        worst = max(lat.values())
        tied = sorted(s for s, v in lat.items() if v == worst)
        loser = tied[0] if len(tied) == 1 else self.tie_break(tied, "the slap")
        self._slap_penalty(loser, k, ("LOCO-SLAP-1", "LOCO-SLAP-2"))

    def _slap_penalty(self, loser, k, rules):
        if k == 4:
            rules = rules + ("LOCO-TWIN-3",)
        self.event("slap", f"Everyone slaps the pile; P{loser} is last and draws {k}", rules)
        self._draw(loser, k, rules, why="draws")
        self._checkpoint("ADVANCE")

    def _resolve_vote(self, answers):
        tally = {}
        for s in range(self.n):
            t = answers[s].target
            tally[t] = tally.get(t, 0) + 1
        top = max(tally.values())
        tied = sorted(t for t, v in tally.items() if v == top)
        votes = ", ".join(f"P{s}->P{answers[s].target}" for s in range(self.n))
        self.event("vote", f"The table votes on who slapped last ({votes})", ("LOCO-SLAP-4", "LOCO-TIE-1"))
        loser = tied[0] if len(tied) == 1 else self.tie_break(tied, "the vote")
        self._slap_penalty(loser, 4 if len(self.laid) == 2 else 2, ("LOCO-SLAP-4",))

    # -- response window

    def _do_response(self, m):
        cur = self.current
        if isinstance(m, Lay):
            self.go("LAND")
            self._land(cur, m.cards)
        elif isinstance(m, AskHelp):
            self._ask_help("RESPONSE")
        elif isinstance(m, Accept):
            pend = self.pending
            self.pending = None
            rules = ("LOCO-TURN-9", {"hot_sauce": "LOCO-CARD-HOTSAUCE-1", "reaper": "LOCO-CARD-REAPER-1",
                                     "heat_stroke": "LOCO-CARD-HEATSTROKE-1", "pr_wild_or_draw3": "LOCO-HOUSE-6"}[pend.kind])
            self.event("accept", f"P{cur} accepts the {PENDING_TEXT[pend.kind]}", rules)
            if pend.skip:
                if pend.draw:
                    self._draw(cur, pend.draw, rules)
                self.event("skip", f"P{cur} loses the turn", ("LOCO-TURN-6",))
                self.advance_from = cur
                self.go("ADVANCE")
            else:
                self.go("CHECKPOINT")
                self.cp += 1
                self.resume = "TURN_MAIN"
                self._draw(cur, pend.draw, rules)

    # -- help

    def _ask_help(self, ret):
        cur = self.current
        self.help_count += 1
        self.help_return = ret
        self.start_pass((cur + k) % self.n for k in range(1, self.n))
        self.offers = []
        self.offer_i = 0
        self.event("help", f"P{cur} asks for help ({self.help_count} this turn)", ("LOCO-HELP-1", "LOCO-HELP-2"))
        self.go("HELP_OFFERS")
        self._ask_next_helper()

    def _ask_next_helper(self):
        q = self.pass_seat
        self.decision = _tnew(Decision, ("window", (q,), "HELP_OFFERS", f"P{self.current} asks for help: P{q} may "
                                         "slide one card face down, or nothing", None))

    def _do_offer(self, m):
        q = self.pass_seat
        more = self.pass_answered()
        if isinstance(m, Offer):
            self.hands[q].remove(m.card)
            self.offers.append((q, m.card))
            self.event("offer", f"P{q} slides {m.card} face down to P{self.current}", ("LOCO-HELP-2",),
                        frozenset((q,)), f"P{q} slides a card face down to P{self.current}")
        else:
            self.event("no_offer", f"P{q} offers nothing", ("LOCO-HELP-2",))
        if more:
            self.go("HELP_OFFERS")
            self._ask_next_helper()
        elif self.offers:
            self.go("HELP_ACCEPT")
            self._ask_touch()
        else:
            self.event("no_help", "Nobody helps", ("LOCO-HELP-2",))
            self._checkpoint(self.help_return)

    def _ask_touch(self):
        g, card = self.offers[self.offer_i]
        cur = self.current
        prompt = f"P{cur}: touch P{g}'s face-down card to take it, or leave it"
        if not self.hands[g] and g in self.obligations:
            # I6: the giver's last card, LOCO! not yet shouted: giver, callers and asker race (R4)
            self.ask("window", tuple(range(self.n)), prompt + f" (P{g} has not shouted LOCO!)")
        else:
            self.decision = _tnew(Decision, ("choice", (cur,), "HELP_ACCEPT", prompt, None))
        self.answers = {}

    def _resolve_touch(self, answers):
        cur = self.current
        g, card = self.offers[self.offer_i]
        touch = isinstance(answers[cur], Touch)
        acts = {}
        if len(answers) > 1:
            if touch:
                acts[cur] = "touch"
            if isinstance(answers.get(g), Shout):
                acts[g] = "shout"
            for s, a in answers.items():
                if isinstance(a, Call):
                    acts[s] = "call"
        order = self.race_order(self.race("give", acts), "the give race") if len(acts) > 1 else list(acts)
        if len(acts) > 1:
            self.event("race", "Race: " + " then ".join(f"P{s} {acts[s]}" for s in order), ("LOCO-WIN-5",))
        for s in order:
            kind = acts[s]
            if kind == "shout":
                if g in self.obligations:
                    del self.obligations[g]
                    self.event("shout", f"P{g} shouts LOCO! in time", ("LOCO-SHOUT-2",))
            elif kind == "call":
                if g in self.obligations:
                    del self.obligations[g]
                    self.event("caught", f"P{s} calls LOCO on P{g} first: P{g} draws 2 and cannot win by giving",
                                ("LOCO-SHOUT-3", "LOCO-WIN-5"))
                    self._draw(g, 2, ("LOCO-SHOUT-3", "LOCO-WIN-5"))
            elif kind == "touch":
                if self._take_offer(g, card):
                    return
        if touch and not acts:
            if self._take_offer(g, card):
                return
        if not touch:
            self.offers.pop(self.offer_i)
            self.hands[g].append(card)
            self.event("leave", f"P{cur} leaves P{g}'s card; it goes back to P{g}", ("LOCO-HELP-3",))
            self._sync((g,))
        if self.offer_i < len(self.offers):
            self.go("HELP_ACCEPT")
            self._ask_touch()
        else:
            self.offers = []
            self._checkpoint(self.help_return)

    def _take_offer(self, g, card) -> bool:
        """The asker touches the card: it is theirs (LOCO-HELP-3). True when the giver has won (LOCO-WIN-4)."""
        cur = self.current
        self.offers.pop(self.offer_i)
        self.hands[cur].append(card)
        self.event("touch", f"P{cur} touches P{g}'s card and takes {card}", ("LOCO-HELP-3",),
                    frozenset((cur, g)), f"P{cur} touches P{g}'s card and takes it")
        if not self.hands[g] and self.held(g) == 0:
            result = _loco_result(g, (card.id,), card.id, "gave", self.turn_no)
            self.event("win", f"P{g} gave away their last card and wins", ("LOCO-WIN-4", "LOCO-WIN-6", "LOCO-SIGN-1"),
                       data={"winner": g, "card": card.id})
            self.finish(result)
            return True
        self._sync((cur, g))
        return False

    # -- LOCO! window at a checkpoint

    def _ask_loco(self):
        owners = ", ".join(f"P{s}" for s in sorted(self.obligations))
        self.ask("window", tuple(range(self.n)), f"LOCO! window: {owners} on one card without shouting. "
                           "Shout, call, or pass")
        self.answers = {}

    def _resolve_loco(self, answers):
        self.loco_cp = self.cp
        n = self.n
        start = self.current
        open_now = set(self.obligations)
        for k in range(n):
            o = (start + k) % n
            if o not in open_now:
                continue
            shout = isinstance(answers.get(o), Shout)
            callers = [s for s, a in answers.items() if isinstance(a, Call) and a.target == o]
            if not shout and not callers:
                continue
            if shout and callers:
                order = self.race_order(self.race("loco", [o] + callers), "the LOCO! race")
                self.event("race", "LOCO! race: " + " then ".join(
                    f"P{s} {'shouts' if s == o else 'calls'}" for s in order), ("LOCO-SHOUT-3",))
            else:
                order = [o] if shout else callers if len(callers) == 1 else \
                    self.race_order(self.race("loco", callers), "the LOCO! calls")
            first = order[0]
            del self.obligations[o]
            if first == o:
                self.event("shout", f"P{o} shouts LOCO! in time", ("LOCO-SHOUT-2",))
            else:
                self.event("caught", f"P{first} calls LOCO on P{o} first: P{o} draws 2", ("LOCO-SHOUT-3",))
                self._draw(o, 2, ("LOCO-SHOUT-3",))
            late = [s for s in order[1:] if s != o]
            if late and first != o:
                self.event("late_call", f"{', '.join(_p(s) for s in late)} called too: only one penalty per LOCO!",
                            ("LOCO-SHOUT-3",))
        for s, a in answers.items():
            if isinstance(a, Call) and a.target not in open_now:
                self.event("false_call", f"P{s} calls LOCO on P{a.target}, who has no open LOCO!: no effect",
                            ("LOCO-SHOUT-4",))
        self.go("CHECKPOINT")

    # ------------------------------------------------------------ copying, keys, views

    def locations(self):
        """Where every physical card is: {card id: place}. For conservation checks."""
        where = {}
        for s, h in enumerate(self.hands):
            for c in h:
                where.setdefault(c.id, []).append(f"hand{s}")
        for name, cards in (("draw", self.draw), ("pile", self.pile), ("box", self.box)):
            for c in cards:
                where.setdefault(c.id, []).append(name)
        for g, c in self.offers:
            where.setdefault(c.id, []).append(f"offer{g}")
        return where

    def view(self, viewer):
        teacher = viewer is None
        offers = tuple((g, c if teacher or g == viewer else None) for g, c in self.offers)
        pend = None if self.pending is None else PublicPending(**self.pending.__dict__)
        d = self.decision.for_viewer(viewer) if self.decision is not None else None
        return LocoView(
            seat=viewer, players=self.n, dealer=self.dealer, current=self.current, direction=self.dir,
            phase=self.phase, colour=self.colour, top=self.pile[-1] if self.pile else None, pile=tuple(self.pile),
            draw_size=len(self.draw), hand_counts=tuple(len(h) for h in self.hands),
            hands={s: tuple(h) for s, h in enumerate(self.hands) if teacher or s == viewer},
            pending=pend, loco_open=tuple(sorted(self.obligations)), offers=offers,
            current_offer=self.offer_i if self.phase == "HELP_ACCEPT" else None,
            help_count=self.help_count, help_cap=self.opts["help_requests_per_turn_cap"],
            turn=self.turn_no, accent=self.accent, decision=d, result=self.result,
            answered=tuple(sorted(s for s in self.answers if teacher or s == viewer)),
            draw_pile=tuple(self.draw) if teacher else None,
        )


def _card(i):
    from .cards import card_by_id

    return card_by_id(i)


class HouseAPI:
    """What a Personal Recipe rule may do (LOCO-HOUSE-3, LOCO-CARD-MILK-6)."""

    def __init__(self, state: LocoState, layer: int):
        self._s = state
        self.layer = layer
        self.players = state.n

    def turn_order_from_next(self, layer):
        s = self._s
        seat = s.next_seat(layer)
        out = []
        while seat != layer:
            out.append(seat)
            seat = s.next_seat(seat)
        return out

    def draw(self, seat, n):
        self._s._draw(seat, n, ("LOCO-HOUSE-4",))

    def reveal(self, seat):
        s = self._s
        cards = tuple(s.hands[seat])
        aud = None if s.opts["reveal_hand_audience"] == "all" else frozenset((self.layer, seat))
        s.event("reveal", f"P{seat} shows their hand: {_cards_text(cards)}", ("LOCO-HOUSE-5",), aud,
                 f"P{seat} shows their hand to P{self.layer}", {"seat": seat, "cards": [c.id for c in cards]})

    def set_pending(self, kind, draw=0, skip=False):
        s = self._s
        if kind != "pr_wild_or_draw3":
            raise ValueError("house rules may only set the pr_wild_or_draw3 pending effect")
        target = s.next_seat(self.layer)
        s.pending = Pending(kind, int(draw), bool(skip), target)
        s.event("pending", f"Personal Recipe: P{target} must lay a wild or draw {draw}", ("LOCO-HOUSE-6",))

    def accent_on(self):
        self._s.accent = True
        self._s.event("accent_on", "Everyone talks in a terrible accent until the next wild", ("LOCO-HOUSE-7",))

    def cancel_milk(self):
        """Refused: nothing may cancel Milk Chaser (LOCO-CARD-MILK-6)."""
        self._s.event("refused", "A house rule tried to cancel Milk Chaser: refused, Milk Chaser cannot be "
                       "cancelled", ("LOCO-CARD-MILK-6",))
        return False
