"""Simulate many games with agents and study them as a pandas DataFrame.

>>> from chililab.sim import simulate
>>> df = simulate("loco", agents="random", n=4, seed=0, progress=False, workers=1)
>>> list(df.seed)
[0, 1, 2, 3]

``simulate(..., backend="dask")`` runs the same per-chunk function on Dask: a
LocalCluster of 2 worker processes by default, ``scheduler="tcp://host:8786"``
for a lab cluster, or ``client=`` any ``distributed.Client`` (a Dask Gateway
cluster's). :func:`save_results` / :func:`load_results` keep a frame as Parquet
or CSV with its dtypes (``docs/simulation.md``). :func:`summarize` turns a frame into the numbers
the ``chililab simulate`` command prints. Any registered game works: the
game's own columns and summary rows come from its spec (``GameSpec.sim``).
Ctrl-C stops a run cleanly: :class:`SimulationInterrupted` carries the games
finished so far.
"""
from __future__ import annotations

from .core import MAX_GAMES, SimulationInterrupted, game_row, max_workers, resolve_agents, run_chunk, simulate
from .results import BASE_COLUMNS, load_results, save_results
from .summary import summarize, summary_text

__all__ = ["BASE_COLUMNS", "MAX_GAMES", "SimulationInterrupted", "game_row", "load_results", "max_workers",
           "resolve_agents", "run_chunk", "save_results", "simulate", "summarize", "summary_text"]
