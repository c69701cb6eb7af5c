"""LOCO! shouting (loco.md 2.9, LOCO-SHOUT-*): obligations, shouts and calls."""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import LocoBase, seat_name
from .moves import _CALL, _PASS, _SHOUT, Call, Pass, Shout


class ShoutRules(LocoBase):
    """Mixin of LocoState: obligations follow hand sizes; the LOCO! window at a checkpoint."""

    SECTION_PHASES = Phases(windows={"CHECKPOINT": "_resolve_loco"}, legal={"CHECKPOINT": "_loco_moves"},
                            refusals={"CHECKPOINT": "_loco_problem"})

    def _sync(self, seats, force=False):
        """LOCO obligations follow hand sizes (LOCO-SHOUT-1, -2, -5, -6)."""
        offers = self.offers
        for s in seats:
            c = len(self.hands[s])
            if offers:  # held(s), inlined
                for g, _ in offers:
                    if g == s:
                        c += 1
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
                self.event("loco_open", ("P{0} is down to one card: P{0} must shout LOCO!", s),
                            ("LOCO-SHOUT-5",) if force else ("LOCO-SHOUT-1",))

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
                order = self.race_order(self.race("loco", [o] + callers, arrivals=list(answers)), "the LOCO! race")
                self.event("race", "LOCO! race: " + " then ".join(
                    f"P{s} {'shouts' if s == o else 'calls'}" for s in order), ("LOCO-SHOUT-3",))
            else:
                order = [o] if shout else callers if len(callers) == 1 else \
                    self.race_order(self.race("loco", callers, arrivals=list(answers)), "the LOCO! calls")
            first = order[0]
            del self.obligations[o]
            if first == o:
                self.event("shout", f"P{o} shouts LOCO! in time", ("LOCO-SHOUT-2",))
            else:
                self.event("caught", f"P{first} calls LOCO on P{o} first: P{o} draws 2", ("LOCO-SHOUT-3",))
                self._draw(o, 2, ("LOCO-SHOUT-3",))
            late = [s for s in order[1:] if s != o]
            if late and first != o:
                self.event("late_call", f"{', '.join(seat_name(s) for s in late)} called too: only one penalty per LOCO!",
                            ("LOCO-SHOUT-3",))
        for s, a in answers.items():
            if isinstance(a, Call) and a.target not in open_now:
                self.event("false_call", ("P{} calls LOCO on P{}, who has no open LOCO!: no effect", s, a.target),
                            ("LOCO-SHOUT-4",))
        self.go("CHECKPOINT")

    def _loco_moves(self, s):
        """CHECKPOINT: shout (on one card), call LOCO on anyone else, or pass (LOCO-SHOUT-2, -3)."""
        calls = _CALL[s]
        out = [_SHOUT[s]] if s in self.obligations else []
        out.extend(calls[t] for t in range(self.n) if t != s)
        out.append(_PASS[s])
        return out

    def _loco_problem(self, m):
        p = m.player
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
