"""Simulate many games with agents and study them as a pandas DataFrame.

>>> from chililab.sim import simulate
>>> df = simulate("loco", agents="rules,random,random,random", n=4, seed=0, progress=False, workers=1)
>>> list(df.seed)
[0, 1, 2, 3]

``simulate(..., backend="dask", client=...)`` runs the same per-chunk function
on a ``distributed.Client``. :func:`summarize` turns a frame into the numbers
the ``chililab simulate`` command prints.
"""
from __future__ import annotations

from .core import (BASE_COLUMNS, DERIVED, GAMES, LOCO_EVENT_KINDS, LOCO_LAID, game_row, resolve_agents, run_chunk,
                   simulate)
from .summary import INTERRUPTS, summarize, summary_text

__all__ = ["BASE_COLUMNS", "DERIVED", "GAMES", "INTERRUPTS", "LOCO_EVENT_KINDS", "LOCO_LAID", "game_row",
           "resolve_agents", "run_chunk", "simulate", "summarize", "summary_text"]
