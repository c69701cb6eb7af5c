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
- the clause IDs of the generic ``check(move)`` (``MOVE_RULE``, ``ALTERED_RULE``, ``OVER_RULE``,
  ``SEAT_RULE``, ``PHASE_RULES``) and, where its rules need them, its hooks (see :meth:`RulesBase.check`).

Everything else here is generic: the legal-move cache, ``apply``, the run loop,
stepping along the flow with edge counting, events, game over.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from . import fields as _fields
from .core import Decision, Event, LazyDecision, LazyEvent, Move
from .errors import IllegalMove
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
    # The clauses the generic check() cites (a game names its own; None: MOVE_RULE).
    MOVE_RULE: ClassVar[str] = "MOVE"  #: a move must be one of the moves open now
    ALTERED_RULE: ClassVar[str | None] = None  #: a prebuilt move altered after seal() (refused by Game._admit)
    OVER_RULE: ClassVar[str | None] = None  #: no move after the game is over
    SEAT_RULE: ClassVar[str | None] = None  #: a move's player must be a seat of this game
    PHASE_RULES: ClassVar[dict[str, str]] = {}  #: phase -> the clause of 'not your decision' / 'not open now' there
    ANSWERED_RULE: ClassVar[str | None] = None  #: a seat answers a window once (None: told it is not asked)
    #: accept a move equal (==) to one listed since the last move for a seat asked (not only the very object)
    ACCEPT_EQUAL: ClassVar[bool] = False
    #: the game over refusal's text (``{result}``: the result)
    OVER_TEXT: ClassVar[str] = "The game is over: {result}"
    #: the kernel's own fields; a game's FIELDS add to these
    KERNEL_FIELDS = {"n": "value", "phase": "value", "decision": "value", "result": "value",
                     "answers": "dict", "relay": "value", "pass_queue": "list", "returns": "value", "edge_counts": "list",
                     "_rng": "rng",
                     "reaction": "const", "events": "scratch", "_lcache": "scratch", "_lall": "scratch"}
    SCRATCH: ClassVar[dict[str, Any]] = {"events": [], "_lcache": None, "_lall": None}
    #: as declared: name -> kind, or (kind, initial value); after class creation: name -> kind, the kernel's first
    FIELDS: ClassVar[dict[str, Any]] = KERNEL_FIELDS
    #: name -> initial value of the FIELDS declared with one (set by new_state); built from FIELDS
    FIELD_INITS: ClassVar[dict[str, Any]] = {}

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
    events: list[Event] | None  # None: a playout nobody listens to
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
            # a subclass's FIELDS add to its base's (the kernel's, for a game's state)
            kinds, inits = _fields.split(cls.__dict__["FIELDS"])
            base = super(cls, cls)
            cls.FIELDS = {**RulesBase.KERNEL_FIELDS, **getattr(base, "FIELDS", {}), **kinds}
            cls.FIELD_INITS = {**getattr(base, "FIELD_INITS", {}), **inits}
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

    @classmethod
    def new_state(cls, n: int, rng: random.Random, reaction: ReactionModel, options: Any = None):
        """A new state of this class: the kernel's fields (:meth:`init_kernel`), then every field declared with
        an initial value (``FIELDS``, see :mod:`chililab.engine.fields`); the game sets the rest."""
        s = cls.__new__(cls)
        s.init_kernel(n, rng, reaction)
        opts = {} if options is None else options
        initial = _fields.initial
        d = s.__dict__
        for f, value in cls.FIELD_INITS.items():
            d[f] = initial(value, n, opts)
        return s

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

        ``data`` is made read-only (give tuples inside it: lists are copied into frozen ones). In a playout
        nobody listens to (``events`` is None: :mod:`~chililab.engine.playout`) no event is made."""
        out = self.events
        if out is None:
            return
        cls = Event if type(text) is str else LazyEvent
        if data is not None:
            data = freeze_data(data)
        out.append(_tnew(cls, (kind, text, rules, audience, public_text, data)))

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
        of every seat asked, or of one seat)? Then it is legal: a check's fast path, after the kernel's check
        (``Game._admit``) that it is a tuple move (nothing alters it) or a sealed one still intact
        (:func:`~chililab.engine.core.seal`)."""
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

    # ------------------------------------------------------------ the one legality check, and its hooks

    def check(self, m) -> IllegalMove | None:
        """None when ``m`` is legal now, else the :class:`IllegalMove` explaining why.

        The steps, in order (each hook a method a game may override; the clauses are its class attributes):

        1. (done by the kernel before: :meth:`Game._admit <chililab.engine.core.Game._admit>`: ``type(m)`` one of the
           game's move classes, plain field values; a sealed prebuilt move altered with ``object.__setattr__``
           (:func:`~chililab.engine.core.seal`) refused with ``ALTERED_RULE``)
        2. the very object a legal-move list handed out since the last move (:meth:`handed_out`): legal;
        3. :meth:`refuse_early` (None by default);
        4. with ``ACCEPT_EQUAL``, a move equal to one listed for a seat asked (its player a true int): legal;
        5. the game is over: :meth:`over_refusal` (``OVER_RULE``, ``OVER_TEXT``);
        6. the player is not a seat number (an int, not a bool, in ``range(n)``): ``SEAT_RULE``;
        7. :meth:`refuse_move` (None by default): the game's checks once the seat is known;
        8. the seat is not asked now (or has answered already): :meth:`wrong_player`;
        9. :meth:`refuse_asked` (None by default): the game's checks of an asked seat's move;
        10. :meth:`check_open`: one of the seat's legal moves (legal), else the phase's ``REFUSALS``
            method, else :meth:`fallback`.
        """
        if self.handed_out(m):
            return None
        err = self.refuse_early(m)
        if err is not None:
            return err
        if self.ACCEPT_EQUAL:
            cache = self._lcache
            if cache is not None and type(getattr(m, "player", None)) is int:  # bool seats excluded: True == 1
                for lst in cache.values():
                    if m in lst:
                        return None
        if self.result is not None:
            return self.over_refusal(m)
        p = getattr(m, "player", None)
        if type(p) is not int or not 0 <= p < self.n:
            return IllegalMove(self.SEAT_RULE or self.MOVE_RULE,
                               f"{m!r} is not a move by a seat of this {self.n}-player game", m)
        err = self.refuse_move(m, p)
        if err is not None:
            return err
        d = self.decision
        if d is None or p not in d.players:  # an answered seat is no longer asked (windows.collect)
            return self.wrong_player(m, p)
        err = self.refuse_asked(m, p)
        if err is not None:
            return err
        return self.check_open(m, p)

    def refuse_early(self, m) -> IllegalMove | None:
        """Hook: a refusal before anything else is looked at (even before game over). None: go on."""
        return None

    def over_refusal(self, m) -> IllegalMove:
        """Hook: the refusal of a move after the game is over."""
        return IllegalMove(self.OVER_RULE or self.MOVE_RULE, self.OVER_TEXT.format(result=self.result), m)

    def refuse_move(self, m, p: int) -> IllegalMove | None:
        """Hook: the game's checks of a move by seat ``p`` (a seat number), before it is known to be asked."""
        return None

    def decision_rule(self) -> str:
        """Hook: the clause of 'not your decision' / 'not open now' in this phase (``PHASE_RULES``)."""
        return self.PHASE_RULES.get(self.phase, self.MOVE_RULE)

    def wrong_player(self, m, p: int) -> IllegalMove:
        """Hook: the refusal of a move by seat ``p``, who is not asked now (or has answered already)."""
        d = self.decision
        if p in self.answers and self.ANSWERED_RULE is not None:
            return IllegalMove(self.ANSWERED_RULE, f"P{p} has already answered; answers are collected once", m)
        who = ", ".join(f"P{s}" for s in d.players) if d else "nobody"
        return IllegalMove(self.decision_rule(), f"P{p} has no decision to make now: {who} must answer", m)

    def refuse_asked(self, m, p: int) -> IllegalMove | None:
        """Hook: the game's checks of a move by seat ``p``, who is asked now. None: go on."""
        return None

    def check_open(self, m, p: int) -> IllegalMove | None:
        """Hook: ``m`` by the asked seat ``p``: legal when one of its legal moves, else the phase's refusal
        (``REFUSALS``; made to name ``m``), else :meth:`fallback`."""
        if m in self._legal_for(p):
            return None
        err = self.refusal(m)
        if err is None:
            return self.fallback(m, p)
        return err if err.move is m else IllegalMove(err.rule, err.reason, m)

    def fallback(self, m, p: int) -> IllegalMove | None:
        """Hook: a move neither listed nor refused by the phase's ``REFUSALS`` method."""
        d = self.decision
        prompt = d.prompt if d is not None else ""
        return IllegalMove(self.decision_rule(), f"{m} is not one of the moves open to P{p} now: {prompt}", m)

    def apply(self, move) -> list:
        """Apply a move already checked by ``check``; return its events (a new list each time)."""
        events: list[Event] = []
        self.events = events
        self.play(move)
        return events

    def play(self, move) -> None:
        """Apply a move already checked by ``check``; its events go to the list ``events`` holds (None: no
        event is made, the playout path of :mod:`~chililab.engine.playout`)."""
        self._lcache = self._lall = None
        collect, handler = self._on_move[self.phase]
        if collect:
            d = self.decision
            assert d is not None, "a move is applied only while a decision is open (check() refuses it otherwise)"
            if not self.answers and len(d.players) == 1 and not self.relay:  # one seat asked: nothing to hold back
                handler(self, {move.player: move})
            elif not self.collect(move, handler.__get__(self)):
                return
        else:
            handler(self, move)
        if self.phase in self._auto:  # elsewhere the loop would stop at once: a decision is set
            self.run()
