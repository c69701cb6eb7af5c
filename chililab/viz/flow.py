"""A game's flow graph (phases and rule-labelled transitions) as a Plotly figure.

``flow_figure(graph)`` draws the ``networkx.DiGraph`` made by
``chililab.engine.Flow.graph`` (for Loco: ``chililab.loco.flow_graph()``) with
a deterministic layered layout: phases in columns by their distance from the
start, back edges curved, every edge hoverable with its label and rule IDs.
``highlight(fig, current)`` moves the "you are here" marker in place, touching
only the phase trace's marker colours, sizes and outlines, so a live
``FigureWidget`` sends one small update.
"""
from __future__ import annotations

import math

import plotly.graph_objects as go

NODE_TRACE = "phases"
EDGE_HOVER_TRACE = "transitions"

#: marker style per decision kind (None = automatic phase)
KIND_STYLE = {
    None: ("circle", "#9aa5b1", "automatic"),
    "turn": ("diamond", "#2a9d8f", "turn (a player chooses)"),
    "choice": ("square", "#457b9d", "choice (one follow-up)"),
    "window": ("hexagon", "#8d5fd3", "window (several may answer)"),
}
CURRENT_COLOUR = "#e63946"
CURRENT_LINE = "#ffb703"
NODE_SIZE, CURRENT_SIZE = 26, 40
EDGE_COLOUR = "#8a94a0"


# ------------------------------------------------------------------ layout

#: Hand-placed positions for Chili Loco's phases (x right, y up). CHECKPOINT is
#: the hub: the turn cycle (ADVANCE -> TURN_BEGIN) runs above it, a turn's
#: choices (RESPONSE, TURN_MAIN, help) to its right, and a laid card's
#: consequences (LAND -> EFFECT -> TARGET -> COLOUR) loop back underneath.
#: Used when the graph's phases are exactly these; any other graph gets
#: :func:`layered_layout`.
PRESETS = {
    "loco": {
        "SETUP": (0.0, 0.0), "STARTER": (1.3, 0.0), "CHECKPOINT": (3.0, 0.0),
        "TURN_BEGIN": (3.0, 2.0), "ADVANCE": (6.3, 2.0),
        "RESPONSE": (4.9, 0.85), "TURN_MAIN": (4.9, -0.6),
        "HELP_OFFERS": (7.0, 0.9), "HELP_ACCEPT": (8.6, 0.9), "GAME_OVER": (9.6, -0.6),
        "LAND": (7.0, -0.9),
        "SLAP_RACE": (6.4, -2.2), "EFFECT": (4.7, -2.2), "TARGET": (3.1, -2.2), "COLOUR": (1.6, -1.7),
    },
}


def default_layout(graph):
    """The preset for this game's phases when there is one, else :func:`layered_layout`."""
    preset = PRESETS.get(graph.graph.get("game"))
    if preset is not None and set(preset) == set(graph.nodes):
        return dict(preset)
    return layered_layout(graph)


def layered_layout(graph, start=None):
    """Deterministic positions {node: (x, y)}: columns by longest path from the start.

    Back edges are found by a depth-first search from the start that follows
    edges in declaration order; the rest is a DAG whose longest-path layer
    gives each node's column. Within a column, nodes are ordered by a few
    barycentre sweeps (fewer crossings) and spread evenly around y = 0.
    """
    nodes = list(graph.nodes)
    if not nodes:
        return {}
    start = start if start is not None else graph.graph.get("start", nodes[0])
    order = {n: i for i, n in enumerate(nodes)}
    back = set()
    state = {}

    def dfs(root):
        stack = [(root, iter(list(graph.successors(root))))]
        state[root] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                continue
            if nxt == node:
                back.add((node, nxt))
            elif state.get(nxt) == 1:
                back.add((node, nxt))
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(list(graph.successors(nxt)))))

    for root in [start] + nodes:
        if root not in state:
            dfs(root)
    fwd = [(u, v) for u, v in graph.edges if (u, v) not in back]
    # longest-path layering on the DAG (Kahn order, ties by declaration order)
    indeg = {n: 0 for n in nodes}
    for _, v in fwd:
        indeg[v] += 1
    layer = {n: 0 for n in nodes}
    ready = sorted((n for n in nodes if indeg[n] == 0), key=order.get)
    succ = {n: [] for n in nodes}
    for u, v in fwd:
        succ[u].append(v)
    while ready:
        u = ready.pop(0)
        for v in succ[u]:
            layer[v] = max(layer[v], layer[u] + 1)
            indeg[v] -= 1
            if indeg[v] == 0:
                ready.append(v)
                ready.sort(key=order.get)
    cols: dict[int, list] = {}
    for n in nodes:
        cols.setdefault(layer[n], []).append(n)
    # barycentre sweeps: order each column by the mean row of its neighbours
    rank = {n: i for c in cols.values() for i, n in enumerate(c)}
    nbrs = {n: set(graph.predecessors(n)) | set(graph.successors(n)) for n in nodes}
    for _ in range(6):
        for k in sorted(cols):
            col = cols[k]

            def bary(n, k=k):
                ns = [m for m in nbrs[n] if m != n and layer[m] != k]
                return (sum(rank[m] - (len(cols[layer[m]]) - 1) / 2 for m in ns) / len(ns)) if ns else 0.0

            col.sort(key=lambda n: (bary(n), order[n]))
            for i, n in enumerate(col):
                rank[n] = i
    pos = {}
    for k, col in cols.items():
        m = len(col)
        for i, n in enumerate(col):
            pos[n] = (float(k), (m - 1) / 2 - i)
    return pos


# ------------------------------------------------------------------ geometry

def _curve(p0, p1, bend, samples=28):
    """Points of a quadratic Bezier from p0 to p1 bulging ``bend`` x length to the right of travel (y up)."""
    (x0, y0), (x1, y1) = p0, p1
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = x1 - x0, y1 - y0
    d = math.hypot(dx, dy) or 1.0
    nx, ny = dy / d, -dx / d
    cx, cy = mx + nx * bend * d, my + ny * bend * d
    pts = []
    for i in range(samples + 1):
        t = i / samples
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        pts.append((a * x0 + b * cx + c * x1, a * y0 + b * cy + c * y1))
    return pts


def _loop(p, rx, ry, samples=28):
    """A small loop above a node (a transition from a phase to itself)."""
    x, y = p
    cx, cy = x, y + ry * 1.2
    pts = []
    for i in range(samples + 1):
        a = math.radians(-55 + 290 * i / samples)
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return pts


class _Frame:
    """Data units <-> approximate pixels, so clearances and trims are the same on both axes."""

    def __init__(self, pos, height, width=1000.0):
        xs = [p[0] for p in pos.values()] or [0.0]
        ys = [p[1] for p in pos.values()] or [0.0]
        self.xr = (min(xs) - 0.6, max(xs) + 0.6)
        self.yr = (min(ys) - 1.0, max(ys) + 0.75)
        self.sx = width / (self.xr[1] - self.xr[0])
        self.sy = (height - 20) / (self.yr[1] - self.yr[0])

    def dist(self, a, b):
        return math.hypot((a[0] - b[0]) * self.sx, (a[1] - b[1]) * self.sy)


def _trim(pts, centre, frame, px):
    """Drop the curve's end points within ``px`` pixels of the node centre (arrows stop at the marker)."""
    out = [pts[0]]
    for q in pts[1:]:
        if frame.dist(q, centre) < px:
            break
        out.append(q)
    if len(out) < 2:
        out.append(pts[len(pts) // 2])
    return out


def _best_bend(u, v, pos, frame, paired):
    """The curvature that keeps an edge clear of the other phases (and their labels)."""
    if paired:  # u->v and v->u: both bulge to their own right, so they part
        return 0.14
    others = [p for n, p in pos.items() if n not in (u, v)]
    obstacles = others + [(x, y - 0.28) for x, y in others]
    best, best_clear = 0.06, -1.0
    for bend in (0.06, -0.06, 0.16, -0.16, 0.28, -0.28, 0.42, -0.42):
        pts = _curve(pos[u], pos[v], bend)
        inner = [q for q in pts if frame.dist(q, pos[u]) > 24 and frame.dist(q, pos[v]) > 24]
        clear = min((frame.dist(q, o) for q in inner for o in obstacles), default=1e9)
        if clear >= 34:
            return bend
        if clear > best_clear:
            best, best_clear = bend, clear
    return best


def _node_style(kinds, names, current):
    colours, sizes, widths, lines = [], [], [], []
    for n, kind in zip(names, kinds):
        _, col, _ = KIND_STYLE.get(kind, KIND_STYLE[None])
        cur = n == current
        colours.append(CURRENT_COLOUR if cur else col)
        sizes.append(CURRENT_SIZE if cur else NODE_SIZE)
        widths.append(4 if cur else 1.5)
        lines.append(CURRENT_LINE if cur else "#ffffff")
    return colours, sizes, widths, lines


def _edge_marks(edges, current, mode):
    """Text and marker colours of the edge midpoints: in "current" mode, rules of the edges leaving ``current``."""
    text, colours, sizes = [], [], []
    for u, v, label, rules in edges:
        out = mode == "current" and u == current
        if mode == "rules":
            text.append("<br>".join(r.replace("LOCO-", "") for r in rules))
        elif mode == "label":
            text.append(label)
        elif out:
            text.append("<b>" + "<br>".join(rules) + "</b>")
        else:
            text.append("")
        colours.append(CURRENT_COLOUR if out else "#ffffff")
        sizes.append(11 if out else 8)
    return text, colours, sizes


# ------------------------------------------------------------------ figure

def flow_figure(graph, current=None, counts=None, height=520, pos=None, edge_text="current", title=None,
                width=None):
    """Draw a flow graph as a Plotly figure.

    graph: ``networkx.DiGraph`` with node attrs ``text``, ``decision`` and edge
    attrs ``label``, ``rules``. current: the phase to highlight. counts:
    ``{(src, dst): n}`` observed transition counts (edge widths and hover; an
    edge never taken is dotted); defaults to the graph's ``count`` attributes
    when any is non-zero. pos: optional ``{node: (x, y)}`` overriding the
    layout (default: :func:`default_layout`). edge_text: ``"current"`` (the
    rule IDs of the edges leaving the current phase, kept up to date by
    :func:`highlight`), ``"rules"`` (rule IDs on every edge), ``"label"`` (each
    transition's short label) or ``None``. Every edge shows its label, rule
    IDs (and count) on hover over its midpoint dot.

    Traces: edge lines grouped by style (``meta={"edges": [[src, dst], ...]}``), then the
    midpoint trace ``"transitions"``, legend-only traces, and last the phase
    trace ``"phases"`` with one point per phase in ``graph.nodes`` order
    (``customdata`` rows ``[phase, text, kind]``).
    """
    nodes = list(graph.nodes)
    pos = {n: (float(p[0]), float(p[1])) for n, p in (pos if pos is not None else default_layout(graph)).items()}
    frame = _Frame(pos, height, width or 1000.0)
    if counts is None:
        gc = {(u, v): d.get("count", 0) for u, v, d in graph.edges(data=True)}
        counts = gc if any(gc.values()) else None
    cmax = max(counts.values()) if counts else 0
    fig = go.Figure()
    pairs = set(graph.edges)
    edges, mid_x, mid_y, hovers, annotations = [], [], [], [], []
    groups = {}
    for u, v, d in graph.edges(data=True):
        rules = tuple(d.get("rules", ()))
        label = d.get("label", "")
        n_obs = counts.get((u, v), 0) if counts else None
        if u == v:
            pts = _loop(pos[u], 26 / frame.sx, 20 / frame.sy)
            pts = [q for q in pts if frame.dist(q, pos[u]) >= 15] or pts
        else:
            bend = _best_bend(u, v, pos, frame, (v, u) in pairs)
            pts = _trim(_curve(pos[u], pos[v], bend), pos[v], frame, CURRENT_SIZE / 2 + 2)
            pts = list(reversed(_trim(list(reversed(pts)), pos[u], frame, NODE_SIZE / 2)))
        if counts:
            width_px = 1.2 + 7.0 * math.sqrt(n_obs / cmax) if cmax else 1.2
            dash = "solid" if n_obs else "dot"
        else:
            width_px, dash = 1.6, "solid"
        hovers.append(f"<b>{u} → {v}</b><br>{label}<br>rules: {', '.join(rules) or '—'}"
                      + (f"<br>taken {n_obs:,} times" if counts is not None else ""))
        width_px = round(width_px * 2) / 2  # bucket widths: edges of one style share a trace
        groups.setdefault((width_px, dash), []).append(((u, v), pts))
        (ax, ay), (hx, hy) = pts[-2], pts[-1]
        annotations.append(dict(x=hx, y=hy, ax=ax, ay=ay, xref="x", yref="y", axref="x", ayref="y",
                                showarrow=True, arrowhead=2, arrowsize=1.0, arrowwidth=max(1.4, min(width_px, 3.0)),
                                arrowcolor=EDGE_COLOUR, text=""))
        mx, my = pts[len(pts) // 2]
        mid_x.append(mx)
        mid_y.append(my)
        edges.append((u, v, label, rules))
    for (width_px, dash), members in sorted(groups.items()):
        xs, ys = [], []
        for _, pts in members:
            xs += [q[0] for q in pts] + [None]
            ys += [q[1] for q in pts] + [None]
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", line=dict(color=EDGE_COLOUR, width=width_px, dash=dash), hoverinfo="skip",
            showlegend=False, name=f"edges {width_px:g}px {dash}", meta={"edges": [list(e) for e, _ in members]}))
    text, mcol, msize = _edge_marks(edges, current, edge_text)
    fig.add_trace(go.Scatter(
        x=mid_x, y=mid_y, mode="markers+text", text=text, textposition="top center",
        textfont=dict(size=10, color="#7a1c24" if edge_text == "current" else "#3d4a57"),
        marker=dict(size=msize, color=mcol, line=dict(color=EDGE_COLOUR, width=1)),
        customdata=[[u, v, ", ".join(r)] for u, v, _, r in edges],
        hovertext=hovers, hoverinfo="text", name=EDGE_HOVER_TRACE, showlegend=False,
        meta={"edge_text": edge_text}))
    for kind, (sym, col, legend) in KIND_STYLE.items():  # legend only
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=legend,
                                 marker=dict(symbol=sym, color=col, size=12), hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name="current phase",
                             marker=dict(symbol="circle", color=CURRENT_COLOUR, size=14,
                                         line=dict(color=CURRENT_LINE, width=3)), hoverinfo="skip"))
    kinds = [graph.nodes[n].get("decision") for n in nodes]
    colours, sizes, widths, lines = _node_style(kinds, nodes, current)
    custom = [[n, graph.nodes[n].get("text", ""), k or "automatic"] for n, k in zip(nodes, kinds)]
    fig.add_trace(go.Scatter(
        x=[pos[n][0] for n in nodes], y=[pos[n][1] for n in nodes], mode="markers+text",
        text=nodes, textposition="bottom center", textfont=dict(size=11, color="#1b1b1b"),
        marker=dict(symbol=[KIND_STYLE.get(k, KIND_STYLE[None])[0] for k in kinds], color=colours, size=sizes,
                    line=dict(color=lines, width=widths)),
        customdata=custom,
        hovertemplate="<b>%{customdata[0]}</b><br>%{customdata[1]}<br>%{customdata[2]}<extra></extra>",
        name=NODE_TRACE, showlegend=False))
    fig.update_layout(
        height=height, width=width, margin=dict(l=10, r=10, t=40 if title else 10, b=10),
        title=title, plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", hovermode="closest",
        annotations=annotations, dragmode=False, showlegend=True,
        legend=dict(orientation="h", yanchor="bottom", y=0.0, xanchor="left", x=0.0, font=dict(size=11),
                    bgcolor="rgba(255,255,255,0.85)"),
        xaxis=dict(visible=False, range=list(frame.xr), fixedrange=True),
        yaxis=dict(visible=False, range=list(frame.yr), fixedrange=True),
        meta={"flow": graph.graph.get("game", "")},
    )
    return fig


def _trace(fig, name):
    for t in fig.data:
        if t.name == name:
            return t
    raise ValueError(f"not a flow figure (no {name!r} trace)")


def node_trace(fig):
    """The phase trace of a flow figure."""
    return _trace(fig, NODE_TRACE)


def highlight(fig, current):
    """Light up ``current`` in a figure made by :func:`flow_figure`, in place; returns the figure.

    Changes only marker styles (colour, size, outline) of the ``"phases"``
    trace and, in ``edge_text="current"`` mode, the midpoint text and marker
    colour/size of the ``"transitions"`` trace (the rules of the edges leaving
    ``current``). No trace is added or removed and no coordinates move, so a
    ``FigureWidget`` sends one small update.
    """
    t = node_trace(fig)
    names = [row[0] for row in t.customdata]
    kinds = [None if row[2] == "automatic" else row[2] for row in t.customdata]
    colours, sizes, widths, lines = _node_style(kinds, names, current)
    e = _trace(fig, EDGE_HOVER_TRACE)
    mode = (e.meta or {}).get("edge_text") if isinstance(e.meta, dict) else None
    batch = getattr(fig, "batch_update", None)
    ctx = batch() if batch is not None else _nullcontext()
    with ctx:
        t.marker.color = colours
        t.marker.size = sizes
        t.marker.line.color = lines
        t.marker.line.width = widths
        if mode == "current":
            edges = [(u, v, "", tuple(r for r in rl.split(", ") if r)) for u, v, rl in e.customdata]
            text, mcol, msize = _edge_marks(edges, current, mode)
            e.text = text
            e.marker.color = mcol
            e.marker.size = msize
    return fig


class _nullcontext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def current_of(fig):
    """The phase currently lit in a flow figure (or None)."""
    t = node_trace(fig)
    for (name, _text, _kind), size in zip(t.customdata, t.marker.size):
        if size == CURRENT_SIZE:
            return name
    return None
