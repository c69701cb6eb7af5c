"""A behaviour fingerprint of All You Can Chili: one sha256 over many seeded random games.

Every move (``m.to_dict()``), every event of every step (kind, text, rules, audience, public text,
data) and, every ``VIEW_EVERY``-th step and at the end, every seat's view and the teacher's view go
into one hash. The views are written out field by field as plain JSON (dish ids, numbers, texts,
the decision, the result), never through a class name or a ``repr``, so moving or rewriting the
rules' modules leaves the digest alone while any change of behaviour (a move, an event's wording,
the RNG sequence, the order of the legal moves, what a view shows) changes it.

The games: 2-6 players, Inferno Mode in half of them, both game ends, now and then a fixed first
player or another dish composition. The seat that takes the first turn is hashed under its
vocabulary name ``first_player`` (``docs/game-folder.md``) whatever the option is called, so a
rename of that option is not a change of behaviour here (every other option is hashed as stored).

``python3 -m tests.aycc.fingerprint`` prints the digest (and its time); ``--mask-rules`` leaves the
rule IDs events cite out of the hash.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random

from chililab.games import aycc

GAMES = 500
VIEW_EVERY = 5
STEP_CAP = 3000
#: another composition of 47 dishes (AYCC-COMP-2) for some games
OTHER_DISHES = [{"name": "Mild", "flame": 2, "count": 20}, {"name": "Hot", "flame": 6, "count": 15},
                {"name": "Eye", "flame": 3, "icon": "eye", "count": 3},
                {"name": "Lock", "flame": 4, "icon": "lock", "count": 3},
                {"name": "Fork", "flame": 5, "icon": "fork", "count": 3},
                {"name": "Chili", "flame": 1, "icon": "chili", "count": 2},
                {"name": "Espresso", "flame": 2, "score": 9, "icon": "star", "count": 1}]
FIRST = "first_player"  # the option naming the seat that takes the first turn (start_player until its rename)


def options_for(index: int) -> dict:
    """Seeded table options of game ``index``: 2-6 players, Inferno Mode in every other game."""
    r = random.Random(f"aycc-fingerprint-{index}")
    n = 2 + index % 5
    o: dict = {"players": n, "inferno": index % 2 == 1}
    if r.random() < 0.3:
        o["game_end"] = "first_to_50"
        if r.random() < 0.3:
            o["target_points"] = r.choice((20, 35))
    elif r.random() < 0.3:
        o["rounds"] = r.choice((1, 2, 4))
    if r.random() < 0.3:
        o[FIRST] = r.randrange(n)
    if r.random() < 0.12:
        o["dish_composition"] = OTHER_DISHES
    if o["inferno"] and r.random() < 0.2:
        o["siesta_blocks_swap"] = False
    return o


def _options(opts: dict) -> dict:
    """The game's options as hashed: the first player under ``first_player`` (see the module docstring)."""
    out = dict(opts)
    out["first_player"] = out.pop(FIRST)
    return out


def plain(x):
    """A value of a view, an event's data or a result as plain JSON data (no class names)."""
    if isinstance(x, aycc.Dish):
        return ["dish", x.id]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return [plain(getattr(x, f.name)) for f in dataclasses.fields(x)]
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a Decision
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return sorted([str(k), plain(v)] for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(plain(v) for v in x)
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"the fingerprint cannot write {type(x).__name__} {x!r}")


def view_data(v) -> list:
    """A view as plain data, field by field, with the properties a bot reads."""
    return [plain(v), plain(v.hand), v.me, v.my_tolerance]


def event_data(e, rules: bool = True) -> list:
    aud = None if e.audience is None else sorted(e.audience)
    return [e.kind, e.text, list(e.rules) if rules else None, aud, e.public_text, plain(e.data)]


def _put(h, obj) -> None:
    h.update(json.dumps(obj, sort_keys=True, ensure_ascii=False).encode())
    h.update(b"\n")


def play_into(h, index: int, rules: bool = True) -> int:
    """Play game ``index`` by a seeded uniform choice over ``legal_moves()``, hashing it into ``h``."""
    seed = 6007 * index + 3
    g = aycc.new_game(seed=seed, **options_for(index))
    rng = random.Random(seed)
    _put(h, ["game", index, plain(_options(g.options))])
    for e in g.events(0):
        _put(h, event_data(e, rules))
    seats = [None] + list(range(g.options["players"]))
    while not g.over and g.step < STEP_CAP:
        m = rng.choice(g.legal_moves())
        _put(h, m.to_dict())
        for e in g.apply(m):
            _put(h, event_data(e, rules))
        if g.step % VIEW_EVERY == 0 or g.over:
            for p in seats:
                _put(h, view_data(g.view(p)))
    _put(h, ["end", g.step, plain(g.result)])
    return g.step


def digest(games: int = GAMES, rules: bool = True) -> tuple[str, int]:
    """The sha256 of ``games`` games, and how many steps they took (``rules=False``: cited rule IDs masked)."""
    h = hashlib.sha256()
    steps = sum(play_into(h, i, rules) for i in range(games))
    return h.hexdigest(), steps


if __name__ == "__main__":
    import sys
    import time

    t = time.perf_counter()
    masked = "--mask-rules" in sys.argv[1:]
    d, n = digest(rules=not masked)
    print(f"{d}  ({GAMES} games, {n} steps, {time.perf_counter() - t:.1f} s){'  rule IDs masked' if masked else ''}")
