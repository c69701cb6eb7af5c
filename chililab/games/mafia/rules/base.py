"""The fields of a Chili Mafia position as every rules mixin sees them (typed once, for mypy and readers).

``MafiaState`` lists the same names in ``FIELDS`` (the kernel derives ``clone()`` and
``key()`` from it); each rules section is a mixin over this base.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from chililab.engine import RulesBase
from chililab.engine.phases import Phases

from .cards import Card

#: the audience of an event only seat ``s`` may see, one per seat (frozensets are values: every such event shares it)
ALONE: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))


class MafiaBase(RulesBase):
    """Annotations of the position; no behaviour."""

    #: the phases this section runs (each mixin declares its own; ``chililab.engine.phases.compose`` joins them)
    SECTION_PHASES: ClassVar[Phases] = Phases()

    opts: dict
    setup: dict | None  # explicit orders for tests and records: {"deck": [ids], "hp_deck": [ids]}
    team_of: tuple[int, ...]  # each seat's side (its own seat in individual play)
    hands: list[list[Card]]
    packets: list[tuple[Card, ...]]  # draft packets: the one in front of each seat
    gangs: list[tuple[tuple[Card, ...], ...]]  # per seat: the gangs in front of it
    hps: list[tuple[Card, ...]]  # per seat: its face-down Hot Properties
    draw: list[Card]  # index 0 = top
    discard: list[Card]  # last = top
    hp_deck: tuple[Card, ...]  # index 0 = top
    aside: tuple[Card, ...]  # set aside until FINALIZE: the Dawn Raid, Taste Me and Hot Property cards in play
    pick: int  # the draft pick being made (1-6), 0 outside the draft
    start: int | None
    current: int | None
    turn: int
    dawn_raid_drawn: bool
    out: tuple[Card, ...]  # removed from the game: drawn Taste Me cards and the Dawn Raid (public)
    acted: bool  # the active player took an action this turn (form or add), so ending it is no pass
    to_draw: int  # cards of the end-of-turn draw (or of a DRAW sub-step) still to come
    drawer: int | None  # who draws in the DRAW sub-step (any seat: a Lord draws on another's turn)
    draw_clause: str | None  # the clause the DRAW sub-step's draw events cite
    final_left: int | None  # None until the deck runs out; then the final turns still to be played
    hots_played: int  # Hot cards played this turn, neutralized ones included (MAFIA-HOT-1, MAFIA-HOT-6)
    attack: Any  # the PlayHot being resolved (public), or None
    taken: Card | None  # the pepper a Turncoat took, until it is placed
    exchanges: int  # 2-player Hot-card exchanges made this turn (MAFIA-2P-2)
    incoming: tuple[Card, ...]  # the cards a Booster's givers handed over, entering the hand one at a time
    # Hot Properties (hot_properties.py)
    hp_win: str | None  # the HP moment open: a window ("reconsider", "kiss", "bribe", "recruit") or a card's step
    hp_stage: int  # POST_HOT: how many of the Kiss, Bribe, Recruit windows have opened
    hp_victim: Any  # int or None: the owner of the gang the Hot card being answered attacks
    hp_added: Any  # None, or (adder, the peppers added) for a Recruit window
    hp_with: Any  # int or None: the other player of a Snoop or Make a Deal
    hp_card: Any  # Card or None: the Shakedown or Booster a Snoop goes with
    hp_gain: tuple[Card, ...]  # cards an HP gives, entering ``hp_gainer``'s hand one at a time (hand limit)
    hp_gainer: Any  # int or None: whose hand ``hp_gain`` enters
    hp_drawn: tuple[Card, ...]  # the peppers the Lucky Dime being used has drawn
    hit: tuple[Card, ...]  # what the Hot card being resolved takes: its targets, or Bodyguards in their place
    guard_at: int  # the index of the next target a Bodyguard may be asked to save (MAFIA-ADV-BODYGUARD-1)
    lords: tuple[int, ...]  # seats owed a card for a Lord lost to the Hot card (MAFIA-GF-LORD-1), in order
    danced: tuple[Card, ...]  # the Dancers moved this turn (MAFIA-GF-DANCER-1: once each per turn)
    gambled: bool  # a Gambler was used this turn (MAFIA-GF-GAMBLER-1: once per turn)

    if TYPE_CHECKING:  # steps one section's mixin calls in another's (defined in turn.py, dawn_raid.py, hot_cards.py, action_cards.py)
        def _next_turn(self, phase: str) -> None: ...

        def _load_scenario(self, sc: dict) -> None: ...

        def _team(self, seat: int) -> tuple[int, ...]: ...

        def _hot_moves(self, seat: int) -> list: ...

        def _declaration_problem(self, m: Any) -> Any: ...

        def _declare(self, m: Any) -> None: ...

        def _action_moves(self, seat: int) -> list: ...

        def _exchange_moves(self, seat: int) -> list: ...

        def _exchange_problem(self, m: Any) -> Any: ...

        def _exchange(self, m: Any) -> None: ...

        def _action_problem(self, m: Any) -> Any: ...

        def _play_action(self, m: Any) -> None: ...

        def _draw_owed(self, p: int, clause: str) -> Any: ...

        def _start_raid(self, drawer: int) -> bool: ...

        def _start_guard(self) -> None: ...

        def _team_gangs(self, seat: int) -> list: ...

        def _placements(self, seat: int, pepper: Card, spare: Card | None = None) -> list: ...

        def _placing_problem(self, player: int, pepper: Card, gang: Any, cards: Any, owner: Any,
                             spare: Card | None = None) -> str | None: ...

        def _place(self, player: int, pepper: Card, gang: Any, cards: Any, owner: Any) -> None: ...

        def _gf_moves(self, seat: int) -> list: ...

        def _gf_problem(self, m: Any) -> Any: ...

        def _on_gf(self, m: Any) -> None: ...

        def _draw_then(self, p: int, n: int, clause: str, back: str) -> None: ...

        def _resume(self, back: str) -> bool: ...

        def _last_card_check(self) -> None: ...

        def _booster_problem(self, m: Any) -> Any: ...

        def _target_owner(self) -> int: ...

        def _holding(self, card: Card) -> tuple[int, tuple]: ...

        def _open_defence(self, owner: int | None = None) -> bool: ...

        def _ask_defence(self) -> None: ...

        def _defence_moves(self, seat: int) -> list: ...

        def _defence_problem(self, m: Any) -> Any: ...

        def _on_defence(self, m: Any) -> None: ...

        def _take_from_gang(self, card: Card) -> int: ...

        def _back_to_turn(self) -> bool: ...

        def _hp_on_form(self, p: int, from_hand: int) -> None: ...

        def _hp_after_add(self, p: int, cards: Any) -> bool: ...

        def _hp_uses(self, seat: int) -> list: ...

        def _hp_use_problem(self, m: Any) -> Any: ...

        def _hp_turn_use(self, m: Any) -> None: ...

        def _hp_neutralized(self) -> bool: ...

        def _hp_after_hot(self) -> bool: ...

        def _hp_placed(self, p: int, new_gang: bool, hand_cards: Any, taken: Any) -> None: ...

        def _hp_use(self, m: Any) -> None: ...

        def _hp_gain_cards(self, p: int, cards: Any) -> None: ...

        def _hp_receive(self) -> bool: ...

        def _hp_limit_discard(self, m: Any) -> None: ...

        def _hp_window_problem(self, m: Any) -> Any: ...
        def _move_sweet(self, src_seat: int, src: int, dst_seat: int, dst: int, card: Card) -> None: ...

        def _take_from_gang(self, card: Card) -> int: ...
