"""The cards one seat cannot see, dealt again for a search bot's worlds (:mod:`chililab.engine.worlds`).

A seat sees its own hand and every card played (the discard pile: each was played face up for the table);
the other hands and the stock may hold any card it has not seen.
"""
from __future__ import annotations

from chililab.engine.worlds import deal_back


def deal_unseen(st, seat: int, rng) -> None:
    """Deal every card ``seat`` cannot see into the others' hands and the stock (``rng=None``: in order)."""
    deal_back([h for q, h in enumerate(st.hands) if q != seat] + [st.stock], rng)
    held = st.held
    for q, h in enumerate(st.hands):
        if q != seat:
            bits = 0
            for c in h:
                bits |= 1 << c.id
            held[q] = bits


def estimate(st, seat: int) -> float:
    """A rough share of the win in an unfinished game: each seat's chance proportional to 2 ** -(cards held)."""
    weights = [2.0 ** -len(h) for h in st.hands]
    return weights[seat] / sum(weights)
