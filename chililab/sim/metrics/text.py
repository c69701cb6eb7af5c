"""The metrics as plain-text tables (what ``chililab metrics GAME`` prints)."""
from __future__ import annotations

import math

from chililab.engine import registry

from .frame import game_length, occurrences, seat_advantage, team_advantage


def _pct(x) -> str:
    return "    -" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:5.1f}%"


def _p(p) -> str:
    if p is None or math.isnan(p):
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _num(x, width=8, digits=2) -> str:
    return f"{'-':>{width}}" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:>{width}.{digits}f}"


def header(df) -> str:
    a = df.attrs
    title = registry.get(a["game"]).title if a.get("game") in registry.names() else str(a.get("game", "?"))
    seeds = f"seeds {df['seed'].min()}..{df['seed'].max()}" if len(df) else "no games"
    opts = f", options {a['options']}" if a.get("options") else ""
    return f"{title}: {len(df)} games, {a.get('players', '?')} players, {seeds}, agents {','.join(map(str, a.get('agents', [])))}{opts}"


def metrics_text(df, decisive=None, events: bool = False) -> str:
    """The metrics of one frame as text; ``decisive``: its :func:`~.decisive.decisiveness` table."""
    seats = seat_advantage(df)
    at = seats.attrs
    lines = [header(df), "", "Seat advantage (win share, 95% Wilson interval; a shared win counts 1/k per seat)"]
    for seat, r in seats.iterrows():
        lines.append(f"  {seat:<4} {r.agent:<8} {r.wins:>9.1f}  {_pct(r.share)}  [{_pct(r.low)} .. {_pct(r.high)}]")
    if seats["agent"].nunique() > 1 and at["games"]:
        by_agent = seats.groupby("agent", sort=False)["wins"].sum()
        lines.append("  by agent (seat and agent go together here): " + ", ".join(
            f"{name} {_pct(w / at['games']).strip()}" for name, w in by_agent.items()))
    lines.append(_equal_line(at, "seat"))
    if at["unknown"]:
        lines.append(f"  ({at['unknown']} games without recorded winning seats left out)")
    teams = team_advantage(df)
    if teams is not None:
        lines += ["", "Team advantage (win share, 95% Wilson interval; a win shared by k teams counts 1/k per team)"]
        for team, r in teams.iterrows():
            lines.append(f"  {team:<4} {r.seats:<8} {r.wins:>9.1f}  {_pct(r.share)}  [{_pct(r.low)} .. {_pct(r.high)}]")
        lines.append(_equal_line(teams.attrs, "team"))
    length = game_length(df)
    lines += ["", "Game length        mean      sd     min     q10     q25  median     q75     q90     max"]
    for name, r in length.iterrows():
        lines.append(f"  {name:<12}" + "".join(_num(v, 8, 1) for v in r.tolist()))
    if decisive is not None and len(decisive):
        d = decisive
        lines += ["", f"Decisiveness ({len(d)} games replayed)          mean  median"]
        for label, col in (("winner clear from (fraction of game)", "decisive_at"),
                           ("winner not leading (fraction of game)", "behind"),
                           ("changes of the sole leader", "lead_changes")):
            lines.append(f"  {label:<38}{_num(d[col].mean(), 7)}{_num(d[col].median(), 8)}")
        lines.append(f"  clear only at the very end: {_pct((d['decisive_at'] >= 1).mean())} of games")
    elif decisive is not None and decisive.attrs.get("reason"):
        lines += ["", f"Decisiveness: not measured: {decisive.attrs['reason']}"]
    occ = occurrences(df)
    for kind, title in (("effect", "Effects and interrupts"), ("edge", "Flow edges (windows, races, phases)"),
                        *((("event", "Events"),) if events else ())):
        rows = occ[(occ["kind"] == kind) & (occ["games"] > 0)]
        if not len(rows):
            continue
        lines += ["", f"{title:<44} per game  % of games"]
        for what, r in rows.iterrows():
            lines.append(f"  {what[:42]:<42}{_num(r['per game'], 9)}  {_pct(r['share']):>10}")
        unseen = int(((occ["kind"] == kind) & (occ["games"] == 0)).sum())
        if unseen:
            lines.append(f"  ({unseen} never seen)")
    return "\n".join(lines)


def _equal_line(at, who: str) -> str:
    """The chi-square line of a seat or team advantage table's ``attrs``: does every seat (team) win equally?"""
    verdict = (f"the {who}s differ" if at["p"] < 0.05 else f"no clear {who} advantage") if not math.isnan(at["p"]) else ""
    p_text = "< 0.001" if _p(at["p"]).startswith("<") else f"= {_p(at['p'])}"
    return f"  every {who} wins equally? chi2 = {_num(at['chi2'], 0)}, p {p_text}: {verdict}"


def compare_text(table, a_label: str, b_label: str) -> str:
    """A :func:`~.compare.compare` table as text, with the differences that stand out listed first."""
    lines = [f"A: {a_label}", f"B: {b_label}", "",
             f"{'metric':<44}{'A':>9}{'B':>9}  {'test':<12}{'p':>7}{'p adj':>8}  verdict"]
    group = None
    for r in table.itertuples(index=False):
        if r.group != group:
            group = r.group
            lines.append(f"{group}")
        share = r.group in ("win share",)
        fa, fb = (_pct(r.A), _pct(r.B)) if share else (_num(r.A, 8), _num(r.B, 8))
        lines.append(f"  {str(r.metric)[:42]:<42}{fa:>9}{fb:>9}  {r.test:<12}{_p(r.p):>7}{_p(r[6]):>8}  {r.verdict}")
    real = table[~table["verdict"].isin(["no clear difference", "not testable"])]
    lines.append("")
    if len(real):
        lines.append(f"In plain words: {len(real)} of {len(table)} metrics differ beyond chance (Holm-adjusted p < 0.05):")
        for r in real[real["group"] != "flow edge"].itertuples(index=False):
            lines.append(f"  - {r.group} {r.metric}: {r.verdict} ({_fmt(r.A, r.group)} -> {_fmt(r.B, r.group)})")
        edges = real[real["group"] == "flow edge"]
        if len(edges):
            more = int((edges["verdict"] == "B more").sum())
            lines.append(f"  - flow edges: {len(edges)} taken at a different rate ({more} more often with B, "
                         f"{len(edges) - more} less often; see the table above)")
    else:
        lines.append(f"In plain words: no metric differs beyond chance (all {len(table)} Holm-adjusted p >= 0.05);"
                     " more games may still show a small difference.")
    return "\n".join(lines)


def _fmt(x, group) -> str:
    return _pct(x).strip() if group == "win share" else _num(x, 0)
