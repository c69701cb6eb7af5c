"""The cards one seat cannot see, dealt again for a search bot's worlds (:mod:`chililab.engine.worlds`).

A seat sees its own hand, the pile and the cards it slid face down itself (LOCO-INFO-1); every other card
(the others' hands, the draw pile, cards slid face down by others, cards out of play) may be anywhere a
card it cannot see may be.
"""
from __future__ import annotations

from chililab.engine.worlds import deal_back


def deal_unseen(st, seat: int, rng) -> None:
    """Deal every card ``seat`` cannot see into the places such a card may be (``rng=None``: in order)."""
    others = [i for i, (g, _) in enumerate(st.offers) if g != seat]
    slid = [st.offers[i][1] for i in others]
    deal_back([h for q, h in enumerate(st.hands) if q != seat] + [st.draw, st.box, slid], rng)
    if others:
        offers = list(st.offers)
        for i, c in zip(others, slid):
            offers[i] = (offers[i][0], c)
        st.offers = offers


def estimate(st, seat: int) -> float:
    """A rough share of the win for ``seat`` in an unfinished game (a search cut short): each seat's chance
    taken as proportional to 2 ** -(cards it holds)."""
    weights = [2.0 ** -st.held(s) for s in range(st.n)]
    return weights[seat] / sum(weights)
