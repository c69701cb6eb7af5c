"""What one seat may see (``view(p)``), or the teacher everything (``view(None)``).

A seat sees its own hand, how many cards each other seat holds, the top of the discard pile and the
suit to follow, the deck's size and every public count; never another seat's cards nor the deck's
order. The teacher's view holds every hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Decision

from .cards import Card


@dataclass(frozen=True)
class C8View:
    seat: int | None  # who looks (None: the teacher)
    players: int
    phase: str
    decision: Decision | None
    hands: tuple[tuple[Card, ...] | None, ...]  # per seat: its cards if this viewer may see them, else None
    hand_counts: tuple[int, ...]
    top: Card | None  # the top card of the discard pile
    suit: int  # the suit to follow (0-3: clubs, diamonds, hearts, spades)
    discard_count: int
    stock_count: int
    dealer: int
    current: int
    direction: int  # +1: increasing seat numbers; -1: reversed by an Ace
    draws: int  # cards drawn this turn
    penalty: int  # cards to draw for Twos
    passes: int  # passes in a row with the deck empty
    plays: int  # cards played so far
    options: dict
    result: object | None

    @property
    def me(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for the teacher)."""
        if self.seat is None:
            return ()
        return self.hands[self.seat] or ()


def full_view(st, viewer: int | None) -> C8View:
    hands = tuple(tuple(sorted(h, key=lambda c: (c.suit, c.rank, c.id))) if viewer is None or viewer == s else None
                  for s, h in enumerate(st.hands))
    d = st.decision
    return C8View(
        seat=viewer, players=st.n, phase=st.phase, decision=d.for_viewer(viewer) if d is not None else None,
        hands=hands, hand_counts=tuple(len(h) for h in st.hands),
        top=st.discard[-1] if st.discard else None, suit=st.suit, discard_count=len(st.discard),
        stock_count=len(st.stock), dealer=st.dealer, current=st.current, direction=st.direction, draws=st.draws,
        penalty=st.penalty, passes=st.passes, plays=st.plays,
        options={k: v for k, v in st.opts.items()}, result=st.result)
