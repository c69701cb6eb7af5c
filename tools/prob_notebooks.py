"""The cells of the probability lessons, ``notebooks/<game>_probability.ipynb``.

``tools/make_notebooks.py`` writes them with the tutorials (and ``--check`` fails when a committed
one differs); this module says what they hold. Each notebook is the module a game's
``GameSpec.probability`` names (``"module:NOTEBOOK"``): its ``NOTEBOOK`` list gives the markdown cells and the functions
whose bodies are the code cells (linted and unit tested); the module's imports between the markers
are the cell after the introduction. The notebooks run top to bottom without a person
(``python3 -m pytest --nbval-lax notebooks/``).

Cells whose output is exact (the fractions) carry ``# NBVAL_CHECK_OUTPUT``: nbval compares what
they print with the output saved in the notebook. So these cells are run here (after the imports
cell, in one namespace) and saved with what they print and the execution count a run gives them
(nbval skips a cell that has none). They are the only saved outputs: ``tests/test_notebooks_clean.py``
allows them, and ``--check`` keeps them what the code prints. Every other cell has no output.
"""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

from nbformat.v4 import new_code_cell, new_markdown_cell, new_output

from chililab.apps.cells import cell_source, imports_source
from chililab.engine import registry

ROOT = Path(__file__).resolve().parent.parent
CHECKED = "# NBVAL_CHECK_OUTPUT"


def lessons() -> dict:
    """Every probability lesson: its notebook's path -> the lesson module (each registered game's, in order)."""
    return {ROOT / "notebooks" / f"{s.name}_probability.ipynb": registry.load(s.probability.partition(":")[0])
            for s in registry.specs() if s.probability}


def printed(source: str, namespace: dict) -> str:
    """What a cell prints when run in ``namespace``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<cell>", "exec"), namespace)
    return out.getvalue()


def cells(module) -> list:
    """The cells of one lesson module's notebook (see the module docstring)."""
    out, namespace = [], {}
    for kind, cid, body in module.NOTEBOOK:
        if kind == "markdown":
            out.append(new_markdown_cell(body, id=cid))
        else:
            source = cell_source(body)
            cell = new_code_cell(source, id=cid)
            if CHECKED in source.splitlines():
                cell.outputs = [new_output("stream", name="stdout", text=printed(source, namespace))]
                cell.execution_count = sum(c.cell_type == "code" for c in out) + 1
            out.append(cell)
        if cid == "intro":
            source = imports_source(module)
            out.append(new_code_cell(source, id="imports"))
            printed(source, namespace)
    return out
