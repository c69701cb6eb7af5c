"""clone() and key() speed with FIELDS carrying initial values, against plain-kind FIELDS, in one run.

    python3 benchmarks/kernel_fields.py [--rounds 15] [--number 20000]

Two copies of the toy game's rules state (tests/engine/toy.py) differ only in how their FIELDS are declared:
``new`` is the toy as it is (``("list", per_seat(0))`` ...: ``new_state`` sets every field), ``old`` declares
the plain kinds (``"list"`` ...) and sets the fields in its own ``new()``, as every game did before. Each
round times ``clone()`` and ``key()`` of both (in alternating order, on states 20 moves into a game) and the
ratio new / old; reported are the medians and ranges over the rounds. The generated clone and key come
from the kinds alone, so the ratio is expected at 1.00 within the noise; building a state (``new()``) is
timed too (it runs once per game).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chililab.engine import reaction_from_spec  # noqa: E402
from tests.engine.toy import ToyGame, ToyState  # noqa: E402


class OldToyState(ToyState):
    """The toy with plain-kind FIELDS and the fields set by hand (the declaration before initial values)."""

    FIELDS = {"scores": "list", "bids": "dict", "round": "value", "leader": "value", "claimer": "value",
              "teams": "const"}
    FIELD_INITS: dict = {}

    @classmethod
    def new(cls, options, seed):
        s = cls.__new__(cls)
        s.init_kernel(options["players"], random.Random(seed), reaction_from_spec(options.get("reaction")))
        s.scores, s.bids, s.round, s.leader, s.claimer = [0] * s.n, {}, 0, None, None
        s.teams = options.get("teams")
        s.event("deal", f"{s.n} players sit down", ("TOY-1",))
        s._next_round()
        ev, s.events = s.events, []
        return s, ev


OldToyState.FIELD_INITS = {}  # the base's initial values are not this copy's: it sets its fields itself


def played(cls, moves=20):
    g = ToyGame({"players": 4}, 7)
    g.state = cls.new(g.options, g.seed)[0]
    rng = random.Random(3)
    for _ in range(moves):
        if g.state.result is not None:
            break
        m = rng.choice(g.state.legal_moves())
        assert g.state.check(m) is None
        g.state.apply(m)
    return g.state


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--number", type=int, default=20000)
    a = ap.parse_args(argv)
    new, old = played(ToyState), played(OldToyState)
    assert new.key() == old.key(), "both copies hold the same position"
    opts = {"players": 4}
    results: dict[str, list[float]] = {"clone": [], "key": [], "new()": []}
    for r in range(a.rounds):
        pairs = {"clone": (new.clone, old.clone), "key": (new.key, old.key),
                 "new()": (lambda: ToyState.new(opts, 1), lambda: OldToyState.new(opts, 1))}
        for what, (fn_new, fn_old) in pairs.items():
            order = (fn_new, fn_old) if r % 2 == 0 else (fn_old, fn_new)
            times = {fn: timeit.timeit(fn, number=a.number if what != "new()" else a.number // 10) for fn in order}
            results[what].append(times[fn_new] / times[fn_old])
    print(f"toy rules state, {a.rounds} rounds x {a.number} calls (new(): / 10); ratio new / old declaration")
    for what, ratios in results.items():
        print(f"  {what:6s} median {statistics.median(ratios):.3f}  range {min(ratios):.3f}-{max(ratios):.3f}")


if __name__ == "__main__":
    main()
