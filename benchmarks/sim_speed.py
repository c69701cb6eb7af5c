"""The simulation path's decisions per second against the raw random loop, per game, in one run.

    python3 benchmarks/sim_speed.py [--games loco,mafia,aycc] [--n 30] [--rounds 5] [--players 4] [--profile GAME:AGENT]

For each game three loops play the same seeded games (game seed ``k``, k = 0 .. n-1):

- ``raw``: the bare engine loop, the reference of every ratio (random moves, no views, no agents)::

      while not g.over:
          g.apply(rng.choice(g.legal_moves()))

- ``sim random``: :func:`chililab.sim.simulate`'s one-game loop (:func:`chililab.agents.play_game`
  with the agents' seeded random source) with random agents in every seat;
- ``sim <rules>``: the same loop with the game's rule-of-thumb agent in every seat (``rules`` for
  Chili Loco and Chili Mafia, ``threshold`` for All You Can Chili);
- ``raw on <rules> games``: the raw loop's work (``legal_moves()`` then ``apply``) on the very moves
  of the ``sim <rules>`` games, replayed: what those decisions cost the engine alone, without agents
  or views. Rule-of-thumb games lay and score more than random ones, so this is the ceiling of
  ``sim <rules>``; ``sim <rules>`` / this is what agents and views cost on the same decisions;
- ``sim loop on <rules> games``: simulate's one-game loop on those very moves, with an agent that answers
  each decision with the recorded move and reads nothing: the loop and the views it makes, without any
  agent's thinking (the ceiling of ``sim <rules>`` with a free agent).

Time is CPU time (``time.process_time``) of the loop only (building the game is left out of all
three). The loops take turns within each round (order rotated from round to round); each ratio is
the median of its per-round ratios to ``raw`` in the same round, so a machine that slows down during
the run shifts both sides alike. The issue's target: every ``sim`` ratio at least 0.5. It measures
and reports; nothing here asserts a speed. ``--profile GAME:AGENT`` prints a cProfile of one loop.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

#: the rule-of-thumb agent of each game
RULES = {"loco": "rules", "mafia": "rules", "aycc": "threshold"}


def raw(spec, n: int, players: int) -> tuple[int, float]:
    """Decisions and CPU seconds of ``n`` random games played by the bare engine loop."""
    decisions, spent = 0, 0.0
    for k in range(n):
        g = spec.new_game(players, k)
        rng = random.Random(k)
        t = time.process_time()
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        spent += time.process_time() - t
        decisions += g.step
    return decisions, spent


def sim(spec, agent: str, n: int, players: int) -> tuple[int, float]:
    """Decisions and CPU seconds of ``n`` games played by simulate's one-game loop with ``agent`` everywhere."""
    from chililab.agents import agent_rng, play_game

    agents = [spec.agent(agent) for _ in range(players)]
    decisions, spent = 0, 0.0
    for k in range(n):
        g = spec.new_game(players, k)
        rng = agent_rng(k)
        t = time.process_time()
        play_game(g, agents, rng)
        spent += time.process_time() - t
        decisions += g.step
    return decisions, spent


def replay(spec, games: list, players: int) -> tuple[int, float]:
    """Decisions and CPU seconds of the raw loop's work on the moves of ``games`` (seed, moves), replayed."""
    decisions, spent = 0, 0.0
    for seed, moves in games:
        g = spec.new_game(players, seed)
        t = time.process_time()
        for m in moves:
            g.legal_moves()
            g.apply(m)
        spent += time.process_time() - t
        decisions += g.step
    return decisions, spent


class _Recorded:
    """An agent answering every decision with the next move of a recorded game, reading nothing."""

    name, lazy_view = "recorded", True

    def __init__(self):
        self.moves = iter(())

    def choose(self, view, legal_moves, rng):
        return next(self.moves)


def loop_only(spec, games: list, players: int) -> tuple[int, float]:
    """Decisions and CPU seconds of simulate's one-game loop on the moves of ``games``, no agent thinking."""
    from chililab.agents import agent_rng, play_game

    agent = _Recorded()
    decisions, spent = 0, 0.0
    for seed, moves in games:
        g = spec.new_game(players, seed)
        rng = agent_rng(seed)
        agent.moves = iter(moves)
        t = time.process_time()
        play_game(g, [agent] * players, rng)
        spent += time.process_time() - t
        decisions += g.step
    return decisions, spent


def rule_games(spec, agent: str, n: int, players: int) -> list:
    """(seed, moves) of the ``n`` games ``sim`` plays with ``agent`` everywhere."""
    from chililab.agents import agent_rng, play_game

    agents = [spec.agent(agent) for _ in range(players)]
    return [(k, play_game(spec.new_game(players, k), agents, agent_rng(k)).moves) for k in range(n)]


def measure(game: str, n: int, rounds: int, players: int) -> dict:
    """Median decisions/s of each loop and median per-round ratios to ``raw``."""
    from chililab.engine import registry

    spec = registry.get(game)
    loops = {"raw": lambda: raw(spec, n, players), "sim random": lambda: sim(spec, "random", n, players),
             f"sim {RULES[game]}": lambda: sim(spec, RULES[game], n, players)}
    played = rule_games(spec, RULES[game], n, players)
    loops[f"raw on {RULES[game]} games"] = lambda: replay(spec, played, players)
    loops[f"sim loop on {RULES[game]} games"] = lambda: loop_only(spec, played, players)
    raw(spec, 2, players), sim(spec, RULES[game], 2, players)  # warm up: imports, caches
    dps: dict = {k: [] for k in loops}
    ratios: dict = {k: [] for k in loops}
    names = list(loops)
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        got = {}
        for name in order:
            d, s = loops[name]()
            got[name] = d / s
        for name in names:
            dps[name].append(got[name])
            ratios[name].append(got[name] / got["raw"])
    return {name: (statistics.median(dps[name]), statistics.median(ratios[name])) for name in names}


def profile(target: str, n: int, players: int) -> None:
    import cProfile
    import pstats

    from chililab.engine import registry

    game, _, agent = target.partition(":")
    spec = registry.get(game)
    pr = cProfile.Profile()
    pr.enable()
    raw(spec, n, players) if agent == "raw" else sim(spec, agent, n, players)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(25)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="loco,mafia,aycc")
    ap.add_argument("--n", type=int, default=30, help="games per loop per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--profile", metavar="GAME:AGENT", help="profile one loop (AGENT 'raw' for the raw loop)")
    a = ap.parse_args(argv)
    if a.profile:
        profile(a.profile, a.n, a.players)
        return 0
    print(f"{a.players}-player games, {a.n} games per loop x {a.rounds} rounds, CPU time (medians)")
    print(f"{'game':6} {'loop':30} {'decisions/s':>12} {'x raw':>7}")
    for game in a.games.split(","):
        for name, (d, ratio) in measure(game, a.n, a.rounds, a.players).items():
            print(f"{game:6} {name:30} {d:12.0f} {ratio:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
