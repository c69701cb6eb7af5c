"""Exact Chili Loco chances checked against fractions worked out by hand.

The deck (rules, section 1): 64 peppers (8 names x 4 colours x 2 copies), 32 coloured actions
(4 names x 4 colours x 2), 16 wilds (New Recipe 6, Reaper 4, Blender 1, Taco Trade 2, Hot Potato 2,
Milk Chaser 1); 112 cards, 114 with the 2 Personal Recipes. Cream cards: the peppers and the
Salsa Slaps (72), in 36 identical pairs; the other 40 cards are dark. Each colour has 16 peppers
and 8 actions: 24 cards. None of the expected values was copied from the code's output.
"""
from fractions import Fraction as F
from math import comb

import pytest

from chililab.games.loco.odds import hot_sauce_stack, playable_cards, playable_chance, twin_chance, wild_chance


@pytest.mark.rule("LOCO-TWIN-1")
def test_twin_in_two_cards_is_one_of_the_36_pairs():
    assert twin_chance(2) == F(36, comb(112, 2)) == F(3, 518)


def test_twin_in_three_cards():
    # a twin pair (36 ways) and any third card (110): a 3-card hand holds at most one pair
    assert twin_chance(3) == F(36 * 110, comb(112, 3))


def test_no_twin_without_two_cards():
    assert twin_chance(0) == twin_chance(1) == 0


@pytest.mark.rule("LOCO-COMP-2")
def test_twin_is_certain_only_from_77_cards():
    # one card of each of the 36 pairs and the 40 dark cards: 76 cards without a twin
    assert twin_chance(76) < 1
    assert twin_chance(77) == 1
    # the 2 Personal Recipes are dark: 78 cards without a twin
    assert twin_chance(78, personal_recipes=True) < 1 == twin_chance(79, personal_recipes=True)


def test_twin_in_four_cards_by_inclusion_exclusion():
    # hands with pair i: C(110, 2); counted twice when they hold two pairs: C(36, 2) such hands
    assert twin_chance(4) == F(36 * comb(110, 2) - comb(36, 2), comb(112, 4))


def test_wild_chances():
    assert wild_chance(1) == F(16, 112) == F(1, 7)
    assert wild_chance(2, at_least_wilds=2) == F(comb(16, 2), comb(112, 2)) == F(5, 259)
    assert wild_chance(6) == 1 - F(comb(96, 6), comb(112, 6))
    assert wild_chance(1, personal_recipes=True) == F(18, 114)
    assert wild_chance(96) < 1 == wild_chance(97)  # 96 cards are not wild
    assert wild_chance(5, at_least_wilds=0) == 1


@pytest.mark.rule("LOCO-MATCH-1")
def test_playable_on_a_pepper():
    # the 23 other red cards, the 6 Bells of other colours, the 16 wilds; out of 111
    assert playable_cards("R-Bell") == (45, 111)
    assert playable_chance("R-Bell", cards=1) == F(44, 111)  # Milk Chaser cannot be the last card
    assert playable_chance("R-Bell", cards=2) == 1 - F(comb(66, 2), comb(111, 2))
    assert playable_chance("R-Bell", cards=66) < 1 == playable_chance("R-Bell", cards=67)


@pytest.mark.rule("LOCO-MATCH-2")
def test_playable_on_an_action():
    # 23 other green cards, the 6 Hot Sauces of other colours, 16 wilds
    assert playable_cards("G-HotSauce") == (45, 111)


@pytest.mark.rule("LOCO-MATCH-4")
def test_playable_on_a_wild_takes_only_the_colour():
    # 24 red cards and the 15 other wilds; no name matches a wild
    assert playable_cards("NewRecipe", "red") == (39, 111)
    assert playable_cards("Reaper", "green") == (39, 111)
    assert playable_cards("Taco", "yellow", personal_recipes=True) == (24 + 17, 113)


@pytest.mark.rule("LOCO-CARD-MILK-5")
def test_milk_chaser_needs_a_pending_effect_at_such_a_table():
    assert playable_cards("R-Bell", milk_requires_pending=True) == (44, 111)


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-2")
def test_stack_one_answer():
    # one other player, one card, from 2 unseen of which 1 Hot Sauce: stacks half the time,
    # and then the stack of 2 comes back to me (no Hot Sauce left): I draw 4
    assert hot_sauce_stack([1], unseen=2, sauces=1, milk=0) == {2: F(1, 2), 4: F(1, 2)}
    assert hot_sauce_stack([3], unseen=10, sauces=0, milk=0) == {2: 1}


@pytest.mark.rule("LOCO-CARD-MILK-2")
def test_stack_milk_needs_two_cards():
    # 1 card from {Hot Sauce, Milk, other}: the Milk Chaser would be the last card, so it is drawn on
    assert hot_sauce_stack([1], unseen=3, sauces=1, milk=1) == {2: F(2, 3), 4: F(1, 3)}
    # 2 cards from {Milk, other, other}: holds the Milk 2/3 of the time and cancels
    assert hot_sauce_stack([2], unseen=3, sauces=0, milk=1) == {0: F(2, 3), 2: F(1, 3)}
    # holding both, the Hot Sauce is stacked (and the stack comes back to me)
    assert hot_sauce_stack([2], unseen=2, sauces=1, milk=1) == {4: 1}


def test_stack_goes_round_the_table():
    # two others with one card each from {Hot Sauce, other}: the first stacks half the time,
    # then the second cannot and draws 4
    assert hot_sauce_stack([1, 1], unseen=2, sauces=1, milk=0) == {2: F(1, 2), 4: F(1, 2)}
    # the other surely stacks, I stack my second Hot Sauce, the other has none left: 3 sauces, 6 cards
    assert hot_sauce_stack([1], unseen=1, sauces=1, milk=0, mine=1) == {6: 1}


def test_stack_chances_add_up():
    dist = hot_sauce_stack([6, 6, 6], unseen=87, sauces=6, milk=1, mine=1)
    assert sum(dist.values()) == 1
    assert 8 not in dist  # a stack of 4 reaches me, and I hold one more Hot Sauce
