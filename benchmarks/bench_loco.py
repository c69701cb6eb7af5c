"""Chili Loco engine speed, measured against a minimal pure-Python Uno in the same run.

    python3 benchmarks/bench_loco.py [--games 100] [--uno-games 1000] [--rounds 5] [--players 4] [--seed 0]
                                     [--runner] [--profile]

Both games are played by the same random decision loop::

    while not game.over:
        legal = game.legal_moves()
        game.apply(rng.choice(legal))

The Uno in ``lean_uno.py`` is the reference: a plain, honest implementation
with no record, events, undo snapshots, views or rule citations, which the
Chili Loco engine keeps on every move, so the ratio says what that bookkeeping
costs. ``peers.py`` measures the same pair beside OpenSpiel and RLCard; this
script stays for its ``--runner`` and ``--profile`` views of Loco alone.

Reported: decisions/s and games/s for each, and the ratio
Loco decisions/s / Uno decisions/s (target >= 0.5). ``--profile`` adds a
cProfile of the Loco loop (top functions by own time).
"""
from __future__ import annotations

import argparse
import random
import time

from lean_uno import UnoGame
from peer_engines import random_loop

# ------------------------------------------------------------------ timing

def bench_loco(games, players, seed):
    from chililab import loco

    steps = 0
    t = time.perf_counter()
    for i in range(games):
        g = loco.new_game(players=players, seed=seed + i)
        steps += random_loop(g, random.Random(seed + i))
    return steps, time.perf_counter() - t


def bench_uno(games, players, seed):
    steps = 0
    t = time.perf_counter()
    for i in range(games):
        steps += random_loop(UnoGame(players, seed + i), random.Random(seed + i))
    return steps, time.perf_counter() - t


def bench_loco_runner(games, players, seed):
    """Through chililab.agents.runner: each decision also builds the seat's view."""
    from chililab import loco
    from chililab.agents import RandomAgent, play_game

    steps = 0
    t = time.perf_counter()
    for i in range(games):
        g = play_game(loco.new_game(players=players, seed=seed + i), [RandomAgent()] * players,
                      random.Random(seed + i))
        steps += g.step
    return steps, time.perf_counter() - t


def profile_loco(games, players, seed, top=25):
    import cProfile
    import pstats

    pr = cProfile.Profile()
    pr.enable()
    bench_loco(games, players, seed)
    pr.disable()
    st = pstats.Stats(pr)
    st.sort_stats("tottime").print_stats(top)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="Chili Loco games (default 100)")
    ap.add_argument("--uno-games", type=int, default=1000, help="Uno games (default 1000)")
    ap.add_argument("--rounds", type=int, default=5, help="alternate Loco and Uno batches this many times")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runner", action="store_true", help="also time Loco through the agents runner (views)")
    ap.add_argument("--profile", action="store_true", help="cProfile the Loco loop")
    a = ap.parse_args(argv)

    bench_uno(20, a.players, a.seed)  # warm up both
    bench_loco(2, a.players, a.seed)
    # Interleave the two in rounds so that both see the same machine load; the ratio of each round is
    # reported too (its spread shows how noisy the machine was).
    rounds = max(1, min(a.rounds, a.games, a.uno_games))
    ls = lt = us = ut = 0
    ratios = []
    for r in range(rounds):
        lo, hi = a.games * r // rounds, a.games * (r + 1) // rounds
        ulo, uhi = a.uno_games * r // rounds, a.uno_games * (r + 1) // rounds
        s1, t1 = bench_loco(hi - lo, a.players, a.seed + lo)
        s2, t2 = bench_uno(uhi - ulo, a.players, a.seed + ulo)
        ls, lt, us, ut = ls + s1, lt + t1, us + s2, ut + t2
        ratios.append((s1 / t1) / (s2 / t2))
    ld, ud = ls / lt, us / ut
    print(f"Chili Loco ({a.players}p, random): {a.games} games, {ls} decisions in {lt:.2f}s: "
          f"{ld:,.0f} decisions/s, {a.games / lt:,.1f} games/s, {ls / a.games:,.0f} decisions/game")
    print(f"Uno        ({a.players}p, random): {a.uno_games} games, {us} decisions in {ut:.2f}s: "
          f"{ud:,.0f} decisions/s, {a.uno_games / ut:,.1f} games/s, {us / a.uno_games:,.0f} decisions/game")
    ratio = ld / ud
    ratios.sort()
    print(f"ratio Loco/Uno decisions/s = {ratio:.2f} (target >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'}); "
          f"per round: min {ratios[0]:.2f}, median {ratios[len(ratios) // 2]:.2f}, max {ratios[-1]:.2f}")
    if a.runner:
        rs, rt = bench_loco_runner(a.games, a.players, a.seed)
        print(f"Chili Loco through agents.play_game (views + RandomAgent): {rs / rt:,.0f} decisions/s, "
              f"{a.games / rt:,.1f} games/s")
    if a.profile:
        profile_loco(max(1, a.games // 4), a.players, a.seed)
    return ratio


if __name__ == "__main__":
    main()
