"""Crazy Eights options: OpenSpiel's ``crazy_eights`` parameters, with its defaults, checked up front.

==================== ======= ============================================================
option               default meaning
==================== ======= ============================================================
players              5       2-15 seats (C8-DECK-1: two decks for more than 5)
max_draw_cards       5       cards a player may draw in one turn before passing (C8-DRAW-2)
max_turns            100     the game ends once this many cards are played (C8-END-2)
use_special_cards    False   Queen skips, Ace reverses, Two makes the next draw 2 (C8-SPECIAL-1)
reshuffle            False   an empty deck is refilled from the discard pile (C8-STOCK-2)
==================== ======= ============================================================

``players`` is the command line's ``--players`` (and ``new_game(players=...)``); the four others are
:data:`OPTIONS` (``chililab play crazy_eights -o use_special_cards=yes``).
"""
from __future__ import annotations

from typing import Any

from chililab.engine import ConfigError
from chililab.engine.registry import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 15

DEFAULTS: dict[str, Any] = {"players": 5, "max_draw_cards": 5, "max_turns": 100, "use_special_cards": False,
                            "reshuffle": False}

OPTIONS = {
    "max_draw_cards": Option("cards a player may draw in one turn; then they may pass", DEFAULTS["max_draw_cards"],
                             label="Most cards drawn in a turn"),
    "max_turns": Option("the game ends once this many cards have been played", DEFAULTS["max_turns"],
                        label="Card limit"),
    "use_special_cards": Option("special cards: Queen skips the next player, Ace reverses, Two makes the next "
                                "player draw 2 (stackable)", DEFAULTS["use_special_cards"], label="Special cards"),
    "reshuffle": Option("when the deck runs out, the discard pile but its top card is shuffled into a new deck",
                        DEFAULTS["reshuffle"], label="Reshuffle the discard pile"),
}


def normalize_options(raw: dict) -> dict:
    """A complete options dict (OpenSpiel's defaults filled in), or a ConfigError naming the option and the clause."""
    unknown = set(raw) - set(DEFAULTS)
    if unknown:
        raise ConfigError(f"unknown Crazy Eights options {sorted(map(str, unknown))}: the options are "
                          f"{', '.join(DEFAULTS)}")
    opts = {**DEFAULTS, **raw}
    n = opts["players"]
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ConfigError(f"Crazy Eights is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n!r} (C8-DECK-1)")
    for k, low, clause in (("max_draw_cards", 1, "C8-DRAW-2"), ("max_turns", 1, "C8-END-2")):
        v = opts[k]
        if type(v) is not int or v < low:
            raise ConfigError(f"{k} must be a whole number of at least {low}, not {v!r} ({clause})")
    for k in ("use_special_cards", "reshuffle"):
        if type(opts[k]) is not bool:
            raise ConfigError(f"{k} must be true or false, not {opts[k]!r}")
    return opts
