"""Pictures of an All You Can Chili table as SVG strings (registered as the "dish", "table" and "game" pictures).

``table_svg(view)`` draws only what an :class:`~chililab.games.aycc.rules.view.AyccView` holds, so it cannot
leak a secret: a player's view shows that player's own identity, tolerance and hand face up, and every
other identity and tolerance face down, unless it was revealed (by a withdrawal, a burn-out or an Inferno
reveal) or seen with the viewer's own Eye; other hands are face-down backs with a count. The teacher's
view (``seat=None``) shows everything, the Neutral and the undealt tolerances included.

From top to bottom: a line with the round, the deck and whose turn it is; the **row** of characters,
each with its pile drawn as dishes (flame, star score, icon), its heat against the tolerance where the
viewer knows it, its points, the tokens it holds (Chili, Last Target, Lock; Siesta in Inferno Mode) and a
stamp when it is out (withdrawn or burnt out); the other players (score, identity and tolerance cards,
hand); the viewer's own seat at the bottom (secret identity, tolerance, hand face up).

Marked elements carry data attributes for tests and styling: ``data-dish`` (a dish id), ``data-character``
(a column), ``data-seat`` (a seat's panel), ``data-who="P2:king_naga"`` where the picture says who plays a
character and ``data-tol="P2:18"`` where it shows a tolerance.

Standard library only (no Jupyter imports): notebooks and dashboards display the strings.

>>> from chililab.games import aycc
>>> g = aycc.new_game(players=3, seed=1)
>>> svg = table_svg(g.view(0))
>>> svg.startswith("<svg") and 'data-viewer="P0"' in svg
True
"""
from __future__ import annotations

from html import escape

from chililab.engine.svg import num as _f
from chililab.engine.svg import text as svg_text
from chililab.engine.words import people, result_words, seat_name

from .rules.cards import CHARACTERS, Dish
from .simstats import STATS
from .text import ICON_WORDS, dish_effect, dish_words, learner

HOW = STATS.how

W = 760.0  # drawing units; the picture is scaled to the requested width
BIG_CW = 110.0  # projector mode: the learner's dishes' width
BIG_NAME = 13.5  # projector mode: a dish's name, in the table's units (18 px and more once the table is 1000 px wide)
FELT, PAPER, INK, MUTED = "#3a2018", "#fff4e2", "#2b2118", "#6b5b4b"
GOLD, CHANGED, BURNT_RED = "#ffb703", "#ff7b00", "#d00000"
#: dish colours by flame, mild (1) to hottest (7)
FLAME = ("#ffe8a3", "#ffd166", "#ffad47", "#f77f00", "#e85d04", "#d00000", "#7f0000")
#: a colour per character (its card's band)
CHAR_COLOUR = {"habi_wasabi": "#4f772d", "piri_piri": "#c9184a", "fuego_fred": "#e85d04",
               "vasco_tabasco": "#9d0208", "king_naga": "#5a189a", "al_apeno": "#2a9d8f", "go_chu_jang": "#b5651d"}
TOKEN_WORD = {"chili": "Chili", "last_target": "Last Target", "lock": "Lock", "siesta": "Siesta"}


def _t(x, y, s, size=12.0, fill=INK, anchor="middle", weight="bold", cls=None, max_width=None, extra=""):
    """A label. One that starts or ends at a point, or fits a given width, keeps its size in Big text
    (``chili-label-fixed``): grown around its centre it would leave its place."""
    if cls is None and (anchor != "middle" or max_width is not None):
        cls = "chili-label-fixed"
    return svg_text(x, y, s, size, fill, anchor, weight, max_width, extra, cls, char_width=0.58)


def _chip(x, y, s, fill, ink="#fff", size=11.0, cls=None, title=None):
    """A rounded label with its left middle at (x, y). Returns (svg, width)."""
    w = len(s) * size * 0.6 + 12
    c = f' class="{cls}"' if cls else ""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<g{c}>{tip}<rect x="{_f(x)}" y="{_f(y - size * 0.85)}" width="{_f(w)}" height="{_f(size * 1.7)}" '
            f'rx="{_f(size * 0.85)}" fill="{fill}"/>' + _t(x + w / 2, y + size * 0.36, s, size, ink) + "</g>"), w


# ------------------------------------------------------------------ icons (drawn, no emoji font needed)

def icon_svg(kind: str, x: float, y: float, r: float = 7.0, ink: str = INK) -> str:
    """A small icon centred at (x, y): ``eye``, ``lock``, ``fork``, ``chili`` (the dish icons and tokens),
    ``target`` (the Last Target token), ``siesta`` (Al Apeno's Siesta)."""
    s = r / 7
    g = f'<g transform="translate({_f(x)},{_f(y)}) scale({_f(s)})">'
    if kind == "eye":
        body = (f'<path d="M-6.5 0 Q0 -6 6.5 0 Q0 6 -6.5 0Z" fill="#fff" stroke="{ink}" stroke-width="1.4"/>'
                f'<circle r="2.4" fill="{ink}"/>')
    elif kind == "lock":
        body = (f'<path d="M-3.5 -1 V-3.5 A3.5 3.5 0 0 1 3.5 -3.5 V-1" fill="none" stroke="{ink}" stroke-width="1.6"/>'
                f'<rect x="-5" y="-1.5" width="10" height="7.5" rx="1.5" fill="{ink}"/>')
    elif kind == "fork":
        body = (f'<path d="M-3.5 -6 V-1 M0 -6 V-1 M3.5 -6 V-1 M-3.5 -1 Q0 2 3.5 -1 M0 1 V6.5" fill="none" '
                f'stroke="{ink}" stroke-width="1.5" stroke-linecap="round"/>')
    elif kind == "chili":
        body = ('<path d="M2 -5 C4 -7 5 -7 6 -6.5" stroke="#2d6a4f" stroke-width="1.6" fill="none" '
                'stroke-linecap="round"/><path d="M1 -5 C6 -5 6 0 3 3 C0 6 -4 7 -7 6.5 C-3 5 -1 2 -1 -1 '
                'C-1 -3 -0.5 -5 1 -5Z" fill="#d00000"/>')
    elif kind == "target":
        body = (f'<circle r="6" fill="#fff" stroke="{ink}" stroke-width="1.3"/><circle r="3.6" fill="none" '
                f'stroke="#d00000" stroke-width="1.6"/><circle r="1.3" fill="#d00000"/>')
    elif kind == "siesta":
        body = _t(0, 4, "z", 12, ink) + _t(4, -1, "z", 8, ink)
    else:
        body = ""
    return g + body + "</g>"



# ------------------------------------------------------------------ dishes

def dish_tip(dish: Dish) -> str:
    """A dish's tooltip: what it is and what it does ("A 5 with the Fork: then you may move ...")."""
    words, effect = dish_words(dish), dish_effect(dish)
    return words[:1].upper() + words[1:] + (f": {effect}" if effect else "")


def dish_name(dish: Dish) -> str:
    """What a big dish card is called under its number: a star card's name, an icon's ("Fork"), else nothing.

    >>> from chililab.games.aycc.rules.cards import DEFAULT_DISHES
    >>> sorted({dish_name(d) for d in DEFAULT_DISHES})[:3]
    ['', 'Chili', 'Eye']
    """
    if dish.icon == "star":
        return dish.name
    icon = ICON_WORDS.get(dish.icon)
    return icon[0].removeprefix("the ") if icon else ""


def dish_svg(dish: Dish, width: float = 56.0, ring: str | None = None, big: bool = False) -> str:
    """One dish card face up as an ``<svg>``: its flame value big, its icon, and for a star card the star value
    that scores instead (Latte 1 / 7★). ``big``: a card for a projector, named under its number in
    :data:`BIG_NAME` letters (class ``chili-card-name``, see :func:`dish_name`)."""
    w, h = width, width * 1.4
    s = w / 56
    fill = FLAME[min(max(dish.flame, 1), 7) - 1]
    ink = "#fff" if dish.flame >= 4 else INK
    tip = dish_tip(dish)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}" '
           f'class="aycc-dish chili-card" data-dish="{dish.id}" role="img" aria-label="{escape(tip)}">'
           f'<title>{escape(tip)}</title>',
           f'<rect x="1" y="1" width="{_f(w - 2)}" height="{_f(h - 2)}" rx="{_f(7 * s)}" fill="{fill}" '
           f'stroke="{ring or "#fffdf7"}" stroke-width="{_f(4 if ring else 1.5)}"/>',
           _flame(12 * s, 15 * s, 9 * s), _t(12 * s, 19 * s, str(dish.flame), 11 * s, "#fff"),
           _t(w / 2, h * 0.6, str(dish.flame), 26 * s, ink)]
    if dish.icon == "star":
        out.append(_t(w - 5 * s, 17 * s, f"{dish.score}\u2605", 12 * s, ink, "end"))
    elif dish.icon in ICON_WORDS:
        out.append(f'<circle cx="{_f(w - 12 * s)}" cy="{_f(13 * s)}" r="{_f(9 * s)}" fill="#fff"/>'
                   + icon_svg(dish.icon, w - 12 * s, 13 * s, 6.5 * s))
    label = dish.name if dish.icon == "star" else ""
    if big and dish_name(dish):
        out.append(_t(w / 2, h - 10, dish_name(dish), BIG_NAME, ink, cls="chili-card-name", max_width=w - 8))
    elif label:
        out.append(_t(w / 2, h - 7 * s, label, 9 * s, ink, max_width=w - 6 * s))
    out.append("</svg>")
    return "".join(out)


def _flame(cx, cy, r, fill="#d00000") -> str:
    """A small flame shape (its base at cy + r)."""
    return (f'<path d="M{_f(cx)} {_f(cy - r * 1.3)} C{_f(cx + r)} {_f(cy - r * 0.3)} {_f(cx + r)} {_f(cy + r)} '
            f'{_f(cx)} {_f(cy + r)} C{_f(cx - r)} {_f(cy + r)} {_f(cx - r)} {_f(cy - r * 0.2)} {_f(cx)} '
            f'{_f(cy - r * 1.3)}Z" fill="{fill}" stroke="#ffd166" stroke-width="0.8"/>')


def back_svg(width: float = 30.0, label: str = "DISH", title: str = "a face-down card", fill: str = "#7a1010") -> str:
    """A face-down card (another player's hand dish, a hidden identity or tolerance)."""
    w, h = width, width * 1.4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}" '
            f'class="aycc-back" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<rect x="1" y="1" width="{_f(w - 2)}" height="{_f(h - 2)}" rx="{_f(w * 0.12)}" fill="{fill}" '
            f'stroke="#f1c27d" stroke-width="1.2"/>'
            + _t(w / 2, h / 2 + w * 0.1, label, w * 0.28, "#f1c27d", max_width=w * 0.8) + "</svg>")


def _plate(dish: Dish, x, y, w, h, top: bool, ring: str | None) -> str:
    """A dish in a pile: a band with its flame value, star score or icon (the top one slightly larger)."""
    fill = FLAME[min(max(dish.flame, 1), 7) - 1]
    ink = "#fff" if dish.flame >= 4 else INK
    tip = dish_tip(dish)
    stroke = ring or ("#fff" if top else "#00000055")
    out = [f'<g class="aycc-plate" data-dish="{dish.id}" role="img" aria-label="{escape(tip)}"><title>{escape(tip)}</title>'
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="5" fill="{fill}" stroke="{stroke}" '
           f'stroke-width="{2.5 if ring or top else 1}"/>',
           _t(x + 8, y + h / 2 + 4.5, str(dish.flame), 13, ink, "start")]
    if dish.icon == "star":
        out.append(_t(x + w - 6, y + h / 2 + 4, f"{dish.score}\u2605 {dish.name}", 10, ink, "end",
                      max_width=w - 28))
    elif dish.icon in ICON_WORDS:
        out.append(f'<circle cx="{_f(x + w - 11)}" cy="{_f(y + h / 2)}" r="7" fill="#fff"/>'
                   + icon_svg(dish.icon, x + w - 11, y + h / 2, 5.2))
    out.append("</g>")
    return "".join(out)


# ------------------------------------------------------------------ who is who, as the viewer knows it

def _owner(view, c: int) -> int | None:
    """The seat playing character ``c`` if the viewer knows it (its own, revealed, or the teacher's view)."""
    for s, x in view.identities.items():
        if x == c:
            return s
    return None


def _known_tolerance(view, s: int) -> tuple[int | None, str]:
    """(tolerance, how the viewer knows it: "own", "revealed", "eye", "teacher") or (None, "")."""
    if s not in view.tolerances:
        return None, ""
    if view.seat is None:
        return view.tolerances[s], "teacher"
    if s == view.seat:
        return view.tolerances[s], "own"
    if view.tol_revealed[s]:
        return view.tolerances[s], "revealed"
    return view.tolerances[s], "eye"


# ------------------------------------------------------------------ the row of characters

def _column(view, c: int, x: float, y: float, w: float, h: float, before=None) -> str:
    ch = CHARACTERS[c]
    status = view.status[c]
    out_ = status in ("withdrawn", "burnt")
    owner = _owner(view, c)
    neutral = view.neutral == c
    me = owner is not None and owner == view.seat
    colour = CHAR_COLOUR.get(ch.key, "#555")
    changed = before is not None and before.row == view.row and _column_key(before, c) != _column_key(view, c)
    turn = view.current == owner and owner is not None and view.result is None
    stroke = CHANGED if changed else (GOLD if me else "#ffffff44")
    parts = [f'<g class="aycc-character{" aycc-out" if out_ else ""}" data-character="{ch.key}" '
             f'data-status="{status}"' + (f' data-who="P{owner}:{ch.key}"' if owner is not None else "")
             + (' data-neutral="1"' if neutral else "") + ">",
             f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="9" fill="#ffffff12" '
             f'stroke="{stroke}" stroke-width="{2.5 if changed or me else 1}"'
             + (' class="chili-changed"' if changed else "") + "/>"]
    # the character card: name band, who plays it
    parts.append(f'<rect x="{_f(x + 4)}" y="{_f(y + 4)}" width="{_f(w - 8)}" height="46" rx="7" fill="{PAPER}"/>'
                 f'<rect x="{_f(x + 4)}" y="{_f(y + 4)}" width="{_f(w - 8)}" height="22" rx="7" fill="{colour}"/>')
    parts.append(_t(x + w / 2, y + 20, ch.name, 13, "#fff", max_width=w - 12))
    if neutral:
        who, fill = "Neutral (nobody)", "#6c757d"
    elif owner is None:
        who, fill = "played by ?", MUTED
    else:
        who = seat_name(owner) + (" (you)" if me else "") + (" \u00b7 revealed" if view.id_revealed[owner] and not me
                                                         and view.seat is not None else "")
        fill = INK
    parts.append(_t(x + w / 2, y + 43, who, 12, fill, max_width=w - 14))
    if turn:
        parts.append(f'<circle cx="{_f(x + w - 10)}" cy="{_f(y + 10)}" r="5" fill="{GOLD}"><title>its player\'s '
                     f'turn</title></circle>')
    # heat against tolerance
    hy = y + 56
    heat = view.heats[c]
    tol, how = _known_tolerance(view, owner) if owner is not None else (None, "")
    parts.append(_flame(x + 15, hy + 12, 8))
    parts.append(_t(x + 27, hy + 19, f"heat {heat}", 16, "#fff", "start", max_width=w - 32))
    if neutral:
        parts.append(_t(x + w / 2, hy + 38, "no tolerance: never burns", 11, "#ddd", max_width=w - 10))
    elif tol is not None:
        frac = min(heat / tol, 1.25) / 1.25 if tol else 0
        over = heat > tol
        bar = "#d00000" if over else ("#ffb703" if heat == tol else "#80b918")
        bx, bw = x + 8, w - 16
        word = {"own": "your tolerance", "revealed": "tolerance", "eye": "tolerance (your Eye)",
                "teacher": "tolerance"}[how]
        parts.append(f'<g data-tol="P{owner}:{tol}"><title>{escape(f"{word} {tol}")}</title>'
                     f'<rect x="{_f(bx)}" y="{_f(hy + 27)}" width="{_f(bw)}" height="8" rx="4" fill="#ffffff30"/>'
                     f'<rect x="{_f(bx)}" y="{_f(hy + 27)}" width="{_f(max(bw * frac, 3))}" height="8" rx="4" '
                     f'fill="{bar}"/><line x1="{_f(bx + bw / 1.25)}" x2="{_f(bx + bw / 1.25)}" y1="{_f(hy + 24)}" '
                     f'y2="{_f(hy + 38)}" stroke="#fff" stroke-width="1.5"/>'
                     + _t(x + w / 2, hy + 50, f"{word}: {tol}", 11.5, "#ffd166", max_width=w - 8) + "</g>")
    else:
        parts.append(_t(x + w / 2, hy + 40, "tolerance: hidden", 11.5, "#ddd", weight="normal", max_width=w - 8))
    # tokens (and a Siesta)
    ty = y + 118
    tokens = [k for k in ("chili", "last_target", "lock") if getattr(view, k) == c]
    if c in view.siestas.values():
        tokens.append("siesta")
    kinds = {"chili": "chili", "last_target": "target", "lock": "lock", "siesta": "siesta"}
    tx = x + 8
    for k in tokens:
        parts.append(f'<g class="aycc-token" data-token="{k}"><title>{TOKEN_WORD[k]} token</title>'
                     f'<circle cx="{_f(tx + 9)}" cy="{_f(ty)}" r="9.5" fill="{GOLD}" stroke="#fff" stroke-width="1"/>'
                     + icon_svg(kinds[k], tx + 9, ty, 6.5) + "</g>")
        tx += 23
    if not tokens:
        parts.append(_t(x + w / 2, ty + 4, "no token", 10.5, "#ffffff77", weight="normal"))
    # the pile, bottom first (the top dish is the last placed)
    pile = view.piles[c]
    parts.append(_t(x + w / 2, y + 146, f"points {view.pile_points[c]} \u00b7 {len(pile)} dish"
                    + ("es" if len(pile) != 1 else ""), 11.5, "#fff", max_width=w - 8))
    py, room = y + 152, h - 158
    step = min(24.0, (room - 24) / max(len(pile) - 1, 1)) if pile else 0
    old = set(before.piles[c]) if before is not None and before.row == view.row else None
    for i, d in enumerate(pile):
        ring = CHANGED if old is not None and d not in old else None
        parts.append(_plate(d, x + 6, py + i * step, w - 12, 22, i == len(pile) - 1, ring))
    if not pile:
        parts.append(f'<rect x="{_f(x + 6)}" y="{_f(py)}" width="{_f(w - 12)}" height="22" rx="5" fill="none" '
                     f'stroke="#ffffff55" stroke-dasharray="4 3"/>' + _t(x + w / 2, py + 15, "no dish yet", 10,
                                                                          "#ffffff88", weight="normal"))
    if out_:
        word = "WITHDRAWN" if status == "withdrawn" else "BURNT OUT"
        stamp = "#1d4e89" if status == "withdrawn" else BURNT_RED
        cx, cy = x + w / 2, py + 30 + max(len(pile) - 1, 0) * step / 2  # on the pile: the rest stays readable
        parts.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="9" fill="#00000055"/>'
                     f'<g transform="rotate(-18 {_f(cx)} {_f(cy)})"><rect x="{_f(cx - w * 0.46)}" y="{_f(cy - 13)}" '
                     f'width="{_f(w * 0.92)}" height="26" rx="4" fill="{stamp}" stroke="#fff" stroke-width="2"/>'
                     + _t(cx, cy + 5, word, 13, "#fff", max_width=w * 0.85) + "</g>")
    parts.append("</g>")
    return "".join(parts)


def _column_key(view, c: int) -> tuple:
    """What a column shows that a lesson may change: the pile, the status, the tokens, who plays it, its tolerance."""
    owner = _owner(view, c)
    return (len(view.piles[c]), view.status[c], tuple(getattr(view, k) == c for k in ("chili", "last_target", "lock")),
            c in view.siestas.values(), owner, view.tolerances.get(owner) if owner is not None else None)


def _row_height(view) -> float:
    most = max((len(view.piles[c]) for c in view.row), default=0)
    return 158 + max(30.0, 24.0 * max(most - 1, 0) + 26)


# ------------------------------------------------------------------ seats

def _id_card(view, s, x, y, w, small: bool, before=None) -> str:
    """A seat's identity card: face up when the viewer knows it, else a back; outlined when it was revealed since
    ``before``."""
    c = view.identities.get(s)
    changed = before is not None and before.players == view.players and (
        before.identities.get(s) != c or before.id_revealed[s] != view.id_revealed[s])
    h = 28 if small else 34
    if c is None:
        return (f'<g class="aycc-identity"><title>{seat_name(s)}\'s secret identity: face down</title>'
                f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{h}" rx="5" fill="#7a1010" stroke="#f1c27d"/>'
                + _t(x + w / 2, y + h / 2 + 4, "identity ?", 11.5, "#f1c27d", max_width=w - 6) + "</g>")
    ch = CHARACTERS[c]
    secret = s == view.seat or (view.seat is None and not view.id_revealed[s])
    if s == view.seat:
        note = "your identity, revealed" if view.id_revealed[s] else "your secret identity"
    else:
        note = "secret identity" if secret else "revealed"
    return (f'<g class="aycc-identity" data-who="P{s}:{ch.key}"><title>{seat_name(s)}: {escape(ch.name)} ({note})</title>'
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{h}" rx="5" fill="{PAPER}" '
            f'stroke="{CHANGED if changed else CHAR_COLOUR.get(ch.key, "#555")}" stroke-width="3"'
            + (' class="chili-changed"' if changed else "") + "/>"
            + _t(x + w / 2, y + 12, ch.name, 11.5, INK, max_width=w - 8)
            + _t(x + w / 2, y + (27 if not small else 24), note, 9.5, MUTED, weight="normal", max_width=w - 8) + "</g>")


def _tol_card(view, s, x, y, w, small: bool, before=None) -> str:
    tol, how = _known_tolerance(view, s)
    changed = before is not None and before.players == view.players and before.tolerances.get(s) != tol
    h = 28 if small else 34
    if tol is None:
        return (f'<g class="aycc-tolerance"><title>{seat_name(s)}\'s tolerance card: face down</title>'
                f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{h}" rx="5" fill="#7a1010" stroke="#f1c27d"/>'
                + _t(x + w / 2, y + h / 2 + 4, "tolerance ?", 11.5, "#f1c27d", max_width=w - 6) + "</g>")
    shown = view.tol_revealed[s]
    note = {"own": "your tolerance, revealed" if shown else "your secret tolerance", "revealed": "revealed",
            "eye": "seen with your Eye", "teacher": "revealed" if shown else "secret tolerance"}[how]
    mark = ' class="chili-changed"' if changed else ""
    return (f'<g class="aycc-tolerance" data-tol="P{s}:{tol}"><title>{seat_name(s)}: tolerance {tol} ({note})</title>'
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{h}" rx="5" fill="#fff8d6" '
            f'stroke="{CHANGED if changed else GOLD}" stroke-width="{3 if changed else 2}"{mark}/>'
            + _t(x + w / 2, y + 13, f"tolerance {tol}", 12, INK, max_width=w - 8)
            + _t(x + w / 2, y + (27 if not small else 24), note, 9.5, MUTED, weight="normal", max_width=w - 8) + "</g>")


def _seat_head(view, s, x, y, w, before=None, short=False) -> tuple[str, float]:
    """Name, score and turn chips of a seat. Returns (svg, x after the chips)."""
    me = s == view.seat
    name = seat_name(s) + (" (you)" if me else "")
    out = [_t(x, y + 5, name, 15, "#fff", "start")]
    cx = x + len(name) * 9 + 8
    chips: list[tuple[str, str, str | None, str | None]] = [(f"{view.scores[s]} pts", "#2d6a4f", None,
                                                              f"{seat_name(s)}'s total score")]
    if view.round_points[s]:
        chips.append((f"+{view.round_points[s]}" + ("" if short else " this round"), "#40916c", None,
                      "scored this round"))
    if before is not None and before.players == view.players and before.scores[s] != view.scores[s]:
        chips.append((f"{view.scores[s] - before.scores[s]:+d}", CHANGED, "chili-changed", "changed in this lesson"))
    if view.current == s and view.result is None:
        chips.append(("turn" if short else "your turn" if me else "their turn", GOLD, None, None))
    for text, fill, cls, tip in chips:
        svg, cw = _chip(cx, y, text, fill, INK if fill == GOLD else "#fff", 10.5, cls, tip)
        out.append(svg)
        cx += cw + 4
    return "".join(out), cx


def _other_seat(view, s, x, y, w, h, before=None) -> str:
    current = view.current == s and view.result is None
    out = [f'<g class="aycc-seat" data-seat="{s}" role="group" aria-label="{seat_name(s)}">',
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="9" fill="#ffffff14" '
           f'stroke="{GOLD if current else "#ffffff44"}" stroke-width="{2.5 if current else 1}"/>']
    head, _ = _seat_head(view, s, x + 8, y + 15, w, before, short=w < 200)
    out.append(head)
    half = (w - 22) / 2
    out.append(_id_card(view, s, x + 8, y + 28, half, True, before))
    out.append(_tol_card(view, s, x + 14 + half, y + 28, half, True, before))
    hand = view.hands.get(s)
    n = view.hand_counts[s]
    hy = y + 62
    if hand is not None:  # the teacher's view: face up, small
        cw = min(30.0, (w - 16) / max(len(hand), 1) - 2)
        for i, d in enumerate(sorted(hand)):
            out.append(f'<g transform="translate({_f(x + 8 + i * (cw + 2))},{_f(hy)})">{dish_svg(d, cw)}</g>')
    else:
        for i in range(n):
            out.append(f'<g transform="translate({_f(x + 8 + i * 12)},{_f(hy)})">'
                       f'{back_svg(22, "", f"{seat_name(s)} holds {n} dishes, face down")}</g>')
        out.append(_t(x + 16 + max(n - 1, 0) * 12 + 22, hy + 20, f"{n} in hand" if n else "no dish in hand", 12,
                      "#f1c27d", "start"))
    out.append("</g>")
    return "".join(out)


def _own_seat(view, s, x, y, w, before=None, big=False) -> tuple[str, float]:
    """The viewer's seat (or the teacher's ``bottom`` seat): identity, tolerance and hand face up. ``big``:
    the hand in big cards (projector mode), the notes below them."""
    me = s == view.seat
    current = view.current == s and view.result is None
    hand = sorted(view.hands.get(s, ()))
    cw = BIG_CW if big else 58.0
    notes = _own_notes(view, s)
    h = 56 + cw * 1.4 + 12 + (16 * len(notes[:4]) if big else 0)
    out = [f'<g class="aycc-seat aycc-own" data-seat="{s}" role="group" aria-label="{seat_name(s)}{" (you)" if me else ""}">',
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="10" fill="#ffffff18" '
           f'stroke="{GOLD if current else "#ffffff66"}" stroke-width="{3 if current else 1.2}"/>']
    head, _ = _seat_head(view, s, x + 10, y + 16, w, before)
    out.append(head)
    out.append(_id_card(view, s, x + 10, y + 32, 150, False, before))
    out.append(_tol_card(view, s, x + 10, y + 72, 150, False, before))
    hx = x + 178
    out.append(_t(hx, y + 40, ("your hand" if me else f"{seat_name(s)}'s hand") + f" ({len(hand)})", 10.5, "#f1c27d", "start"))
    out.append('<g class="chili-hand-big">' if big else "")
    for i, d in enumerate(hand):
        out.append(f'<g transform="translate({_f(hx + i * (cw + 6))},{_f(y + 46)})">{dish_svg(d, cw, big=big)}</g>')
    out.append("</g>" if big else "")
    if not hand:
        out.append(_t(hx, y + 80, "no dish left in hand", 12, "#ddd", "start", weight="normal"))
    nx, ny = (hx, y + 46 + cw * 1.4 + 18) if big else (hx + max(len(hand), 1) * (cw + 6) + 8, y + 60)
    for i, line in enumerate(notes[:4]):
        out.append(_t(nx, ny + i * 16, line, 10.5, "#ffd166", "start", weight="normal", max_width=x + w - nx - 8))
    out.append("</g>")
    return "".join(out), h


def _own_notes(view, s) -> list[str]:
    """What the seat alone knows besides its cards: its Eye peeks, Fuego's look at the undealt tolerances."""
    notes = []
    if view.seat == s:
        for p, t in view.peeks:
            notes.append(f"your Eye saw {seat_name(p)}'s tolerance: {t}")
        if view.looking:
            notes.append("you look at the undealt tolerances: " + ", ".join(map(str, view.looking)))
    return notes


# ------------------------------------------------------------------ the header

def _header(view, y) -> tuple[str, float]:
    if view.game_end == "three_rounds":
        rnd = f"Round {view.round} of {view.rounds}"
    else:
        rnd = f"Round {view.round}, first to {view.target_points}"
    bits = [rnd, f"deck: {view.deck_size} dish" + ("" if view.deck_size == 1 else "es")]
    if view.inferno:
        bits.append("Inferno Mode")
    out = [_t(14, y + 16, " \u00b7 ".join(bits), 14, "#fff", "start")]
    if view.result is not None:
        line = "Game over: " + result_words(view.result, HOW)[0]
        colour = GOLD
    elif view.decision is not None:
        prompt = view.decision.prompt
        line = learner(people(prompt.replace(f"P{view.seat}:", "You:") if view.seat is not None else prompt))
        colour = "#ffe8c2"
    else:
        line, colour = "", "#fff"
    if view.serving is not None and view.result is None:
        p, d, c = view.serving
        line = f"{seat_name(p)} served {dish_words(d)} to {CHARACTERS[c].name}. " + line
    out.append(_t(14, y + 36, line, 12, colour, "start", weight="normal", max_width=W - 28))
    if view.seat is None:
        extra = f"undealt tolerances (top first): {', '.join(map(str, view.tolerance_deck or ()))}"
        out.append(_t(W - 14, y + 16, extra, 10.5, "#f1c27d", "end", weight="normal"))
    else:
        out.append(_t(W - 14, y + 16, f"{view.undealt_count} tolerance cards undealt", 10.5, "#f1c27d", "end",
                      weight="normal"))
    return "".join(out), 46


# ------------------------------------------------------------------ the table

def table_svg(view, width: float = 900, bottom: int | None = None, before=None, big: bool = False) -> str:
    """An :class:`AyccView` as one inline ``<svg>``: the header, the row of characters with their piles, the other
    players, and the viewer's own seat at the bottom. ``bottom``: in the teacher's view, the seat drawn at the
    bottom (default P0). ``before``: an earlier view of the same game: piles that changed are outlined and their
    new dishes ringed, changed scores get a chip (class ``chili-changed``). ``big``: projector mode (class
    ``chili-projector``): the bottom seat's hand in big cards, named."""
    n = view.players
    me = view.seat if view.seat is not None else (bottom if bottom is not None and 0 <= bottom < n else 0)
    parts = []
    svg, h = _header(view, 4)
    parts.append(svg)
    y = 4 + h
    k = max(len(view.row), 1)
    gap = 6.0
    cw = (W - 20 - gap * (k - 1)) / k
    rh = _row_height(view)
    for i, c in enumerate(view.row):
        parts.append(_column(view, c, 10 + i * (cw + gap), y, cw, rh, before))
    y += rh + 8
    others = [(me + j) % n for j in range(1, n)]
    if others:
        ow = (W - 20 - gap * (len(others) - 1)) / len(others)
        oh = 104.0 if view.seat is None else 98.0
        for j, s in enumerate(others):
            parts.append(_other_seat(view, s, 10 + j * (ow + gap), y, ow, oh, before))
        y += oh + 8
    svg, h = _own_seat(view, me, 10, y, W - 20, before, big)
    parts.append(svg)
    y += h + 10
    viewer = "teacher" if view.seat is None else f"P{view.seat}"
    who = "the teacher" if view.seat is None else seat_name(view.seat)
    scale = width / W
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="chili-table aycc-table{" chili-projector" if big else ""}" data-viewer="{viewer}" '
            f'data-phase="{escape(view.phase)}" width="{_f(width)}" height="{_f(y * scale)}" '
            f'viewBox="0 0 {_f(W)} {_f(y)}" role="group" aria-label="All You Can Chili table as {who} sees it">'
            f'<rect x="0" y="0" width="{_f(W)}" height="{_f(y)}" rx="14" fill="{FELT}"/>')
    return head + "".join(parts) + "</svg>"


def game_html(game, viewer=None, width: float = 900) -> str:
    """``table_svg(game.view(viewer))``: the table as one player (or the teacher, ``None``) sees it."""
    return table_svg(game.view(viewer), width=width)
