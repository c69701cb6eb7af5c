"""Winning (loco.md 2.10, LOCO-WIN-*): the result, and the game ending on an empty hand.

A player wins when their hand is empty: by laying (LOCO-WIN-1..3: the last card may be an action, a
wild or a twin, or a jump-in) or by giving their last card away when asked for help (LOCO-WIN-4; the
race a giver who has not shouted LOCO! runs is the help section's, LOCO-WIN-5). One winner, no scores
(LOCO-WIN-6).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chililab.engine import Result

from .base import LocoBase
from .cards import Card


@dataclass(frozen=True)
class LocoResult(Result):
    """LOCO-WIN-6: one winner, no scores. ``winning_card``: LOCO-SIGN-1."""

    winning_cards: tuple[int, ...] = ()
    winning_card: int = -1

    @property
    def turn(self) -> int:
        return self.turns

    def __str__(self):
        return f"P{self.winner} wins ({self.how} their last card)"


def loco_result(winner: int, cards: Iterable[int], card: int, how: str, turn: int) -> LocoResult:
    """The result of ``winner``'s win ``how`` ("laid", "jumped", "gave") with the card ids ``cards``."""
    return LocoResult((winner,), None, how, turn, tuple(cards), card)


class WinningRules(LocoBase):
    """Mixin of LocoState: the game is over when a hand is empty."""

    def _win(self, seat: int, cards: tuple[Card, ...], how: str, rules: tuple[str, ...]) -> None:
        """``seat`` laid (or jumped in with) its last card(s) ``cards`` (LOCO-WIN-1..3, -6)."""
        result = loco_result(seat, (c.id for c in cards), cards[0].id, how, self.turn_no)
        self.event("win", f"P{seat} has no cards left and wins with {cards[0]}", rules + ("LOCO-WIN-6",),
                   data={"winner": seat, "card": cards[0].id})
        self.finish(result)

    def _win_by_giving(self, g: int, card: Card) -> None:
        """``g`` gave away their last card, ``card``, and the asker took it (LOCO-WIN-4, -6)."""
        result = loco_result(g, (card.id,), card.id, "gave", self.turn_no)
        self.event("win", f"P{g} gave away their last card and wins", ("LOCO-WIN-4", "LOCO-WIN-6"),
                   data={"winner": g, "card": card.id})
        self.finish(result)
