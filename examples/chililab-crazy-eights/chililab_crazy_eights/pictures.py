"""Pictures as SVG strings: a card, and the table as one seat (or the teacher) sees it. Pure functions,
standard library and ``chililab.engine.svg`` only (no widgets, no plotting).

>>> from .cards import card
>>> card_svg(card("8H")).startswith("<svg") and "8" in card_svg(card("8H"))
True
"""
from __future__ import annotations

import math

from chililab.engine.svg import num, text
from chililab.engine.words import result_words, seat_name

from .cards import EIGHT, SUIT_NAMES, SUIT_SYMBOLS, Card
from .end import HOW

RED = "#c1121f"
INK = "#1d1d1d"
FELT = "#1f6f50"


def _card(x: float, y: float, c: Card | None, w: float, lift: bool = False) -> str:
    """One card at (x, y), ``w`` wide (face down when ``c`` is None)."""
    h = w * 1.4
    if c is None:
        return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(w * .08)}" '
                f'fill="#264653" stroke="#e9c46a" stroke-width="1.5"/>'
                f'<rect x="{num(x + w * .12)}" y="{num(y + w * .12)}" width="{num(w * .76)}" height="{num(h - w * .24)}"'
                f' rx="{num(w * .05)}" fill="none" stroke="#e9c46a" stroke-width="1"/>')
    colour = RED if c.suit in (1, 2) else INK
    rank = str(c)[:-1]
    sym = SUIT_SYMBOLS[c.suit]
    edge = "#e85d04" if c.rank == EIGHT else "#555"
    out = [f'<g class="c8-card" data-card="{c.code}"><title>{c.name}</title>',
           f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(w * .08)}" fill="#fffdf7" '
           f'stroke="{edge}" stroke-width="{2 if lift else 1.2}"/>',
           text(x + w * .22, y + w * .32, rank, w * .26, colour),
           text(x + w * .22, y + w * .56, sym, w * .24, colour, weight="normal"),
           text(x + w / 2, y + h * .66, sym, w * .55, colour, weight="normal"),
           "</g>"]
    return "".join(out)


def _big_card(x: float, y: float, c: Card, w: float) -> str:
    """Projector mode: a card with its rank and suit, and its whole name ("queen of hearts") in two lines."""
    h = w * 1.4
    colour = RED if c.suit in (1, 2) else INK
    rank_word, _, suit_word = c.name.partition(" of ")
    edge = "#e85d04" if c.rank == EIGHT else "#555"
    return (f'<g class="c8-card" data-card="{c.code}"><title>{c.name}</title>'
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(w * .08)}" fill="#fffdf7" '
            f'stroke="{edge}" stroke-width="1.2"/>'
            + text(x + w * .25, y + w * .3, str(c)[:-1], w * .24, colour)
            + text(x + w * .72, y + w * .62, SUIT_SYMBOLS[c.suit], w * .5, colour, weight="normal")
            + text(x + w / 2, y + h - w * .4, rank_word, w * .17, colour, cls="chili-card-name", max_width=w * .92)
            + text(x + w / 2, y + h - w * .14, f"of {suit_word}", w * .17, colour, cls="chili-card-name",
                   max_width=w * .92)
            + "</g>")


def card_svg(c: Card, width: float = 60) -> str:
    """One card, face up."""
    h = width * 1.4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width + 4)}" height="{num(h + 4)}" '
            f'viewBox="-2 -2 {num(width + 4)} {num(h + 4)}">{_card(0, 0, c, width)}</svg>')


def table_svg(view, width: float = 760, bottom: int | None = None, before=None, big: bool = False) -> str:
    """The table: the deck and the discard pile in the middle (with the suit to follow), each seat round it
    with its cards (face up where this viewer may see them), the seat to play marked. ``bottom``: the seat
    drawn at the bottom (default: the viewer's, else 0). ``big``: projector mode: the bottom seat's hand in a
    row of big cards with their whole names below the table (class ``chili-hand-big``)."""
    n = view.players
    me = bottom if bottom is not None else (view.seat if view.seat is not None else 0)
    table_h = h = width * 0.72
    mine = view.hands[me] if big else None
    if mine:
        bw = min(width / 7.5, (width - 20) / len(mine) - 6)
        h += bw * 1.4 + 20
    cx, cy = width / 2, table_h / 2
    rx, ry = width * 0.36, h * 0.34
    cw = max(22.0, min(46.0, width / 18))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="c8-table{" chili-projector" if big else ""}" '
           f'width="{num(width)}" height="{num(h)}" '
           f'viewBox="0 0 {num(width)} {num(h)}">',
           f'<rect x="0" y="0" width="{num(width)}" height="{num(h)}" rx="18" fill="{FELT}"/>']
    # the middle: deck, discard, suit to follow, direction
    dw = cw * 1.3
    out.append(_card(cx - dw * 1.25, cy - dw * .7, None, dw) if view.stock_count else
               f'<rect x="{num(cx - dw * 1.25)}" y="{num(cy - dw * .7)}" width="{num(dw)}" height="{num(dw * 1.4)}" '
               f'rx="4" fill="none" stroke="#9fd8c0" stroke-dasharray="4 3"/>')
    out.append(text(cx - dw * .75, cy + dw * .95, f"deck {view.stock_count}", cw * .36, "#e8f5ef"))
    if view.top is not None:
        out.append(_card(cx + dw * .1, cy - dw * .7, view.top, dw, lift=True))
    out.append(text(cx + dw * .6, cy + dw * .95, f"discard {view.discard_count}", cw * .36, "#e8f5ef"))
    follow = f"follow {SUIT_NAMES[view.suit]} {SUIT_SYMBOLS[view.suit]}"
    out.append(text(cx, cy - dw * .95, follow, cw * .42, "#ffe8a3"))
    arrow = "\u21bb" if view.direction > 0 else "\u21ba"
    extra = f" | draw {view.penalty} for Twos" if view.penalty else ""
    out.append(text(cx, cy + dw * 1.35, f"{arrow} cards played {view.plays}{extra}", cw * .34, "#e8f5ef",
                    weight="normal"))
    # the seats
    for s in range(n):
        a = math.pi / 2 + 2 * math.pi * ((s - me) % n) / n  # the bottom seat first, then round
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        hand = view.hands[s]
        k = view.hand_counts[s]
        turn = view.decision is not None and s in view.decision.players
        label = seat_name(s) + (" (you)" if s == view.seat else "") + (", dealer" if s == view.dealer else "")
        sw = cw * 0.62 if s == me else cw * 0.36
        shown = hand if hand is not None else (None,) * k
        if s == me and mine:  # drawn below the table, big
            x0 = (width - len(mine) * (bw + 6) + 6) / 2
            out.append('<g class="chili-hand-big">' + "".join(
                _big_card(x0 + i * (bw + 6), table_h + 6, c, bw) for i, c in enumerate(mine)) + "</g>")
            shown = ()
        step = min(sw * .75, (width / max(2, n) * 1.1) / max(1, k))
        x0 = x - (step * (k - 1) + sw) / 2
        for i, c in enumerate(shown):
            out.append(_card(x0 + i * step, y - sw * .7, c, sw))
        colour = "#ffd166" if turn else "#e8f5ef"
        out.append(text(x, y - sw * .85, f"{label}: {k} card{'s' if k != 1 else ''}", cw * .38, colour))
        if turn:
            out.append(f'<circle cx="{num(x0 - 8)}" cy="{num(y)}" r="5" fill="#ffd166"/>')
    if view.result is not None:
        out.append(text(cx, h - 12, "Game over: " + result_words(view.result, HOW)[0], cw * .45, "#ffd166"))
    out.append("</svg>")
    return "".join(out)


def game_html(game, viewer=None, width: float = 760) -> str:
    """``table_svg(game.view(viewer))``: the table as one player (or the teacher, ``None``) sees it."""
    return table_svg(game.view(viewer), width=width)
