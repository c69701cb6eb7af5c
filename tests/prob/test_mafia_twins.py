"""Every exact Chili Mafia chance lies in its Monte Carlo twin's 99% interval (10,000 samples, fixed seeds).

The Brotherhood twins deal real cards of the table's deck and ask the game's own gang rules; the
drafted twin plays the deal and the draft with random picks, the model under which an opening hand
after the draft is 6 random cards of the deck.
"""
import pytest

from chililab.games.mafia.odds import (
    brotherhood_chance,
    defend_chance,
    draft_brotherhood_chance,
    mc_brotherhood_chance,
    mc_defend_chance,
    mc_draft_brotherhood_chance,
    mc_drafted_brotherhood_chance,
    mc_packet_brotherhood_chance,
    packet_brotherhood_chance,
)

SAMPLES = 10_000


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_opening_hand_brotherhood_agrees(players):
    exact, est = brotherhood_chance(players), mc_brotherhood_chance(players, samples=SAMPLES, seed=players)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("players, options", [(3, {"goodfellas_peppers": True}), (6, {"yatsufusa": True}),
                                              (4, {"sweet_chili_2to4": 8}), (7, {"rumble": True})])
def test_brotherhood_with_options_agrees(players, options):
    exact = brotherhood_chance(players, 8, options)
    est = mc_brotherhood_chance(players, 8, options, samples=SAMPLES, seed=10 + players)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_drafted_hand_brotherhood_agrees(players):
    exact = brotherhood_chance(players)
    est = mc_drafted_brotherhood_chance(players, samples=SAMPLES, seed=20 + players)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("players", [2, 3])
def test_draft_pool_brotherhood_agrees(players):
    exact = draft_brotherhood_chance(players)
    est = mc_draft_brotherhood_chance(players, samples=SAMPLES, seed=30 + players)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_some_packet_brotherhood_agrees(players):
    exact = packet_brotherhood_chance(players)
    est = mc_packet_brotherhood_chance(players, samples=SAMPLES, seed=35 + players)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("players, hidden, seen", [
    (4, [6, 6, 6], ["Ghost", "Ghost", "Whack", "Sweet", "Earner", "Pinch"]),
    (2, [3], ["Fugg", "Fugg", "Jimmy", "Whack"]),
    (6, [2, 1, 4, 2, 1], ["Whack", "Tabasco", "Fugg", "Fugg", "Fugg", "Fugg", "Fugg"]),
])
def test_defend_chance_agrees(players, hidden, seen):
    exact = defend_chance(players, hidden, seen)
    est = mc_defend_chance(players, hidden, seen, samples=SAMPLES, seed=40 + players)
    assert exact in est, (float(exact), str(est))
