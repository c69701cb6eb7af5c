"""Salsa Slap (loco.md 2.6, LOCO-SLAP-*): everyone slaps, the last slapper draws; or the table votes.

A tie for last is settled as ``ties.py`` says (LOCO-TIE-1)."""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import LocoBase
from .moves import _SLAP, _VOTE, Slap, Vote


class SlapRules(LocoBase):
    """Mixin of LocoState: everyone slaps; the last slapper draws; or the table votes."""

    SECTION_PHASES = Phases(windows={"SLAP_RACE": "_resolve_vote"}, legal={"SLAP_RACE": "_vote_moves"},
                            refusals={"SLAP_RACE": "_vote_problem"})

    def _slap(self):
        """LOCO-SLAP-1..4: everyone slaps; the last one draws 2 (4 after a twin)."""
        k = 4 if len(self.laid) == 2 else 2
        if getattr(self.reaction, "people", False):  # people race: everyone slaps for real, the last one draws
            self.ask("window", tuple(range(self.n)), f"Salsa Slap! Slap the pile: the last to slap draws {k}")
            self.answers = {}
            return
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
        if getattr(self.reaction, "people", False):
            self._resolve_slaps(answers)
            return
        tally: dict[int, int] = {}
        for s in range(self.n):
            t = answers[s].target
            tally[t] = tally.get(t, 0) + 1
        top = max(tally.values())
        tied = sorted(t for t, v in tally.items() if v == top)
        votes = ", ".join(f"P{s}->P{answers[s].target}" for s in range(self.n))
        self.event("vote", f"The table votes on who slapped last ({votes})", ("LOCO-SLAP-4", "LOCO-TIE-1"))
        loser = tied[0] if len(tied) == 1 else self.tie_break(tied, "the vote")
        self._slap_penalty(loser, 4 if len(self.laid) == 2 else 2, ("LOCO-SLAP-4",))

    def _resolve_slaps(self, answers):
        """LOCO-SLAP-1, -2 between people: the slaps in the order they reached the table; the last one draws."""
        lat = self.race("slap", range(self.n), arrivals=list(answers))
        order = self.race_order(lat, "the slap")
        self.event("slaps", "Slaps in the order they reached the table: " + ", ".join(f"P{s}" for s in order),
                   ("LOCO-SLAP-1", "LOCO-SLAP-2"))
        self._slap_penalty(order[-1], 4 if len(self.laid) == 2 else 2, ("LOCO-SLAP-1", "LOCO-SLAP-2"))

    def _vote_moves(self, s):
        """SLAP_RACE with table_vote: vote for any seat (LOCO-SLAP-4); between people: slap (LOCO-SLAP-1)."""
        if getattr(self.reaction, "people", False):
            return [_SLAP[s]]
        return [_VOTE[s][t] for t in range(self.n)]

    def _vote_problem(self, m):
        if getattr(self.reaction, "people", False):
            return None if isinstance(m, Slap) else IllegalMove("LOCO-SLAP-1", "Salsa Slap! Everyone slaps the pile "
                                                                "now: the last to slap draws", m)
        if isinstance(m, Vote) and isinstance(m.target, int) and 0 <= m.target < self.n:
            return None
        return IllegalMove("LOCO-SLAP-4", "Vote for the seat you think slapped last", m)
