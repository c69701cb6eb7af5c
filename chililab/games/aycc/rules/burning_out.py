"""Burning out (aycc.md 2.6): the burn-out check, a character leaving the round, the players left.

The Neutral (AYCC-NEUTRAL-1/2) is never revealed (``view.py``) and never counts as a player left
(DEC-30, :meth:`BurnRules._players_left`); the +2 per dish under it is scored at the round's end
(``end_of_round.py``).
"""
from __future__ import annotations

from .base import ACTIVE, BURNT, AyccBase
from .cards import CHARACTERS

NAMES = tuple(c.name for c in CHARACTERS)


class BurnRules(AyccBase):
    """The burn-out check (called by every step that changes a heat or a tolerance) and knocking out."""

    def _burn_check(self, chars) -> bool:
        """AYCC-BURN-1: each active player character among ``chars`` whose heat exceeds its tolerance burns out.

        Returns True when the round is over (at most one player left, AYCC-ROUND-1/2): every open sub-step is
        dropped and the state is in ``ROUND_END_CHECK``; the caller stops there. Call it after every change of
        a heat or a tolerance (a placement, a Fork, a swap, a new tolerance), from SERVE, FORK or ABILITY.
        """
        burnt = False
        for c in chars:
            s = self.owner[c]
            if s is not None and self.status[c] == ACTIVE and self.heats[c] > self.tol[s]:
                self._knock_out(c, BURNT, "AYCC-BURN-1")
                burnt = True
        if burnt and self._players_left() <= 1:
            self.drop_returns()
            self.serving = None
            self.go("ROUND_END_CHECK")
            return True
        return False

    def _knock_out(self, c: int, how: str, clause: str) -> None:
        """Character ``c`` is out (``how``: WITHDRAWN or BURNT); its identity and tolerance are revealed."""
        s = self.owner[c]
        assert s is not None
        self.status[c] = how
        self.id_revealed[s] = self.tol_revealed[s] = True
        if how == BURNT:
            self.event("burn_out", ("{} (P{}) burns out: heat {} is over the tolerance {}. P{} scores nothing this "
                                    "round and keeps taking turns", NAMES[c], s, self.heats[c], self.tol[s], s),
                       (clause, "AYCC-BURN-3"), data={"seat": s, "character": c, "tolerance": self.tol[s]})

    def _players_left(self) -> int:
        """How many player characters are still active (the Neutral never counts, DEC-30)."""
        status = self.status  # per character: only the row's are ever ACTIVE
        return status.count(ACTIVE) - (1 if status[self.neutral] == ACTIVE else 0)
