"""Two option sets of a game side by side: small Plotly figures as plain dicts (for
:class:`chililab.widgets.plot.PlotView`), from plain numbers (no data-frame library here).

>>> fig = seat_shares(["P0", "P1"], {"A": [(0.6, 0.4, 0.8), (0.4, 0.2, 0.6)], "B": [None, None]}, 0.5)
>>> [t["name"] for t in fig["data"]], fig["data"][1]["y"]
(['A', 'B', 'fair share'], [None, None])
>>> h = length_histogram({"A": [10, 11, 60], "B": [12]}, "turns")["data"]
>>> h[0]["x"][:2], h[0]["y"][0], h[1]["y"][0]
(['10-12', '13-15'], 0.6666666666666666, 1.0)
>>> empty = waiting("Win share by seat", "press simulate to start")
>>> empty["data"], empty["layout"]["yaxis"]["visible"], empty["layout"]["annotations"][0]["text"]
([], False, 'press simulate to start')
"""
from __future__ import annotations

import math

from .odds import _layout

COLOURS = {"A": "#1d3557", "B": "#e85d04"}
BINS = 24  #: most bars of a length histogram


def seat_shares(seats, sets: dict, fair: float, title: str = "Win share by seat (95% interval)") -> dict:
    """Grouped bars: each option set's win share per seat with its interval; a dashed line at the fair share.

    ``sets``: ``{label: [(share, low, high) or None per seat]}``.
    """
    data = []
    for label, points in sets.items():
        data.append({"type": "bar", "name": label, "x": list(seats),
                     "y": [p[0] if p else None for p in points], "marker": {"color": COLOURS.get(label)},
                     "error_y": {"type": "data", "symmetric": False, "color": "#333333",
                                 "array": [p[2] - p[0] if p else None for p in points],
                                 "arrayminus": [p[0] - p[1] if p else None for p in points]},
                     "hovertemplate": f"{label} %{{x}}: %{{y:.1%}}<extra></extra>"})
    data.append({"type": "scatter", "mode": "lines", "name": "fair share", "x": [seats[0], seats[-1]] if seats else [],
                 "y": [fair, fair] if seats else [], "line": {"color": "#6b5b4b", "dash": "dash"}})
    return {"data": data, "layout": _layout(title, "win share", 330, True, barmode="group",
                                            xaxis={"type": "category"})}


def length_histogram(sets: dict, what: str = "turns", title: str | None = None) -> dict:
    """Each option set's share of games by length, on shared bins (at most :data:`BINS`).

    ``sets``: ``{label: [length of each game]}``.
    """
    values = [v for vs in sets.values() for v in vs]
    lo, hi = (min(values), max(values)) if values else (0, 0)
    width = max(1, math.ceil((hi - lo + 1) / BINS))
    edges = list(range(lo, hi + 1, width))
    names = [str(e) if width == 1 else f"{e}-{e + width - 1}" for e in edges]
    data = []
    for label, vs in sets.items():
        counts = [0] * len(edges)
        for v in vs:
            counts[(v - lo) // width] += 1
        data.append({"type": "bar", "name": f"{label} ({len(vs):,} games)", "x": names,
                     "y": [c / len(vs) for c in counts] if vs else [None] * len(edges),
                     "marker": {"color": COLOURS.get(label)},
                     "hovertemplate": f"{label}, {what} %{{x}}: %{{y:.1%}} of games<extra></extra>"})
    return {"data": data, "layout": _layout(title or f"Game length: {what}", "share of games", 330, True,
                                            barmode="group", bargap=0.1,
                                            xaxis={"type": "category", "title": {"text": what}})}


def waiting(title: str, message: str, height: int = 330) -> dict:
    """A chart with nothing to show yet: its title and ``message`` in the middle, no axes (Plotly would draw an
    empty chart's axes over made-up ranges, a share from 0 to 400%)."""
    layout = _layout(title, "", height, False)
    layout["xaxis"], layout["yaxis"] = {"visible": False}, {"visible": False}
    layout["annotations"] = [{"text": message, "xref": "paper", "yref": "paper", "x": 0.5, "y": 0.5,
                              "showarrow": False, "font": {"size": 16, "color": "#6b5b4b"}}]
    return {"data": [], "layout": layout}
