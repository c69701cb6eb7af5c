"""Chili Loco cards drawn as self-contained inline SVG strings (registered as the "card" picture).

Pure functions, no state: ``card_svg(card)`` for a face-up card,
``card_back_svg()`` for a face-down one. Every drawing uses SVG primitives only
(no fonts beyond plain text, no ids, no gradients), so many cards can sit in one
HTML page or be nested inside a bigger SVG (see :mod:`chililab.games.loco.pictures.table`).

Every card's root element carries ``class="chili-card"``; a face-up card also
carries ``data-card`` (its code, e.g. ``"R-Bell"``), ``data-id`` (the physical
card id), ``data-border`` (``cream``/``dark``) and ``data-colour``. A face-down
back carries nothing that tells one card from another.

>>> from chililab.loco import ALL_CARDS
>>> svg = card_svg(ALL_CARDS[0])
>>> 'data-card="R-Bell"' in svg and 'class="chili-card"' in svg
True
>>> "data-card" in card_back_svg()
False
"""
from __future__ import annotations

import math
from html import escape

from chililab.engine.svg import num as _f
from chililab.engine.svg import text as svg_text

from ..rules.cards import ALL_CARDS, PERSONAL_RECIPE, Card, parse_code

# ------------------------------------------------------------------ palette

#: face colours (saturated, distinct on a projector, readable with white text)
FACE = {"red": "#d62828", "green": "#1f9a45", "yellow": "#f4b400", "purple": "#7b2cbf", None: "#1c1c1c"}
#: darker "ink" of each colour, for icons drawn on the white centre oval
INK = {"red": "#a4161a", "green": "#13703a", "yellow": "#b07d00", "purple": "#5a189a", None: "#1c1c1c"}
#: text colour on each face
ON_FACE = {"red": "#ffffff", "green": "#ffffff", "yellow": "#2b2b2b", "purple": "#ffffff", None: "#ffffff"}
BORDER = {"cream": "#f3e3c3", "dark": "#2b2b2b"}
WHEEL = ("#d62828", "#f4b400", "#1f9a45", "#7b2cbf")  # red, yellow, green, purple: clockwise from top-right
OVAL = "#fffaf0"
HIGHLIGHT = "#ffb703"
#: each colour's own symbol, drawn on every card of that colour: colours told apart without seeing colour
#: (a colour-blind player, a washed-out projector); tests/loco/test_colour_blind.py checks them
SYMBOL = {"red": "circle", "green": "triangle", "yellow": "square", "purple": "diamond"}

# card body 100 x 140 units, plus a margin for the highlight ring
_VB = (-4, -4, 108, 148)
ASPECT = _VB[3] / _VB[2]

CORNER = {
    "Bell": "BEL", "Cherry": "CHE", "Jalapeño": "JAL", "Scotch Bonnet": "SCO", "Cayenne": "CAY",
    "Habanero": "HAB", "Ghost": "GHO", "Carolina Reaper": "CAR",
    "Stir the Pot": "STIR", "Hot Sauce": "+2", "Heat Stroke": "SKIP", "Salsa Slap": "SLAP",
    "New Recipe": "WILD", "Reaper": "+5", "Blender": "BLND", "Taco Trade": "SWAP", "Hot Potato": "PASS",
    "Milk Chaser": "MILK", PERSONAL_RECIPE: "PR",
}



def _as_card(card) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, int) and not isinstance(card, bool):
        return ALL_CARDS[card]
    if isinstance(card, str):
        if card.strip().upper() in ("PR1", "PR2"):
            return ALL_CARDS[111 + int(card.strip()[-1])]
        name, colour = parse_code(card)
        for c in ALL_CARDS:
            if c.name == name and c.colour == colour:
                return c
    raise ValueError(f"not a Chili Loco card: {card!r}")


# ------------------------------------------------------------------ small shapes

def _arrowhead(x, y, angle, size, fill):
    """A filled triangle with its tip at (x, y) pointing along ``angle`` (radians)."""
    bx, by = x - size * math.cos(angle), y - size * math.sin(angle)
    px, py = -math.sin(angle) * size * 0.6, math.cos(angle) * size * 0.6
    return (f'<path d="M{_f(x)},{_f(y)} L{_f(bx + px)},{_f(by + py)} L{_f(bx - px)},{_f(by - py)} Z" '
            f'fill="{fill}"/>')


def _arc_arrow(cx, cy, r, a0, a1, colour, width=6, head=11):
    """A circular arc from angle a0 to a1 (degrees, clockwise on screen) with a head at a1."""
    t0, t1 = math.radians(a0), math.radians(a1)
    x0, y0 = cx + r * math.cos(t0), cy + r * math.sin(t0)
    # stop the line a little before the tip so the head covers its end
    back = math.radians(head * 0.6 / r * 180 / math.pi) * (1 if a1 > a0 else -1)
    x1, y1 = cx + r * math.cos(t1 - back), cy + r * math.sin(t1 - back)
    large = 1 if abs(a1 - a0) > 180 else 0
    sweep = 1 if a1 > a0 else 0
    tip_x, tip_y = cx + r * math.cos(t1), cy + r * math.sin(t1)
    tangent = t1 + (math.pi / 2 if a1 > a0 else -math.pi / 2)
    return (f'<path d="M{_f(x0)},{_f(y0)} A{_f(r)},{_f(r)} 0 {large} {sweep} {_f(x1)},{_f(y1)}" fill="none" '
            f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'
            + _arrowhead(tip_x, tip_y, tangent, head, colour))


def _line_arrow(x0, y0, x1, y1, colour, width=6, head=12):
    ang = math.atan2(y1 - y0, x1 - x0)
    ex, ey = x1 - head * 0.7 * math.cos(ang), y1 - head * 0.7 * math.sin(ang)
    return (f'<path d="M{_f(x0)},{_f(y0)} L{_f(ex)},{_f(ey)}" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linecap="round" fill="none"/>' + _arrowhead(x1, y1, ang, head, colour))


def colour_wheel(cx, cy, r, gap="#ffffff", hole=0.0):
    """Four quarter-discs in the four Loco colours (the wild symbol)."""
    out = []
    for i, col in enumerate(WHEEL):
        a0, a1 = math.radians(-90 + 90 * i), math.radians(90 * i)
        x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
        x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
        out.append(f'<path d="M{_f(cx)},{_f(cy)} L{_f(x0)},{_f(y0)} A{_f(r)},{_f(r)} 0 0 1 {_f(x1)},{_f(y1)} Z" '
                   f'fill="{col}" stroke="{gap}" stroke-width="{_f(max(1.0, r / 12))}"/>')
    if hole:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * hole)}" fill="{gap}"/>')
    return "".join(out)


def _text(x, y, s, size, fill, anchor="middle", weight="bold", max_width=None, extra="", cls=None):
    return svg_text(x, y, s, size, fill, anchor, weight, max_width, extra, cls)


def colour_symbol(colour: str, cx: float, cy: float, r: float, fill: str, edge: str | None = None) -> str:
    """The symbol of a colour (:data:`SYMBOL`: a circle, triangle, square or diamond) centred on (cx, cy),
    ``r`` its half-size; ``edge``: an outline colour. Marked ``class="chili-colour-symbol"``, ``data-symbol``."""
    shape = SYMBOL[colour]
    line = f' stroke="{edge}" stroke-width="{_f(max(1.0, r / 4))}" stroke-linejoin="round"' if edge else ""
    if shape == "circle":
        body = f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.9)}" fill="{fill}"{line}/>'
    elif shape == "square":
        a = r * 0.8
        body = f'<rect x="{_f(cx - a)}" y="{_f(cy - a)}" width="{_f(2 * a)}" height="{_f(2 * a)}" fill="{fill}"{line}/>'
    else:
        pts = ([(cx, cy - r), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)] if shape == "triangle"
               else [(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)])
        body = f'<polygon points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}" fill="{fill}"{line}/>'
    return f'<g class="chili-colour-symbol" data-symbol="{shape}">{body}</g>'


# ------------------------------------------------------------------ pepper glyphs

STEM = "#3d5a1e"
_PEPPER_SHAPE = {  # length, width, tip bend, rotation (degrees)
    "Jalapeño": (56, 21, 5, 22),
    "Cayenne": (66, 13, 14, 28),
    "Habanero": (40, 30, 3, 8),
    "Ghost": (56, 22, 6, -18),
    "Carolina Reaper": (42, 30, 2, 10),
}


def _long_pepper(cx, cy, L, w, bend, rot, body, ink):
    y0, y1 = -L / 2, L / 2
    d = (f"M{_f(-w / 2)},{_f(y0 + 4)} "
         f"C{_f(-w / 2)},{_f(y0 + L * 0.55)} {_f(bend - w * 0.2)},{_f(y1 - L * 0.12)} {_f(bend)},{_f(y1)} "
         f"C{_f(bend + w * 0.3)},{_f(y1 - L * 0.25)} {_f(w / 2)},{_f(y0 + L * 0.5)} {_f(w / 2)},{_f(y0 + 4)} "
         f"Q0,{_f(y0 - 3)} {_f(-w / 2)},{_f(y0 + 4)} Z")
    return (f'<g transform="translate({_f(cx)},{_f(cy)}) rotate({_f(rot)})">'
            f'<path d="{d}" fill="{body}" stroke="{ink}" stroke-width="2" stroke-linejoin="round"/>'
            f'<path d="M{_f(-w * 0.22)},{_f(y0 + 8)} Q{_f(-w * 0.28)},{_f(y0 + L * 0.4)} {_f(-w * 0.05)},{_f(y0 + L * 0.62)}" '
            f'stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" fill="none" stroke-linecap="round"/>'
            f'<ellipse cx="0" cy="{_f(y0 + 2)}" rx="{_f(w * 0.42)}" ry="4" fill="{STEM}"/>'
            f'<path d="M0,{_f(y0)} q-2,-8 6,-12" stroke="{STEM}" stroke-width="4" fill="none" stroke-linecap="round"/>'
            "</g>")


def pepper_glyph(name: str, cx: float, cy: float, colour: str | None, scale: float = 1.0) -> str:
    """A small pepper drawing; the shape varies a little with the pepper's name."""
    body, ink = FACE.get(colour, FACE["red"]), INK.get(colour, INK["red"])
    inner = ""
    if name == "Bell":
        inner = (f'<path d="M-19,-12 C-26,6 -21,24 -9,23 C-5,19 5,19 9,23 C21,24 26,6 19,-12 '
                 f'C11,-19 -11,-19 -19,-12 Z" fill="{body}" stroke="{ink}" stroke-width="2"/>'
                 f'<path d="M0,-15 L0,18" stroke="{ink}" stroke-opacity="0.45" stroke-width="1.6"/>'
                 f'<path d="M-12,-8 Q-16,4 -11,14" stroke="#fff" stroke-opacity="0.55" stroke-width="3" fill="none" '
                 f'stroke-linecap="round"/>'
                 f'<ellipse cx="0" cy="-15" rx="8" ry="3.5" fill="{STEM}"/>'
                 f'<path d="M0,-16 q-1,-7 5,-11" stroke="{STEM}" stroke-width="4" fill="none" stroke-linecap="round"/>')
    elif name == "Cherry":
        inner = (f'<circle cx="0" cy="4" r="17" fill="{body}" stroke="{ink}" stroke-width="2"/>'
                 f'<path d="M-9,-4 Q-11,4 -6,11" stroke="#fff" stroke-opacity="0.55" stroke-width="3" fill="none" '
                 f'stroke-linecap="round"/>'
                 f'<ellipse cx="0" cy="-12" rx="6" ry="3" fill="{STEM}"/>'
                 f'<path d="M0,-13 q0,-9 9,-14" stroke="{STEM}" stroke-width="4" fill="none" stroke-linecap="round"/>')
    elif name == "Scotch Bonnet":
        inner = (f'<path d="M-24,-2 C-24,14 -12,19 -4,17 C-2,13 2,13 4,17 C12,19 24,14 24,-2 '
                 f'C20,-13 -20,-13 -24,-2 Z" fill="{body}" stroke="{ink}" stroke-width="2"/>'
                 f'<path d="M-12,-8 Q0,-3 12,-8" stroke="{ink}" stroke-opacity="0.45" stroke-width="1.6" fill="none"/>'
                 f'<path d="M-17,0 Q-16,8 -10,11" stroke="#fff" stroke-opacity="0.55" stroke-width="3" fill="none" '
                 f'stroke-linecap="round"/>'
                 f'<ellipse cx="0" cy="-10" rx="8" ry="3.5" fill="{STEM}"/>'
                 f'<path d="M0,-11 q-1,-7 6,-10" stroke="{STEM}" stroke-width="4" fill="none" stroke-linecap="round"/>')
    else:
        L, w, bend, rot = _PEPPER_SHAPE.get(name, (50, 20, 5, 20))
        inner = _long_pepper(0, 0, L, w, bend, rot, body, ink)
        if name == "Ghost":  # wrinkles
            inner += (f'<g transform="rotate({rot})" stroke="{ink}" stroke-opacity="0.5" stroke-width="1.5" fill="none">'
                      '<path d="M-8,-6 q5,3 10,0"/><path d="M-7,6 q5,3 9,0"/></g>')
        if name == "Carolina Reaper":  # the scorpion tail
            inner += (f'<path d="M4,21 q10,6 6,13 q-3,4 -7,1" stroke="{ink}" stroke-width="3" fill="none" '
                      f'stroke-linecap="round" transform="rotate({rot})"/>')
    return f'<g transform="translate({_f(cx)},{_f(cy)}) scale({_f(scale)})">{inner}</g>'


# ------------------------------------------------------------------ action and wild icons

def _icon(card: Card, cx: float, cy: float) -> str:
    """The centre picture of a card (inside the oval around (cx, cy))."""
    ink = INK[card.colour]
    n = card.name
    if card.kind == "pepper":
        return pepper_glyph(n, cx, cy + 2, card.colour, 1.05)
    if n == "Stir the Pot":
        return (_arc_arrow(cx, cy, 19, 200, 340, ink, 6, 12) + _arc_arrow(cx, cy, 19, 20, 160, ink, 6, 12)
                + f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="5" fill="{ink}"/>')
    if n == "Hot Sauce":
        bx = cx - 12
        return (f'<path d="M{_f(bx - 4)},{_f(cy - 22)} L{_f(bx + 4)},{_f(cy - 22)} L{_f(bx + 4)},{_f(cy - 12)} '
                f'Q{_f(bx + 11)},{_f(cy - 8)} {_f(bx + 11)},{_f(cy)} L{_f(bx + 11)},{_f(cy + 26)} '
                f'Q{_f(bx + 11)},{_f(cy + 30)} {_f(bx + 7)},{_f(cy + 30)} L{_f(bx - 7)},{_f(cy + 30)} '
                f'Q{_f(bx - 11)},{_f(cy + 30)} {_f(bx - 11)},{_f(cy + 26)} L{_f(bx - 11)},{_f(cy)} '
                f'Q{_f(bx - 11)},{_f(cy - 8)} {_f(bx - 4)},{_f(cy - 12)} Z" fill="{ink}"/>'
                f'<rect x="{_f(bx - 5)}" y="{_f(cy - 29)}" width="10" height="8" rx="2" fill="#2b2b2b"/>'
                f'<rect x="{_f(bx - 8)}" y="{_f(cy + 4)}" width="16" height="14" rx="2" fill="#fffaf0"/>'
                f'<path d="M{_f(bx)},{_f(cy + 16)} q-5,-4 -1,-9 q0,4 3,4 q1,-3 -1,-5 q6,3 3,10 Z" fill="{ink}"/>'
                + _text(cx + 14, cy + 8, "+2", 20, ink))
    if n == "Heat Stroke":
        rays = "".join(
            f'<path d="M{_f(cx + 13 * math.cos(a))},{_f(cy + 13 * math.sin(a))} '
            f'L{_f(cx + 20 * math.cos(a))},{_f(cy + 20 * math.sin(a))}" stroke="#f39c12" stroke-width="3.5" '
            f'stroke-linecap="round"/>' for a in (math.radians(k * 45 + 22.5) for k in range(8)))
        return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="9" fill="#f7b32b" stroke="#f39c12" stroke-width="2"/>' + rays
                + f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="26" fill="none" stroke="{ink}" stroke-width="6"/>'
                f'<path d="M{_f(cx - 18.4)},{_f(cy + 18.4)} L{_f(cx + 18.4)},{_f(cy - 18.4)}" stroke="{ink}" '
                f'stroke-width="6" stroke-linecap="round"/>')
    if n == "Salsa Slap":
        fingers = "".join(
            f'<rect x="{_f(cx - 14 + 7.3 * i)}" y="{_f(cy - 26 + off)}" width="6.6" height="{_f(30 - off)}" rx="3.3" '
            f'fill="{ink}"/>' for i, off in enumerate((6, 0, 1, 7)))
        lines = "".join(
            f'<path d="M{_f(cx + s * 22)},{_f(cy - 16 + 9 * k)} l{_f(s * 6)},{_f(-3 + 3 * k)}" stroke="{ink}" '
            f'stroke-width="2.5" stroke-linecap="round"/>' for s in (-1, 1) for k in range(3))
        return (fingers + f'<rect x="{_f(cx - 14.5)}" y="{_f(cy - 2)}" width="29" height="26" rx="9" fill="{ink}"/>'
                f'<rect x="{_f(cx - 27)}" y="{_f(cy - 3)}" width="7" height="22" rx="3.5" fill="{ink}" '
                f'transform="rotate(-38 {_f(cx - 23.5)} {_f(cy + 8)})"/>' + lines)
    if n == "New Recipe":
        return colour_wheel(cx, cy, 25, OVAL, hole=0.28)
    if n == "Reaper":
        return (f'<path d="M{_f(cx - 14)},{_f(cy + 30)} L{_f(cx + 6)},{_f(cy - 26)}" stroke="#7a4a1e" '
                f'stroke-width="4.5" stroke-linecap="round"/>'
                f'<path d="M{_f(cx + 6)},{_f(cy - 26)} C{_f(cx - 8)},{_f(cy - 36)} {_f(cx - 26)},{_f(cy - 28)} '
                f'{_f(cx - 30)},{_f(cy - 12)} C{_f(cx - 20)},{_f(cy - 22)} {_f(cx - 8)},{_f(cy - 24)} '
                f'{_f(cx + 4)},{_f(cy - 18)} Z" fill="#2b2b2b"/>'
                + _text(cx + 15, cy + 26, "+5", 19, "#b3001b"))
    if n == "Blender":
        dots = "".join(f'<circle cx="{_f(cx + dx)}" cy="{_f(cy + dy)}" r="4" fill="{c}"/>'
                       for (dx, dy), c in zip(((-6, -8), (5, -4), (-3, 3), (6, 8)), WHEEL))
        return (f'<rect x="{_f(cx - 16)}" y="{_f(cy - 30)}" width="32" height="6" rx="2" fill="#2b2b2b"/>'
                f'<path d="M{_f(cx - 14)},{_f(cy - 24)} L{_f(cx + 14)},{_f(cy - 24)} L{_f(cx + 10)},{_f(cy + 16)} '
                f'L{_f(cx - 10)},{_f(cy + 16)} Z" fill="#d8ecfb" stroke="#2b2b2b" stroke-width="2.5"/>' + dots
                + f'<path d="M{_f(cx - 7)},{_f(cy + 12)} L{_f(cx + 7)},{_f(cy + 8)} M{_f(cx - 7)},{_f(cy + 8)} '
                f'L{_f(cx + 7)},{_f(cy + 12)}" stroke="#2b2b2b" stroke-width="2"/>'
                f'<rect x="{_f(cx - 14)}" y="{_f(cy + 16)}" width="28" height="14" rx="3" fill="#2b2b2b"/>'
                f'<circle cx="{_f(cx)}" cy="{_f(cy + 23)}" r="3" fill="#f4b400"/>')
    if n == "Taco Trade":
        return (f'<path d="M{_f(cx - 20)},{_f(cy + 2)} A20,17 0 0 1 {_f(cx + 20)},{_f(cy + 2)} Z" fill="#f4c542" '
                f'stroke="#b07d00" stroke-width="2" transform="translate(0,-2)"/>'
                f'<path d="M{_f(cx - 15)},{_f(cy - 6)} q5,-6 10,0 q5,-6 10,0 q5,-6 10,0" stroke="#1f9a45" '
                f'stroke-width="3" fill="none"/>'
                + _line_arrow(cx - 22, cy - 22, cx + 24, cy - 22, "#2b2b2b", 4.5, 10)
                + _line_arrow(cx + 22, cy + 16, cx - 24, cy + 16, "#2b2b2b", 4.5, 10))
    if n == "Hot Potato":
        return (_line_arrow(cx + 22, cy - 18, cx - 24, cy - 18, "#2b2b2b", 5, 12)
                + f'<ellipse cx="{_f(cx + 3)}" cy="{_f(cy + 12)}" rx="18" ry="13" fill="#b5834a" stroke="#7a5230" '
                f'stroke-width="2"/>'
                + "".join(f'<circle cx="{_f(cx + dx)}" cy="{_f(cy + dy)}" r="1.8" fill="#7a5230"/>'
                          for dx, dy in ((-6, 8), (6, 14), (10, 6), (-2, 18)))
                + "".join(f'<path d="M{_f(cx + dx)},{_f(cy - 5)} q-3,-4 0,-8" stroke="#d62828" stroke-width="2" '
                          f'fill="none" stroke-linecap="round"/>' for dx in (-6, 3, 12)))
    if n == "Milk Chaser":
        return (f'<path d="M{_f(cx - 14)},{_f(cy - 28)} L{_f(cx + 14)},{_f(cy - 28)} L{_f(cx + 10)},{_f(cy + 28)} '
                f'L{_f(cx - 10)},{_f(cy + 28)} Z" fill="#d8ecfb"/>'
                f'<path d="M{_f(cx - 12.6)},{_f(cy - 8)} q4,3 8.4,0 q4,-3 8.4,0 q4,3 8.4,0 L{_f(cx + 10)},{_f(cy + 28)} '
                f'L{_f(cx - 10)},{_f(cy + 28)} Z" fill="#ffffff"/>'
                f'<path d="M{_f(cx - 14)},{_f(cy - 28)} L{_f(cx + 14)},{_f(cy - 28)} L{_f(cx + 10)},{_f(cy + 28)} '
                f'L{_f(cx - 10)},{_f(cy + 28)} Z" fill="none" stroke="#2b2b2b" stroke-width="2.5" '
                f'stroke-linejoin="round"/>'
                f'<path d="M{_f(cx - 7)},{_f(cy - 2)} L{_f(cx - 5)},{_f(cy + 22)}" stroke="#9fb6cc" stroke-width="2"/>')
    if n == PERSONAL_RECIPE:
        pts = []
        for k in range(10):
            r = 22 if k % 2 == 0 else 9.5
            a = math.radians(-90 + 36 * k)
            pts.append(f"{_f(cx - 4 + r * math.cos(a))},{_f(cy - 2 + r * math.sin(a))}")
        return (f'<polygon points="{" ".join(pts)}" fill="#f4b400" stroke="#8a5a00" stroke-width="2" '
                f'stroke-linejoin="round"/>'
                f'<g transform="rotate(40 {_f(cx + 10)} {_f(cy + 12)})">'
                f'<rect x="{_f(cx + 6)}" y="{_f(cy - 8)}" width="8" height="32" rx="1.5" fill="#2b2b2b"/>'
                f'<path d="M{_f(cx + 6)},{_f(cy + 24)} L{_f(cx + 14)},{_f(cy + 24)} L{_f(cx + 10)},{_f(cy + 32)} Z" '
                f'fill="#c9a27a"/></g>')
    return ""  # pragma: no cover


def _split(name: str, longest: int = 9) -> list[str]:
    if len(name) <= longest or " " not in name:
        return [name]
    mid = len(name) / 2
    cut = min((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - mid))
    return [name[:cut], name[cut + 1:]]


def _svg_open(width, classes, attrs, title):
    w = float(width)
    vb = " ".join(_f(v) for v in _VB)
    a = "".join(f' {k}="{escape(str(v))}"' for k, v in attrs.items())
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}"{a} width="{_f(w)}" '
            f'height="{_f(w * ASPECT)}" viewBox="{vb}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title>')


def _highlight_ring():
    return (f'<rect x="-2.5" y="-2.5" width="105" height="145" rx="11" fill="none" stroke="{HIGHLIGHT}" '
            f'stroke-width="5"/>')


def card_svg(card, face_up: bool = True, width: float = 70, highlight: bool = False, title: str | None = None,
             name: bool = True, big: bool = False) -> str:
    """One Chili Loco card as an inline SVG string.

    ``card`` is a :class:`~chililab.games.loco.rules.cards.Card` (or a code such as
    ``"R-Bell"``). ``face_up=False`` draws the anonymous back (see
    :func:`card_back_svg`). ``highlight`` draws a gold ring round the card;
    ``title`` replaces the hover tooltip (default: the card's name);
    ``name=False`` leaves out the name banner (a card half covered in a fanned
    hand, whose banner would be cut off; its corner label still shows).
    ``big``: a card for a projector: its whole name in big letters, no abbreviated corner label.
    Every coloured card carries its colour's symbol (:data:`SYMBOL`) in its top corners.
    """
    if not face_up:
        return card_back_svg(width, highlight=highlight, title=title)
    c = _as_card(card)
    face, on_face = FACE[c.colour], ON_FACE[c.colour]
    border = c.border
    attrs = {"data-card": c.code, "data-id": c.id, "data-border": border, "data-colour": c.colour or "wild",
             "data-kind": c.kind}
    label = title if title is not None else str(c)
    cx, cy = (50.0, 55.0) if big else (50.0, 60.0)
    parts = [_svg_open(width, "chili-card chili-card-big" if big else "chili-card", attrs, label)]
    if highlight:
        parts.append(_highlight_ring())
    # the border is the whole card; the face sits inside it
    parts.append(f'<rect x="0" y="0" width="100" height="140" rx="9" fill="{BORDER[border]}" stroke="#00000055" '
                 f'stroke-width="1"/>')
    parts.append(f'<rect x="8" y="8" width="84" height="124" rx="6" fill="{face}"/>')
    # centre oval (wilds: ringed with the four colours)
    rx, ry = (31.0, 33.0) if big else (33.0, 38.0)
    parts.append(f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="{OVAL}"/>')
    if c.wild:
        ends = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy), (cx, cy - ry)]
        for i, col in enumerate(WHEEL):
            (x0, y0), (x1, y1) = ends[i], ends[i + 1]
            parts.append(f'<path d="M{_f(x0)},{_f(y0)} A{_f(rx)},{_f(ry)} 0 0 1 {_f(x1)},{_f(y1)}" fill="none" '
                         f'stroke="{col}" stroke-width="4"/>')
    parts.append(_icon(c, cx, cy))
    # corner label (what you still see of a card in a fanned hand); the colour's symbol below it and opposite
    if c.wild or c.colour is None:
        parts.append(colour_wheel(83, 19, 7.5, FACE[None]))
        if big:
            parts.append(colour_wheel(17, 19, 7.5, FACE[None]))
    else:
        parts.append(colour_symbol(c.colour, 83, 19, 7, on_face))
        parts.append(colour_symbol(c.colour, 17, 19, 7, on_face) if big
                     else colour_symbol(c.colour, 16.5, 36, 5, on_face))
    if not big:
        corner = CORNER.get(c.name, "")
        parts.append(_text(13, 24, corner, 13 if len(corner) <= 3 else 11.5, on_face, "start", max_width=36,
                           cls="chili-card-corner"))
    # name banner
    lines = (_split(c.name, 8) if big else _split(c.name)) if name else []
    one, two, ys = (17, 15.5, (108, 125)) if big else (13.5, 12, (113, 126))
    wide = 0.68 if big else 0.6  # big letters are measured as bold DejaVu runs, so a long word is fitted to the face
    if len(lines) == 1:
        parts.append(svg_text(50, 120 if big else 121, lines[0], one, on_face, max_width=80,
                              cls="chili-card-name", char_width=wide))
    elif lines:
        for y, line in zip(ys, lines):
            parts.append(svg_text(50, y, line, two, on_face, max_width=80, cls="chili-card-name", char_width=wide))
    parts.append("</svg>")
    return "".join(parts)


def card_back_svg(width: float = 70, highlight: bool = False, title: str | None = None) -> str:
    """The back of a card: identical for every card, with no code, id or name in it."""
    label = title if title is not None else "face-down card"
    parts = [_svg_open(width, "chili-card chili-card-back", {}, label)]
    if highlight:
        parts.append(_highlight_ring())
    parts.append('<rect x="0" y="0" width="100" height="140" rx="9" fill="#2b2b2b" stroke="#00000055" stroke-width="1"/>'
                 '<rect x="7" y="7" width="86" height="126" rx="6" fill="#7a1616"/>'
                 '<rect x="12" y="12" width="76" height="116" rx="4" fill="none" stroke="#f3e3c3" stroke-width="1.5" '
                 'stroke-opacity="0.6"/>')
    parts.append('<ellipse cx="50" cy="76" rx="27" ry="33" fill="#a61e1e" stroke="#f3e3c3" stroke-width="2.5" '
                 'transform="rotate(-18 50 76)"/>')
    parts.append(pepper_glyph("Jalapeño", 50, 78, "green", 0.8))
    parts.append(_text(50, 34, "CHILI", 15, "#f3e3c3", extra=' letter-spacing="1"'))
    parts.append(_text(50, 121, "LOCO", 15, "#f3e3c3", extra=' letter-spacing="1"'))
    parts.append("</svg>")
    return "".join(parts)


def hand_svg(cards, width: float = 60, step: float | None = None, face_up: bool = True) -> str:
    """A row of cards as one SVG (a convenience for quick looks and tests)."""
    cards = list(cards)
    step = step if step is not None else width * 0.62
    h = width * ASPECT
    total = width + step * max(0, len(cards) - 1)
    inner = "".join(
        f'<g transform="translate({_f(i * step)},0)">{card_svg(c, face_up, width)}</g>' for i, c in enumerate(cards))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chili-hand" width="{_f(total)}" height="{_f(h)}" '
            f'viewBox="0 0 {_f(total)} {_f(h)}">{inner}</svg>')


def card_kinds() -> list[Card]:
    """One physical card of each of the 19 kinds (peppers and actions in red, then wilds)."""
    seen, out = set(), []
    for c in ALL_CARDS:
        key = c.name
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    return out
