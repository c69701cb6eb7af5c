"""A game's flow (phases and rule-labelled transitions) drawn by Graphviz ``dot``.

``flow_svg(flow)`` draws any registered game's :class:`chililab.engine.Flow`,
laid out by ``dot``. Nothing is placed by hand: dot ranks the phases, routes
the transitions and places each edge label (the rule IDs) so that it does not
sit on a line. dot runs when the package is built (``tools/make_flows.py``):
a registered game's layout ships as package data (:mod:`.flow_layout`), so
drawing it needs neither Graphviz nor networkx (a dashboard in a browser).

The drawing is laid out once per flow declaration (cached); everything that
changes while a game runs is CSS:

- :func:`highlight_style` lights the current phase and the ways out of it;
- :func:`width_style` sets each line's width from how often it was taken
  (dotted: never) and shows the legend line that says so.

So a widget sends the SVG once and then a few kilobytes of ``<style>`` per
step. Every phase is a ``<g class="phase" data-phase="NAME">`` drawn with its learner name (its ``label``)
whose ``<title>`` (the hover tooltip) lists its ways out with their rule IDs; hovering or clicking it (it is
focusable) also opens a panel with the same text. Every transition is a
``<g class="transition" data-edge="SRC->DST">`` labelled with its words, its rule IDs in its tooltip.

>>> from chililab.engine import Flow, Phase, Transition
>>> toy = Flow("toy", [Phase("A", "start"), Phase("B", "choose", "turn")],
...            [Transition("A", "B", "go", ("TOY-1",)), Transition("B", "B", "again", ("TOY-2",))], "A")
>>> svg = flow_svg(toy)
>>> 'data-phase="B"' in svg and 'data-edge="B-&gt;B"' in svg and "TOY-2" in svg
True
>>> print(phase_tooltip(toy, "A"))
A: start
(automatic (the rules act))
ways out:
→ B: go (rules TOY-1)
"""
from __future__ import annotations

import hashlib
import math
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from html import escape, unescape

from chililab.engine.words import phase_label

from .flow_layout import EDGE_COLOUR, KIND_STROKE, KINDS, layout_svg

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
CSS_FONT = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', Arial, sans-serif"

CURRENT_FILL, CURRENT_STROKE, WAY_OUT = "#e63946", "#ffb703", "#b5172a"
MIN_WIDTH, MAX_WIDTH = 1.0, 7.0
CLASS = "chili-flowsvg"


# ------------------------------------------------------------------ layout (once per flow)

def _key(flow):
    """Everything the picture depends on: two equal declarations share one layout."""
    return (flow.game, tuple(flow.phases.values()), tuple(flow.transitions), flow.start)


@lru_cache(maxsize=32)
def _template(key):
    """The flow's layout (shipped, or by dot) annotated: the SVG text with a placeholder where dynamic style goes."""
    from chililab.engine import Flow

    game, phases, transitions, start = key
    flow = Flow(game, list(phases), list(transitions), start)
    return _annotate(ET.fromstring(layout_svg(flow)), flow)


def _tag(el):
    return el.tag.rsplit("}", 1)[-1]


def _annotate(root, flow):
    """Give every phase and transition stable classes, data attributes and tooltips; add legend and panels."""
    vb = [float(x) for x in root.get("viewBox").split()]
    width, height = vb[2], vb[3]
    graph = next(el for el in root if _tag(el) == "g")
    boxes = {}
    edges_by_name = {f"{t.src}->{t.dst}": t for t in flow.transitions}
    for el in list(graph):
        if _tag(el) != "g":
            continue
        title = next((c for c in el if _tag(c) == "title"), None)
        name = title.text if title is not None else ""
        cls = el.get("class")
        if title is not None and cls == "node" and name in flow.phases:
            phase = flow.phases[name]
            kind = phase.decision or "automatic"
            el.attrib.pop("id", None)
            el.set("class", f"phase kind-{kind}")
            el.set("data-phase", name)
            el.set("tabindex", "0")
            title.text = phase_tooltip(flow, name)
            boxes[name] = _bbox(el)
        elif title is not None and cls == "edge" and name in edges_by_name:
            t = edges_by_name[name]
            el.attrib.pop("id", None)
            el.set("class", "transition")
            el.set("data-edge", name)
            el.set("data-src", t.src)
            el.set("data-dst", t.dst)
            el.set("data-rules", " ".join(t.rules))
            title.text = (f"{phase_label(flow, t.src)} → {phase_label(flow, t.dst)}: {t.label}"
                          + (f"\nrules: {', '.join(t.rules)}" if t.rules else ""))
        for c in el.iter():  # the font comes from the CSS, with fallbacks
            c.attrib.pop("font-family", None)
    body = ET.tostring(graph, encoding="unicode")
    width = max(width, LEGEND_MIN_WIDTH)  # a one-phase toy still gets a readable legend
    legend, legend_h = _legend(flow, width)
    panels = "".join(_panel(flow, name, boxes[name], width, height) for name in flow.phases if name in boxes)
    total_h = height + legend_h
    body = _strip_ns(body)
    # panels draw last (on top of everything) in the graph's own coordinates
    insert_at = body.rfind("</g>")
    body = body[:insert_at] + panels + body[insert_at:]
    return (f'<svg xmlns="{SVG_NS}" class="{CLASS} chili-flow-{escape(flow.game)}" '
            f'width="{_f(width)}" height="{_f(total_h)}" viewBox="0 0 {_f(width)} {_f(total_h)}" '
            f'role="img" aria-label="{escape(flow.game)} flow: phases and the rules between them">'
            f"<style>{_static_css(flow)}</style><!--chili-dynamic-->{body}"
            f'<g class="legend" transform="translate(0 {_f(height)})">{legend}</g></svg>')


def _strip_ns(text):
    """ElementTree writes ``ns0:`` prefixes; the SVG is embedded in HTML, where plain names are right."""
    text = re.sub(r"<(/?)ns\d+:", r"<\1", text)
    text = re.sub(r'\sxmlns:ns\d+="[^"]*"', "", text)
    return re.sub(r"\bns\d+:(href|title)=", r"xlink:\1=", text)


def _f(x):
    return f"{x:.1f}".rstrip("0").rstrip(".")


_NUM = re.compile(r"-?\d+(?:\.\d+)?")


def _bbox(el):
    """(x0, y0, x1, y1) of a node's shape in the graph's coordinates."""
    xs, ys = [], []
    for c in el.iter():
        t = _tag(c)
        if t == "polygon":
            nums = [float(v) for v in _NUM.findall(c.get("points", ""))]
            xs += nums[0::2]
            ys += nums[1::2]
        elif t == "ellipse":
            cx, cy, rx, ry = (float(c.get(k)) for k in ("cx", "cy", "rx", "ry"))
            xs += [cx - rx, cx + rx]
            ys += [cy - ry, cy + ry]
        elif t == "path":
            nums = [float(v) for v in _NUM.findall(c.get("d", ""))]
            xs += nums[0::2]
            ys += nums[1::2]
    return min(xs), min(ys), max(xs), max(ys)


# ------------------------------------------------------------------ what a phase means

def ways_out(flow, phase):
    """The transitions leaving ``phase``, in declaration order."""
    return [t for t in flow.transitions if t.src == phase]


def phase_tooltip(flow, phase):
    """A phase's learner name and text, and every way out of it with its rule IDs (the ``<title>`` shown on hover)."""
    p = flow.phases[phase]
    kind = KINDS.get(p.decision, KINDS[None])[3]
    lines = [f"{phase_label(flow, phase)}: {p.text}", f"({kind})"]
    outs = ways_out(flow, phase)
    if outs:
        lines.append("ways out:")
        lines += [f"→ {phase_label(flow, t.dst)}: {t.label}" + (f" (rules {', '.join(t.rules)})" if t.rules else "")
                  for t in outs]
    return "\n".join(lines)


#: text size of the legend and the phase panels (SVG units), and a generous DejaVu Sans average character width
TEXT, LINE = 14.0, 18.0
CHAR_W = 0.6 * TEXT
LEGEND_MIN_WIDTH = 460.0


def _panel(flow, phase, box, width, height):
    """The box a hover or click on ``phase`` opens: its text and its ways out with their rules."""
    p = flow.phases[phase]
    rows = [(f"{phase_label(flow, phase)}: {p.text}", "h")]
    for t in ways_out(flow, phase):
        rows.append((f"→ {phase_label(flow, t.dst)}: {t.label}", "w"))
        if t.rules:
            rows.append(("   " + ", ".join(t.rules), "r"))
    if len(rows) == 1:
        rows.append(("no way out: the game ends here", "w"))
    pw = min(width - 4, 12 + CHAR_W * max(len(r) for r, _ in rows))
    ph = 8 + LINE * len(rows)
    x0, y0, x1, y1 = box
    top = -height + 4  # the graph's coordinates run from -height (top) to 0
    y = y1 + 4 if y1 + 4 + ph <= 0 else max(top, y0 - 4 - ph)
    x = min(max((x0 + x1) / 2 - pw / 2, 2), width - 2 - pw)
    text = "".join(
        f'<text class="{cls}" x="{_f(x + 6)}" y="{_f(y + 4 + LINE * (i + 1) - 4)}">{escape(r)}</text>'
        for i, (r, cls) in enumerate(rows))
    return (f'<g class="phase-rules" data-phase="{escape(phase)}">'
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(pw)}" height="{_f(ph)}" rx="6"/>{text}</g>')


def _legend(flow, width):
    """Legend under the graph, its items wrapped to ``width``: node kinds, the lit phase, line widths, how to read.

    Returns ``(svg, height)``.
    """
    marks = []
    for kind, (shape, _style, fill, text) in KINDS.items():
        paint = f'fill="{fill}" stroke="{KIND_STROKE[kind]}" stroke-width="1.2"'
        if shape == "ellipse":
            mark = f'<ellipse cx="11" cy="-5" rx="11" ry="7" {paint}/>'
        elif shape == "hexagon":
            pts = " ".join(f"{_f(11 + 11 * math.cos(math.pi / 3 * j))},{_f(-5 + 7.5 * math.sin(math.pi / 3 * j))}"
                           for j in range(6))
            mark = f'<polygon points="{pts}" {paint}/>'
        else:
            rx = ' rx="4"' if kind == "turn" else ""
            mark = f'<rect x="0" y="-12" width="22" height="14"{rx} {paint}/>'
        marks.append(("legend-kind", mark, text))
    lit = (f'<rect x="0" y="-12" width="22" height="14" rx="4" fill="{CURRENT_FILL}" '
           f'stroke="{CURRENT_STROKE}" stroke-width="2.5"/>')
    marks.append(("legend-current", lit, "current phase; red lines: its ways out"))
    lines = "".join(f'<line x1="{_f(9 * i)}" y1="-5" x2="{_f(9 * i + 6)}" y2="-5" '
                    f'stroke="{EDGE_COLOUR}" stroke-width="{w}"/>' for i, w in enumerate((1.2, 3, 5)))
    marks.append(("legend-width", lines, "line width: how often the transition was taken"))
    dotted = (f'<line x1="0" y1="-5" x2="22" y2="-5" stroke="{EDGE_COLOUR}" stroke-width="1.5" '
              'stroke-dasharray="2 3"/>')
    marks.append(("legend-width", dotted, "dotted: never taken"))
    marks.append(("legend-hint", "", "arrows: what moves the game on"))
    marks.append(("legend-hint", "", "hover over or click a phase to see its rules"))
    items, x, y = [], 6.0, LINE
    for cls, mark, text in marks:
        w = (30 if mark else 0) + CHAR_W * len(text)
        if x + w > width - 4 and x > 6:
            x, y = 6.0, y + LINE + 4
        tx = 30 if mark else 0
        items.append(f'<g class="{cls}" transform="translate({_f(x)} {_f(y)})">{mark}'
                     f'<text x="{tx}" y="0">{escape(text)}</text></g>')
        x += w + 18
    return "".join(items), y + 8


def _static_css(flow):
    """Looks that never change, and one hover/click rule per phase to open its panel."""
    s = f"svg.{CLASS}"
    opens = ",".join(f'{s}:has(g.phase[data-phase="{_css_str(p)}"]:hover) g.phase-rules[data-phase="{_css_str(p)}"],'
                     f'{s}:has(g.phase[data-phase="{_css_str(p)}"]:focus) g.phase-rules[data-phase="{_css_str(p)}"]'
                     for p in flow.phases)
    return (f"{s}{{max-width:100%;height:auto;font-family:{CSS_FONT}}}"
            f"{s} text{{font-family:{CSS_FONT}}}"
            f"{s} g.phase{{cursor:pointer;outline:none}}"
            f"{s} g.phase:hover polygon,{s} g.phase:hover ellipse,{s} g.phase:hover path{{stroke-width:2.6}}"
            f"{s} g.transition text{{fill:#3d4a57}}"
            f"{s} g.legend text{{font-size:{_f(TEXT)}px;fill:#3d4a57}}"
            f"{s} g.legend-width{{display:none}}"
            f"{s} g.phase-rules{{display:none;pointer-events:none}}"
            f"{s} g.phase-rules rect{{fill:#fffdf8;stroke:#c9a97a;stroke-width:1;"
            f"filter:drop-shadow(0 1px 2px rgba(0,0,0,.25))}}"
            f"{s} g.phase-rules text{{font-size:{_f(TEXT)}px;fill:#2b2118;white-space:pre}}"
            f"{s} g.phase-rules text.h{{font-weight:bold}}"
            f"{s} g.phase-rules text.r{{fill:#8a2a0a}}"
            f"{opens}{{display:inline}}")


def _css_str(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


# ------------------------------------------------------------------ dynamic style: highlight and widths

def edge_widths(flow, counts):
    """``{(src, dst): width}`` in px from observed ``counts`` (0 for an edge never taken).

    The square root keeps rare transitions visible: the most frequent edge gets
    ``MAX_WIDTH``, one taken once in a million still ``MIN_WIDTH``.
    """
    cmax = max((counts.get((t.src, t.dst), 0) for t in flow.transitions), default=0)
    out = {}
    for t in flow.transitions:
        n = counts.get((t.src, t.dst), 0)
        out[(t.src, t.dst)] = 0.0 if not n else MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * math.sqrt(n / cmax)
    return out


def width_css(flow, counts, scope=""):
    """CSS giving each transition its line width from ``counts`` (dotted when never taken), and the width legend."""
    s = f"{scope} svg.{CLASS}".strip()
    rules = [f"{s} g.legend-width{{display:inline}}"]
    for (src, dst), w in edge_widths(flow, counts).items():
        sel = f'{s} g.transition[data-edge="{_css_str(src)}->{_css_str(dst)}"] path'
        rules.append(f"{sel}{{stroke-width:{_f(w)}px}}" if w else f"{sel}{{stroke-dasharray:2 3}}")
    return "".join(rules)


def highlight_css(phase, scope=""):
    """CSS lighting ``phase`` and the transitions leaving it (their lines and rule labels)."""
    if phase is None:
        return ""
    s, p = f"{scope} svg.{CLASS}".strip(), _css_str(phase)
    node = f'{s} g.phase[data-phase="{p}"]'
    out = f'{s} g.transition[data-src="{p}"]'
    return (f"{node} polygon,{node} ellipse,{node} path{{fill:{CURRENT_FILL};stroke:{CURRENT_STROKE};stroke-width:3.5}}"
            f"{node} text{{fill:#fff;font-weight:bold}}"
            f"{out} path{{stroke:{WAY_OUT}}}{out} polygon{{fill:{WAY_OUT};stroke:{WAY_OUT}}}"
            f"{out} text{{fill:{WAY_OUT};font-weight:bold}}")


def highlight_style(phase, scope=""):
    """A ``<style>`` block lighting ``phase``: swap it to move the highlight, the SVG stays as it is."""
    return f"<style>{highlight_css(phase, scope)}</style>"


def width_style(flow, counts, scope=""):
    """A ``<style>`` block of :func:`width_css` (line widths from ``counts``)."""
    return f"<style>{width_css(flow, counts, scope)}</style>"


# ------------------------------------------------------------------ the picture

def flow_svg(flow, counts=None, current=None):
    """The flow of ``flow`` (a :class:`chililab.engine.Flow`) as one self-contained SVG string.

    counts: ``{(src, dst): n}`` how often each transition was taken (line
    widths, the width legend and each edge's tooltip); current: the phase to
    light. Only the first call for a flow runs dot; later calls reuse its
    layout and add a ``<style>`` (scoped to this picture) for counts and
    highlight.
    """
    svg = _template(_key(flow))
    if counts is None and current is None:
        return svg.replace("<!--chili-dynamic-->", "")
    if counts is not None:
        counts = {k: v for k, v in counts.items() if v}
    css_key = repr((sorted(counts.items()) if counts else None, current)).encode()
    scope = "chili-flow-" + hashlib.blake2s(css_key, digest_size=5).hexdigest()
    css = (width_css(flow, counts, f"svg.{scope}") if counts is not None else "") + highlight_css(current, f"svg.{scope}")
    css = css.replace(f"svg.{scope} svg.{CLASS}", f"svg.{CLASS}.{scope}")
    svg = svg.replace(f'class="{CLASS} ', f'class="{CLASS} {scope} ', 1)
    if counts is not None:
        svg = _count_titles(svg, counts)
    return svg.replace("<!--chili-dynamic-->", f"<style>{css}</style>")


def _count_titles(svg, counts):
    """Add "taken N times" to each transition's tooltip."""
    def add(m):
        src, dst = m.group(2), m.group(3)
        n = counts.get((unescape(src), unescape(dst)), 0)
        return f"{m.group(1)}\ntaken {n:,} time{'s' if n != 1 else ''}</title>"
    return re.sub(r'(data-src="([^"]*)" data-dst="([^"]*)"[^>]*>\s*<title>[^<]*)</title>', add, svg)

