"""The agent interface: a bot sees only its seat's view and its legal moves.

An agent never receives the game or its rules state, so it cannot peek at
hidden cards: :func:`chililab.agents.runner.play_game` hands it
``game.view(seat)`` (built fresh from public facts plus the seat's own cards;
for an agent with ``lazy_view``, the same fields computed when first read)
and ``game.legal_moves(seat)``, and applies whatever move it returns (an
illegal one raises ``IllegalMove``; nothing is silently replaced). A move
for any other seat than the one asked is refused with :class:`AgentError`
(:func:`choose_for`), even where that seat is asked too.
"""
from __future__ import annotations

import random


class AgentError(ValueError):
    """An agent answered with something that is not a move of the seat it was asked for."""


def choose_for(agent, game, seat: int, rng: random.Random, legal: list | None = None):
    """Ask ``agent`` for ``seat``'s move: it sees that seat's view and legal moves only.

    ``legal``: the seat's legal moves when the caller has them already. A move for
    another seat raises :class:`AgentError` before anything is applied.
    """
    if legal is None:
        legal = game.legal_moves(seat)
    move = agent.choose(seen_by(agent, game.state if hasattr(game, "state") else game, seat), legal, rng)
    if type(getattr(move, "player", None)) is not int or move.player != seat:
        raise wrong_seat(agent, seat, move)
    return move


def seen_by(agent, state, seat: int):
    """What ``agent`` is handed for ``seat``: the seat's view, or for an agent that ``sees = "knowledge"``
    (a search bot) the seat's :class:`~chililab.engine.worlds.Knowledge` (the position with every card the
    seat cannot see put in a fixed order)."""
    if getattr(agent, "sees", "view") == "knowledge":
        from chililab.engine.worlds import Knowledge

        return Knowledge(state, seat)
    return state.view(seat)


def wrong_seat(agent, seat: int, move) -> AgentError:
    """The error for ``agent``, asked for ``seat``'s move, answering ``move`` (another seat's, or none)."""
    p = getattr(move, "player", None)
    return AgentError(f"the agent {getattr(agent, 'name', agent)!r} was asked for seat {seat}'s move "
                      f"and answered {move!r}, a move of {'seat ' + repr(p) if p is not None else 'no seat'}")


class Agent:
    """Base class of bots. Subclasses implement :meth:`choose`.

    ``name`` is the short name used by the CLI and :func:`chililab.sim.simulate`
    (``"random"`` ...). Agents should be cheap to build and picklable
    (simulations send them to worker processes).
    """

    name = "agent"
    #: what the agent is handed: ``"view"`` (its seat's view) or ``"knowledge"`` (its seat's
    #: :class:`~chililab.engine.worlds.Knowledge`, for search; never the game itself)
    sees = "view"
    #: True for an agent that only reads the view's fields and properties while it chooses (it neither
    #: keeps the view nor checks its type): the runner then hands it a view of the same fields computed as
    #: they are read (:func:`chililab.agents.runner.seat_view`), far cheaper when it reads few or none
    lazy_view = False

    def choose(self, view, legal_moves: list, rng: random.Random):
        """Return one move from ``legal_moves`` for the seat ``view.seat``.

        ``view``: what this seat may see (the game's view of ``view.seat``);
        ``legal_moves``: the seat's legal moves now (never empty);
        ``rng``: the only source of randomness an agent may use, so games are
        reproducible from their seeds.
        """
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}()"
