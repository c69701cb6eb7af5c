"""Bots for chililab games. An agent sees only its seat's view and legal moves.

- :class:`Agent`: the interface, ``choose(view, legal_moves, rng) -> move``;
- :class:`RandomAgent`: uniform over the legal moves (every game);
- :func:`play_game`: play a game to the end with one agent per seat.

A game's own bots (a rule-of-thumb player, say) are listed in its registry
spec (``GameSpec.agents``); ``make_agent("random", game)`` builds any of them
by name (the names the CLI and :func:`chililab.sim.simulate` accept).
"""
from __future__ import annotations

from chililab.engine import registry

from .base import Agent, AgentError, choose_for
from .random_agent import RandomAgent
from .runner import agent_rng, play_game, seat_agents


def make_agent(name, game: str) -> Agent:
    """Build an agent of registered game ``game`` by its short name; ConfigError for an unknown name.

    An :class:`Agent` passed as ``name`` is returned as it is.
    """
    if isinstance(name, Agent):
        return name
    return registry.get(game).agent(name)


__all__ = ["Agent", "AgentError", "RandomAgent", "choose_for", "agent_rng", "make_agent", "play_game", "seat_agents"]
