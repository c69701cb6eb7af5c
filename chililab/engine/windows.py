"""Decisions several seats answer: a simultaneous window (hidden answers) and an ordered pass.

Both are mixins of :class:`chililab.engine.machine.RulesBase`; a game's rules
state uses them, it does not copy them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .core import Decision, Move

_tnew = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)


class SimultaneousWindow:
    """Collect the answers of every seat a decision asks, hidden until the last one is in.

    ``answers`` holds the answers given so far (seat -> move); views show a
    seat only its own. When a decision asks one seat, its answer resolves at
    once and nothing is held back.

    A *relayed* window (:meth:`start_relay`) collects one answer per chain of
    seats (a team): the chains answer at the same time, hidden from each other,
    while inside a chain its seats answer one after another, each revising the
    answer before it (:meth:`draft_for`); the last seat's answer is the chain's.
    ``relay`` holds (seat, the seat that answers after it) pairs while one is open;
    the window's phase declares a self-loop, taken each time a chain moves on.
    """

    answers: dict[int, Move]
    relay: tuple[tuple[int, int], ...]
    decision: Decision | None
    phase: str

    if TYPE_CHECKING:  # RulesBase's, which this mixin is part of
        def go(self, dst: str) -> None: ...

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
        relay = self.relay
        if not answers and len(d.players) == 1 and not relay:
            resolve({move.player: move})
            return True
        p = move.player
        answers[p] = move
        if relay:  # the seat's chain goes on with the next seat, or is done
            after = dict(relay).get(p)
            rest = tuple([s if s != p else after for s in d.players if s != p or after is not None])
            if after is not None:
                self.go(self.phase)  # the next seat of the chain revises
        else:
            rest = tuple([s for s in d.players if s not in answers])
        if rest:
            self.decision = _tnew(type(d), (d.kind, rest, d.phase, tuple.__getitem__(d, 3), d.public))
            return False
        self.answers = {}
        if relay:
            revised = dict(relay)
            self.relay = ()
            answers = {s: m for s, m in answers.items() if s not in revised}
        resolve(answers)
        return True

    def start_relay(self, chains: Iterable[Iterable[int]]) -> tuple[int, ...]:
        """Make the next simultaneous decision relayed along ``chains`` (each a non-empty order of seats).

        Returns the seats to ask first, the head of each chain: ask them. Each later seat of a chain is
        asked once the seat before it has answered; ``resolve`` receives the last answer of every chain.
        """
        heads: list[int] = []
        pairs: list[tuple[int, int]] = []
        for chain in chains:
            c = tuple(chain)
            heads.append(c[0])
            pairs += zip(c, c[1:])
        self.relay = tuple(pairs)
        return tuple(heads)

    def draft_for(self, seat: int) -> Move | None:
        """In a relayed window: the answer ``seat`` revises (that of the seat before it in its chain), if given."""
        before = next((a for a, b in self.relay if b == seat), None)
        return None if before is None else self.answers.get(before)


class OrderedPass:
    """Ask seats one at a time, in a fixed order, each once (help offers; defence windows).

    ``start_pass(seats)`` queues the seats; :attr:`pass_seat` is the one asked
    now; ``pass_answered()`` drops it and says whether anyone is left;
    ``close_pass()`` ends the pass before everyone was asked.
    """

    pass_queue: list[int]

    def start_pass(self, seats: Iterable[int]) -> None:
        self.pass_queue = list(seats)

    @property
    def pass_seat(self) -> int:
        return self.pass_queue[0]

    def close_pass(self) -> None:
        """End the pass early (an answer settled it): nobody else is asked."""
        self.pass_queue = []

    def pass_answered(self) -> bool:
        """The seat asked has answered: move on. True while seats remain to be asked."""
        del self.pass_queue[0]
        return bool(self.pass_queue)
