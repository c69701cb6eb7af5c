"""Every exact calculator agrees with its Monte Carlo twin: the exact value lies in the twin's 99% interval.

Each scalar check is at 99%, so about one check in a hundred could miss by chance alone; the seeds are
fixed, so a run is repeatable. A distribution has many cells: its cells are checked together at 99%
(each cell at 1 - 0.01 / cells, Bonferroni), not each at 99%.

A miss is expected about once in a hundred seeds: the posterior test first ran with seed 7, and on
``six_hidden`` one of its 180 seat cells missed (4.19 standard errors off). Seeds 1 to 12 gave the
largest miss 2.7 to 3.5 (only seed 7 above 4), and 100,000 samples put that cell's estimate within
0.3 standard errors of the exact 93/3920; so the test uses seed 1, and the miss is chance, not a bug.
"""
from fractions import Fraction

import pytest

from chililab.games.aycc.odds import (
    burn_chance,
    burn_table,
    flame_odds,
    mc_burn_chance,
    mc_burn_table,
    mc_flame_odds,
    mc_posterior,
    mc_score_distribution,
    mc_serve_value,
    mc_wait_value,
    posterior,
    score_distribution,
    serve_value,
    wait_value,
)
from chililab.games.aycc.odds.examples import POSITIONS, four_players

SAMPLES = 10_000


def hottest(k, n=3):
    """The ``n`` active characters with the highest heats (the others are often certain not to burn)."""
    return sorted(k.active, key=lambda c: (-k.heat(c), c))[:n]


@pytest.mark.parametrize("name", POSITIONS)
def test_burn_chance_unknown_dish_agrees(name):
    k = POSITIONS[name]()
    for i, c in enumerate(hottest(k)):
        exact = burn_chance(k, c)
        est = mc_burn_chance(k, c, samples=SAMPLES, seed=100 + i)
        assert exact in est, (c, float(exact), str(est))


@pytest.mark.parametrize("name", POSITIONS)
def test_burn_table_agrees(name):
    k = POSITIONS[name]()
    exact, sampled = burn_table(k), mc_burn_table(k, samples=SAMPLES, seed=150)
    assert exact.keys() == sampled.keys()
    for c in exact:
        assert exact[c] in sampled[c], (c, float(exact[c]), str(sampled[c]))


@pytest.mark.parametrize("name", POSITIONS)
def test_burn_chance_named_dish_agrees(name):
    k = POSITIONS[name]()
    dish = max(k.hand, key=lambda d: d.flame)
    for i, c in enumerate(hottest(k)):
        exact = burn_chance(k, c, dish=dish)
        est = mc_burn_chance(k, c, dish=dish, samples=SAMPLES, seed=200 + i)
        assert exact in est, (c, float(exact), str(est))


@pytest.mark.parametrize("name", POSITIONS)
def test_posterior_agrees(name):
    k = POSITIONS[name]()
    exact = posterior(k)
    seats, chars = mc_posterior(k, samples=SAMPLES, seed=1)
    checks = []
    for s in range(k.players):
        joint = exact.joint(s)
        checks += [(seats[s], key, joint.get(key, 0)) for key in set(joint) | set(seats[s].keys())]
    for c in k.row:
        dist = exact.character(c)
        checks += [(chars[c], key, dist.get(key, 0)) for key in set(dist) | set(chars[c].keys())]
    confidence = 1 - 0.01 / len(checks)
    for sampled, key, value in checks:
        assert value in sampled.at(confidence)[key], (key, float(value), str(sampled.at(confidence)[key]))


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("more", [1, 2])
def test_serve_value_agrees(name, more):
    k = POSITIONS[name]()
    exact = serve_value(k, more=more)
    est = mc_serve_value(k, more=more, samples=SAMPLES, seed=300 + more)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("name", POSITIONS)
def test_what_if_flame_agrees(name):
    k = POSITIONS[name]()
    target = hottest(k, 1)[0]
    for f in (1, 4, 7):
        exact = burn_chance(k, target, flame=f)
        est = mc_burn_chance(k, target, flame=f, samples=SAMPLES, seed=400 + f)
        assert exact in est, (target, f, float(exact), str(est))


@pytest.mark.parametrize("name", POSITIONS)
def test_score_distribution_agrees(name):
    k = POSITIONS[name]()
    exact = score_distribution(k, more=2)
    sampled = mc_score_distribution(k, more=2, samples=SAMPLES, seed=5)
    keys = set(exact) | set(sampled.keys())
    sampled = sampled.at(1 - 0.01 / len(keys))
    for s in keys:
        assert exact.get(s, 0) in sampled[s], (s, float(exact.get(s, 0)), str(sampled[s]))


@pytest.mark.parametrize("name", POSITIONS)
def test_wait_value_agrees(name):
    k = POSITIONS[name]()
    exact = wait_value(k, others=k.players - 1, land=Fraction(1, 3))
    est = mc_wait_value(k, others=k.players - 1, land=Fraction(1, 3), samples=SAMPLES, seed=9)
    assert exact in est, (float(exact), str(est))


@pytest.mark.parametrize("name", POSITIONS)
def test_flame_odds_agree(name):
    k = POSITIONS[name]()
    exact, sampled = flame_odds(k), mc_flame_odds(k, samples=SAMPLES, seed=11)
    sampled = sampled.at(1 - 0.01 / 7)
    for f in range(1, 8):
        assert exact.get(f, 0) in sampled[f], (f, float(exact.get(f, 0)), str(sampled[f]))


def test_twins_are_seeded():
    k = four_players()
    assert mc_burn_chance(k, "piri_piri", samples=500, seed=3) == mc_burn_chance(k, "piri_piri", samples=500, seed=3)
    assert mc_serve_value(k, samples=500, seed=3) == mc_serve_value(k, samples=500, seed=3)
