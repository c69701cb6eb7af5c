"""What one player may see of a Chili Loco game (LOCO-INFO-1).

A view is built fresh from public facts plus the viewer's own cards; other
hands appear as counts only. ``seat=None`` is the teacher's view: everything.
Every field comes from one function of :data:`FIELDS` (``(state, viewer) -> value``):
:class:`LocoView` holds them all; :class:`LocoSeatView`, the simulation's view,
computes each only when an agent reads it (:mod:`chililab.engine.lazyview`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from chililab.engine import Decision
from chililab.engine.lazyview import LazyView, SeatReading, open_view

from .cards import Card


@dataclass(frozen=True)
class PublicPending:
    kind: str
    draw: int
    skip: bool
    target: int


class _Reading(SeatReading):
    """What both kinds of Loco view offer beyond their fields."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields both views have (see FIELDS)
        hands: dict
        pile: tuple[Card, ...]
        offers: tuple
        draw_pile: tuple[Card, ...] | None

    def visible_card_ids(self) -> set[int]:
        """Every card id this view holds (for hidden-information checks)."""
        ids = {c.id for h in self.hands.values() for c in h}
        ids |= {c.id for c in self.pile}
        ids |= {c.id for _, c in self.offers if c is not None}
        if self.draw_pile:
            ids |= {c.id for c in self.draw_pile}
        return ids


@dataclass(frozen=True)
class LocoView(_Reading):
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


def _pending(st, v):
    return None if st.pending is None else PublicPending(**st.pending.__dict__)


#: field -> function(rules state, viewer) giving it as ``viewer`` may see it (None: the teacher, everything)
FIELDS = {
    "seat": lambda st, v: v,
    "players": lambda st, v: st.n,
    "dealer": lambda st, v: st.dealer,
    "current": lambda st, v: st.current,
    "direction": lambda st, v: st.dir,
    "phase": lambda st, v: st.phase,
    "colour": lambda st, v: st.colour,
    "top": lambda st, v: st.pile[-1] if st.pile else None,
    "top_layer": lambda st, v: st.top_layer,
    "pile": lambda st, v: tuple(st.pile),
    "draw_size": lambda st, v: len(st.draw),
    "hand_counts": lambda st, v: tuple(map(len, st.hands)),
    "hands": lambda st, v: {s: tuple(h) for s, h in enumerate(st.hands)} if v is None else {v: tuple(st.hands[v])},
    "pending": _pending,
    "loco_open": lambda st, v: tuple(sorted(st.obligations)),
    "offers": lambda st, v: tuple((g, c if v is None or g == v else None) for g, c in st.offers),
    "current_offer": lambda st, v: st.offer_i if st.phase == "HELP_ACCEPT" else None,
    "help_count": lambda st, v: st.help_count,
    "help_cap": lambda st, v: st.opts["help_requests_per_turn_cap"],
    "turn": lambda st, v: st.turn_no,
    "accent": lambda st, v: st.accent,
    "decision": lambda st, v: st.decision.for_viewer(v) if st.decision is not None else None,
    "result": lambda st, v: st.result,
    "answered": lambda st, v: tuple(sorted(s for s in st.answers if v is None or s == v)),
    "draw_pile": lambda st, v: tuple(st.draw) if v is None else None,
}


def full_view(st, viewer) -> LocoView:
    """Every field of ``viewer``'s view at once (``state.view``)."""
    return LocoView(**{name: get(st, viewer) for name, get in FIELDS.items()})


class LocoSeatView(_Reading, LazyView):
    """One seat's view whose fields are computed when first read; each equals :class:`LocoView`'s
    (``hand``, the seat's own hand, is one more field here)."""

    __slots__ = ()
    FIELDS = {**FIELDS, "hand": lambda st, v: tuple(st.hands[v])}

    def __init__(self, st, seat: int):  # LazyView's, with what nearly every bot reads copied at once
        d = open_view(self, st)  # the same values as their FIELDS give
        d["seat"], d["phase"], d["current"], d["direction"], d["players"] = seat, st.phase, st.current, st.dir, st.n
