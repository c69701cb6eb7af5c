"""The fields of a Crazy Eights position as every rules mixin sees them (typed once, for mypy and readers).

``C8State`` (``state.py``) lists the same names in ``FIELDS`` (the kernel derives ``clone()`` and ``key()``
from it); each rulebook section is a mixin over this base: setup (``deal.py``), the turn (``turn.py``),
the deck (``stock.py``), the special cards (``special.py``) and the end (``end.py``). The variables are
OpenSpiel's (``NOTES.md`` names each one's counterpart), so that both play the same game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from chililab.engine import RulesBase

from .cards import Card

#: ONLY[seat]: the audience of an event only that seat sees (built once: events share it)
ONLY = tuple(frozenset((s,)) for s in range(15))


class C8Base(RulesBase):
    """Annotations of the position, and the steps one section's mixin calls in another's."""

    opts: dict  # normalized options (options.py)
    setup: dict | None  # explicit dealer and card order, for tests and records (game.py checks it)
    forced: tuple[int, ...]  # faces that come out of the deck first, in order (setup "draws")
    fi: int  # how many of ``forced`` have come out
    hand_size: int  # C8-DEAL-2: 7 with two players, else 5
    stock: list[Card]  # the deck, face down; LAST = top
    hands: list[list[Card]]  # per seat, in the order the cards came
    held: list[int]  # per seat, the hand as a bit set of card ids (bit i: the card of id i): what the turn lists from
    discard: list[Card]  # the discard pile, last = the top card
    suit: int  # the suit to follow: the top card's, or the one named after an eight
    dealer: int
    current: int  # the seat whose turn it is
    direction: int  # +1: increasing seat numbers (OpenSpiel's "counterclockwise"); -1 after an Ace
    draws: int  # cards drawn this turn (not a Two's penalty) (OpenSpiel: num_draws_before_play)
    can_pass: bool  # C8-PASS-1: passing is open (OpenSpiel: can_pass_action)
    penalty: int  # cards the current player must draw for Twos, unless they play a Two (C8-TWO-1)
    passes: int  # passes in a row while the deck is empty (C8-END-3)
    plays: int  # cards played in the whole game (C8-END-2); the turned-up card is not one
    how: str  # how the game ended, once it has: "out", "turns" or "blocked" (end.py)

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def _give(self, p: int, c: Card) -> None:
        """Seat ``p`` takes ``c`` into its hand."""
        self.hands[p].append(c)
        self.held[p] |= 1 << c.id

    def _give_up(self, p: int, c: Card) -> None:
        """Seat ``p`` plays ``c`` out of its hand."""
        self.hands[p].remove(c)
        self.held[p] &= ~(1 << c.id)

    def _step(self, k: int = 1) -> int:
        """The seat ``k`` places on from the current one in the direction of play."""
        return (self.current + k * self.direction) % self.n

    if TYPE_CHECKING:  # steps one section's mixin calls in another's
        def _take(self) -> Card: ...

        def _refill(self) -> None: ...

        def _ask_turn(self) -> None: ...

        def _effect(self, c: Card, start: bool) -> None: ...

