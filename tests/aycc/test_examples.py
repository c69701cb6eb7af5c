"""The rulebook's worked examples (aycc.md 2.10), played through the public API."""
import pytest

from chililab.games import aycc
from chililab.games.aycc import IllegalMove, Withdraw

from .helpers import cid, heat, kinds, pile, rule, serve, status, table, v, withdraw


@rule("AYCC-EX-1")
def test_vasco_tabasco_withdraws_at_his_tolerance_for_33():
    g = aycc.new_game(players=2, seed=1, first_player=0, rounds=1, deals=[{
        "row": ["Vasco Tabasco", "King Naga", "Piri Piri"], "identities": ["Vasco Tabasco", "King Naga"],
        "tolerances": [17, 24], "hands": [["5", "Latte", "6", "3"], ["1", "1", "1", "4"]],
        "deck": ["2", "7", "7", "7", "7", "6"]}])
    for mine in ("5", "Latte", "6", "3", "2"):
        serve(g, 0, mine, "Vasco Tabasco")
        serve(g, 1, str(v(g).hands[1][0]), "Piri Piri")
    assert pile(g, "Vasco Tabasco") == ["5", "Latte", "6", "3", "2"] and heat(g, "Vasco Tabasco") == 17
    events = withdraw(g, 0)
    w = events[0].data
    assert (w["points"], w["exact"], w["chili"], w["total"]) == (23, 10, 0, 33)
    assert "5 + 1 + 6 + 3 + 2" not in events[0].text and "23 points + 10 (heat equals the tolerance) = 33" in \
        events[0].text
    assert v(g).history[0][0] == 33


@rule("AYCC-EX-2")
def test_go_chu_jang_withdraws_with_the_chili_token_for_15():
    g = table(hands=[["2"], ["3"], ["4"], ["1"]], deck=["5", "7", "7", "7", "7"], current=3,
              tokens={"last_target": "King Naga"})
    serve(g, 3, "1", "Go Chu Jang")  # P3 draws the 5
    serve(g, 0, "2", "King Naga")
    serve(g, 1, "3", "Fuego Fred")
    serve(g, 2, "4", "Piri Piri")
    serve(g, 3, "5", "Go Chu Jang")
    g2 = table(piles={"Go Chu Jang": ["1", "5", "4C"]}, tokens={"chili": "Go Chu Jang"}, current=3)
    events = withdraw(g2, 3)
    assert events[0].data["total"] == (1 + 5 + 4) + 5 and events[0].data["chili"] == 5
    assert pile(g, "Go Chu Jang") == ["1", "5"]  # the same pile, built by serves, before its 4C


@rule("AYCC-EX-3")
def test_king_naga_busts_at_20_over_18_scores_0_and_plays_on():
    g = table(piles={"King Naga": ["6", "3", "4"]}, hands=[["2"], ["7"], ["4"], ["5"]], current=1)
    events = serve(g, 1, "7", "King Naga")
    assert heat(g, "King Naga") == 20 and status(g, "King Naga") == "burnt" and "burn_out" in kinds(events)
    assert v(g).round_points[0] == 0 and v(g).tolerances[0] == 18
    serve(g, 2, "4", "Piri Piri")
    serve(g, 3, "5", "Fuego Fred")
    assert g.decision.players == (0,)  # King Naga's player keeps taking turns


@rule("AYCC-EX-4")
def test_piri_piri_is_the_neutral_and_pays_2_per_dish_to_the_last_player():
    g = table(piles={"Piri Piri": ["7", "6", "5", "4", "2", "1", "1"], "King Naga": ["4", "4", "4"]},
              out={"Fuego Fred": "withdrawn", "Vasco Tabasco": "burnt"}, hands=[["2"], ["3"], ["5"], ["5"]],
              current=3, rounds=1)
    assert heat(g, "Piri Piri") == 26 > 24 and status(g, "Piri Piri") == "active"
    withdraw(g, 3)
    last = next(e for e in g.events() if e.kind == "last_player").data
    assert (last["seat"], last["points"], last["neutral"], last["chili"], last["total"]) == (0, 12, 14, 0, 26)
    assert v(g).neutral == cid("Piri Piri")


@rule("AYCC-EX-5")
def test_fuego_fred_at_12_under_the_lock_cannot_withdraw():
    g = table(piles={"Fuego Fred": ["5L", "7"]}, tokens={"lock": "Fuego Fred"}, current=1)
    assert heat(g, "Fuego Fred") == 12 and Withdraw(1) not in g.legal_moves()
    with pytest.raises(IllegalMove) as e:
        withdraw(g, 1)
    assert e.value.rule == "AYCC-ICON-LOCK-2" and "locked" in e.value.reason
    assert status(g, "Fuego Fred") == "active" and g.decision.players == (1,)
