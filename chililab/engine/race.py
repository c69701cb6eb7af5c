"""Races: who is quicker, settled by the game's reaction model and its tie-break.

Races are not decisions (DESIGN.md): seats decide *whether* to take part, the
seeded reaction model says *when* each acts. Exact ties are broken by a seeded
uniform pick that the game announces in its own words (:meth:`Races._tie_event`).
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from .reaction import ReactionModel


class Races:
    """Mixin: race latencies, the order they give, and the tie-break.

    The rules state provides ``reaction`` (a :class:`~chililab.engine.ReactionModel`)
    and ``rng``, and overrides :meth:`_tie_event` to say a tie was broken.
    """

    reaction: ReactionModel
    rng: random.Random

    def race(self, kind: str, seats: Iterable[int], arrivals: Iterable[int] | None = None) -> dict[int, float]:
        """Latencies of ``seats`` in race ``kind``: {seat: latency}, lower is quicker. ``arrivals``: the seats in
        the order their answers reached the table, which decides a race between people (``PeopleReaction``)."""
        if getattr(self.reaction, "people", False):
            return self.reaction.latencies(kind, list(seats), self.rng, arrivals=arrivals)  # type: ignore[call-arg]
        return self.reaction.latencies(kind, list(seats), self.rng)

    def race_order(self, latencies: dict[int, float], what: str) -> list[int]:
        """Seats quickest first; exact ties broken by :meth:`tie_break`."""
        out = []
        remaining = dict(latencies)
        while remaining:
            m = min(remaining.values())
            tied = sorted(s for s, v in remaining.items() if v == m)
            first = tied[0] if len(tied) == 1 else self.tie_break(tied, what)
            out.append(first)
            del remaining[first]
        return out

    def tie_break(self, tied: list[int], what: str) -> int:
        """A seeded uniform pick among ``tied`` seats, announced by the game."""
        pick = tied[self.rng.randrange(len(tied))]
        self._tie_event(tied, what, pick)
        return pick

    def _tie_event(self, tied: list[int], what: str, pick: int) -> None:
        """Hook: tell the table how the tie in ``what`` was broken (the game's wording and rule)."""
        raise NotImplementedError
