"""What one player may see of an All You Can Chili game (aycc.md section 0, Information).

Public: the row, piles, heats, points of piles, tokens, scores, deck size and hand sizes, who is out,
revealed identities and tolerances, and the box's dish composition (``dishes``). Private: a seat's own
identity, tolerance and hand, and the tolerances it has seen with an Eye (``peeks``). Never shown to a
seat: other hands, other identities and tolerances (until revealed), the undealt tolerances, the
Neutral's identity, the deck's order. ``seat=None`` is the teacher's view: everything.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from chililab.engine import Decision

from .cards import CHARACTERS, Dish


@dataclass(frozen=True)
class AyccView:
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
    def teacher(self) -> bool:
        return self.seat is None

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


_NAMES = frozenset(f.name for f in fields(AyccView))
