"""How ``chililab.sim.simulate`` scales: one process, two local worker processes, a 2-worker Dask LocalCluster.

    python3 benchmarks/sim_scale.py [--games loco=200,mafia=150,aycc=1000] [--rounds 2] [--json FILE]

For each game, the same seeded games (its usual bot in every seat, ``GameSpec.bot``) are played by
``simulate`` on the local backend with 1 worker (serial, in this process) and with 2 worker processes,
and on the Dask backend on a LocalCluster of 2 single-threaded worker processes (the cluster
``backend="dask"`` starts by itself; started once, before the timings, its start-up time reported
apart). Each is timed ``--rounds`` times, best kept, and given as games/s and as a ratio against the
1-worker run of the same round trip (target: at least 1.7x for 2 workers on both backends). All
three give the same frame (checked). The machine's load average is printed before and after, and
the *ceiling*: the same pure-Python loop run 4 times in this process and then in a pool of 2
processes, timed as a ratio, before and after the games. On a shared machine that ratio is what
two processes can get at all (1.08x was seen under a load average of 9 on 2 CPUs, 2.0x on a quiet
one), and the games' ratios are read against it. "CPU local" / "CPU dask": the CPU seconds the run
spent in all its processes (this one, the pool's, the Dask workers') against the one-process run:
what the parallel run costs beyond the games, whatever the load (1.00x: nothing). "by CPU": the
speed-up two workers would give with two CPUs of their own, from CPU time alone: 2 x (CPU seconds
of one process) / (CPU seconds of the 2-worker run), the load-independent counterpart of the
wall-clock ratio (it leaves out workers waiting for each other at the end of a run, which the
chunking keeps short). It measures and reports; nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

DEFAULT_GAMES = {"loco": 200, "mafia": 150, "aycc": 1000}


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def ceiling(n: int = 2_000_000) -> float:
    """How much faster 2 processes run a pure-Python loop than 1, right now on this machine."""
    import multiprocessing

    serial, _ = _time(lambda: [_burn(n) for _ in range(4)])
    with multiprocessing.get_context().Pool(2) as pool:
        pool.map(_burn, [1, 1])  # the processes are up before the clock starts
        pooled, _ = _time(lambda: pool.map(_burn, [n] * 4, chunksize=1))
    return serial / pooled


def _time(fn) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def _cpu(client) -> float:
    """CPU seconds used so far by this process, its finished child processes and the Dask workers."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(client.run(time.process_time).values())
    return time.process_time() + children.ru_utime + children.ru_stime + workers


def measure(game: str, n: int, rounds: int, client) -> dict:
    """Best-of-``rounds`` seconds for each way of running, the ratios against one process, and the
    CPU seconds each way spent in all its processes (load-independent: more CPU is overhead)."""
    from chililab.engine import registry
    from chililab.sim import simulate

    bot = registry.get(game).bot
    runs = {
        "local x1": lambda: simulate(game, agents=bot, n=n, progress=False, workers=1),
        "local x2": lambda: simulate(game, agents=bot, n=n, progress=False, workers=2),
        "dask x2": lambda: simulate(game, agents=bot, n=n, progress=False, client=client),
    }
    best: dict[str, float] = {}
    cpu: dict[str, float] = {}
    frames = {}
    for _ in range(rounds):
        for name, run in runs.items():
            cpu0 = _cpu(client)
            seconds, frames[name] = _time(run)
            best[name] = min(best.get(name, float("inf")), seconds)
            cpu[name] = min(cpu.get(name, float("inf")), _cpu(client) - cpu0)
    same = all(f.equals(frames["local x1"]) for f in frames.values())
    return {"game": game, "agents": bot, "games": n, "same_frame": same,
            "seconds": best, "games_per_s": {k: n / v for k, v in best.items()},
            "ratio": {k: best["local x1"] / v for k, v in best.items()},
            "cpu_s": cpu, "cpu_vs_x1": {k: v / cpu["local x1"] for k, v in cpu.items()},
            "by_cpu": {k: (1 if k == "local x1" else 2) * cpu["local x1"] / v for k, v in cpu.items()}}


def report(r: dict) -> dict:
    """Print one game's line of the table (the header first, for the first game); returns ``r``."""
    if not getattr(report, "headed", False):
        report.headed = True
        print(f"{'game':<7}{'agents':<8}{'games':>6}  {'local x1':>14}{'local x2':>14}{'dask x2':>14}"
              f"  {'x2 local':>9}{'x2 dask':>9}  {'CPU local':>9}{'CPU dask':>9}  {'by CPU local':>12}{'dask':>6}  same")
    gps, ratio, cpu, by_cpu = r["games_per_s"], r["ratio"], r["cpu_vs_x1"], r["by_cpu"]
    print(f"{r['game']:<7}{r['agents']:<8}{r['games']:>6}  "
          + "".join(f"{gps[k]:>9.1f} g/s " for k in ("local x1", "local x2", "dask x2"))
          + f" {ratio['local x2']:>8.2f}x{ratio['dask x2']:>8.2f}x  {cpu['local x2']:>8.2f}x{cpu['dask x2']:>8.2f}x"
          + f"  {by_cpu['local x2']:>11.2f}x{by_cpu['dask x2']:>5.2f}x"
          + f"  {'yes' if r['same_frame'] else 'NO'}", flush=True)
    return r


def _games(text: str) -> dict:
    out = dict(DEFAULT_GAMES)
    for part in filter(None, text.split(",")):
        name, _, count = part.partition("=")
        out[name.strip()] = int(count)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="", help="games per game, e.g. loco=200,mafia=150,aycc=1000 "
                                              "(default those; a game left out keeps its default)")
    p.add_argument("--only", default="", help="comma-separated games to run (default all three)")
    p.add_argument("--rounds", type=int, default=2, help="timings per way of running; the best is kept")
    p.add_argument("--json", default=None, help="also write the numbers to this JSON file")
    args = p.parse_args(argv)
    counts = _games(args.games)
    only = [g for g in args.only.split(",") if g] or list(DEFAULT_GAMES)

    from chililab.sim import backends

    load_before, ceiling_before = os.getloadavg(), ceiling()
    print(f"CPUs {os.cpu_count()}, load average before {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}, best of {args.rounds}; ceiling (2 processes on a plain loop) {ceiling_before:.2f}x")
    start = time.perf_counter()
    with backends.dask_client() as client:
        started = time.perf_counter() - start
        print(f"Dask LocalCluster of {backends.DASK_LOCAL_WORKERS} worker processes started in {started:.1f} s "
              "(not in the timings)")
        results = [report(measure(game, counts[game], args.rounds, client)) for game in only]
    load_after, ceiling_after = os.getloadavg(), ceiling()
    print(f"load average after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; "
          f"ceiling {ceiling_after:.2f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"load_before": load_before, "load_after": load_after, "ceiling_before": ceiling_before,
                       "ceiling_after": ceiling_after, "dask_start_s": started,
                       "rounds": args.rounds, "results": results}, f, indent=1)
    return 0 if all(r["same_frame"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
