"""Kernel parts games share: relayed windows, closing a pass, nested card fields in records, the card
picker and the seed check (tests/engine/toy.py, and small cards made here)."""
import json
import random
from dataclasses import dataclass

import pytest

from chililab.engine import ConfigError, IllegalMove, Move, move_from_dict
from chililab.engine.cards import CardPicker, fold
from chililab.engine.seeds import game_seed

from .toy import Bid, Claim, Pass, ToyGame, replay

# ---------------------------------------------------------------- a relayed simultaneous window


def relayed(seed=1):
    return ToyGame({"players": 4, "teams": [[0, 2], [3, 1]]}, seed)


def test_relayed_window_asks_each_chain_in_turn_and_hides_drafts_from_other_chains():
    g = relayed()
    assert g.decision.players == (0, 3)  # the head of each chain
    g.apply(Bid(0, 2))
    assert g.decision.players == (2, 3)  # P0's chain goes on with P2 in its place; P3 is still asked
    assert g.view(2)["draft"] == 2 and g.view(1)["draft"] is None and g.view(3)["draft"] is None
    assert g.state.partial and g.public_steps() == [0]
    with pytest.raises(IllegalMove):
        g.apply(Bid(0, 1))  # P0 answered: its chain has moved on
    with pytest.raises(IllegalMove):
        g.apply(Bid(1, 1))  # P1 comes after P3
    g.apply(Bid(3, 0))
    assert g.decision.players == (2, 1) and g.view(1)["draft"] == 0
    g.apply(Bid(2, 1))  # P2 revises P0's 2 to 1
    assert g.decision.players == (1,) and g.phase == "BID"  # one seat left, still collected (not at once)
    g.apply(Bid(1, 2))
    assert g.phase == "CLAIM" and not g.state.partial and g.state.relay == ()
    assert g.edge_counts[("BID", "BID")] == 2  # P0 handed over to P2, P3 to P1
    bids = next(e for e in g.events(g.step) if e.kind == "bids")
    assert bids.text == "Bids: [(0, 1), (1, 2), (2, 1), (3, 2)]"  # each team holds its last member's bid


def test_relayed_games_replay_undo_and_end():
    for seed in range(6):
        g = relayed(seed)
        rng = random.Random(seed)
        fps = [g.fingerprint()]
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
            fps.append(g.fingerprint())
        assert replay(g.to_json()).fingerprint() == fps[-1] and g.result.turns == 3
        g.goto(len(fps) // 2)
        assert g.fingerprint() == fps[len(fps) // 2]


def test_close_pass_ends_an_ordered_pass_before_everyone_is_asked():
    g = ToyGame({"players": 4}, 3)
    for s, a in enumerate((2, 0, 0, 0)):
        g.apply(Bid(s, a))
    assert g.decision.players == (1,) and g.state.pass_queue == [1, 2, 3, 0]
    g.apply(Pass(1))
    g.apply(Claim(2))  # closes the pass: P3 and P0 are never asked
    assert g.state.pass_queue == [] and g.phase == "BID" and g.view(None)["scores"][2] == 2


# ---------------------------------------------------------------- nested card fields in records


@dataclass(frozen=True, eq=False)
class Chip:
    id: int


CHIPS = tuple(Chip(i) for i in range(10))


def chip_by_id(i):
    if not 0 <= i < len(CHIPS):
        raise ValueError(f"no chip {i}")
    return CHIPS[i]


@dataclass(frozen=True)
class Stack(Move):
    """A move with every kind of record field: a card, a list of card lists, a list of seats, plain values."""

    player: int
    top: Chip | None
    piles: tuple
    to: tuple | None = None
    note: str = ""
    _card_fields = ("top",)
    _card_lists = ("piles",)
    _int_lists = ("to",)


CLASSES = {"Stack": Stack}


def test_a_list_of_card_lists_and_a_list_of_seats_round_trip_through_json():
    m = Stack(1, CHIPS[9], ((CHIPS[0], CHIPS[3]), (), (CHIPS[5],)), (2, 0, 2), "x")
    d = json.loads(json.dumps(m.to_dict()))
    assert d == {"move": "Stack", "player": 1, "top": 9, "piles": [[0, 3], [], [5]], "to": [2, 0, 2], "note": "x"}
    assert move_from_dict(d, CLASSES, chip_by_id) == m
    none = Stack(0, None, (), None)
    assert move_from_dict(json.loads(json.dumps(none.to_dict())), CLASSES, chip_by_id) == none


@pytest.mark.parametrize("field,value", [
    ("piles", [0, 3]),  # flat ids where lists of ids belong
    ("piles", [[0, "3"]]),  # a card id must be a whole number
    ("piles", [[0, 3.0]]),
    ("piles", {"a": [1]}),
    ("to", [1, [2]]),
    ("to", [True]),
    ("to", 2),
    ("top", [[1]]),
])
def test_bad_nested_fields_are_refused(field, value):
    d = {"move": "Stack", "player": 0, "top": None, "piles": [], field: value}
    with pytest.raises((TypeError, ValueError)):
        move_from_dict(d, CLASSES, chip_by_id)


# ---------------------------------------------------------------- cards by code, seeds


@dataclass(frozen=True, eq=False)
class Named:
    id: int
    name: str


NAMED = (Named(0, "Jalapeño"), Named(1, "Ghost"), Named(2, "jalapeno"))


class NamedPicker(CardPicker):
    by_id = staticmethod(lambda i: NAMED[i])
    matcher = staticmethod(lambda code: lambda c: fold(c.name) == fold(code))


def test_card_picker_hands_out_each_card_once_by_code_id_or_card():
    pick = NamedPicker(NAMED)
    assert pick.take("JALAPENO") is NAMED[0] and pick.take(" jalapeño ") is NAMED[2]
    with pytest.raises(ValueError, match="no copy of 'Jalapeno' is left"):
        pick.take("Jalapeno")
    assert pick.take(1) is NAMED[1] and pick.free == []
    with pytest.raises(ValueError, match="used twice"):
        pick.take(NAMED[1])
    with pytest.raises(ValueError, match="used twice"):
        NamedPicker(NAMED[:1]).take(2)  # a card outside the pool


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7], -1, 2**64])
def test_game_seed_refuses_anything_but_a_whole_number_in_range(seed):
    with pytest.raises(ConfigError, match="seed must be a whole number"):
        game_seed(seed)


def test_game_seed_draws_a_fresh_seed_when_none_is_given():
    assert game_seed(0) == 0 and type(game_seed(None)) is int
