"""Which dashboards the static site carries, and the notebook each becomes there.

A page runs in the browser when everything it computes runs under Pyodide: the landing
page, every registered game's dashboard, and the explorers marked ``browser`` in
:mod:`chililab.apps.explorers`. The site's copy of a dashboard notebook is the notebook itself,
set to run on the Pyodide kernel (chililab is loaded as Pyodide starts: :mod:`chililab.site.config`).
"""
from __future__ import annotations

import json
from pathlib import Path

from chililab.apps.explorers import explorers
from chililab.engine import registry

INDEX = "index.ipynb"


def browser_pages() -> list[str]:
    """Notebook names of the pages that run in a browser, landing page first.

    >>> browser_pages()[:2]
    ['index.ipynb', 'aycc.ipynb']
    """
    games = [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]
    return [INDEX, *games, *(e.page for e in explorers() if e.browser)]


def game_notebook(spec) -> dict:
    """A registered game's dashboard notebook: one cell calling its ``dashboard``. ``tools/make_dashboards.py``
    writes it into ``dashboards/`` for the games chililab ships; for a plug-in's, the server and the site
    generate it."""
    mod, _, attr = spec.dashboard.partition(":")
    package, _, leaf = mod.rpartition(".")
    code = (f"# {spec.title} dashboard: the code is in {mod.replace('.', '/')}.py.\n"
            f"# Change the first deal with e.g. {leaf}.{attr}(players=3, seed=42, seat=1).\n"
            f"from {package} import {leaf}\n\n{leaf}.{attr}()")
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"{spec.name}-dashboard", "metadata": {},
                       "outputs": [], "source": code}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def site_notebook(source: Path, dest: Path) -> Path:
    """Copy the dashboard notebook ``source`` to ``dest``, set to the Pyodide kernel. A registered game's page
    missing from ``source``'s folder (a plug-in's) is generated from its spec (:func:`game_notebook`)."""
    spec = next((s for s in registry.specs() if s.dashboard and f"{s.name}.ipynb" == source.name), None)
    nb = game_notebook(spec) if spec is not None and not source.is_file() else json.loads(source.read_text())
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1) + "\n")
    return dest
