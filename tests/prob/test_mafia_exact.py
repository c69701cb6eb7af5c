"""Exact Chili Mafia chances checked against fractions worked out by hand.

The decks (rules, section 1): 5-8 players, 150 cards: Sweet Chili 8; Jimmy 16, Poblano 14,
Hungarian 12, Jalapeño 10, Tabasco 8, Habanero 7, Ghost 6, Moruga 5, Carolina 4 (82 other
peppers); 60 Action and Hot cards, 8 of them Fuggedaboutit. 2-4 players, 98 cards: Sweet 6 (DEC-1);
10, 9, 8, 7, 6, 5, 5, 3, 3 (56 other peppers); 36 Action and Hot cards, 5 Fuggedaboutit. The Dawn
Raid is one more card, set aside before the deal. None of the expected values was copied from the
code's output.
"""
from fractions import Fraction as F
from math import comb

import pytest

from chililab.games.mafia.odds import (
    brotherhood_chance,
    defend_chance,
    draft_brotherhood_chance,
    holds_brotherhood,
    packet_brotherhood_chance,
    table_deck,
)
from chililab.games.mafia.rules.cards import of_key

BIG = [16, 14, 12, 10, 8, 7, 6, 5, 4]
SMALL = [10, 9, 8, 7, 6, 5, 5, 3, 3]


def three_card_brotherhoods(names, sweets):
    """3 copies of one name, or 2 of one name and a Sweet Chili."""
    return sum(comb(c, 3) + sweets * comb(c, 2) for c in names)


@pytest.mark.rule("MAFIA-COMP-1")
def test_the_decks_behind_the_counts():
    assert len(table_deck(4)) == 98 and len(table_deck(5)) == 150
    assert len(table_deck(3, {"sweet_chili_2to4": 8})) == 100


@pytest.mark.rule("MAFIA-GANG-3")
def test_three_cards_hold_a_brotherhood():
    assert brotherhood_chance(6, cards=3) == F(three_card_brotherhoods(BIG, 8), comb(150, 3))
    assert brotherhood_chance(4, cards=3) == F(three_card_brotherhoods(SMALL, 6), comb(98, 3))
    assert brotherhood_chance(2, cards=3, options={"sweet_chili_2to4": 8}) == F(three_card_brotherhoods(SMALL, 8),
                                                                                 comb(100, 3))


def test_the_deck_of_each_player_count():
    # the same deck for 2, 3 and 4 players, and for 5 to 8
    assert brotherhood_chance(2) == brotherhood_chance(3) == brotherhood_chance(4)
    assert brotherhood_chance(5) == brotherhood_chance(8) != brotherhood_chance(4)


@pytest.mark.rule("MAFIA-GANG-1")
def test_no_gang_from_fewer_than_three_cards():
    assert brotherhood_chance(5, cards=0) == brotherhood_chance(5, cards=2) == 0


@pytest.mark.rule("MAFIA-GANG-2")
def test_brotherhood_certain_from_the_pigeonhole():
    # without a Sweet Chili: at most 2 of each of the 9 names, plus every non-pepper card
    assert brotherhood_chance(4, cards=2 * 9 + 36) < 1 == brotherhood_chance(4, cards=2 * 9 + 36 + 1)
    assert brotherhood_chance(6, cards=2 * 9 + 60) < 1 == brotherhood_chance(6, cards=2 * 9 + 60 + 1)


def test_four_cards_by_complement():
    # 2 players, 4 cards; 92 cards are not Sweet Chilis. Count the sets with no Brotherhood:
    # - no Sweet: no name 3 times (in 4 cards at most one name can be): all, minus 3 or 4 of a name;
    # - one Sweet (6 ways): the 3 others with no name twice (at most one name can be);
    # - two Sweets: the 2 others not a pair of one name; three or four Sweets: always.
    pairs = sum(comb(c, 2) for c in SMALL)
    none = comb(92, 4) - sum(comb(c, 3) * (92 - c) + comb(c, 4) for c in SMALL)
    one = 6 * (comb(92, 3) - sum(comb(c, 2) * (92 - c) + comb(c, 3) for c in SMALL))
    two = comb(6, 2) * (comb(92, 2) - pairs)
    more = comb(6, 3) * 92 + comb(6, 4)
    assert brotherhood_chance(2, cards=4) == 1 - F(none + one + two + more, comb(98, 4))


def test_draft_pool_is_a_bigger_hand():
    assert draft_brotherhood_chance(3) == brotherhood_chance(3, cards=18)
    assert draft_brotherhood_chance(8) == brotherhood_chance(8, cards=48)


def test_holds_brotherhood_reads_the_gang_rules():
    ghost, sweet, jimmy = of_key("ghost"), of_key("sweet"), of_key("jimmy")
    assert holds_brotherhood(ghost[:3])
    assert holds_brotherhood([ghost[0], ghost[1], sweet[0]])
    assert not holds_brotherhood([ghost[0], sweet[0], sweet[1]])  # at most one Sweet Chili
    assert not holds_brotherhood([ghost[0], ghost[1], jimmy[0], jimmy[1]])


@pytest.mark.rule("MAFIA-ACT-FUGG-1")
def test_defend_one_hidden_card():
    # 2 players: 98 cards and the Dawn Raid; 5 Fuggedaboutits
    assert defend_chance(2, hidden=[1]) == F(5, 99)
    # I hold 6 cards, one a Fuggedaboutit: 93 out of sight, 4 Fuggedaboutits
    seen = ["Fugg", "Ghost", "Ghost", "Whack", "Sweet", "Earner"]
    assert defend_chance(2, hidden=[1], seen=seen) == F(4, 93)


def test_defend_three_hands():
    # 4 players; I hold 6 non-Fuggedaboutit cards; the 3 others hold 6 each: 18 of 93 unseen cards
    seen = ["Ghost", "Ghost", "Whack", "Sweet", "Earner", "Pinch"]
    assert defend_chance(4, hidden=[6, 6, 6], seen=seen) == 1 - F(comb(88, 18), comb(93, 18))
    # only the hand sizes' total matters
    assert defend_chance(4, hidden=[8, 8, 2], seen=seen) == defend_chance(4, hidden=[6, 6, 6], seen=seen)


def test_defend_certain_and_impossible():
    five = ["Fugg"] * 5
    assert defend_chance(3, hidden=[6, 6], seen=five) == 0  # every Fuggedaboutit is in sight
    # 6p: 151 cards, 8 Fuggedaboutits; 140 in sight (none a Fuggedaboutit): the 11 out of sight
    # are all in the defenders' hands (8 and 3 cards)
    seen = [c.key for c in table_deck(6) if c.key != "fuggedaboutit"][:140]
    assert defend_chance(6, hidden=[8, 3], seen=seen) == 1


def test_some_packet_between_one_packet_and_the_union_bound():
    # at least one of n packets: at least the chance of one packet, at most n times it (they overlap)
    for n in (2, 3):
        one, some = brotherhood_chance(n), packet_brotherhood_chance(n)
        assert one < some < n * one

