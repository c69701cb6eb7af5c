"""Summaries of a simulation frame: wins by seat, game length, how often each effect and interrupt happened."""
from __future__ import annotations

#: (label, column) of the interrupts and special events counted in a summary
INTERRUPTS = (
    ("jump-ins", "jump_ins"),
    ("landing races (lay vs jump-in)", "event:landing"),
    ("twins laid", "twins"),
    ("Salsa Slap races", "event:slap"),
    ("LOCO! obligations opened", "event:loco_open"),
    ("LOCO! shouts", "event:shout"),
    ("LOCO calls that caught (owner draws 2)", "event:caught"),
    ("false LOCO calls", "event:false_call"),
    ("LOCO! windows expired uncaught", "event:loco_expired"),
    ("help asks", "event:help"),
    ("help offers", "event:offer"),
    ("offers touched", "event:touch"),
    ("offers left", "event:leave"),
    ("Hot Sauce stacks", "stacks"),
    ("pending effects accepted", "event:accept"),
    ("turns lost (Heat Stroke / Reaper)", "event:skip"),
    ("Milk Chaser cancels", "event:cancel"),
    ("reversals (Stir the Pot)", "event:reverse"),
    ("Blender deals", "event:blender"),
    ("Taco Trades", "event:taco"),
    ("Hot Potatoes", "event:potato"),
    ("reshuffles", "event:reshuffle"),
    ("stall passes", "event:stall"),
    ("race ties settled", "event:tie"),
)


def summarize(df) -> dict:
    """The summary tables of a :func:`chililab.sim.simulate` frame, as pandas DataFrames.

    Keys: ``wins`` (by seat: agent, wins, percent), ``length`` (decisions and
    turns: mean, median, max), ``how`` (laid / jumped / gave), ``laid`` (cards
    laid by name: total, per game) and ``interrupts`` (total, per game,
    percent of games with at least one).
    """
    import pandas as pd

    n = len(df)
    players = int(df["players"].iloc[0]) if n else int(df.attrs.get("players", 0))
    agents = df["agents"].iloc[0].split(",") if n else list(df.attrs.get("agents", []))
    counts = df["winner"].value_counts()
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
    how = pd.DataFrame({"games": [int(how_counts.get(h, 0)) for h in ("laid", "jumped", "gave")]},
                       index=["laid the last card", "jumped in with the last card", "gave the last card (help)"])
    how["percent"] = 100 * how["games"] / n if n else 0.0
    laid_cols = [c for c in df.columns if c.startswith("laid:")]
    laid = pd.DataFrame({"total": [int(df[c].sum()) for c in laid_cols],
                         "per game": [round(df[c].mean(), 2) if n else 0.0 for c in laid_cols]},
                        index=[c[5:] for c in laid_cols])
    rows = []
    for label, col in INTERRUPTS:
        if col not in df.columns:
            continue
        s = df[col]
        rows.append((label, int(s.sum()), round(s.mean(), 2) if n else 0.0,
                     round(100 * (s > 0).mean(), 1) if n else 0.0))
    gave = df["how"] == "gave"
    rows.append(("wins by giving", int(gave.sum()), round(gave.mean(), 2) if n else 0.0,
                 round(100 * gave.mean(), 1) if n else 0.0))
    if "max_hot_sauce" in df.columns and n:
        big = df["max_hot_sauce"]
        rows.append(("games with a Hot Sauce stack of 4+", int((big >= 4).sum()), round((big >= 4).mean(), 2),
                     round(100 * (big >= 4).mean(), 1)))
    interrupts = pd.DataFrame(rows, columns=["what", "total", "per game", "% of games"]).set_index("what")
    return {"wins": wins, "length": length, "how": how, "laid": laid, "interrupts": interrupts}


def summary_text(df) -> str:
    """A plain-text report of :func:`summarize` (what ``chililab simulate`` prints)."""
    n = len(df)
    a = df.attrs
    s = summarize(df)
    seeds = f"seeds {df['seed'].min()}..{df['seed'].max()}" if n else "no games"
    title = {"loco": "Chili Loco"}.get(a.get("game", "loco"), a.get("game", "?"))
    lines = [(f"{title}: {n} games, {a.get('players', '?')} players, {seeds}, "
              f"backend {a.get('backend', '?')}")]
    if a.get("options"):
        lines.append(f"options: {a['options']}")
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
    lines += ["", "Cards laid                 total  per game"]
    for name, r in s["laid"].iterrows():
        lines.append(f"  {name:<22} {int(r['total']):>9} {r['per game']:>9.2f}")
    lines += ["", "Effects and interrupts                     total  per game  % of games"]
    for name, r in s["interrupts"].iterrows():
        lines.append(f"  {name:<38} {int(r['total']):>9} {r['per game']:>9.2f}  {r['% of games']:9.1f}%")
    return "\n".join(lines)
