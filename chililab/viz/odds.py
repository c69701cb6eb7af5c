"""Exact beside simulated: small Plotly figures as plain dicts (for :class:`chililab.widgets.plot.PlotView`).

Plain dicts, not ``plotly.graph_objects``: building them imports nothing, and they travel to
the page as they are. Every figure uses the ``"none"`` template (a few bytes, not plotly's
~8 kB default theme), so redrawing a chart after a simulation sends little.

A simulated value is a ``(value, low, high, n)`` tuple (an estimate and its interval) or ``None``
(nothing simulated yet).

>>> fig = exact_and_simulated(["A", "B"], [0.25, 0.5], [(0.3, 0.2, 0.4, 100), None], "Odds", percent=True)
>>> [t["name"] for t in fig["data"]]
['exact', 'simulated (99% interval)']
>>> fig["data"][1]["y"], fig["data"][1]["error_y"]["array"]
([0.3, None], [0.10000000000000003, None])
>>> len(convergence([(10, 0.3, 0.1, 0.5), (20, 0.2, 0.1, 0.35)], 0.25, "P", "chance")["data"])
4
"""
from __future__ import annotations

import math

EXACT = "#1d3557"
SIMULATED = "#e85d04"
BAND = "rgba(232,93,4,0.18)"


def _layout(title: str, ytitle: str, height: int, percent: bool, **extra) -> dict:
    """A chart's layout: the title at the top left, the legend in a row under it (above the plot: clear of
    the x axis's labels), text big enough for a projector, and margins that grow to fit the axes' labels.
    No width: the chart takes its box's (:class:`chililab.widgets.plot.PlotView` follows the box)."""
    xaxis = {"automargin": True, **extra.pop("xaxis", {})}
    return {"template": "none", "height": height,
            "title": {"text": title, "x": 0.01, "xanchor": "left", "y": 0.985, "yanchor": "top",
                      "font": {"size": 17}},
            "margin": {"l": 64, "r": 24, "t": 76, "b": 48}, "font": {"size": 14},
            "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.02, "yanchor": "bottom"},
            "hovermode": "closest", "xaxis": xaxis,
            "yaxis": {"title": {"text": ytitle}, "rangemode": "tozero", "gridcolor": "#eeeeee", "automargin": True,
                      **({"tickformat": ".0%"} if percent else {})}, **extra}


def exact_and_simulated(labels, exact, simulated, title: str, ytitle: str = "", percent: bool = False,
                        height: int = 330) -> dict:
    """Grouped bars: the exact value of each label beside its simulated estimate with its interval."""
    fmt = ".1%" if percent else ".2f"
    sims = [s[0] if s else None for s in simulated]
    return {
        "data": [
            {"type": "bar", "name": "exact", "x": list(labels), "y": [float(v) for v in exact],
             "marker": {"color": EXACT}, "hovertemplate": f"%{{x}}: exact %{{y:{fmt}}}<extra></extra>"},
            {"type": "bar", "name": "simulated (99% interval)", "x": list(labels), "y": sims,
             "marker": {"color": SIMULATED},
             "error_y": {"type": "data", "symmetric": False, "color": "#6b2c00",
                         "array": [s[2] - s[0] if s else None for s in simulated],
                         "arrayminus": [s[0] - s[1] if s else None for s in simulated]},
             "customdata": [s[3] if s else 0 for s in simulated],
             "hovertemplate": f"%{{x}}: simulated %{{y:{fmt}}} from %{{customdata:,}} samples<extra></extra>"},
        ],
        "layout": _layout(title, ytitle, height, percent, barmode="group",
                          # labels such as "14" stay labels, in this order; long ones on two or three lines
                          xaxis={"type": "category", "tickvals": list(labels),
                                 "ticktext": [wrap(str(t)) for t in labels]}),
    }


def wrap(label: str, width: int = 16) -> str:
    """A tick label on lines of about ``width`` characters (``<br>`` between words), so that long labels
    stay level instead of tilting and squeezing the chart.

    >>> wrap("serve once more, then withdraw"), wrap("Habi Wasabi (heat 0)"), wrap("14")
    ('serve once more,<br>then withdraw', 'Habi Wasabi<br>(heat 0)', '14')
    """
    lines: list[str] = []
    for word in label.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def convergence(points, exact, title: str, ytitle: str = "", percent: bool = False, height: int = 330) -> dict:
    """The simulated estimate after n samples (a line, its 99% interval a band) and the exact value (dashed).

    ``points``: ``(n, value, low, high)`` tuples, n increasing; the x axis is logarithmic, labelled
    1, 2, 5, 10, 20, 50, ... (1, 10, 100, ... beyond four tenfolds).

    >>> convergence([(5, .2, 0, .6), (100, .1, .05, .2)], .1, "P")["layout"]["xaxis"]["ticktext"]
    ['1', '2', '5', '10', '20', '50', '100']
    """
    xs = [p[0] for p in points]
    right = max(xs[-1] if xs else 10, 10)
    ticks = log_ticks(right)
    if exact >= 0 and all(p[1] >= 0 for p in points):  # a quantity that cannot be negative: so is its band
        points = [(n, v, max(low, 0), high) for n, v, low, high in points]
    return {
        "data": [
            {"type": "scatter", "mode": "lines", "name": "99% interval", "x": xs, "y": [p[3] for p in points],
             "line": {"width": 0}, "hoverinfo": "skip", "showlegend": False},
            {"type": "scatter", "mode": "lines", "name": "99% interval", "x": xs, "y": [p[2] for p in points],
             "line": {"width": 0}, "fill": "tonexty", "fillcolor": BAND, "hoverinfo": "skip"},
            {"type": "scatter", "mode": "lines+markers", "name": "simulated", "x": xs,
             "y": [p[1] for p in points], "line": {"color": SIMULATED, "width": 3}, "marker": {"size": 6},
             "hovertemplate": f"after %{{x:,}} samples: %{{y:{'.1%' if percent else '.2f'}}}<extra></extra>"},
            {"type": "scatter", "mode": "lines", "name": "exact", "x": [1, right], "y": [float(exact)] * 2,
             "line": {"color": EXACT, "dash": "dash", "width": 2.5}},
        ],
        "layout": _layout(title, ytitle, height, percent,
                          xaxis={"type": "log", "title": {"text": "samples simulated (1, 10, 100, 1,000 ... equally spaced)"},
                                 "gridcolor": "#eeeeee", "range": [0, math.log10(right) + 0.04],
                                 "tickvals": ticks, "ticktext": [f"{t:,}" for t in ticks]},
                          annotations=[] if points else [{"text": "nothing simulated yet", "showarrow": False,
                                                          "xref": "paper", "yref": "paper", "x": 0.5, "y": 0.5,
                                                          "font": {"size": 16, "color": "#6b5b4b"}}]),
    }


def log_ticks(right: int) -> list[int]:
    """Tick values of a logarithmic axis from 1 to ``right``: 1, 2, 5, 10, 20, 50, ... (only the powers of
    10 when that would make more than 13 ticks).

    >>> log_ticks(100), log_ticks(250_000)
    ([1, 2, 5, 10, 20, 50, 100], [1, 10, 100, 1000, 10000, 100000])
    """
    steps = (1, 2, 5) if right <= 10_000 else (1,)
    out, power = [], 1
    while power <= right:
        out += [power * s for s in steps if power * s <= right]
        power *= 10
    return out
