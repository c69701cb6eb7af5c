"""Chili Mafia cards as data (mafia.md section 1), and the deck for a table.

Every physical card in the boxes (base game, Goodfellas, promo packs, Hot
Properties) has one global integer id, the same whatever the options, so a
record means the same cards in every game. The tables below are the
rulebook's counts: the 5-8 player count, the 2-4 player count (the cards with
the pepper icon on two corners) and, for the peppers with an ability, how many
copies carry the ability icon in each.

Which physical copies are in the 2-4 subset and which carry the icon follows
from those counts (MAFIA-COMP-1, MAFIA-COMP-2): icon cards of the 2-4 subset
come first, then icon cards of 5-8 only, then plain 2-4 cards, then plain 5-8
only cards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from chililab.engine.cards import CardPicker as _Picker
from chililab.engine.cards import fold

# ---------------------------------------------------------------- the tables

#: Chili Pepper Mafiosi: key, name, strength, count 5-8, count 2-4, icon 5-8, icon 2-4, ability, box.
#: The 2-4 Sweet Chili count is an option (DEC-1; 6 by default), the Rumble 2-4 count too (DEC-15).
PEPPERS = (
    ("sweet", "Sweet Chili", 1, 8, 6, 0, 0, None, "base"),
    ("jimmy", "Jimmy Nardello", 2, 16, 10, 9, 6, "Sidekick", "base"),
    ("poblano", "Poblano", 3, 14, 9, 7, 5, "Bodyguard", "base"),
    ("hungarian", "The Hungarian", 4, 12, 8, 0, 0, None, "base"),
    ("jalapeno", "Jalapeño", 5, 10, 7, 0, 0, None, "base"),
    ("tabasco", "Tabasco", 6, 8, 6, 4, 3, "Troublemaker", "base"),
    ("habanero", "Habanero", 7, 7, 5, 0, 0, None, "base"),
    ("ghost", "Ghost Pepper", 8, 6, 5, 6, 5, "Sniper", "base"),
    ("moruga", "Moruga Scorpion", 9, 5, 3, 0, 0, None, "base"),
    ("carolina", "Carolina Reaper", 10, 4, 3, 0, 0, None, "base"),
    # Goodfellas expansion: each replaces the base pepper of equal strength (MAFIA-SETUP-2)
    ("pepperx", "Pepper X", 10, 4, 3, 4, 3, "Outlaw", "goodfellas"),
    ("naga", "Naga Viper", 9, 5, 3, 3, 2, "Lord", "goodfellas"),
    ("jeanette", "Madame Jeanette", 7, 7, 5, 3, 2, "Witch", "goodfellas"),
    ("chipotle", "Chipotle", 5, 10, 7, 4, 3, "Gambler", "goodfellas"),
    ("padron", "De Padrón", 4, 12, 8, 4, 3, "Dancer", "goodfellas"),
    # Yatsufusa promo pack: replaces every Tabasco, strength 6 (MAFIA-PROMO-YATSU-1, DEC-14)
    ("yatsufusa", "Yatsufusa", 6, 8, 6, 4, 3, "Samurai", "yatsufusa"),
)

#: Action and Hot cards: key, name, kind, count 5-8, count 2-4, box.
OTHERS = (
    ("fuggedaboutit", "Fuggedaboutit", "action", 8, 5, "base"),
    ("bagman", "Bagman", "action", 5, 3, "base"),
    ("booster", "Booster", "action", 5, 3, "base"),
    ("shakedown", "Shakedown", "action", 5, 3, "base"),
    ("earner", "Earner", "action", 7, 4, "base"),
    ("pinch", "Pinch", "hot", 6, 4, "base"),
    ("whack", "Whack", "hot", 11, 7, "base"),
    ("whackem", "Whack 'Em", "hot", 5, 3, "base"),
    ("turncoat", "Turncoat", "hot", 8, 4, "base"),
    ("dawn_raid", "Dawn Raid", "dawn_raid", 1, 1, "base"),
    ("rumble", "Rumble", "hot", 5, 3, "rumble"),
    ("taste_me", "Taste Me", "taste_me", 6, 6, "taste_me"),
)

#: Goodfellas Hot Property cards: key, name, copies, when it may be used ("turn" or "anytime").
#: 16 cards of 10 types, whatever the number of players (DEC-20).
HOT_PROPERTIES = (
    ("backup", "Backup", 2, "turn"),
    ("bribe", "Bribe", 1, "anytime"),
    ("easy_pal", "\u201cEasy, Pal!\u201d", 2, "anytime"),
    ("kiss_of_death", "Kiss of Death", 1, "anytime"),
    ("lifeline", "Lifeline", 2, "anytime"),
    ("lucky_dime", "Lucky Dime", 2, "turn"),
    ("make_a_deal", "Make a Deal", 2, "turn"),
    ("reconsider", "Reconsider", 1, "turn"),
    ("recruit", "Recruit", 1, "anytime"),
    ("snoop", "Snoop", 2, "turn"),
)

#: the base peppers the Goodfellas peppers replace (MAFIA-SETUP-2)
GOODFELLAS_REPLACES = {"pepperx": "carolina", "naga": "moruga", "jeanette": "habanero",
                       "chipotle": "jalapeno", "padron": "hungarian"}
SWEET = "sweet"
HAND_SIZE = 6  # cards dealt to each player (MAFIA-SETUP-4)


# ---------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card. Cards are singletons (:data:`ALL_CARDS`): identity is equality.

    ``key``: the card type ("ghost", "whack", "backup" ...); ``kind``: pepper, action, hot,
    dawn_raid, taste_me or hot_property; ``strength``: peppers only; ``icon``: the copy carries
    the ability icon; ``in_2to4``: the copy is in the 2-4 player subset (the Sweet Chili's with
    the default count of DEC-1); ``box``: base, goodfellas, yatsufusa, rumble, taste_me.
    """

    id: int
    key: str
    name: str
    kind: str
    strength: int | None
    icon: bool
    in_2to4: bool
    ability: str | None
    box: str
    #: derived once (the rules read them in every legal-move listing): a pepper's strength, 0 for other cards
    #: (the rules compare only peppers' strengths); the card is a pepper; it is a Sweet Chili
    power: int = field(init=False, repr=False)
    pepper: bool = field(init=False, repr=False)
    sweet: bool = field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "power", self.strength or 0)
        object.__setattr__(self, "pepper", self.kind == "pepper")
        object.__setattr__(self, "sweet", self.key == SWEET)

    def __str__(self):
        return self.name + ("*" if self.icon else "")

    def __repr__(self):
        return f"<{self.key}{'*' if self.icon else ''}#{self.id}>"

    def __reduce__(self):
        return (card_by_id, (self.id,))

    def __lt__(self, other):
        return self.id < other.id


def _copies(n58, n24, icon58, icon24):
    """(icon, in_2to4) of each copy, in id order (see the module docstring)."""
    out = [(True, True)] * icon24 + [(True, False)] * (icon58 - icon24)
    out += [(False, True)] * (n24 - icon24) + [(False, False)] * (n58 - icon58 - (n24 - icon24))
    assert len(out) == n58, "the table's counts must add up"
    return out


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for key, name, strength, n58, n24, i58, i24, ability, box in PEPPERS:
        for icon, small in _copies(n58, n24, i58, i24):
            cards.append(Card(len(cards), key, name, "pepper", strength, icon, small, ability, box))
    for key, name, kind, n58, n24, box in OTHERS:
        for small in [True] * n24 + [False] * (n58 - n24):
            cards.append(Card(len(cards), key, name, kind, None, False, small, None, box))
    for key, name, copies, _when in HOT_PROPERTIES:
        for _ in range(copies):
            cards.append(Card(len(cards), key, name, "hot_property", None, False, True, None, "goodfellas"))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _build()
STRENGTH = {row[0]: row[2] for row in PEPPERS}  # pepper key -> strength
HP_WHEN = {row[0]: row[3] for row in HOT_PROPERTIES}


def card_by_id(i: int) -> Card:
    if type(i) is not int or not 0 <= i < len(ALL_CARDS):
        raise ValueError(f"no Chili Mafia card has id {i!r}")
    return ALL_CARDS[i]


_OF_KEY: dict[str, tuple[Card, ...]] = {}
for _c in ALL_CARDS:
    _OF_KEY[_c.key] = _OF_KEY.get(_c.key, ()) + (_c,)


def of_key(key: str) -> tuple[Card, ...]:
    """Every physical copy of one card type, in id order."""
    return _OF_KEY.get(key, ())


# ---------------------------------------------------------------- decks for a table


def without(cards: tuple, card: Card) -> tuple:
    """``cards`` less its first ``card`` (a tuple's ``list.remove``): the rules keep seldom-changed piles as tuples."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def small_table(players: int) -> bool:
    """2-4 players use only the cards with the pepper icon on two corners (MAFIA-COMP-1)."""
    return players <= 4


def _take(key: str, count: int) -> list[Card]:
    return list(of_key(key)[:count])


_ID = attrgetter("id")  # the order of Card.__lt__, read in C (no Python call per comparison)


def _subset(key: str, small: bool) -> list[Card]:
    return [c for c in of_key(key) if c.in_2to4 or not small]


def deck(players: int, options: dict) -> tuple[Card, ...]:
    """The cards shuffled and dealt for this table (no Dawn Raid, Taste Me or Hot Property), in id order.

    MAFIA-COMP-1: the 2-4 or the 5-8 counts; MAFIA-SETUP-2: Goodfellas peppers replace five base
    peppers; MAFIA-SETUP-3: Yatsufusa replaces Tabasco, Rumble cards are added; MAFIA-PROMO-RUMBLE-3:
    no blank card is ever made. ``options`` are normalized options (``options.normalize_options``).
    """
    small = small_table(players)
    o = options
    replaced = set(GOODFELLAS_REPLACES.values()) if o["goodfellas_peppers"] else set()
    if o["yatsufusa"]:
        replaced.add("tabasco")
    out: list[Card] = []
    for key, _name, _s, _n58, _n24, _i58, _i24, _ab, box in PEPPERS:
        if box == "goodfellas" and not o["goodfellas_peppers"] or box == "yatsufusa" and not o["yatsufusa"]:
            continue
        if key in replaced:
            continue
        if key == SWEET and small:
            out += _take(SWEET, o["sweet_chili_2to4"])
        else:
            out += _subset(key, small)
    for key, _name, _kind, _n58, _n24, box in OTHERS:
        if box == "base" and key != "dawn_raid":
            out += _subset(key, small)
    if o["rumble"]:
        out += _take("rumble", o["rumble_count_2to4"] if small else 5)
    return tuple(sorted(out, key=_ID))


def dawn_raid() -> Card:
    """The one Dawn Raid card: set aside before the shuffle (MAFIA-SETUP-4)."""
    return of_key("dawn_raid")[0]


def taste_me_cards() -> tuple[Card, ...]:
    """The 6 Taste Me cards of the promo pack (MAFIA-PROMO-TASTE-1)."""
    return of_key("taste_me")


def hot_property_deck() -> tuple[Card, ...]:
    """The 16 Hot Property cards, in id order (MAFIA-SETUP-8)."""
    return tuple(c for c in ALL_CARDS if c.kind == "hot_property")


def table_cards(players: int, options: dict) -> tuple[Card, ...]:
    """Every card in play at this table: the deck, the Dawn Raid, Taste Me and Hot Properties as chosen."""
    out = list(deck(players, options)) + [dawn_raid()]
    if options["taste_me"]:
        out += taste_me_cards()
    if options["hot_properties"]:
        out += hot_property_deck()
    return tuple(sorted(out, key=_ID))


# ---------------------------------------------------------------- cards by name (tests, scenarios)


_BY_NAME: dict[str, str] = {}
for _row in PEPPERS + OTHERS + HOT_PROPERTIES:
    _BY_NAME[fold(_row[0])] = _row[0]
    _BY_NAME[fold(_row[1])] = _row[0]
_BY_NAME["fugg"] = "fuggedaboutit"  # the catalogue's short name


def parse_code(code: str) -> tuple[str, bool | None]:
    """``"Ghost*"`` -> ("ghost", True); ``"Ghost"`` -> ("ghost", None) (either copy); ``"Jalapeño"`` works too.

    A trailing ``*`` asks for a copy with the ability icon (the catalogue's notation);
    ``"Ghost-"`` asks for a copy without it.
    """
    if not isinstance(code, str):
        raise ValueError(f"a card code must be text like 'Ghost' or 'Jimmy*', not {code!r}")
    c = code.strip()
    icon = None
    if c.endswith("*"):
        icon, c = True, c[:-1]
    elif c.endswith("-"):
        icon, c = False, c[:-1]
    key = _BY_NAME.get(fold(c))
    if key is None:
        raise ValueError(f"unknown Chili Mafia card {code!r}: write e.g. 'Ghost', 'Jimmy*', 'Sweet', 'Whack'")
    return key, icon


def _matcher(code: str):
    """The test a card passes to fit ``code``: its type, and the icon when the code asks for one."""
    key, icon = parse_code(code)
    return lambda c: c.key == key and (icon is None or c.icon == icon)


class CardPicker(_Picker):
    """Hands out distinct physical cards for codes (``"Ghost*"``, ``"Whack"``), ids or cards, from a given set."""

    by_id = card_by_id
    matcher = _matcher
