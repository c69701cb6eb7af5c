"""All You Can Chili components as data (aycc.md section 1): dishes, characters, tolerances, tokens.

**Dishes.** The rulebook gives 47 dish cards with flames 1-7, some with an icon (Eye, Lock,
Fork, Chili) or a star value (Latte 1/7, The Reaper 7/1), but not the composition. The
composition is an assumption (AYCC-COMP-1, DEC-28): :data:`DEFAULT_COMPOSITION` is table 1.2
of the catalogue, and the option ``dish_composition`` replaces it with any list of entries
``{"name", "flame", "score", "icon", "count"}`` (checked in ``options.py``).

Each entry becomes ``count`` physical cards. A composition's cards are singletons
(:func:`dishes` keeps one tuple per composition while anything holds one of its cards, and the
last few used besides: a bounded cache, since compositions come from strangers' records), numbered 0.. in entry order: with the default,
ids 0..46, ordered by flame, then plain, Eye, Lock, Fork, Chili, star. A card is named after its
entry, with ``" #k"`` for the k-th copy (``"Dish 5F #1"``), except a star card alone in its entry
(``"Latte"``, ``"The Reaper"``).

Codes for explicit decks and scenarios (:func:`parse_code`): ``"5"`` a plain dish of flame 5;
``"5E"``, ``"5L"``, ``"5F"``, ``"5C"`` flame 5 with the Eye, Lock, Fork or Chili icon; ``"1*7"`` a
star card of flame 1 and score 7; a card's name (``"Latte"``, ``"Reaper"``, ``"The Reaper"``,
``"Dish 5F #1"``: case, accents and spaces ignored, "The" optional).

>>> d = dishes()
>>> len(d), sum(x.flame for x in d), sum(x.score for x in d)
(47, 183, 183)
>>> [str(x) for x in d if x.icon == "star"]
['Latte', 'The Reaper']
>>> character("Go Chun Jang").key
'go_chu_jang'
"""
from __future__ import annotations

import re
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from chililab.engine.cards import CardPicker, fold

# ---------------------------------------------------------------- dishes

#: the dish icons (AYCC-COMP-2): "none" is a plain dish, "star" a split tolerance/score card
ICONS = ("none", "eye", "lock", "fork", "chili", "star")
#: the code letter of each icon that has one (``"5E"``)
ICON_LETTER = {"eye": "E", "lock": "L", "fork": "F", "chili": "C"}
LETTER_ICON = {v: k for k, v in ICON_LETTER.items()}


def _plain_row(flame: int, plain: int, eye: int, lock: int, fork: int, chili: int) -> list[dict]:
    """One flame's row of table 1.2: the plain and icon entries (count 0 left out)."""
    out = [{"name": f"Dish {flame}", "flame": flame, "score": flame, "icon": "none", "count": plain}]
    for icon, count in (("eye", eye), ("lock", lock), ("fork", fork), ("chili", chili)):
        if count:
            out.append({"name": f"Dish {flame}{ICON_LETTER[icon]}", "flame": flame, "score": flame, "icon": icon,
                        "count": count})
    return out


#: Table 1.2 of the catalogue (an assumption, DEC-28): 27 plain, 5 Eye, 4 Lock, 5 Fork, 4 Chili and the two
#: named star cards, 47 cards; the flames add up to 183 and so do the scores. The ``dish_composition`` option
#: replaces it (same entry format).
DEFAULT_COMPOSITION: tuple[dict, ...] = tuple(
    _plain_row(1, 3, 1, 1, 1, 0) + [{"name": "Latte", "flame": 1, "score": 7, "icon": "star", "count": 1}]
    + _plain_row(2, 4, 1, 0, 1, 1) + _plain_row(3, 4, 1, 1, 0, 1) + _plain_row(4, 4, 1, 0, 1, 1)
    + _plain_row(5, 4, 1, 1, 1, 0) + _plain_row(6, 4, 0, 1, 0, 1)
    + _plain_row(7, 4, 0, 0, 1, 0) + [{"name": "The Reaper", "flame": 7, "score": 1, "icon": "star", "count": 1}]
)
#: the standard number of dish cards (AYCC-COMP-1)
STANDARD_DECK_SIZE = 47


@dataclass(frozen=True, slots=True, eq=False)
class Dish:
    """One physical dish card. Cards of one composition are singletons: identity is equality.

    ``flame`` (1-7) counts toward heat, burn-out and the exact match; ``score`` counts toward points
    (equal to the flame except on star cards, AYCC-ICON-STAR-1); ``icon`` is one of :data:`ICONS`;
    ``composition`` is the key of the composition the card belongs to (``None``: the default);
    ``kind`` is ``(flame, score, icon)``: cards of one kind play alike (a turn lists one serve per kind).
    """

    id: int
    flame: int
    score: int
    icon: str
    name: str
    composition: tuple | None = None
    kind: tuple = ()
    #: the :class:`Deck` the card belongs to (it keeps its composition's cards alive while the card lives)
    deck: Any = field(default=None, repr=False)

    @property
    def code(self) -> str:
        """The short code tests and scenarios use: ``"5"``, ``"5F"``; a star card's name."""
        if self.icon == "star":
            return self.name
        return f"{self.flame}{ICON_LETTER.get(self.icon, '')}"

    def __str__(self):
        return self.code

    def __repr__(self):
        return f"<{self.code}#{self.id}>"

    def __reduce__(self):  # pickled as (composition, id): the same singleton comes back
        return (_dish, (self.composition, self.id))

    def __lt__(self, other):
        return self.id < other.id


def composition_key(composition) -> tuple | None:
    """A hashable key for a composition (``None`` for the default): a tuple of entry tuples."""
    if composition is None:
        return None
    key = tuple((e["name"], e["flame"], e["score"], e["icon"], e["count"]) for e in composition)
    default = tuple((e["name"], e["flame"], e["score"], e["icon"], e["count"]) for e in DEFAULT_COMPOSITION)
    return None if key == default else key


class Deck:
    """The cards of one composition (``cards``) and what other modules build for it (``extra``: the session
    class, the prebuilt serves). Each card holds its deck, so a deck lives while anything holds one of its
    cards (a game, a move, a view): the same composition then always gives the same card objects."""

    __slots__ = ("cards", "extra", "__weakref__")

    def __init__(self):
        self.cards: tuple[Dish, ...] = ()
        self.extra: dict = {}


#: decks in use, by composition key (an entry goes when nothing holds its cards any more)
_DECKS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
#: how many of the decks used last are kept though nothing holds them (a bounded cache: a composition comes
#: from anybody's record, and its cards take up to ~0.2 MB)
RECENT_DECKS = 8
_RECENT: OrderedDict = OrderedDict()


def deck_by_key(key: tuple | None) -> Deck:
    """The :class:`Deck` of the composition with this key (:func:`composition_key`), made when none is alive."""
    if key is None:
        return _DEFAULT_DECK
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = _make_deck(key)
    _RECENT[key] = deck
    _RECENT.move_to_end(key)
    while len(_RECENT) > RECENT_DECKS:
        _RECENT.popitem(last=False)
    return deck


def _make_deck(key: tuple | None) -> Deck:
    entries = DEFAULT_COMPOSITION if key is None else [dict(zip(("name", "flame", "score", "icon", "count"), e))
                                                         for e in key]
    deck = Deck()
    out: list[Dish] = []
    for e in entries:
        n = e["count"]
        for k in range(n):
            alone = e["icon"] == "star" and n == 1
            name = e["name"] if alone else f"{e['name']} #{k + 1}"
            out.append(Dish(len(out), e["flame"], e["score"], e["icon"], name, key,
                            (e["flame"], e["score"], e["icon"]), deck))
    deck.cards = tuple(out)
    return deck


_DEFAULT_DECK = _make_deck(None)


def dishes_by_key(key: tuple | None) -> tuple[Dish, ...]:
    """The dish cards of the composition with this key (:func:`composition_key`): the same objects while any
    of them is alive (see :class:`Deck`)."""
    return deck_by_key(key).cards


def dishes(composition=None) -> tuple[Dish, ...]:
    """Every dish card of a composition (normalized entries, see ``options.normalize_composition``), in id order.

    ``None`` is the default (table 1.2). The same composition always gives the same card objects.
    """
    return dishes_by_key(composition_key(composition))


def _dish(key, i: int) -> Dish:
    return dishes_by_key(key)[i]


DEFAULT_DISHES = dishes()


def dish_by_id(i: int, table: tuple[Dish, ...] = DEFAULT_DISHES) -> Dish:
    """The dish with id ``i`` in ``table`` (default: the standard composition); ValueError if none."""
    if type(i) is not int or not 0 <= i < len(table):
        raise ValueError(f"no dish has id {i!r} (ids are 0 to {len(table) - 1})")
    return table[i]


class Listed(tuple):
    """Dishes (or names) that read as ``"5F, 2, Latte"`` when an event's text is formatted (only when someone reads it)."""

    __slots__ = ()

    def __format__(self, spec):
        return ", ".join(map(str, self))


def lowest_of_each_kind(dishes) -> list[Dish]:
    """The dish of each kind with the lowest id among ``dishes``, kinds in the order they first appear."""
    kinds: dict = {}
    for d in dishes:
        e = kinds.get(d.kind)
        if e is None or d.id < e.id:
            kinds[d.kind] = d
    return list(kinds.values())


def heat(pile) -> int:
    """The sum of the flames of a pile: the "spiciness level" (AYCC-SERVE-5)."""
    return sum(d.flame for d in pile)


def points(pile) -> int:
    """The sum of the scores of a pile (star values replace flames, AYCC-ICON-STAR-1)."""
    return sum(d.score for d in pile)


_CODE = re.compile(r"^([1-7])([ELFC]?)$")
_STAR = re.compile(r"^([1-7])\*(\d{1,2})$")


def parse_code(code: str) -> Callable[[Dish], bool]:
    """The test a dish passes to fit ``code`` (see the module docstring); ValueError for a malformed code.

    >>> fits = parse_code("5F")
    >>> [d.name for d in DEFAULT_DISHES if fits(d)]
    ['Dish 5F #1']
    """
    if not isinstance(code, str) or not code.strip():
        raise ValueError(f"a dish code must be text like '5', '5F', 'Latte' or 'Reaper', not {code!r}")
    c = code.strip()
    m = _CODE.match(c.upper())
    if m:
        flame, icon = int(m.group(1)), LETTER_ICON.get(m.group(2), "none")
        return lambda d: d.flame == flame and d.icon == icon
    m = _STAR.match(c)
    if m:
        flame, score = int(m.group(1)), int(m.group(2))
        return lambda d: d.icon == "star" and d.flame == flame and d.score == score
    if c[:1].isdigit():
        raise ValueError(f"unknown dish code {code!r}: a flame 1-7, then optionally E, L, F or C (e.g. '5F'), "
                         "or a star card as flame*score (e.g. '1*7')")
    want = fold(c)
    return lambda d: fold(d.name) in (want, "the" + want) or fold(d.name.split(" #")[0]) in (want, "the" + want)


class DishPicker(CardPicker):
    """Hands out distinct physical dishes of ``table`` for codes (``"5F"``, ``"Latte"``), ids or dishes."""

    # a plain function, read on the class (``type(self).matcher``, as CardPicker.take does): declared as the
    # base declares it, because mypy reads a staticmethod against that ClassVar as a method without arguments
    matcher: ClassVar[Callable[[str], Callable[[Any], bool]]] = parse_code

    def __init__(self, table: tuple[Dish, ...] = DEFAULT_DISHES):
        super().__init__(table)
        self.table = table

    def take(self, code):
        if type(code) is int:
            code = dish_by_id(code, self.table)
        return super().take(code)


# ---------------------------------------------------------------- characters

#: the seven characters (AYCC-COMP-1): canonical key, name, ability (Inferno Mode, AYCC-INFERNO-*)
CHARACTER_TABLE = (
    ("habi_wasabi", "Habi Wasabi", "Green Frenzy"),
    ("piri_piri", "Piri Piri", "Fiery Dance"),
    ("fuego_fred", "Fuego Fred", "I Must Endure!"),
    ("vasco_tabasco", "Vasco Tabasco", "Quick Fork"),
    ("king_naga", "King Naga", "Savage Diss"),
    ("al_apeno", "Al Apeno", "Siesta"),
    ("go_chu_jang", "Go Chu Jang", "Mastery"),
)
#: other spellings accepted in input (AYCC-INFERNO-GOCHUJANG-2, DEC-2: the rulebook writes both)
ALIASES = {"Go Chun Jang": "go_chu_jang"}


@dataclass(frozen=True, slots=True, eq=False)
class Character:
    """One of the seven characters. ``id`` is its index in :data:`CHARACTERS` (0-6), ``key`` its canonical id."""

    id: int
    key: str
    name: str
    ability: str

    def __str__(self):
        return self.name

    def __repr__(self):
        return f"<{self.key}>"

    def __reduce__(self):
        return (character, (self.id,))


CHARACTERS: tuple[Character, ...] = tuple(Character(i, *row) for i, row in enumerate(CHARACTER_TABLE))
_BY_NAME = {fold(c.key): c for c in CHARACTERS}
_BY_NAME.update({fold(c.name): c for c in CHARACTERS})
_BY_NAME.update({fold(a): CHARACTERS[[c.key for c in CHARACTERS].index(k)] for a, k in ALIASES.items()})


def character(name) -> Character:
    """A character by index (0-6), canonical key, name or alias (``"Go Chun Jang"``); ValueError otherwise."""
    if isinstance(name, Character):
        return name
    if type(name) is int:
        if 0 <= name < len(CHARACTERS):
            return CHARACTERS[name]
    elif isinstance(name, str) and fold(name) in _BY_NAME:
        return _BY_NAME[fold(name)]
    raise ValueError(f"unknown character {name!r}: one of {', '.join(c.name for c in CHARACTERS)}")


# ---------------------------------------------------------------- tolerances, tokens, numbers

#: the nine tolerance cards, one of each value (AYCC-COMP-1, derived)
TOLERANCES: tuple[int, ...] = tuple(range(16, 25))
#: the three tokens (AYCC-COMP-1)
TOKENS = ("chili", "last_target", "lock")
HAND_SIZE = 4  # dishes dealt and refilled to (AYCC-SETUP-5, AYCC-SERVE-6)
CHILI_BONUS = 5  # AYCC-BONUS-1
EXACT_BONUS = 10  # AYCC-BONUS-2
NEUTRAL_PER_CARD = 2  # AYCC-ROUND-1
NAGA_BONUS = 7  # AYCC-INFERNO-KINGNAGA-1
