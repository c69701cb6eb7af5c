"""Metrics read straight from a :func:`chililab.sim.simulate` frame: seat advantage, game length, occurrences.

Columns are read defensively: ``winners`` (every winning seat, for shared victories) when the frame has
it, else ``winner`` (one seat; empty when the win was shared and the seats are not recorded).
"""
from __future__ import annotations

import math
import re

from chililab.engine import registry

from .stats import chi2_uniform, wilson

#: quantiles of the game-length table
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


def _seats(value) -> tuple[int, ...]:
    """Winning seats from one cell: an int, a list/tuple/array, a text such as "0,2" or "[0, 2]", or empty
    (None, NaN, pandas' NA, "")."""
    if isinstance(value, str):
        return tuple(int(x) for x in re.findall(r"-?\d+", value))
    if hasattr(value, "__iter__"):
        return tuple(int(x) for x in value)
    import pandas as pd

    return () if pd.isna(value) else (int(value),)


def winners(df) -> list[tuple[int, ...]]:
    """The winning seats of each game (``()`` when not known)."""
    col = "winners" if "winners" in df.columns else "winner"
    return [_seats(v) for v in df[col]]


def players_of(df) -> int:
    """Seats per game: the ``players`` column, else the frame's ``players`` attribute."""
    if len(df) and "players" in df.columns:
        return int(df["players"].iloc[0])
    return int(df.attrs.get("players", 0))


def seat_agents(df) -> list[str]:
    """The agent name of each seat (from the ``agents`` column or attribute)."""
    if len(df) and "agents" in df.columns:
        return str(df["agents"].iloc[0]).split(",")
    return list(df.attrs.get("agents", []))


def seat_wins(df) -> tuple[list[float], int, int]:
    """(wins per seat with a shared victory counted 1/k for each of its k seats, games with known winners,
    games whose winners are not known)."""
    players = players_of(df)
    wins = [0.0] * players
    known = unknown = 0
    for seats in winners(df):
        seats = [s for s in seats if 0 <= s < players]
        if not seats:
            unknown += 1
            continue
        known += 1
        for s in seats:
            wins[s] += 1 / len(seats)
    return wins, known, unknown


def seat_advantage(df):
    """Win share per seat with 95% Wilson intervals, and a chi-square test of "every seat wins equally".

    Returns a DataFrame indexed by seat (``P0`` ...) with ``agent``, ``wins``, ``share``, ``low``,
    ``high``; its ``attrs`` hold ``chi2``, ``p``, ``games`` (with known winners) and ``unknown``
    (games whose winning seats the frame does not record). Seats with different agents are not
    comparable by seat alone: the test then asks about seat and agent together.
    """
    import pandas as pd

    wins, known, unknown = seat_wins(df)
    agents = seat_agents(df)
    rows = []
    for s, w in enumerate(wins):
        lo, hi = wilson(w, known)
        rows.append({"seat": f"P{s}", "agent": agents[s] if s < len(agents) else "?", "wins": w,
                     "share": w / known if known else math.nan, "low": lo, "high": hi})
    out = pd.DataFrame(rows, columns=["seat", "agent", "wins", "share", "low", "high"]).set_index("seat")
    stat, p = chi2_uniform(wins) if known else (math.nan, math.nan)
    out.attrs.update({"chi2": stat, "p": p, "games": known, "unknown": unknown})
    return out


def _quantile_name(k: float) -> str:
    return "median" if k == 0.5 else f"q{round(100 * k)}"


def game_length(df):
    """Decisions (``steps``) and ``turns`` per game: mean, sd, min, the :data:`QUANTILES` (q10 ... median ...) and max."""
    import pandas as pd

    rows = {}
    for name, col in (("decisions", "steps"), ("turns", "turns")):
        s = df[col].dropna().astype(float) if col in df.columns else pd.Series(dtype=float)
        q = s.quantile(list(QUANTILES)) if len(s) else pd.Series([math.nan] * len(QUANTILES), index=QUANTILES)
        rows[name] = {"mean": s.mean(), "sd": s.std(), "min": s.min(),
                      **{_quantile_name(k): q[k] for k in QUANTILES}, "max": s.max()}
    return pd.DataFrame(rows).T


def _stats(df):
    game = df.attrs.get("game")
    return registry.get(game).sim_stats() if game in registry.names() else None


def occurrence_columns(df) -> list[tuple[str, str, str, int]]:
    """(kind, label, column, at_least) of every occurrence the frame can count: the game's own effects and
    interrupts (its ``SimStats.interrupts``), then each flow edge, then each event kind."""
    out = []
    stats = _stats(df)
    for label, col, *least in stats.interrupts if stats else ():
        if col.startswith("how=") or col in df.columns:
            out.append(("effect", label, col, least[0] if least else 1))
    for c in df.columns:
        if c.startswith("edge:"):
            out.append(("edge", c[5:].replace("->", " -> "), c, 1))
    for c in df.columns:
        if c.startswith("event:"):
            out.append(("event", c[6:], c, 1))
    return out


def occurrence_series(df, col):
    """One count per game for ``col`` (``how=WORD``: 1 when the game ended that way)."""
    if col.startswith("how="):
        return (df["how"] == col[4:]).astype("int64")
    return df[col].fillna(0)


def occurrences(df):
    """How often each effect, interrupt, flow edge (windows, races ...) and event happened.

    Columns: ``kind`` (effect / edge / event), ``total``, ``per game`` (mean), ``games`` (games
    with it at least once, or at least ``at_least`` for a row such as "a Hot Sauce stack of 4+",
    where the count is the largest value rather than a number of occurrences) and ``share``
    (of games), indexed by label.
    """
    import pandas as pd

    n = len(df)
    rows = []
    for kind, label, col, least in occurrence_columns(df):
        s = occurrence_series(df, col)
        hit = int((s >= least).sum())
        rows.append({"what": label, "kind": kind, "column": col, "total": float(s.sum()) if least == 1 else hit,
                     "per game": s.mean() if n and least == 1 else (hit / n if n else math.nan),
                     "games": hit, "share": hit / n if n else math.nan})
    return pd.DataFrame(rows, columns=["what", "kind", "column", "total", "per game", "games", "share"]
                        ).set_index("what")
