"""The turn and serving (aycc.md 2.2, 2.3): serve or withdraw, the Last Target, the serve's order, drawing."""
import pytest

from chililab.games.aycc import Decline, Fork, IllegalMove, Serve, Withdraw

from .helpers import cid, decline, dish, hand, heat, holder, kinds, pile, rule, serve, status, table, v, withdraw


@rule("AYCC-TURN-1")
def test_a_turn_is_a_serve_or_a_withdrawal_and_nothing_else():
    g = table()
    assert g.decision.kind == "turn" and g.decision.players == (0,)
    assert {type(m) for m in g.legal_moves()} == {Serve, Withdraw}
    with pytest.raises(IllegalMove) as e:
        g.apply(Decline(0))
    assert e.value.rule == "AYCC-TURN-1"


@rule("AYCC-TURN-2")
def test_a_player_whose_character_is_out_must_serve():
    g = table(piles={"Fuego Fred": ["5"]}, out={"Fuego Fred": "withdrawn"}, hands=[["2"], ["3"], ["4"], ["5"]],
              current=1)
    assert g.decision.players == (1,)
    assert {type(m) for m in g.legal_moves()} == {Serve}
    serve(g, 1, "3", "King Naga")
    assert heat(g, "King Naga") == 3


@rule("AYCC-TURN-3")
def test_a_player_who_can_neither_serve_nor_withdraw_is_skipped():
    g = table(hands=[["2"], ["3"], [], ["5"]], deck=[], tokens={"lock": "Vasco Tabasco"}, current=2)
    assert g.decision.players == (3,)
    assert kinds(g.events(0))[-1] == "skip" and "AYCC-TURN-3" in g.events(0)[-1].rules


@rule("AYCC-TURN-3")
def test_an_out_player_with_an_empty_hand_is_skipped_too():
    g = table(hands=[["2"], [], ["4"], ["5"]], deck=[], piles={"Fuego Fred": ["6"]}, out={"Fuego Fred": "burnt"},
              current=1)
    assert g.decision.players == (2,) and "skip" in kinds(g.events(0))


@rule("AYCC-SERVE-1")
@pytest.mark.parametrize("target", ["Fuego Fred", "King Naga", "Piri Piri"])
def test_serve_to_your_own_character_an_opponent_or_the_neutral(target):
    g = table(hands=[["2"], ["4"], ["4"], ["5"]], current=1)
    before = heat(g, target)
    serve(g, 1, "4", target)
    assert heat(g, target) == before + 4 and pile(g, target)[-1] == "4"


@rule("AYCC-SERVE-1")
def test_a_dish_comes_from_the_servers_own_hand():
    g = table()
    with pytest.raises(IllegalMove) as e:
        g.apply(Serve(0, hand(g, 1)[0], cid("Fuego Fred")))
    assert e.value.rule == "AYCC-SERVE-1" and "does not hold" in e.value.reason


@rule("AYCC-SERVE-2")
def test_the_last_target_cannot_be_served_even_after_a_withdrawal():
    g = table(hands=[["3"], ["2"], ["4"], ["5"]])
    serve(g, 0, "3", "King Naga")
    assert holder(g, "last_target") == "King Naga"
    withdraw(g, 1)
    assert holder(g, "last_target") == "King Naga"  # the token moves only when a serve places it
    assert Serve(2, dish(g, 2, "4"), cid("King Naga")) not in g.legal_moves()
    with pytest.raises(IllegalMove) as e:
        serve(g, 2, "4", "King Naga")
    assert e.value.rule == "AYCC-SERVE-2" and "Last Target" in e.value.reason
    serve(g, 2, "4", "Piri Piri")
    assert holder(g, "last_target") == "Piri Piri"


@rule("AYCC-SERVE-3")
def test_an_out_character_is_never_served_nor_forked():
    g = table(piles={"Fuego Fred": ["5"], "King Naga": ["3"]}, out={"Fuego Fred": "withdrawn"},
              hands=[["2F"], ["3"], ["4"], ["5"]])
    assert all(m.target != cid("Fuego Fred") for m in g.legal_moves() if type(m) is Serve)
    with pytest.raises(IllegalMove) as e:
        serve(g, 0, "2F", "Fuego Fred")
    assert e.value.rule == "AYCC-SERVE-3"
    serve(g, 0, "2F", "Piri Piri")
    assert g.phase == "FORK"
    for a, b in (("Fuego Fred", "King Naga"), ("King Naga", "Fuego Fred")):
        with pytest.raises(IllegalMove) as e:
            g.apply(Fork(0, cid(a), cid(b)))
        assert e.value.rule == "AYCC-SERVE-3"
    assert pile(g, "Fuego Fred") == ["5"]


@rule("AYCC-SERVE-4")
def test_the_serve_resolves_place_burn_icon_last_target_then_draw():
    g = table(piles={"King Naga": ["6", "4", "4"]}, hands=[["2"], ["6L", "3", "5"], ["4"], ["5"]], current=1)
    assert heat(g, "King Naga") == 14
    events = serve(g, 1, "6L", "King Naga")
    assert kinds(events) == ["serve", "burn_out", "lock", "last_target", "draw"]
    assert status(g, "King Naga") == "burnt" and holder(g, "lock") == "King Naga"
    assert holder(g, "last_target") == "King Naga" and v(g).hand_counts[1] == 4
    assert g.decision.players == (2,)


@rule("AYCC-SERVE-5")
def test_every_view_shows_every_heat():
    g = table(piles={"King Naga": ["6", "Latte"], "Piri Piri": ["7", "Reaper"]})
    t = v(g)
    assert t.heats[cid("King Naga")] == 7 and t.heats[cid("Piri Piri")] == 14
    assert all(g.view(s).heats == t.heats and g.view(s).piles == t.piles for s in range(4))


@rule("AYCC-SERVE-6")
def test_after_serving_draw_up_to_four_as_far_as_the_deck_allows():
    g = table(hands=[["2"], ["3", "4", "5"], ["4"], ["5"]], deck=["7"], current=1)
    serve(g, 1, "3", "King Naga")
    assert [str(d) for d in hand(g, 1)] == ["4", "5", "7"] and v(g).deck_size == 0
    g2 = table(hands=[["2"], ["3", "4", "5"], ["4"], ["5"]], deck=[], current=1)
    events = serve(g2, 1, "3", "King Naga")
    assert v(g2).hand_counts[1] == 2 and "The deck is empty" in events[-1].text


def test_declining_the_fork_of_a_served_dish():
    g = table(hands=[["2F"], ["3"], ["4"], ["5"]])
    serve(g, 0, "2F", "Piri Piri")
    assert g.decision.kind == "choice" and Decline(0) in g.legal_moves()
    decline(g, 0)
    assert holder(g, "last_target") == "Piri Piri" and g.decision.players == (1,)
