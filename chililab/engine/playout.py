"""The playout path: the same rules code as :class:`~chililab.engine.Game`, without what only a watched game needs.

A :class:`Playout` holds a game's rules state and nothing else of the teaching session: no undo
snapshots, no redo, no sealed-move bookkeeping and, unless it *listens*, no events at all (the rules'
``event()`` returns at once). It keeps the moves played (one list append each), so a playout that
turns out to be worth watching becomes a whole :class:`~chililab.engine.Game` again with
:meth:`Playout.to_game`, its events and undo replayed on demand.

Simulations, bots and search use it; the dashboards and lessons use ``Game``. Both run the very same
rules methods, and a differential test (``tests/engine/test_playout_paths.py``) plays thousands of
seeded games on both and checks the same legal moves at every step, the same moves and the same results.

>>> from chililab.engine import registry
>>> import random
>>> p = registry.get("loco").new_game(players=3, seed=7).playout()
>>> rng = random.Random(7)
>>> while not p.over:
...     p.play(rng.choice(p.legal_moves()))
>>> g = p.to_game()          # the same game, now with its events, record and undo
>>> g.result == p.result and g.step == p.step and g.events()[-1].kind == "win"
True
"""
from __future__ import annotations

from typing import Any

from .core import _GAME_OVER_HOOKS, StateReader, own_copy, visible_events
from .errors import IllegalMove
from .eventlog import EventLog


class Playout(StateReader):
    """A game played without events, record or undo: :meth:`legal_moves`, :meth:`play`, :meth:`clone`.

    A move that ends the game calls the :func:`~chililab.engine.on_game_over` hooks, as ``Game.apply`` does (a
    Loco game with ``sign_registry`` set signs its winning card, LOCO-SIGN-1, in a simulation too).

    Made by :meth:`Game.playout() <chililab.engine.Game.playout>` (a copy of the game's position) or
    ``registry.get(name).new_playout(...)``. ``listen=True`` keeps the events of every move in
    :attr:`log` (what a simulation's columns count), as a ``Game`` would, still without undo or checks of
    the kernel's.
    """

    __slots__ = ("state", "moves", "log", "game_class", "options", "seed", "setup")

    def __init__(self, game, listen: bool = False, take: bool = False):
        self.game_class = type(game)
        self.options = game.options
        self.seed = game.seed
        self.setup = game.setup
        self.moves: list = list(game.moves)
        # take: the game is thrown away (a new playout), so its position is taken rather than copied
        state = game.state if take else game.state.clone()
        if listen:
            self.log: EventLog | None = game.log.copy()
            state.events = self.log.flat  # the rules' events go straight into the log
        else:
            self.log = None
            state.events = None  # the rules' event() returns at once: no event is built
        self.state = state

    # -- reading (decision, result, over, phase: StateReader's)
    @property
    def step(self) -> int:
        """How many moves have been played (from the start of the game)."""
        return len(self.moves)

    @property
    def listening(self) -> bool:
        return self.log is not None

    def legal_moves(self, player: int | None = None) -> list:
        """The legal moves of ``player`` (``None``: of every seat asked), as ``Game.legal_moves`` lists them."""
        return self.state.legal_moves(player)

    def card_by_id(self, i: int) -> Any:
        return self.game_class.card_by_id(i)

    def view(self, player: int | None) -> Any:
        return self.state.view(player)

    @property
    def edge_counts(self) -> dict:
        return self.game_class.flow.counts(self.state.edge_counts)

    def events(self, step: int | None = None, viewer: int | None = None) -> list:
        """A listening playout's events (as :meth:`Game.events <chililab.engine.Game.events>`)."""
        if self.log is None:
            raise ValueError("this playout does not listen: it made no events (Playout(game, listen=True), or to_game())")
        return visible_events((self.log.flat,) if step is None else (self.log[step],), viewer)

    # -- playing
    def play(self, move) -> None:
        """Play ``move``, one of the moves :meth:`legal_moves` just listed (the fast path: not checked again).

        A move from anywhere else: use :meth:`apply`, which checks it first.
        """
        state = self.state
        log = self.log
        if log is not None:
            state.events = log.flat
            state.play(move)
            log.close()
        else:
            state.play(move)
        self.moves.append(move)
        if state.result is not None:  # the move ended the game: what acts on a game's end acts on this one too
            for hook in _GAME_OVER_HOOKS:
                hook(self)

    def apply(self, move) -> list | None:
        """Check ``move`` as :meth:`Game.apply <chililab.engine.Game.apply>` does (the kernel's checks of a genuine
        move, then the rules'; an :class:`IllegalMove` changes nothing), then play it; return its events when
        the playout listens (else None)."""
        err = self.check(move)
        if err is not None:
            raise err
        self.play(own_copy(move))
        log = self.log
        return None if log is None else log[-1]

    def check(self, move) -> IllegalMove | None:
        """None when ``move`` is legal now, else the refusal :meth:`apply` would raise."""
        shell = object.__new__(self.game_class)  # the Game's checks (Game._admit), on this position
        shell.state = self.state
        return shell._admit(move)

    def clone(self) -> Playout:
        """An independent copy (for search): the position is cloned, the moves list copied."""
        p = object.__new__(Playout)
        p.game_class = self.game_class
        p.options = self.options
        p.seed = self.seed
        p.setup = self.setup
        p.moves = self.moves[:]
        state = self.state.clone()
        log = self.log
        if log is None:
            state.events = None
            p.log = None
        else:
            p.log = log.copy()
        p.state = state
        return p

    def to_game(self):
        """The whole :class:`~chililab.engine.Game` of this playout: its moves replayed with events and undo."""
        g = self.game_class(dict(self.options), self.seed, self.setup)
        g._replaying = True
        try:
            for m in self.moves:
                g.apply(m)
        finally:
            g._replaying = False
        return g

    def __repr__(self) -> str:
        return f"<Playout {self.game_class.GAME} seed={self.seed} step={self.step}{' over' if self.over else ''}>"
