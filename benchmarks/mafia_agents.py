"""How often Chili Mafia's rule-of-thumb agent beats random agents, with a 95% confidence interval.

    python3 benchmarks/mafia_agents.py [--games 1000] [--players 4] [--seed 0] [--workers 2] [-o KEY=VALUE ...]

Plays ``--games`` seeded games through :func:`chililab.sim.simulate` (the same games as
``chililab simulate mafia --agents rules,random,random,random``): the ``rules`` agent in seat 0,
``random`` in every other seat (the first player is a seeded random seat, so seat 0 is not
favoured). A win is a game whose winners include seat 0 alone; a shared victory (MAFIA-TIE-1) is
reported apart and counted as 1/k of a win in the "shares" rate. The interval is Wilson's score
interval; "chance" is what a seat wins with no skill (1 / players). It measures and reports,
nothing here asserts a rate.
"""
from __future__ import annotations

import argparse
import math
import sys


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / n`` (95% with z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a Chili Mafia option, e.g. -o mode=team")
    a = ap.parse_args(argv)
    from chililab.agents import agent_rng, play_game
    from chililab.engine import registry
    from chililab.sim import simulate

    spec = registry.get("mafia")
    options = {}
    for pair in a.option:
        k, _, v = pair.partition("=")
        options[k.strip()] = spec.options[k.strip()].parse(v)
    agents = ",".join(["rules"] + ["random"] * (a.players - 1))
    df = simulate("mafia", agents=agents, n=a.games, seed=a.seed, players=a.players, options=options,
                  progress=False, workers=a.workers)
    n = len(df)
    sole = int((df["winner"] == 0).sum())
    shared = df[df["how"] == "shared"]
    # a shared game's winners are not in the frame: replay the few that were shared to see if seat 0 shared it
    shares = 0.0
    for seed in shared["seed"]:
        g = spec.new_game(a.players, int(seed), **options)
        play_game(g, [spec.agent(x) for x in agents.split(",")], agent_rng(int(seed)))
        if 0 in g.result.winners:
            shares += 1 / len(g.result.winners)
    lo, hi = wilson(sole, n)
    print(f"Chili Mafia, {a.players} players, {n} games (seeds {a.seed}..{a.seed + n - 1}), options {options or 'none'}:")
    print(f"  rules (seat 0) vs {a.players - 1} random: won {sole} = {100 * sole / n:.1f}% "
          f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%); chance {100 / a.players:.1f}%")
    lo2, hi2 = wilson(sole + shares, n)
    print(f"  shared victories: {len(shared)}; counting shares as 1/k: {100 * (sole + shares) / n:.1f}% "
          f"(95% CI {100 * lo2:.1f}-{100 * hi2:.1f}%)")
    print(f"  mean decisions per game {df['steps'].mean():.0f}, turns {df['turns'].mean():.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
