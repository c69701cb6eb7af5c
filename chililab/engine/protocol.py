"""What :class:`~chililab.engine.Game` needs from a game's rules state, as a ``typing.Protocol``."""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .core import Decision, Event
from .errors import IllegalMove


@runtime_checkable
class RulesState(Protocol):
    """A game's position and its rule code (:class:`~chililab.engine.machine.RulesBase` implements most of it)."""

    n: int  #: seats at the table
    phase: str  #: the current phase of the game's flow
    decision: Decision | None  #: who must answer now
    result: Any  #: None while the game runs, then a Result
    edge_counts: list  #: how often each transition of the flow was taken, in ``flow.edges`` order
    events: list[Event] | None  #: where ``event()`` puts the events of the move being played (None: nowhere)

    @property
    def partial(self) -> bool:
        """A simultaneous decision holds some hidden answers but not all."""

    def legal_moves(self, player: int | None = None) -> list: ...

    def check(self, move) -> IllegalMove | None:
        """None when ``move`` is legal now, else the refusal (the one source of legality)."""

    def apply(self, move) -> list[Event]: ...

    def play(self, move) -> None:
        """``apply`` without making a list of events: they go to ``events`` (the playout path)."""

    def clone(self) -> RulesState: ...

    def key(self) -> tuple: ...

    def view(self, player: int | None) -> Any: ...
