"""Metrics read straight from a :func:`chililab.sim.simulate` frame: seat advantage, game length, occurrences.

Columns are read defensively: ``winners`` (every winning seat, for shared victories) when the frame has
it, else ``winner`` (one seat; empty when the win was shared and the seats are not recorded).

In a team game (an option such as ``mode=team``) the seats of a team win together, so the test of "every seat
wins equally" cannot tell teams apart: :func:`team_advantage` asks it of the teams (:func:`teams_of`).
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


def side_wins(df, sides) -> tuple[list[float], int, int]:
    """(wins per side, a victory shared by k sides counted 1/k for each, games with known winners, games whose
    winners are not known). ``sides``: the seats of each side (one seat each, or a team's); a side wins a game
    when one of its seats is among the winners."""
    wins = [0.0] * len(sides)
    known = unknown = 0
    sides = [set(side) for side in sides]
    for seats in winners(df):
        won = [i for i, side in enumerate(sides) if side.intersection(seats)]
        if not won:
            unknown += 1
            continue
        known += 1
        for i in won:
            wins[i] += 1 / len(won)
    return wins, known, unknown


def seat_wins(df) -> tuple[list[float], int, int]:
    """(wins per seat with a shared victory counted 1/k for each of its k seats, games with known winners,
    games whose winners are not known)."""
    return side_wins(df, [(s,) for s in range(players_of(df))])


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


def teams_of(df) -> tuple[tuple[int, ...], ...] | None:
    """The seats of each team of a team game, or None: the frame's ``teams`` attribute (set by
    :func:`chililab.sim.simulate`), else the teacher's view ``teams`` of a game built from its ``game``,
    ``players`` and ``options`` attributes (a frame saved before teams were recorded)."""
    a = df.attrs
    if "teams" in a:
        return tuple(tuple(int(s) for s in t) for t in a["teams"]) if a["teams"] else None
    game = a.get("game")
    if game not in registry.names() or not players_of(df):
        return None
    try:
        g = registry.get(game).new_game(players_of(df), int(a.get("seed", 0)), **dict(a.get("options") or {}))
    except ValueError:  # options of another version of the game: no teams to tell
        return None
    teams = getattr(g.view(None), "teams", None)
    return tuple(tuple(t) for t in teams) if teams else None


def team_name(team) -> str:
    """``"P0+P2"``: the seats of a team."""
    return "+".join(f"P{s}" for s in team)


def team_advantage(df, teams=None):
    """:func:`seat_advantage` for the teams of a team game (None when the game has no teams).

    ``teams``: the seats of each team (default :func:`teams_of`). Returns a DataFrame indexed by team
    (``T0`` ...) with ``seats`` (``P0+P2``), ``wins``, ``share``, ``low``, ``high`` (95% Wilson); its
    ``attrs`` hold ``chi2`` and ``p`` of "every team wins equally" (teams are of one size), ``games`` and
    ``unknown``.
    """
    import pandas as pd

    teams = teams_of(df) if teams is None else teams
    if not teams:
        return None
    wins, known, unknown = side_wins(df, teams)
    rows = []
    for i, (t, w) in enumerate(zip(teams, wins)):
        lo, hi = wilson(w, known)
        rows.append({"team": f"T{i}", "seats": team_name(t), "wins": w, "share": w / known if known else math.nan,
                     "low": lo, "high": hi})
    out = pd.DataFrame(rows, columns=["team", "seats", "wins", "share", "low", "high"]).set_index("team")
    stat, p = chi2_uniform(wins) if known else (math.nan, math.nan)
    out.attrs.update({"chi2": stat, "p": p, "games": known, "unknown": unknown, "teams": teams})
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


def metrics_table(frames, option_sets):
    """The per-game table ``chililab metrics --out`` saves: the rows of each option set's frame (all on the same
    seeds), with ``option_set`` (``A``, ``B`` ...) and ``options`` (that set's options as text). Its ``attrs`` are
    the first frame's, with ``option_sets`` (label -> options)."""
    import pandas as pd

    labels = [chr(ord("A") + i) for i in range(len(frames))]
    table = pd.concat([df.assign(option_set=label, options=str(dict(o)))
                       for label, df, o in zip(labels, frames, option_sets)], ignore_index=True)
    table.attrs = {**frames[0].attrs, "option_sets": {label: dict(o) for label, o in zip(labels, option_sets)}}
    return table
