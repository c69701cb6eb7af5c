"""Chili Mafia moves: small frozen values with readable text (DESIGN.md, engine contract).

Only the draft's move exists so far; the turn's moves come with the turn (``NOTES.md``).
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Move

from .cards import Card


@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Take one card from the packet in front of you into your hand (MAFIA-DRAFT-1, decision D1)."""

    player: int
    card: Card
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} picks {self.card}"


MOVES = {"Pick": Pick}
