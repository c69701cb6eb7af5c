"""How long one exact All You Can Chili burn-out query takes, against its Monte Carlo twin in the same run.

    python3 benchmarks/prob_speed.py [--rounds 7] [--calls 200] [--samples 10000]

For each example position of :mod:`chililab.games.aycc.odds.examples` (2, 3, 4 and 6 players; ``six_hidden``
is the most counting work: 6 players, nothing revealed), it times:

- ``exact``: ``burn_chance(k, c)`` for an unknown dish, from scratch each call (the posterior of the
  other seats' identities and tolerances is counted again every time; nothing is cached);
- ``named``: the same with a named dish from the hand;
- ``mc``: the twin ``mc_burn_chance(k, c, samples=10000)``, the reference measured in the same run.

The target ``c`` is the active opponent character with the highest heat (ties: the last name). Time is the process's CPU
time (``time.process_time``), so other work on a shared machine disturbs it less; each figure is the
median over ``--rounds`` rounds of ``--calls`` calls (``--calls // 50`` for the twin). Printed: per-query
milliseconds and the ratio mc / exact. The issue's target is under 10 ms per exact query. No assertions.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time


def per_call(fn, calls: int, rounds: int) -> float:
    """Median CPU seconds of one ``fn()`` over ``rounds`` rounds of ``calls`` calls."""
    out = []
    for _ in range(rounds):
        t = time.process_time()
        for _ in range(calls):
            fn()
        out.append((time.process_time() - t) / calls)
    return statistics.median(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--samples", type=int, default=10_000)
    a = ap.parse_args(argv)
    from chililab.games.aycc.odds import burn_chance, mc_burn_chance
    from chililab.games.aycc.odds.examples import POSITIONS

    print(f"{'position':<11} {'players':>7} {'target':<14} {'exact ms':>9} {'named ms':>9} "
          f"{'mc ms':>9} {'mc/exact':>9}  P(burn) exact vs mc")
    worst = 0.0
    for name, make in POSITIONS.items():
        k = make()
        target = max((c for c in k.active if c != k.character), key=lambda c: (k.heat(c), c))
        dish = max(k.hand, key=lambda d: d.flame)
        exact = per_call(lambda k=k, target=target: burn_chance(k, target), a.calls, a.rounds)
        named = per_call(lambda k=k, target=target, dish=dish: burn_chance(k, target, dish=dish), a.calls, a.rounds)
        mc = per_call(lambda k=k, target=target: mc_burn_chance(k, target, samples=a.samples, seed=1), max(1, a.calls // 50), a.rounds)
        worst = max(worst, exact, named)
        p, e = burn_chance(k, target), mc_burn_chance(k, target, samples=a.samples, seed=1)
        print(f"{name:<11} {k.players:>7} {target:<14} {1e3 * exact:>9.3f} {1e3 * named:>9.3f} {1e3 * mc:>9.1f} "
              f"{mc / exact:>9.0f}  {float(p):.4f} vs {e}")
    print(f"slowest exact query: {1e3 * worst:.3f} ms (target: under 10 ms); twin at {a.samples} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
