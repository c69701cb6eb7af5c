"""Play a game with agents: each seat's agent sees only that seat's view.

>>> import random
>>> from chililab.engine import registry
>>> from chililab.agents import RandomAgent, play_game
>>> game = registry.get(registry.names()[0]).new_game(players=3, seed=1)
>>> g = play_game(game, [RandomAgent()] * 3, random.Random(1))
>>> g.over
True
"""
from __future__ import annotations

import random

from chililab.engine.lazyview import ViewOnDemand

from .base import Agent, seen_by, wrong_seat


def agent_rng(seed: int) -> random.Random:
    """The agents' random generator for the game with this seed (used by the CLI and sim alike)."""
    return random.Random(f"chililab-agents:{seed}")


def seat_agents(agents, players: int) -> dict:
    """Normalise ``agents`` (one Agent, a list, or a dict seat -> Agent) to a dict covering every seat."""
    if isinstance(agents, Agent):
        return {s: agents for s in range(players)}
    if isinstance(agents, dict):
        table = dict(agents)
    else:
        table = dict(enumerate(agents))
    missing = [s for s in range(players) if s not in table]
    if missing:
        raise ValueError(f"no agent for seat(s) {missing} of a {players}-player game")
    for s, a in table.items():
        if not callable(getattr(a, "choose", None)):
            raise TypeError(f"the agent for seat {s} has no choose(view, legal_moves, rng) method: {a!r}")
    return table


def seat_view(state, seat: int):
    """``seat``'s view for an agent that reads it lazily (:attr:`Agent.lazy_view`): the game's own
    lazy view (``state.seat_view``) where it has one, else its full view built on the first read."""
    lazy = getattr(state, "seat_view", None)
    return lazy(seat) if lazy is not None else ViewOnDemand(state, seat)


def play_game(game, agents, rng: random.Random | None = None, max_steps: int | None = None, on_step=None):
    """Play ``game`` to the end and return it.

    While the game is not over, every seat in ``game.decision.players`` is
    asked in turn: its agent gets ``game.view(seat)`` (for an agent with
    :attr:`~Agent.lazy_view`, the same fields computed as they are read:
    :func:`seat_view`) and ``game.legal_moves(seat)`` - never the game itself - and the move it
    returns is applied (an illegal move raises ``IllegalMove``, a move for
another seat ``AgentError``). Several seats
    asked together (a simultaneous window) each answer once; their
    answers stay hidden from each other until all are in.

    ``agents``: dict seat -> Agent, a list indexed by seat, or one Agent for
    every seat. ``rng``: the agents' random source (default: seeded from
    ``game.seed``). ``max_steps``: raise RuntimeError beyond this many moves.
    ``on_step(game, events)``: called after each applied move.

    ``game`` may also be a :class:`~chililab.engine.playout.Playout` (what simulations play): each move is
    checked by the rules and played there; ``events`` is None unless the playout listens.
    """
    if rng is None:
        rng = agent_rng(game.seed)
    if getattr(game, "state", None) is None:  # a game outside the kernel: only the session's own API
        return _play_session(game, agents, rng, max_steps, on_step)
    table = seat_agents(agents, game.state.n)
    make_view = getattr(type(game.state), "seat_view", None) or ViewOnDemand  # the game's own lazy view, if any
    views = {s: make_view if getattr(a, "lazy_view", False) is True else None for s, a in table.items()}
    knows = {s for s, a in table.items() if getattr(a, "sees", "view") == "knowledge"}
    apply = game.apply
    while game.state.result is None:
        for seat in tuple(game.state.decision.players):
            state = game.state
            if state.result is not None or seat not in state.decision.players:
                break
            agent = table[seat]
            lazy = views[seat]
            if seat in knows:
                move = agent.choose(seen_by(agent, state, seat), state.legal_moves(seat), rng)
            elif lazy is not None:
                view = lazy(state, seat)
                move = agent.choose(view, state.legal_moves(seat), rng)
                view._close()
            else:
                move = agent.choose(state.view(seat), state.legal_moves(seat), rng)
            if type(getattr(move, "player", None)) is not int or move.player != seat:  # choose_for, inlined
                raise wrong_seat(agent, seat, move)
            events = apply(move)
            if on_step is not None:
                on_step(game, events)
        if max_steps is not None and game.step > max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} moves")
    return game


def _play_session(game, agents, rng, max_steps, on_step):
    """:func:`play_game` for a registered game without a kernel rules state (its session's
    ``view``, ``legal_moves``, ``decision`` and ``apply`` only)."""
    table = seat_agents(agents, game.view(None).players)
    while not game.over:
        for seat in tuple(game.decision.players):
            if game.over or seat not in game.decision.players:
                break
            agent = table[seat]
            view = ViewOnDemand(game, seat) if getattr(agent, "lazy_view", False) is True else game.view(seat)
            move = agent.choose(view, game.legal_moves(seat), rng)
            if type(getattr(move, "player", None)) is not int or move.player != seat:
                raise wrong_seat(agent, seat, move)
            events = game.apply(move)
            if on_step is not None:
                on_step(game, events)
        if max_steps is not None and game.step > max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} moves")
    return game
