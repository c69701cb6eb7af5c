"""Turn structure (loco.md 2.3, LOCO-TURN-*): a turn from its start to the card laid, drawn or the effect
accepted, and answering a pending effect (LOCO-TURN-8, -9).

What may be laid is matching (``matching.py``), drawing is the draw pile's (``draw_pile.py``), what a
laid card does is the card library's (``card_library.py``)."""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.core import LazyDecision
from chililab.engine.phases import Phases

from .base import LocoBase
from .cards import TWIN, holds, take
from .checks import ANSWERS, MATCHING, MILK, TWIN_MATCHING
from .moves import _ACCEPT, _ASK, _DRAW, _LAY1, _LAY2, _LAY_OF, _STALL, Accept, AskHelp, Draw, Jump, Lay, StallPass
from .pending import EFFECTS

_TURN_DECISIONS: dict[tuple, LazyDecision] = {}  # decisions are immutable values: each is built once


def _turn_decision(key):
    """The TURN_MAIN decision of seat ``cur`` (and of ``jumper``, polled in secret: I1), made once."""
    cur, jumper, colour, name = key
    prompt: tuple
    if name is None:  # a wild on top
        prompt = ("P{0}'s turn: lay a card matching {1}, draw, or ask for help", cur, colour)
    else:
        prompt = ("P{0}'s turn: lay a card matching {1} or {2}, draw, or ask for help", cur, colour, name)
    if jumper is None:
        d = LazyDecision("turn", (cur,), "TURN_MAIN", prompt, None)
    else:
        d = LazyDecision("turn", (jumper, cur), "TURN_MAIN", prompt, (cur,))
    _TURN_DECISIONS[key] = d
    return d


class TurnRules(LocoBase):
    """Mixin of LocoState: a turn from its start to the card laid, drawn or the effect accepted."""

    SECTION_PHASES = Phases(
        automatic={"CHECKPOINT": "_at_checkpoint", "ADVANCE": "_advance", "TURN_BEGIN": "_turn_begin"},
        windows={"TURN_MAIN": "_resolve_turn_main"},
        actions={"RESPONSE": "_do_response"},
        legal={"TURN_MAIN": "_turn_moves", "RESPONSE": "_response_moves"},
        refusals={"TURN_MAIN": "_check_turn_main", "RESPONSE": "_check_response"},
    )

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

    def _turn_moves(self, s):
        """TURN_MAIN: lay (LOCO-MATCH-1..4, a twin LOCO-TWIN-1), draw (LOCO-TURN-3), help (LOCO-HELP-1) or stall."""
        if s == self.jumper and s != self.current:
            return self._jump_moves(s)
        hand = self.hands[s]
        top = self.pile[-1].id
        colour = self.colour
        assert colour is not None  # a turn starts only once the starter's colour is known
        playable = MATCHING[colour][top]
        lay_of = _LAY_OF[s]
        out = [lay_of[c] for c in hand if c in playable]
        n_lays = len(out)
        if n_lays:
            milk = lay_of[MILK]
            if holds(out, milk) and not self._milk_ok(s, hand):
                take(out, milk)
                n_lays -= 1
            if n_lays > 1:  # LOCO-TWIN-1: two identical cards (an identical card matches alike)
                firsts = TWIN_MATCHING[colour][top]
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

    def _response_moves(self, s):
        """RESPONSE: answer the pending effect (LOCO-TURN-8), ask for help or accept (LOCO-TURN-9)."""
        hand = self.hands[s]
        lay1 = _LAY1[s]
        pend = self.pending
        assert pend is not None  # RESPONSE is entered only with a pending effect aimed at the current seat
        answering = ANSWERS[pend.kind]
        cards = [c for c in hand if c in answering]
        if holds(hand, MILK) and self._milk_ok(s, hand):
            cards = [c for c in hand if c in answering or c is MILK]  # in hand order
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
            err = self._twin_problem(cards[0], cards[1], m)
            if err:
                return err
        if c.name == "Milk Chaser":
            return self._milk_problem(p, m)
        return self._match_problem(c, m)

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

    def _response_prompt(self) -> str:
        p = self.pending
        assert p is not None
        return (f"P{self.current} faces {EFFECTS[p.kind].text}"
                + (f" (draw {p.draw})" if p.draw else "") + (" and loses the turn" if p.skip else "")
                + ": answer it, ask for help or accept")

    def _check_response(self, m):
        p = m.player
        pend = self.pending
        assert pend is not None  # RESPONSE is entered only with a pending effect aimed at the current seat
        if isinstance(m, Accept):
            return None
        if isinstance(m, AskHelp):
            return self._help_problem(m)
        if isinstance(m, Draw):
            return IllegalMove("LOCO-TURN-8", f"A {EFFECTS[pend.kind].text} is aimed at you: drawing now is "
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
            if c in ANSWERS[pend.kind]:  # a Hot Sauce on a Hot Sauce, a wild on the Personal Recipe's
                return None
            effect = EFFECTS[pend.kind]
            return IllegalMove(effect.refused_rule, f"{effect.refusal}; {c} cannot be laid now", m)
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
            assert pend is not None
            self.pending = None
            effect = EFFECTS[pend.kind]
            rules = ("LOCO-TURN-9", effect.accept_rule)
            self.event("accept", ("P{} accepts the {}", cur, effect.text), rules)
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
