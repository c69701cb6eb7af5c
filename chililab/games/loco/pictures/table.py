"""A picture of a Chili Loco table (registered as the "table" picture), drawn from a :class:`~chililab.games.loco.rules.view.LocoView`.

``table_svg(view)`` returns one self-contained ``<svg>`` string (valid inline
HTML). It draws only what the view holds: a player's view shows that player's
own cards face up and every other hand as face-down backs with a count, so the
picture cannot leak a hidden card (the view never had it). The teacher's view
(``seat=None``) shows every hand face up and the next card of the draw pile.

Seats sit round the table clockwise on screen in seat order (seat+1 is the
left-hand neighbour, LOCO-TURN-1), with the viewer at the bottom.
"""
from __future__ import annotations

import math
from html import escape

from chililab.engine.svg import num as _f
from chililab.engine.svg import text as svg_text
from chililab.engine.words import people, phase_label, result_words, seat_name, seat_names

from ..rules.flow import FLOW
from ..rules.pending import EFFECTS
from ..simstats import STATS
from .cards import ASPECT, FACE, SYMBOL, card_back_svg, card_svg, colour_symbol

W = 900.0  # drawing units; the picture is scaled to the requested width
HEADER = 40.0
FOOTER = 50.0
FELT, RIM, PAPER = "#1d4e5f", "#12323d", "#f6f1e6"
SEAT_FILL, SEAT_LINE = "#fffdf7", "#cbbf9f"
RED_CHIP, GOLD_CHIP, GREEN_CHIP, GREY_CHIP, BLUE_CHIP = "#c1121f", "#ffb703", "#2d6a4f", "#6c757d", "#1d4e89"
CHANGED = "#e85d04"  # what changed since an earlier view (a lesson's rule firing)
BIG_CW, BIG_ROW, BIG_GAP = 118.0, 7, 6.0  # projector mode: the learner's cards' width, cards a row, the gap



# ------------------------------------------------------------------ small helpers

def _t(x, y, s, size=14, fill="#222", anchor="middle", weight="bold", cls=None, max_width=None, extra=""):
    return svg_text(x, y, s, size, fill, anchor, weight, max_width, extra, cls, char_width=0.58)


def _chip(x, y, s, fill, text="#fff", size=12, cls=None, anchor="start"):
    """A rounded label; (x, y) is its left (or right, anchor='end') middle. Returns (svg, width)."""
    w = len(s) * size * 0.62 + 12
    x0 = x if anchor == "start" else x - w
    c = f' class="{cls}"' if cls else ""
    return (f'<g{c}><rect x="{_f(x0)}" y="{_f(y - size * 0.85)}" width="{_f(w)}" height="{_f(size * 1.7)}" '
            f'rx="{_f(size * 0.85)}" fill="{fill}"/>'
            + _t(x0 + w / 2, y + size * 0.36, s, size, text) + "</g>"), w


def _place(svg, x, y, w, rot=0.0):
    """Put a card SVG (drawn at width w) with its top-left at (x, y), rotated about its centre."""
    h = w * ASPECT
    r = f" rotate({_f(rot)} {_f(w / 2)} {_f(h / 2)})" if rot else ""
    return f'<g transform="translate({_f(x)},{_f(y)}){r}">{svg}</g>'


def _fan(cards, face_up, x0, y0, box_w, cw, max_shown=None, min_cw=34.0):
    """Cards side by side, overlapping to fit box_w, centred in [x0, x0+box_w]. Returns (svg, card width)."""
    k = len(cards)
    if k == 0:
        return "", cw
    if max_shown is not None and k > max_shown:
        cards, k = cards[:max_shown], max_shown
    step = min(cw * 0.68, (box_w - cw) / (k - 1)) if k > 1 else 0.0
    if k > 1 and step < cw * 0.45 and cw > min_cw:  # keep each card's corner readable: shrink the cards
        cw = max(min_cw, box_w / (1 + 0.45 * (k - 1)))
        step = min(cw * 0.68, (box_w - cw) / (k - 1))
    total = cw + step * (k - 1)
    start = x0 + (box_w - total) / 2
    out = []
    covered = step < cw * 0.9  # a card's name banner would be cut by the next card: show its corner only
    for i, c in enumerate(cards):
        svg = card_svg(c, width=cw, name=not covered or i == k - 1) if face_up else card_back_svg(cw)
        out.append(_place(svg, start + i * step, y0, cw))
    return "".join(out), cw


def _big_hand(cards, x0, y0, box_w, cw=BIG_CW, per_row=BIG_ROW, gap=BIG_GAP):
    """Projector mode: big cards side by side, never overlapping, each with its whole name; rows of
    ``per_row`` centred in [x0, x0+box_w]. Marked ``class="chili-hand-big"``."""
    out = ['<g class="chili-hand-big">']
    for r in range(0, len(cards), per_row):
        row = cards[r:r + per_row]
        start = x0 + (box_w - (len(row) * (cw + gap) - gap)) / 2
        y = y0 + (r // per_row) * (cw * ASPECT + gap)
        out.extend(_place(card_svg(c, width=cw, big=True), start + i * (cw + gap), y, cw) for i, c in enumerate(row))
    return "".join(out) + "</g>"


def _big_rows(k: int) -> int:
    return max(1, -(-k // BIG_ROW))


def _arrow_arc(cx, cy, rx, ry, a0, a1, colour, width=3.0, head=11.0):
    """An elliptical arc from angle a0 to a1 (degrees, screen coordinates) with a head at a1."""
    pts = []
    steps = 24
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    d = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in pts[:-1])
    (xa, ya), (xb, yb) = pts[-2], pts[-1]
    ang = math.atan2(yb - ya, xb - xa)
    bx, by = xb - head * math.cos(ang), yb - head * math.sin(ang)
    px, py = -math.sin(ang) * head * 0.55, math.cos(ang) * head * 0.55
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_f(width)}" stroke-linecap="round"/>'
            f'<path d="M{_f(xb)},{_f(yb)} L{_f(bx + px)},{_f(by + py)} L{_f(bx - px)},{_f(by - py)} Z" '
            f'fill="{colour}"/>')


def _wrap(s, limit):
    words, lines, cur = s.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > limit:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


# ------------------------------------------------------------------ layout

class _Seat:
    __slots__ = ("seat", "x", "y", "w", "h", "own", "cw", "big")

    def __init__(self, seat, x, y, w, h, own, cw, big=False):
        self.seat, self.x, self.y, self.w, self.h, self.own, self.cw = seat, x, y, w, h, own, cw
        self.big = big  # projector mode: the hand in rows of big cards (_big_hand)


def _layout(view, bottom=None, big=False):
    """(picture height, seats (the bottom one first), the centre, the felt's bottom edge). ``big``: the bottom
    seat takes the whole width and its hand big cards; the picture grows by what that adds below the felt."""
    n = view.players
    teacher = view.seat is None
    bottom = view.seat if not teacher else (bottom if bottom is not None and 0 <= bottom < n else 0)
    H = (580.0 if big else 660.0) + 34.0 * max(0, n - 5)  # projector mode: a flatter felt, the hand below it
    top, low = HEADER + 6, H - FOOTER - 6
    # box sizes
    if teacher:
        cw_all = 50.0 if n <= 4 else 42.0 if n <= 6 else 36.0
        own_w, own_h, own_cw = (420.0 if n <= 4 else 330.0), 28 + cw_all * ASPECT + 8, cw_all
    else:
        own_cw = 64.0
        own_w, own_h = (540.0 if n <= 6 else 420.0), 30 + own_cw * ASPECT + 8
    other_cw = 50.0 if teacher and n <= 4 else 42.0 if teacher else 34.0
    other_h = 28 + other_cw * ASPECT + 8
    side_w = 250.0 if n <= 4 else 210.0 if n <= 6 else 176.0
    wide_w = 420.0 if teacher and n <= 4 else side_w
    cx = W / 2
    own_y = low - own_h
    felt_bottom = H - FOOTER - 40
    if big:  # the same table, and below its felt the learner's hand in big cards
        own_w = W - 16
        held = view.hands.get(bottom) or ()
        big_h = 30 + _big_rows(len(held)) * (BIG_CW * ASPECT + BIG_GAP) + 6
        H, own_h = H + big_h - own_h, big_h
    own = _Seat(bottom, cx - own_w / 2, own_y, own_w, own_h, not teacher, BIG_CW if big else own_cw, big)
    seats = [own]
    others = [(bottom + k) % n for k in range(1, n)]
    if not others:
        return H, seats, (cx, (top + low) / 2), felt_bottom
    # the ring for the other seats: an ellipse whose top sits under the header
    ring_cy = (top + low) / 2
    ring_ry = (low - top) / 2 - other_h / 2
    ring_rx = W / 2 - side_w / 2 - 8

    def box(theta):
        st = math.sin(theta)
        bw = side_w + (wide_w - side_w) * (1 - abs(st)) ** 2
        x = cx - ring_rx * st
        y = ring_cy + ring_ry * math.cos(theta)
        return x - bw / 2, y - other_h / 2, bw

    def clash(theta):
        x, y, bw = box(theta)
        return not (x + bw < own.x - 6 or x > own.x + own.w + 6 or y + other_h < own.y - 6)

    # others are spread evenly between theta_min and 360 - theta_min, clear of the viewer's box
    theta_min = 2 * math.pi / n
    while clash(theta_min) and theta_min < math.radians(80):
        theta_min += math.radians(2)
    if len(others) == 1:
        thetas = [math.pi]
    else:
        span = 2 * math.pi - 2 * theta_min
        thetas = [theta_min + span * i / (len(others) - 1) for i in range(len(others))]
    for s, th in zip(others, thetas):
        x, y, bw = box(th)
        x = min(max(x, 6), W - 6 - bw)
        y = max(y, top)
        seats.append(_Seat(s, x, y, bw, other_h, False, other_cw))
    # the centre (piles, pending banner, offers) between the far seat and the viewer's seat
    upper = top + other_h
    cy = (upper + 106 + own.y - 176) / 2
    return H, seats, (cx, cy), felt_bottom


# ------------------------------------------------------------------ pieces

def _seat_svg(view, st: _Seat, before=None):
    s = st.seat
    deciding = view.decision is not None and s in view.decision.players and view.result is None
    winner = view.result is not None and getattr(view.result, "winner", None) == s
    on_turn = view.result is None and s == view.current
    cls = "chili-seat" + (" chili-deciding" if deciding else "") + (" chili-winner" if winner else "")
    stroke, sw = (GOLD_CHIP, 5) if (deciding or winner) else (SEAT_LINE, 1.5)
    if before is not None and before.players == view.players and before.hand_counts[s] != view.hand_counts[s]:
        stroke, sw = CHANGED, 5
    out = [f'<g class="{cls}" data-seat="{s}" role="group" aria-label="{seat_name(s)}">']
    if deciding or winner:
        out.append(f'<rect x="{_f(st.x - 5)}" y="{_f(st.y - 5)}" width="{_f(st.w + 10)}" height="{_f(st.h + 10)}" '
                   f'rx="14" fill="{GOLD_CHIP}" fill-opacity="0.25"/>')
    out.append(f'<rect x="{_f(st.x)}" y="{_f(st.y)}" width="{_f(st.w)}" height="{_f(st.h)}" rx="10" fill="{SEAT_FILL}" '
               f'stroke="{stroke}" stroke-width="{sw}"/>')
    # label row
    name = seat_name(s) + (" (you)" if view.seat == s else "")
    ly = st.y + 17
    out.append(_t(st.x + 10, ly + 5, name, 15, "#1b1b1b", "start"))
    x = st.x + 12 + len(name) * 15 * 0.6 + 4
    chips: list[tuple[str, str, str | None]] = []  # most important first: a chip that does not fit is left out, never cut
    n_cards = view.hand_counts[s]
    if winner:
        chips.append(("WINNER", GOLD_CHIP, "chili-winner-chip"))
    changed = before is not None and before.players == view.players and before.hand_counts[s] != n_cards
    if changed:  # the change a lesson points at: this hand grew or shrank
        chips.append((f"{n_cards - before.hand_counts[s]:+d}", CHANGED, "chili-changed"))
    chips.append((f"{n_cards} card" + ("" if n_cards == 1 else "s"), BLUE_CHIP, None))
    if on_turn:
        chips.append(("on turn", RED_CHIP, "chili-on-turn"))
    if s in view.loco_open:
        chips.append(("LOCO! open", "#e85d04", "chili-loco-open"))
    if deciding:
        chips.append(("to decide", GOLD_CHIP, "chili-to-decide"))
    elif view.decision is not None and s in view.answered and view.result is None:
        chips.append(("answered", GREEN_CHIP, None))
    if s == view.dealer:
        chips.append(("dealer", GREY_CHIP, None))
    for text, fill, ccls in chips:
        tcol = "#1b1b1b" if fill == GOLD_CHIP else "#fff"
        svg, w = _chip(x, ly, text, fill, tcol, 11, ccls)
        if x + w > st.x + st.w - 6:
            continue
        out.append(svg)
        x += w + 5
    # the hand
    hy = st.y + 30
    inner_w = st.w - 16
    held = view.hands.get(s)
    if held is not None:
        out.append(_big_hand(list(held), st.x + 8, hy, inner_w) if st.big
                   else _fan(list(held), True, st.x + 8, hy, inner_w, st.cw)[0])
        if not held:
            out.append(_t(st.x + st.w / 2, hy + st.cw * ASPECT / 2, "no cards", 13, GREY_CHIP, weight="normal"))
    else:
        shown = min(n_cards, 12 if st.w > 200 else 8)
        fan, _ = _fan([None] * shown, False, st.x + 8, hy, inner_w, st.cw)
        out.append(fan)
        if n_cards > shown:
            svg, _ = _chip(st.x + st.w - 8, hy + st.cw * ASPECT - 8, f"+{n_cards - shown}", "#1b1b1b", "#fff", 11,
                           anchor="end")
            out.append(svg)
        if n_cards == 0:
            out.append(_t(st.x + st.w / 2, hy + st.cw * ASPECT / 2, "no cards", 13, GREY_CHIP, weight="normal"))
    out.append("</g>")
    return "".join(out)


def _direction_svg(view, x, y):
    """A circular arrow: seat+1 is clockwise on screen (LOCO-TURN-1)."""
    cw = view.direction >= 0
    label = "clockwise" if cw else "anticlockwise"
    r = 17.0
    a0, a1 = (-200.0, 60.0) if cw else (60.0, -200.0)
    arc = _arrow_arc(x, y, r, r, a0, a1, "#ffffff", 4.5, 12)
    return (f'<g class="chili-direction" data-direction="{label}">{arc}'
            + _t(x, y + r + 22, label, 12, "#ffffff", weight="normal", cls="chili-label-fixed") + "</g>")


def _centre_svg(view, cx, cy, before=None):
    out = []
    top_w = 82.0
    top_h = top_w * ASPECT
    # draw pile
    dw = 60.0
    dh = dw * ASPECT
    dx = cx - 112 - dw / 2
    py = cy - dh / 2
    out.append('<g class="chili-draw-pile">')
    layers = min(3, max(1, (view.draw_size + 19) // 20)) if view.draw_size else 0
    for i in range(layers):
        out.append(_place(card_back_svg(dw), dx + 2 * (layers - 1 - i), py - 2 * (layers - 1 - i), dw))
    if not view.draw_size:
        out.append(f'<rect x="{_f(dx + 3)}" y="{_f(py + 3)}" width="{_f(dw * 0.9)}" height="{_f(dh * 0.9)}" rx="7" '
                   f'fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-dasharray="6 4" stroke-width="2"/>')
    out.append(_t(dx + dw / 2, cy + top_h / 2 + 14, f"draw pile: {view.draw_size}", 13, "#ffffff", cls="chili-label-fixed"))
    out.append("</g>")
    if view.draw_pile:  # teacher: the next card to be drawn (the end of the list is the top)
        nxt = view.draw_pile[-1]
        nw = 36.0
        out.append('<g class="chili-next-draw">')
        out.append(_place(card_svg(nxt, width=nw, title=f"next draw: {nxt}"), dx - nw - 8, cy - nw * ASPECT / 2, nw))
        out.append(_t(dx - nw / 2 - 8, cy + nw * ASPECT / 2 + 13, "next", 11, "#ffffff", weight="normal"))
        out.append("</g>")
    # active colour and direction
    sx = cx + 82
    colour = view.colour
    fill = FACE.get(colour, "#888888") if colour else "#888888"
    out.append(f'<g class="chili-colour" data-colour="{escape(colour or "none")}">'
               f'<circle cx="{_f(sx)}" cy="{_f(cy - 14)}" r="24" fill="{fill}" stroke="#ffffff" stroke-width="4"/>'
               + (colour_symbol(colour, sx, cy - 14, 11, "#ffffff") if colour in SYMBOL else "")
               + _t(sx, cy + 28, "colour", 12, "#ffffff", weight="normal")
               + _t(sx, cy + 44, colour or "none", 15, "#ffffff") + "</g>")
    out.append(_direction_svg(view, cx + 146, cy - 14))
    # play pile: a hint of the cards below, then the top card
    out.append(f'<g class="chili-play-pile" data-size="{len(view.pile)}">')
    px = cx - 14 - top_w / 2
    ty = cy - top_h / 2
    below = list(view.pile[-4:-1])
    for i, c in enumerate(below):
        rot = ((c.id * 37) % 19) - 9 + (6 if i % 2 else -6)
        out.append(_place(card_svg(c, width=top_w - 6), px + 3 + (i - len(below)) * 6, ty + 3, top_w - 6, rot))
    if view.top is not None:
        new_top = before is not None and before.top != view.top  # the change a lesson points at
        out.append(_place(card_svg(view.top, width=top_w, title=f"top of the pile: {view.top}", highlight=new_top),
                          px, ty, top_w))
    out.append(_t(px + top_w / 2, ty + top_h + 14, f"play pile: {len(view.pile)}", 13, "#ffffff", cls="chili-label-fixed"))
    out.append("</g>")
    # pending effect banner
    p = view.pending
    if p is not None and view.result is None:
        what = EFFECTS[p.kind].short if p.kind in EFFECTS else p.kind.replace("_", " ").title()
        bits = []
        if p.draw:
            bits.append(f"draw {p.draw}")
        if p.skip:
            bits.append("lose the turn")
        text = f"{what} on {seat_name(p.target)}: " + (" and ".join(bits) if bits else "pending")
        bw = len(text) * 15 * 0.6 + 30
        by = cy - top_h / 2 - 40
        out.append(f'<g class="chili-pending" data-kind="{escape(p.kind)}" data-target="{p.target}">'
                   f'<rect x="{_f(cx - bw / 2)}" y="{_f(by)}" width="{_f(bw)}" height="30" rx="15" fill="{RED_CHIP}" '
                   f'stroke="#ffffff" stroke-width="2"/>' + _t(cx, by + 20, text, 15, "#ffffff") + "</g>")
    # help offers (face down unless this viewer may see them)
    if view.offers:
        ow = 40.0
        k = len(view.offers)
        gap = 52.0
        ox = cx - (gap * (k - 1) + ow) / 2
        oy = cy + top_h / 2 + 26
        out.append('<g class="chili-offers">')
        out.append(f'<rect x="{_f(ox - 70)}" y="{_f(oy - 6)}" width="{_f(gap * (k - 1) + ow + 80)}" '
                   f'height="{_f(ow * ASPECT + 26)}" rx="8" fill="#000000" fill-opacity="0.25"/>')
        out.append(_t(ox - 64, oy + 18, "help for", 11, "#ffffff", "start", weight="normal"))
        out.append(_t(ox - 64, oy + 33, f"{seat_name(view.current)}:", 13, "#ffffff", "start"))
        for i, (giver, card) in enumerate(view.offers):
            hl = view.current_offer == i
            svg = (card_svg(card, width=ow, highlight=hl, title=f"offered by {seat_name(giver)}: {card}")
                   if card is not None else card_back_svg(ow, highlight=hl, title=f"offered face down by "
                                                                                 f"{seat_name(giver)}"))
            out.append(_place(svg, ox + i * gap, oy, ow))
            out.append(_t(ox + i * gap + ow / 2, oy + ow * ASPECT + 14, seat_name(giver), 10, "#ffffff",
                          max_width=gap - 2))
        out.append("</g>")
    return "".join(out)


def _result_svg(view, cx, cy):
    r = view.result
    if r is None:
        return ""
    text = result_words(r, STATS.how)[0]
    bw = len(text) * 22 * 0.6 + 40
    return (f'<g class="chili-result" data-winner="{escape(str(getattr(r, "winner", "")))}">'
            f'<rect x="{_f(cx - bw / 2)}" y="{_f(cy - 28)}" width="{_f(bw)}" height="56" rx="14" fill="{GOLD_CHIP}" '
            f'stroke="#1b1b1b" stroke-width="3"/>' + _t(cx, cy + 8, text, 22, "#1b1b1b") + "</g>")


# ------------------------------------------------------------------ public API

def table_svg(view, width: float = 900, bottom: int | None = None, before=None, big: bool = False) -> str:
    """A picture of a :class:`LocoView` as one inline ``<svg>`` string.

    Seats in ``view.decision.players`` are ringed in gold ("to decide"); the
    on-turn seat, the dealer, open LOCO! obligations, hand sizes, the pending
    effect, help offers, the draw pile's size, the active colour, the
    direction of play and the result are all drawn. Only cards the view holds
    appear face up. ``bottom``: in the teacher's view, the seat drawn at the
    bottom (the one the teacher plays; default P0); a player's seat is always
    at the bottom of their own view. ``before``: an earlier view of the same
    game; what changed since is marked (hands that grew or shrank, with the
    difference, in orange; a new top card ringed), e.g. where a lesson's rule fired. ``big``: projector
    mode (class ``chili-projector``): the bottom seat's hand across the whole width in big cards with their
    whole names (class ``chili-hand-big``).
    """
    H, seats, (cx, cy), fb = _layout(view, bottom, big)
    who = "Teacher's view: every card" if view.seat is None else f"{seat_name(view.seat)}'s view"
    viewer = "teacher" if view.seat is None else view.seat
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="chili-table{" chili-projector" if big else ""}" '
            f'data-viewer="{viewer}" '
            f'data-players="{view.players}" width="{_f(width)}" height="{_f(width * H / W)}" '
            f'viewBox="0 0 {_f(W)} {_f(H)}" role="group" aria-label="{escape(who)}" style="max-width:100%;height:auto">')]
    out.append(f'<rect x="0" y="0" width="{_f(W)}" height="{_f(H)}" rx="12" fill="{PAPER}"/>')
    # header
    out.append(_t(16, 26, who, 17, "#1b1b1b", "start"))
    head = [f"turn {view.turn}", phase_label(FLOW, view.phase)]
    if view.help_count:
        head.append(f"help asked {view.help_count}/{view.help_cap}")
    if getattr(view, "accent", False):
        head.append("terrible accent on")
    out.append(_t(W - 16, 26, "  ·  ".join(head), 14, "#444444", "end", weight="normal",
                  cls="chili-label-fixed"))
    # felt
    ft = HEADER + 30
    out.append(f'<ellipse cx="{_f(W / 2)}" cy="{_f((ft + fb) / 2)}" rx="{_f(W / 2 - 60)}" ry="{_f((fb - ft) / 2)}" '
               f'fill="{FELT}" stroke="{RIM}" stroke-width="14"/>')
    out.append(_centre_svg(view, cx, cy, before))
    for st in seats:
        out.append(_seat_svg(view, st, before))
    out.append(_result_svg(view, cx, cy))
    # footer: the decision
    d = view.decision
    fy = H - FOOTER
    out.append(f'<rect x="8" y="{_f(fy + 2)}" width="{_f(W - 16)}" height="{_f(FOOTER - 10)}" rx="8" fill="#ffffff" '
               f'stroke="{SEAT_LINE}"/>')
    if view.result is not None:
        msg, waiting = "Game over: " + result_words(view.result, STATS.how)[0], ""
    elif d is not None:
        msg = people(d.prompt)
        waiting = "waiting for " + seat_names(d.players) if d.players else ""
    else:
        msg, waiting = "", ""
    right = 16 + (len(waiting) * 13 * 0.6 + 20 if waiting else 0)
    lines = _wrap(msg, int((W - 40 - right) / (14 * 0.56)))[:2]
    fs = 14 if len(lines) <= 1 else 12.5
    for i, line in enumerate(lines):
        yy = fy + 26 if len(lines) == 1 else fy + 19 + i * 15
        out.append(_t(20, yy, line, fs, "#1b1b1b", "start", weight="normal", cls="chili-prompt",
                      max_width=W - 40 - right))
    if waiting:
        svg, _ = _chip(W - 18, fy + 22, waiting, GOLD_CHIP, "#1b1b1b", 12, "chili-waiting", anchor="end")
        out.append(svg)
    out.append("</svg>")
    return "".join(out)


def game_html(game, viewer=None, width: float = 900) -> str:
    """``table_svg(game.view(viewer))``: the table as one player (or the teacher, ``None``) sees it."""
    return table_svg(game.view(viewer), width=width)
