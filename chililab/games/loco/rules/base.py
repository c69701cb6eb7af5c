"""The fields of a Chili Loco position as every rules mixin sees them (typed once, for mypy and readers).

``LocoState`` (``state.py``) lists the same names in ``FIELDS`` (the kernel derives ``clone()`` and
``key()`` from it); each rulebook section is a mixin over :class:`LocoBase`. Seats are numbered 0 to
``n - 1`` clockwise; piles are lists whose END is the top card.

Also here: what several sections share (the next seat, the top card, the audience of a private event)
and, for mypy, the steps one section's mixin calls in another's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from chililab.engine import IllegalMove, RulesBase
from chililab.engine.phases import Phases

from .cards import Card
from .options import MAX_PLAYERS
from .pending import Pending

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .house_rules import HouseRule
    from .moves import Jump, Lay

#: AUDIENCE[a][b]: the seats {a, b} as an event's audience, built once (a private event shares it)
AUDIENCE = tuple(tuple(frozenset((a, b)) for b in range(MAX_PLAYERS)) for a in range(MAX_PLAYERS))


def seat_name(s: int) -> str:
    """A seat as texts name it: "P2"."""
    return f"P{s}"


class LocoBase(RulesBase):
    """Annotations of the position, and the helpers every section uses."""

    #: the phases this section runs (each mixin declares its own; ``state.py`` composes them)
    SECTION_PHASES: ClassVar[Phases] = Phases()

    opts: dict[str, Any]  # the normalised options (options.py)
    house: dict[int, HouseRule]  # Personal Recipe card id (112, 113) -> its house rule; empty when off
    hands: list[list[Card]]  # per seat, in the order the cards came
    draw: list[Card]  # the draw pile, LAST = top
    pile: list[Card]  # the play pile, LAST = top
    box: list[Card]  # cards out of play (a scenario that places fewer than all of them)
    colour: str | None  # the active colour (None only before the starter)
    dir: int  # 1 clockwise, -1 anti-clockwise (Stir the Pot)
    dealer: int
    current: int  # the seat whose turn it is
    pending: Pending | None  # the effect aimed at the next player, not yet answered or accepted
    top_layer: int | None  # who laid the top card (LOCO-TWIN-8)
    turn_no: int  # turns begun, from 1
    obligations: dict[int, int]  # seat on one card, LOCO! not shouted -> the turn its window opened
    counts: list[int]  # per seat: the hand size the LOCO! obligations last saw (offered cards counted)
    cp: int  # checkpoints passed
    loco_cp: int  # the checkpoint whose LOCO! window was last resolved
    resume: str  # the phase play resumes in after the checkpoint
    help_count: int  # help requests this turn
    help_return: str  # the phase help returns to (TURN_MAIN or RESPONSE)
    offers: list[tuple[int, Card]]  # (giver, card) slid face down to the asker, not yet touched or left
    offer_i: int  # the offer the asker decides on now
    jumper: int | None  # the one holder of the top card's twin, polled in secret this turn (LOCO-TWIN-4)
    layer: int  # who laid the card being resolved
    laid: tuple[Card, ...]  # the card (or twin) being resolved
    starter: bool  # the starter card is being resolved (it counts as the dealer's play)
    advance_from: int  # the seat the next turn is counted from
    advance_self: bool  # the next turn is advance_from's own (a two-player Stir the Pot that skips)
    accent: bool  # LOCO-HOUSE-7: the terrible accent is on

    def next_seat(self, s: int) -> int:
        """The seat after ``s`` in the direction of play."""
        return (s + self.dir) % self.n

    @property
    def top(self) -> Card:
        """The play pile's top card."""
        return self.pile[-1]

    def _hold(self, p: int, cards, m, rule: str) -> IllegalMove | None:
        """Why ``p`` cannot play ``cards``: one of them is not in p's hand (cited as ``rule``), or None."""
        hand = self.hands[p]
        for c in cards:
            if not isinstance(c, Card) or c not in hand:
                return IllegalMove(rule, f"P{p} does not hold {c}", m)
        return None

    if TYPE_CHECKING:  # steps one section's mixin calls in another's
        def _checkpoint(self, resume: str) -> None: ...

        def _sync(self, seats: Iterable[int], force: bool = False) -> None: ...

        def _draw(self, s: int, k: int, rules: tuple[str, ...], why: str = "draws") -> list[Card]: ...

        def can_draw(self) -> bool: ...

        def held(self, s: int) -> int: ...

        def _land(self, layer: int, cards: tuple[Card, ...], jumped: bool = False) -> None: ...

        def _effect(self, starter_phase: bool = False, prev_pending: Pending | None = None) -> None: ...

        def _slap(self) -> None: ...

        def _ask_loco(self) -> None: ...

        def _ask_help(self, ret: str) -> None: ...

        def _help_problem(self, m: Any) -> IllegalMove | None: ...

        def _jump_holder(self) -> int | None: ...

        def _jump_moves(self, s: int) -> list[Jump | Any]: ...

        def _jump_problem(self, m: Any) -> IllegalMove | None: ...

        def _resolve_jump(self, answers: dict[int, Any], a: Any) -> bool: ...

        def _lay_problem(self, p: int, cards: Any, m: Lay) -> IllegalMove | None: ...

        def _match_problem(self, c: Card, m: Any) -> IllegalMove | None: ...

        def _twin_problem(self, a: Card, b: Card, m: Any) -> IllegalMove | None: ...

        def _milk_ok(self, s: int, hand: list[Card]) -> bool: ...

        def _milk_problem(self, p: int, m: Any) -> IllegalMove | None: ...

        def _win(self, seat: int, cards: tuple[Card, ...], how: str, rules: tuple[str, ...]) -> None: ...

        def _win_by_giving(self, g: int, card: Card) -> None: ...

        def _setup_deal(self, setup: dict | None) -> None: ...

        def _setup_scenario(self, sp: dict) -> None: ...
