"""No notebook in ``notebooks/`` or ``dashboards/`` is committed with outputs.

JupyterLab saves outputs, execution counts and widget state into a notebook on
autosave; a teacher who runs the tutorial and commits it would ship hundreds of
lines of outputs. This check fails on any of them (the CI runs it with the rest
of the suite). To strip a notebook: regenerate it (``python3 tools/make_notebooks.py``,
``python3 tools/make_dashboards.py``) or ``nbstripout FILE``; ``nbstripout --install``
makes git strip them on every commit (see the README).

One kind of output is allowed: a cell marked ``# NBVAL_CHECK_OUTPUT`` carries the output nbval
compares the run with (the probability lessons' exact fractions, written by
``tools/make_prob_notebooks.py``, whose ``--check`` keeps them what the code prints).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("dashboards/**/*.ipynb")])
CHECKED = "# NBVAL_CHECK_OUTPUT"


def checked(cell: dict) -> bool:
    """Whether nbval compares this cell's output with the saved one (its expected output is kept)."""
    source = cell.get("source", "")
    lines = (source if isinstance(source, str) else "".join(source)).splitlines()
    return any(line.strip() == CHECKED for line in lines)


def saved_outputs(nb: dict) -> list[str]:
    """Where a notebook (as JSON) carries saved run results: outputs, execution counts, widget state."""
    found = []
    for k, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        where = f"cell {k} ({cell.get('id', '?')})"
        if checked(cell) and all(o.get("output_type") == "stream" for o in cell.get("outputs", [])):
            continue  # the expected output nbval compares with (printed text only)
        if cell.get("outputs"):
            found.append(f"{where}: {len(cell['outputs'])} outputs")
        if cell.get("execution_count") is not None:
            found.append(f"{where}: execution_count {cell['execution_count']}")
        if cell.get("metadata", {}).get("execution"):
            found.append(f"{where}: execution timings")
    if "widgets" in nb.get("metadata", {}):
        found.append("notebook metadata: saved widget state")
    return found


def test_there_are_notebooks_to_check():
    names = {p.relative_to(ROOT).as_posix() for p in NOTEBOOKS}
    assert "notebooks/loco_tutorial.ipynb" in names and any(n.startswith("dashboards/") for n in names)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_has_no_saved_outputs(path):
    found = saved_outputs(json.loads(path.read_text(encoding="utf-8")))
    assert not found, (f"{path.relative_to(ROOT)} was saved with outputs: {'; '.join(found[:5])}. "
                       "Strip them: nbstripout it, or regenerate it with tools/make_notebooks.py")


def test_the_check_finds_what_jupyterlab_saves():
    ran = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}}, "cells": [
        {"cell_type": "markdown", "source": "# hi", "metadata": {}},
        {"cell_type": "code", "id": "a", "execution_count": 3, "metadata": {},
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "x"}], "source": "print('x')"},
        {"cell_type": "code", "id": "b", "execution_count": None, "outputs": [], "source": "",
         "metadata": {"execution": {"iopub.status.busy": "2026-01-01T00:00:00Z"}}},
    ]}
    found = saved_outputs(ran)
    assert len(found) == 4 and "1 outputs" in found[0] and "execution_count 3" in found[1]
    clean = {"metadata": {}, "cells": [{"cell_type": "code", "execution_count": None, "outputs": [], "metadata": {}}]}
    assert saved_outputs(clean) == []


def test_only_printed_output_of_checked_cells_is_allowed():
    printed = {"output_type": "stream", "name": "stdout", "text": "exact: 1/7\n"}
    shown = {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
    nb = {"metadata": {}, "cells": [
        {"cell_type": "code", "id": "a", "execution_count": 2, "metadata": {}, "outputs": [printed],
         "source": "# NBVAL_CHECK_OUTPUT\nsay(x)"},
        {"cell_type": "code", "id": "b", "execution_count": 3, "metadata": {}, "outputs": [printed, shown],
         "source": ["# NBVAL_CHECK_OUTPUT\n", "chart()"]},
        {"cell_type": "code", "id": "c", "execution_count": 4, "metadata": {}, "outputs": [printed],
         "source": "say(x)  # NBVAL_CHECK_OUTPUT in a comment elsewhere does not count"},
    ]}
    found = saved_outputs(nb)
    assert [f.split(":")[0] for f in found] == ["cell 1 (b)", "cell 1 (b)", "cell 2 (c)", "cell 2 (c)"]
