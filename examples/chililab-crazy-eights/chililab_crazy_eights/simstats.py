"""Crazy Eights' extra simulation columns and summary rows (registered as ``SPEC.sim``)."""
from __future__ import annotations

from chililab.engine.registry import SimStats

from .end import HOW

EVENT_KINDS = ("play", "draw", "pass", "nominate", "skip", "reverse", "two", "penalty", "reshuffle", "eight_back")
DERIVED = ("cards_played", "top_penalty", "winner_penalty", "cards_drawn", "eights_played", "reshuffles")
NAMES = (*DERIVED, *(f"event:{k}" for k in EVENT_KINDS))


def row(game) -> dict:
    """This game's columns of one finished game."""
    r = game.result
    out = dict.fromkeys(DERIVED, 0)
    out["cards_played"] = r.turns
    pens = r.penalties or (0,)
    out["top_penalty"] = max(pens)
    out["winner_penalty"] = min(pens)
    for e in game.events():
        if e.kind == "draw":
            out["cards_drawn"] += 1
        elif e.kind == "penalty":
            out["cards_drawn"] += e.data["count"] if e.data is not None else 0
        elif e.kind == "nominate":
            out["eights_played"] += 1
        elif e.kind == "reshuffle":
            out["reshuffles"] += 1
    return out


STATS = SimStats(
    names=NAMES,
    row=row,
    how=dict(HOW),
    interrupts=(("eights played (and a suit named)", "eights_played"), ("reshuffles of the discard pile", "reshuffles"),
                ("games ended blocked (empty deck, everyone passed)", "how=blocked"),
                ("games ended at the card limit", "how=turns")),
)
