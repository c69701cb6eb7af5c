"""Where a Chili Loco decision's time goes: microseconds per decision, layer by layer.

    PYTHONPATH=<checkout> python3 benchmarks/loco_layers.py [--games 30] [--rounds 5] [--players 4]

Plays ``--games`` seeded random games once, then replays their moves again
and again, adding one layer at a time (CPU time, medians of ``--rounds``):

- ``state.apply`` only (the rules);
- ``+ state.legal_moves()`` before each move;
- ``+ state.check(move)``;
- the ``Game`` API with no snapshots (``SNAPSHOT_EVERY`` out of reach);
- the ``Game`` API as shipped (snapshots for constant-time undo);
- the random loop of ``loco_speed.py`` (adds ``rng.choice``), with and without the garbage collector.

Run it with ``PYTHONPATH`` pointing at any checkout (a baseline worktree too)
to compare layer by layer. Numbers only, no assertions.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()

    from chililab import loco

    played = []
    for k in range(args.games):
        g = loco.new_game(players=args.players, seed=k)
        rng = random.Random(k)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        played.append((k, g.moves))
    decisions = sum(len(m) for _, m in played)

    def rules(legal=False, check=False):
        for seed, moves in played:
            s = loco.new_game(players=args.players, seed=seed).state
            for m in moves:
                if legal:
                    s.legal_moves()
                if check:
                    s.check(m)
                s.apply(m)

    def api(snapshots=True):
        for seed, moves in played:
            g = loco.new_game(players=args.players, seed=seed)
            if not snapshots:
                g.SNAPSHOT_EVERY = 1 << 62
            for m in moves:
                g.legal_moves()
                g.apply(m)

    def loop():
        for seed, _ in played:
            g = loco.new_game(players=args.players, seed=seed)
            rng = random.Random(seed)
            while not g.over:
                g.apply(rng.choice(g.legal_moves()))

    def loop_gc_off():
        gc.disable()
        try:
            loop()
        finally:
            gc.enable()

    layers = {
        "rules state.apply only": rules,
        "+ state.legal_moves()": lambda: rules(legal=True),
        "+ state.check(move)": lambda: rules(legal=True, check=True),
        "Game API, no snapshots": lambda: api(snapshots=False),
        "Game API, snapshots": api,
        "the benchmark loop": loop,
        "the benchmark loop, GC off": loop_gc_off,
    }
    spent: dict = {k: [] for k in layers}
    for _ in range(args.rounds):
        for name, fn in layers.items():
            t = time.process_time()
            fn()
            spent[name].append(time.process_time() - t)
    print(f"{decisions} decisions of {args.games} random {args.players}-player games, medians of {args.rounds}")
    for name, ts in spent.items():
        print(f"{name:28} {statistics.median(ts) * 1e6 / decisions:6.2f} us/decision")


if __name__ == "__main__":
    main()
