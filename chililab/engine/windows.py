"""Decisions several seats answer: a simultaneous window (hidden answers) and an ordered pass.

Both are mixins of :class:`chililab.engine.machine.RulesBase`; a game's rules
state uses them, it does not copy them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .core import Decision, Move

_tnew = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)


class SimultaneousWindow:
    """Collect the answers of every seat a decision asks, hidden until the last one is in.

    ``answers`` holds the answers given so far (seat -> move); views show a
    seat only its own. When a decision asks one seat, its answer resolves at
    once and nothing is held back.
    """

    answers: dict[int, Move]
    decision: Decision | None

    @property
    def partial(self) -> bool:
        """True while a simultaneous decision holds some (hidden) answers but not all."""
        return bool(self.answers)

    def collect(self, move: Move, resolve: Callable[[dict[int, Move]], Any]) -> bool:
        """Record ``move`` as its seat's answer; call ``resolve(answers)`` once all are in.

        Returns True when the decision was resolved, False while answers are awaited.
        """
        d = self.decision
        assert d is not None, "answers are collected only while a decision is open"
        answers = self.answers
        if not answers and len(d.players) == 1:
            resolve({move.player: move})
            return True
        answers[move.player] = move
        rest = tuple([s for s in d.players if s not in answers])
        if rest:
            self.decision = _tnew(type(d), (d.kind, rest, d.phase, tuple.__getitem__(d, 3), d.public))
            return False
        self.answers = {}
        resolve(answers)
        return True


class OrderedPass:
    """Ask seats one at a time, in a fixed order, each once (help offers; Mafia's defence windows).

    ``start_pass(seats)`` queues the seats; :attr:`pass_seat` is the one asked
    now; ``pass_answered()`` drops it and says whether anyone is left.
    """

    pass_queue: list[int]

    def start_pass(self, seats: Iterable[int]) -> None:
        self.pass_queue = list(seats)

    @property
    def pass_seat(self) -> int:
        return self.pass_queue[0]

    def pass_answered(self) -> bool:
        """The seat asked has answered: move on. True while seats remain to be asked."""
        del self.pass_queue[0]
        return bool(self.pass_queue)
