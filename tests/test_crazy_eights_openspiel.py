"""Crazy Eights as a chililab plug-in plays OpenSpiel's ``crazy_eights``: the same legal moves, step by step.

Each game is played by OpenSpiel first (random legal moves, chance outcomes drawn from a seeded
generator); its dealer and every card its chance nodes dealt become the explicit setup of a chililab game
(``setup = {"dealer", "draws"}``: the cards in the order they come out), which then replays OpenSpiel's
player actions. At every decision both engines must offer the same set of moves (OpenSpiel's action ids,
through ``chililab_crazy_eights.to_action``), and at the end the same hands (compared through OpenSpiel's
returns, see NOTES.md on its penalty formula). Skipped when pyspiel or the example package is missing.
"""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
c8 = pytest.importorskip("chililab_crazy_eights")

OPTION_SETS = [
    {},
    {"use_special_cards": True},
    {"reshuffle": True},
    {"use_special_cards": True, "reshuffle": True},
    {"use_special_cards": True, "reshuffle": True, "max_draw_cards": 2, "max_turns": 60},
    {"max_draw_cards": 1, "max_turns": 30},
]


def openspiel_game(players: int, opts: dict, seed: int):
    """Play one OpenSpiel game at random: (dealer, chance card outcomes, [(player, legal actions, action)], returns)."""
    game = pyspiel.load_game("crazy_eights", {"players": players, **opts})
    s = game.new_initial_state()
    rng = random.Random(seed)
    dealer, cards, steps = None, [], []
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            a = rng.choices(outcomes, probs)[0]
            if dealer is None:
                dealer = a - 52
            else:
                cards.append(a)
        else:
            legal = s.legal_actions()
            a = rng.choice(legal)
            steps.append((s.current_player(), tuple(legal), a))
        s.apply_action(a)
    return dealer, cards, steps, s.returns()


def openspiel_returns(hands) -> list[float]:
    """OpenSpiel's ScoreUp as it is coded: 50 an eight, 10 a J-A, else the card *number* + 2 (NOTES.md)."""
    out = []
    for h in hands:
        t = 0
        for c in h:
            t -= 50 if c.rank == 6 else 10 if c.rank >= 9 else c.face + 2
        out.append(float(t))
    return out


def compare(players: int, opts: dict, seed: int) -> int:
    dealer, cards, steps, returns = openspiel_game(players, opts, seed)
    g = c8.new_game(players=players, seed=seed, dealer=dealer, draws=cards, **opts)
    for i, (player, legal, action) in enumerate(steps):
        d = g.decision
        assert d is not None and d.players == (player,), f"step {i}: OpenSpiel asks P{player}, chililab {d}"
        mine = sorted(c8.to_action(m) for m in g.legal_moves())
        assert mine == sorted(legal), f"seed {seed} {opts} step {i}: legal moves differ: {mine} vs {list(legal)}"
        hand = g.view(None).hands[player]
        g.apply(c8.from_action(player, action, hand))
    assert g.over, f"OpenSpiel's game ended, chililab's waits for {g.decision}"
    assert g.state.fi == len(cards), "chililab took another number of cards from the deck than OpenSpiel dealt"
    assert openspiel_returns(g.view(None).hands) == list(returns)
    return len(steps)


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_both_engines_offer_the_same_moves(opts):
    positions = 0
    for seed in range(12):
        players = (2, 3, 4, 5, 6, 7)[seed % 6]
        positions += compare(players, opts, seed)
    assert positions >= 300


def test_the_defaults_are_openspiels():
    params = pyspiel.load_game("crazy_eights").get_parameters()
    assert {k: params[k] for k in c8.DEFAULTS} == c8.DEFAULTS
    assert set(params) == set(c8.DEFAULTS)
