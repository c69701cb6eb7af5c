"""What the player may do: the advice and every calculator that compares withdrawing respect the Lock token
and an opponent's Siesta as the player sees them (AYCC-WITHDRAW-1, AYCC-ICON-LOCK-2, AYCC-INFERNO-ALAPENO-1).

The Lock forbids a voluntary withdrawal now and at the next turn (it stays until a Lock dish is served to
another character); a Siesta forbids withdrawing now only (it is over before the player's next turn). In
real games, a seat's knowledge says it may withdraw exactly when the engine offers it the withdrawal.
"""
import random
from dataclasses import replace
from fractions import Fraction as F

import pytest

from chililab.games.aycc.bots import ExactAgent, ThresholdAgent
from chililab.games.aycc.odds import (
    Knowledge,
    advice,
    kinds,
    knowledge_from_view,
    mc_score_distribution,
    mc_serve_value,
    mc_wait_value,
    score_distribution,
    serve_value,
    wait_value,
    withdraw_value,
)
from chililab.games.aycc.rules.game import new_game, scenario
from chililab.games.aycc.rules.moves import Decline, Reveal, Serve, Withdraw

rule = pytest.mark.rule
HABI, PIRI, FUEGO, VASCO, NAGA, AL, GO = range(7)  # character ids


def vasco(**kw) -> Knowledge:
    """Vasco at 17 of 17 with the Chili: withdrawing scores 23 + 10 + 5 = 38, and any further dish burns him."""
    return Knowledge(seat=0, character="vasco_tabasco", tolerance=17, row=("vasco_tabasco", "king_naga", "piri_piri"),
                     piles={"vasco_tabasco": kinds("5 Latte 6 3 2")}, chili="vasco_tabasco", **kw)


@rule("AYCC-ICON-LOCK-2", "AYCC-WITHDRAW-1")
def test_the_advice_never_says_withdraw_to_a_locked_character():
    free = advice(vasco())
    assert (free.withdraw, free.serve, free.better) == (38, 0, "withdraw")  # without the Lock: withdraw, clearly
    locked = advice(vasco(lock="vasco_tabasco"))
    assert (locked.withdraw, locked.serve, locked.burn, locked.better) == (None, None, 1, "serve")
    assert "holds the Lock token" in locked.blocked
    assert str(locked).startswith("withdraw now: not allowed (vasco_tabasco holds the Lock token")
    assert "then withdraw: not allowed either" in str(locked)
    assert advice(vasco(lock="king_naga")).better == "withdraw"  # the Lock on another character changes nothing


@rule("AYCC-ICON-LOCK-2")
@pytest.mark.parametrize("calc", [
    withdraw_value, serve_value, score_distribution, lambda k: wait_value(k, 1, F(1, 2)),
    lambda k: mc_serve_value(k, samples=10), lambda k: mc_score_distribution(k, samples=10),
    lambda k: mc_wait_value(k, 1, F(1, 2), samples=10),
])
def test_every_value_that_ends_in_a_withdrawal_refuses_a_locked_character(calc):
    k = vasco(lock="vasco_tabasco")
    with pytest.raises(ValueError, match=r"holds the Lock token.*is not possible \(AYCC-ICON-LOCK-2\)"):
        calc(k)
    calc(vasco())  # and answers without the Lock


@rule("AYCC-INFERNO-ALAPENO-1", "AYCC-WITHDRAW-1")
def test_an_opponents_siesta_forbids_withdrawing_now_only():
    k = vasco(siestas={1: "king_naga"})
    a = advice(k)
    assert (a.withdraw, a.serve, a.better) == (None, 0, "serve")
    assert a.blocked == "P1 is taking a Siesta: nobody else may withdraw until P1's next turn"
    with pytest.raises(ValueError, match=r"Siesta.*withdrawing now is not possible \(AYCC-INFERNO-ALAPENO-1\)"):
        withdraw_value(k)
    assert serve_value(k) == 0 and wait_value(k, 1, F(1, 2)) == F(38, 2)  # by the next turn the Siesta is over
    own = vasco(siestas={0: "vasco_tabasco"})  # one's own Siesta forbids nothing
    assert advice(own).better == "withdraw" and withdraw_value(own) == 38


def test_a_siesta_protects_its_own_seats_character():
    with pytest.raises(ValueError, match="protects the character of the seat that takes it"):
        vasco(siestas={1: "vasco_tabasco"})
    with pytest.raises(ValueError, match="not a character of the row"):
        vasco(siestas={1: "al_apeno"})


def siesta_table():
    """Inferno, 3 players: P1 (Al Apeno) took a Siesta; P2 (King Naga, tolerance 18) stands heat 18 on turn."""
    g = scenario(row=["Al Apeno", "Habi Wasabi", "King Naga", "Piri Piri"],
                 identities=["Habi Wasabi", "Al Apeno", "King Naga"], tolerances=[20, 22, 18],
                 hands=[["2", "3", "4", "5"], ["2", "3", "4", "5"], ["2", "3", "4", "5"]],
                 piles={"King Naga": ["6", "6", "6"]}, current=1, inferno=True, seed=3)
    g.apply(Reveal(1))
    g.apply(Serve(1, next(d for d in g.view(None).hands[1] if d.code == "2"), PIRI))  # to the Neutral
    g.apply(Decline(2))
    return g


@rule("AYCC-INFERNO-ALAPENO-1")
def test_a_siesta_read_from_the_view():
    g = siesta_table()
    assert g.decision.players == (2,) and Withdraw(2) not in g.legal_moves()
    k = knowledge_from_view(g.view(2))
    assert k.siestas == {1: "al_apeno"} and k.withdraw_problem()[0] == "AYCC-INFERNO-ALAPENO-1"
    assert withdraw_value(replace(k, siestas={})) == 28  # 18 points + 10: what the old advice would have said
    assert advice(k).better == "serve" and advice(k).withdraw is None


@pytest.mark.parametrize("agent", [ThresholdAgent(), ExactAgent()])
def test_the_bots_never_plan_on_a_withdrawal_they_may_not_make(agent):
    g = siesta_table()
    m = agent.choose(g.view(2), g.legal_moves(2), random.Random(0))
    assert isinstance(m, Serve) and m.target != NAGA  # at 18 of 18, under a Siesta: it serves the others
    # Locked, with a 3 that would bring it exactly to its tolerance: no self-serve (the +10 waits for a
    # withdrawal the Lock forbids)
    locked = scenario(row=["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno"],
                      identities=["King Naga", "Piri Piri", "Fuego Fred"], tolerances=[18, 20, 22],
                      hands=[["3", "1", "7", "2"], ["4E", "4F", "2E", "2F"], ["1E", "1F", "3E", "5E"]],
                      piles={"King Naga": ["6", "5", "4"]}, tokens={"lock": "King Naga"}, seed=1)
    m = agent.choose(locked.view(0), locked.legal_moves(0), random.Random(0))
    assert isinstance(m, Serve) and m.target != NAGA
    # and without the Lock, the same hand serves itself the exact match
    free = scenario(row=["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno"],
                    identities=["King Naga", "Piri Piri", "Fuego Fred"], tolerances=[18, 20, 22],
                    hands=[["3", "1", "7", "2"], ["4E", "4F", "2E", "2F"], ["1E", "1F", "3E", "5E"]],
                    piles={"King Naga": ["6", "5", "4"]}, seed=1)
    m = agent.choose(free.view(0), free.legal_moves(0), random.Random(0))
    assert isinstance(m, Serve) and m.target == NAGA and m.dish.flame == 3


@pytest.mark.parametrize("agent", [ThresholdAgent(), ExactAgent()])
def test_the_bots_do_not_lock_themselves_for_an_exact_match(agent):
    # King Naga at 15 of 18 holds a 3 with the Lock icon and no other 3: serving it to himself would reach 18
    # and lock him, so the +10 could not be taken
    g = scenario(row=["King Naga", "Piri Piri", "Fuego Fred", "Al Apeno"],
                 identities=["King Naga", "Piri Piri", "Fuego Fred"], tolerances=[18, 20, 22],
                 hands=[["3L", "1", "7", "6"], ["4E", "4F", "2E", "2F"], ["1E", "1F", "3E", "5E"]],
                 piles={"King Naga": ["6", "5", "4"]}, seed=1)
    m = agent.choose(g.view(0), g.legal_moves(0), random.Random(0))
    assert not (isinstance(m, Serve) and m.target == NAGA and m.dish.icon == "lock"), m


@pytest.mark.parametrize("inferno", [False, True])
def test_in_real_games_the_knowledge_may_withdraw_exactly_when_the_engine_allows_it(inferno):
    seen = {True: 0, False: 0}
    for seed in range(30):
        g = new_game(3 + seed % 3, seed=seed, inferno=inferno)
        rng = random.Random(seed)
        while g.result is None:
            seat = g.decision.players[0]
            moves = g.legal_moves(seat)
            if g.decision.phase == "ACTION" and g.view(None).status[g.view(None).identities[seat]] == "active":
                k = knowledge_from_view(g.view(seat))
                allowed = Withdraw(seat) in moves
                assert (k.withdraw_problem() is None) == allowed, (seed, g.step)
                assert (advice(k).withdraw is not None) == allowed
                seen[allowed] += 1
            g.apply(rng.choice(moves))
    assert seen[True] > 50 and seen[False] > 5  # both cases met
