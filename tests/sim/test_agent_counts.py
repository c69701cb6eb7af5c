"""The All You Can Chili threshold agent's whole-number counts are the exact calculator's fractions.

The agent does not build the seat's :class:`~chililab.games.aycc.odds.Knowledge` at every decision: it counts
the flames of the dishes its seat has not seen straight from the view
(:func:`~chililab.games.aycc.bots.unseen_flames`). Here, at positions of real games (Inferno Mode
too), those counts over their total are :func:`~chililab.games.aycc.odds.flame_odds` of the seat's knowledge,
and the burn-out chance read from them is :func:`~chililab.games.aycc.odds.burn_chance`'s.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from chililab.engine import registry
from chililab.games.aycc.bots import flame_counts, unseen_flames
from chililab.games.aycc.odds import ImpossiblePosition, burn_chance, flame_odds, knowledge_from_view


def _positions(seeds, **options):
    spec = registry.get("aycc")
    for seed in seeds:
        g = spec.new_game(4, seed, **options)
        rng = random.Random(seed)
        while not g.over:
            yield g
            g.apply(rng.choice(g.legal_moves()))


@pytest.mark.parametrize("options", [{}, {"inferno": True}], ids=["basic", "inferno"])
def test_unseen_flames_are_the_calculators_odds(options):
    checked = 0
    for g in _positions(range(3), **options):
        for seat in range(4):
            k = knowledge_from_view(g.view(seat))
            view = g.state.seat_view(seat)
            try:
                odds = flame_odds(k)
            except ImpossiblePosition:
                with pytest.raises(ImpossiblePosition):
                    unseen_flames(view, flame_counts(view.dishes))
                continue
            left, n = unseen_flames(view, flame_counts(view.dishes))
            assert {f: Fraction(v, n) for f, v in enumerate(left) if v} == odds
            if k.character in k.active:
                room = k.tolerance - k.heat(k.character)
                assert Fraction(sum(left[max(room + 1, 0):]), n) == burn_chance(k, k.character)
            checked += 1
    assert checked > 200
