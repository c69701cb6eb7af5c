"""Exact All You Can Chili probabilities checked against fractions worked out by hand.

The expected values are reasoned in the comments from the deal (positions.py gives the seen cards);
none was copied from the code's output.
"""
from fractions import Fraction as F

import pytest

from chililab.games.aycc.odds import (
    NEUTRAL,
    Knowledge,
    advice,
    burn_chance,
    burn_curve,
    flame_odds,
    kinds,
    posterior,
    score_distribution,
    serve_value,
    wait_value,
    withdraw_value,
)
from chililab.games.aycc.odds.examples import four_players, three_players_eye, two_players


def test_flame_odds_count_the_unseen_cards():
    # 36 unseen: flames 1: 6, 2: 5, 3: 5, 4: 5, 5: 7, 6: 4, 7: 4
    assert flame_odds(two_players()) == {1: F(6, 36), 2: F(5, 36), 3: F(5, 36), 4: F(5, 36), 5: F(7, 36),
                                         6: F(4, 36), 7: F(4, 36)}


def test_two_players_identity_and_tolerance_of_the_opponent():
    # Seat 1 is Piri Piri or Fuego Fred; its tolerance is one of the 8 values other than 18.
    # Piri stands heat 22, so if seat 1 is Piri its tolerance is 22, 23 or 24: 3 deals.
    # If seat 1 is Fuego (Piri the Neutral) any of the 8 values: 8 deals. 11 deals in all.
    p = posterior(two_players())
    assert p.total == 11
    assert p.identity(1) == {"fuego_fred": F(8, 11), "piri_piri": F(3, 11)}
    assert p.tolerance(1) == {16: F(1, 11), 17: F(1, 11), 19: F(1, 11), 20: F(1, 11), 21: F(1, 11),
                              22: F(2, 11), 23: F(2, 11), 24: F(2, 11)}
    assert p.joint(1)[("piri_piri", 23)] == F(1, 11)
    assert ("piri_piri", 21) not in p.joint(1)
    assert p.neutral() == {"piri_piri": F(8, 11), "fuego_fred": F(3, 11)}
    assert p.character("piri_piri") == {22: F(1, 11), 23: F(1, 11), 24: F(1, 11), NEUTRAL: F(8, 11)}
    assert p.identity(0) == {"king_naga": 1} and p.tolerance(0) == {18: 1}


def test_two_players_burn_chances():
    k = two_players()
    # a named 1 puts Piri at 23: burns only if Piri is seat 1's with tolerance 22
    assert burn_chance(k, "piri_piri", dish=kinds("1")[0]) == F(1, 11)
    # a named 2: heat 24 burns tolerances 22 and 23
    assert burn_chance(k, "piri_piri", dish=kinds("2")[0]) == F(2, 11)
    # an unknown dish: flame 1 -> 1/11, flame 2 -> 2/11, flame 3 or more -> 3/11 (any owner's tolerance)
    assert burn_chance(k, "piri_piri") == F(6 * 1 + 5 * 2 + (5 + 5 + 7 + 4 + 4) * 3, 36 * 11)
    # Fuego stands 0: no dish reaches 16
    assert burn_chance(k, "fuego_fred") == 0
    # own King Naga at 13 of 18: a 6 or a 7 burns (8 of 36 unseen)
    assert burn_chance(k, "king_naga") == F(8, 36)
    assert burn_chance(k, "king_naga", dish=kinds("4")[0]) == 0


def test_named_dish_must_be_in_hand():
    with pytest.raises(ValueError, match="own hand"):
        burn_chance(two_players(), "piri_piri", dish=kinds("7")[0])


def test_withdraw_and_serve_values_two_players():
    k = two_players()
    assert withdraw_value(k) == 13  # 6 + 3 + 4, no bonus
    # one unknown dish lands on King Naga (13 of 18), then he withdraws:
    #   flame 1: 2 plain, Eye, Lock, Fork score 1 -> 14 each; the Latte scores 7 -> 20: 90
    #   flame 2: 2 plain, Eye, Fork -> 15 each; the Chili dish brings +5 -> 20: 80
    #   flame 3: 2 plain, Eye, Lock -> 16; Chili -> 21: 85
    #   flame 4: 2 plain, Eye, Fork -> 17; Chili -> 22: 90
    #   flame 5: all 7 reach 18 = tolerance: 18 + 10 = 28 each: 196
    #   flames 6 and 7 burn him out: 0
    assert serve_value(k) == F(90 + 80 + 85 + 90 + 196, 36)
    assert serve_value(k, dish=kinds("4")[0]) == 17
    a = advice(k)
    assert (a.withdraw, a.serve, a.burn, a.better) == (13, F(541, 36), F(8, 36), "serve")


def test_exact_match_and_chili_bonuses():
    # Vasco at 17 of 17 with the Chili: 23 points + 10 + 5; any further dish burns him
    k = Knowledge(seat=0, character="vasco_tabasco", tolerance=17, row=("vasco_tabasco", "king_naga", "piri_piri"),
                  piles={"vasco_tabasco": kinds("5 Latte 6 3 2")}, chili="vasco_tabasco")
    assert withdraw_value(k) == 38
    assert serve_value(k) == 0 and advice(k).better == "withdraw"
    assert burn_chance(k, "vasco_tabasco") == 1


def test_two_unknown_dishes_without_replacement():
    # A small custom composition: two 1s, three 2s, two 7s. King Naga stands 7 7 2 = 16 of 18 and Piri
    # holds a 2, so the 3 unseen dishes are 1, 1 and 2.
    comp = [{"name": "Dish 1", "flame": 1, "score": 1, "icon": "none", "count": 2},
            {"name": "Dish 2", "flame": 2, "score": 2, "icon": "none", "count": 3},
            {"name": "Dish 7", "flame": 7, "score": 7, "icon": "none", "count": 2}]
    k = Knowledge(seat=0, character="king_naga", tolerance=18, row=("king_naga", "piri_piri", "fuego_fred"),
                  piles={"king_naga": kinds("7 7 2", comp), "piri_piri": kinds("2", comp)}, composition=comp)
    # one dish: a 1 (2 of 3) -> 17 points; the 2 (1 of 3) -> 18 = tolerance: 18 + 10 = 28
    assert serve_value(k) == F(2 * 17 + 28, 3)
    # two dishes: 1 then 1 (2/3 * 1/2) -> 18 + 10 = 28; any pair with the 2 goes to 19 and burns
    assert serve_value(k, more=2) == F(1, 3) * 28
    with pytest.raises(ValueError, match="cannot come from the 3 unseen"):
        serve_value(k, more=4)
    # two serves before my next turn, each on me with chance 1/2: no dish (1/4) -> withdraw 16 then;
    # one (1/2) -> 62/3; two (1/4) -> 28/3.   16/4 + 31/3 + 7/3 = 50/3
    assert wait_value(k, others=2, land=F(1, 2)) == F(50, 3)
    assert wait_value(k, others=1, land=1) == serve_value(k) and wait_value(k, others=3, land=0) == 16


def test_eye_rules_out_an_identity():
    # Seat 1 has tolerance 17 (seen with the Eye), so it cannot own King Naga, who stands heat 18.
    # Deals of (seat 1, seat 2) over King, Piri, Fuego with the 7 values left {16,18,19,21..24} for seat 2:
    #   (Piri, King), (Fuego, King): seat 2 needs >= 18: 6 each;  (Piri, Fuego), (Fuego, Piri): 7 each
    p = posterior(three_players_eye())
    assert p.total == 26
    assert p.identity(1) == {"fuego_fred": F(1, 2), "piri_piri": F(1, 2)}
    assert p.identity(2) == {"fuego_fred": F(7, 26), "king_naga": F(6, 13), "piri_piri": F(7, 26)}
    assert p.tolerance(1) == {17: 1}
    assert p.tolerance(2) == {16: F(1, 13), 18: F(2, 13), 19: F(2, 13), 21: F(2, 13), 22: F(2, 13),
                              23: F(2, 13), 24: F(2, 13)}
    assert p.neutral()["king_naga"] == F(7, 13)
    k = three_players_eye()
    assert burn_chance(k, "king_naga", dish=kinds("1")[0]) == F(2, 26)  # heat 19: seat 2 owns King with 18
    assert burn_chance(k, "king_naga", dish=kinds("3")[0]) == F(4, 26)  # heat 21: 18 or 19


def test_revealed_seat_is_certain_and_out_character_cannot_be_served():
    k = four_players()
    p = posterior(k)
    assert p.joint(2) == {("al_apeno", 21): 1}
    assert sum(p.identity(0).values()) == 1 and sum(p.character("piri_piri").values()) == 1
    with pytest.raises(ValueError, match="out of the round"):
        burn_chance(k, "al_apeno")


def test_four_players_hand_count():
    # Seats 0 and 3 are hidden; the free characters are Piri (heat 18), Fuego (14) and King Naga (20); the
    # values left are {16,17,18,20,22,23,24} (19 is mine, 21 Al's). Counting the higher bound first:
    #   Piri the Neutral: King's owner >= 20 (4 values), Fuego's any of the 6 left: 24, x 2 seat orders = 48
    #   Fuego the Neutral: King >= 20 (4), Piri >= 18 (5 values, one taken): 4 x 4 = 16, x 2 = 32
    #   King the Neutral: Piri >= 18 (5), Fuego any of the 6 left: 30, x 2 = 60.   Total 140.
    p = posterior(four_players())
    assert p.total == 140
    assert p.neutral() == {"piri_piri": F(12, 35), "fuego_fred": F(8, 35), "king_naga": F(3, 7)}
    # King Naga burns on a named 1 (heat 21) only with tolerance 20: Piri the Neutral (Fuego's owner then
    # any of 6 values... King's fixed at 20: 6 deals x 2 orders = 12) or Fuego the Neutral (Piri's owner
    # >= 18 among the 4 left: 4 x 2 = 8): 20 of 140
    assert burn_chance(four_players(), "king_naga", dish=kinds("1")[0]) == F(20, 140)


def test_what_if_flames():
    k = two_players()
    # Piri at 22: a flame f burns the owner's tolerances below 22 + f among {22, 23, 24}, each 1/11
    assert burn_curve(k, "piri_piri") == {1: F(1, 11), 2: F(2, 11), 3: F(3, 11), 4: F(3, 11), 5: F(3, 11),
                                          6: F(3, 11), 7: F(3, 11)}
    # own King Naga at 13 of 18: 6 and 7 burn
    assert burn_curve(k, "king_naga") == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1}
    assert burn_chance(k, "piri_piri", flame=2) == burn_chance(k, "piri_piri", dish=kinds("2")[0])
    with pytest.raises(ValueError, match="flame 9"):
        burn_chance(k, "piri_piri", flame=9)
    with pytest.raises(ValueError, match="not both"):
        burn_chance(k, "piri_piri", dish=kinds("2")[0], flame=2)


def test_score_distribution_two_players():
    # the same count as test_withdraw_and_serve_values_two_players, score by score (36 unseen):
    # 14: five flame-1 dishes; 20: the Latte and the 2C; 15: four flame-2 non-Chili; 16: four; 21: the 3C;
    # 17: four; 22: the 4C; 28: the seven 5s; 0: the eight 6s and 7s
    assert score_distribution(two_players()) == {0: F(8, 36), 14: F(5, 36), 15: F(4, 36), 16: F(4, 36),
                                                 17: F(4, 36), 20: F(2, 36), 21: F(1, 36), 22: F(1, 36),
                                                 28: F(7, 36)}
    assert score_distribution(two_players(), dish=kinds("4")[0]) == {17: 1}


def test_after_serve():
    k = two_players().after_serve(kinds("4")[0], "king_naga")
    assert (k.heat("king_naga"), k.hand, k.last_target) == (17, kinds("1 2 3"), "king_naga")
    assert withdraw_value(k) == 17 and sum(k.unseen().values()) == 36
    know_chili = Knowledge(seat=0, character="king_naga", tolerance=18, row=("king_naga", "piri_piri", "fuego_fred"),
                           hand=kinds("2C 6L"), chili="fuego_fred")
    k = know_chili.after_serve(kinds("2C")[0], "piri_piri").after_serve(kinds("6L")[0], "fuego_fred")
    assert (k.chili, k.lock, k.last_target) == ("piri_piri", "fuego_fred", "fuego_fred")
    with pytest.raises(ValueError, match="not in the hand"):
        k.after_serve(kinds("2C")[0], "piri_piri")
