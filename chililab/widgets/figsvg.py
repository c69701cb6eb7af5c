"""Draw a simple plotly figure as a static SVG string, without plotly.js.

A plotly ``FigureWidget`` ships the whole plotly.js bundle (about 5 MB) through
the widget channel to every visitor and takes seconds of kernel time to build;
under load in Voila it is the first thing to fail (shared/recipes/README.md).
A flow graph needs no zoom or hover machinery, so :class:`chililab.widgets.FlowView`
delivers the same figure as a few kilobytes of SVG inside an ``ipywidgets.HTML``
and redraws it when the highlight moves.

Supported: ``scatter``/``scattergl`` traces (lines with ``None`` gaps, markers
with scalar or per-point size/colour/outline/symbol circle|square|diamond,
text with ``textposition``, hover text as SVG ``<title>`` tooltips), layout
``annotations`` (text, arrows in data or pixel offsets), ``shapes`` (line,
rect, circle in data coordinates), the title, background colours, fixed axis
ranges and reversed axes. Anything else is skipped, not guessed.
"""
from __future__ import annotations

import math
from html import escape

PALETTE = ("#636efa", "#EF553B", "#00cc96", "#ab63fa", "#FFA15A", "#19d3f3", "#FF6692", "#B6E880")
FONT = "'Open Sans','DejaVu Sans',verdana,arial,sans-serif"



def _marker(sym, x, y, r, attrs, tip=""):
    """One plotly marker (square, diamond, hexagon or circle) of radius r at (x, y) as SVG."""
    if sym.startswith("square"):
        return f'<rect x="{_f(x - r)}" y="{_f(y - r)}" width="{_f(2 * r)}" height="{_f(2 * r)}" {attrs}>{tip}</rect>'
    if sym.startswith("diamond"):
        pts = f"{_f(x)},{_f(y - r)} {_f(x + r)},{_f(y)} {_f(x)},{_f(y + r)} {_f(x - r)},{_f(y)}"
    elif sym.startswith("hexagon"):
        pts = " ".join(f"{_f(x + r * math.cos(math.pi / 3 * j))},{_f(y + r * math.sin(math.pi / 3 * j))}"
                       for j in range(6))
    else:
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {attrs}>{tip}</circle>'
    return f'<polygon points="{pts}" {attrs}>{tip}</polygon>'

def _f(x: float) -> str:
    s = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _get(obj, *path, default=None):
    for p in path:
        if obj is None:
            return default
        obj = obj.get(p) if isinstance(obj, dict) else getattr(obj, p, None)
    return default if obj is None else obj


def _per_point(value, i, default):
    if value is None:
        return default
    if isinstance(value, (list, tuple)):
        return value[i] if i < len(value) and value[i] is not None else default
    try:  # numpy arrays
        if hasattr(value, "__len__") and not isinstance(value, str):
            return value[i] if i < len(value) else default
    except TypeError:
        pass
    return value


def _colour(c, default="#444"):
    if c is None or isinstance(c, (int, float)):
        return default
    return str(c)


def _num(v):
    return v is not None and isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v))


def figure_svg(fig, width: float | None = None, height: float | None = None, css_class: str = "chili-figure") -> str:
    """The figure as one ``<svg>`` string (``fig``: a plotly Figure or its ``to_dict()``)."""
    d = fig.to_dict() if hasattr(fig, "to_dict") else fig
    data = d.get("data", [])
    lay = d.get("layout", {}) or {}
    W = float(width or lay.get("width") or 900)
    H = float(height or lay.get("height") or 520) * (W / float(lay.get("width") or W))
    m = lay.get("margin") or {}
    ml, mr, mt, mb = (float(m.get(k, v)) for k, v in (("l", 20), ("r", 20), ("t", 40), ("b", 20)))

    xs, ys = [], []
    for tr in data:
        if tr.get("type", "scatter") not in ("scatter", "scattergl") or tr.get("visible") is False:
            continue
        xs += [v for v in (tr.get("x") or []) if _num(v)]
        ys += [v for v in (tr.get("y") or []) if _num(v)]
    for a in lay.get("annotations") or []:
        if a.get("xref", "x") == "x" and _num(a.get("x")):
            xs.append(a["x"])
            ys.append(a.get("y", 0))
    for s in lay.get("shapes") or []:
        if s.get("xref", "x") == "x":
            xs += [v for v in (s.get("x0"), s.get("x1")) if _num(v)]
            ys += [v for v in (s.get("y0"), s.get("y1")) if _num(v)]
    xr = _get(lay, "xaxis", "range")
    yr = _get(lay, "yaxis", "range")
    x0, x1 = (xr[0], xr[1]) if xr else ((min(xs), max(xs)) if xs else (0, 1))
    y0, y1 = (yr[0], yr[1]) if yr else ((min(ys), max(ys)) if ys else (0, 1))
    if not xr:
        pad = (x1 - x0) * 0.06 or 1
        x0, x1 = x0 - pad, x1 + pad
    if not yr:
        pad = (y1 - y0) * 0.08 or 1
        y0, y1 = y0 - pad, y1 + pad
    pw, ph = max(W - ml - mr, 10), max(H - mt - mb, 10)
    yrev = _get(lay, "yaxis", "autorange") == "reversed"

    def X(v):
        return ml + (v - x0) / ((x1 - x0) or 1) * pw

    def Y(v):
        t = (v - y0) / ((y1 - y0) or 1)
        return mt + (t if yrev else 1 - t) * ph

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(css_class)}" width="{_f(W)}" height="{_f(H)}" '
            f'viewBox="0 0 {_f(W)} {_f(H)}" font-family="{FONT}">'),
           f'<rect width="100%" height="100%" fill="{_colour(lay.get("paper_bgcolor"), "#ffffff")}"/>',
           (f'<rect x="{_f(ml)}" y="{_f(mt)}" width="{_f(pw)}" height="{_f(ph)}" '
            f'fill="{_colour(lay.get("plot_bgcolor"), "#ffffff")}"/>')]
    for s in lay.get("shapes") or []:
        out.append(_shape(s, X, Y))
    for k, tr in enumerate(data):
        if tr.get("type", "scatter") not in ("scatter", "scattergl") or tr.get("visible") is False:
            continue
        out.append(_trace(tr, k, X, Y))
    for a in lay.get("annotations") or []:
        out.append(_annotation(a, X, Y, ml, mt, pw, ph))
    out.append(_legend(data, lay, ml, mt, pw, ph))
    title = _get(lay, "title", "text")
    if title:
        size = _get(lay, "title", "font", "size", default=16)
        out.append(f'<text x="{_f(W / 2)}" y="{_f(min(mt * 0.7, 28) or 20)}" font-size="{_f(size)}" '
                   f'text-anchor="middle" fill="#333">{escape(_plain(title))}</text>')
    out.append("</svg>")
    return "".join(o for o in out if o)


def _legend(data, lay, ml, mt, pw, ph):
    """Entries for legend-only traces (no drawable point), laid out in one row at the bottom left."""
    if lay.get("showlegend") is False:
        return ""
    items = []
    for tr in data:
        if tr.get("showlegend") is False or not tr.get("name"):
            continue
        xs = tr.get("x") or []
        if any(_num(v) for v in xs):
            continue  # a drawn trace: plotly would list it too, but our figures use empty traces for the legend
        mk = tr.get("marker") or {}
        items.append((str(tr["name"]), _colour(_per_point(mk.get("color"), 0, "#444")),
                      str(_per_point(mk.get("symbol"), 0, "circle")),
                      _colour(_per_point((mk.get("line") or {}).get("color"), 0, None), "none"),
                      _per_point((mk.get("line") or {}).get("width"), 0, 0)))
    if not items:
        return ""
    size = _get(lay, "legend", "font", "size", default=11)
    x, y = ml + 8, mt + ph - 10
    out = ['<g class="legend">']
    for name, col, sym, lc, lw in items:
        out.append(_marker(sym, x, y, 6, f'fill="{col}" stroke="{lc}" stroke-width="{lw}"'))
        out.append(f'<text x="{_f(x + 10)}" y="{_f(y + size * 0.35)}" font-size="{size}" fill="#333">'
                   f'{escape(name)}</text>')
        x += 24 + len(name) * size * 0.58
    out.append("</g>")
    return "".join(out)


def _plain(s) -> str:
    """Plotly text allows <b>, <br> ...: keep the words."""
    import re

    return re.sub(r"<[^>]+>", " ", str(s)).replace("  ", " ").strip()


def _shape(s, X, Y):
    if s.get("xref", "x") != "x" or s.get("yref", "y") != "y":
        return ""
    line = s.get("line") or {}
    stroke = _colour(line.get("color"), "#444")
    sw = line.get("width", 2)
    fill = _colour(s.get("fillcolor"), "none")
    t = s.get("type", "line")
    a, b, c, e = X(s.get("x0", 0)), Y(s.get("y0", 0)), X(s.get("x1", 0)), Y(s.get("y1", 0))
    op = f' opacity="{s["opacity"]}"' if "opacity" in s else ""
    if t == "line":
        return f'<line x1="{_f(a)}" y1="{_f(b)}" x2="{_f(c)}" y2="{_f(e)}" stroke="{stroke}" stroke-width="{sw}"{op}/>'
    if t == "rect":
        return (f'<rect x="{_f(min(a, c))}" y="{_f(min(b, e))}" width="{_f(abs(c - a))}" height="{_f(abs(e - b))}" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{op}/>')
    if t == "circle":
        return (f'<ellipse cx="{_f((a + c) / 2)}" cy="{_f((b + e) / 2)}" rx="{_f(abs(c - a) / 2)}" '
                f'ry="{_f(abs(e - b) / 2)}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{op}/>')
    return ""


_DASH = {"dash": "6,4", "dot": "2,3", "dashdot": "6,3,2,3", "longdash": "10,4"}


def _trace(tr, k, X, Y):
    xs, ys = list(tr.get("x") or []), list(tr.get("y") or [])
    n = min(len(xs), len(ys))
    mode = tr.get("mode") or ("lines+markers" if n < 20 else "lines")
    out = [f'<g class="trace" data-name="{escape(str(tr.get("name", "")))}"'
           + (f' opacity="{tr["opacity"]}"' if "opacity" in tr else "") + ">"]
    default = PALETTE[k % len(PALETTE)]
    if "lines" in mode:
        line = tr.get("line") or {}
        stroke = _colour(line.get("color"), default)
        sw = line.get("width", 2)
        dash = _DASH.get(line.get("dash"), "")
        da = f' stroke-dasharray="{dash}"' if dash else ""
        seg = []
        for i in range(n):
            if _num(xs[i]) and _num(ys[i]):
                seg.append(f"{_f(X(xs[i]))},{_f(Y(ys[i]))}")
            else:
                if len(seg) > 1:
                    out.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="{stroke}" '
                               f'stroke-width="{sw}"{da}/>')
                seg = []
        if len(seg) > 1:
            out.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="{stroke}" stroke-width="{sw}"{da}/>')
    text = tr.get("text")
    hover = tr.get("hovertext") if tr.get("hovertext") is not None else text
    if "markers" in mode:
        mk = tr.get("marker") or {}
        mline = mk.get("line") or {}
        for i in range(n):
            if not (_num(xs[i]) and _num(ys[i])):
                continue
            size = float(_per_point(mk.get("size"), i, 6))
            fill = _colour(_per_point(mk.get("color"), i, default), default)
            stroke = _colour(_per_point(mline.get("color"), i, None), "none")
            sw = _per_point(mline.get("width"), i, 0)
            sym = str(_per_point(mk.get("symbol"), i, "circle"))
            op = _per_point(mk.get("opacity"), i, None)
            attrs = f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"' + (f' opacity="{op}"' if op is not None else "")
            cx, cy, r = X(xs[i]), Y(ys[i]), size / 2
            tip = _per_point(hover, i, None)
            tip = f"<title>{escape(_plain(tip))}</title>" if tip else ""
            out.append(_marker(sym, cx, cy, r, attrs, tip))
    if "text" in mode and text is not None:
        tf = tr.get("textfont") or {}
        size = _per_point(tf.get("size"), 0, 12)
        colour = _colour(_per_point(tf.get("color"), 0, None), "#222")
        msize = float(_per_point((tr.get("marker") or {}).get("size"), 0, 6)) if "markers" in mode else 0
        for i in range(n):
            t = _per_point(text, i, None)
            if t is None or not (_num(xs[i]) and _num(ys[i])):
                continue
            pos = str(_per_point(tr.get("textposition"), i, "middle center"))
            dx = {"left": -(msize / 2 + 3), "right": msize / 2 + 3}.get(pos.split()[-1], 0)
            dy = {"top": -(msize / 2 + 4), "bottom": msize / 2 + size}.get(pos.split()[0], size * 0.35)
            anchor = {"left": "end", "right": "start"}.get(pos.split()[-1], "middle")
            lines = [s for s in str(t).replace("<br />", "<br>").replace("<br/>", "<br>").split("<br>")]
            ty = Y(ys[i]) + dy - (len(lines) - 1) * size * 0.6
            for j, ln in enumerate(lines):
                out.append(f'<text x="{_f(X(xs[i]) + dx)}" y="{_f(ty + j * size * 1.2)}" font-size="{size}" '
                           f'fill="{colour}" text-anchor="{anchor}">{escape(_plain(ln))}</text>')
    out.append("</g>")
    return "".join(out)


def _annotation(a, X, Y, ml, mt, pw, ph):
    if a.get("visible") is False:
        return ""
    xref, yref = a.get("xref", "x"), a.get("yref", "y")
    if xref == "paper":
        x = ml + float(a.get("x", 0)) * pw
    elif xref == "x" and _num(a.get("x")):
        x = X(a["x"])
    else:
        return ""
    if yref == "paper":
        y = mt + (1 - float(a.get("y", 0))) * ph
    elif yref == "y" and _num(a.get("y")):
        y = Y(a["y"])
    else:
        return ""
    out = []
    if a.get("showarrow", True):
        axref, ayref = a.get("axref", "pixel"), a.get("ayref", "pixel")
        ax, ay = a.get("ax", -10), a.get("ay", -30)
        sx = X(ax) if axref == "x" else x + float(ax)
        sy = Y(ay) if ayref == "y" else y + float(ay)
        colour = _colour(a.get("arrowcolor"), "#444")
        w = float(a.get("arrowwidth", 1.5))
        standoff = float(a.get("standoff", 0))
        ang = math.atan2(y - sy, x - sx)
        tx, ty = x - standoff * math.cos(ang), y - standoff * math.sin(ang)
        out.append(f'<line x1="{_f(sx)}" y1="{_f(sy)}" x2="{_f(tx)}" y2="{_f(ty)}" stroke="{colour}" '
                   f'stroke-width="{_f(w)}"/>')
        if a.get("arrowhead", 1) != 0:
            hs = 4 + 2.5 * w * float(a.get("arrowsize", 1))
            p1 = (tx - hs * math.cos(ang - 0.4), ty - hs * math.sin(ang - 0.4))
            p2 = (tx - hs * math.cos(ang + 0.4), ty - hs * math.sin(ang + 0.4))
            out.append(f'<polygon points="{_f(tx)},{_f(ty)} {_f(p1[0])},{_f(p1[1])} {_f(p2[0])},{_f(p2[1])}" '
                       f'fill="{colour}"/>')
        text_at = (sx, sy)
    else:
        text_at = (x, y)
    text = a.get("text")
    if text:
        f = a.get("font") or {}
        size = f.get("size", 12)
        colour = _colour(f.get("color"), "#333")
        bg = a.get("bgcolor")
        lines = str(text).replace("<br />", "<br>").replace("<br/>", "<br>").split("<br>")
        tx, ty = text_at
        if bg:
            wmax = max(len(_plain(ln)) for ln in lines) * size * 0.6 + 6
            out.append(f'<rect x="{_f(tx - wmax / 2)}" y="{_f(ty - size * 0.9)}" width="{_f(wmax)}" '
                       f'height="{_f(size * 1.25 * len(lines) + 2)}" fill="{_colour(bg)}" rx="3"/>')
        for j, ln in enumerate(lines):
            out.append(f'<text x="{_f(tx)}" y="{_f(ty + size * 0.35 + j * size * 1.2)}" font-size="{size}" '
                       f'fill="{colour}" text-anchor="middle">{escape(_plain(ln))}</text>')
    return "".join(out)
