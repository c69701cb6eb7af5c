"""Chili Loco's dashboard (``dashboards/loco.ipynb``): play against bots, the 28 tutorial lessons, the flow.

>>> from chililab.games.loco.apps import dashboard
>>> page = dashboard.app()
>>> page.stepper.game.seed, page.stepper.seat
(7, 0)
"""
from __future__ import annotations

from chililab.apps.game import GameDashboard

#: the deal every visitor sees first (browser tests rely on it)
START = {"players": 4, "seed": 7, "seat": 0}


def app(**start) -> GameDashboard:
    """The Chili Loco dashboard; ``players=``, ``seed=``, ``seat=`` change the first deal."""
    return GameDashboard("loco", **{**START, **start})
