"""Chili Loco cards as data (shared/rules/loco.md section 1).

Every physical card has a global id: the 112 standard cards are 0..111 and the
two Personal Recipe cards are 112 and 113, so ids mean the same card in every
game whatever its options. Cards are compared by id; two cards are
*identical* (twins) when they share name and colour.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from chililab.engine.cards import CardPicker as _Picker
from chililab.engine.cards import fold

COLOURS = ("red", "green", "yellow", "purple")
COLOUR_CODE = {"R": "red", "G": "green", "Y": "yellow", "P": "purple"}
CODE_OF_COLOUR = {v: k for k, v in COLOUR_CODE.items()}

PEPPERS = ("Bell", "Cherry", "Jalapeño", "Scotch Bonnet", "Cayenne", "Habanero", "Ghost", "Carolina Reaper")
ACTIONS = ("Stir the Pot", "Hot Sauce", "Heat Stroke", "Salsa Slap")
WILDS = (("New Recipe", 6), ("Reaper", 4), ("Blender", 1), ("Taco Trade", 2), ("Hot Potato", 2), ("Milk Chaser", 1))
PERSONAL_RECIPE = "Personal Recipe"

# short names used in the rules notation (R-Bell, G-HotSauce, Y-Slap, NewRecipe, Milk ...)
SHORT = {
    "Bell": "Bell", "Cherry": "Cherry", "Jalapeño": "Jalapeno", "Scotch Bonnet": "ScotchBonnet",
    "Cayenne": "Cayenne", "Habanero": "Habanero", "Ghost": "Ghost", "Carolina Reaper": "Carolina",
    "Stir the Pot": "Stir", "Hot Sauce": "HotSauce", "Heat Stroke": "HeatStroke", "Salsa Slap": "Slap",
    "New Recipe": "NewRecipe", "Reaper": "Reaper", "Blender": "Blender", "Taco Trade": "Taco",
    "Hot Potato": "Potato", "Milk Chaser": "Milk", PERSONAL_RECIPE: "PR",
}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    id: int
    name: str
    colour: str | None  # None for wilds
    kind: str  # "pepper" | "action" | "wild"
    cream: bool  # cream border (peppers and Salsa Slaps): may be twinned and jumped in
    wild: bool = field(init=False, repr=False)  # kind == "wild", stored: the rules read it on every move

    def __post_init__(self):
        object.__setattr__(self, "wild", self.kind == "wild")

    @property
    def code(self) -> str:
        if self.name == PERSONAL_RECIPE:
            return f"PR{self.id - 111}"
        s = SHORT[self.name]
        return f"{CODE_OF_COLOUR[self.colour]}-{s}" if self.colour else s

    @property
    def border(self) -> str:
        return "cream" if self.cream else "dark"

    def identical(self, other: Card) -> bool:
        return self.name == other.name and self.colour == other.colour and self.id != other.id

    def __str__(self):
        return f"{self.colour} {self.name}" if self.colour else self.name

    def __repr__(self):
        return f"<{self.code}#{self.id}>"

    # Cards are singletons (ALL_CARDS), so identity is equality and hashing
    # is the default, C-fast one; unpickling returns the same singleton.
    def __reduce__(self):
        return (card_by_id, (self.id,))

    def __lt__(self, other):
        return self.id < other.id


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        for name in PEPPERS:
            for _ in range(2):
                cards.append(Card(len(cards), name, colour, "pepper", True))
    for colour in COLOURS:
        for name in ACTIONS:
            for _ in range(2):
                cards.append(Card(len(cards), name, colour, "action", name == "Salsa Slap"))
    for name, copies in WILDS:
        for _ in range(copies):
            cards.append(Card(len(cards), name, None, "wild", False))
    for _ in range(2):
        cards.append(Card(len(cards), PERSONAL_RECIPE, None, "wild", False))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _build()
# TWIN[id]: the other physical copy identical to this card (cream cards only), else None
TWIN: tuple[Card | None, ...] = tuple(
    next((o for o in ALL_CARDS if o.cream and c.cream and o.identical(c)), None) for c in ALL_CARDS)
STANDARD = ALL_CARDS[:112]
PR_CARDS = ALL_CARDS[112:]
assert len(STANDARD) == 112 and PR_CARDS[0].id == 112


def holds(cards: list, card: Card) -> bool:
    """``card in cards``, by identity (cards are singletons), and faster.

    ``==`` between two cards is slow: Card's ordering (``__lt__``) sends every
    comparison through Python-level slot dispatch, so the rules' hot paths use
    this and :func:`take` instead of ``in`` and ``list.remove``.
    """
    for c in cards:
        if c is card:
            return True
    return False


def take(cards: list, card: Card) -> None:
    """``cards.remove(card)``, by identity (see :func:`holds`)."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card!r} is not there")


def deck(personal_recipes: bool = False) -> tuple[Card, ...]:
    """The physical deck: 112 cards, or 114 with the two Personal Recipe cards (LOCO-COMP-1)."""
    return ALL_CARDS if personal_recipes else STANDARD


def card_by_id(i: int) -> Card:
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(ALL_CARDS):
        raise ValueError(f"no Chili Loco card has id {i!r}")
    return ALL_CARDS[i]


_BY_FOLDED_NAME = {}
for _name in PEPPERS + ACTIONS + tuple(n for n, _ in WILDS) + (PERSONAL_RECIPE,):
    _BY_FOLDED_NAME[fold(_name)] = _name
    _BY_FOLDED_NAME[fold(SHORT[_name])] = _name


def parse_code(code: str) -> tuple[str, str | None]:
    """``"R-Bell"`` -> ("Bell", "red"); ``"Milk"`` -> ("Milk Chaser", None); ``"PR1"`` -> PR."""
    if not isinstance(code, str):
        raise ValueError(f"a card code must be text like 'R-Bell', not {code!r}")
    c = code.strip()
    if c.upper() in ("PR1", "PR2"):
        return PERSONAL_RECIPE, None
    colour = None
    if len(c) > 2 and c[1] == "-" and c[0].upper() in COLOUR_CODE:
        colour, c = COLOUR_CODE[c[0].upper()], c[2:]
    name = _BY_FOLDED_NAME.get(fold(c))
    if name is None:
        raise ValueError(f"unknown card {code!r}: write e.g. 'R-Bell', 'G-HotSauce', 'Y-Slap', 'NewRecipe', 'Milk'")
    is_wild = name in dict(WILDS) or name == PERSONAL_RECIPE
    if is_wild and colour:
        raise ValueError(f"{code!r}: wild cards have no colour")
    if not is_wild and not colour:
        raise ValueError(f"{code!r}: name the colour, e.g. 'R-{SHORT[name]}'")
    return name, colour


def _matcher(code: str) -> Callable[[Card], bool]:
    """The test a card passes to fit ``code``: a Personal Recipe by its number, else name and colour."""
    if code.strip().upper() in ("PR1", "PR2"):
        pr = card_by_id(111 + int(code.strip()[-1]))
        return lambda c: c is pr
    name, colour = parse_code(code)
    return lambda c: c.name == name and c.colour == colour


class CardPicker(_Picker):
    """Hands out distinct physical cards for codes (``"R-Bell"``, ``"PR1"``), ids or cards (scenarios, explicit decks)."""

    by_id = card_by_id  # read through the class (type(self).by_id): a plain function, no binding
    matcher = _matcher


# ------------------------------------------------------------------ cards in event texts

def cards_text(cards) -> str:
    """Cards as texts list them ("red Bell, Blender"), or "nothing"."""
    return ", ".join(str(c) for c in cards) if cards else "nothing"


#: NAME[card id]: the card as texts show it, and TWIN_NAME[card id]: "a twin of <card>". Event texts
#: hold these strings rather than the cards: a text's arguments that are only strings and numbers
#: leave the garbage collector nothing to follow in the record (a card is a tracked object)
NAME = tuple(str(c) for c in ALL_CARDS)
TWIN_NAME = tuple(f"a twin of {c}" for c in ALL_CARDS)


class CardsText:
    """Cards as an event's text shows them, formatted only when the text is read (see LazyEvent)."""

    __slots__ = ("cards",)

    def __init__(self, cards):
        self.cards = cards

    def __str__(self):
        return cards_text(self.cards)
