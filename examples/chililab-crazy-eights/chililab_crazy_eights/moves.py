"""Crazy Eights moves: small frozen values with readable text, stored as tuples
(:class:`~chililab.engine.tuplemove.TupleMove`: no move handed out can be altered).

OpenSpiel's player actions map one to one (see ``NOTES.md``): action ``0-51`` is :class:`Play` of the card
of that face, ``52`` :class:`Draw`, ``53`` :class:`Pass`, ``54-57`` :class:`Nominate` of clubs, diamonds,
hearts, spades. With two decks a hand may hold two cards of one face: the legal move plays the one with
the lower id (one move per face, as OpenSpiel has one action per face).
"""
from __future__ import annotations

from typing import NamedTuple

from chililab.engine import Move
from chililab.engine.tuplemove import TupleMove

from .cards import CARDS, SUIT_NAMES, SUITS, Card, card_by_id

DRAW_ACTION, PASS_ACTION, NOMINATE_BASE = 52, 53, 54


class _Play(NamedTuple):
    player: int
    card: Card


class Play(TupleMove, _Play):
    """Play ``card`` from your hand onto the discard pile (C8-PLAY-1, C8-PLAY-2)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} plays {self.card}"


class _Draw(NamedTuple):
    player: int


class Draw(TupleMove, _Draw):
    """Draw the top card of the deck (C8-DRAW-1), or start drawing a Two's penalty (C8-TWO-2)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} draws"


class _Pass(NamedTuple):
    player: int


class Pass(TupleMove, _Pass):
    """End your turn without playing (C8-PASS-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} passes"


class _Nominate(NamedTuple):
    player: int
    suit: str


class Nominate(TupleMove, _Nominate):
    """After an eight: name the suit the next player must follow (C8-EIGHT-1); ``suit`` is C, D, H or S."""

    __slots__ = ()

    def __str__(self):
        name = SUIT_NAMES[SUITS.index(self.suit)] if isinstance(self.suit, str) and self.suit in SUITS else self.suit
        return f"P{self.player} names {name}"


class SeatMoves(NamedTuple):
    """Every move of one seat, built once: moves are values, so the same object serves every listing."""

    play: tuple[Play, ...]  # by card id
    draw: Draw
    pass_: Pass
    nominate: tuple[Nominate, ...]  # clubs, diamonds, hearts, spades


#: SEAT_MOVES[seat]: that seat's moves (15 seats at most, C8-DECK-1)
SEAT_MOVES = tuple(SeatMoves(tuple(Play(p, c) for c in CARDS), Draw(p), Pass(p), tuple(Nominate(p, s) for s in SUITS))
                   for p in range(15))

MOVES: dict[str, type[Move]] = {"Play": Play, "Draw": Draw, "Pass": Pass, "Nominate": Nominate}


def to_action(move) -> int:
    """OpenSpiel's action id of a move."""
    if isinstance(move, Play):
        return move.card.face
    if isinstance(move, Draw):
        return DRAW_ACTION
    if isinstance(move, Pass):
        return PASS_ACTION
    if isinstance(move, Nominate):
        return NOMINATE_BASE + SUITS.index(move.suit)
    raise ValueError(f"{move!r} is not a Crazy Eights move")


def from_action(player: int, action: int, hand) -> Move:
    """The move of OpenSpiel's action id ``action`` for ``player`` holding ``hand`` (a Play takes the lowest id)."""
    if 0 <= action < 52:
        return Play(player, min((c for c in hand if c.face == action), key=lambda c: c.id,
                                default=card_by_id(action)))
    if action == DRAW_ACTION:
        return Draw(player)
    if action == PASS_ACTION:
        return Pass(player)
    if NOMINATE_BASE <= action < NOMINATE_BASE + 4:
        return Nominate(player, SUITS[action - NOMINATE_BASE])
    raise ValueError(f"no Crazy Eights action {action}")
