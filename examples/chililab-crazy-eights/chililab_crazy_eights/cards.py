"""The cards: one or two standard 52-card decks (C8-DECK-1), each card a singleton with an integer id.

A card's *face* is OpenSpiel's card number, ``rank * 4 + suit``, with ranks ``2 3 4 5 6 7 8 9 T J Q K A``
(0-12) and suits clubs, diamonds, hearts, spades (0-3); its ``id`` is ``copy * 52 + face``, so the
second deck of a 6-15 player game holds ids 52-103. Codes are rank then suit, ``"8H"``, ``"TC"`` (or
``"10C"``), ``"AS"``; OpenSpiel's own order, suit then rank (``"H8"``), is read too.

>>> card("8H"), card("8H").face, card(2).code
(Card('8H'), 26, '2H')
>>> penalty(card("8S")), penalty(card("KD")), penalty(card("TD")), penalty(card("5C"))
(50, 10, 10, 5)
"""
from __future__ import annotations

from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
FACES = 52
#: ranks (0-12) of the cards that do something
TWO, EIGHT, QUEEN, ACE = 0, 6, 10, 12


@dataclass(frozen=True, eq=False)
class Card:
    """One physical card. Equal only to itself (two decks hold two cards of each face)."""

    id: int
    rank: int  # 0 = 2 ... 12 = Ace
    suit: int  # 0 clubs, 1 diamonds, 2 hearts, 3 spades
    face: int  # OpenSpiel's card number (0-51), rank * 4 + suit: which card this is, whichever deck it comes from

    @property
    def code(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self):
        return ("10" if self.rank == 8 else RANKS[self.rank]) + SUIT_SYMBOLS[self.suit]

    def __repr__(self):
        return f"Card({self.code!r})"

    def __hash__(self):
        return self.id

    def __reduce__(self):  # the singleton again, in another process too
        return (card_by_id, (self.id,))


class Shown(tuple):
    """Cards that read ``"8♥ 10♣ A♠"`` when an event's text is formatted (only when someone reads it)."""

    __slots__ = ()

    def __format__(self, spec):
        return " ".join(map(str, self))


#: every card of two decks, by id
CARDS: tuple[Card, ...] = tuple(Card(i, (i % FACES) // 4, i % 4, i % FACES) for i in range(2 * FACES))


def card_by_id(i: int) -> Card:
    if type(i) is not int or not 0 <= i < len(CARDS):
        raise ValueError(f"no card with id {i!r}: ids are 0 to {len(CARDS) - 1}")
    return CARDS[i]


def decks_for(players: int) -> int:
    """C8-DECK-1: one deck for 2-5 players, two for more."""
    return 2 if players > 5 else 1


def deck(decks: int) -> tuple[Card, ...]:
    """The cards of a game with ``decks`` decks, by id."""
    return CARDS[: decks * FACES]


def face_of(code) -> int:
    """The face (0-51) of a code (``"8H"``, ``"10H"``, ``"H8"``), a face number or a card; ValueError otherwise."""
    if isinstance(code, Card):
        return code.face
    if type(code) is int:
        if not 0 <= code < FACES:
            raise ValueError(f"a card number must be 0 to {FACES - 1}, not {code}")
        return code
    if not isinstance(code, str):
        raise ValueError(f"a card is a code like '8H', not {code!r}")
    t = code.strip().upper().replace("10", "T")
    if len(t) == 2 and t[0] in SUITS and t[1] in RANKS and not (t[0] in RANKS and t[1] in SUITS):
        t = t[1] + t[0]  # OpenSpiel's order: suit, rank
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"{code!r} is not a card code: a rank ({' '.join(RANKS)}) then a suit ({' '.join(SUITS)})")
    return RANKS.index(t[0]) * 4 + SUITS.index(t[1])


def card(code) -> Card:
    """The first deck's card for a code or a face number (the picker hands out the second deck's)."""
    return CARDS[face_of(code)]


def penalty(c: Card) -> int:
    """C8-SCORE-1: what a card left in hand costs: 50 for an eight, 10 for J, Q, K, A, else its face value."""
    if c.rank == EIGHT:
        return 50
    if c.rank >= 9:
        return 10
    return c.rank + 2
