"""Withdrawing, bonuses, burning out and the Neutral (aycc.md 2.4-2.6)."""
import pytest

from chililab.games.aycc import IllegalMove, Withdraw

from .helpers import cid, hand, heat, holder, kinds, rule, serve, status, table, v, withdraw


def _scored(events):
    return next(e for e in events if e.kind == "withdraw").data["total"]


@rule("AYCC-WITHDRAW-1")
def test_only_your_own_active_unlocked_character_withdraws():
    g = table(piles={"Fuego Fred": ["5L", "7"]}, tokens={"lock": "Fuego Fred"}, current=1)
    assert Withdraw(1) not in g.legal_moves()
    with pytest.raises(IllegalMove) as e:
        withdraw(g, 1)
    assert e.value.rule == "AYCC-ICON-LOCK-2" and "locked" in e.value.reason
    g2 = table(piles={"Fuego Fred": ["5"]}, out={"Fuego Fred": "withdrawn"}, current=1)
    with pytest.raises(IllegalMove) as e:
        withdraw(g2, 1)
    assert e.value.rule == "AYCC-WITHDRAW-1" and "out of the round already" in e.value.reason


@rule("AYCC-WITHDRAW-2")
def test_withdrawing_reveals_identity_and_tolerance_and_scores_at_once():
    g = table(piles={"Fuego Fred": ["5", "7", "Reaper"]}, current=1)
    assert 1 not in g.view(0).identities and 1 not in g.view(0).tolerances
    events = withdraw(g, 1)
    assert status(g, "Fuego Fred") == "withdrawn" and _scored(events) == 13
    assert v(g).scores[1] == 13 and v(g).round_points[1] == 13
    for s in range(4):
        assert g.view(s).identities[1] == cid("Fuego Fred") and g.view(s).tolerances[1] == 23


@rule("AYCC-WITHDRAW-3")
def test_the_withdrawn_pile_is_frozen_and_its_tokens_stay():
    g = table(row=["King Naga", "Fuego Fred", "Vasco Tabasco", "Go Chu Jang", "Piri Piri"],
              piles={"Go Chu Jang": ["1", "5", "4C"]}, tokens={"chili": "Go Chu Jang"},
              hands=[["2"], ["3"], ["2C"], ["5"]], current=3)
    withdraw(g, 3)
    assert holder(g, "chili") == "Go Chu Jang"
    serve(g, 0, "2", "King Naga")
    assert holder(g, "chili") == "Go Chu Jang" and heat(g, "Go Chu Jang") == 10
    serve(g, 1, "3", "Fuego Fred")
    serve(g, 2, "2C", "King Naga")
    assert holder(g, "chili") == "King Naga"
    assert all(m.target != cid("Go Chu Jang") for m in g.legal_moves() if hasattr(m, "target"))


@rule("AYCC-WITHDRAW-4")
def test_a_withdrawal_draws_nothing():
    g = table(hands=[["2"], ["3", "4"], ["4"], ["5"]], current=1)
    withdraw(g, 1)
    assert v(g).hand_counts[1] == 2 and [str(d) for d in hand(g, 1)] == ["3", "4"] and g.decision.players == (2,)


@rule("AYCC-BONUS-1")
def test_the_chili_token_adds_5_to_a_voluntary_withdrawal():
    g = table(piles={"Fuego Fred": ["2C", "3"]}, tokens={"chili": "Fuego Fred"}, current=1)
    assert _scored(withdraw(g, 1)) == 5 + 5


@rule("AYCC-BONUS-2")
@pytest.mark.parametrize("dishes, total", [(["6", "5", "6"], 17 + 10), (["6", "5", "5"], 16)])
def test_an_exact_match_adds_10_only_when_equal(dishes, total):
    g = table(piles={"Vasco Tabasco": dishes}, current=2)
    assert _scored(withdraw(g, 2)) == total


@rule("AYCC-BONUS-3")
def test_no_bonus_at_exhaustion():
    g = table(identities=["King Naga", "Fuego Fred", "Vasco Tabasco", "Go Chu Jang"], tolerances=[19, 18, 17, 20],
              piles={"Fuego Fred": ["6", "6", "6C"], "King Naga": ["2"]}, tokens={"chili": "Fuego Fred"},
              hands=[["3"], [], [], []], deck=[], rounds=1)
    serve(g, 0, "3", "Piri Piri")
    ex = {e.data["seat"]: e.data["total"] for e in g.events() if e.kind == "exhaustion"}
    assert ex[1] == 18 and v(g).round_points == (2, 18, 0, 0) and g.over


@rule("AYCC-BONUS-3")
def test_the_last_player_gets_the_chili_bonus_but_not_the_exact_match():
    g = table(row=["King Naga", "Fuego Fred", "Piri Piri"], identities=["King Naga", "Fuego Fred"], tolerances=[18, 23],
              piles={"King Naga": ["6", "6", "6C"]}, tokens={"chili": "King Naga"}, hands=[["2"], ["3"]], current=1)
    withdraw(g, 1)
    last = next(e for e in g.events() if e.kind == "last_player").data
    assert last["seat"] == 0 and last["total"] == 18 + 0 + 5  # heat 18 = tolerance 18: no +10


@rule("AYCC-BURN-1")
def test_a_burn_out_reveals_and_scores_nothing():
    g = table(piles={"Fuego Fred": ["7", "7", "6"]}, hands=[["5"], ["3"], ["4"], ["5"]], round_points=[0, 0, 0, 0])
    events = serve(g, 0, "5", "Fuego Fred")
    assert status(g, "Fuego Fred") == "burnt" and "burn_out" in kinds(events)
    assert all(g.view(s).identities[1] == cid("Fuego Fred") and g.view(s).tolerances[1] == 23 for s in range(4))
    assert v(g).round_points[1] == 0


@rule("AYCC-BURN-2")
def test_heat_equal_to_the_tolerance_is_safe():
    g = table(tolerances=[20, 23, 17, 21], piles={"King Naga": ["7", "7"]}, hands=[["6"], ["3"], ["4"], ["5"]])
    serve(g, 0, "6", "King Naga")
    assert heat(g, "King Naga") == 20 and status(g, "King Naga") == "active"


@rule("AYCC-BURN-3")
def test_a_burnt_out_player_keeps_serving_and_keeps_banked_points():
    g = table(piles={"King Naga": ["6", "3", "4"]}, hands=[["5"], ["7"], ["4"], ["5"]], round_points=[7, 0, 0, 0],
              scores=[7, 0, 0, 0], current=1)
    serve(g, 1, "7", "King Naga")
    assert status(g, "King Naga") == "burnt" and v(g).round_points[0] == 7
    serve(g, 2, "4", "Fuego Fred")
    serve(g, 3, "5", "Piri Piri")
    assert g.decision.players == (0,) and {type(m).__name__ for m in g.legal_moves()} == {"Serve"}
    serve(g, 0, "5", "Vasco Tabasco")
    assert heat(g, "Vasco Tabasco") == 5


@rule("AYCC-NEUTRAL-1")
def test_the_neutral_never_burns_out():
    g = table(piles={"Piri Piri": ["7", "7", "7", "6"]}, hands=[["3"], ["3"], ["4"], ["5"]])
    serve(g, 0, "3", "Piri Piri")
    assert heat(g, "Piri Piri") == 30 and status(g, "Piri Piri") == "active"
    assert all(cid("Piri Piri") not in g.view(s).identities.values() for s in range(4))


@rule("AYCC-NEUTRAL-2")
def test_nobody_scores_the_neutrals_dishes_at_exhaustion():
    g = table(piles={"Piri Piri": ["7", "7", "6", "1"], "King Naga": ["5"], "Fuego Fred": ["6"]},
              hands=[["2"], [], [], []], deck=[], rounds=1)
    serve(g, 0, "2", "Piri Piri")
    assert len(v(g).piles[cid("Piri Piri")]) == 5
    assert v(g).round_points == (5, 6, 0, 0)
