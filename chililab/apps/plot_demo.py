"""The smallest live chart: a simulated estimate converging, drawn light or as a FigureWidget.

Used by the browser tests of :class:`chililab.widgets.plot.PlotView` and by
``benchmarks/page_bytes.py``, which compares what a visitor's page receives for the same chart
drawn both ways. The question: how often do two dice show a total of 7? (exactly 1/6)

>>> demo = PlotDemo(seed=1)
>>> demo.simulate(100)
>>> demo.rolls, len(demo.points) > 1
(100, True)
>>> demo.chart.figure["data"][0]["name"]
'simulated'
"""
from __future__ import annotations

import random

import ipywidgets as W

from chililab.widgets.plot import PlotView

EXACT = 1 / 6
BATCHES = (10, 100, 10_000)


def convergence_figure(points, exact):
    """The estimate after n rolls (a line) and the exact value (dashed), as a figure dict."""
    xs = [n for n, _ in points]
    return {
        "data": [{"type": "scatter", "mode": "lines+markers", "name": "simulated", "x": xs,
                  "y": [p for _, p in points], "line": {"color": "#e85d04"}},
                 {"type": "scatter", "mode": "lines", "name": "exact", "x": [1, max(xs[-1] if xs else 1, 10)],
                  "y": [exact, exact], "line": {"color": "#1d3557", "dash": "dash"}}],
        "layout": {"template": "none", "height": 320, "margin": {"l": 50, "r": 20, "t": 30, "b": 45},
                   "xaxis": {"title": {"text": "rolls simulated"}, "type": "log"},
                   "yaxis": {"title": {"text": "share of 7s"}, "range": [0, 0.5]},
                   "title": {"text": "Two dice: how often is the total 7?"}},
    }


class PlotDemo(W.VBox):
    """Buttons "roll 10 / 100 / 10,000 more" and the estimate's chart (``figurewidget=True``: the
    same chart as a ``plotly.graph_objects.FigureWidget``, the heavy reference)."""

    def __init__(self, seed: int = 7, figurewidget: bool = False):
        super().__init__()
        self.rng = random.Random(seed)
        self.rolls = self.sevens = 0
        self.points: list[tuple[int, float]] = []
        self.buttons = []
        for n in BATCHES:
            b = W.Button(description=f"roll {n:,} more")
            b.add_class(f"chili-demo-more-{n}")
            b.on_click(lambda _b, n=n: self.simulate(n))
            self.buttons.append(b)
        self.status = W.HTML("no rolls yet")
        self.status.add_class("chili-demo-status")
        if figurewidget:
            import plotly.graph_objects as go

            self.chart = go.FigureWidget(convergence_figure(self.points, EXACT))
        else:
            self.chart = PlotView(convergence_figure(self.points, EXACT))
        self.children = [W.HBox(self.buttons), self.status, self.chart]

    def simulate(self, n: int) -> None:
        """Roll two dice ``n`` more times and redraw the estimate."""
        for _ in range(n):
            self.rolls += 1
            self.sevens += self.rng.randint(1, 6) + self.rng.randint(1, 6) == 7
            if is_mark(self.rolls):
                self.points.append((self.rolls, self.sevens / self.rolls))
        self.status.value = f"{self.rolls:,} rolls: {self.sevens / self.rolls:.4f} (exact {EXACT:.4f})"
        fig = convergence_figure(self.points, EXACT)
        if isinstance(self.chart, PlotView):
            self.chart.show(fig)
        else:
            with self.chart.batch_update():
                for trace, new in zip(self.chart.data, fig["data"]):
                    trace.x, trace.y = new["x"], new["y"]


def is_mark(n: int) -> bool:
    """Whether the curve gets a point after roll ``n``: every roll up to 20, then 18 points per power of ten.

    >>> [n for n in range(1, 1000) if is_mark(n)][-5:]
    [750, 800, 850, 900, 950]
    """
    return n <= 20 or n % (10 ** (len(str(n)) - 1) // 2) == 0


def app(seed: int = 7, figurewidget: bool = False) -> PlotDemo:
    """The demo page (``figurewidget=True`` for the heavy reference)."""
    return PlotDemo(seed=seed, figurewidget=figurewidget)
