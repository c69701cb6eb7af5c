"""An impossible Chili Loco question raises ValueError with a clear sentence."""
import pytest

from chililab.games.loco.odds import hot_sauce_stack, mc_twin_chance, playable_chance, twin_chance, wild_chance


@pytest.mark.parametrize("call, words", [
    (lambda: twin_chance(113), "cannot come from 112"),
    (lambda: twin_chance(-1), "whole number"),
    (lambda: twin_chance(2.5), "whole number"),
    (lambda: twin_chance(3, personal_recipes="yes"), "True or False"),
    (lambda: wild_chance(6, at_least_wilds=-1), "whole number"),
    (lambda: playable_chance("X-Bell"), "unknown card"),
    (lambda: playable_chance("Bell"), "name the colour"),
    (lambda: playable_chance("R-Bell", "green"), "its own colour"),
    (lambda: playable_chance("NewRecipe"), "needs the colour"),
    (lambda: playable_chance("NewRecipe", "blue"), "needs the colour"),
    (lambda: playable_chance("PR1", "red"), "personal_recipes=True"),
    (lambda: playable_chance("R-Bell", cards=112), "cannot come from 111"),
    (lambda: hot_sauce_stack([], unseen=10, sauces=1), "hand size"),
    (lambda: hot_sauce_stack([0], unseen=10, sauces=1), "at least 1 card"),
    (lambda: hot_sauce_stack([6], unseen=10, sauces=8), "8 Hot Sauces"),
    (lambda: hot_sauce_stack([6], unseen=10, sauces=4, mine=4), "8 Hot Sauces"),
    (lambda: hot_sauce_stack([6], unseen=3, sauces=3, milk=1), "cannot hide"),
    (lambda: hot_sauce_stack([6, 6], unseen=10, sauces=1), "more than the 10 unseen"),
    (lambda: hot_sauce_stack([6], unseen=10, sauces=1, milk=2), "Milk Chaser"),
    (lambda: mc_twin_chance(6, samples=1), "samples"),
])
def test_impossible_questions_raise(call, words):
    with pytest.raises(ValueError, match=words):
        call()
