"""knowledge_from_view on real games: a seat's view in, nothing hidden read, and the truth always possible.

At every decision of random games, the deciding seat's knowledge is built from its view alone. The
teacher's view (``g.view(None)``) then supplies the truth, which the calculators never saw: the real
deal must be one of the deals the posterior counts (probability > 0), and a serve the calculator calls
certain (probability 0 or 1 of burning out) must come out that way in the engine.
"""
import random
from fractions import Fraction

import pytest

from chililab.games.aycc.rules.cards import CHARACTERS
from chililab.games.aycc.rules.game import new_game, scenario
from chililab.games.aycc.rules.moves import Serve
from chililab.prob.aycc import burn_chance, knowledge_from_view, posterior

HIDDEN_FIELDS = {"deck", "neutral", "tolerance_deck"}


class Guarded:
    """A seat's view that refuses the teacher-only fields and other seats' hands."""

    def __init__(self, view):
        self._view = view

    def __getattr__(self, name):
        if name in HIDDEN_FIELDS:
            raise AssertionError(f"knowledge_from_view read the hidden field {name!r}")
        value = getattr(self._view, name)
        if name == "hands":
            assert set(value) <= {self._view.seat}
        return value


def key(c):
    return CHARACTERS[c].key


def play_and_check(players: int, seed: int) -> int:
    g = new_game(players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while g.result is None:
        seat = g.decision.players[0]
        moves = g.legal_moves(seat)
        move = rng.choice(moves)
        if g.decision.phase == "ACTION":
            k = knowledge_from_view(Guarded(g.view(seat)))
            truth = g.view(None)
            post = posterior(k)
            for s in range(players):
                assert post.joint(s).get((key(truth.identities[s]), truth.tolerances[s]), 0) > 0
            assert post.neutral().get(key(truth.neutral), 0) > 0
            if isinstance(move, Serve):
                p = burn_chance(k, key(move.target), dish=move.dish, post=post)
                events = g.apply(move)
                burnt = any(e.kind == "burn_out" and e.data["character"] == move.target for e in events)
                assert (p == 0 and not burnt) or (p == 1 and burnt) or 0 < p < 1
                checked += 1
                continue
        g.apply(move)
    return checked


@pytest.mark.parametrize("players, seeds", [(2, range(6)), (4, range(12)), (6, range(6))])
def test_knowledge_from_real_games(players, seeds):
    assert sum(play_and_check(players, seed) for seed in seeds) > 50


def test_teacher_view_is_refused():
    with pytest.raises(ValueError, match="one seat"):
        knowledge_from_view(new_game(4, seed=1).view(None))


def test_view_knowledge_matches_the_table():
    g = new_game(4, seed=5, deals=[{"row": ["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno", "Vasco Tabasco"],
                                    "identities": ["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno"],
                                    "tolerances": [18, 20, 16, 24]}])
    k = knowledge_from_view(g.view(0))
    assert (k.character, k.tolerance, k.players) == ("king_naga", 18, 4)
    assert k.identities == {} and k.tolerances == {}
    assert len(k.hand) == 4 and k.deck_size == 47 - 16 and sum(k.unseen().values()) == 47 - 4
    # nobody has a heat yet: every other character is the Neutral with probability 1/4
    assert set(posterior(k).neutral().values()) == {0.25}


def test_inferno_peek_of_a_revealed_fuego_is_used():
    # Seat 1 revealed Fuego Fred (Inferno) and stands heat 20. A tolerance in seat 0's view is Fuego's card now:
    # the game forgets a peek once I Must Endure! replaces the card it saw (tests/aycc/test_inferno.py).
    from dataclasses import replace

    g = scenario(row=["King Naga", "Fuego Fred", "Piri Piri", "Al Apeno"],
                 identities=["King Naga", "Fuego Fred", "Piri Piri"], tolerances=[18, 22, 20],
                 hands=[["1", "2", "3", "4"], ["1", "2", "3", "4"], ["1", "2", "3", "4"]],
                 piles={"Fuego Fred": ["7", "7", "6"]}, revealed=[1], seed=2, inferno=True)
    v = g.view(0)
    k = knowledge_from_view(v)
    # what seat 0 (tolerance 18) can say of Fuego's card without a peek: at least his heat 20, so 20..24 alike
    assert k.identities == {1: "fuego_fred"} and k.tolerances == {}
    assert posterior(k).tolerance(1) == {t: Fraction(1, 5) for t in (20, 21, 22, 23, 24)}
    seen = replace(v, tolerances={**v.tolerances, 1: 22}, peeks=((1, 22),))
    assert posterior(knowledge_from_view(seen)).tolerance(1) == {22: Fraction(1)}
    with pytest.raises(ValueError, match="above its tolerance 17"):  # a card that cannot be his
        knowledge_from_view(replace(seen, tolerances={**v.tolerances, 1: 17}, peeks=((1, 17),)))
