"""Where a decision's time goes, for any registered game: microseconds per decision, layer by layer.

    python3 benchmarks/layers.py [--game loco] [--games 30] [--rounds 5] [--players 4] [--profile]

Plays ``--games`` seeded random games once (recording the index of each random pick), then plays them
again and again, one layer more each time (CPU time, medians of ``--rounds``, interleaved):

- ``setup``: ``new_game`` and ``playout()``, spread over the game's decisions;
- ``playout: play only``: the rules applying the recorded moves, no event made (the playout path);
- ``+ legal_moves()``: listing the legal moves before each move (what every bot and the random loop do);
- ``+ rng.choice``: the random loop of ``peers.py`` on the playout path;
- ``playout, listening``: the same loop, every event made and kept (what a simulation's rows need);
- ``Game API``: the random loop on the teaching ``Game`` (checks, events, undo snapshots);
- ``Game API, GC off``: the same with the garbage collector off (what the kept events cost it).

``--agents rules`` measures a simulation instead: ``--games`` seeded games played by that agent on every seat
(what ``chililab.sim`` plays), then, on the very same moves: the rules playing them (``play only``), with the
legal moves listed before each, the simulation on a quiet playout (the agents reading their views, every move
checked), and the simulation as ``chililab.sim`` plays it (listening: its rows count events); beside them the
random loop of ``--games`` random games, whose decisions are others (``peers.py``'s ``chililab-sim-rules``
target compares those two).

``--profile`` adds, for the playout's random loop, the share of its time each module takes (cProfile's own
time per function, summed by file), scaled to the unprofiled microseconds: which rules section or kernel
part each microsecond of a decision goes to. Numbers only, no assertions.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import random
import statistics
import time
from collections import defaultdict


def record(spec, games: int, players: int) -> list[tuple[int, list[int]]]:
    """Each game's seed and the index of every random pick among its legal moves."""
    out = []
    for k in range(games):
        p = spec.new_playout(players, k)
        rng = random.Random(k)
        picks = []
        while not p.over:
            legal = p.legal_moves()
            i = rng.randrange(len(legal))
            picks.append(i)
            p.play(legal[i])
        out.append((k, picks))
    return out


def layers(spec, played, players: int) -> dict:
    """name -> a function playing every recorded game on that layer."""
    def setup():
        for seed, _ in played:
            spec.new_game(players, seed).playout()

    def play_only():
        starts = [(spec.new_game(players, seed).playout(), picks) for seed, picks in played]
        moves = []  # the recorded moves, listed first (untimed in spirit: listing is the next layer's)
        for p, picks in starts:
            ms = []
            for i in picks:
                m = p.legal_moves()[i]
                ms.append(m)
                p.play(m)
            moves.append(ms)
        t = time.process_time()
        for (seed, _), ms in zip(played, moves):
            p = spec.new_game(players, seed).playout()
            for m in ms:
                p.play(m)
        return time.process_time() - t

    def with_legal():
        for seed, picks in played:
            p = spec.new_game(players, seed).playout()
            for i in picks:
                p.play(p.legal_moves()[i])

    def loop(listen=False):
        for seed, _ in played:
            p = spec.new_game(players, seed).playout(listen)
            rng = random.Random(seed)
            while p.state.result is None:
                p.play(rng.choice(p.legal_moves()))

    def game_api(gc_off=False):
        if gc_off:
            gc.disable()
        try:
            for seed, _ in played:
                g = spec.new_game(players, seed)
                rng = random.Random(seed)
                while not g.over:
                    g.apply(rng.choice(g.legal_moves()))
        finally:
            gc.enable()

    return {
        "setup (new_game + playout())": setup,
        "playout: play only": play_only,
        "+ legal_moves()": with_legal,
        "+ rng.choice (random loop)": loop,
        "playout, listening (events)": lambda: loop(True),
        "Game API (random loop)": game_api,
        "Game API, GC off": lambda: game_api(True),
    }


def agent_layers(spec, agent: str, games: int, players: int) -> tuple[int, dict]:
    """(decisions, name -> a function) for the games ``agent`` plays on every seat (see the module)."""
    from chililab.agents import agent_rng, make_agent, play_game

    agents = [make_agent(agent, spec.name) for _ in range(players)]
    played = []
    for k in range(games):
        p = spec.new_playout(players, k, listen=True)
        play_game(p, agents, agent_rng(k))
        played.append((k, p.moves))

    def play_only():
        for seed, moves in played:
            p = spec.new_game(players, seed).playout()
            for m in moves:
                p.play(m)

    def with_legal():
        for seed, moves in played:
            p = spec.new_game(players, seed).playout()
            for m in moves:
                p.legal_moves()
                p.play(m)

    def simulate(listen: bool):
        for seed, _ in played:
            play_game(spec.new_playout(players, seed, listen=listen), agents, agent_rng(seed))

    rows = {
        "setup (new_game + playout())": lambda: [spec.new_game(players, seed).playout() for seed, _ in played],
        "the same moves: play only": play_only,
        "+ legal_moves()": with_legal,
        f"simulation, quiet ({agent} agents)": lambda: simulate(False),
        "simulation, listening (chililab.sim)": lambda: simulate(True),
    }
    return sum(len(m) for _, m in played), rows


def by_module(fn, total_us: float, decisions: int) -> list[tuple[str, float]]:
    """(module, µs per decision) of ``fn``'s profile, own time summed by file and scaled to ``total_us``."""
    prof = cProfile.Profile()
    prof.runcall(fn)
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    own: dict[str, float] = defaultdict(float)
    for (path, _line, func), (_cc, _nc, tt, _ct, _callers) in stats.items():
        if path == "~":
            key = "built-ins (" + ("random" if "random" in func else "C calls") + ")"
        else:
            parts = path.replace("\\", "/").split("/")
            key = "/".join(parts[-3:]) if "chililab" in parts or "chililab_crazy_eights" in parts else os.path.basename(path)
        own[key] += tt
    whole = sum(own.values()) or 1.0
    return sorted(((k, v / whole * total_us) for k, v in own.items()), key=lambda kv: -kv[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="loco")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--agents", default=None, help="measure a simulation by these agents (e.g. rules)")
    args = ap.parse_args()

    from chililab.engine import registry

    spec = registry.get(args.game)
    played = record(spec, args.games, args.players)
    decisions = sum(len(p) for _, p in played)
    fns = layers(spec, played, args.players)
    per = dict.fromkeys(fns, decisions)  # each row's decisions
    if args.agents:
        random_loop = fns["+ rng.choice (random loop)"]
        sim_decisions, fns = agent_layers(spec, args.agents, args.games, args.players)
        per = dict.fromkeys(fns, sim_decisions)
        fns["random loop (random games)"] = random_loop
        per["random loop (random games)"] = decisions
    spent: dict = {k: [] for k in fns}
    for _ in range(args.rounds):
        for name, fn in fns.items():
            t = time.process_time()
            inner = fn()
            spent[name].append(inner if isinstance(inner, float) else time.process_time() - t)
    if args.agents:
        print(f"{spec.title}: {per[next(iter(per))]} decisions of {args.games} {args.players}-player games by "
              f"'{args.agents}' agents ({per[next(iter(per))] / args.games:.0f} a game; random games: "
              f"{decisions / args.games:.0f} a game), medians of {args.rounds}")
    else:
        print(f"{spec.title}: {decisions} decisions of {args.games} random {args.players}-player games "
              f"({decisions / args.games:.0f} a game), medians of {args.rounds}")
    us = {name: statistics.median(ts) * 1e6 / per[name] for name, ts in spent.items()}
    for name, v in us.items():
        print(f"  {name:38} {v:6.2f} us/decision")
    if args.agents:
        sim = us["simulation, listening (chililab.sim)"]
        print(f"  the simulation / the random loop: {us['random loop (random games)'] / sim:.2f}x its decisions/s; "
              f"/ its own moves played with their listing: {us['+ legal_moves()'] / sim:.2f}x")
        return
    if args.profile:
        loop_us = us["+ rng.choice (random loop)"]
        print(f"\n  the playout's random loop ({loop_us:.2f} us/decision), by module (cProfile own time, scaled):")
        for key, v in by_module(fns["+ rng.choice (random loop)"], loop_us, decisions)[:14]:
            print(f"    {key:48} {v:5.2f} us")


if __name__ == "__main__":
    main()
