"""A light Plotly chart for dashboards: the figure travels as JSON, plotly.js as a cached static file.

``plotly.graph_objects.FigureWidget`` sends the whole plotly.js bundle (~5 MB) through the
kernel's websocket to every page that shows one, every visit. :class:`PlotView` sends only the
figure's JSON (a few kB) and a ~2 kB script (``plot.js``, an anywidget module) that draws it with
``Plotly.react``; the page loads plotly.js itself from the server's address
``chililab/static/plotly-<version>.min.js`` (:mod:`chililab.plotlyjs`, served by
:mod:`chililab.voila_app`), which the browser fetches once and then keeps.

>>> view = PlotView({"data": [{"type": "scatter", "y": [1, 3, 2]}], "layout": {"height": 300}})
>>> view.figure["data"][0]["y"]
[1, 3, 2]
>>> view.src.startswith("chililab/static/plotly-")
True

Update the chart from Python by giving it a new figure (``view.show(fig)``): only the JSON
travels, and ``Plotly.react`` redraws what changed. Each visitor's kernel holds its own
widgets, so two visitors never share a chart.

Where the server has no such address (JupyterLab, or Voila run as a Jupyter server extension as
on Binder, unless :mod:`chililab.plotlyjs_route` is enabled there), the page asks the kernel for plotly.js instead, which sends it once per page through
the widget channel, gzipped: heavier, but the chart still draws.

In a static site (voici, JupyterLite) the same module works unchanged as long as the site
holds plotly.js at the same relative address (:func:`chililab.plotlyjs.copy_to`); a browser
kernel without the plotly package asks for :data:`chililab.plotlyjs.SITE_PATH`.
"""
from __future__ import annotations

import json
from pathlib import Path

import anywidget
import traitlets

from chililab import plotlyjs

#: Plotly's options for every chart (no Plotly logo, follows its panel's width)
CONFIG = {"displaylogo": False, "responsive": True}


def default_src() -> str:
    """Where the page loads plotly.js from (relative to the server's base URL; no plotly package: the site's copy)."""
    return plotlyjs.kernel_path()


def figure_json(figure) -> dict:
    """A figure as plain JSON (``{"data": [...], "layout": {...}}``) from a plotly Figure or a dict."""
    if isinstance(figure, dict):
        fig = figure
    elif hasattr(figure, "to_json"):  # a plotly Figure (numpy arrays become plotly's typed-array JSON)
        fig = json.loads(figure.to_json())
    else:
        raise TypeError(f"a PlotView shows a plotly Figure or a dict, not {type(figure).__name__}")
    if not isinstance(fig.get("data", []), list) or not isinstance(fig.get("layout", {}), dict):
        raise ValueError("a figure has a list 'data' and a dict 'layout'")
    return {"data": fig.get("data", []), "layout": fig.get("layout", {})}


class PlotView(anywidget.AnyWidget):
    """A Plotly figure in a dashboard, drawn by plotly.js loaded from a cached static file.

    ``figure``: a ``plotly.graph_objects.Figure`` or a ``{"data", "layout"}`` dict;
    ``src``: plotly.js's address (default: the server's, :func:`default_src`).
    """

    _esm = Path(__file__).with_name("plot.js")
    figure = traitlets.Dict().tag(sync=True)
    src = traitlets.Unicode().tag(sync=True)
    config = traitlets.Dict(CONFIG).tag(sync=True)

    def __init__(self, figure=None, src: str | None = None, **kwargs):
        super().__init__(src=src or default_src(), **kwargs)
        self.add_class("chili-plot")
        self.on_msg(self._on_request)
        if figure is not None:
            self.show(figure)

    def _on_request(self, _widget, content, _buffers) -> None:
        """The page could not load plotly.js from ``src`` (a server without chililab's route, such as
        JupyterLab or Voila on Binder): send it once through the widget channel, gzipped (~1.5 MB)."""
        if isinstance(content, dict) and content.get("request") == "plotlyjs":
            try:
                self.send({"plotlyjs": "gzip"}, buffers=[plotlyjs.asset().gz])
            except plotlyjs.PlotlyJSMissing:  # a kernel without plotly: the page says so in the chart's place
                self.send({"plotlyjs": "missing"})

    def show(self, figure) -> None:
        """Draw this figure instead of the current one (only its JSON goes to the page)."""
        self.figure = figure_json(figure)
