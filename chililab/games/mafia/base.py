"""The fields of a Chili Mafia position as every rules mixin sees them (typed once, for mypy and readers).

``MafiaState`` lists the same names in ``FIELDS`` (the kernel derives ``clone()`` and
``key()`` from it); each rules section is a mixin over this base.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chililab.engine import RulesBase

from .cards import Card


class MafiaBase(RulesBase):
    """Annotations of the position; no behaviour."""

    opts: dict
    setup: dict | None  # explicit orders for tests and records: {"deck": [ids], "hp_deck": [ids]}
    team_of: tuple[int, ...]  # each seat's side (its own seat in individual play)
    hands: list[list[Card]]
    packets: list[list[Card]]  # draft packets: the one in front of each seat
    gangs: list[tuple[tuple[Card, ...], ...]]  # per seat: the gangs in front of it
    hps: list[list[Card]]  # per seat: its face-down Hot Properties
    draw: list[Card]  # index 0 = top
    discard: list[Card]  # last = top
    hp_deck: list[Card]  # index 0 = top
    aside: list[Card]  # set aside until FINALIZE: the Dawn Raid, Taste Me and Hot Property cards in play
    pick: int  # the draft pick being made (1-6), 0 outside the draft
    start: int | None
    current: int | None
    turn: int
    dawn_raid_drawn: bool
    out: list[Card]  # removed from the game: drawn Taste Me cards and the Dawn Raid (public)
    acted: bool  # the active player took an action this turn (form or add), so ending it is no pass
    to_draw: int  # cards of the end-of-turn draw (or of a DRAW sub-step) still to come
    drawer: int | None  # who draws in the DRAW sub-step (any seat: a Lord draws on another's turn)
    draw_clause: str | None  # the clause the DRAW sub-step's draw events cite
    final_left: int | None  # None until the deck runs out; then the final turns still to be played
    hots_played: int  # Hot cards played this turn, neutralized ones included (MAFIA-HOT-1, MAFIA-HOT-6)
    attack: Any  # the PlayHot being resolved (public), or None
    taken: Card | None  # the pepper a Turncoat took, until it is placed
    incoming: list[Card]  # the cards a Booster's givers handed over, entering the hand one at a time

    if TYPE_CHECKING:  # steps one section's mixin calls in another's (defined in turn.py, raid.py, hotplay.py, actions.py)
        def _next_turn(self, phase: str) -> None: ...

        def _hot_moves(self, seat: int) -> list: ...

        def _declaration_problem(self, m: Any) -> Any: ...

        def _declare(self, m: Any) -> None: ...

        def _action_moves(self, seat: int) -> list: ...

        def _action_problem(self, m: Any) -> Any: ...

        def _play_action(self, m: Any) -> None: ...

        def _draw_owed(self, p: int, clause: str) -> Any: ...

        def _start_raid(self, drawer: int) -> bool: ...

        def _draw_then(self, p: int, n: int, clause: str, back: str) -> None: ...

        def _resume(self, back: str) -> bool: ...
