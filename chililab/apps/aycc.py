"""All You Can Chili's dashboard (``dashboards/aycc.ipynb``): play against bots with secret tolerances, the
lessons (one or more per rule section, the rulebook's worked examples among them), the flow.

>>> from chililab.apps import aycc
>>> page = aycc.app()
>>> page.stepper.game.seed, page.stepper.seat
(7, 0)
"""
from __future__ import annotations

from .game import GameDashboard

#: the deal every visitor sees first (browser tests rely on it)
START = {"players": 4, "seed": 7, "seat": 0}


def app(**start) -> GameDashboard:
    """The All You Can Chili dashboard; ``players=``, ``seed=``, ``seat=`` change the first deal."""
    return GameDashboard("aycc", **{**START, **start})
