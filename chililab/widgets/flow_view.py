"""The game's flow graph with the current phase lit, following a Stepper.

The picture is :func:`chililab.viz.flow.flow_svg` (laid out once per flow by
Graphviz ``dot``), sent once in one ``ipywidgets.HTML``. A step changes only a
second, small ``HTML`` holding a ``<style>`` block: the lit phase
(:func:`~chililab.viz.flow.highlight_css`) and the line widths from the
game's edge counts (:func:`~chililab.viz.flow.width_css`), scoped to this view
so that several views on one page do not mix. No plotly.js, no re-layout.
"""
from __future__ import annotations

import itertools
from html import escape

import ipywidgets as W

from chililab.engine.words import phase_label, plural
from chililab.viz.flow import flow_svg, highlight_css, ways_out, width_css

_ids = itertools.count(1)

#: the picture fills its panel; its text grows with the page's font size (Big text) through the width
VIEW_CSS = (".chili-flow .chili-flow-pic svg{display:block;width:100%;height:auto}"
            ".chili-flow .chili-flow-pic{max-width:var(--chili-flow-width,900px)}"
            ".chili-big .chili-flow .chili-flow-pic{max-width:none}"
            ".chili-flow .chili-flow-caption{font-size:1em}")


def caption_html(flow, current: str, counts: dict | None = None) -> str:
    """The current phase in words (its learner name and what happens), and every way out of it, one line each,
    with its rule IDs on hover.

    With ``counts``, each way out also says how often it was taken so far.
    """
    phase = flow.phases.get(current)
    out = [f'<div>Now: <b>{escape(phase_label(flow, current))}</b>. {escape(phase.text) if phase else ""}</div>']
    ways = ways_out(flow, current)
    if ways:
        out.append('<div class="chili-flow-next" style="margin-top:4px;color:#555">what can happen next:</div>'
                   '<ul class="chili-flow-ways" style="margin:2px 0 0 0;padding-left:20px;line-height:1.55">')
        for t in ways:
            taken = ""
            if counts is not None:
                n = counts.get((t.src, t.dst), 0)
                often = "never so far" if not n else plural(n, "time")
                taken = f' <span class="chili-flow-taken" style="color:#777">({often})</span>'
            rules = f' title="rules: {escape(", ".join(t.rules))}"' if t.rules else ""
            out.append(f'<li{rules}>{escape(t.label)} &rarr; <b>{escape(phase_label(flow, t.dst))}</b>{taken}</li>')
        out.append("</ul>")
    return "".join(out)


class FlowView(W.VBox):
    """The flow graph of ``game`` (or of ``stepper.game``, following its moves), current phase lit.

    ``width``: the picture's largest width in pixels (it shrinks to fit its
    panel, and fills it under ``.chili-big``); ``height`` is accepted for
    compatibility and ignored (the height follows from the width).
    """

    def __init__(self, game=None, stepper=None, width: int = 900, height: int | None = None):
        super().__init__()
        if stepper is None and hasattr(game, "on_change") and hasattr(game, "game"):
            game, stepper = None, game  # FlowView(stepper)
        if game is None and stepper is None:
            raise ValueError("give a game or a stepper")
        self.add_class("chili-flow")
        self.width = width
        self.scope = f"chili-flow-v{next(_ids)}"
        self.flow = None
        self.current: str | None = None  # the phase lit
        self.counts: dict | None = None  # the game's edge counts (None: the game does not count them)
        self.w_caption = W.HTML()
        self.w_caption.add_class("chili-flow-caption")
        self.w_figure = W.HTML()
        self.w_figure.add_class("chili-flow-figure")
        self.w_style = W.HTML(layout=W.Layout(height="0px", margin="0px", overflow="hidden"))
        self.w_style.add_class("chili-flow-style")
        self.children = [self.w_caption, self.w_figure, self.w_style]
        if stepper is not None:
            game = stepper.game
            stepper.on_change(lambda s: self.update(s.game))
        self.update(game)

    def update(self, game):
        """Light the game's current phase and set line widths from its edge counts: only the style changes."""
        if game.flow is not self.flow:
            self.flow = game.flow
            self.w_figure.value = (f'<div class="chili-flow-pic {self.scope}" style="--chili-flow-width:'
                                   f'{int(self.width)}px">{flow_svg(game.flow)}</div>')
        counts = dict(game.edge_counts) if hasattr(game, "edge_counts") else None
        self.current, self.counts = game.phase, counts
        self.w_caption.value = caption_html(game.flow, game.phase, counts)
        self.w_style.value = self.style_html()

    def style_html(self) -> str:
        """The ``<style>`` block of this view: layout, line widths from the counts and the lit phase."""
        scope = f".{self.scope}"
        widths = width_css(self.flow, self.counts, scope) if self.counts is not None else ""
        return f"<style>{VIEW_CSS}{widths}{highlight_css(self.current, scope)}</style>"
