"""Explicit deals and positions for tests, lessons and records (aycc.md section 0, Tests).

A game's ``setup`` (stored in its record) may hold

- ``"deals"``: a list, one entry per round (``None``: dealt at random), each a dict with any of
  ``row`` (N+1 character ids), ``identities`` (one character id per seat; the row's other one is the
  Neutral), ``tolerances`` (seats' values first, then the undealt deck's top), ``hands`` (dish ids per
  seat) and ``deck`` (dish ids, top first). What a deal leaves out is drawn at random;
- ``"scenario"``: a round in progress (:func:`check_scenario` lists its keys).

:func:`resolve_deal` and :func:`resolve_scenario` read friendly input (character names, dish codes such as
``"5F"`` or ``"Latte"``) into that stored form; :func:`check_setup` checks a stored form (it may come from a
saved game: nothing is trusted) and raises :class:`ConfigError` naming what is wrong.
"""
from __future__ import annotations

import random

from chililab.engine import ConfigError

from .cards import CHARACTERS, TOLERANCES, DishPicker, character, heat

DEAL_KEYS = ("row", "identities", "tolerances", "hands", "deck")
SCENARIO_KEYS = ("round", "scores", "round_points", "start", "current", "row", "identities", "tolerances", "undealt",
                 "hands", "deck", "box", "piles", "out", "revealed", "tokens")
TOKENS = ("chili", "last_target", "lock")
OUT = ("withdrawn", "burnt")


def _char(x) -> int:
    try:
        return character(x).id
    except ValueError as e:
        raise ConfigError(str(e)) from None


def _take(pick: DishPicker, codes, what: str) -> list[int]:
    if isinstance(codes, (str, bytes)) or not isinstance(codes, (list, tuple)):
        raise ConfigError(f"{what} must be a list of dishes, not {codes!r}")
    try:
        return [pick.take(c).id for c in codes]
    except ValueError as e:
        raise ConfigError(f"bad {what}: {e}") from None


def resolve_deal(deal: dict | None, table) -> dict | None:
    """A friendly deal (names, codes) in its stored form (ids)."""
    if deal is None:
        return None
    if not isinstance(deal, dict) or set(deal) - set(DEAL_KEYS):
        raise ConfigError(f"a deal is a dict with some of {', '.join(DEAL_KEYS)}, not {deal!r}")
    out: dict = {}
    for key in ("row", "identities"):
        if key in deal:
            out[key] = [_char(x) for x in deal[key]]
    if "tolerances" in deal:
        out["tolerances"] = list(deal["tolerances"])
    pick = DishPicker(table)
    if "hands" in deal:
        out["hands"] = [_take(pick, h, f"hand of P{s}") for s, h in enumerate(deal["hands"])]
    if "deck" in deal:
        out["deck"] = _take(pick, deal["deck"], "deck")
    return out


def resolve_scenario(table, seed: int, row, identities, tolerances, hands, piles=None, deck=None, undealt=None,
                     out=None, revealed=(), tokens=None, current=0, start=None, round=1, scores=None,
                     round_points=None) -> dict:
    """A friendly scenario in its stored form. Dishes not placed go to the deck in a seeded shuffle when ``deck``
    is None, else out of the round (the box); tolerances not placed go to the undealt deck (seeded shuffle)."""
    n = len(identities)
    pick = DishPicker(table)
    piles_ids = {str(_char(c)): _take(pick, codes, f"pile of {c}") for c, codes in (piles or {}).items()}
    hands_ids = [_take(pick, h, f"hand of P{s}") for s, h in enumerate(hands)]
    rng = random.Random(seed)
    if deck is None:
        rest = [d.id for d in pick.free]
        rng.shuffle(rest)
        deck_ids, box = rest, []
    else:
        deck_ids, box = _take(pick, deck, "deck"), [d.id for d in pick.free]
    if undealt is None:
        undealt = [t for t in TOLERANCES if t not in tolerances]
        rng.shuffle(undealt)
    return {
        "round": round, "scores": list(scores or [0] * n), "round_points": list(round_points or [0] * n),
        "start": current if start is None else start, "current": current,
        "row": [_char(c) for c in row], "identities": [_char(c) for c in identities],
        "tolerances": list(tolerances), "undealt": list(undealt), "hands": hands_ids, "deck": deck_ids, "box": box,
        "piles": piles_ids, "out": {str(_char(c)): how for c, how in (out or {}).items()},
        "revealed": list(revealed), "tokens": {k: (None if v is None else _char(v)) for k, v in (tokens or {}).items()},
    }


# ---------------------------------------------------------------- checks of the stored form


def _ints(v, what, lo, hi, size=None) -> list[int]:
    if not isinstance(v, (list, tuple)) or any(type(x) is not int or not lo <= x <= hi for x in v):
        raise ConfigError(f"{what} must be a list of whole numbers from {lo} to {hi}, not {v!r}")
    if len(set(v)) != len(v):
        raise ConfigError(f"{what} names something twice: {v!r}")
    if size is not None and len(v) != size:
        raise ConfigError(f"{what} must have {size} entries, not {len(v)}")
    return list(v)


def _seat(v, n, what):
    if type(v) is not int or not 0 <= v < n:
        raise ConfigError(f"{what} must be a seat from 0 to {n - 1}, not {v!r}")


def _row_and_identities(d: dict, n: int) -> None:
    last = len(CHARACTERS) - 1
    if "row" in d:
        _ints(d["row"], "row (character ids)", 0, last, n + 1)
    if "identities" in d:
        if "row" not in d:
            raise ConfigError("identities are dealt from the row: give the row too (AYCC-SETUP-4)")
        ids = _ints(d["identities"], "identities (one character id per seat)", 0, last, n)
        if not set(ids) < set(d["row"]):
            raise ConfigError(f"identities {ids} must be characters of the row {d['row']} (AYCC-SETUP-4)")


def _dish_ids(lists, size) -> None:
    seen: list[int] = [i for ids in lists for i in ids]
    if any(type(i) is not int or not 0 <= i < size for i in seen):
        raise ConfigError(f"dish ids must be whole numbers from 0 to {size - 1}")
    if len(set(seen)) != len(seen):
        raise ConfigError("a dish is placed twice (each dish card exists once)")


def check_deal(d, n: int, size: int) -> None:
    if d is None:
        return
    if not isinstance(d, dict) or set(d) - set(DEAL_KEYS):
        raise ConfigError(f"a deal is a dict with some of {', '.join(DEAL_KEYS)}")
    _row_and_identities(d, n)
    if "tolerances" in d:
        _ints(d["tolerances"], "tolerances", 16, 24)
    lists = []
    if "hands" in d:
        if not isinstance(d["hands"], (list, tuple)) or len(d["hands"]) != n:
            raise ConfigError(f"hands must be {n} lists of dish ids, one per seat")
        lists += [_ints(h, "a hand", 0, size - 1) for h in d["hands"]]
    if "deck" in d:
        lists.append(_ints(d["deck"], "deck", 0, size - 1))
    _dish_ids(lists, size)


def check_scenario(sc, n: int, opts: dict, table) -> None:
    """A stored scenario: every key present and sound, every dish and tolerance placed at most once, and a
    round that is really in progress (two players still in, nobody active over their tolerance)."""
    if not isinstance(sc, dict) or set(sc) != set(SCENARIO_KEYS):
        raise ConfigError(f"a scenario is a dict with exactly {', '.join(SCENARIO_KEYS)}")
    if type(sc["round"]) is not int or not 1 <= sc["round"] <= (opts["rounds"] if opts["game_end"] == "three_rounds"
                                                                 else 999):
        raise ConfigError(f"round must be a round of this game, not {sc['round']!r}")
    for key in ("scores", "round_points"):
        v = sc[key]
        if not isinstance(v, (list, tuple)) or len(v) != n or any(type(x) is not int or x < 0 for x in v):
            raise ConfigError(f"{key} must be {n} whole numbers >= 0")
    _seat(sc["start"], n, "start")
    _seat(sc["current"], n, "current")
    _row_and_identities(sc, n)
    if "row" not in sc or "identities" not in sc:
        raise ConfigError("a scenario needs the row and the identities")
    tols = _ints(sc["tolerances"], "tolerances (one per seat)", 16, 24, n)
    und = _ints(sc["undealt"], "undealt tolerances", 16, 24)
    if set(tols) & set(und):
        raise ConfigError("a tolerance card is both dealt and undealt")
    size = len(table)
    if not isinstance(sc["hands"], (list, tuple)) or len(sc["hands"]) != n:
        raise ConfigError(f"hands must be {n} lists of dish ids, one per seat")
    piles = sc["piles"]
    if not isinstance(piles, dict) or not isinstance(sc["out"], dict) or not isinstance(sc["tokens"], dict):
        raise ConfigError("piles, out and tokens must be objects keyed by character")
    lists = [_ints(h, "a hand", 0, size - 1) for h in sc["hands"]]
    lists += [_ints(sc["deck"], "deck", 0, size - 1), _ints(sc["box"], "box", 0, size - 1)]
    row = sc["row"]
    for c, ids in piles.items():
        if not c.isdigit() or int(c) not in row:
            raise ConfigError(f"a pile belongs to a character of the row, not {c!r}")
        lists.append(_ints(ids, "a pile", 0, size - 1))
    _dish_ids(lists, size)
    if sum(map(len, lists)) != size:
        raise ConfigError(f"the scenario places {sum(map(len, lists))} dishes, not all {size}")
    owner = {c: s for s, c in enumerate(sc["identities"])}
    for c, how in sc["out"].items():
        if not c.isdigit() or int(c) not in owner or how not in OUT:
            raise ConfigError(f"out maps a player's character to {' or '.join(OUT)}, not {c!r}: {how!r}")
    for k, c in sc["tokens"].items():
        if k not in TOKENS or not (c is None or type(c) is int and c in row):
            raise ConfigError(f"tokens map {', '.join(TOKENS)} to a character of the row, not {k!r}: {c!r}")
    _ints(sc["revealed"], "revealed seats", 0, n - 1)
    active = [c for c in owner if str(c) not in sc["out"]]
    if len(active) < 2:
        raise ConfigError("a round in progress has at least two players still in (AYCC-ROUND-1)")
    for c in active:
        h = heat(table[i] for i in piles.get(str(c), ()))
        if h > tols[owner[c]]:
            raise ConfigError(f"{CHARACTERS[c].name} is active with heat {h} over the tolerance {tols[owner[c]]} "
                              "(AYCC-BURN-1)")


def check_setup(setup, opts: dict, table) -> None:
    """A game's stored setup (from new_game, scenario or a saved game), or a ConfigError."""
    if setup is None:
        return
    if not isinstance(setup, dict) or set(setup) - {"deals", "scenario"}:
        raise ConfigError("setup must be an object with deals and/or scenario")
    n, size = opts["players"], len(table)
    deals = setup.get("deals", [])
    if not isinstance(deals, (list, tuple)):
        raise ConfigError("deals must be a list, one entry per round")
    for d in deals:
        check_deal(d, n, size)
    if "scenario" in setup:
        check_scenario(setup["scenario"], n, opts, table)
