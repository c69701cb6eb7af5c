"""An All You Can Chili seat's view in words, for the command line (registered as the "text" picture)."""
from __future__ import annotations

from .rules.cards import CHARACTERS

_TOKEN = (("chili", "Chili"), ("last_target", "Last Target"), ("lock", "Lock"))


def _who(view, c: int) -> str:
    """Who plays character ``c`` as far as the viewer knows: a seat, the Neutral (teacher), or a question mark."""
    seats = [s for s, x in view.identities.items() if x == c]
    if seats:
        return f"P{seats[0]}" + (" (you)" if seats[0] == view.seat else "")
    return "Neutral" if view.neutral == c else "?"


def describe(view) -> str:
    """What a seat sees, as '#' lines: each character's pile, heat and tokens; scores; hand sizes; own cards."""
    lines = [f"# round {view.round}" + (f" of {view.rounds}" if view.game_end == "three_rounds"
                                        else f", first to {view.target_points}")
             + f" | deck: {view.deck_size} dishes | scores: "
             + ", ".join(f"P{s} {v}" for s, v in enumerate(view.scores))]
    for c in view.row:
        tokens = [label for key, label in _TOKEN if getattr(view, key) == c]
        status = view.status[c]
        pile = " ".join(map(str, view.piles[c])) or "no dish"
        lines.append(f"# {CHARACTERS[c].name} [{_who(view, c)}]{'' if status == 'active' else ' ' + status.upper()}: "
                     f"heat {view.heats[c]}, points {view.pile_points[c]} | {pile}"
                     + (f" | {', '.join(tokens)} token" if tokens else ""))
    lines.append("# hands: " + ", ".join(f"P{s} {k}" for s, k in enumerate(view.hand_counts)))
    for s, c in view.siestas.items():  # Inferno Mode
        lines.append(f"# P{s} takes a Siesta: nobody else may serve {CHARACTERS[c].name} or withdraw until P{s}'s "
                     "next turn")
    if view.looking:
        lines.append("# the undealt tolerances you look at: " + ", ".join(map(str, view.looking)))
    known = {s: t for s, t in view.tolerances.items() if s != view.seat}
    if known:
        lines.append("# tolerances known: " + ", ".join(f"P{s} {t}" for s, t in known.items()))
    if view.seat is not None:
        me = view.me
        lines.append(f"# you are {CHARACTERS[me].name if me is not None else '?'}, tolerance {view.my_tolerance}; "
                     f"your hand: {', '.join(map(str, sorted(view.hand))) or 'empty'}")
    return "\n".join(lines)
