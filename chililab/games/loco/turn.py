"""A turn (LOCO-TURN-*), matching (LOCO-MATCH-*), drawing (LOCO-DRAW-*) and answering a pending effect."""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.core import LazyDecision

from .cards import COLOURS, TWIN, Card, holds, take
from .cards import deck as make_deck
from .common import (
    _ACCEPT,
    _ASK,
    _DRAW,
    _LAY1,
    _LAY2,
    _LAY_OF,
    _STALL,
    AUDIENCE,
    PENDING_RULE,
    PENDING_TEXT,
    _CardsText,
)
from .moves import Accept, AskHelp, Draw, Jump, Lay, StallPass

_tnew = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)


def matches(card, colour, top) -> bool:
    """LOCO-MATCH-1..4: a wild always matches; another card matches the active colour, or the top
    card's name (pepper or action) unless the top card is a wild."""
    return card.wild or card.colour == colour or (top is not None and not top.wild and top.name == card.name)


def milk_allowed(hand_size: int, aimed_at_layer: bool, requires_pending: bool) -> bool:
    """Milk Chaser is never the last card (LOCO-CARD-MILK-2); at a ``milk_requires_pending`` table it
    only answers an effect aimed at the layer (LOCO-CARD-MILK-5)."""
    return hand_size >= 2 and (aimed_at_layer or not requires_pending)


def may_lay(card, hand_size: int, colour, top, aimed_at_layer: bool = False, requires_pending: bool = False) -> bool:
    """May a card be laid on one's own turn? The matching rule and Milk Chaser's limits together."""
    if card.name == "Milk Chaser":
        return milk_allowed(hand_size, aimed_at_layer, requires_pending)
    return matches(card, colour, top)


_CARDS = make_deck(True)
_MILK = next(c for c in _CARDS if c.name == "Milk Chaser")
#: the first card of each twin pair (its twin has the larger id): a twin is laid as (first, second)
_FIRST_OF_TWIN = frozenset(c for c in _CARDS if TWIN[c.id] is not None and TWIN[c.id].id > c.id)



def answers_pending(kind: str, card) -> bool:
    """May ``card`` answer a pending effect of ``kind``, Milk Chaser aside (its limits are the seat's:
    LOCO-CARD-MILK-2, -5)? Only a Hot Sauce stacks on a Hot Sauce, a wild answers a Personal Recipe's
    wild-or-draw-3; Reapers and Heat Strokes are not answered (LOCO-TURN-8, HOTSAUCE-2/3, REAPER-2, HOUSE-6)."""
    if kind == "hot_sauce":
        return card.name == "Hot Sauce"
    return kind == "pr_wild_or_draw3" and card.wild and card.name != "Milk Chaser"


#: ANSWERS[pending kind]: the cards besides Milk Chaser that answer it (a table built from the rule)
ANSWERS = {kind: frozenset(c for c in _CARDS if answers_pending(kind, c)) for kind in PENDING_RULE}

#: MATCHING[colour][top card id]: every card that :func:`matches` there (a table built from the rule)
MATCHING = {colour: tuple(frozenset(c for c in _CARDS if matches(c, colour, top)) for top in _CARDS)
            for colour in COLOURS}
#: TWIN_MATCHING[colour][top card id]: the matching cards that are the first of a twin pair
TWIN_MATCHING = {colour: tuple(m & _FIRST_OF_TWIN for m in row) for colour, row in MATCHING.items()}


_TURN_DECISIONS: dict = {}  # decisions are immutable values: each is built once


def _turn_decision(key):
    """The TURN_MAIN decision of seat ``cur`` (and of ``jumper``, polled in secret: I1), made once."""
    cur, jumper, colour, name = key
    if name is None:  # a wild on top
        prompt = ("P{0}'s turn: lay a card matching {1}, draw, or ask for help", cur, colour)
    else:
        prompt = ("P{0}'s turn: lay a card matching {1} or {2}, draw, or ask for help", cur, colour, name)
    if jumper is None:
        d = _tnew(LazyDecision, ("turn", (cur,), "TURN_MAIN", prompt, None))
    else:
        d = _tnew(LazyDecision, ("turn", (jumper, cur), "TURN_MAIN", prompt, (cur,)))
    _TURN_DECISIONS[key] = d
    return d


class TurnRules:
    """Mixin of LocoState: a turn from its start to the card laid, drawn or the effect accepted."""

    def _turn_begin(self):
        """TURN_BEGIN: a new turn (LOCO-TURN-1); a pending effect aimed at the player is answered first."""
        self.turn_no += 1
        self.help_count = 0
        self.event("turn", ("P{}'s turn begins", self.current), ("LOCO-TURN-1",))
        p = self.pending
        self._checkpoint("RESPONSE" if p is not None and p.target == self.current else "TURN_MAIN")
        return False

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

    def _checkpoint(self, resume):
        self.go("CHECKPOINT")
        self.cp += 1
        self.resume = resume

    def _advance(self):
        """ADVANCE: the turn ends (LOCO windows may expire), the next player is found (LOCO-TURN-7)."""
        for s, opened in list(self.obligations.items()) if self.obligations else ():
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

    def _enter_turn_main(self):
        self.answers = {}
        top = self.pile[-1]
        self.jumper = jumper = None if TWIN[top.id] is None else self._jump_holder()
        key = (self.current, jumper, self.colour, None if top.wild else top.name)
        d = _TURN_DECISIONS.get(key)
        self.decision = d if d is not None else _turn_decision(key)

    def can_draw(self) -> bool:
        return bool(self.draw) or len(self.pile) > 1

    def _turn_moves(self, s):
        """TURN_MAIN: lay (LOCO-MATCH-1..4, a twin LOCO-TWIN-1), draw (LOCO-TURN-3), help (LOCO-HELP-1) or stall."""
        if s == self.jumper and s != self.current:
            return self._jump_moves(s)
        hand = self.hands[s]
        top = self.pile[-1].id
        playable = MATCHING[self.colour][top]
        lay_of = _LAY_OF[s]
        out = [lay_of[c] for c in hand if c in playable]
        n_lays = len(out)
        if n_lays:
            milk = lay_of[_MILK]
            if holds(out, milk) and not self._milk_ok(s, hand):
                take(out, milk)
                n_lays -= 1
            if n_lays > 1:  # LOCO-TWIN-1: two identical cards (an identical card matches alike)
                firsts = TWIN_MATCHING[self.colour][top]
                lay2 = _LAY2[s]
                out += [lay2[c.id] for c in hand if c in firsts and holds(hand, TWIN[c.id])]
        drawable = self.can_draw()
        if drawable:
            out.append(_DRAW[s])
        if self.help_count < self.opts["help_requests_per_turn_cap"]:
            out.append(_ASK[s])
        if not drawable and not n_lays:
            out.append(_STALL[s])
        return out

    def _milk_ok(self, s, hand):
        """May seat s lay Milk Chaser now? (LOCO-CARD-MILK-2, -5)"""
        pend = self.pending
        return milk_allowed(len(hand), pend is not None and pend.target == s, self.opts["milk_requires_pending"])

    def _response_moves(self, s):
        """RESPONSE: answer the pending effect (LOCO-TURN-8), ask for help or accept (LOCO-TURN-9)."""
        hand = self.hands[s]
        lay1 = _LAY1[s]
        answering = ANSWERS[self.pending.kind]
        cards = [c for c in hand if c in answering]
        if holds(hand, _MILK) and self._milk_ok(s, hand):
            cards = [c for c in hand if c in answering or c is _MILK]  # in hand order
        out = [lay1[c.id] for c in cards]
        if self.help_count < self.opts["help_requests_per_turn_cap"]:
            out.append(_ASK[s])
        out.append(_ACCEPT[s])
        return out

    def _check_turn_main(self, m):
        p = m.player
        if p == self.jumper and p != self.current:
            return self._jump_problem(m)
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
            if self._milk_ok(p, hand):
                return None
            if len(hand) < 2:
                return IllegalMove("LOCO-CARD-MILK-2", "Milk Chaser can never be your last card: draw or ask "
                                   "for help first", m)
            return IllegalMove("LOCO-CARD-MILK-5", "At this table Milk Chaser may only cancel an effect "
                               "aimed at you, and none is", m)
        top = self.top
        if matches(c, self.colour, top):
            return None
        if top.wild:
            return IllegalMove("LOCO-MATCH-4", f"The top card is a wild: only {self.colour} or a wild may be "
                               f"laid, and {c} is {c.colour}", m)
        if c.kind == "pepper":
            return IllegalMove("LOCO-MATCH-1", f"{c} does not match {top} by colour ({self.colour}) or by "
                               "pepper", m)
        return IllegalMove("LOCO-MATCH-2", f"{c} does not match {top} by colour ({self.colour}) or by card", m)

    def _hold(self, p, cards, m, rule):
        hand = self.hands[p]
        for c in cards:
            if not isinstance(c, Card) or c not in hand:
                return IllegalMove(rule, f"P{p} does not hold {c}", m)
        return None

    def _resolve_turn_main(self, answers):
        """TURN_MAIN resolved: a jump-in first (twins.py), else the on-turn player's move."""
        cur = self.current
        a = answers[cur]
        if len(answers) > 1 and self._resolve_jump(answers, a):  # the secret jump-in poll answered too
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
        self.event("draw", ("P{} {} {} {}: {}{}", s, why, len(got), word, _CardsText(got), extra), rules,
                   AUDIENCE[s][s], ("P{} {} {} {}{}", s, why, len(got), word, extra),
                   {"seat": s, "cards": tuple([c.id for c in got])})
        self._sync((s,))
        return got

    def _response_prompt(self):
        p = self.pending
        return (f"P{self.current} faces {PENDING_TEXT[p.kind]}"
                + (f" (draw {p.draw})" if p.draw else "") + (" and loses the turn" if p.skip else "")
                + ": answer it, ask for help or accept")

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
            self.event("accept", ("P{} accepts the {}", cur, PENDING_TEXT[pend.kind]), rules)
            if pend.skip:
                if pend.draw:
                    self._draw(cur, pend.draw, rules)
                self.event("skip", ("P{} loses the turn", cur), ("LOCO-TURN-6",))
                self.advance_from = cur
                self.go("ADVANCE")
            else:
                self.go("CHECKPOINT")
                self.cp += 1
                self.resume = "TURN_MAIN"
                self._draw(cur, pend.draw, rules)
