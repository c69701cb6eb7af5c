"""Two option sets side by side: every metric of set A beside set B, with a significance test and a verdict.

Win shares: a two-proportion z test per seat (Fisher's exact test when a win count is small), and a
chi-square test of "the same shares by seat" for all seats at once; in a team game the same per team. Lengths, decisiveness and
occurrence counts per game: Mann-Whitney U. With many rows some would pass p < 0.05 by chance, so
the verdict reads the Holm-adjusted p (``p adj``) at :data:`ALPHA`.
"""
from __future__ import annotations

import math

from .frame import occurrence_columns, occurrence_series, players_of, seat_wins, side_wins, team_name, teams_of
from .stats import chi2_homogeneity, fisher_exact, holm, mann_whitney, two_proportion_z

#: the significance level of the verdicts (after the Holm adjustment)
ALPHA = 0.05


def _share_rows(wa, na, wb, nb, labels, everyone: str) -> list:
    """Win-share rows: one per seat (or team) labelled ``labels``, then all of them at once (``everyone``)."""
    rows = []
    for s, label in enumerate(labels):
        xa, xb = (wa[s] if s < len(wa) else 0.0), (wb[s] if s < len(wb) else 0.0)
        whole = float(xa).is_integer() and float(xb).is_integer()
        if whole and min(xa, xb, na - xa, nb - xb) < 10:
            test, p = "Fisher", fisher_exact(int(xa), int(na - xa), int(xb), int(nb - xb))
        else:
            test, p = "z", two_proportion_z(xa, na, xb, nb)[1]
        rows.append(("win share", label, xa / na if na else math.nan, xb / nb if nb else math.nan, test, p))
    rows.append(("win share", everyone, math.nan, math.nan, "chi2", chi2_homogeneity(wa, wb)[1]))
    return rows


def _wins_rows(a, b):
    wa, na, _ = seat_wins(a)
    wb, nb, _ = seat_wins(b)
    rows = _share_rows(wa, na, wb, nb, [f"P{s}" for s in range(max(len(wa), len(wb)))], "all seats alike")
    teams = teams_of(a)
    if teams and teams == teams_of(b):  # a team game with the same teams on both sides: the teams too
        (ta, ka, _), (tb, kb, _) = side_wins(a, teams), side_wins(b, teams)
        rows += _share_rows(ta, ka, tb, kb, [f"team {team_name(t)}" for t in teams], "all teams alike")
    return rows


def _mean(values) -> float:
    return sum(values) / len(values) if values else math.nan


def _sample_row(group, name, x, y):
    x, y = [v for v in x if not math.isnan(v)], [v for v in y if not math.isnan(v)]
    return (group, name, _mean(x), _mean(y), "Mann-Whitney", mann_whitney(x, y)[1])


def compare(a, b, decisive_a=None, decisive_b=None):
    """Metrics of frames ``a`` and ``b`` side by side.

    Returns a DataFrame with ``group``, ``metric``, ``A``, ``B`` (win share, mean length,
    mean decisiveness, occurrences per game), ``test``, ``p``, ``p adj`` (Holm) and ``verdict``.
    ``decisive_a`` / ``decisive_b``: :func:`~.decisive.decisiveness` tables of each side (optional).
    """
    import pandas as pd

    if players_of(a) != players_of(b):
        raise ValueError(f"cannot compare seats of {players_of(a)}- and {players_of(b)}-player games")
    rows = _wins_rows(a, b)
    for name, col in (("decisions", "steps"), ("turns", "turns")):
        rows.append(_sample_row("length", name, a[col].astype(float).tolist(), b[col].astype(float).tolist()))
    if decisive_a is not None and decisive_b is not None and len(decisive_a) and len(decisive_b):
        for col in ("decisive_at", "behind", "lead_changes"):
            rows.append(_sample_row("decisiveness", col, decisive_a[col].tolist(), decisive_b[col].tolist()))
    both = set(occurrence_columns(b))
    for kind, label, col, least in occurrence_columns(a):
        if kind == "event" or (kind, label, col, least) not in both:
            continue
        sa, sb = occurrence_series(a, col), occurrence_series(b, col)
        if least > 1:
            sa, sb = (sa >= least).astype(float), (sb >= least).astype(float)
        if sa.sum() == 0 and sb.sum() == 0:
            continue
        rows.append(_sample_row("effect" if kind == "effect" else "flow edge", label,
                                sa.astype(float).tolist(), sb.astype(float).tolist()))
    out = pd.DataFrame(rows, columns=["group", "metric", "A", "B", "test", "p"])
    out["p adj"] = holm(out["p"].tolist())
    out["verdict"] = [verdict(x, y, p, g) for x, y, p, g in zip(out["A"], out["B"], out["p adj"], out["group"])]
    return out


def verdict(a, b, p_adj, group="") -> str:
    """Plain words for one row: which side is higher, or no clear difference, at :data:`ALPHA`."""
    if math.isnan(p_adj):
        return "not testable"
    if p_adj >= ALPHA:
        return "no clear difference"
    if math.isnan(a) or math.isnan(b):
        return "differs"
    word = {"length": ("longer", "shorter"), "win share": ("wins more", "wins less")}.get(group, ("more", "less"))
    return f"B {word[0] if b > a else word[1]}"
