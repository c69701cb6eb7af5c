"""The All You Can Chili agents: registered, seat-honest, and doing what their rules say on set positions."""
import os
import random
import subprocess
import sys

import pytest

from chililab.agents import RandomAgent, make_agent, play_game
from chililab.agents.aycc_agents import ExactAgent, ThresholdAgent
from chililab.engine import registry
from chililab.games.aycc.rules.cards import character
from chililab.games.aycc.rules.game import new_game, scenario
from chililab.games.aycc.rules.moves import Serve, Withdraw

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAGA = character("King Naga").id


def table(pile, hand, tokens=None):
    """3 players; P0 is King Naga (tolerance 18) with ``pile`` and ``hand``, on turn."""
    return scenario(row=["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno"],
                    identities=["King Naga", "Piri Piri", "Fuego Fred"], tolerances=[18, 20, 22],
                    hands=[hand, ["4E", "4F", "2E", "2F"], ["1E", "1F", "3E", "5E"]], piles={"King Naga": pile},
                    tokens=tokens or {}, seed=1)


def choice(agent, g, seat=0):
    return agent.choose(g.view(seat), g.legal_moves(seat), random.Random(0))


def test_registered_in_the_spec():
    spec = registry.get("aycc")
    assert {"threshold", "exact", "random"} <= set(spec.agent_names)
    assert isinstance(make_agent("threshold", "aycc"), ThresholdAgent)
    assert isinstance(make_agent("exact", "aycc"), ExactAgent)


@pytest.mark.parametrize("agent", [ThresholdAgent(), ExactAgent()])
def test_exact_match_serves_itself(agent):
    # 6 3 4 = 13 of 18: the 5 makes exactly 18
    m = choice(agent, table(["6", "3", "4"], ["5", "1", "7", "3"]))
    assert isinstance(m, Serve) and m.target == NAGA and m.dish.flame == 5


@pytest.mark.parametrize("agent", [ThresholdAgent(), ExactAgent()])
def test_withdraws_near_the_limit(agent):
    # 6 3 4 3 = 16 of 18: any dish above 2 burns King Naga; withdrawing banks 16
    assert isinstance(choice(agent, table(["6", "3", "4", "3"], ["5", "6", "7", "3"])), Withdraw)


@pytest.mark.parametrize("agent", [ThresholdAgent(), ExactAgent()])
def test_locked_serves_elsewhere(agent):
    m = choice(agent, table(["6", "3", "4", "3"], ["5", "6", "7", "3"], tokens={"lock": "King Naga"}))
    assert isinstance(m, Serve) and m.target != NAGA


def test_threshold_level_decides():
    # 6 3 4 = 13 of 18 with no exact match in hand: one unknown dish burns with a 6 or a 7 (about a quarter)
    g = table(["6", "3", "4"], ["1", "2", "3", "4"])
    assert isinstance(choice(ThresholdAgent(level=0.1), g), Withdraw)
    assert isinstance(choice(ThresholdAgent(level=0.5), g), Serve)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_full_games_between_all_agents(players):
    for seed in range(3):
        agents = [[ExactAgent(), ThresholdAgent(), RandomAgent()][s % 3] for s in range(players)]
        g = play_game(new_game(players, seed=seed), agents)
        assert g.result is not None and g.result.winners


def test_benchmark_script_runs():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "aycc_agents.py"), "--games", "4",
                          "--tables", "mixed"], capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert "exact" in out.stdout and "threshold" in out.stdout and "95% CI" in out.stdout
