"""The fields of an All You Can Chili position as every rules mixin sees them (typed once, for mypy and readers).

``AyccState`` lists the same names in ``FIELDS`` (the kernel derives ``clone()`` and ``key()`` from
it); each rules section is a mixin over this base. Characters are numbered by their id in
``cards.CHARACTERS`` (0-6); per-character lists have 7 entries whatever the row.

The hooks Inferno Mode overrides (``inferno.py``) are defined here with the base game's answer:
:meth:`AyccBase._offer_ability`, :meth:`AyccBase._on_turn_begin`, :meth:`AyccBase._guarded` and
:meth:`AyccBase._withdraw_blocked`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chililab.engine import Decision, IllegalMove, RulesBase

from .cards import Dish
from .moves import MAX_SEATS

#: a character's status in ``status``
ABSENT, ACTIVE, WITHDRAWN, BURNT = "", "active", "withdrawn", "burnt"
#: each seat alone: the audience of an event only that seat may read
ONLY = tuple(frozenset((s,)) for s in range(MAX_SEATS))


def asking(kind: str, phase: str, prompt: str) -> tuple[Decision, ...]:
    """The decision of each seat alone in ``phase`` (``prompt``: a template of the seat), made once: decisions are
    values (:meth:`AyccBase._ask_listed` opens one)."""
    return tuple(Decision(kind, (p,), phase, prompt.format(p)) for p in range(MAX_SEATS))


class AyccBase(RulesBase):
    """Annotations of the position, and the base game's answers to Inferno Mode's hooks."""

    opts: dict
    serves: tuple  # the prebuilt serves of this composition (moves.serve_table)
    table: tuple[Dish, ...]  # every dish card of this game's composition, by id
    setup: dict | None  # explicit deals and a scenario for tests and records (game.py checks them)
    round: int  # the round being played, from 1
    scores: list[int]  # per seat: points over the whole game (AYCC-ROUND-5)
    round_points: list[int]  # per seat: points scored this round so far (banked at once)
    history: list[tuple[int, ...]]  # per finished round: what each seat scored in it
    row: tuple[int, ...]  # the characters in play this round (N+1), in row order
    status: list[str]  # per character: ABSENT (not in the row), ACTIVE, WITHDRAWN or BURNT
    owner: list[int | None]  # per character: the seat playing it; None for the Neutral and absent ones
    identity: list[int]  # per seat: its secret character
    neutral: int  # the Neutral character this round (never revealed, AYCC-NEUTRAL-1)
    tol: list[int]  # per seat: its tolerance card
    tol_deck: list[int]  # the undealt tolerance cards, index 0 = top (Fuego Fred looks at them)
    tol_out: list[int]  # tolerance cards out of this round (discarded by Fuego Fred)
    id_revealed: list[bool]  # per seat: its identity is public
    tol_revealed: list[bool]  # per seat: its tolerance is public
    peeks: list[list[tuple[int, int]]]  # per seat: (seat, tolerance) it has seen with an Eye this round
    deck: list[Dish]  # the dish deck, LAST = top
    hands: list[list[Dish]]
    piles: list[list[Dish]]  # per character: its dishes, last = the most recently placed
    heats: list[int]  # per character: the heat of its pile (AYCC-SERVE-5), kept as its pile changes
    box: list[Dish]  # dishes out of this round (a scenario that places fewer than all of them)
    chili: int | None  # the character holding the Chili token (None: unplaced)
    last_target: int | None  # the character holding the Last Target token
    lock: int | None  # the character holding the Lock token
    start: int  # the seat that began this round
    current: int  # the seat whose turn it is
    turn: int  # turns begun in the whole game
    serving: tuple[int, Dish, int] | None  # the serve in progress: (server, dish, target), until its LAST_TARGET step

    # ------------------------------------------------------------ the piles and their heats

    def _pile_on(self, c: int, dish: Dish) -> None:
        """``dish`` goes on top of character ``c``'s pile, whose heat grows by its flames (AYCC-SERVE-5)."""
        self.piles[c].append(dish)
        self.heats[c] += dish.flame

    def _pile_off(self, c: int) -> Dish:
        """The top dish of character ``c``'s pile leaves it (a Fork), and its flames leave the pile's heat."""
        dish = self.piles[c].pop()
        self.heats[c] -= dish.flame
        return dish

    # ------------------------------------------------------------ asking a seat whose moves are listed already

    def _ask_listed(self, asked: Decision, moves: list) -> None:
        """Open ``asked``, a decision of one seat made once (a value: :func:`asking`), whose legal ``moves`` the
        phase has just listed to see whether there are any: the list is kept as the decision's, which
        ``legal_moves()`` and ``check()`` read until the next move."""
        self.decision = asked
        self._lall = moves
        self._lcache = {asked.players[0]: moves}

    # ------------------------------------------------------------ Inferno Mode's hooks (base game answers)

    def _on_turn_begin(self, p: int) -> None:
        """TURN_BEGIN, before anything else: Inferno expires ``p``'s own Siesta here. Base game: nothing."""

    def _offer_ability(self, p: int) -> bool:
        """TURN_BEGIN: ask D1 (set the decision) and return True, or return False to go on to ACTION.

        Base game: False. Inferno Mode asks when ``inferno`` is on and ``p``'s identity is hidden; its
        moves are then listed and applied by the phase tables' TURN_BEGIN and ABILITY entries.
        """
        return False

    def _guarded(self, c: int, by: int) -> IllegalMove | None:
        """Why seat ``by`` may not add a dish to character ``c`` now (a serve, a Fork landing, a swap), or None.

        Base game: None. Inferno Mode: Al Apeno's Siesta (AYCC-INFERNO-ALAPENO-1).
        """
        return None

    def _guarded_from(self, by: int) -> tuple[int, ...]:
        """Every character seat ``by`` may not add a dish to now: those :meth:`_guarded` refuses (the listings ask
        once, not per character). Base game: none."""
        return ()

    def _withdraw_blocked(self, p: int) -> IllegalMove | None:
        """Why seat ``p`` may not voluntarily withdraw because of another's effect, or None.

        Base game: None (the Lock is checked by the turn itself). Inferno Mode: an opponent's Siesta.
        """
        return None

    if TYPE_CHECKING:  # steps one section's mixin calls in another's
        def _burn_check(self, chars: Any) -> bool: ...

        def _round_over(self) -> bool: ...

        def _players_left(self) -> int: ...

        def _gain(self, p: int, pts: int) -> None: ...

        def _check_target(self) -> bool: ...

        def _serve_problem(self, p: int, dish: Any, target: Any) -> IllegalMove | None: ...

        def _draw_up(self, p: int, clause: str) -> None: ...

        def _start_serve(self, p: int, dish: Dish, target: int, back: str) -> None: ...

        def _start_fork(self, p: int, back: str) -> None: ...

        def _knock_out(self, c: int, how: str, clause: str) -> None: ...

        def _withdraw(self, p: int, voluntary: bool) -> None: ...

        def _deal_round(self) -> None: ...

        def _seat_round(self, row, ids, neutral, tols, undealt) -> None: ...

        def _apply_icon(self, dish: Dish, c: int) -> bool: ...

        def _lock_problem(self, c: int) -> IllegalMove | None: ...

        def _withdraw_problem(self, p: int) -> IllegalMove | None: ...
