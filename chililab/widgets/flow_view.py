"""The game's flow graph with the current phase lit, following a Stepper.

Delivery (see the issue note and shared/recipes/README.md): by default the
plotly figure from :func:`chililab.viz.flow.flow_figure` is drawn as static SVG
(:func:`chililab.widgets.figsvg.figure_svg`) inside one ``ipywidgets.HTML``.
Measured here: about 35 kB of SVG and 30-60 ms of kernel time per update (the
figure is rebuilt because edge widths follow the counts), no plotly.js in the
browser; a ``FigureWidget`` ships a ~5 MB bundle per visitor, took 1.5-4 s of
kernel time to build and was the first part to fail with many Voila visitors.
``mode="widget"`` keeps one live ``FigureWidget`` (zoom, hover) and updates it
in place, for a single notebook user.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from .figsvg import figure_svg


def caption_html(flow, current: str) -> str:
    """The current phase in words, and every way out of it with its rule IDs (one line each).

    The figure only has room for the rule IDs of these edges bunched around the lit node;
    here they are read as a list: "-> LAND  lay or jump in  LOCO-TURN-2, LOCO-TWIN-1 ...".
    """
    phase = flow.phases.get(current)
    out = [f'<div>phase <b>{escape(current)}</b>: {escape(phase.text) if phase else ""}</div>']
    ways = [t for t in flow.transitions if t.src == current]
    if ways:
        out.append('<div class="chili-flow-next" style="margin-top:4px;color:#555">ways out of this phase:</div>'
                   '<ul class="chili-flow-ways" style="margin:2px 0 0 0;padding-left:20px;line-height:1.55">')
        for t in ways:
            rules = ", ".join(f"<code>{escape(r)}</code>" for r in t.rules)
            out.append(f"<li>&rarr; <b>{escape(t.dst)}</b> {escape(t.label)}"
                       + (f' <span class="chili-flow-rules" style="font-size:0.88em;color:#8a2a0a">{rules}</span>' if rules else "") + "</li>")
        out.append("</ul>")
    return "".join(out)


class FlowView(W.VBox):
    """The flow graph of ``game`` (or of ``stepper.game``, following its moves), current phase lit.

    ``mode``: ``"svg"`` (default; light, safe for dashboards) or ``"widget"``
    (a plotly FigureWidget updated in place).
    """

    def __init__(self, game=None, stepper=None, mode: str = "svg", width: int = 900, height: int | None = None):
        super().__init__()
        if mode not in ("svg", "widget"):
            raise ValueError("mode must be 'svg' or 'widget'")
        if stepper is None and hasattr(game, "on_change") and hasattr(game, "game"):
            game, stepper = None, game  # FlowView(stepper)
        if game is None and stepper is None:
            raise ValueError("give a game or a stepper")
        self.add_class("chili-flow")
        self.mode = mode
        self.width, self.height = width, height
        self.fig = None
        self._game = None
        self._counts = None
        self._current = None
        self.w_caption = W.HTML()
        self.w_caption.add_class("chili-flow-caption")
        if mode == "svg":
            self.w_figure = W.HTML()
        else:
            import plotly.graph_objects as go

            self.w_figure = go.FigureWidget()
        self.w_figure.add_class("chili-flow-figure")
        self.children = [self.w_caption, self.w_figure]
        if stepper is not None:
            game = stepper.game
            stepper.on_change(lambda s: self.update(s.game))
        self.update(game)

    def update(self, game):
        """Light the game's current phase (and refresh the edge counts when they changed)."""
        from chililab.viz.flow import flow_figure, highlight

        current = game.phase
        counts = dict(game.edge_counts) if hasattr(game, "edge_counts") else None
        rebuild = self.fig is None or counts != self._counts or game.flow is not getattr(self._game, "flow", None)
        if rebuild:
            fig = flow_figure(game.flow.graph(counts), current=current, counts=counts)
            if self.height or self.width:
                fig.update_layout(width=self.width, **({"height": self.height} if self.height else {}))
            self.fig = fig
        elif current != self._current:
            highlight(self.fig, current)
        else:
            self._game = game
            return
        self._game, self._counts, self._current = game, counts, current
        self.w_caption.value = caption_html(game.flow, current)
        if self.mode == "svg":
            self.w_figure.value = figure_svg(self.fig, width=self.width)
        else:
            fw = self.w_figure
            with fw.batch_update():
                if len(fw.data) != len(self.fig.data) or rebuild:
                    fw.data = ()
                    fw.add_traces(list(self.fig.data))
                fw.layout = self.fig.layout
