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


def site_notebook(source: Path, dest: Path) -> Path:
    """Copy the dashboard notebook ``source`` to ``dest``, set to the Pyodide kernel."""
    nb = json.loads(source.read_text())
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1) + "\n")
    return dest
