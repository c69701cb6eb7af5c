"""The exact chance of a Brotherhood in an opening hand, checked against real Chili Mafia games.

The engine deals and runs the draft (MAFIA-SETUP-4, MAFIA-DRAFT-1); every seat picks a random card
of its packet (the model under which an opening hand is 6 random cards of the deck). The share of
seat 0's opening hands holding a Brotherhood must lie in the 99% interval around the exact chance.
"""
import random

import pytest

from chililab.games import mafia
from chililab.games.mafia.odds import brotherhood_chance, holds_brotherhood
from chililab.prob.intervals import proportion

GAMES = 3000


@pytest.mark.rule("MAFIA-DRAFT-1")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_opening_hands_of_real_games(players):
    hits = 0
    for seed in range(GAMES):
        g = mafia.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while g.phase == "DRAFT":
            g.apply(rng.choice(g.legal_moves(rng.choice(g.decision.players))))
        hand = g.view(None).hands[0]
        assert len(hand) == 6
        hits += holds_brotherhood(hand)
    exact, est = brotherhood_chance(players), proportion(hits, GAMES)
    assert exact in est, (float(exact), str(est))
