#!/usr/bin/env python3
"""Build the teaching notebooks from code, byte-stable (fixed cell ids, no outputs).

    python3 tools/make_notebooks.py          # (re)write notebooks/<game>_{tutorial,probability}.ipynb
    python3 tools/make_notebooks.py --check  # exit 1 if a committed notebook differs

One tutorial and one probability lesson per registered game that declares them
(``GameSpec.tutorial``: a function returning the cells as ``(kind, id, source)``;
``GameSpec.probability``: see ``tools/prob_notebooks.py``). Each tutorial follows its
rulebook section by section; each lesson's prepared position is shown in a ``Stepper``.
The code cells are the bodies of functions in the game's own tutorial module (linted and
unit tested). The notebooks run top to bottom without a person
(``python3 -m pytest --nbval-lax notebooks/``).

Each lesson's text is shown once, by its stepper (with its rules and hint); the
notebook gives the lesson a heading only. The notebook is written without
outputs, and ``tests/test_notebooks_clean.py`` keeps every notebook in
``notebooks/`` and ``dashboards/`` that way. The probability lessons (``tools/prob_notebooks.py``)
keep one kind of output: what their exact cells print, which nbval compares.
"""
from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import prob_notebooks  # noqa: E402 (tools/prob_notebooks.py: the probability lessons)

from chililab.engine import registry  # noqa: E402 (after the sys.path line)


def tutorial_notebook(cells) -> nbformat.NotebookNode:
    """A tutorial notebook of these cells, with the Python 3 kernel, checked."""
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


def build_lesson(module) -> nbformat.NotebookNode:
    """A probability lesson (``tools/prob_notebooks.py``)."""
    return tutorial_notebook(prob_notebooks.cells(module))


def build_tutorial(spec) -> nbformat.NotebookNode:
    """A game's tutorial: the cells its ``GameSpec.tutorial`` function gives."""
    make = {"markdown": new_markdown_cell, "code": new_code_cell}
    return tutorial_notebook([make[kind](source, id=cid) for kind, cid, source in registry.load(spec.tutorial)()])


def notebooks() -> dict:
    """Every notebook this script writes: path -> builder (each registered game's tutorial, then the lessons)."""
    out = {ROOT / "notebooks" / f"{s.name}_tutorial.ipynb": partial(build_tutorial, s)
           for s in registry.specs() if s.tutorial}
    out.update({path: partial(build_lesson, module) for path, module in prob_notebooks.lessons().items()})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check that the committed notebooks are up to date")
    a = ap.parse_args(argv)
    stale = 0
    for out, builder in notebooks().items():
        nb = builder()
        text = nbformat.writes(nb)
        name = out.relative_to(ROOT)
        if a.check:
            if not out.exists() or out.read_text(encoding="utf-8") != text:
                print(f"{name} is out of date: run python3 tools/make_notebooks.py")
                stale += 1
            else:
                print(f"{name} is up to date")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {name} ({len(nb.cells)} cells)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
