"""Where a flow picture's layout comes from: Graphviz ``dot``, run when the package is built, shipped as data.

:func:`dot_source` writes a flow's DOT text in pure Python: the phases by their learner names, the
transitions by their words (their rule IDs are the hover's, :mod:`.flow`) and every drawing attribute. ``tools/make_flows.py`` runs ``dot`` on it (through ``pygraphviz``) for every
registered game and commits the laid-out SVG as package data of that game,
``<game package>/data/flows/<game>.<key>.svg``, where ``key`` is a hash of the DOT text. At run time
:func:`layout_svg` finds that file by the hash of the flow it is asked to draw: a dashboard (in a
browser too, under Pyodide) draws a registered game's flow without Graphviz. A flow that is not
shipped (a toy, a game being written, a changed declaration before ``tools/make_flows.py`` is
rerun) is laid out on the spot when ``pygraphviz`` is installed (``chililab[flows]``), and
refused with :class:`FlowLayoutMissing` saying so when it is not.

>>> from chililab.engine import Flow, Phase, Transition
>>> toy = Flow("toy", [Phase("A", "start"), Phase("B", "choose", "turn")],
...            [Transition("A", "B", "go", ("TOY-1",))], "A")
>>> print(dot_source(toy).splitlines()[5])
"A" [label="A", shape="ellipse", style="filled", fillcolor="#eef0f2", color="#8a94a0", group="start"];
>>> print(dot_source(toy).splitlines()[7])
"A" -> "B" [label=" go "];
>>> len(layout_key(dot_source(toy)))
16
"""
from __future__ import annotations

import hashlib
from importlib import resources

from chililab.engine.words import phase_label
from chililab.extras import hint

FONT = "DejaVu Sans"  # what dot measures text with; the picture's CSS falls back to similar wide fonts

#: decision kind -> (Graphviz shape, extra style, fill, legend text); None = automatic phase
KINDS = {
    None: ("ellipse", "filled", "#eef0f2", "automatic (the rules act)"),
    "turn": ("box", "filled,rounded", "#cdeee9", "turn: a player chooses"),
    "choice": ("box", "filled", "#d6e4f0", "choice: one follow-up"),
    "window": ("hexagon", "filled", "#e6dbf5", "window: several may answer"),
}
KIND_STROKE = {None: "#8a94a0", "turn": "#2a9d8f", "choice": "#457b9d", "window": "#8d5fd3"}
EDGE_COLOUR = "#7d8894"
BASE_WIDTH = 1.3

#: the folder of a game's package holding its laid-out pictures (``<game>.<key>.svg``)
FOLDER = ("data", "flows")


class FlowLayoutMissing(LookupError):
    """No laid-out picture of this flow is shipped, and Graphviz (``pygraphviz``) is not installed to lay it out."""


def _q(text: str) -> str:
    """A DOT quoted string; a newline becomes dot's centred line break."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _attrs(**kw) -> str:
    return "[" + ", ".join(f"{k}={_q(str(v))}" for k, v in kw.items()) + "]"


#: the longest line of a label in the picture (longer ones wrap at spaces)
LABEL_WIDTH = 18


def wrap(text: str, width: int = LABEL_WIDTH) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces (a longer word keeps its line).

    >>> wrap("Answer the card aimed at you")
    ['Answer the card', 'aimed at you']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _edge_label(text):
    """A transition's words, wrapped, with a space either side so that neighbouring labels do not touch."""
    return "\n".join(f" {line} " for line in wrap(text)) if text.strip() else " "


def dot_source(flow) -> str:
    """The flow as DOT text: phases in declaration order, transitions grouped by their phase of origin."""
    lines = [f"digraph {_q(flow.game)} {{",
             "graph " + _attrs(rankdir="TB", fontname=FONT, nodesep="0.2", ranksep="0.35", pad="0.1") + ";",
             "node " + _attrs(fontname=FONT, fontsize="13", penwidth="1.4", margin="0.12,0.05", height="0.4") + ";",
             "edge " + _attrs(fontname=FONT, fontsize="11", color=EDGE_COLOUR, arrowsize="0.7",
                              penwidth=str(BASE_WIDTH)) + ";",
             ""]
    for name, p in flow.phases.items():
        shape, style, fill, _ = KINDS.get(p.decision, KINDS[None])
        extra = {"group": "start"} if name == flow.start else {}
        label = "\n".join(wrap(phase_label(flow, name)))
        lines.append(f"{_q(name)} " + _attrs(label=label, shape=shape, style=style, fillcolor=fill,
                                            color=KIND_STROKE.get(p.decision, KIND_STROKE[None]), **extra) + ";")
    order = {name: i for i, name in enumerate(flow.phases)}
    for t in sorted(flow.transitions, key=lambda t: order[t.src]):  # stable: declaration order within a phase
        lines.append(f"{_q(t.src)} -> {_q(t.dst)} " + _attrs(label=_edge_label(t.label)) + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def layout_key(dot: str) -> str:
    """The hash naming a laid-out picture: the first 16 hex digits of the DOT text's SHA-256."""
    return hashlib.sha256(dot.encode()).hexdigest()[:16]


def file_name(game: str, dot: str) -> str:
    """The package data file of this layout: ``<game>.<key>.svg``."""
    return f"{game}.{layout_key(dot)}.svg"


def run_dot(dot: str) -> bytes:
    """Lay the DOT text out with Graphviz ``dot`` (``pygraphviz``) and return dot's SVG."""
    try:
        import pygraphviz as pgv
    except ImportError as e:
        raise FlowLayoutMissing(f"laying out a flow needs Graphviz: {hint('flows')}") from e
    a = pgv.AGraph(string=dot)
    a.layout(prog="dot")
    return a.draw(format="svg")


def folder(game: str):
    """The folder of ``game``'s laid-out pictures: ``data/flows`` in its own package; None for a game not registered."""
    from chililab.engine import registry

    if game not in registry.names():
        return None
    where = resources.files(registry.get(game).package)
    for part in FOLDER:  # one name a step: Python 3.10's Traversable.joinpath takes one
        where = where / part
    return where


def shipped(game: str, dot: str) -> bytes | None:
    """The laid-out SVG of this DOT text shipped with the game's package, or None."""
    where = folder(game)
    if where is None:
        return None
    path = where.joinpath(file_name(game, dot))
    return path.read_bytes() if path.is_file() else None


def layout_svg(flow) -> bytes:
    """dot's SVG of ``flow``: the shipped file when there is one, else laid out now (needs ``pygraphviz``)."""
    dot = dot_source(flow)
    svg = shipped(flow.game, dot)
    if svg is not None:
        return svg
    try:
        return run_dot(dot)
    except FlowLayoutMissing:
        raise FlowLayoutMissing(
            f"the {flow.game!r} flow has no laid-out picture in its package's data/flows and Graphviz is not installed: "
            f"{hint('flows')}; for a registered game whose flow changed, rerun python3 tools/make_flows.py") from None
