"""Pure checks of Crazy Eights positions: no state, no randomness (the rules mixins call them).

>>> from .cards import CARDS, card
>>> matches(card("5H"), card("9H"), 2), matches(card("5C"), card("5H"), 2), matches(card("8C"), card("KH"), 2)
(True, True, True)
>>> matches(card("5C"), card("9H"), 2), matches(card("5C"), card("8H"), 0)
(False, True)
>>> PLAYABLE[3][0] == face_mask(f for f in range(52) if matches(CARDS[f], card("5H"), 0))
True
>>> next_seat(4, 1, 5), next_seat(0, -1, 5), next_seat(3, 2, 5)
(0, 4, 0)
"""
from __future__ import annotations

from .cards import ACE, EIGHT, QUEEN, TWO, Card


def matches(c: Card, top: Card, suit: int) -> bool:
    """C8-PLAY-1, C8-PLAY-2: ``c`` may go on ``top`` with ``suit`` to follow: an eight, the suit or the top's rank."""
    return c.rank == EIGHT or c.suit == suit or c.rank == top.rank


def face_mask(faces) -> int:
    """A bit set of faces (bit f: face f)."""
    return sum(1 << f for f in set(faces))


#: PLAYABLE[top rank][suit to follow]: the faces that may be played, as a bit set (C8-PLAY-1, C8-PLAY-2), built once
PLAYABLE = tuple(tuple(face_mask(f for f in range(52) if f // 4 == EIGHT or f % 4 == s or f // 4 == r) for s in range(4))
                 for r in range(13))
#: the Twos' faces, as a bit set: what answers a Two's penalty (C8-TWO-2)
TWOS = face_mask(f for f in range(52) if f // 4 == TWO)
_FIRST_DECK = (1 << 52) - 1


def plays(held: int, faces: int, play: tuple) -> list:
    """The moves of ``play`` (a seat's Play by card id) for every face in both the bit set ``faces`` and the hand
    ``held`` (a bit set of card ids: bit i, the card of id i), by face, each with the lowest id held of its face."""
    first = held & _FIRST_DECK
    m = (first | held >> 52) & faces
    out = []
    while m:
        low = m & -m
        f = low.bit_length() - 1
        out.append(play[f if first & low else f + 52])
        m ^= low
    return out


def next_seat(seat: int, step: int, n: int) -> int:
    """The seat ``step`` places on from ``seat`` (negative: the other way), of ``n``."""
    return (seat + step) % n


def special(c: Card, on: bool) -> str | None:
    """What a card does when special cards are used (C8-SPECIAL-1): "skip", "reverse", "two" or None."""
    if not on:
        return None
    return {QUEEN: "skip", ACE: "reverse", TWO: "two"}.get(c.rank)


def penalty_total(hand) -> int:
    """C8-SCORE-1: what a hand left at the end costs."""
    from .cards import penalty

    return sum(penalty(c) for c in hand)
