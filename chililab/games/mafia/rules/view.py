"""What one player may see of a Chili Mafia game (mafia.md section 0: hands private, HPs face down).

A view is built fresh from public facts plus the viewer's own cards: other
hands, draft packets and Hot Properties appear as counts only. ``seat=None`` is
the teacher's view: everything.

Every field comes from one function of :data:`FIELDS` (``(state, viewer) -> value``): :class:`MafiaView`
holds them all (``state.view``); :class:`MafiaSeatView`, the simulation's view of one seat, computes each
only when an agent reads it (:mod:`chililab.engine.lazyview`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from chililab.engine import Decision
from chililab.engine.lazyview import LazyView, SeatReading

from .cards import Card


class _Reading(SeatReading):
    """What both kinds of Chili Mafia view offer beyond their fields."""

    __slots__ = ()

    if TYPE_CHECKING:  # the fields both views hold (MafiaView's dataclass fields, MafiaSeatView's FIELDS)
        seat: int | None
        hands: dict[int, tuple[Card, ...]]
        packets: dict[int, tuple[Card, ...]]
        gangs: tuple[tuple[tuple[Card, ...], ...], ...]
        discard: tuple[Card, ...]
        removed: tuple[Card, ...]
        turncoat: Card | None
        hot_properties: dict[int, tuple[Card, ...]]
        looking: dict[int, tuple[Card, ...]]
        arrangements: dict[int, Any]
        draw_pile: tuple[Card, ...] | None
        hp_deck: tuple[Card, ...] | None

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def packet(self) -> tuple[Card, ...]:
        """The draft packet in front of the viewer (empty outside the draft and for the teacher)."""
        return self.packets.get(self.seat, ()) if self.seat is not None else ()

    def visible_card_ids(self) -> set[int]:
        """Every card id this view holds (for hidden-information checks)."""
        ids = {c.id for h in self.hands.values() for c in h}
        ids |= {c.id for p in self.packets.values() for c in p}
        ids |= {c.id for gs in self.gangs for g in gs for c in g}
        ids |= {c.id for c in self.discard}
        ids |= {c.id for c in self.removed}
        ids |= {self.turncoat.id} if self.turncoat is not None else set()
        ids |= {c.id for h in self.hot_properties.values() for c in h}
        ids |= {c.id for h in self.looking.values() for c in h}
        ids |= {c.id for m in self.arrangements.values() for g in m.gangs for c in g}
        for pile in (self.draw_pile, self.hp_deck):
            ids |= {c.id for c in pile or ()}
        return ids


@dataclass(frozen=True)
class MafiaView(_Reading):
    seat: int | None
    players: int
    phase: str
    teams: tuple[tuple[int, ...], ...] | None  # team mode: the seats of each team
    hands: dict  # seat -> tuple of cards: only the viewer's own (every hand for the teacher)
    hand_counts: tuple[int, ...]
    packets: dict  # draft: seat -> the packet in front of it; only the viewer's own (all for the teacher)
    packet_counts: tuple[int, ...]
    pick: int  # the draft pick being made (1-6), 0 outside the draft
    gangs: tuple  # per seat: the gangs in front of it (tuples of cards); public
    discard: tuple[Card, ...]  # bottom .. top; public
    draw_size: int
    removed: tuple[Card, ...]  # out of the game, revealed when drawn: Taste Me cards and the Dawn Raid
    hot_properties: dict  # seat -> tuple of its Hot Properties: only the viewer's own (all for the teacher)
    hp_counts: tuple[int, ...]
    hp_deck_size: int
    first_player: int | None
    current: int | None
    turn: int
    dawn_raid_drawn: bool
    acted: bool  # the active player has formed or added this turn (ending it is then no pass)
    final_turns_left: int | None  # None before the deck runs out; then the final turns still to come
    attack: object | None  # the Hot card declaration being answered or resolved (a PlayHot; public)
    turncoat: Card | None  # the pepper a Turncoat took, until it is placed (public)
    decision: Decision | None
    result: object | None
    answered: tuple[int, ...]  # seats whose hidden answer this viewer may know was given
    arrangements: dict  # seat -> its Dawn Raid Arrange: the viewer's own, team mode its teammates' drafts (all: teacher)
    draw_pile: tuple[Card, ...] | None  # teacher only: top first
    hp_deck: tuple[Card, ...] | None  # teacher only: top first
    #: seat -> hidden cards it is looking at now (a Snooped hand, the deck's top in a Lifeline look): the viewer's own
    looking: dict = field(default_factory=dict)

    @classmethod
    def of(cls, fields: dict) -> MafiaView:
        """A view from every one of its fields at once (views are built at every step, several times: this skips
        the frozen dataclass's field-by-field ``__init__``, ten times slower). The same value as ``cls(**fields)``."""
        if fields.keys() != _NAMES:
            raise TypeError(f"MafiaView fields missing or unknown: {sorted(_NAMES ^ fields.keys())}")
        v = object.__new__(cls)
        object.__setattr__(v, "__dict__", fields)
        return v

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for the teacher's view)."""
        return self.hands.get(self.seat, ()) if self.seat is not None else ()


_NAMES = frozenset(f.name for f in fields(MafiaView))


def _mine(rows, v) -> dict:
    """seat -> its cards of ``rows``: only the viewer's own (every seat's for the teacher)."""
    return {s: tuple(r) for s, r in enumerate(rows)} if v is None else {v: tuple(rows[v])}


def _seen(st, v) -> list[int]:
    """Seats whose hidden answer the viewer may know was given: its own; team mode, its teammates' Dawn Raid
    drafts (MAFIA-DAWN-6); all for the teacher."""
    raid, team_of = st.phase == "DAWN_RAID", st.team_of
    return sorted(s for s in st.answers if v is None or s == v or raid and team_of[s] == team_of[v])


def _looking(st, v) -> dict:
    return {s: c for s in range(st.n) if v is None or s == v for c in (st._hp_looking(s),) if c}


#: field -> function(rules state, viewer) giving it as ``viewer`` may see it (None: the teacher, everything)
FIELDS = {
    "seat": lambda st, v: v,
    "players": lambda st, v: st.n,
    "phase": lambda st, v: st.phase,
    "teams": lambda st, v: tuple(tuple(t) for t in st.opts["teams"]) if st.opts["mode"] == "team" else None,
    "hands": lambda st, v: _mine(st.hands, v),
    "hand_counts": lambda st, v: tuple(map(len, st.hands)),
    "packets": lambda st, v: _mine(st.packets, v) if st.phase == "DRAFT" else {},
    "packet_counts": lambda st, v: tuple(map(len, st.packets)),
    "pick": lambda st, v: st.pick,
    "gangs": lambda st, v: tuple(st.gangs),
    "discard": lambda st, v: tuple(st.discard),
    "draw_size": lambda st, v: len(st.draw),
    "removed": lambda st, v: tuple(st.out),
    "hot_properties": lambda st, v: _mine(st.hps, v),
    "hp_counts": lambda st, v: tuple(map(len, st.hps)),
    "hp_deck_size": lambda st, v: len(st.hp_deck),
    "first_player": lambda st, v: st.start,
    "current": lambda st, v: st.current,
    "turn": lambda st, v: st.turn,
    "dawn_raid_drawn": lambda st, v: st.dawn_raid_drawn,
    "acted": lambda st, v: st.acted,
    "final_turns_left": lambda st, v: st.final_left,
    "attack": lambda st, v: st.attack,
    "turncoat": lambda st, v: st.taken,
    "decision": lambda st, v: st.decision.for_viewer(v) if st.decision is not None else None,
    "result": lambda st, v: st.result,
    "answered": lambda st, v: tuple(_seen(st, v)),
    "arrangements": lambda st, v: {s: st.answers[s] for s in _seen(st, v)} if st.phase == "DAWN_RAID" else {},
    "draw_pile": lambda st, v: tuple(st.draw) if v is None else None,
    "hp_deck": lambda st, v: tuple(st.hp_deck) if v is None else None,
    "looking": _looking,
}


def full_view(st, viewer) -> MafiaView:
    """Every field of ``viewer``'s view at once (``state.view``)."""
    return MafiaView.of({name: get(st, viewer) for name, get in FIELDS.items()})


class MafiaSeatView(_Reading, LazyView):
    """One seat's view whose fields are computed when first read; each equals :class:`MafiaView`'s
    (``hand``, a property of the full view, is a field here)."""

    __slots__ = ()
    FIELDS = {**FIELDS, "hand": lambda st, v: tuple(st.hands[v])}
