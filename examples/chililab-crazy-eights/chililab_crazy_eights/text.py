"""A seat's view in words, for the command line (registered as the "text" picture)."""
from __future__ import annotations

from .cards import SUIT_NAMES


def describe(view) -> str:
    """What a seat sees, as '#' lines."""
    top = view.top
    lines = [f"# top card: {top} | suit to follow: {SUIT_NAMES[view.suit]} | deck: {view.stock_count} | "
             f"cards played: {view.plays} | direction: {'up' if view.direction > 0 else 'down'} the seats"]
    if view.penalty:
        lines.append(f"# P{view.current} must draw {view.penalty} cards or play a Two")
    lines.append("# hands: " + ", ".join(f"P{s} {k}" for s, k in enumerate(view.hand_counts)))
    if view.seat is not None:
        lines.append("# your cards: " + " ".join(map(str, view.me)))
    else:
        for s, h in enumerate(view.hands):
            lines.append(f"# P{s}: " + " ".join(map(str, h or ())))
    return "\n".join(lines)
