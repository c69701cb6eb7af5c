"""Chili Mafia options, checked up front (mafia.md section 0, Configuration).

:func:`normalize_options` turns what a caller gave into a complete, JSON-able
options dict or raises a :class:`ConfigError` naming the option (and the clause
or decision behind it). :data:`OPTIONS` describes each option for the command
line and dashboard forms, in the kernel's :class:`Option` style.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from chililab.engine import ConfigError
from chililab.engine.bounds import brief
from chililab.engine.registry import Option

MODES = ("individual", "team")
PINCH_INSERTS = ("middle_third_random", "exact_middle")
INTERRUPT_ORDERS = ("clockwise_from_attacker_left", "target_first", "seeded_random")

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "mode": "individual",
    "teams": None,  # team mode: the number of teams (default 2) or a list of seat lists
    "advanced": False,
    "goodfellas_peppers": False,
    "goodfellas_abilities": True,
    "hot_properties": False,
    "yatsufusa": False,
    "samurai_ability": True,
    "rumble": False,
    "rumble_count_2to4": 3,
    "taste_me": False,
    "sweet_chili_2to4": 6,
    "dawn_raid_below_fraction": "1/3",
    "dawn_raid_table": None,
    "pinch_insert": "middle_third_random",
    "first_player": None,  # None: a seeded random seat (DEC-43)
    "empty_hand_pass_discard": False,
    "interrupt_order": "clockwise_from_attacker_left",
    "two_player_exchanges_per_turn": 1,
}

_D = DEFAULTS
OPTIONS = {
    "mode": Option("everyone for themselves, or Team Mode: teams of equal size score together", _D["mode"], MODES,
                   label="Play mode", choice_labels={"individual": "everyone for themselves", "team": "Team Mode"}),
    "teams": Option("Team Mode: how many teams (teammates do not sit side by side), or the seats of each team "
                    "typed as code, e.g. [[0, 2], [1, 3]]", _D["teams"], label="Teams"),
    "advanced": Option("Advanced Mode: the Sidekick, Bodyguard, Troublemaker and Sniper abilities on the icon cards",
                       _D["advanced"], label="Advanced Mode"),
    "goodfellas_peppers": Option("Goodfellas Expansion: five new Chili Peppers replace five of the base game",
                                 _D["goodfellas_peppers"], label="Goodfellas peppers"),
    "goodfellas_abilities": Option("the Goodfellas peppers use their special abilities", _D["goodfellas_abilities"],
                                   label="Goodfellas abilities"),
    "hot_properties": Option("Goodfellas Expansion: forming a gang from your hand draws a secret Hot Property card",
                             _D["hot_properties"], label="Hot Properties"),
    "yatsufusa": Option("promo pack: Yatsufusa replaces every Tabasco", _D["yatsufusa"], label="Yatsufusa (promo)"),
    "samurai_ability": Option("Yatsufusa uses its Samurai ability", _D["samurai_ability"], label="Samurai ability"),
    "rumble": Option("promo pack: the Rumble Hot cards are shuffled into the deck", _D["rumble"],
                     label="Rumble (promo)"),
    "rumble_count_2to4": Option("how many Rumble cards go in with 2 to 4 players", _D["rumble_count_2to4"],
                                label="Rumble cards with 2-4 players"),
    "taste_me": Option("promo pack: the 6 Taste Me cards are slid into the draw deck", _D["taste_me"],
                       label="Taste Me (promo)"),
    "sweet_chili_2to4": Option("how many Sweet Chili cards are used with 2 to 4 players", _D["sweet_chili_2to4"],
                               (5, 6, 7, 8), label="Sweet Chilis with 2-4 players"),
    "dawn_raid_below_fraction": Option('the share of the draw deck below the Dawn Raid card, e.g. "1/3"',
                                       _D["dawn_raid_below_fraction"], label="Dawn Raid depth"),
    "dawn_raid_table": Option("cards below the Dawn Raid for each player count, typed as code, e.g. {\"4\": 24} "
                              "(instead of the share)", _D["dawn_raid_table"], label="Dawn Raid depth per player count"),
    "pinch_insert": Option("where a Pinched pepper goes back into the draw deck", _D["pinch_insert"], PINCH_INSERTS,
                           label="A Pinched pepper goes back",
                           choice_labels={"middle_third_random": "anywhere in the middle third",
                                          "exact_middle": "exactly in the middle"}),
    "first_player": Option("the seat that plays first (default: a seeded random seat)", _D["first_player"],
                           label="First player"),
    "empty_hand_pass_discard": Option("a player who passes with an empty hand still discards a pepper from a gang",
                                      _D["empty_hand_pass_discard"], label="Empty-handed pass discards"),
    "interrupt_order": Option("the order in which players are asked whether to defend against a Hot card",
                              _D["interrupt_order"], INTERRUPT_ORDERS, label="Who is asked first to defend",
                              choice_labels={"clockwise_from_attacker_left": "clockwise from the attacker's left",
                                             "target_first": "the target first",
                                             "seeded_random": "a random order"}),
    "two_player_exchanges_per_turn": Option("2-Player Mode: how many times a turn a player may exchange Hot cards",
                                            _D["two_player_exchanges_per_turn"],
                                            label="Hot-card exchanges per turn (2 players)"),
}
#: options renamed (old name -> new): records saved under the old name still load (docs/game-folder.md's
#: vocabulary: ``first_player`` in every game)
RENAMED = {"start_player": "first_player"}


def _whole(v) -> bool:
    return type(v) is int


def _seat(v, n) -> bool:
    return _whole(v) and 0 <= v < n


def team_seats(players: int, teams) -> list[list[int]]:
    """The seats of each team (MAFIA-TEAM-1).

    ``teams`` is a number of teams k, seated interleaved (team = seat mod k), or
    an explicit list of seat lists. Teams must be at least 2, of one size of at
    least 2, cover every seat once, and no two teammates may sit side by side.
    """
    if _whole(teams):
        k = teams
        if k < 2 or players % k or players // k < 2:
            raise ConfigError(f"teams: {players} players cannot form {k} teams of equal size of at least 2 "
                              "(MAFIA-TEAM-1)")
        return [[s for s in range(players) if s % k == t] for t in range(k)]
    if not isinstance(teams, (list, tuple)) or not all(isinstance(t, (list, tuple)) for t in teams):
        raise ConfigError(f"teams must be a number of teams or a list of seat lists, not {brief(teams)} (MAFIA-TEAM-1)")
    out = [sorted(t) for t in teams]
    seats = sorted(s for t in out for s in t)
    if not all(_whole(s) for s in seats) or seats != list(range(players)):
        raise ConfigError(f"teams must hold every seat 0..{players - 1} exactly once, not {brief(teams)} (MAFIA-TEAM-1)")
    if len(out) < 2 or len({len(t) for t in out}) != 1 or len(out[0]) < 2:
        raise ConfigError(f"teams must be at least 2 teams of one size of at least 2, not {brief(teams)} (MAFIA-TEAM-1)")
    team_of = {s: i for i, t in enumerate(out) for s in t}
    for s in range(players):
        if team_of[s] == team_of[(s + 1) % players]:
            raise ConfigError(f"teams: teammates {s} and {(s + 1) % players} would sit side by side (MAFIA-TEAM-1)")
    return out


#: the longest text a share may be typed as, and the largest power of ten it may name ("1e-3"): Fraction would
#: expand "1e100000000" digit by digit (minutes of CPU) before the range check refused it
SHARE_CHARS = 40
SHARE_EXPONENT = 20
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)")


def _fraction(v) -> str:
    if isinstance(v, str):
        if len(v) > SHARE_CHARS:
            raise ConfigError(f'dawn_raid_below_fraction must be a share like "1/3" of at most {SHARE_CHARS} '
                              f"characters, not {brief(v)} (DEC-2)")
        m = _EXPONENT.search(v)
        if m and abs(int(m.group(1))) > SHARE_EXPONENT:
            raise ConfigError(f'dawn_raid_below_fraction must be a share like "1/3", not {brief(v)}: a power of ten '
                              f"beyond {SHARE_EXPONENT} is not a share (DEC-2)")
    try:
        f = Fraction(v) if not isinstance(v, float) else Fraction(v).limit_denominator(1000)
    except (ValueError, TypeError, ZeroDivisionError):
        raise ConfigError(f'dawn_raid_below_fraction must be a share like "1/3", not {brief(v)} (DEC-2)') from None
    if isinstance(v, bool) or not 0 <= f <= 1:
        raise ConfigError(f"dawn_raid_below_fraction must be between 0 and 1, not {brief(v)} (DEC-2)")
    return f"{f.numerator}/{f.denominator}"


def _dawn_table(v, seats: tuple[int, int]):
    if v is None:
        return None
    if not isinstance(v, dict):
        raise ConfigError(f'dawn_raid_table must map player counts to cards below, e.g. {{"4": 24}}, not {brief(v)}')
    out = {}
    for k, below in v.items():
        try:
            players = int(k)
        except (TypeError, ValueError):
            raise ConfigError(f"dawn_raid_table: {brief(k)} is not a player count") from None
        if not seats[0] <= players <= seats[1] or not _whole(below) or below < 0:
            raise ConfigError(f"dawn_raid_table: {brief(k)} -> {brief(below)} must be a player count {seats[0]}-{seats[1]} "
                              "and a whole number of cards >= 0 (MAFIA-SETUP-7)")
        out[str(players)] = below
    return out


def normalize_options(raw: dict) -> dict:
    """A complete, JSON-able options dict, or a ConfigError naming the bad option (MAFIA-SETUP-1).

    An option under its old name (:data:`RENAMED`: a record saved before the rename) is read under its new one.
    """
    from ..spec import SPEC  # lazily: the spec declares the options from this module's OPTIONS

    # the spec's declarations check the names, the seat count (2 to 8), the bools, the whole numbers and the
    # choices (mode, sweet_chili_2to4, pinch_insert, interrupt_order); what they cannot say is checked below
    checked = SPEC.normalize(raw, renamed=RENAMED)
    o: dict[str, Any] = {k: checked[k] for k in DEFAULTS}  # DEFAULTS' order
    n = o["players"]
    if o["mode"] == "team":
        if n == 2:
            raise ConfigError("mode: a 2-player game cannot be played in teams (MAFIA-SETUP-1)")
        o["teams"] = team_seats(n, 2 if o["teams"] is None else o["teams"])
    elif o["teams"] is not None:
        raise ConfigError("teams is set but mode is 'individual': set mode='team' (MAFIA-TEAM-1)")
    for key, lo, hi, why in (("rumble_count_2to4", 0, 5, "DEC-15"), ("two_player_exchanges_per_turn", 0, 99, "DEC-30")):
        if not lo <= o[key] <= hi:
            raise ConfigError(f"{key} must be a whole number from {lo} to {hi}, not {brief(o[key])} ({why})")
    o["dawn_raid_below_fraction"] = _fraction(o["dawn_raid_below_fraction"])
    o["dawn_raid_table"] = _dawn_table(o["dawn_raid_table"], SPEC.players)
    sp = o["first_player"]
    if sp is not None and not _seat(sp, n):
        raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {brief(sp)} (MAFIA-SETUP-9)")
    return o


def team_of(options: Mapping) -> tuple[int, ...]:
    """Each seat's team index; in individual play every seat is its own side."""
    n = options["players"]
    if options["mode"] != "team":
        return tuple(range(n))
    out = [0] * n
    for t, seats in enumerate(options["teams"]):
        for s in seats:
            out[s] = t
    return tuple(out)
