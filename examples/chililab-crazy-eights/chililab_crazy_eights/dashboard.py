"""Crazy Eights' dashboard: play against bots, the lessons, the flow (chililab's generic GameDashboard).

This module imports widgets; the rules modules never do.
"""
from __future__ import annotations

from chililab.apps.game import GameDashboard

#: the deal every visitor sees first
START = {"players": 4, "seed": 7, "seat": 0}
TAGLINE = "follow the suit or the rank &middot; eights are wild &middot; OpenSpiel's rules, every event cites its clause"


def app(**start) -> GameDashboard:
    """The Crazy Eights dashboard; ``players=``, ``seed=``, ``seat=`` change the first deal."""
    return GameDashboard("crazy_eights", **{**START, **start}, tagline=TAGLINE)
