"""Summaries of a simulation frame: wins by seat, game length, how games ended, the game's own counts.

The game-specific rows (how each way of ending reads, tables such as cards
laid, effects and interrupts) come from the game's
:class:`~chililab.engine.registry.SimStats`, found by the frame's ``game``.
"""
from __future__ import annotations

from chililab.agents import RandomAgent
from chililab.engine import registry


def _series(df, col):
    """The column, or ``how=WORD``: whether each game ended that way."""
    if col.startswith("how="):
        return (df["how"] == col[4:]).astype("int64")
    return df[col] if col in df.columns else None

def _seat_wins(df):
    """Games won by each seat; a shared win counts for every seat sharing it (from ``winners``)."""
    if "winners" not in df.columns:  # a frame from before shared wins were recorded
        return df["winner"].value_counts()
    return df["winners"].dropna().str.split(",").explode().astype(int).value_counts()


def summarize(df) -> dict:
    """The summary tables of a :func:`chililab.sim.simulate` frame, as pandas DataFrames.

    Keys: ``wins`` (by seat: agent, wins, percent; a shared win counts for each seat sharing it),
    ``length`` (decisions and turns: mean, median, max), ``how`` (games per way of ending), ``groups``
    ({title: table of total and per game}, e.g. cards laid by name) and
    ``interrupts`` (total, per game, percent of games with at least one).
    """
    import pandas as pd

    stats = registry.get(df.attrs["game"]).sim_stats() if "game" in df.attrs else None

    n = len(df)
    players = int(df["players"].iloc[0]) if n else int(df.attrs.get("players", 0))
    agents = df["agents"].iloc[0].split(",") if n else list(df.attrs.get("agents", []))
    counts = _seat_wins(df)
    wins = pd.DataFrame({
        "seat": [f"P{s}" for s in range(players)],
        "agent": [agents[s] if s < len(agents) else "?" for s in range(players)],
        "wins": [int(counts.get(s, 0)) for s in range(players)],
    })
    wins["percent"] = 100 * wins["wins"] / n if n else 0.0
    length = pd.DataFrame({
        "mean": [df["steps"].mean(), df["turns"].mean()],
        "median": [df["steps"].median(), df["turns"].median()],
        "max": [df["steps"].max(), df["turns"].max()],
    }, index=["decisions", "turns"]).round(1)
    how_counts = df["how"].value_counts()
    labels = dict(stats.how) if stats else {}
    labels.update({h: str(h) for h in how_counts.index if h not in labels})
    how = pd.DataFrame({"games": [int(how_counts.get(h, 0)) for h in labels]}, index=list(labels.values()))
    how["percent"] = 100 * how["games"] / n if n else 0.0
    groups = {}
    for title, prefix in stats.groups if stats else ():
        cols = [c for c in df.columns if c.startswith(prefix)]
        groups[title] = pd.DataFrame({"total": [int(df[c].sum()) for c in cols],
                                      "per game": [round(df[c].mean(), 2) if n else 0.0 for c in cols]},
                                     index=[c[len(prefix):] for c in cols])
    rows = []
    for label, col, *least in stats.interrupts if stats else ():
        s = _series(df, col)
        if s is None:
            continue
        if least:
            s = (s >= least[0]).astype("int64")
        rows.append((label, int(s.sum()), round(s.mean(), 2) if n else 0.0,
                     round(100 * (s > 0).mean(), 1) if n else 0.0))
    interrupts = pd.DataFrame(rows, columns=["what", "total", "per game", "% of games"]).set_index("what")
    return {"wins": wins, "length": length, "how": how, "groups": groups, "interrupts": interrupts}

def _random_note(df) -> list[str]:
    """What random bots are for, when any seat had one (their numbers are not how people play)."""
    agents = df["agents"].iloc[0].split(",") if len(df) else list(df.attrs.get("agents", []))
    if RandomAgent.name not in agents:
        return []
    bot = registry.get(df.attrs["game"]).bot if "game" in df.attrs else None
    better = ([f"      For numbers closer to real play, give the seats the game's usual bot: --agents {bot}."]
              if bot and bot != RandomAgent.name else [])  # (a game whose usual bot is the random one has no better)
    return ["note: random bots pick any legal move at random. They show what the rules allow (every effect",
            "      and interrupt reached, how long a game can run); they do not play like people, so their",
            "      game lengths and ways of winning are not what a table of players would see.", *better]


def summary_text(df) -> str:
    """A plain-text report of :func:`summarize` (what ``chililab simulate`` prints)."""
    n = len(df)
    a = df.attrs
    s = summarize(df)
    seeds = f"seeds {df['seed'].min()}..{df['seed'].max()}" if n else "no games"
    title = registry.get(a["game"]).title if "game" in a else "?"
    lines = [(f"{title}: {n} games, {a.get('players', '?')} players, {seeds}, "
              f"backend {a.get('backend', '?')}")]
    if a.get("options"):
        lines.append(f"options: {a['options']}")
    if a.get("interrupted"):
        lines.append(f"interrupted (Ctrl-C): the {n} games finished out of {a.get('n', '?')}; the tables are theirs")
    lines += _random_note(df)
    lines += ["", "Wins by seat"]
    for r in s["wins"].itertuples(index=False):
        lines.append(f"  {r.seat:<4} {r.agent:<8} {r.wins:>7}  {r.percent:5.1f}%")
    by_agent = s["wins"].groupby("agent")[["wins"]].sum()
    if len(by_agent) > 1:
        lines.append("  by agent: " + ", ".join(
            f"{name} {int(w)} ({100 * w / n:.1f}%)" for name, w in by_agent["wins"].items()))
    lines += ["", "Game length          mean   median      max"]
    for name, r in s["length"].iterrows():
        lines.append(f"  {name:<16} {r['mean']:>8.1f} {r['median']:>8.1f} {r['max']:>8.0f}")
    lines += ["", "How the game was won"]
    for name, r in s["how"].iterrows():
        lines.append(f"  {name:<34} {int(r['games']):>7}  {r['percent']:5.1f}%")
    for title, table in s["groups"].items():
        lines += ["", f"{title:<26} total  per game"]
        for name, r in table.iterrows():
            lines.append(f"  {name:<22} {int(r['total']):>9} {r['per game']:>9.2f}")
    lines += ["", "Effects and interrupts                     total  per game  % of games"]
    for name, r in s["interrupts"].iterrows():
        lines.append(f"  {name:<38} {int(r['total']):>9} {r['per game']:>9.2f}  {r['% of games']:9.1f}%")
    return "\n".join(lines)
