"""A Chili Loco seat's view in words, for the command line (registered as the "text" picture)."""
from __future__ import annotations


def describe(view) -> str:
    """What a seat sees, as '#' lines: top card, colour, direction, hand sizes, pending effect, own hand, offers."""
    s = view.seat
    counts = ", ".join(f"P{p} {c}" + (" (you)" if p == s else "") for p, c in enumerate(view.hand_counts))
    pend = view.pending
    ptxt = "none" if pend is None else f"{pend.kind} (draw {pend.draw}{', lose the turn' if pend.skip else ''}) " \
                                      f"aimed at P{pend.target}"
    lines = [
        (f"# top card: {view.top} | colour: {view.colour} | "
         f"{'clockwise' if view.direction == 1 else 'anti-clockwise'} | draw pile: {view.draw_size}"),
        f"# hands: {counts} | pending: {ptxt}"
        + (f" | LOCO! open: {', '.join(f'P{o}' for o in view.loco_open)}" if view.loco_open else ""),
        f"# your hand: {', '.join(str(c) for c in sorted(view.hand, key=lambda c: (c.colour or '~', c.name)))}",
    ]
    if view.offers:
        lines.append("# offers on the table: " + ", ".join(
            f"P{g}: {c if c is not None else 'face down'}" for g, c in view.offers))
    return "\n".join(lines)
