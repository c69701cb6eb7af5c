"""The baseline bot: a uniformly random legal move."""
from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    """Chooses uniformly among the legal moves (any game)."""

    name = "random"
    lazy_view = True  # never reads the view

    def choose(self, view, legal_moves, rng):
        return rng.choice(legal_moves)
