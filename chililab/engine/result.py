"""How a game ended, in the same shape for every game (``sim`` reads only these fields)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """The end of a game.

    winners: every winning seat (usually one; teams or ties give several).
    scores: one number per seat, or ``None`` for games without scores.
    how: a short word for how it ended (``"laid"``, ``"gave"``, ``"three rounds"`` ...).
    turns: how many turns were played.

    A game adds its own fields by subclassing (a frozen dataclass).

    >>> r = Result(winners=(2,), scores=None, how="laid", turns=31)
    >>> r.winner
    2
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    how: str
    turns: int

    @property
    def winner(self) -> int | None:
        """The single winner, or ``None`` when several seats share the win."""
        return self.winners[0] if len(self.winners) == 1 else None
