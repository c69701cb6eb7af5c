"""One test (at least) per clause of data/rules.json, each from explicit cards, naming its clause ID."""
from __future__ import annotations

import chililab_crazy_eights as c8
import pytest
from c8_helpers import HANDS3, codes, hand, kinds, play, refused, three, two
from chililab_crazy_eights import Draw, Nominate, Pass, Play, card

HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "TH"]
CLUBS = ["2C", "3C", "4C", "5C", "6C", "7C", "TC"]
P1 = ["4C", "6D", "TS", "3C", "QD"]


# ---------------------------------------------------------------- 1 cards and the deal

@pytest.mark.rule("C8-DECK-1")
def test_one_deck_up_to_five_players_two_above():
    assert len(c8.new_game(players=5, seed=1).locations()) == 52
    g = c8.new_game(players=6, seed=1)
    assert len(g.locations()) == 104
    t = g.view(None)
    faces = [c.face for h in t.hands for c in h] + [t.top.face]
    assert len(faces) == 31
    for bad in (1, 16):
        with pytest.raises(c8.ConfigError, match="C8-DECK-1"):
            c8.new_game(players=bad, seed=1)


@pytest.mark.rule("C8-DEAL-1")
def test_a_random_dealer_or_the_one_given():
    dealers = {c8.new_game(players=4, seed=s).view(None).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert three().view(None).dealer == 2
    assert c8.new_game(players=4, seed=3).view(None).dealer == c8.new_game(players=4, seed=3).view(None).dealer


@pytest.mark.rule("C8-DEAL-2")
def test_five_cards_each_seven_with_two_dealt_from_the_dealers_left():
    g = three()
    assert [hand(g, s) for s in range(3)] == [sorted(h) for h in HANDS3]
    assert two([HEARTS, CLUBS]).view(None).hand_counts == (7, 7)
    # one card at a time from the dealer's left: with dealer 0 of two, seat 1 gets the 1st, 3rd, ... card
    g = c8.new_game(players=2, seed=0, dealer=0, draws=[c8.card(x).face for x in [*"2C 2D 3C 3D 4C 4D 5C 5D 6C 6D "
                                                                               "7C 7D 9C 9D".split(), "KH"]])
    assert hand(g, 1) == codes(card(x) for x in "2C 3C 4C 5C 6C 7C 9C".split())
    with pytest.raises(c8.ConfigError, match="C8-DEAL-2"):
        three(hands=[["5H"], ["4C"], ["9C"]])


@pytest.mark.rule("C8-START-1")
def test_the_dealer_turns_up_the_first_card():
    g = three(turn_up="9H")
    t = g.view(None)
    assert t.top.code == "9H" and t.suit == 2 and t.discard_count == 1 and t.stock_count == 52 - 15 - 1
    assert t.plays == 0
    assert "turn_up" in kinds(g.events(0))


@pytest.mark.rule("C8-START-2")
def test_a_turned_up_eight_goes_back():
    g = three(turn_up=["8C", "8D", "9H"])
    t = g.view(None)
    assert t.top.code == "9H" and t.stock_count == 52 - 15 - 1
    assert kinds(g.events(0)).count("eight_back") == 2
    assert "stock" in g.locations()[card("8C").id]
    assert g.edge_counts[("TURN_UP", "TURN_UP")] == 2


@pytest.mark.rule("C8-START-3")
def test_the_player_left_of_the_dealer_begins():
    g = three()
    assert g.decision.players == (0,) and g.view(None).direction == 1
    g = c8.new_game(players=4, seed=0, dealer=3)
    assert g.decision.players == (0,)
    g = c8.new_game(players=4, seed=0, dealer=1)
    assert g.decision.players == (2,)


@pytest.mark.rule("C8-START-4")
def test_a_special_card_turned_up_acts_as_if_the_dealer_played_it():
    assert three(turn_up="QH", use_special_cards=True).decision.players == (1,)  # P0 skipped
    g = three(turn_up="AH", use_special_cards=True)
    assert g.decision.players == (1,) and g.view(None).direction == -1  # the dealer's other neighbour
    g = three(turn_up="2D", use_special_cards=True)
    assert g.decision.players == (0,) and g.view(None).penalty == 2
    assert three(turn_up="QH").decision.players == (0,)  # no special cards: an ordinary Queen


# ---------------------------------------------------------------- 2 the turn

@pytest.mark.rule("C8-PLAY-1")
def test_follow_the_suit_or_the_rank():
    g = three(hands=[["5H", "9S", "3D", "JS", "7C"], *HANDS3[1:]], turn_up="9H")
    legal = g.legal_moves()
    assert {m.card.code for m in legal if isinstance(m, Play)} == {"5H", "9S"}
    e = refused(g, Play(0, card("3D")), "C8-PLAY-1")
    assert "suit to follow" in e.reason
    play(g, "Play", 0, "9S")
    t = g.view(None)
    assert t.top.code == "9S" and t.suit == 3 and hand(g, 0) == codes(card(x) for x in "5H 3D JS 7C".split())
    assert g.decision.players == (1,)


@pytest.mark.rule("C8-PLAY-2")
def test_an_eight_goes_on_anything():
    g = three(hands=[["8S", "KC", "3D", "JS", "7C"], *HANDS3[1:]], turn_up="9H")
    assert Play(0, card("8S")) in g.legal_moves()
    play(g, "Play", 0, "8S")
    assert g.view(None).top.code == "8S"


@pytest.mark.rule("C8-EIGHT-1")
def test_the_player_of_an_eight_names_the_suit():
    g = three(hands=[["8S", "KC", "3D", "JS", "7C"], ["4C", "6D", "TD", "2H", "QD"], HANDS3[2]], turn_up="9H")
    refused(g, Nominate(0, "C"), "C8-EIGHT-1")  # not before the eight
    play(g, "Play", 0, "8S")
    assert g.phase == "NOMINATE" and g.decision.players == (0,) and g.decision.kind == "choice"
    assert sorted(m.suit for m in g.legal_moves()) == ["C", "D", "H", "S"]
    refused(g, Play(0, card("KC")), "C8-EIGHT-1")
    refused(g, Nominate(0, "X"), "C8-EIGHT-1")
    play(g, "Nominate", 0, "D")
    assert g.view(None).suit == 1 and g.decision.players == (1,)
    assert {m.card.code for m in g.legal_moves() if isinstance(m, Play)} == {"6D", "TD", "QD"}


@pytest.mark.rule("C8-DRAW-1")
def test_draw_even_with_a_card_to_play_and_play_on():
    g = three(hands=[["5H", "KC", "3D", "JS", "7C"], *HANDS3[1:]], turn_up="9H", deck=["9D"])
    assert Draw(0) in g.legal_moves() and Play(0, card("5H")) in g.legal_moves()
    ev = play(g, "Draw", 0)
    assert "9D" in hand(g, 0) and g.decision.players == (0,) and g.view(None).draws == 1
    assert [e.text for e in ev if e.kind == "draw"] == ["P0 draws the 9\u2666"]
    play(g, "Play", 0, "9D")
    assert g.view(None).top.code == "9D"


@pytest.mark.rule("C8-DRAW-2")
def test_at_most_max_draw_cards_a_turn():
    g = three(deck=["2C", "3C"], max_draw_cards=2)
    play(g, "Draw", 0)
    assert Pass(0) not in g.legal_moves()
    play(g, "Draw", 0)
    e = refused(g, Draw(0), "C8-DRAW-2")
    assert "2 cards" in e.reason
    assert Pass(0) in g.legal_moves()
    g = three()
    for _ in range(5):  # OpenSpiel's default: 5
        play(g, "Draw", 0)
    refused(g, Draw(0), "C8-DRAW-2")


@pytest.mark.rule("C8-PASS-1")
def test_pass_only_after_the_most_draws_or_with_an_empty_deck():
    g = three(max_draw_cards=1)
    refused(g, Pass(0), "C8-PASS-1")
    play(g, "Draw", 0)
    ev = play(g, "Pass", 0)
    assert "pass" in kinds(ev) and g.decision.players == (1,)
    refused(g, Pass(1), "C8-PASS-1")  # P1 has drawn nothing yet


@pytest.mark.rule("C8-NEXT-1")
def test_only_the_player_on_turn_acts_then_the_next_one():
    g = three()
    e = refused(g, Draw(1), "C8-NEXT-1")
    assert "not P1's turn" in e.reason
    refused(g, Draw(7), "C8-NEXT-1")
    refused(g, "draw", "C8-NEXT-1")
    refused(g, Play(0, card("4C")), "C8-PLAY-1")  # another player's card
    play(g, "Play", 0, "5H")
    assert g.decision.players == (1,)
    play(g, "Play", 1, "2H")
    assert g.decision.players == (2,)


# ---------------------------------------------------------------- 3 the deck

def _draw_all(g, seat):
    while g.view(None).stock_count:
        play(g, "Draw", seat)


@pytest.mark.rule("C8-STOCK-1")
def test_an_empty_deck_stays_empty_and_anybody_may_pass():
    g = two([HEARTS, CLUBS], turn_up="9S", max_draw_cards=100)
    _draw_all(g, 0)  # 37 cards
    assert g.view(None).stock_count == 0 and len(hand(g, 0)) == 44
    assert "stock_empty" in kinds(g.events(g.step))
    refused(g, Draw(0), "C8-STOCK-1")
    assert Pass(0) in g.legal_moves()
    play(g, "Pass", 0)
    assert Pass(1) in g.legal_moves() and Draw(1) not in g.legal_moves()


@pytest.mark.rule("C8-STOCK-2")
def test_with_reshuffling_the_discard_pile_becomes_the_deck():
    g = two([HEARTS, CLUBS[:-1] + ["JH"]], turn_up="9H", max_draw_cards=100, reshuffle=True)
    play(g, "Play", 0, "2H")
    play(g, "Play", 1, "JH")
    for _ in range(37):
        play(g, "Draw", 0)
    # the 37th card emptied the deck: the discard pile (9H, 2H) under the top card (JH) is the new deck
    t = g.view(None)
    assert "reshuffle" in kinds(g.events(g.step)) and t.stock_count == 2 and t.discard_count == 1
    where = g.locations()
    assert where[card("9H").id] == where[card("2H").id] == ["stock"]
    assert where[card("JH").id] == ["discard"] and len(where) == 52
    play(g, "Draw", 0)  # the turn goes on (the deck has cards again)
    assert g.view(None).stock_count == 1


# ---------------------------------------------------------------- 4 special cards

@pytest.mark.rule("C8-SPECIAL-1")
def test_without_special_cards_queens_aces_and_twos_are_ordinary():
    g = three(hands=[["QH", "AH", "2H", "JS", "7C"], P1, HANDS3[2]])
    play(g, "Play", 0, "QH")
    assert g.decision.players == (1,)
    g = three(hands=[["QH", "AH", "2H", "JS", "7C"], P1, HANDS3[2]])
    play(g, "Play", 0, "2H")
    assert g.view(None).penalty == 0 and g.decision.players == (1,)


@pytest.mark.rule("C8-SKIP-1")
def test_a_queen_skips_the_next_player():
    g = three(hands=[["QH", "AH", "2H", "JS", "7C"], P1, HANDS3[2]], use_special_cards=True)
    ev = play(g, "Play", 0, "QH")
    assert g.decision.players == (2,) and "skip" in kinds(ev)


@pytest.mark.rule("C8-REVERSE-1")
def test_an_ace_reverses_the_direction():
    g = three(hands=[["QH", "AH", "2H", "JS", "7C"], ["4C", "6D", "TS", "AS", "QD"], HANDS3[2]],
              use_special_cards=True)
    play(g, "Play", 0, "AH")
    assert g.decision.players == (2,) and g.view(None).direction == -1
    play(g, "Draw", 2)
    for _ in range(4):
        play(g, "Draw", 2)
    play(g, "Pass", 2)
    assert g.decision.players == (1,)


@pytest.mark.rule("C8-TWO-1")
def test_twos_make_the_next_player_draw_and_stack():
    g = three(hands=[["2H", "KC", "3D", "JS", "7C"], ["4C", "6D", "TS", "2C", "QD"], HANDS3[2]],
              use_special_cards=True)
    play(g, "Play", 0, "2H")
    assert g.view(None).penalty == 2 and g.decision.players == (1,)
    play(g, "Play", 1, "2C")
    assert g.view(None).penalty == 4 and g.decision.players == (2,)


@pytest.mark.rule("C8-TWO-2")
def test_facing_twos_play_a_two_or_draw_them_all():
    g = three(hands=[["2H", "KC", "3D", "JS", "7C"], ["4C", "6D", "TS", "2S", "QD"], HANDS3[2]],
              deck=["3H", "2D", "KD"], use_special_cards=True)
    play(g, "Play", 0, "2H")
    assert set(g.legal_moves()) == {Play(1, card("2S")), Draw(1)}
    refused(g, Play(1, card("6D")), "C8-TWO-2")
    ev = play(g, "Draw", 1)
    assert "3H" in hand(g, 1) and "2D" in hand(g, 1) and "KD" not in hand(g, 1)  # all of them, then the turn ends
    assert g.decision.players == (2,) and g.view(None).penalty == 0
    assert [e.text for e in g.events(g.step, viewer=0) if e.kind == "penalty"] == ["P1 draws 2 cards for the Twos"]
    assert "penalty" in kinds(ev)


@pytest.mark.rule("C8-TWO-3")
def test_an_empty_deck_cancels_the_rest_of_the_penalty():
    g = two([HEARTS, CLUBS], turn_up="9H", max_draw_cards=100, use_special_cards=True)
    for _ in range(36):
        play(g, "Draw", 0)
    assert g.view(None).stock_count == 1
    play(g, "Play", 0, "2H")
    assert g.view(None).penalty == 2
    ev = play(g, "Draw", 1)
    assert "penalty_cancelled" in kinds(ev)
    t = g.view(None)
    assert t.penalty == 0 and t.stock_count == 0 and t.hand_counts[1] == 8 and g.decision.players == (0,)
    # a Two played on an empty deck makes nobody draw
    g = two([["3H", "4H", "5H", "6H", "7H", "TH", "JH"], ["2H", "3C", "4C", "5C", "6C", "7C", "TC"]], turn_up="9H",
            max_draw_cards=100, use_special_cards=True)
    for _ in range(37):
        play(g, "Draw", 0)
    play(g, "Pass", 0)
    ev = play(g, "Play", 1, "2H")
    assert g.view(None).penalty == 0 and [e.rules for e in ev if e.kind == "two"] == [("C8-TWO-3",)]
    assert Draw(0) not in g.legal_moves() and Play(0, card("3H")) in g.legal_moves()


# ---------------------------------------------------------------- 5 the end

@pytest.mark.rule("C8-END-1")
def test_the_game_ends_when_a_hand_is_empty():
    g = two([HEARTS, ["8C", "3C", "4C", "5C", "6C", "7C", "TC"]], max_draw_cards=1)
    for k in range(7):
        play(g, "Play", 0, HEARTS[k])
        if g.over:
            break
        play(g, "Draw", 1)
        play(g, "Pass", 1)
    assert g.over and g.result.how == "out" and g.result.winners == (0,) and "out" in kinds(g.events(g.step))
    assert g.result.scores[0] == 0 and g.result.scores[1] <= -50
    assert g.legal_moves() == [] and g.decision.players == ()
    refused(g, Draw(1), "C8-END-1")


@pytest.mark.rule("C8-END-2")
def test_the_game_ends_after_max_turns_cards():
    g = three(hands=[["5H", "KH", "3D", "JS", "7C"], ["4H", "6D", "TS", "2H", "QD"], HANDS3[2]], max_turns=2)
    play(g, "Play", 0, "5H")
    play(g, "Play", 1, "4H")
    assert g.over and g.result.how == "turns" and g.result.turns == 2


@pytest.mark.rule("C8-END-3")
def test_the_game_ends_when_the_deck_is_empty_and_everyone_passes():
    g = two([HEARTS, CLUBS], turn_up="9S", max_draw_cards=100)
    _draw_all(g, 0)
    play(g, "Pass", 0)
    play(g, "Pass", 1)
    assert not g.over and g.view(None).passes == 2
    ev = play(g, "Pass", 0)
    assert g.over and g.result.how == "blocked" and "blocked" in kinds(ev)


@pytest.mark.rule("C8-SCORE-1")
def test_cards_left_cost_fifty_ten_or_their_value():
    g = three(hands=[["5H", "KH", "3D", "JS", "7C"], ["4H", "8D", "TS", "AH", "QD"], HANDS3[2]], max_turns=1)
    play(g, "Play", 0, "5H")
    assert g.result.penalties == (10 + 3 + 10 + 7, 4 + 50 + 10 + 10 + 10, 9 + 10 + 3 + 5 + 6)
    assert g.result.scores == tuple(-x for x in g.result.penalties)
    assert [c8.penalty(card(x)) for x in ("8H", "TH", "JH", "AH", "2H", "9H")] == [50, 10, 10, 10, 2, 9]


@pytest.mark.rule("C8-SCORE-2")
def test_the_best_score_wins_ties_share():
    g = three(hands=[["5H", "KH", "3D", "JS", "7C"], ["4H", "8D", "TS", "AH", "QD"], HANDS3[2]], max_turns=1)
    play(g, "Play", 0, "5H")
    assert g.result.winners == (0,)  # 30 against 84 and 33
    g = three(hands=[["5H", "KH", "3D", "JS", "7C"], ["4H", "KD", "3C", "JD", "7D"], HANDS3[2]], max_turns=2)
    play(g, "Play", 0, "5H")
    play(g, "Play", 1, "4H")  # both left with K, 3, J, 7: 30
    assert g.result.winners == (0, 1) and g.result.winner is None
