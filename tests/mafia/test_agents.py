"""Chili Mafia's agents: they see only their seat's view, the random agent plays every mode, and the
rule-of-thumb agent's habits (forms the best gang, attacks the strongest target it can beat, keeps
Fuggedaboutit for its strongest gang, arranges well in the Dawn Raid, beats random players)."""
from __future__ import annotations

import random

import pytest

from chililab import mafia
from chililab.agents import Agent, RandomAgent, agent_rng, make_agent, play_game
from chililab.engine import Game
from chililab.games.mafia.bots import MafiaRuleAgent, card_value
from chililab.games.mafia.rules.state import MafiaState

from ..test_agents_cli_sim import _reachable
from .helpers import in_hand, two

RULES, RANDOM = MafiaRuleAgent(), RandomAgent()


class Spy(Agent):
    """Wraps an agent and checks every call gets its own seat's view, holding no card hidden from that seat."""

    def __init__(self, inner, seat, game):
        self.inner, self.seat, self.game = inner, seat, game
        self.calls = 0

    def choose(self, view, legal_moves, rng):
        t = self.game.view(None)  # the teacher's view, to know which cards are hidden from this seat
        s = self.seat
        assert type(view) is mafia.MafiaView and view.seat == s
        assert set(view.hands) == {s} and set(view.hot_properties) <= {s} and set(view.packets) <= {s}
        team = next((tm for tm in t.teams or () if s in tm), (s,))  # MAFIA-DAWN-6: a teammate's raid draft
        assert view.draw_pile is None and view.hp_deck is None and set(view.answered) <= set(team)
        assert legal_moves and all(m.player == s for m in legal_moves)
        assert rng is not self.game.state.rng  # the agents' own source, not the game's RNG
        for x in _reachable(view):
            assert not isinstance(x, (Game, MafiaState, random.Random)), f"the view leads to {type(x).__name__}"
        public = {c.id for gs in t.gangs for g in gs for c in g} | {c.id for c in t.discard + t.removed}
        public |= {t.turncoat.id} if t.turncoat is not None else set()
        own = {c.id for c in t.hands[s] + t.packets.get(s, ()) + t.hot_properties[s] + t.looking.get(s, ())}
        own |= {c.id for a, m in t.arrangements.items() if a in team for gang in m.gangs for c in gang}
        assert view.visible_card_ids() <= own | public, "a hidden card reached the agent"
        self.calls += 1
        return self.inner.choose(view, legal_moves, rng)


@pytest.mark.rule("MAFIA-TEAM-2")
@pytest.mark.parametrize("inner", [RULES, RANDOM], ids=["rules", "random"])
@pytest.mark.parametrize("players,options", [
    (2, {}), (4, {}), (4, {"mode": "team"}), (5, {"goodfellas_peppers": True, "hot_properties": True}),
    (6, {"taste_me": True, "rumble": True, "yatsufusa": True, "advanced": True}),
])
def test_agents_receive_only_their_seats_view(inner, players, options):
    g = mafia.new_game(players=players, seed=11, **options)
    spies = [Spy(inner if s % 2 == 0 else RULES, s, g) for s in range(players)]
    play_game(g, spies, agent_rng(11))
    assert g.over and all(s.calls > 0 for s in spies) and sum(s.calls for s in spies) == g.step


def test_the_cli_names_build_the_agents():
    assert type(make_agent("rules", "mafia")) is MafiaRuleAgent and type(make_agent("random", "mafia")) is RandomAgent


def test_rule_agent_beats_random_agents():
    """40 seeded 4-player games: the rule agent (seat 0) wins far more than a random seat's 25%
    (``benchmarks/mafia_agents.py`` measures 1,000 games with a confidence interval)."""
    wins = 0
    for seed in range(40):
        g = play_game(mafia.new_game(players=4, seed=seed), [RULES, RANDOM, RANDOM, RANDOM], agent_rng(seed))
        wins += g.result.winners == (0,)
    assert wins >= 24


def test_rule_agent_forms_the_gang_that_scores_most():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Poblano", "Hungarian"], ["Sweet"] * 6)
    m = RULES.choose(g.view(0), g.legal_moves(0), random.Random(0))
    assert type(m) is mafia.Form and sorted(c.key for c in m.cards) == ["ghost"] * 3  # 48, not a Mixed 9


def _attack_turn():
    """P0 formed Ghost, Habanero, Jalapeno; P1 a Mixed gang Tabasco 6, Moruga 9, Jimmy 2, Hungarian 4 (21 points);
    P0's turn again with a Whack and a Pinch in hand; P1 holds two Fuggedaboutits."""
    g = two(["Ghost", "Habanero", "Jalapeno", "Whack", "Pinch", "Bagman"],
            ["Tabasco", "Moruga", "Jimmy", "Hungarian", "Poblano", "Jalapeno"], rest=["Fugg"] * 4)
    g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Habanero", "Jalapeno")))
    g.apply(mafia.EndTurn(0))
    g.apply(mafia.Form(1, in_hand(g, 1, "Tabasco", "Moruga", "Jimmy", "Hungarian")))
    g.apply(mafia.EndTurn(1))
    assert g.decision.players == (0,) and g.phase == "TURN_MAIN"
    return g


def _on_table(g, seat, key):
    return next(c for gang in g.view(None).gangs[seat] for c in gang if c.key == key)


@pytest.mark.rule("MAFIA-HOT-3")
def test_rule_agent_attacks_the_strongest_target_it_can_beat_with_its_weakest_able_attacker():
    g = _attack_turn()
    m = RULES.choose(g.view(0), g.legal_moves(0), random.Random(0))
    assert type(m) is mafia.PlayHot and m.card.key in ("whack", "pinch")
    assert [t.key for t in m.targets] == ["tabasco"]  # the Moruga (9) is beyond every attacker; Tabasco costs most
    assert m.attacker.key == "habanero"  # 7 beats 6; the Ghost is not needed


@pytest.mark.rule("MAFIA-ACT-FUGG-1")
def test_rule_agent_keeps_fuggedaboutit_for_its_strongest_gang():
    g = _attack_turn()
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Whack")[0], _on_table(g, 0, "habanero"), (_on_table(g, 1, "tabasco"),)))
    assert g.decision.players == (1,) and g.phase == "DEFENSE"
    assert type(RULES.choose(g.view(1), g.legal_moves(1), random.Random(0))) is mafia.Neutralize


def test_card_values_prefer_what_builds_gangs():
    ghosts = mafia.as_gang(["Ghost", "Ghost"])
    hand = list(ghosts)
    jimmy = mafia.as_gang(["Jimmy"])[0]
    third_ghost = mafia.as_gang(["Ghost", "Ghost", "Ghost"])[2]
    assert card_value(third_ghost, hand) > card_value(jimmy, hand)
    fugg = mafia.card_by_id(next(c.id for c in mafia.ALL_CARDS if c.key == "fuggedaboutit"))
    assert card_value(fugg, hand) > card_value(jimmy, hand)


@pytest.mark.rule("MAFIA-TURN-3")
def test_rule_agent_passes_with_its_least_useful_card():
    g = two(["Ghost", "Ghost", "Jimmy", "Fugg", "Whack", "Poblano"], ["Sweet"] * 6)
    g.apply(mafia.EndTurn(0))
    assert g.phase == "PASS_DISCARD"
    m = RULES.choose(g.view(0), g.legal_moves(0), random.Random(0))
    assert type(m) is mafia.Discard and m.card.key == "jimmy"
