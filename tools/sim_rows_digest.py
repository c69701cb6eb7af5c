"""Digests of :func:`chililab.sim.simulate`'s rows, to show a change keeps every seeded game's result.

    python3 tools/sim_rows_digest.py [--n 300] [--games loco,mafia,aycc] [--save rows.pickle]

For each game and line-up (random agents everywhere; the game's rule-of-thumb agents everywhere) it
plays seeds 0 .. n-1 with one worker and prints a SHA-256 of the rows (every column, in order). Run it
before and after a change: equal digests mean equal rows. ``--save`` keeps the rows for a diff.
"""
from __future__ import annotations

import argparse
import hashlib
import pickle
import sys

LINEUPS = {"loco": ("random", "rules"), "mafia": ("random", "rules"), "aycc": ("random", "threshold")}


def rows(game: str, agents: str, n: int) -> list:
    from chililab.sim import simulate

    df = simulate(game, agents=agents, n=n, seed=0, players=4, progress=False, workers=1)
    return [tuple(r) for r in df.itertuples(index=False)], list(df.columns)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--games", default="loco,mafia,aycc")
    ap.add_argument("--save")
    a = ap.parse_args(argv)
    kept = {}
    for game in a.games.split(","):
        for agents in LINEUPS[game]:
            got = kept[game, agents] = rows(game, agents, a.n)
            print(f"{game:6} {agents:10} {hashlib.sha256(repr(got).encode()).hexdigest()[:20]}", flush=True)
    if a.save:
        with open(a.save, "wb") as f:
            pickle.dump(kept, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
