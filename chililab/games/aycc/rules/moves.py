"""All You Can Chili moves: small frozen values with readable text (aycc.md section 3.1).

Each is a :class:`~chililab.engine.tuplemove.TupleMove` (its fields a ``typing.NamedTuple``): a tuple, so
no move handed out can be altered, not even through ``object.__setattr__``.

A character is named by its id (``cards.CHARACTERS[i]``, 0-6), a seat by its number, a dish by
the card itself (records store its id). The base game's decisions:

- D3, the turn (phase ACTION): :class:`Serve` or :class:`Withdraw`;
- D4, an Eye (phase EYE): :class:`Eye` or :class:`Decline`;
- D5, a Fork (phase FORK): :class:`Fork` or :class:`Decline`.

Inferno Mode's moves (D1, D2) are added in their own section at the end of this file and in ``MOVES``.
"""
from __future__ import annotations

from typing import NamedTuple

from chililab.engine import Move
from chililab.engine.tuplemove import TupleMove

from .cards import CHARACTERS, Dish, deck_by_key


def _name(c: int) -> str:
    return CHARACTERS[c].name if type(c) is int and 0 <= c < len(CHARACTERS) else f"character {c!r}"


class _Serve(NamedTuple):
    player: int
    dish: Dish
    target: int


class Serve(TupleMove, _Serve):
    """Play ``dish`` from your hand under the active character ``target`` (AYCC-SERVE-1)."""

    __slots__ = ()
    _card_fields = ("dish",)

    def __str__(self):
        return f"P{self.player} serves {self.dish} to {_name(self.target)}"


class _Withdraw(NamedTuple):
    player: int


class Withdraw(TupleMove, _Withdraw):
    """Withdraw your own active character and score its dishes (AYCC-WITHDRAW-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} withdraws"


class _Eye(NamedTuple):
    player: int
    seat: int


class Eye(TupleMove, _Eye):
    """After an Eye dish: look at the tolerance card of the player in seat ``seat`` (AYCC-ICON-EYE-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} looks at P{self.seat}'s tolerance card"


class _Fork(NamedTuple):
    player: int
    source: int
    dest: int


class Fork(TupleMove, _Fork):
    """Move the top dish of ``source``'s pile onto ``dest`` (AYCC-ICON-FORK-1; Vasco's Quick Fork)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} forks the top dish of {_name(self.source)} onto {_name(self.dest)}"


class _Decline(NamedTuple):
    player: int


class Decline(TupleMove, _Decline):
    """Do not use an optional effect offered now (the Eye, the Fork)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} declines"


MOVES: dict[str, type[Move]] = {cls.__name__: cls for cls in (Serve, Withdraw, Eye, Fork, Decline)}

# ---------------------------------------------------------------- prebuilt moves (tuples: nothing can alter them)

MAX_SEATS = 6
WITHDRAW = tuple(Withdraw(p) for p in range(MAX_SEATS))
DECLINE = tuple(Decline(p) for p in range(MAX_SEATS))
EYE = tuple(tuple(Eye(p, s) for s in range(MAX_SEATS)) for p in range(MAX_SEATS))
FORK = tuple(tuple(tuple(Fork(p, a, b) for b in range(len(CHARACTERS))) for a in range(len(CHARACTERS)))
             for p in range(MAX_SEATS))


def serve_table(composition) -> tuple:
    """Every serve of a composition (key from ``cards.composition_key``), made once: ``[seat][dish id][character]``."""
    deck = deck_by_key(composition)  # kept with the composition's cards: it goes when they go
    t = deck.extra.get("serves")
    if t is None:
        t = deck.extra["serves"] = tuple(tuple(tuple(Serve(p, d, c) for c in range(len(CHARACTERS))) for d in deck.cards)
                                         for p in range(MAX_SEATS))
    return t

# ---------------------------------------------------------------- Inferno Mode (AYCC-INFERNO-*): added by inferno.py
# (D1 at TURN_BEGIN: Reveal or Decline; D2 in ABILITY: Copy, Serve (Green Frenzy) or Decline to stop, Swap,
# Endure or Decline to keep the tolerance, Diss; Vasco's Quick Fork uses Fork / Decline)


class _Reveal(NamedTuple):
    player: int


class Reveal(TupleMove, _Reveal):
    """Reveal your Secret Identity at the start of your turn and use its ability (AYCC-INFERNO-1, decision D1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} reveals their Secret Identity"


class _Copy(NamedTuple):
    player: int
    character: int


class Copy(TupleMove, _Copy):
    """Go Chu Jang's Mastery: use the ability of ``character``, not yet revealed, as your own
    (AYCC-INFERNO-GOCHUJANG-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} copies the ability of {_name(self.character)}"


class _Swap(NamedTuple):
    player: int
    first: int
    second: int


class Swap(TupleMove, _Swap):
    """Piri Piri's Fiery Dance: characters ``first`` and ``second`` exchange their piles (AYCC-INFERNO-PIRI-1).

    The same swap whichever is named first: two Swaps of the same pair are equal.
    """

    __slots__ = ()

    def _pair(self):
        return (self.player, frozenset((self.first, self.second)))

    def __eq__(self, other):
        return type(other) is Swap and self._pair() == other._pair()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._pair())

    def __str__(self):
        return f"P{self.player} swaps the piles of {_name(self.first)} and {_name(self.second)}"


class _Endure(NamedTuple):
    player: int
    tolerance: int


class Endure(TupleMove, _Endure):
    """Fuego Fred's I Must Endure!: take ``tolerance``, one of the undealt cards you looked at, as your
    tolerance (AYCC-INFERNO-FUEGO-1; :class:`Decline` keeps yours)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} takes the undealt tolerance {self.tolerance}"


class _Diss(NamedTuple):
    player: int
    target: int
    guess: int


class Diss(TupleMove, _Diss):
    """King Naga's Savage Diss: guess that the player in seat ``target`` is character ``guess``
    (AYCC-INFERNO-KINGNAGA-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} guesses that P{self.target} is {_name(self.guess)}"


MOVES.update({cls.__name__: cls for cls in (Reveal, Copy, Swap, Endure, Diss)})
