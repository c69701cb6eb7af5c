"""Chili Loco decisions per second: this checkout against a baseline commit, in one run.

    python3 benchmarks/loco_speed.py [--baseline /tmp/baseline] [--rounds 7] [--games 40] [--players 4]
                                     [--profile]

Make the baseline with ``git worktree add /tmp/baseline 3b1badb``. Each round
runs one subprocess per engine (``PYTHONPATH`` pointing at that checkout),
alternating which goes first, and each plays the same seeded random games
through the public Game API::

    while not g.over:
        ms = g.legal_moves()
        g.apply(rng.choice(ms))

Time is the process's CPU time (``time.process_time``), so other work on a
shared machine disturbs the numbers less. Printed: each engine's median decisions/s, the ratio new / baseline, and for
each the cost of ``Game.copy()``, of a state clone and of one ``undo()`` at
move 100 (median microseconds). ``--profile`` prints a cProfile of this
checkout's loop, top functions by own time. No assertions: numbers only.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(games: int, players: int, seed0: int = 0) -> tuple[int, float]:
    """Decisions made and seconds spent playing ``games`` random games."""
    import random

    from chililab import loco

    decisions, spent = 0, 0.0
    for k in range(games):
        g = loco.new_game(players=players, seed=seed0 + k)
        rng = random.Random(seed0 + k)
        t = time.process_time()
        while not g.over:
            ms = g.legal_moves()
            g.apply(rng.choice(ms))
        spent += time.process_time() - t
        decisions += g.step
    return decisions, spent


def costs_at(step: int, players: int, tries: int = 200) -> dict:
    """Median microseconds of Game.copy(), a state clone and undo() at move ``step``."""
    import random

    from chililab import loco

    seed = 0
    while True:  # the first seed whose random game lasts past ``step``
        g = loco.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not g.over and g.step < step:
            g.apply(rng.choice(g.legal_moves()))
        if g.step == step:
            break
        seed += 1
    out = {}
    for name, fn in (("copy", g.copy), ("clone", g.state.clone)):
        ts = []
        for _ in range(tries):
            t = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t)
        out[name] = statistics.median(ts) * 1e6
    ts = []
    for _ in range(tries):
        t = time.perf_counter()
        g.undo()
        ts.append(time.perf_counter() - t)
        g.redo()
    out["undo"] = statistics.median(ts) * 1e6
    return out


def worker(args) -> None:
    d, s = play(args.games, args.players)
    print(json.dumps({"dps": d / s, "decisions": d, **costs_at(100, args.players)}))


def run_engine(path: str, args) -> dict:
    env = dict(os.environ, PYTHONPATH=path)
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--games", str(args.games),
           "--players", str(args.players)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=path)
    return json.loads(out.stdout.strip().splitlines()[-1])


def profile(args) -> None:
    import cProfile
    import pstats

    pr = cProfile.Profile()
    pr.enable()
    play(args.games, args.players)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(25)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="/tmp/baseline")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    if args.profile:
        sys.path.insert(0, HERE)
        profile(args)
        return
    engines = {"baseline": args.baseline, "this": HERE}
    runs: dict = {k: [] for k in engines}
    for r in range(args.rounds):
        order = list(engines) if r % 2 == 0 else list(engines)[::-1]
        for name in order:
            runs[name].append(run_engine(engines[name], args))
    med = {k: {f: statistics.median(x[f] for x in v) for f in v[0]} for k, v in runs.items()}
    print(f"random {args.players}-player Chili Loco, {args.games} games x {args.rounds} rounds (medians)")
    print(f"{'engine':10} {'decisions/s':>12} {'copy us':>8} {'clone us':>9} {'undo us':>8}")
    for k, m in med.items():
        print(f"{k:10} {m['dps']:12.0f} {m['copy']:8.1f} {m['clone']:9.1f} {m['undo']:8.1f}")
    print(f"ratio this / baseline: {med['this']['dps'] / med['baseline']['dps']:.2f}x")


if __name__ == "__main__":
    main()
