"""Pictures of a Chili Mafia table as SVG strings (registered as the "card", "table" and "game" pictures; the
"text" picture, a view in words, is :func:`chililab.games.mafia.text.describe`).

``table_svg(view)`` draws only what a :class:`~chililab.games.mafia.rules.view.MafiaView`
holds, so it cannot leak a hidden card: a player's view shows that player's
hand, draft packet and Hot Properties face up and everybody else's as face-down
backs with a count; the teacher's view (``seat=None``) shows every hand and
Hot Property face up. Gangs are public and lie in front of their seat as gangs:
each gang is framed and labelled by what it is (a complete Mixed gang, a
Brotherhood, or an incomplete gang) with the points it would score.

The centre strip shows the draw deck's size, the discard pile's top card, the
Dawn Raid (still in the deck, or drawn; a banner while everyone rearranges), the Taste Me cards eaten,
the Hot card being answered (its attacker and targets are ringed in red) and
the final round. The viewer's seat is drawn at the bottom, the others above it
in turn order (clockwise from the viewer's left).

Standard library only (no Jupyter imports): notebooks and dashboards display
the strings.

>>> from chililab.games import mafia
>>> g = mafia.new_game(players=3, seed=1)
>>> svg = table_svg(g.view(0))
>>> svg.startswith("<svg") and 'data-viewer="P0"' in svg
True
"""
from __future__ import annotations

from html import escape

from chililab.engine.svg import num as _f
from chililab.engine.svg import text as svg_text
from chililab.engine.words import people, plural, result_words, seat_name

from .rules import checks as G
from .rules.cards import Card
from .simstats import STATS

W = 760.0  # drawing units; the picture is scaled to the requested width
ASPECT = 1.4  # card height / width
GANG_CARD = 0.85  # gang cards' width, relative to a hand card's
FELT, PAPER, INK, MUTED = "#24402f", "#f7f2e7", "#2b2118", "#6b5b4b"
ATTACK = "#d00000"
CHANGED = "#e85d04"
#: pepper colours from mild (strength 1) to hottest (10)
HEAT = ("#f4d35e", "#c7e07a", "#8cc152", "#f6bd60", "#f28c28", "#e76f51", "#d62828", "#9d0208", "#6a040f", "#370617")
KIND_FILL = {"action": "#1d4e89", "hot": "#c1121f", "dawn_raid": "#111111", "taste_me": "#7b2cbf",
             "hot_property": "#5c3d2e"}
KIND_WORD = {"action": "ACTION", "hot": "HOT", "dawn_raid": "RAID", "taste_me": "TASTE", "hot_property": "PROPERTY"}
#: the dashboards' class for labels packed side by side: they keep their size in Big text (as a card's own print does)
FIXED = "chili-label-fixed"
GANG_LOOK = {G.MIXED: ("#2d6a4f", "Mixed"), G.BROTHERHOOD: ("#b8860b", "Brotherhood")}
NAME_SIZE = 10.0  # a card's name, in the units of a card 60 wide
CHAR_W = 0.66  # the width of a bold character, per unit of font size (DejaVu Sans Bold runs wide)
BIG_CW, BIG_GAP = 100.0, 5.0  # projector mode: the learner's cards' width and the gap between them
BIG_NAME = 13.5  # projector mode: a card's name, in the table's units (18 px and more once the table is 1000 px wide)


def _t(x, y, s, size=13, fill=INK, anchor="middle", weight="bold", cls=None, max_width=None):
    """A label. One that starts or ends at a point, or fits a given width, keeps its size in Big text
    (:data:`FIXED`): grown around its centre it would leave its place (run into a card, out of the table)."""
    if cls is None and (anchor != "middle" or max_width is not None):
        cls = FIXED
    return svg_text(x, y, s, size, fill, anchor, weight, max_width, "", cls, char_width=CHAR_W)


def _short(card: Card) -> str:
    """A name short enough for a small card ("Jimmy", "Hungarian", "Whack 'Em")."""
    name = card.name.replace("The ", "").replace("\u201c", "").replace("\u201d", "")
    first = name.split()[0]
    return first if card.pepper and len(name) > 10 else name


# ------------------------------------------------------------------ cards

def _lines(name: str, longest: int = 10) -> list[str]:
    """A name in at most two lines, cut at the space nearest its middle when it is longer than ``longest``."""
    if len(name) <= longest or " " not in name:
        return [name]
    cut = min((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def card_svg(card: Card, width: float = 60, ring: str | None = None, corner_only: bool = False,
             title: str | None = None, big: bool = False) -> str:
    """One card face up as an ``<svg>``: a pepper shows its strength big and its name, with a star when the copy
    carries the ability icon; other cards show their kind and name. ``ring``: a colour to outline it in (an
    attacker or target); ``corner_only``: only the strength and a short name (the card is half covered);
    ``big``: a card for a projector, its whole name in :data:`BIG_NAME` letters (class ``chili-card-name``)."""
    w, h = width, width * ASPECT
    fill = HEAT[min(max(card.power, 1), 10) - 1] if card.pepper else KIND_FILL.get(card.kind, "#555")
    dark = not card.pepper or card.power >= 6
    ink = "#fff" if dark else INK
    tip = escape(title or f"{card.name}" + (f", strength {card.strength}" if card.pepper else "")
                 + (f", ability: {card.ability}" if card.icon and card.ability else ""))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}" '
           f'class="mafia-card chili-card" data-card="{escape(card.key)}" data-id="{card.id}" role="img" '
           f'aria-label="{tip}"><title>{tip}</title>',
           f'<rect x="1" y="1" width="{_f(w - 2)}" height="{_f(h - 2)}" rx="{_f(w * 0.12)}" fill="{fill}" '
           f'stroke="{ring or "#fffdf7"}" stroke-width="{_f(4 if ring else 1.5)}"/>']
    s = w / 60
    if card.pepper:
        out.append(_t(5 * s, 17 * s, str(card.strength), 15 * s, ink, "start"))
        if card.icon:
            out.append(_t(w - 6 * s, 16 * s, "\u2605", 13 * s, "#fff3b0" if dark else "#7a4b00", "end"))
        if not corner_only:
            out.append(_t(w / 2, h * 0.5, str(card.strength), 20 * s, ink) if big
                       else _t(w / 2, h * 0.62, str(card.strength), 26 * s, ink))
    else:
        out.append(_t(w / 2, 14 * s, KIND_WORD.get(card.kind, card.kind.upper()), 9 * s, "#fff"))
    if big:
        lines = _lines(card.name)
        for i, line in enumerate(lines):
            out.append(_t(w / 2, h - 11 - (len(lines) - 1 - i) * BIG_NAME * 1.15, line, BIG_NAME, ink,
                          cls="chili-card-name", max_width=w - 8))
        out.append("</svg>")
        return "".join(out)
    label = _short(card)
    y = h * 0.9 if not corner_only else 30 * s
    anchor_x, anchor = (w / 2, "middle") if not corner_only else (4 * s, "start")
    out.append(_t(anchor_x, y, label, NAME_SIZE * s, ink, anchor, max_width=w - 6 * s))
    out.append("</svg>")
    return "".join(out)


def card_back_svg(width: float = 60, label: str = "CHILI MAFIA", title: str = "a face-down card") -> str:
    """A face-down card (another player's hand card, packet card or Hot Property)."""
    w, h = width, width * ASPECT
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}" '
            f'class="mafia-back chili-card" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<rect x="1" y="1" width="{_f(w - 2)}" height="{_f(h - 2)}" rx="{_f(w * 0.12)}" fill="#7a1010" '
            f'stroke="#f1c27d" stroke-width="1.5"/>'
            f'<rect x="{_f(w * 0.15)}" y="{_f(h * 0.12)}" width="{_f(w * 0.7)}" height="{_f(h * 0.76)}" '
            f'rx="{_f(w * 0.08)}" fill="none" stroke="#f1c27d" stroke-width="1"/>'
            + _t(w / 2, h / 2 + w * 0.06, label, w * 0.13, "#f1c27d", max_width=w * 0.64) + "</svg>")


def _place(svg: str, x: float, y: float) -> str:
    return f'<g transform="translate({_f(x)},{_f(y)})">{svg}</g>'


def _row(cards, x, y, cw, steps, rings=None, face_up=True, back_label="CHILI MAFIA", back_title="a face-down card"):
    """Cards left to right from (x, y), each ``steps[i]`` right of the one before (a number: all alike; the cards
    overlap when a step is under ``cw``). A covered card shows only its corner: strength and name.
    Returns (svg, right edge)."""
    if not isinstance(steps, (list, tuple)):
        steps = [steps] * max(len(cards) - 1, 0)
    out, at = [], x
    rings = rings or {}
    for i, c in enumerate(cards):
        covered = i < len(steps) and steps[i] < cw
        svg = (card_svg(c, cw, ring=rings.get(c), corner_only=covered) if face_up
               else card_back_svg(cw, back_label, back_title))
        out.append(_place(svg, at, y))
        at += steps[i] if i < len(steps) else 0
    return "".join(out), (at + cw if cards else x)


def _big_rows(cards, x, y, width) -> tuple[str, float]:
    """Projector mode: big cards side by side in rows (never overlapping), each with its whole name, in a group
    ``class="chili-hand-big"``. Returns (svg, height)."""
    per_row = max(1, int((width + BIG_GAP) // (BIG_CW + BIG_GAP)))
    out = ['<g class="chili-hand-big">']
    for r in range(0, len(cards), per_row):
        for i, c in enumerate(cards[r:r + per_row]):
            out.append(_place(card_svg(c, BIG_CW, big=True), x + i * (BIG_CW + BIG_GAP),
                              y + (r // per_row) * (BIG_CW * ASPECT + BIG_GAP)))
    return "".join(out) + "</g>", _big_height(len(cards), width)


def _big_height(k: int, width: float) -> float:
    per_row = max(1, int((width + BIG_GAP) // (BIG_CW + BIG_GAP)))
    return max(1, -(-k // per_row)) * (BIG_CW * ASPECT + BIG_GAP) - BIG_GAP


def _corner_steps(cards, cw) -> list[float]:
    """How far apart overlapping cards of width ``cw`` lie so that each covered card's corner shows its whole name
    (at least half a card, at most a card and a gap: no overlap)."""
    s = cw / 60
    need = [4 * s + len(_short(c)) * NAME_SIZE * s * CHAR_W + 3 * s for c in cards[:-1]]
    return [min(cw + 3, max(cw * 0.5, n)) for n in need]


def _chip(x, y, s, fill, ink="#fff", size=11.0, cls=None):
    """A rounded label with its left middle at (x, y). Returns (svg, width)."""
    w = len(s) * size * 0.6 + 12
    c = f' class="{cls}"' if cls else ""
    return (f'<g{c}><rect x="{_f(x)}" y="{_f(y - size * 0.85)}" width="{_f(w)}" height="{_f(size * 1.7)}" '
            f'rx="{_f(size * 0.85)}" fill="{fill}"/>' + _t(x + w / 2, y + size * 0.36, s, size, ink) + "</g>"), w


# ------------------------------------------------------------------ gangs

def gang_label(gang) -> tuple[str, str]:
    """(colour, words) for a gang's frame: "Mixed · 14", "Brotherhood ×2 · 30" or "incomplete · 0"."""
    kind = G.gang_type(gang)
    if kind is None:
        return "#8d8d8d", "incomplete \u00b7 0"
    colour, word = GANG_LOOK[kind]
    times = " \u00d72" if kind == G.BROTHERHOOD else ""
    return colour, f"{word}{times} \u00b7 {G.score(gang)}"


def _gangs_svg(gangs, x, y, width, cw, rings):
    """The gangs in a row (wrapping), each framed, with a coloured tab saying what it is. Returns (svg, height)."""
    out, gx, gy = [], x, y
    line_h = cw * ASPECT + 30
    for k, gang in enumerate(gangs):
        cards = sorted(gang, key=lambda c: (c.power, c.id))
        colour, words = gang_label(cards)
        words = f"{k + 1}. {words}"
        tab_w = len(words) * 6.4 + 12
        steps = _corner_steps(cards, cw)
        gw = max(cw + sum(steps) + 12, tab_w)
        if gx > x and gx + gw > x + width:
            gx, gy = x, gy + line_h
        dash = ' stroke-dasharray="5 4"' if G.gang_type(cards) is None else ""
        out.append(f'<g class="mafia-gang" data-gang="{k + 1}"><rect x="{_f(gx)}" y="{_f(gy)}" width="{_f(gw)}" '
                   f'height="{_f(line_h - 6)}" rx="7" fill="#ffffff18" stroke="{colour}" stroke-width="2.5"{dash}/>'
                   f'<rect x="{_f(gx)}" y="{_f(gy)}" width="{_f(tab_w)}" height="17" rx="6" fill="{colour}"/>')
        out.append(_t(gx + 6, gy + 13, words, 11, "#fff", "start"))
        svg, _ = _row(cards, gx + 6, gy + 21, cw, steps, rings)
        out.append(svg + "</g>")
        gx += gw + 8
    return "".join(out), (gy - y + line_h) if gangs else 0


# ------------------------------------------------------------------ seats

def _attack_rings(view) -> dict:
    a = view.attack
    if a is None:
        return {}
    rings = {a.attacker: "#ffb703"}
    rings.update({t: ATTACK for t in a.targets})
    return rings


def _seat_svg(view, s, x, y, w, h, cw, rings, before=None, big=False):
    """One seat's panel: name and counts, Hot Properties, hand (or packet), gangs. ``big``: the hand and packet
    in big cards (projector mode, the seat at the bottom)."""
    viewer, teacher = view.seat, view.seat is None
    me = s == viewer
    current = view.current == s and view.phase not in ("DRAFT", "DAWN_RAID", "GAME_OVER", "SCORING")
    deciding = view.decision is not None and s in view.decision.players
    name = seat_name(s) + (" (you)" if me else "")
    out = [f'<g class="mafia-seat" data-seat="{s}" role="group" aria-label="{escape(name)}">',
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="10" fill="#ffffff14" '
           f'stroke="{"#ffb703" if current else "#ffffff55"}" stroke-width="{3 if current else 1.2}"/>']
    out.append(_t(x + 10, y + 19, name, 17, "#fff", "start"))
    cx = x + 18 + len(name) * 10.5
    tally = G.tally(view.gangs[s])
    chips: list[tuple[str, str, str | None]] = [(f"{view.hand_counts[s]} in hand", "#3a3a3a", None)]
    if view.teams:
        team = next(k for k, t in enumerate(view.teams) if s in t)
        chips.append((f"team {team + 1}", "#1d4e89", None))
    if tally.points:
        chips.append((f"{tally.points} points", "#2d6a4f", None))
    if current:
        chips.append(("their turn" if not me else "your turn", "#ffb703", None))
    elif deciding:
        chips.append(("deciding", "#ffd166", None))
    if before is not None and before.players == view.players and before.hand_counts[s] != view.hand_counts[s]:
        chips.append((f"{view.hand_counts[s] - before.hand_counts[s]:+d}", CHANGED, "chili-changed"))
    for text, fill, cls in chips:
        svg, cw_ = _chip(cx, y + 14, text, fill, "#1b1b1b" if fill in ("#ffb703", "#ffd166") else "#fff", 12, cls)
        out.append(svg)
        cx += cw_ + 5
    # Hot Properties: face up for their owner (and the teacher), face down with a count for everyone else
    hp_n = view.hp_counts[s]
    hps = view.hot_properties.get(s)
    if hp_n:
        hx = x + w - 10 - hp_n * (cw * 0.5 + 2) - 30
        out.append(_t(hx - 4, y + 18, f"Hot Properties: {hp_n}", 10, "#f1c27d", "end"))
        for i in range(hp_n):
            svg = (card_svg(hps[i], cw * 0.5) if hps is not None
                   else card_back_svg(cw * 0.5, "HP", "a face-down Hot Property"))
            out.append(_place(svg, hx + i * (cw * 0.5 + 2), y + 4))
    inner_y = y + 30
    hand = view.hands.get(s)
    packet = view.packets.get(s) if view.phase == "DRAFT" else None
    hcw = cw * (1.15 if me else 0.8)
    if hand is not None and (me or teacher):
        for label, cards in (("hand", hand), (f"packet for pick {view.pick}: choose 1", packet)):
            if not cards:
                continue
            out.append(_t(x + 10, inner_y + (13 if big else 10), label, 13 if big else 10, "#f1c27d", "start"))
            step = min(hcw + 3, (w - 30) / max(len(cards), 1))
            if label == "hand":
                cards = sorted(cards, key=lambda c: (not c.pepper, c.power, c.key, c.id))
            if big:
                svg, used = _big_rows(list(cards), x + 10, inner_y + 18, w - 20)
                out.append(svg)
                inner_y += 18 + used + 6
                continue
            svg, _ = _row(list(cards), x + 10, inner_y + 14, hcw, step)
            out.append(svg)
            inner_y += 14 + hcw * ASPECT + 6
    elif view.hand_counts[s] or (view.phase == "DRAFT" and view.packet_counts[s]):
        n = view.hand_counts[s]
        bcw = cw * 0.55
        svg, right = _row([None] * min(n, 8), x + 10, inner_y, bcw, bcw * 0.35, face_up=False,
                          back_title=f"{seat_name(s)}'s hand: face down")
        out.append(svg)
        if view.phase == "DRAFT" and view.packet_counts[s]:
            k = view.packet_counts[s]
            x0 = right + (14 if n else 0)
            svg, right = _row([None] * k, x0, inner_y, bcw, bcw * 0.35, face_up=False,
                              back_title=f"{seat_name(s)}'s draft packet: face down")
            out.append(svg + _t(right + 8, inner_y + bcw, f"packet of {k}", 11, "#f1c27d", "start"))
        inner_y += bcw * ASPECT + 6
    if view.gangs[s]:
        svg, _ = _gangs_svg(view.gangs[s], x + 10, inner_y, w - 20, cw * GANG_CARD, rings)
        out.append(svg)
    elif view.phase not in ("DRAFT",):
        out.append(_t(x + 10, inner_y + 12, "no gang yet", 11, "#c9c9c9", "start", weight="normal"))
    out.append("</g>")
    return "".join(out)


def _seat_height(view, s, cw, panel_w, big=False) -> float:
    teacher, me = view.seat is None, view.seat == s
    h = 30.0
    hand, packet = view.hands.get(s), view.packets.get(s) if view.phase == "DRAFT" else None
    if hand is not None and (me or teacher) and big:
        h += sum(18 + _big_height(len(cards), panel_w - 20) + 6 for cards in (hand, packet) if cards)
    elif hand is not None and (me or teacher):
        hcw = cw * (1.15 if me else 0.8)
        h += (14 + hcw * ASPECT + 6) * ((1 if hand else 0) + (1 if packet else 0))
    elif view.hand_counts[s] or (view.phase == "DRAFT" and view.packet_counts[s]):
        h += cw * 0.55 * ASPECT + 6
    if view.gangs[s]:
        _, used = _gangs_svg(view.gangs[s], 0, 0, panel_w - 20, cw * GANG_CARD, {})
        h += used
    else:
        h += 18
    return h + 8


# ------------------------------------------------------------------ the centre strip

def _centre_svg(view, y, before=None) -> tuple[str, float]:
    h = 96.0
    out = [f'<rect x="10" y="{_f(y)}" width="{_f(W - 20)}" height="{_f(h)}" rx="10" fill="#00000033"/>']
    cw = 44.0
    # draw deck
    if view.draw_size:
        out.append(_place(card_back_svg(cw, "DECK", f"the draw deck: {view.draw_size} cards"), 24, y + 12))
    out.append(_t(24 + cw / 2, y + 88, f"deck {view.draw_size}", 11, "#fff", cls=FIXED))
    # discard pile
    top = view.discard_top
    if top is not None:
        changed = before is not None and before.discard_top != top
        out.append(_place(card_svg(top, cw, ring=CHANGED if changed else None,
                                   title=f"top of the discard pile: {top.name}"), 100, y + 12))
    else:
        out.append(f'<rect x="100" y="{_f(y + 12)}" width="{_f(cw)}" height="{_f(cw * ASPECT)}" rx="5" fill="none" '
                   f'stroke="#ffffff66" stroke-dasharray="4 3"/>')
    out.append(_t(100 + cw / 2, y + 88, f"discard {len(view.discard)}", 11, "#fff", cls=FIXED))
    # Dawn Raid
    if view.dawn_raid_drawn:
        raid = next((c for c in view.removed if c.kind == "dawn_raid"), None)
        if raid is not None:
            out.append(_place(card_svg(raid, cw, title="the Dawn Raid has been drawn"), 180, y + 12))
        out.append(_t(180 + cw / 2, y + 88, "raid: drawn", 11, "#ffb703", cls=FIXED))
    else:
        out.append(_place(card_back_svg(cw, "RAID?", "the Dawn Raid is still somewhere in the deck"), 180, y + 12))
        out.append(_t(180 + cw / 2, y + 88, "raid: in deck", 11, "#ddd", cls=FIXED))
    # Taste Me cards drawn so far: out of the game, face up (MAFIA-PROMO-TASTE-2)
    x = 250
    tasted = [c for c in view.removed if c.kind == "taste_me"]
    if tasted:
        out.append(_place(card_svg(tasted[-1], cw, title=f"Taste Me cards drawn and eaten: {len(tasted)}"), x + 12,
                          y + 12))
        out.append(_t(x + 12 + cw / 2, y + 88, f"tasted {len(tasted)}", 11, "#e0aaff", cls=FIXED))
        x += 82
    # what is going on
    lines = _status_lines(view)
    for i, (text, colour, size) in enumerate(lines[:4]):
        out.append(_t(x, y + 22 + i * 20, text, size, colour, "start", max_width=W - x - 24))
    return "".join(out), h


def _status_lines(view) -> list[tuple[str, str, float]]:
    lines: list[tuple[str, str, float]] = []
    phase = view.phase
    if view.result is not None:
        lines.append((game_over_words(view.result), "#ffd166", 15))
        return lines
    if phase == "DRAFT":
        lines.append((f"Draft: pick {view.pick} of 6. Everyone picks at once, in secret.", "#fff", 14))
    elif phase == "DAWN_RAID":
        lines.append((f"Turn {view.turn}: {seat_name(view.current)} drew the Dawn Raid; the turn is over.",
                      "#ffb703", 14))
    elif view.current is not None:
        lines.append((f"Turn {view.turn}: {seat_name(view.current)} plays"
                       + (" (you)" if view.current == view.seat else ""), "#fff", 14))
    a = view.attack
    if a is not None:
        lines.append((f"Attack: {seat_name(a.player)}'s {a.attacker.name} ({a.attacker.strength}) plays {a.card.name} on "
                      + ", ".join(f"{t.name} ({t.strength})" for t in a.targets), "#ffb4a2", 13))
        if phase == "DEFENSE":
            lines.append(("Anyone else may answer with Fuggedaboutit, asked one at a time.", "#ffd6cc", 12))
    if view.turncoat is not None:
        lines.append((f"Turncoat: {view.turncoat.name} waits to be placed.", "#ffd6cc", 12))
    if view.final_turns_left is not None:
        lines.append((f"Final round: the deck is empty, {plural(view.final_turns_left, 'turn')} left, no more draws.",
                      "#ffd166", 12))
    if view.decision is not None and phase != "DRAFT":
        lines.append((people(view.decision.prompt), "#e9e9e9", 11.5))
    return lines


def game_over_words(result) -> str:
    """The game's result as a sentence: who won, with how many points, and which rule decided a tie.

    >>> from chililab.engine import Result
    >>> game_over_words(Result(winners=(3,), scores=(58, 57, 42, 72), how="points", turns=39))
    'Game over: Player 4 wins with 72 points.'
    """
    return "Game over: " + result_words(result, STATS.how)[0]


def _raid_banner(y) -> str:
    return (f'<g class="mafia-raid-banner"><rect x="10" y="{_f(y)}" width="{_f(W - 20)}" height="34" rx="8" '
            f'fill="#111" stroke="#ffb703" stroke-width="2"/>'
            + _t(W / 2, y + 23, "DAWN RAID! Everyone rearranges their gangs at once, in secret.", 16, "#ffb703")
            + "</g>")


# ------------------------------------------------------------------ the table

def _seat_order(view, bottom) -> list[int]:
    n = view.players
    me = view.seat if view.seat is not None else (bottom if bottom is not None and 0 <= bottom < n else 0)
    return [(me + k) % n for k in range(1, n)] + [me]


def table_svg(view, width: float = 900, bottom: int | None = None, before=None, big: bool = False) -> str:
    """A :class:`MafiaView` as one inline ``<svg>``: the other seats on top (in turn order from the viewer's
    left, two to a row), the centre strip (deck, discard top, Dawn Raid, the attack), the viewer's seat at the
    bottom. ``bottom``: in the teacher's view, the seat drawn at the bottom (default P0). ``before``: an earlier
    view of the same game; hands that grew or shrank and a new discard top are marked. ``big``: projector mode
    (class ``chili-projector``): the bottom seat's hand in big cards with their whole names."""
    cw = 46.0
    order = _seat_order(view, bottom)
    *others, me = order
    rings = _attack_rings(view)
    parts, y = [], 8.0
    if view.phase == "DAWN_RAID":
        parts.append(_raid_banner(y))
        y += 42
    cols = 2 if len(others) > 1 else 1
    col_w = (W - 20 - 10 * (cols - 1)) / cols
    for i in range(0, len(others), cols):
        row = others[i:i + cols]
        h = max(_seat_height(view, s, cw, col_w) for s in row)
        for j, s in enumerate(row):
            parts.append(_seat_svg(view, s, 10 + j * (col_w + 10), y, col_w, h, cw, rings, before))
        y += h + 8
    svg, h = _centre_svg(view, y, before)
    parts.append(svg)
    y += h + 8
    h = _seat_height(view, me, cw, W - 20, big) + 4
    parts.append(_seat_svg(view, me, 10, y, W - 20, h, cw, rings, before, big))
    y += h + 8
    viewer = "teacher" if view.seat is None else f"P{view.seat}"
    who = "the teacher" if view.seat is None else seat_name(view.seat)
    scale = width / W
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="chili-table mafia-table{" chili-projector" if big else ""}" data-viewer="{viewer}" '
            f'data-phase="{escape(view.phase)}" width="{_f(width)}" height="{_f(y * scale)}" '
            f'viewBox="0 0 {_f(W)} {_f(y)}" role="group" aria-label="Chili Mafia table as {who} sees it">'
            f'<rect x="0" y="0" width="{_f(W)}" height="{_f(y)}" rx="14" fill="{FELT}"/>')
    return head + "".join(parts) + "</svg>"


def game_html(game, viewer=None, width: float = 900) -> str:
    """``table_svg(game.view(viewer))``: the table as one player (or the teacher, ``None``) sees it."""
    return table_svg(game.view(viewer), width=width)

