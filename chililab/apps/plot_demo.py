"""The smallest live chart: a simulated estimate converging, drawn light or as a FigureWidget.

Used by the browser tests of :class:`chililab.widgets.plot.PlotView` and by
``benchmarks/page_bytes.py``, which compares what a visitor's page receives for the same chart
drawn both ways. The question: how often do two dice show a total of 7? (exactly 1/6)

>>> demo = PlotDemo(seed=1)
>>> demo.simulate(100)
>>> demo.rolls, len(demo.points) > 1
(100, True)
>>> [t["name"] for t in demo.chart.figure["data"]][2:]
['simulated', 'exact']
"""
from __future__ import annotations

import random

import ipywidgets as W

from chililab.prob.intervals import proportion
from chililab.viz.odds import convergence
from chililab.widgets.plot import PlotView

EXACT = 1 / 6
BATCHES = (10, 100, 10_000)


def demo_figure(points) -> dict:
    """The estimate after n rolls with its 99% interval, and the exact 1/6."""
    return convergence(points, EXACT, "Two dice: how often is the total 7?", "share of 7s", percent=True)


class PlotDemo(W.VBox):
    """Buttons "roll 10 / 100 / 10,000 more" and the estimate's chart (``figurewidget=True``: the
    same chart as a ``plotly.graph_objects.FigureWidget``, the heavy reference; ``src``: see :func:`app`)."""

    def __init__(self, seed: int = 7, figurewidget: bool = False, src: str | None = None):
        super().__init__()
        self.rng = random.Random(seed)
        self.rolls = self.sevens = 0
        self.points: list[tuple] = []  # (rolls, estimate, low, high)
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

            self.chart = go.FigureWidget(demo_figure(self.points))
        else:
            self.chart = PlotView(demo_figure(self.points), src=src)
        self.children = [W.HBox(self.buttons), self.status, self.chart]

    def simulate(self, n: int) -> None:
        """Roll two dice ``n`` more times and redraw the estimate."""
        for _ in range(n):
            self.rolls += 1
            self.sevens += self.rng.randint(1, 6) + self.rng.randint(1, 6) == 7
            if is_mark(self.rolls):
                e = proportion(self.sevens, self.rolls)
                self.points.append((self.rolls, e.value, e.low, e.high))
        self.status.value = f"{self.rolls:,} rolls: {self.sevens / self.rolls:.4f} (exact {EXACT:.4f})"
        fig = demo_figure(self.points)
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


def app(seed: int = 7, figurewidget: bool = False, src: str | None = None) -> PlotDemo:
    """The demo page (``figurewidget=True`` for the heavy reference; ``src``: where the page looks for
    plotly.js, e.g. an address that does not exist to try the fallback through the kernel)."""
    return PlotDemo(seed=seed, figurewidget=figurewidget, src=src)
