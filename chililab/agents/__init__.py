"""Bots for chililab games. An agent sees only its seat's view and legal moves.

- :class:`Agent`: the interface, ``choose(view, legal_moves, rng) -> move``;
- :class:`RandomAgent`: uniform over the legal moves;
- :class:`LocoRuleAgent`: rule-of-thumb Chili Loco player;
- :func:`play_game`: play a game to the end with one agent per seat.

``make_agent("random")`` / ``make_agent("rules")`` build agents by name (the
names the CLI and :func:`chililab.sim.simulate` accept).
"""
from __future__ import annotations

from .base import Agent
from .loco_rules import LocoRuleAgent
from .random_agent import RandomAgent
from .runner import agent_rng, play_game, seat_agents

#: agent names -> classes, per game
AGENTS = {"loco": {"random": RandomAgent, "rules": LocoRuleAgent}}


def make_agent(name: str, game: str = "loco") -> Agent:
    """Build an agent by its short name (``"random"``, ``"rules"``). Unknown names raise ValueError."""
    if isinstance(name, Agent):
        return name
    known = AGENTS.get(game, {})
    try:
        return known[str(name).strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown agent {name!r} for {game}: choose from {', '.join(sorted(known))}") from None


__all__ = ["AGENTS", "Agent", "LocoRuleAgent", "RandomAgent", "agent_rng", "make_agent", "play_game", "seat_agents"]
