"""Errors the engine raises. All are ``ValueError`` subclasses with a learner-readable message."""
from __future__ import annotations


class ChililabError(ValueError):
    """Base class of every error chililab raises on bad input."""


class IllegalMove(ChililabError):
    """A move the rules do not allow right now. The game state is unchanged.

    ``rule`` names the clause of ``shared/rules/<game>.md`` that forbids it and
    ``reason`` says why in words a learner understands.
    """

    def __init__(self, rule: str, reason: str, move=None):
        self.rule = rule
        self.reason = reason
        self.move = move
        super().__init__(f"{reason} [{rule}]")


class ConfigError(ChililabError):
    """Bad game options, found before anything is dealt."""


class RecordError(ChililabError):
    """A saved game (record) that cannot be loaded: corrupted, foreign, too new or too big.

    ``reason`` says why; ``move`` is the number (from 1) of the recorded move at fault,
    or ``None`` when the record as a whole is (its format, options, seed, setup or size).
    """

    def __init__(self, reason: str, move: int | None = None):
        self.reason = reason
        self.move = move
        super().__init__(reason if move is None else f"move {move} {reason}")
