"""How long a saved game takes to load (issue 23 item 1: "a record that passes the bounds loads within a second").

    python3 benchmarks/record_load.py [--moves 300] [--repeat 5]

For each registered game: a seeded game of ``--moves`` random moves, saved, then loaded back with the game's
``replay`` (parsing, the bounds, every move checked and applied again); and for All You Can Chili, the
largest dish composition the bounds let through (999 dishes, 40-character names). The reference, timed in
the same run: ``json.loads`` of the same text. Prints the median time of ``--repeat`` loads and the ratio to
the reference; ``--json FILE`` writes them.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chililab.engine import registry  # noqa: E402


def played(game: str, moves: int, seed: int = 1):
    spec = registry.get(game)
    g = spec.module.new_game(players=spec.defaults["players"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        g.apply(rng.choice(g.legal_moves()))
    return g


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def aycc_at_the_bounds(base_text: str) -> str:
    """All You Can Chili's record with the largest dish composition the bounds let through: 999 dishes, each
    name 40 characters long (the moves dropped: they were played with the standard dishes)."""
    rec = json.loads(base_text)
    comp = [{"name": f"{i:03} dish " + "y" * 31, "flame": 1 + i % 7, "count": 1} for i in range(999)]
    return json.dumps(dict(rec, options=dict(rec["options"], deck_size=999, dish_composition=comp), moves=[]))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--moves", type=int, default=300)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    rows = []
    for game in sorted(registry.names()):
        g = played(game, a.moves)
        texts = {f"a game of {g.step} moves": g.to_json()}
        if game == "aycc":
            texts["999 dishes, names at the bounds"] = aycc_at_the_bounds(g.to_json())
        for what, text in texts.items():
            spec = registry.get(game)
            load_s = timed(lambda t=text, s=spec: s.replay(t), a.repeat)
            parse_s = timed(lambda t=text: json.loads(t), a.repeat)
            rows.append({"game": game, "record": what, "chars": len(text), "load_s": round(load_s, 4),
                         "json_s": round(parse_s, 5), "ratio": round(load_s / parse_s, 1)})
            print(f"{game:14} {what:32} {len(text):>9,} chars: loads in {load_s * 1000:7.1f} ms "
                  f"({load_s / parse_s:,.0f} x json.loads of the same text)")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
