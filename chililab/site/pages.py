"""Which dashboards the static site carries, and the notebook each becomes there.

A page runs in the browser when everything it computes runs under Pyodide: the landing
page, every registered game's dashboard, and the explorers marked ``browser`` in
:mod:`chililab.apps.explorers`. The site's copy of a dashboard notebook starts with one
hidden cell that installs chililab from the site's own package index.
"""
from __future__ import annotations

import json
from pathlib import Path

from chililab.apps.explorers import EXPLORERS
from chililab.engine import registry

INDEX = "index.ipynb"


def browser_pages() -> list[str]:
    """Notebook names of the pages that run in a browser, landing page first.

    >>> browser_pages()[:2]
    ['index.ipynb', 'loco.ipynb']
    """
    games = [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]
    return [INDEX, *games, *(e.page for e in EXPLORERS if e.browser)]


def install_source(requires: list[str], available: set[str]) -> str:
    """The site notebook's first cell: install chililab in the browser (top-level await runs in Pyodide).

    When some of chililab's declared dependencies are not shipped (``requires`` names
    not in ``available``), chililab goes in without its dependencies and the shipped ones
    it imports are installed by name.

    >>> print(install_source(["ipywidgets"], {"ipywidgets"}))
    # chililab static site: install chililab in this browser from the site's own package index
    import piplite
    await piplite.install("chililab")
    >>> print(install_source(["ipywidgets", "pandas"], {"ipywidgets", "networkx"}).splitlines()[-2:])
    ['await piplite.install(["ipywidgets", "networkx"])', 'await piplite.install("chililab", deps=False)']
    """
    head = ("# chililab static site: install chililab in this browser from the site's own package index\n"
            "import piplite\n")
    if set(requires) <= available:
        return head + 'await piplite.install("chililab")'
    shipped = sorted(available & _DASHBOARD_IMPORTS)
    return head + f"await piplite.install({json.dumps(shipped)})\n" + 'await piplite.install("chililab", deps=False)'


#: What the dashboards import, by distribution name (used only while chililab declares
#: dependencies the site does not ship).
_DASHBOARD_IMPORTS = {"ipywidgets", "networkx", "anywidget"}


def site_notebook(source: Path, dest: Path, install: str) -> Path:
    """Copy the dashboard notebook ``source`` to ``dest`` with the install cell first."""
    nb = json.loads(source.read_text())
    cell = {"cell_type": "code", "execution_count": None, "id": "chililab-site-install",
            "metadata": {"tags": ["chililab-site"]}, "outputs": [], "source": install}
    nb["cells"] = [cell, *nb["cells"]]
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1) + "\n")
    return dest
