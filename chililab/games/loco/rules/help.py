"""Asking for help (loco.md 2.4, LOCO-HELP-*), and the race when a giver slides their last card (LOCO-WIN-4, -5)."""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.core import LazyDecision
from chililab.engine.phases import Phases

from .base import AUDIENCE, LocoBase
from .cards import NAME, take
from .moves import _CALL, _LEAVE, _OFFER_OF, _PASS, _SHOUT, _TOUCH, Call, Leave, Offer, Pass, Shout, Touch
from .options import MAX_PLAYERS

_SEATS = range(MAX_PLAYERS)
#: decisions are immutable values, so the common ones are built once:
#: _OFFER_DECISION[asker][seat asked] (HELP_OFFERS) and _TOUCH_DECISION[asker][giver] (HELP_ACCEPT)
_OFFER_DECISION = tuple(tuple(LazyDecision("window", (q,), "HELP_OFFERS", (
    "P{0} asks for help: P{1} may slide one card face down, or nothing", cur, q), None) for q in _SEATS)
    for cur in _SEATS)
_TOUCH_DECISION = tuple(tuple(LazyDecision("choice", (cur,), "HELP_ACCEPT", (
    "P{0}: touch P{1}'s face-down card to take it, or leave it", cur, g), None) for g in _SEATS) for cur in _SEATS)


class HelpRules(LocoBase):
    """Mixin of LocoState: asking for help, offers one seat at a time, touching or leaving each card."""

    SECTION_PHASES = Phases(
        windows={"HELP_ACCEPT": "_resolve_touch"},
        actions={"HELP_OFFERS": "_do_offer"},
        legal={"HELP_OFFERS": "_offer_moves", "HELP_ACCEPT": "_touch_moves"},
        refusals={"HELP_OFFERS": "_offer_problem", "HELP_ACCEPT": "_touch_problem"},
    )

    def held(self, s) -> int:
        """Cards a seat holds, counting a card it has slid face down and not yet had back or taken."""
        c = len(self.hands[s])
        if self.offers:
            c += sum(1 for g, _ in self.offers if g == s)
        return c

    def _help_problem(self, m):
        cap = self.opts["help_requests_per_turn_cap"]
        if self.help_count >= cap:
            return IllegalMove("LOCO-HELP-4", f"Help was already asked {cap} times this turn (the table's limit)", m)
        return None

    def _ask_help(self, ret):
        cur = self.current
        self.help_count += 1
        self.help_return = ret
        self.start_pass((cur + k) % self.n for k in range(1, self.n))
        self.offers = []
        self.offer_i = 0
        self.event("help", ("P{} asks for help ({} this turn)", cur, self.help_count), ("LOCO-HELP-1", "LOCO-HELP-2"))
        self.go("HELP_OFFERS")
        self._ask_next_helper()

    def _ask_next_helper(self):
        self.decision = _OFFER_DECISION[self.current][self.pass_seat]

    def _do_offer(self, m):
        q = self.pass_seat
        more = self.pass_answered()
        if isinstance(m, Offer):
            take(self.hands[q], m.card)
            self.offers.append((q, m.card))
            self.event("offer", ("P{} slides {} face down to P{}", q, NAME[m.card.id], self.current), ("LOCO-HELP-2",),
                       AUDIENCE[q][q], ("P{} slides a card face down to P{}", q, self.current))
        else:
            self.event("no_offer", ("P{} offers nothing", q), ("LOCO-HELP-2",))
        if more:
            self.go("HELP_OFFERS")
            self._ask_next_helper()
        elif self.offers:
            self.go("HELP_ACCEPT")
            self._ask_touch()
        else:
            self.event("no_help", "Nobody helps", ("LOCO-HELP-2",))
            self._checkpoint(self.help_return)

    def _give_race(self, g) -> bool:
        """I6: the giver slid their last card with LOCO! not yet shouted, so anyone may call it (LOCO-WIN-5)."""
        return not self.hands[g] and g in self.obligations

    def _ask_touch(self):
        g, card = self.offers[self.offer_i]
        cur = self.current
        if self._give_race(g):
            # I6: the giver's last card, LOCO! not yet shouted: giver, callers and asker race (R4)
            self.ask("window", tuple(range(self.n)), f"P{cur}: touch P{g}'s face-down card to take it, or leave it"
                     f" (P{g} has not shouted LOCO!)")
        else:
            self.decision = _TOUCH_DECISION[cur][g]
        self.answers = {}

    def _resolve_touch(self, answers):
        cur = self.current
        g, card = self.offers[self.offer_i]
        touch = isinstance(answers[cur], Touch)
        asker_called = isinstance(answers[cur], Call)
        acts = {}
        if len(answers) > 1:
            if touch:
                acts[cur] = "touch"
            if isinstance(answers.get(g), Shout):
                acts[g] = "shout"
            for s, a in answers.items():
                if isinstance(a, Call):
                    acts[s] = "call"
        order = self.race_order(self.race("give", acts, arrivals=list(answers)), "the give race") if len(acts) > 1 else list(acts)
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
        if asker_called:  # LOCO-WIN-5: the card is still on offer; the asker now touches or leaves it
            self.go("HELP_ACCEPT")
            self._ask_touch()
            return
        if not touch:
            self.offers.pop(self.offer_i)
            self.hands[g].append(card)
            self.event("leave", ("P{0} leaves P{1}'s card; it goes back to P{1}", cur, g), ("LOCO-HELP-3",))
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
        self.event("touch", ("P{} touches P{}'s card and takes {}", cur, g, NAME[card.id]), ("LOCO-HELP-3",),
                   AUDIENCE[cur][g], ("P{} touches P{}'s card and takes it", cur, g))
        if not self.hands[g] and self.held(g) == 0:
            self._win_by_giving(g, card)
            return True
        self._sync((cur, g))
        return False

    def _offer_moves(self, s):
        """HELP_OFFERS: the seat asked may slide any one card face down, or nothing (LOCO-HELP-2)."""
        out = list(map(_OFFER_OF[s].__getitem__, self.hands[s]))
        out.append(_PASS[s])
        return out

    def _offer_problem(self, m):
        p = m.player
        if isinstance(m, Offer):
            return self._hold(p, (m.card,), m, "LOCO-HELP-2")
        if isinstance(m, Pass):
            return None
        return IllegalMove("LOCO-HELP-2", f"P{p} may offer one card face down, or nothing", m)

    def _touch_moves(self, s):
        """HELP_ACCEPT: the asker touches or leaves; on a giver's last card the giver may shout and anyone
        else, the asker too, may call (LOCO-WIN-5, LOCO-SHOUT-3)."""
        g = self.offers[self.offer_i][0]
        if s == self.current:
            return [_TOUCH[s], _LEAVE[s], _CALL[s][g]] if self._give_race(g) else [_TOUCH[s], _LEAVE[s]]
        if s == g:
            return [_SHOUT[s], _PASS[s]]
        return [_CALL[s][g], _PASS[s]]

    def _touch_problem(self, m):
        p = m.player
        g = self.offers[self.offer_i][0]
        if p == self.current:
            if isinstance(m, (Touch, Leave)):
                return None
            if isinstance(m, Call) and m.target == g and self._give_race(g):
                return None
            return IllegalMove("LOCO-HELP-3", "Touch the offered card to take it, or leave it", m)
        if p == g and isinstance(m, (Shout, Pass)):
            return None
        if p != g and (isinstance(m, Pass) or (isinstance(m, Call) and m.target == g)):
            return None
        return IllegalMove("LOCO-WIN-5", f"While P{self.current} decides on P{g}'s last card, P{g} may shout "
                           "LOCO! and anyone else, the asker too, may call LOCO on P{g}".replace("{g}", str(g)), m)
