"""How often All You Can Chili's agents win against each other, with 95% Wilson intervals.

    python3 benchmarks/aycc_agents.py [--games 1000] [--seed 0] [--tables mixed,exact-random,...]
    python3 benchmarks/aycc_agents.py --sweep 1/10,1/5,1/4,1/3,1/2 [--against random] [--games 1000]

Each table is a line-up of 4 agents (``random``, ``threshold``, ``exact``; see
:mod:`chililab.games.aycc.bots`). Game ``i`` uses game seed ``seed + i`` and the agents' random
source :func:`chililab.agents.agent_rng` of that seed, like ``chililab simulate``; the line-up is
rotated by ``i`` seats, so every agent sits in every seat equally often. A seat's win share is 1 for a
sole victory and 1/k for a victory shared by k seats (AYCC-GAME-1, DEC-12). Per agent the table gives
its seats' mean win share, its sole-win rate, and the 95% Wilson interval of the win share over its
seats (an agent with several seats in a table has that many seat-games per game: they are not
independent, so its interval is a little too narrow). "chance" is 1 / players. It measures and
reports; nothing here asserts a rate.

``--sweep``: instead of the tables, the threshold agent at each given level against 3 agents named by
``--against`` (default random): how the default level was chosen.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

TABLES = {
    "mixed": ("exact", "threshold", "random", "random"),
    "exact-random": ("exact", "random", "random", "random"),
    "threshold-random": ("threshold", "random", "random", "random"),
    "exact-threshold": ("exact", "threshold", "threshold", "threshold"),
}


def play_table(lineup: tuple, games: int, seed: int, options: dict) -> dict:
    """Win shares and sole wins per agent name over ``games`` rotated games of ``lineup`` (names or agents)."""
    from chililab.agents import agent_rng, make_agent, play_game
    from chililab.engine import registry

    spec = registry.get("aycc")
    agents = [make_agent(name, "aycc") for name in lineup]
    lineup = tuple(a.name for a in agents)
    n = len(lineup)
    share, sole, seats = Counter(), Counter(), Counter()
    for i in range(games):
        at = [agents[(s + i) % n] for s in range(n)]
        g = play_game(spec.new_game(n, seed + i, **options), at, agent_rng(seed + i))
        winners = g.result.winners
        for s in range(n):
            seats[at[s].name] += 1
        for w in winners:
            share[at[w].name] += 1 / len(winners)
            if len(winners) == 1:
                sole[at[w].name] += 1
    return {name: (share[name], sole[name], seats[name]) for name in dict.fromkeys(lineup)}


def main(argv=None) -> int:
    from chililab.prob.intervals import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tables", default=",".join(TABLES), help=f"comma-separated, of {', '.join(TABLES)}")
    ap.add_argument("--inferno", action="store_true", help="play with Inferno Mode")
    ap.add_argument("--sweep", help="threshold levels to try against 3 other agents, e.g. 1/10,1/4,1/2")
    ap.add_argument("--against", default="random", help="the other agents of a sweep (default random)")
    a = ap.parse_args(argv)
    options = {"inferno": True} if a.inferno else {}
    if a.sweep:
        from fractions import Fraction

        from chililab.games.aycc.bots import ThresholdAgent
        tables = {f"threshold level {lv}": (ThresholdAgent(Fraction(lv)), a.against, a.against, a.against)
                  for lv in a.sweep.split(",")}
    else:
        tables = {t: TABLES[t] for t in a.tables.split(",")}
    for table, lineup in tables.items():
        t = time.process_time()
        rows = play_table(lineup, a.games, a.seed, options)
        spent = time.process_time() - t
        names = [x if isinstance(x, str) else x.name for x in lineup]
        print(f"{table}: {', '.join(names)}; "
              f"{a.games} games (seeds {a.seed}..{a.seed + a.games - 1}), "
              f"{len(lineup)} players{', Inferno' if a.inferno else ''}, {spent:.0f} s CPU")
        for name, (share, sole, seats) in rows.items():
            lo, hi = wilson(share, seats)
            print(f"  {name:<10} seats {seats:>5}  win share {100 * share / seats:5.1f}% "
                  f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)  sole wins {100 * sole / seats:5.1f}%"
                  f"  chance {100 / len(lineup):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
