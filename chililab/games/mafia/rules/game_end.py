"""The final round and scoring (mafia.md section 2.8).

FINAL_ROUND runs by itself between final turns: once the deck is empty, every
player, the one who emptied it included, takes one more turn clockwise from the
next player, and nobody draws (MAFIA-END-1/2). SCORING discards hands and
incomplete gangs (MAFIA-SCORE-1), scores the gangs (SCORE-2/3 in ``checks.py``) and
names the winners with the tie-breaks (MAFIA-TIE-1) in a kernel ``Result``.
"""
from __future__ import annotations

from chililab.engine import Result

from .base import MafiaBase, Phases
from .checks import complete, side_tallies, winners


class EndRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-END-1, END-2, SCORE-1..3, TIE-1."""

    SECTION_PHASES = Phases(automatic={"FINAL_ROUND": "_final_round", "SCORING": "_score"})

    def _final_round(self):
        assert self.final_left is not None, "FINAL_ROUND follows the deck running out"
        if self.final_left == 0:
            self.go("SCORING")
            return False
        self.final_left -= 1
        self._next_turn("TURN_MAIN")
        self.event("final_turn", ("Final round: P{}'s last turn (no draw at its end)", self.current),
                   ("MAFIA-END-1", "MAFIA-END-2"))
        return True

    def _score(self):
        """MAFIA-SCORE-1: hands, Hot Properties and incomplete gangs are discarded; then the gangs score."""
        for s in range(self.n):
            self.discard += self.hands[s]
            self.discard += self.hps[s]
            self.hands[s], self.hps[s] = [], ()
            for g in self.gangs[s]:
                if not complete(g):
                    self.discard += g
            self.gangs[s] = tuple(g for g in self.gangs[s] if complete(g))
        self.event("scoring", "Hands, Hot Properties and incomplete gangs are discarded", ("MAFIA-SCORE-1",))
        tallies = side_tallies(self.gangs, self.team_of)
        best = winners(tallies)
        seats = tuple(s for s in range(self.n) if self.team_of[s] in best)
        how = _how(tallies, best)
        for side, t in tallies.items():
            self.event("score", ("Side {}: {} points, {} Brotherhoods, {} peppers", side, t.points, t.brotherhoods,
                                 t.peppers), ("MAFIA-SCORE-2", "MAFIA-SCORE-3"))
        self.finish(Result(winners=seats, scores=tuple(tallies[self.team_of[s]].points for s in range(self.n)),
                           how=how, turns=self.turn))
        return True


def _how(tallies, best) -> str:
    """Which rule of MAFIA-TIE-1 decided: "points", "brotherhoods", "fewest peppers" or "shared"."""
    if len(best) > 1:
        return "shared"
    top = tallies[best[0]]
    rivals = [t for side, t in tallies.items() if side != best[0]]
    if all(t.points < top.points for t in rivals):
        return "points"
    if all((t.points, t.brotherhoods) < (top.points, top.brotherhoods) for t in rivals):
        return "brotherhoods"
    return "fewest peppers"
