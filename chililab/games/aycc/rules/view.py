"""What one player may see of an All You Can Chili game (aycc.md section 0, Information).

Public: the row, piles, heats, points of piles, tokens, scores, deck size and hand sizes, who is out,
revealed identities and tolerances, and the box's dish composition (``dishes``). Private: a seat's own
identity, tolerance and hand, and the tolerances it has seen with an Eye (``peeks``). Never shown to a
seat: other hands, other identities and tolerances (until revealed), the undealt tolerances, the
Neutral's identity, the deck's order. ``seat=None`` is the teacher's view: everything.

Every field comes from one function of :data:`FIELDS` (``(state, viewer) -> value``): :class:`AyccView`
holds them all (``state.view``); :class:`AyccSeatView`, the simulation's view of one seat, computes each
only when an agent reads it (:mod:`chililab.engine.lazyview`).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from chililab.engine import Decision
from chililab.engine.lazyview import LazyView, SeatReading, open_view

from .cards import CHARACTERS, Dish


class _Reading(SeatReading):
    """What both kinds of All You Can Chili view offer beyond their fields."""

    __slots__ = ()
    if TYPE_CHECKING:  # fields of both views (AyccView's dataclass fields, AyccSeatView's FIELDS)
        row: tuple[int, ...]
        status: tuple[str, ...]
        hands: dict
        piles: tuple[tuple[Dish, ...], ...]
        box: tuple[Dish, ...]
        deck: tuple[Dish, ...] | None
        serving: tuple | None

    def active(self) -> list[int]:
        """The characters still in the round (the Neutral included)."""
        return [c for c in self.row if self.status[c] == "active"]

    def name(self, c: int) -> str:
        return CHARACTERS[c].name

    def visible_dish_ids(self) -> set[int]:
        """Every dish id this view shows where it lies (for hidden-information checks; ``dishes`` lists the box)."""
        ids = {d.id for h in self.hands.values() for d in h}
        ids |= {d.id for p in self.piles for d in p}
        ids |= {d.id for d in self.box}
        ids |= {d.id for d in self.deck or ()}
        if self.serving is not None:
            ids.add(self.serving[1].id)
        return ids


@dataclass(frozen=True)
class AyccView(_Reading):
    seat: int | None
    players: int
    phase: str
    inferno: bool
    round: int
    rounds: int  # rounds of a three_rounds game
    game_end: str  # "three_rounds" or "first_to_50"
    target_points: int
    scores: tuple[int, ...]  # game totals
    round_points: tuple[int, ...]  # scored so far this round
    history: tuple[tuple[int, ...], ...]  # each finished round's points per seat
    row: tuple[int, ...]  # character ids in play this round
    status: tuple[str, ...]  # per character id: "", "active", "withdrawn", "burnt"
    piles: tuple[tuple[Dish, ...], ...]  # per character id, bottom .. top
    heats: tuple[int, ...]  # per character id
    pile_points: tuple[int, ...]  # per character id
    chili: int | None  # token holders (character ids) or None
    last_target: int | None
    lock: int | None
    start: int
    current: int
    turn: int
    deck_size: int
    hand_counts: tuple[int, ...]
    hands: dict  # seat -> its dishes: only the viewer's own (every hand for the teacher)
    identities: dict  # seat -> character id: the viewer's own and the revealed ones (all for the teacher)
    tolerances: dict  # seat -> tolerance: own, revealed, and those seen with the viewer's Eye (all: teacher)
    id_revealed: tuple[bool, ...]
    tol_revealed: tuple[bool, ...]
    peeks: tuple[tuple[int, int], ...]  # (seat, tolerance) the viewer saw with an Eye this round, in order
    undealt_count: int
    tolerance_deck: tuple[int, ...] | None  # teacher only: the undealt tolerances, top first
    neutral: int | None  # teacher only: the Neutral character
    deck: tuple[Dish, ...] | None  # teacher only: top first
    box: tuple[Dish, ...]  # dishes out of this round (an explicit scenario only)
    serving: tuple | None  # the serve in progress: (server, dish, target)
    siestas: dict  # Inferno Mode: seat -> the character its Siesta protects until its next turn (public)
    looking: tuple[int, ...]  # Inferno Mode: the undealt tolerances the viewer looks at (Fuego's ability), else ()
    dishes: tuple[Dish, ...]  # every dish card of this game's composition (public: the box's contents)
    decision: Decision | None
    result: object | None

    @classmethod
    def of(cls, values: dict) -> AyccView:
        """A view from every one of its fields at once (the same value as ``cls(**values)``, built faster)."""
        if values.keys() != _NAMES:
            raise TypeError(f"AyccView fields missing or unknown: {sorted(_NAMES ^ values.keys())}")
        v = object.__new__(cls)
        object.__setattr__(v, "__dict__", values)
        return v

    @property
    def hand(self) -> tuple[Dish, ...]:
        """The viewer's own hand (empty for the teacher's view)."""
        return self.hands.get(self.seat, ()) if self.seat is not None else ()

    @property
    def me(self) -> int | None:
        """The viewer's own character id (None for the teacher)."""
        return self.identities.get(self.seat) if self.seat is not None else None

    @property
    def my_tolerance(self) -> int | None:
        return self.tolerances.get(self.seat) if self.seat is not None else None


_NAMES = frozenset(f.name for f in fields(AyccView))


def _hands(st, v):
    return {s: tuple(h) for s, h in enumerate(st.hands)} if v is None else {v: tuple(st.hands[v])}


def _identities(st, v):
    if v is None:
        return dict(enumerate(st.identity))
    shown = st.id_revealed
    return {s: c for s, c in enumerate(st.identity) if s == v or shown[s]}


def _tolerances(st, v):
    if v is None:
        return dict(enumerate(st.tol))
    shown = st.tol_revealed
    out = {s: t for s, t in enumerate(st.tol) if s == v or shown[s]}
    for s, t in st.peeks[v]:
        if s not in out:
            out[s] = t
    return dict(sorted(out.items()))


def _piles(st, v):
    return tuple(tuple(p) for p in st.piles)


#: field -> function(rules state, viewer) giving it as ``viewer`` may see it (None: the teacher, everything)
FIELDS = {
    "seat": lambda st, v: v,
    "players": lambda st, v: st.n,
    "phase": lambda st, v: st.phase,
    "inferno": lambda st, v: st.opts["inferno"],
    "round": lambda st, v: st.round,
    "rounds": lambda st, v: st.opts["rounds"],
    "game_end": lambda st, v: st.opts["game_end"],
    "target_points": lambda st, v: st.opts["target_points"],
    "scores": lambda st, v: tuple(st.scores),
    "round_points": lambda st, v: tuple(st.round_points),
    "history": lambda st, v: tuple(st.history),
    "row": lambda st, v: st.row,
    "status": lambda st, v: tuple(st.status),
    "piles": _piles,
    "heats": lambda st, v: tuple(st.heats),
    "pile_points": lambda st, v: tuple(sum(d.score for d in p) for p in st.piles),
    "chili": lambda st, v: st.chili,
    "last_target": lambda st, v: st.last_target,
    "lock": lambda st, v: st.lock,
    "start": lambda st, v: st.start,
    "current": lambda st, v: st.current,
    "turn": lambda st, v: st.turn,
    "deck_size": lambda st, v: len(st.deck),
    "hand_counts": lambda st, v: tuple(map(len, st.hands)),
    "hands": _hands,
    "identities": _identities,
    "tolerances": _tolerances,
    "id_revealed": lambda st, v: tuple(st.id_revealed),
    "tol_revealed": lambda st, v: tuple(st.tol_revealed),
    "peeks": lambda st, v: () if v is None else tuple(st.peeks[v]),
    "undealt_count": lambda st, v: len(st.tol_deck),
    "tolerance_deck": lambda st, v: tuple(st.tol_deck) if v is None else None,
    "neutral": lambda st, v: st.neutral if v is None else None,
    "deck": lambda st, v: tuple(st.deck[::-1]) if v is None else None,
    "box": lambda st, v: tuple(st.box),
    "serving": lambda st, v: st.serving,
    "siestas": lambda st, v: {s: c for s, c in enumerate(st.siesta) if c is not None},
    "looking": lambda st, v: st._looking(v),
    "dishes": lambda st, v: st.table,
    "decision": lambda st, v: st.decision.for_viewer(v) if st.decision is not None else None,
    "result": lambda st, v: st.result,
}


def full_view(st, viewer) -> AyccView:
    """Every field of ``viewer``'s view at once (``state.view``)."""
    return AyccView.of({name: get(st, viewer) for name, get in FIELDS.items()})


class AyccSeatView(_Reading, LazyView):
    """One seat's view whose fields are computed when first read; each equals :class:`AyccView`'s
    (``hand``, ``me`` and ``my_tolerance``, properties of the full view, are fields here)."""

    __slots__ = ()
    FIELDS = {**FIELDS, "hand": lambda st, v: tuple(st.hands[v]), "me": lambda st, v: st.identity[v],
              "my_tolerance": lambda st, v: st.tol[v]}

    def __init__(self, st, seat: int):  # LazyView's, with the phase every bot reads copied at once
        d = open_view(self, st)  # the same values as their FIELDS give
        d["seat"], d["phase"] = seat, st.phase
