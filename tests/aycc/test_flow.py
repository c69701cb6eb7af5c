"""All You Can Chili's flow (aycc.md 3.2-3.3), declared once: random games take every transition of the base game."""
import random

from chililab.games import aycc

from .helpers import rule, table

INFERNO_ONLY = {("TURN_BEGIN", "ABILITY"), ("FORK", "ABILITY"), ("LAST_TARGET", "ABILITY")} | {
    e for e in aycc.FLOW.edges if e[0] == "ABILITY"}


def test_random_games_take_every_base_game_transition():
    taken: set = set()
    for s in range(80):
        g = aycc.new_game(players=2 + s % 5, seed=s, game_end="first_to_50" if s % 2 else "three_rounds")
        r = random.Random(s)
        while not g.over:
            g.apply(r.choice(g.legal_moves()))
        taken |= set(g.edge_counts)
    assert not taken & INFERNO_ONLY
    skip = ("ACTION", "ROUND_END_CHECK")  # a skipped turn: rare at random, taken by the test below
    assert set(aycc.FLOW.edges) - INFERNO_ONLY - taken <= {skip}


@rule("AYCC-TURN-3")
def test_a_skipped_turn_takes_its_own_transition():
    g = table(hands=[["2"], ["3"], [], ["5"]], deck=[], tokens={"lock": "Vasco Tabasco"}, current=2)
    assert g.edge_counts[("ACTION", "ROUND_END_CHECK")] == 1


def test_the_flow_graph_carries_the_clause_ids():
    graph = aycc.flow_graph()
    assert graph.graph["game"] == "aycc" and graph.graph["start"] == "ROUND_SETUP"
    assert graph.nodes["ACTION"]["decision"] == "turn" and graph.nodes["FORK"]["decision"] == "choice"
    assert "AYCC-SERVE-2" in graph.edges["ACTION", "SERVE"]["rules"]
