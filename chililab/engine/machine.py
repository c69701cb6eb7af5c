"""The machinery every game's rules state shares: flow steps, events, automatic phases, game over.

A game's rules state subclasses :class:`RulesBase` and declares:

- ``flow``: its :class:`~chililab.engine.Flow` (the state may take only its transitions);
- ``FIELDS``: every attribute it holds (see :mod:`chililab.engine.fields`);
  ``clone()`` and ``key()`` are derived from it;
- ``AUTOMATIC``: phase -> method name, the phases that run by themselves; a
  step returns True when it has set a decision (the loop stops there);
- ``WINDOWS``: phase -> resolver name, phases whose answers are collected
  (hidden while several seats are asked) and resolved together;
- ``ACTIONS``: phase -> handler name, phases where the one move is applied at once;
- ``LEGAL``: phase -> method name giving a deciding seat's legal moves there;
- ``REFUSALS``: phase -> method name saying why a move is refused there (``None``: it is not);
- ``check(move)``: the one source of legality (usually: the legal moves, else the refusal).

Everything else here is generic: the legal-move cache, ``apply``, the run loop,
stepping along the flow with edge counting, events, game over.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from . import fields as _fields
from .core import Decision, Event, LazyDecision, LazyEvent, Move
from .fields import copy_rng
from .flow import Flow
from .frozen import freeze_data
from .race import Races
from .reaction import ReactionModel
from .windows import OrderedPass, SimultaneousWindow

_tnew = tuple.__new__


class RulesBase(SimultaneousWindow, OrderedPass, Races):
    """Base class of a game's rules state (implements :class:`~chililab.engine.protocol.RulesState`)."""

    flow: ClassVar[Flow]  #: set by each game's rules state
    OVER = "GAME_OVER"  # the phase a finished game rests in
    AUTOMATIC: ClassVar[dict[str, str]] = {}
    WINDOWS: ClassVar[dict[str, str]] = {}
    ACTIONS: ClassVar[dict[str, str]] = {}
    LEGAL: ClassVar[dict[str, str]] = {}
    REFUSALS: ClassVar[dict[str, str]] = {}
    #: the kernel's own fields; a game's FIELDS add to these
    KERNEL_FIELDS = {"n": "value", "phase": "value", "decision": "value", "result": "value",
                     "answers": "dict", "relay": "value", "pass_queue": "list", "returns": "value", "edge_counts": "list",
                     "_rng": "rng",
                     "reaction": "const", "events": "scratch", "_lcache": "scratch", "_lall": "scratch"}
    SCRATCH: ClassVar[dict[str, Any]] = {"events": [], "_lcache": None, "_lall": None}
    FIELDS: ClassVar[dict[str, str]] = KERNEL_FIELDS

    # The kernel's fields (KERNEL_FIELDS) as mypy sees them; a game annotates its own FIELDS likewise.
    n: int
    phase: str
    decision: Decision | None
    result: Any  # None while the game runs, then the game's Result
    answers: dict[int, Move]
    relay: tuple[tuple[int, int], ...]
    pass_queue: list[int]
    returns: tuple[str, ...]  # where each sub-step entered by call() goes back to (innermost last)
    edge_counts: list[int]
    _rng: random.Random
    _rng_shared: bool
    reaction: ReactionModel
    events: list[Event]
    _lcache: dict[int, list] | None
    _lall: list | None

    # Built per class: by __init_subclass__ from FIELDS (clone, key) and from the phase tables.
    clone: ClassVar[Callable[[RulesBase], RulesBase]]
    key: ClassVar[Callable[[RulesBase], tuple]]
    _edge_ids: ClassVar[dict[str, dict[str, int]]]
    _auto: ClassVar[dict[str, Callable[[Any], Any]]]
    _on_move: ClassVar[dict[str, tuple[bool, Callable[..., Any]]]]
    _legal_in: ClassVar[dict[str, Callable[[Any, int], list]]]
    _refusal_in: ClassVar[dict[str, Callable[[Any, Any], Any]]]

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "FIELDS" in cls.__dict__:
            cls.FIELDS = {**RulesBase.KERNEL_FIELDS, **cls.__dict__["FIELDS"]}
            cls.clone, cls.key = _fields.build(cls, cls.FIELDS, cls.SCRATCH)
        if getattr(cls, "flow", None) is not None:  # a mixin or an abstract base may have none yet
            cls._edge_ids = cls.flow.edge_ids
        cls._auto = {ph: getattr(cls, name) for ph, name in cls.AUTOMATIC.items()}
        cls._on_move = {ph: (True, getattr(cls, name)) for ph, name in cls.WINDOWS.items()}
        cls._on_move.update({ph: (False, getattr(cls, name)) for ph, name in cls.ACTIONS.items()})
        cls._legal_in = {ph: getattr(cls, name) for ph, name in cls.LEGAL.items()}
        cls._refusal_in = {ph: getattr(cls, name) for ph, name in cls.REFUSALS.items()}

    @property
    def rng(self) -> random.Random:
        """The game's random generator (copied first if a clone still shares it)."""
        if self._rng_shared:
            self._rng = copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    def init_kernel(self, n: int, rng: random.Random, reaction: ReactionModel) -> None:
        """Set the kernel's fields of a new state (before setup runs)."""
        self.n = n
        self.rng = rng
        self.reaction = reaction
        self.phase = self.flow.start
        self.decision = None
        self.result = None
        self.answers = {}
        self.relay = ()
        self.pass_queue = []
        self.returns = ()
        self.edge_counts = [0] * len(self.flow.edges)
        self.events = []
        self._lcache = self._lall = None

    # ------------------------------------------------------------ flow and events

    def go(self, dst: str) -> None:
        """Take the declared transition from the current phase to ``dst``, and count it."""
        try:
            self.edge_counts[self._edge_ids[self.phase][dst]] += 1
        except KeyError:
            raise RuntimeError(f"{self.flow.game}: undeclared transition {self.phase} -> {dst}") from None
        self.phase = dst

    def call(self, phase: str, back: str) -> None:
        """Enter the sub-step ``phase``, to come back to ``back`` with :meth:`ret` (both edges declared).

        Sub-steps nest: a draw inside an effect inside a turn keeps one return each.
        """
        self.go(phase)
        self.returns = self.returns + (back,)

    def ret(self) -> str:
        """Leave the innermost sub-step for the phase its :meth:`call` named; return that phase."""
        if not self.returns:
            raise RuntimeError(f"{self.flow.game}: ret() from {self.phase} without a call()")
        back = self.returns[-1]
        self.returns = self.returns[:-1]
        self.go(back)
        return back

    def drop_returns(self) -> None:
        """Abandon every open sub-step (an event that ends the turn where it stands)."""
        self.returns = ()

    def event(self, kind, text, rules, audience=None, public_text=None, data=None) -> None:
        """Record an event. ``text`` (and ``public_text``) may be ``(template, *args)``: formatted when read.

        ``data`` is made read-only (give tuples inside it: lists are copied into frozen ones)."""
        cls = Event if type(text) is str else LazyEvent
        if data is not None:
            data = freeze_data(data)
        self.events.append(_tnew(cls, (kind, text, rules, audience, public_text, data)))

    def ask(self, kind: str, players, prompt: str, public=None) -> None:
        """Set the decision of the current phase (``prompt`` may be ``(template, *args)``: formatted when read)."""
        cls = Decision if type(prompt) is str else LazyDecision
        self.decision = _tnew(cls, (kind, tuple(players), self.phase, prompt, public))

    def finish(self, result) -> None:
        """The game is over with ``result``: nobody is asked any more."""
        self.result = result
        self.decision = Decision("window", (), self.OVER, str(result))
        self.go(self.OVER)

    def run(self) -> None:
        """Run automatic phases until someone must decide, or the game is over."""
        auto = self._auto
        while True:
            step = auto.get(self.phase)
            if step is None or step(self):
                return

    # ------------------------------------------------------------ legal moves and applying

    def legal_moves(self, player=None) -> list:
        d = self.decision
        if d is None or self.result is not None:
            return []
        players = d.players
        if player is not None:
            if player not in players:
                return []
            if len(players) > 1:
                return list(self._legal_for(player))
        out = self._lall  # every seat's moves: the one seat asked (given or not), or all of them
        if out is None:
            if len(players) == 1:
                gen = self._legal_in.get(self.phase)
                out = [] if gen is None else gen(self, players[0])
            else:
                out = []
                for s in players:
                    out.extend(self._legal_for(s))
            self._lall = out
        return out[:]

    def handed_out(self, move) -> bool:
        """Is ``move`` the very object (``is``) of a legal-move list made since the last move (``legal_moves()``
        of every seat asked, or of one seat)? Then it is legal: a check's fast path, after the check that
        a prebuilt move was not altered (:func:`~chililab.engine.core.seal`)."""
        lall = self._lall
        if lall is not None:
            for x in lall:
                if x is move:
                    return True
        cache = self._lcache
        if cache is not None:
            for lst in cache.values():
                for x in lst:
                    if x is move:
                        return True
        return False

    def _legal_for(self, seat) -> list:
        """The legal moves of ``seat`` now (cached until the next apply)."""
        cache = self._lcache
        if cache is None:
            cache = self._lcache = {}
        lst = cache.get(seat)
        if lst is None:
            lst = cache[seat] = self._generate(seat)
        return lst

    def _generate(self, seat) -> list:
        """The legal moves of ``seat`` in this phase (the method ``LEGAL`` names)."""
        gen = self._legal_in.get(self.phase)
        return [] if gen is None else gen(self, seat)

    def refusal(self, move):
        """Why ``move`` is refused in this phase (the method ``REFUSALS`` names), or None."""
        why = self._refusal_in.get(self.phase)
        return None if why is None else why(self, move)

    def apply(self, move) -> list:
        """Apply a move already checked by ``check``; return its events (a new list each time)."""
        events: list[Event] = []
        self.events = events
        self._lcache = self._lall = None
        collect, handler = self._on_move[self.phase]
        if collect:
            d = self.decision
            assert d is not None, "a move is applied only while a decision is open (check() refuses it otherwise)"
            if not self.answers and len(d.players) == 1 and not self.relay:  # one seat asked: nothing to hold back
                handler(self, {move.player: move})
            elif not self.collect(move, handler.__get__(self)):
                return events
        else:
            handler(self, move)
        if self.phase in self._auto:  # elsewhere the loop would stop at once: a decision is set
            self.run()
        return events
