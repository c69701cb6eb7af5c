"""The end (SCORE): C8-SCORE-1 every card left in a hand costs points; C8-SCORE-2 the best score wins.

The game ends when a player plays their last card (C8-END-1), when "max turns" cards have been played
(C8-END-2), or when the deck is empty and one more pass than there are players came in a row (C8-END-3).
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Result

from .base import C8Base
from .checks import penalty_total


@dataclass(frozen=True)
class C8Result(Result):
    """``scores``: minus each seat's penalty (OpenSpiel's returns, with face values: NOTES.md);
    ``how``: "out", "turns" or "blocked"; ``turns``: the cards played; ``penalties``: per seat."""

    penalties: tuple[int, ...] = ()


HOW = {"out": "a player played their last card", "turns": "the card limit was reached",
       "blocked": "the deck was empty and everyone passed"}


class EndRules(C8Base):
    """SCORE (automatic)."""


    def _score_step(self) -> bool:
        pens = tuple(penalty_total(h) for h in self.hands)
        scores = tuple(-x for x in pens)
        best = max(scores)
        winners = tuple(s for s in range(self.n) if scores[s] == best)
        self.event("score", ("Penalties: {}", ", ".join(f"P{s} {x}" for s, x in enumerate(pens))), ("C8-SCORE-1",),
                   data={"penalties": pens})
        self.event("winner", ("{} with {} points", " and ".join(f"P{s}" for s in winners) + (" win" if len(winners) > 1
                                                                                            else " wins"), best),
                   ("C8-SCORE-2",))
        self.finish(C8Result(winners, scores, self.how, self.plays, pens))
        return True
