"""What may be played (loco.md 2.2, LOCO-MATCH-1..4): the clause that lets a card go on the pile, and
why one may not. The matching rule itself is the pure :func:`.checks.matches` (bots and odds read it)."""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import LocoBase
from .cards import Card
from .checks import matches


def match_rule(card: Card, below: Card | None) -> str:
    """The clause that lets ``card`` go on ``below``: a wild (LOCO-MATCH-3), the colour of a wild top (-4),
    a pepper (-1) or a coloured action (-2)."""
    if card.wild:
        return "LOCO-MATCH-3"
    if below is not None and below.wild:
        return "LOCO-MATCH-4"
    return "LOCO-MATCH-1" if card.kind == "pepper" else "LOCO-MATCH-2"


class MatchingRules(LocoBase):
    """Mixin of LocoState: why a card does not match the pile."""

    def _match_problem(self, c: Card, m) -> IllegalMove | None:
        """Why ``c`` may not go on the top card (LOCO-MATCH-1, -2, -4), or None when it matches."""
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
