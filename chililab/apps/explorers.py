"""The explorer dashboards (pages that are not a game's): one line each, read by the landing page,
``tools/make_dashboards.py`` (which writes their notebooks) and ``chililab dashboards`` (which
pre-heats their kernels for a classroom). Light to import: no widgets here.

>>> [e.page for e in EXPLORERS]
['aycc_explorer.ipynb', 'loco_explorer.ipynb', 'mafia_explorer.ipynb', 'balance_explorer.ipynb']
"""
from __future__ import annotations

from typing import NamedTuple


class Explorer(NamedTuple):
    """An explorer page: its notebook name, the ``module:function`` that builds it, a title and a summary.

    ``browser``: its simulations run under Pyodide, so the static site (``chililab site build``) carries it.
    """

    page: str
    app: str
    title: str
    summary: str
    browser: bool = False


EXPLORERS = (
    Explorer("aycc_explorer.ipynb", "chililab.apps.aycc_explorer:app",
             "All You Can Chili: probability explorer",
             "Set up a table and see the burn-out odds and withdraw-or-serve values, exact beside "
             "simulated; watch the simulation converge.",
             browser=True),
    Explorer("loco_explorer.ipynb", "chililab.apps.loco_explorer:app",
             "Chili Loco: probability explorer",
             "Twins, wilds and playable cards in a hand, and the Hot Sauce stack: exact chances beside "
             "simulated ones; simulate more and watch them converge.",
             browser=True),
    Explorer("mafia_explorer.ipynb", "chililab.apps.mafia_explorer:app",
             "Chili Mafia: probability explorer",
             "A Brotherhood in the opening hand or the draft, and the chance a Hot card can be defended: "
             "exact beside simulated.",
             browser=True),
    Explorer("balance_explorer.ipynb", "chililab.apps.balance_explorer:app",
             "Game balance: one option set against another",
             "Pick a game and two option sets; play seeded games of both and compare seat advantage and "
             "game length, with significance tests."),
)
