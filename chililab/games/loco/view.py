"""What one player may see of a Chili Loco game (LOCO-INFO-1).

A view is built fresh from public facts plus the viewer's own cards; other
hands appear as counts only. ``seat=None`` is the teacher's view: everything.
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Decision

from .cards import Card


@dataclass(frozen=True)
class PublicPending:
    kind: str
    draw: int
    skip: bool
    target: int


@dataclass(frozen=True)
class LocoView:
    seat: int | None
    players: int
    dealer: int
    current: int
    direction: int
    phase: str
    colour: str | None
    top: Card | None
    top_layer: int | None  # who laid the top card (the dealer for the starter; LOCO-TWIN-8 reads it)
    pile: tuple[Card, ...]
    draw_size: int
    hand_counts: tuple[int, ...]
    hands: dict  # seat -> tuple of cards: only the viewer's own (all of them for the teacher)
    pending: PublicPending | None
    loco_open: tuple[int, ...]  # seats on one card that have not shouted yet
    offers: tuple  # (giver, card or None when face down to this viewer)
    current_offer: int | None
    help_count: int
    help_cap: int
    turn: int
    accent: bool
    decision: Decision | None
    result: object | None
    answered: tuple[int, ...]  # seats whose hidden answer this viewer may know was given
    draw_pile: tuple[Card, ...] | None  # teacher only

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for the teacher's view)."""
        return self.hands.get(self.seat, ()) if self.seat is not None else ()

    @property
    def teacher(self) -> bool:
        return self.seat is None

    def visible_card_ids(self) -> set[int]:
        """Every card id this view holds (for hidden-information checks)."""
        ids = {c.id for h in self.hands.values() for c in h}
        ids |= {c.id for c in self.pile}
        ids |= {c.id for _, c in self.offers if c is not None}
        if self.draw_pile:
            ids |= {c.id for c in self.draw_pile}
        return ids
