"""Explicit positions for tests, lessons and records (mafia.md section 0, Tests).

A game's ``setup`` (stored in its record) may hold ``"scenario"``: a turn about to begin, with every card placed.
:func:`resolve_scenario` reads friendly input (codes such as ``"Ghost*"``, ``"Whack"``, ids or cards) into that
stored form (card ids); :func:`check_scenario` checks a stored form (it may come from a saved game: nothing is
trusted) and raises :class:`ConfigError` naming what is wrong. ``SetupRules._load_scenario`` (``setup.py``)
puts the cards on the table.

Where each card may go: peppers in hands and gangs; Hot and Action cards in hands; any card of the deck on the
discard pile or in the draw deck; the Dawn Raid only in the draw deck (not placed, it has been drawn already:
it is out of the game, and a Pinch goes to the bottom, MAFIA-HOT-PINCH-2); Taste Me cards only in the draw deck;
Hot Properties face down in front of a seat or in the Hot Property deck. A card not placed is out of play.
"""
from __future__ import annotations

from chililab.engine import ConfigError

from .cards import CardPicker, card_by_id, table_cards
from .checks import MAX_HPS, why_invalid
from .turn import HAND_LIMIT

KEYS = ("hands", "gangs", "discard", "draw", "hps", "hp_deck", "current", "turn")

#: where a card of each kind may be placed
PLACES = {"pepper": {"hands", "gangs", "discard", "draw"}, "hot": {"hands", "discard", "draw"},
          "action": {"hands", "discard", "draw"}, "dawn_raid": {"draw"}, "taste_me": {"draw"},
          "hot_property": {"hps", "hp_deck"}}
_WORDS = {"hands": "a hand", "gangs": "a gang", "discard": "the discard pile", "draw": "the draw deck",
          "hps": "a player's Hot Properties", "hp_deck": "the Hot Property deck"}


def _cards(x, what: str) -> list:
    if isinstance(x, (str, bytes)) or not isinstance(x, (list, tuple)):
        raise ConfigError(f"{what} must be a list of cards, not {x!r}")
    return list(x)


def _per_seat(x, n: int, what: str) -> list:
    if isinstance(x, (str, bytes)) or not isinstance(x, (list, tuple)) or len(x) != n:
        raise ConfigError(f"{what} must be a list with one entry per seat ({n}), not {x!r}")
    return list(x)


def resolve_scenario(opts: dict, hands, current=0, gangs=None, discard=(), draw=(), hps=None, hp_deck=(),
                     turn: int = 1) -> dict:
    """The stored form (card ids) of a position given by codes, ids or cards; a ConfigError if it is not one."""
    n = opts["players"]
    pick = CardPicker(table_cards(n, opts))

    def take(codes, what):
        try:
            return [pick.take(c).id for c in _cards(codes, what)]
        except ValueError as e:
            raise ConfigError(f"bad {what}: {e}") from None

    sc = {"hands": [take(h, f"hand of P{s}") for s, h in enumerate(_per_seat(hands, n, "hands"))],
          "gangs": [[take(g, f"gang {i + 1} of P{s}") for i, g in enumerate(_cards(gs, f"the gangs of P{s}"))]
                    for s, gs in enumerate(_per_seat([[] for _ in range(n)] if gangs is None else gangs, n, "gangs"))],
          "discard": take(discard, "discard pile"), "draw": take(draw, "draw deck"),
          "hps": [take(h, f"Hot Properties of P{s}")
                  for s, h in enumerate(_per_seat([[] for _ in range(n)] if hps is None else hps, n, "hps"))],
          "hp_deck": take(hp_deck, "Hot Property deck"), "current": current, "turn": turn}
    check_scenario(sc, opts)
    return sc


def _ids(x, what: str) -> list[int]:
    if not isinstance(x, list) or any(type(i) is not int for i in x):
        raise ConfigError(f"the scenario's {what} must be a list of card ids")
    return x


def check_scenario(sc, opts: dict) -> None:
    """Refuse a stored scenario that is not a position of this table (ConfigError naming what is wrong)."""
    n = opts["players"]
    if not isinstance(sc, dict) or set(sc) != set(KEYS):
        raise ConfigError(f"a scenario is an object with exactly the keys {', '.join(KEYS)}")
    cur, turn = sc["current"], sc["turn"]
    if type(cur) is not int or not 0 <= cur < n:
        raise ConfigError(f"current must be a seat from 0 to {n - 1}, not {cur!r}")
    if type(turn) is not int or not 1 <= turn <= 9999:
        raise ConfigError(f"turn must be a whole number from 1, not {turn!r}")
    places: list[tuple[str, list[int]]] = []
    for key in ("hands", "gangs", "hps"):
        if not isinstance(sc[key], list) or len(sc[key]) != n:
            raise ConfigError(f"the scenario's {key} must hold one entry per seat ({n})")
    for s in range(n):
        places.append(("hands", _ids(sc["hands"][s], f"hand of P{s}")))
        if not isinstance(sc["gangs"][s], list):
            raise ConfigError(f"the scenario's gangs of P{s} must be a list of gangs")
        for i, g in enumerate(sc["gangs"][s]):
            places.append(("gangs", _ids(g, f"gang {i + 1} of P{s}")))
        places.append(("hps", _ids(sc["hps"][s], f"Hot Properties of P{s}")))
    for key in ("discard", "draw", "hp_deck"):
        places.append((key, _ids(sc[key], key)))
    table = {c.id for c in table_cards(n, opts)}
    seen: set[int] = set()
    for place, ids in places:
        for i in ids:
            if i not in table:
                raise ConfigError(f"card id {i} is not a card of this table ({n} players and these options)")
            if i in seen:
                raise ConfigError(f"{card_by_id(i)} (card id {i}) is placed twice")
            seen.add(i)
            c = card_by_id(i)
            if place not in PLACES[c.kind]:
                raise ConfigError(f"{c} cannot be in {_WORDS[place]}: a {c.kind.replace('_', ' ')} card goes in "
                                  + " or ".join(_WORDS[p] for p in sorted(PLACES[c.kind])))
    for s in range(n):
        if len(sc["hands"][s]) > HAND_LIMIT:
            raise ConfigError(f"P{s} holds {len(sc['hands'][s])} cards: a hand holds at most {HAND_LIMIT} "
                              "(MAFIA-HAND-1)")
        for i, g in enumerate(sc["gangs"][s]):
            why = why_invalid([card_by_id(c) for c in g]) if g else "a gang has at least 1 pepper"
            if why:
                raise ConfigError(f"gang {i + 1} of P{s}: {why} (MAFIA-GANG-2)")
        if len(sc["hps"][s]) > MAX_HPS:
            raise ConfigError(f"P{s} holds {len(sc['hps'][s])} Hot Properties: at most {MAX_HPS} (MAFIA-HP-2)")
