"""Bad input gets a clear error naming the clause, and changes nothing."""
import json

import pytest

from chililab import loco
from chililab.engine import ConfigError, IllegalMove, RecordError
from chililab.games import aycc
from chililab.games.aycc import Decline, Fork, Serve, Withdraw

from .helpers import cid, dish, hand, rule, serve, table, withdraw


def _refused(g, move, clause, words=""):
    before = g.fingerprint()
    with pytest.raises(IllegalMove) as e:
        g.apply(move)
    assert e.value.rule == clause and words in e.value.reason, (e.value.rule, e.value.reason)
    assert g.fingerprint() == before and not g.is_legal(move)
    return e.value


@rule("AYCC-SERVE-2")
def test_serving_the_last_target_holder():
    g = table(tokens={"last_target": "Fuego Fred"})
    _refused(g, Serve(0, dish(g, 0, "2"), cid("Fuego Fred")), "AYCC-SERVE-2", "Last Target token")


@rule("AYCC-ICON-LOCK-2")
def test_withdrawing_while_locked():
    g = table(tokens={"lock": "King Naga"})
    _refused(g, Withdraw(0), "AYCC-ICON-LOCK-2", "locked")


@rule("AYCC-TURN-1")
def test_the_wrong_player():
    g = table()
    err = _refused(g, Serve(2, dish(g, 2, "4"), cid("King Naga")), "AYCC-TURN-1", "P2 has no decision")
    assert "P0 must answer" in err.reason
    _refused(g, Withdraw(3), "AYCC-TURN-1")
    _refused(g, Serve(7, dish(g, 0, "2"), cid("King Naga")), "AYCC-SETUP-1", "not a move by a seat")


def test_a_character_that_is_not_in_the_row_or_not_a_number():
    g = table()
    _refused(g, Serve(0, dish(g, 0, "2"), cid("Habi Wasabi")), "AYCC-SERVE-1", "this round's row")
    _refused(g, Serve(0, dish(g, 0, "2"), True), "AYCC-SETUP-1", "whole number")
    _refused(g, Decline(0), "AYCC-TURN-1")


def test_a_fork_onto_its_own_source_or_from_an_empty_pile():
    g = table(hands=[["2F"], ["3"], ["4"], ["5"]])
    serve(g, 0, "2F", "King Naga")
    _refused(g, Fork(0, cid("King Naga"), cid("King Naga")), "AYCC-ICON-FORK-1", "another character")
    _refused(g, Fork(0, cid("Fuego Fred"), cid("King Naga")), "AYCC-ICON-FORK-1", "no dish to move")
    _refused(g, Withdraw(0), "AYCC-ICON-FORK-1", "move a top dish, or decline")


def test_a_move_handed_out_cannot_be_altered():
    g = table()
    m = g.legal_moves()[-1]
    with pytest.raises(AttributeError):  # a tuple: not even object.__setattr__ changes it
        object.__setattr__(m, "target", cid("Habi Wasabi"))
    assert g.legal_moves()[-1] == m and g.is_legal(m)


def test_no_move_after_the_game_is_over():
    g = table(round=1, rounds=1, row=["King Naga", "Fuego Fred", "Piri Piri"], identities=["King Naga", "Fuego Fred"],
              tolerances=[18, 23], hands=[["2"], ["3"]])
    withdraw(g, 0)
    assert g.over
    _refused(g, Withdraw(1), "AYCC-GAME-1", "over")


@rule("AYCC-COMP-2")
def test_a_bad_composition():
    with pytest.raises(ConfigError, match=r"holds 40 cards, but the deck must have 47.*AYCC-COMP-2"):
        aycc.new_game(players=3, dish_composition=[{"name": "Plain", "flame": 3, "count": 40}])


@rule("AYCC-SETUP-1")
def test_players_out_of_range():
    with pytest.raises(ConfigError, match="AYCC-SETUP-1"):
        aycc.new_game(players=7)


@pytest.mark.parametrize("kw, words", [
    ({"tolerances": [18, 18, 17, 20]}, "names something twice"),
    ({"piles": {"King Naga": ["7", "7", "6"]}}, "over the tolerance 18"),
    ({"identities": ["King Naga", "Fuego Fred", "Vasco Tabasco", "Habi Wasabi"]}, "must be characters of the row"),
    ({"out": {"King Naga": "withdrawn", "Fuego Fred": "burnt", "Vasco Tabasco": "burnt"}}, "at least two players"),
    ({"tokens": {"lock": "Habi Wasabi"}}, "tokens map"),
    ({"hands": [["Latte", "Latte"], [], [], []]}, "no copy of 'Latte' is left"),
    ({"current": 4}, "must be a seat from 0 to 3"),
])
def test_an_impossible_scenario_is_refused(kw, words):
    with pytest.raises(ConfigError, match=words):
        table(**kw)


def test_a_foreign_saved_game():
    rec = loco.new_game(players=3, seed=1).record
    with pytest.raises(RecordError, match="for 'loco', not 'aycc'"):
        aycc.replay(rec)


def test_a_tampered_saved_game():
    g = aycc.new_game(players=3, seed=4)
    for _ in range(5):
        g.apply(g.legal_moves()[-1])
    rec = json.loads(g.to_json())
    assert aycc.replay(rec).fingerprint() == g.fingerprint()
    bad = json.loads(json.dumps(rec))
    bad["moves"][2] = {"move": "Withdraw", "player": (bad["moves"][2]["player"] + 1) % 3}
    with pytest.raises(RecordError) as e:
        aycc.replay(bad)
    assert e.value.move == 3
    bad = json.loads(json.dumps(rec))
    bad["options"]["dish_composition"] = [{"name": "P", "flame": 2, "count": 3}]
    with pytest.raises(RecordError, match="cannot be set up"):
        aycc.replay(bad)
    bad = json.loads(json.dumps(rec))
    bad["setup"] = {"deals": [{"hands": [[0, 0], [], []]}]}
    with pytest.raises(RecordError, match="names something twice"):
        aycc.replay(bad)


def test_an_explicit_deal_with_unknown_names():
    with pytest.raises(ConfigError, match="unknown character"):
        aycc.new_game(players=2, deals=[{"row": ["Ghost Pepper", "King Naga", "Piri Piri"]}])
    with pytest.raises(ConfigError, match="unknown dish code"):
        aycc.new_game(players=2, deals=[{"hands": [["9"], ["1"]]}])
    with pytest.raises(ConfigError, match="give the row too"):
        aycc.new_game(players=2, deals=[{"identities": ["King Naga", "Piri Piri"]}])
    assert hand  # the helpers module's readers
