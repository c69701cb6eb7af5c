"""The explorer dashboards (pages that are not a game's): one line each, read by the landing page,
``tools/make_dashboards.py`` (which writes their notebooks) and ``chililab dashboards`` (which
pre-heats their kernels for a classroom). Light to import: no widgets here.

>>> [e.page for e in EXPLORERS]
['aycc_explorer.ipynb']
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
)
