"""Every exact Chili Loco chance lies in its Monte Carlo twin's 99% interval (10,000 samples, fixed seeds).

A scalar check misses about once in a hundred seeds by chance alone; a distribution's cells are
checked together at 99% (each at 1 - 0.01 / cells, Bonferroni). The twins deal real cards and use
the game's own matching rule, so they check the counting as well as the arithmetic.
"""
import pytest

from chililab.games.loco.odds import (
    hot_sauce_stack,
    mc_hot_sauce_stack,
    mc_playable_chance,
    mc_twin_chance,
    mc_wild_chance,
    playable_chance,
    twin_chance,
    wild_chance,
)

SAMPLES = 10_000


@pytest.mark.parametrize("cards", [2, 6, 7, 12])
def test_twin_chance_agrees(cards):
    exact, est = twin_chance(cards), mc_twin_chance(cards, samples=SAMPLES, seed=cards)
    assert exact in est, (float(exact), str(est))


def test_twin_chance_with_personal_recipes_agrees():
    exact = twin_chance(6, personal_recipes=True)
    est = mc_twin_chance(6, personal_recipes=True, samples=SAMPLES, seed=21)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("cards, least", [(6, 1), (6, 2), (7, 3)])
def test_wild_chance_agrees(cards, least):
    exact, est = wild_chance(cards, least), mc_wild_chance(cards, least, samples=SAMPLES, seed=30 + least)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("top, colour, cards", [("R-Bell", None, 1), ("R-Bell", None, 2), ("G-HotSauce", None, 3),
                                                ("NewRecipe", "purple", 2), ("Y-Slap", None, 6)])
def test_playable_chance_agrees(top, colour, cards):
    exact = playable_chance(top, colour, cards)
    est = mc_playable_chance(top, colour, cards, samples=SAMPLES, seed=40 + cards)
    assert exact in est, (top, float(exact), str(est))


@pytest.mark.parametrize("hands, unseen, sauces, milk, mine", [
    ([6, 6, 6], 87, 6, 1, 1),   # 4 players just after the deal: I laid one of my two Hot Sauces
    ([3, 2], 20, 4, 1, 0),      # 3 players late in the game, short hands
    ([2, 2, 2, 2, 2], 30, 7, 0, 0),
])
def test_hot_sauce_stack_agrees(hands, unseen, sauces, milk, mine):
    exact = hot_sauce_stack(hands, unseen, sauces, milk, mine)
    sampled = mc_hot_sauce_stack(hands, unseen, sauces, milk, mine, samples=SAMPLES, seed=50 + len(hands))
    keys = set(exact) | set(sampled.keys())
    assert set(sampled.keys()) <= set(exact), "the twin saw an outcome the exact count calls impossible"
    sampled = sampled.at(1 - 0.01 / len(keys))
    for k in keys:
        assert exact.get(k, 0) in sampled[k], (k, float(exact.get(k, 0)), str(sampled[k]))


def test_twins_are_seeded():
    assert mc_twin_chance(6, samples=300, seed=4) == mc_twin_chance(6, samples=300, seed=4)
    assert mc_hot_sauce_stack([6, 6], 90, 5, samples=300, seed=4).counts == \
        mc_hot_sauce_stack([6, 6], 90, 5, samples=300, seed=4).counts
