"""All You Can Chili moves: small frozen values with readable text (aycc.md section 3.1).

A character is named by its id (``cards.CHARACTERS[i]``, 0-6), a seat by its number, a dish by
the card itself (records store its id). The base game's decisions:

- D3, the turn (phase ACTION): :class:`Serve` or :class:`Withdraw`;
- D4, an Eye (phase EYE): :class:`Eye` or :class:`Decline`;
- D5, a Fork (phase FORK): :class:`Fork` or :class:`Decline`.

Inferno Mode's moves (D1, D2) are added in their own section at the end of this file and in ``MOVES``.
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Move
from chililab.engine.core import seal

from .cards import CHARACTERS, Dish, deck_by_key


def _name(c: int) -> str:
    return CHARACTERS[c].name if type(c) is int and 0 <= c < len(CHARACTERS) else f"character {c!r}"


@dataclass(frozen=True, slots=True)
class Serve(Move):
    """Play ``dish`` from your hand under the active character ``target`` (AYCC-SERVE-1)."""

    player: int
    dish: Dish
    target: int
    _card_fields = ("dish",)

    def __str__(self):
        return f"P{self.player} serves {self.dish} to {_name(self.target)}"


@dataclass(frozen=True, slots=True)
class Withdraw(Move):
    """Withdraw your own active character and score its dishes (AYCC-WITHDRAW-1)."""

    player: int

    def __str__(self):
        return f"P{self.player} withdraws"


@dataclass(frozen=True, slots=True)
class Eye(Move):
    """After an Eye dish: look at the tolerance card of the player in seat ``seat`` (AYCC-ICON-EYE-1)."""

    player: int
    seat: int

    def __str__(self):
        return f"P{self.player} looks at P{self.seat}'s tolerance card"


@dataclass(frozen=True, slots=True)
class Fork(Move):
    """Move the top dish of ``source``'s pile onto ``dest`` (AYCC-ICON-FORK-1; Vasco's Quick Fork)."""

    player: int
    source: int
    dest: int

    def __str__(self):
        return f"P{self.player} forks the top dish of {_name(self.source)} onto {_name(self.dest)}"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Do not use an optional effect offered now (the Eye, the Fork)."""

    player: int

    def __str__(self):
        return f"P{self.player} declines"


MOVES: dict[str, type[Move]] = {cls.__name__: cls for cls in (Serve, Withdraw, Eye, Fork, Decline)}

# ---------------------------------------------------------------- prebuilt moves (sealed: engine.core.seal)

MAX_SEATS = 6
WITHDRAW = tuple(Withdraw(p) for p in range(MAX_SEATS))
DECLINE = tuple(Decline(p) for p in range(MAX_SEATS))
EYE = tuple(tuple(Eye(p, s) for s in range(MAX_SEATS)) for p in range(MAX_SEATS))
FORK = tuple(tuple(tuple(Fork(p, a, b) for b in range(len(CHARACTERS))) for a in range(len(CHARACTERS)))
             for p in range(MAX_SEATS))
seal([*WITHDRAW, *DECLINE, *(m for row in EYE for m in row), *(m for t in FORK for row in t for m in row)])


def serve_table(composition) -> list:
    """The prebuilt serves of a composition (key from ``cards.composition_key``): ``[seat][dish id][character]``,
    each a :class:`Serve` made (and sealed) the first time it is listed, or None until then."""
    deck = deck_by_key(composition)  # kept with the composition's cards: it goes when they go
    t = deck.extra.get("serves")
    if t is None:
        t = deck.extra["serves"] = [[[None] * len(CHARACTERS) for _ in deck.cards] for _ in range(MAX_SEATS)]
    return t


def new_serve(p: int, dish: Dish, target: int) -> Serve:
    m = Serve(p, dish, target)
    if dish.composition is None:  # sealed for the life of the process: only the default composition's serves
        seal((m,))  # (another composition's go with its cards, cards.Deck; the seal would keep them forever)
    return m

# ---------------------------------------------------------------- Inferno Mode (AYCC-INFERNO-*): added by inferno.py
# (D1 at TURN_BEGIN: Reveal or Decline; D2 in ABILITY: Copy, Serve (Green Frenzy) or Decline to stop, Swap,
# Endure or Decline to keep the tolerance, Diss; Vasco's Quick Fork uses Fork / Decline)


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Reveal your Secret Identity at the start of your turn and use its ability (AYCC-INFERNO-1, decision D1)."""

    player: int

    def __str__(self):
        return f"P{self.player} reveals their Secret Identity"


@dataclass(frozen=True, slots=True)
class Copy(Move):
    """Go Chu Jang's Mastery: use the ability of ``character``, not yet revealed, as your own
    (AYCC-INFERNO-GOCHUJANG-1)."""

    player: int
    character: int

    def __str__(self):
        return f"P{self.player} copies the ability of {_name(self.character)}"


@dataclass(frozen=True, slots=True, eq=False)
class Swap(Move):
    """Piri Piri's Fiery Dance: characters ``first`` and ``second`` exchange their piles (AYCC-INFERNO-PIRI-1).

    The same swap whichever is named first: two Swaps of the same pair are equal.
    """

    player: int
    first: int
    second: int

    def _pair(self):
        return (self.player, frozenset((self.first, self.second)))

    def __eq__(self, other):
        return type(other) is Swap and self._pair() == other._pair()

    def __hash__(self):
        return hash(self._pair())

    def __str__(self):
        return f"P{self.player} swaps the piles of {_name(self.first)} and {_name(self.second)}"


@dataclass(frozen=True, slots=True)
class Endure(Move):
    """Fuego Fred's I Must Endure!: take ``tolerance``, one of the undealt cards you looked at, as your
    tolerance (AYCC-INFERNO-FUEGO-1; :class:`Decline` keeps yours)."""

    player: int
    tolerance: int

    def __str__(self):
        return f"P{self.player} takes the undealt tolerance {self.tolerance}"


@dataclass(frozen=True, slots=True)
class Diss(Move):
    """King Naga's Savage Diss: guess that the player in seat ``target`` is character ``guess``
    (AYCC-INFERNO-KINGNAGA-1)."""

    player: int
    target: int
    guess: int

    def __str__(self):
        return f"P{self.player} guesses that P{self.target} is {_name(self.guess)}"


MOVES.update({cls.__name__: cls for cls in (Reveal, Copy, Swap, Endure, Diss)})
