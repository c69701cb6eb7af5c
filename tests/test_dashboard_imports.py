"""Every dashboard runs with only what a browser's Pyodide installs: no server, data or layout libraries.

Each ``dashboards/*.ipynb`` runs its code cells in a fresh interpreter where the libraries that a
static site (issue 12) leaves out cannot be imported, as if they were not installed: pandas,
pyarrow, tqdm, Dask, Voila, JupyterLab, Graphviz (pygraphviz), networkx, numpy and plotly (the
charts are JSON dicts drawn by plotly.js in the page, :class:`chililab.widgets.plot.PlotView`).
The page is then used the way a visitor uses it: a game's dashboard plays to the end and loads a
lesson; an explorer simulates.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from .blocked import ROOT, run_blocked

#: what no dashboard may import (the core dependencies in pyproject.toml leave them out)
BLOCKED = ["pandas", "pyarrow", "tqdm", "dask", "distributed", "voila", "jupyterlab", "jupyter_server",
           "pygraphviz", "networkx", "numpy", "plotly", "matplotlib", "scipy"]
PAGES = sorted((ROOT / "dashboards").glob("*.ipynb"))

USE = """
import ipywidgets
assert isinstance(page, ipywidgets.Widget), type(page)
used = []
if getattr(page, "stepper", None) is not None:  # the teacher page has one only while it watches a table
    page.stepper.play_to_end()
    used.append(f"played {page.stepper.game.step} steps")
    if len(page.lesson_menu.options) > 1:
        page.lesson_menu.value = page.lesson_menu.options[1][1]
        used.append("lesson " + page.lesson_menu.value)
if hasattr(page, "simulate"):
    page.simulate(100)
    used.append("simulated")
print("USED", "; ".join(used) or "built")
"""


def page_code(path: Path) -> str:
    """A dashboard notebook's code cells as a script whose last line's value is bound to ``page``."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    code = "\n".join("".join(c["source"]) for c in cells).rstrip()
    *body, last = code.splitlines()
    return "\n".join(body) + f"\npage = {last}\n"


def test_there_are_dashboards_to_check():
    assert {p.name for p in PAGES} >= {"index.ipynb", "loco.ipynb", "mafia.ipynb", "aycc.ipynb", "aycc_explorer.ipynb"}


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.stem)
def test_dashboard_runs_without_server_data_or_layout_libraries(path):
    r = run_blocked(page_code(path) + USE, BLOCKED)
    assert r.returncode == 0, f"{path.name} needs a library a browser does not install:\n{r.stderr[-3000:]}"
    assert "USED" in r.stdout
    if path.stem in ("loco", "mafia", "aycc"):
        assert "played" in r.stdout and "lesson" in r.stdout
    if path.stem.endswith("_explorer"):
        assert "simulated" in r.stdout


def test_the_check_catches_a_page_that_imports_a_blocked_library():
    r = run_blocked("import chililab.viz.charts\npage = None\n" + USE, BLOCKED)
    assert r.returncode != 0 and "needs plotly.graph_objects, which is not installed" in r.stderr
