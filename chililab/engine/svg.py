"""Small helpers for pictures drawn as SVG strings (shared by every game's pictures and by ``viz``).

Standard library only, so a game's picture module stays as light as its rules.

>>> num(3.0), num(2.456), num(-0.001)
('3', '2.46', '0')
>>> text(10, 20, "<hi>", 12, "#222", font="serif")
'<text x="10" y="20" font-family="serif" font-size="12" font-weight="bold" text-anchor="middle" fill="#222">&lt;hi&gt;</text>'
"""
from __future__ import annotations

from html import escape

SANS = "'Trebuchet MS','DejaVu Sans','Liberation Sans',Verdana,Arial,sans-serif"


def num(x: float) -> str:
    """A number for an SVG attribute: at most two decimals, no trailing zeros, never ``-0``."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def text(x, y, s, size, fill, anchor="middle", weight="bold", max_width=None, extra="", cls=None, font=SANS,
         char_width=0.6) -> str:
    """A ``<text>`` element (``s`` escaped). With ``max_width``, text estimated wider
    (``len(s) * size * char_width``) is squeezed to fit by ``textLength``."""
    fit = (f' textLength="{num(max_width)}" lengthAdjust="spacingAndGlyphs"'
           if max_width is not None and len(s) * size * char_width > max_width else "")
    c = f' class="{cls}"' if cls else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{font}" font-size="{num(size)}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}"{c}{fit}{extra}>{escape(s)}</text>')
