"""How a run is cut into chunks (the tasks a worker plays in one go).

A chunk should take long enough that sending it costs little beside the play,
and short enough that the progress bar moves, the workers finish together, and
Ctrl-C is not kept waiting by a chunk still running on a remote worker (Dask
cannot stop a running task). Games differ a thousandfold in length (a random-bot
game of a rule-heavy kind runs far longer than a rule-bot one), so the size is measured,
not guessed: the first chunks are small, and each later one holds about
``target_s`` seconds of play at the speed seen so far. Rows depend only on the
seeds, never on the chunking (:mod:`chililab.sim.core`).
"""
from __future__ import annotations

import math
import time

#: games in each of the first chunks, before any speed is known
FIRST_CHUNK = 2


class ChunkPlan:
    """Chunk sizes for a run of ``n`` games on ``slots`` workers, from the games finished so far.

    ``done()`` tells how many games have finished (e.g. ``len(rows)``); ``fixed``: always that size.
    """

    def __init__(self, n: int, slots: int, done, target_s: float, most: int, fixed: int | None = None):
        self.n, self.slots, self.done, self.target_s, self.most, self.fixed = n, max(1, slots), done, target_s, most, fixed
        self.t0 = time.monotonic()
        self.handed = 0

    def size(self) -> int:
        """Games in the next chunk: about ``target_s`` seconds for one worker at the speed so far,
        at most ``most``, and no more than an even share of the games left (so workers end together)."""
        if self.fixed:
            return self.fixed
        finished, elapsed = self.done(), time.monotonic() - self.t0
        if not finished or elapsed <= 0:
            return FIRST_CHUNK
        per_slot = finished / elapsed / self.slots  # games per second on one worker (low at first: start-up counts)
        share = math.ceil((self.n - self.handed) / (2 * self.slots))
        return max(1, min(self.most, share, int(per_slot * self.target_s)))

    def spans(self, first: int = 0):
        """The chunks as ``(start, stop)`` ranges of ``first .. first + n``, made as they are asked for."""
        start, end = first, first + self.n
        while start < end:
            stop = min(start + self.size(), end)
            self.handed += stop - start
            yield start, stop
            start = stop

    def jobs(self, game, seed, players, options, agents):
        """The chunks, made as they are asked for: (game, seeds, players, options, agents)."""
        for start, stop in self.spans(seed):
            yield game, range(start, stop), players, options, agents
