"""The explorer dashboards (pages that are not a game's dashboard), read by the landing page,
``tools/make_dashboards.py`` (which writes their notebooks), the static site and ``chililab dashboards``
(which pre-heats their kernels for a classroom). Light to import: no widgets here.

A game's own explorers are declared in its spec (``GameSpec.explorers``); the ones here compare games
or option sets and belong to none. :func:`explorers` lists both, the games' first.

>>> [e.page for e in explorers()][-1]
'balance_explorer.ipynb'
"""
from __future__ import annotations

from chililab.engine.registry import Explorer, specs

__all__ = ["Explorer", "GENERIC", "explorers"]

#: explorers that belong to no one game
GENERIC = (
    Explorer("balance_explorer.ipynb", "chililab.apps.balance_explorer:app",
             "Game balance: what does a house rule change?",
             "Pick a game and two sets of rules; play the same shuffles under both and read, in sentences, who "
             "wins, how long the games last and what happens more often (the tests one click away)."),
)


def explorers() -> list[Explorer]:
    """Every explorer page: each registered game's (in registration order), then :data:`GENERIC`."""
    return [e for s in specs() for e in s.explorers] + list(GENERIC)
