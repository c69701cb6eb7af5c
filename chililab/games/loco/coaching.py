"""What a Chili Loco player can see that bears on a choice, in a sentence for the coach (:mod:`chililab.coach`)."""
from __future__ import annotations

from .rules.cards import COLOURS, deck


def coach_fact(view) -> str:
    """How many of the cards this seat cannot see match the colour in play, and how many are wild: the cards
    the next players may answer with (naming a colour after a wild: how many of each colour). Counted from the
    deck, the seat's own hand and the pile only."""
    naming = getattr(view, "phase", None) == "COLOUR"
    if view.seat is None or (view.colour is None and not naming):
        return ""
    seen = {c.id for c in view.hand} | {c.id for c in view.pile} | {c.id for _, c in view.offers if c is not None}
    hidden = view.draw_size + sum(view.hand_counts) - len(view.hand) + sum(1 for _, c in view.offers if c is None)
    unseen = [c for c in deck(hidden + len(seen) > 112) if c.id not in seen]  # with the Personal Recipes: 114
    if not unseen:
        return ""
    wild = sum(1 for c in unseen if c.wild)
    if naming:
        by = {k: sum(1 for c in unseen if c.colour == k) for k in COLOURS}
        counts = ", ".join(f"{n} {k}" for k, n in by.items())
        return (f"Among the {len(unseen)} cards you cannot see are {counts} and {wild} wild ones: the fewer "
                f"of a colour the others can hold, the less likely they are to answer it.")
    same = sum(1 for c in unseen if c.colour == view.colour)
    return (f"{same} of the {len(unseen)} cards you cannot see are {view.colour} and {wild} are wild: "
            f"that is how likely the others are to have an answer to a {view.colour} card.")
