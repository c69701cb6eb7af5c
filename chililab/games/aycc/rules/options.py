"""All You Can Chili options, checked up front (aycc.md section 0, Configuration).

:func:`normalize_options` turns what a caller gave into a complete, JSON-able options
dict, or raises a :class:`ConfigError` naming the option and the clause behind it.
:data:`OPTIONS` describes each option for the command line (``-o inferno=yes``) and
dashboard forms.

==================== ================ =====================================================
option               default          meaning
==================== ================ =====================================================
players              4                2-6 (AYCC-SETUP-1, DEC-1; declared in ``spec.py``)
inferno              False            Inferno Mode: the characters' abilities (AYCC-INFERNO-1)
game_end             "three_rounds"   or "first_to_50" (AYCC-GAME-1, AYCC-GAME-2)
rounds               3                rounds of a "three_rounds" game
target_points        50               the threshold of a "first_to_50" game
first_player         None             round 1's first seat; None: a seeded random seat (a
                                      record's old name start_player is read as it)
dish_composition     None             None: table 1.2 (``cards.DEFAULT_COMPOSITION``); else a
                                      list of {name, flame, score, icon, count} (AYCC-COMP-2)
deck_size            47               how many dishes the composition must hold; another
                                      number than 47 is a non-standard game (AYCC-COMP-2)
siesta_blocks_swap   True             Siesta also blocks a Piri Piri swap (DEC-23)
language             "ENG"            which identity and summary cards (no rules effect)
==================== ================ =====================================================
"""
from __future__ import annotations

from typing import Any

from chililab.engine import ConfigError
from chililab.engine.bounds import brief
from chililab.engine.registry import Option

from .cards import DEFAULT_COMPOSITION, HAND_SIZE, ICONS, STANDARD_DECK_SIZE

GAME_ENDS = ("three_rounds", "first_to_50")
LANGUAGES = ("ENG", "ITA")

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "inferno": False,
    "game_end": "three_rounds",
    "rounds": 3,
    "target_points": 50,
    "first_player": None,
    "dish_composition": None,
    "deck_size": STANDARD_DECK_SIZE,
    "siesta_blocks_swap": True,
    "language": "ENG",
}

_D = DEFAULTS
OPTIONS = {
    "inferno": Option("Inferno Mode: each character's special ability may be used once per round", _D["inferno"],
                      label="Inferno Mode"),
    "game_end": Option("when the game ends: after a number of rounds, or as soon as someone reaches the target points",
                       _D["game_end"], GAME_ENDS, label="End of the game",
                       choice_labels={"three_rounds": "after the rounds", "first_to_50": "first to the target points"}),
    "rounds": Option("how many rounds a game of rounds lasts", _D["rounds"], label="Rounds"),
    "target_points": Option("the points that end a first-to-the-target game", _D["target_points"],
                            label="Target points"),
    "first_player": Option("the seat that plays first in round 1 (default: a seeded random seat)", _D["first_player"],
                           label="First player"),
    "dish_composition": Option('the dish cards, typed as code: a list of {"name", "flame", "score", "icon", "count"} '
                               "(default: the assumed table 1.2)", _D["dish_composition"], label="Dish cards"),
    "deck_size": Option("how many dish cards the deck holds (47 in the standard game)", _D["deck_size"],
                        label="Dish cards in the deck"),
    "siesta_blocks_swap": Option("Al Apeno's Siesta also stops a Fiery Dance swap that involves Al Apeno",
                                 _D["siesta_blocks_swap"], label="Siesta stops Fiery Dance"),
    "language": Option("the language of the identity and summary cards (no effect on the rules)", _D["language"],
                       LANGUAGES, label="Card language", choice_labels={"ENG": "English", "ITA": "Italian"}),
}
#: the longest dish name (each card is named after its entry: "Dish 5F #1"; the longest default name has 10)
MAX_DISH_NAME = 40
#: the most entries a composition may list (one per card of the largest deck, deck_size 999)
MAX_DISH_ENTRIES = 999
_ENTRY_KEYS = ("name", "flame", "score", "icon", "count")
#: options renamed (old name -> new): records saved under the old name still load (docs/game-folder.md's vocabulary)
RENAMED = {"start_player": "first_player"}


def _whole(v) -> bool:
    return type(v) is int


def normalize_composition(raw) -> list[dict]:
    """Composition entries checked and completed (score defaults to the flame, icon to "none"), AYCC-COMP-2.

    Each entry: a non-empty ``name``; ``flame`` 1-7; ``score`` a whole number 0-99, equal to the flame
    unless the icon is "star"; ``icon`` one of :data:`~chililab.games.aycc.rules.cards.ICONS`; ``count`` >= 0.
    """
    if not isinstance(raw, (list, tuple)) or not raw:
        raise ConfigError(f"dish_composition must be a non-empty list of entries "
                          f'{{"name", "flame", "score", "icon", "count"}}, not {brief(raw)} (AYCC-COMP-2)')
    if len(raw) > MAX_DISH_ENTRIES:
        raise ConfigError(f"dish_composition has {len(raw):,} entries, more than the {MAX_DISH_ENTRIES} a deck of "
                          "at most 999 cards needs (AYCC-COMP-2)")
    out = []
    names = set()
    for i, e in enumerate(raw):
        where = f"dish_composition entry {i + 1}"
        if not isinstance(e, dict):
            raise ConfigError(f"{where} must be an object with name, flame, icon and count, not {brief(e)} (AYCC-COMP-2)")
        unknown = set(e) - set(_ENTRY_KEYS)
        if unknown:
            raise ConfigError(f"{where} has unknown keys {sorted(map(str, unknown))}; an entry has "
                              f"{', '.join(_ENTRY_KEYS)} (AYCC-COMP-2)")
        name, flame = e.get("name"), e.get("flame")
        icon = e.get("icon", "none") or "none"
        score, count = e.get("score", flame), e.get("count", 1)
        if isinstance(name, str) and len(name) > MAX_DISH_NAME:
            raise ConfigError(f"{where}: a dish name is at most {MAX_DISH_NAME} characters, not {len(name):,} "
                              f"({brief(name)}) (AYCC-COMP-2)")
        if not isinstance(name, str) or not name.strip() or " #" in name:
            raise ConfigError(f"{where}: name must be a non-empty text without ' #', not {brief(name)} (AYCC-COMP-2)")
        if name in names:
            raise ConfigError(f"{where}: the name {brief(name)} is used twice (AYCC-COMP-2)")
        if type(flame) is not int or not 1 <= flame <= 7:
            raise ConfigError(f"{where} ({name}): flame must be a whole number from 1 to 7, not {brief(flame)} "
                              "(AYCC-COMP-2)")
        if icon not in ICONS:
            raise ConfigError(f"{where} ({name}): icon must be one of {', '.join(ICONS)}, not {brief(icon)} (AYCC-COMP-2)")
        if type(score) is not int or not 0 <= score <= 99:
            raise ConfigError(f"{where} ({name}): score must be a whole number from 0 to 99, not {brief(score)} "
                              "(AYCC-COMP-2)")
        if icon != "star" and score != flame:
            raise ConfigError(f"{where} ({name}): only a star card scores other than its flame "
                              f"(flame {flame}, score {score}) (AYCC-COMP-2, AYCC-ICON-STAR-1)")
        if not _whole(count) or count < 0:
            raise ConfigError(f"{where} ({name}): count must be a whole number >= 0, not {brief(count)} (AYCC-COMP-2)")
        names.add(name)
        out.append({"name": name, "flame": flame, "score": score, "icon": icon, "count": count})
    return out


def composition(options: dict) -> list[dict]:
    """The dish composition of a game (normalized options): the option's entries, or table 1.2."""
    comp = options.get("dish_composition")
    return [dict(e) for e in (DEFAULT_COMPOSITION if comp is None else comp)]


def is_standard(options: dict) -> bool:
    """The standard game: 47 dishes (a different deck size makes a non-standard game, AYCC-COMP-2)."""
    return options["deck_size"] == STANDARD_DECK_SIZE


def normalize_options(raw: dict) -> dict:
    """A complete, JSON-able options dict, or a ConfigError naming the bad option and its clause.

    An option under its old name (:data:`RENAMED`: a record saved before the rename) is read under its new one.
    """
    from ..spec import SPEC  # lazily: the spec declares the options from this module's OPTIONS

    # the spec's declarations check the names, the seat count (2 to 6, AYCC-SETUP-1), the bools, the whole
    # numbers and the choices (game_end, language); what they cannot say is checked below
    checked = SPEC.normalize(raw, renamed=RENAMED)
    o: dict[str, Any] = {k: checked[k] for k in DEFAULTS}  # DEFAULTS' order
    n = o["players"]
    for key, lo, hi, clause in (("rounds", 1, 99, "AYCC-GAME-1"), ("target_points", 1, 9999, "AYCC-GAME-2")):
        if not lo <= o[key] <= hi:
            raise ConfigError(f"{key} must be a whole number from {lo} to {hi}, not {brief(o[key])} ({clause})")
    sp = o["first_player"]
    if sp is not None and not (_whole(sp) and 0 <= sp < n):
        raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {brief(sp)} (AYCC-SETUP-7)")
    size = o["deck_size"]
    if not HAND_SIZE * n <= size <= 999:
        raise ConfigError(f"deck_size must be a whole number from {HAND_SIZE * n} (4 dishes for each of {n} "
                          f"players) to 999, not {brief(size)} (AYCC-SETUP-5)")
    if o["dish_composition"] is not None:
        o["dish_composition"] = normalize_composition(o["dish_composition"])
    total = sum(e["count"] for e in composition(o))
    if total != size:
        raise ConfigError(f"dish_composition holds {total} cards, but the deck must have {size} "
                          f"(deck_size; the standard game has {STANDARD_DECK_SIZE}) (AYCC-COMP-2)")
    return o
