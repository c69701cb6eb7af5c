"""In the phases where the refusal is the full check (TURN_MAIN, DAWN_RAID, HOT_RESOLVE: ``REFUSAL_IS_FULL``) ``check()`` accepts a move that has not been
listed yet by its refusal alone (the full check there), so every listed move must pass that refusal too:
otherwise a replayed game (whose positions list nothing) would refuse a move the live game offered."""
import random

import pytest

from .random_play import CATEGORIES, make_factory


@pytest.mark.rule("MAFIA-TURN-1")
@pytest.mark.parametrize("category", sorted(CATEGORIES))
def test_every_listed_move_passes_the_full_check(category):
    make = make_factory(category)
    checked = 0
    for seed in range(2):
        g = make(seed)
        rng = random.Random(seed)
        while not g.over:
            st = g.state
            if st.phase in st.REFUSAL_IS_FULL:
                for p in g.decision.players:
                    for m in g.legal_moves(p):
                        assert st.refusal(m) is None, (category, seed, g.step, m, st.refusal(m))
                        checked += 1
            g.apply(rng.choice(g.legal_moves()))
    assert checked > 100
