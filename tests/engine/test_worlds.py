"""A seat's Knowledge and the worlds dealt from it (chililab.engine.worlds), on the kernel's toy game."""
from __future__ import annotations

import random

import pytest

from chililab.engine.worlds import Knowledge, card_key, deal_back, has_worlds

from .toy import Bid, ToyGame, ToyState


def new_game(players=3, seed=1):
    return ToyGame({"players": players}, seed)


@pytest.fixture
def toy_worlds(monkeypatch):
    """The toy game holds no cards: its hook deals nothing (its only secrets are the bids)."""
    monkeypatch.setattr(ToyState, "deal_unseen", lambda self, seat, rng: None, raising=False)


def test_deal_back_keeps_every_place_size_and_every_card():
    places = [[5, 1, 9], [], [7, 3], [8]]
    deal_back(places, None)
    assert places == [[1, 3, 5], [], [7, 8], [9]]  # the fixed order: sorted, places filled in turn
    rng = random.Random(4)
    deal_back(places, rng)
    assert [len(p) for p in places] == [3, 0, 2, 1]
    assert sorted(c for p in places for c in p) == [1, 3, 5, 7, 8, 9]
    again = [[5, 1, 9], [], [7, 3], [8]]
    deal_back(again, random.Random(4))
    assert again == places  # the same generator deals the same way, whatever order the cards came in


def test_card_key_orders_cards_by_id():
    class C:
        def __init__(self, i):
            self.id = i
    cards = [[C(4), C(2)], [C(3)]]
    deal_back(cards, None)
    assert [[c.id for c in p] for p in cards] == [[2, 3], [4]]
    assert card_key(7) == 7


def test_has_worlds(toy_worlds):
    assert has_worlds(ToyState)
    assert not has_worlds(object)


def test_another_seats_hidden_answer_is_taken_back(toy_worlds):
    """TOY-2: a bid is secret until every bid is in; seat 1's knowledge holds no bid of seat 0's."""
    low, high = new_game(players=3, seed=2), new_game(players=3, seed=2)
    low.apply(Bid(0, 0))
    high.apply(Bid(0, 2))
    k_low, k_high = Knowledge(low.state, 1), Knowledge(high.state, 1)
    assert k_low.key() == k_high.key()
    assert k_low.retaken == (0,) and k_low.state.answers == {}
    assert k_low.state.decision.players == (1, 2)  # that seat 0 has answered is public; what, is not
    worlds = [k_low.world(random.Random(i)) for i in range(12)]
    assert {w.answers[0].amount for w in worlds} == {0, 1, 2}  # drawn again in each world
    assert all(w.decision.players == (1, 2) for w in worlds)
    picked = k_low.world(random.Random(0), answer=lambda w, q, legal: legal[-1])
    assert picked.answers == {0: Bid(0, 2)}
    own = Knowledge(high.state, 0)
    assert own.retaken == () and own.state.answers == {0: Bid(0, 2)}  # its own answer it knows
    assert Knowledge(low.state, 0).key() != own.key()
    # the real game is untouched
    assert high.state.answers == {0: Bid(0, 2)} and high.state.decision.players == (1, 2)


def test_a_world_plays_on_and_the_real_game_does_not_move(toy_worlds):
    g = new_game(players=3, seed=5)
    g.apply(Bid(0, 1))
    before = g.state.key()
    k = Knowledge(g.state, 2)
    w = k.world(random.Random(1))
    assert w.events is None and w.rng is not g.state.rng
    rng = random.Random(3)
    while w.result is None:
        s = w.decision.players[0]
        w.play(rng.choice(w.legal_moves(s)))
    assert g.state.key() == before and k.state.result is None
    assert k.view() == k.state.view(2)
