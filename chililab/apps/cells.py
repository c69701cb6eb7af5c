"""Notebook cells written as functions (linted and unit tested): ``tools/make_notebooks.py`` turns a function's
body into one code cell, and a module's imports between two marker comments into the notebook's first cell.

A game's tutorial notebook is its ``GameSpec.tutorial``: a function returning the cells as
``(kind, id, source)`` triples (kind ``"markdown"`` or ``"code"``); :func:`lesson_cells` gives the part every
game's tutorial shares (a heading per rule section, a stepper per lesson).

>>> def example():
...     x = 1
...     print(x)
>>> print(cell_source(example))
x = 1
print(x)
"""
from __future__ import annotations

import inspect
import textwrap

START = "# -- notebook imports (the first cell)\n"
END = "# -- end of notebook imports"


def cell_source(fn) -> str:
    """The body of ``fn`` as notebook cell source (dedented, without its ``def`` line)."""
    lines = inspect.getsource(fn).splitlines()
    return textwrap.dedent("\n".join(lines[1:])).strip()


def imports_source(module) -> str:
    """The first cell: ``module``'s imports between the markers :data:`START` and :data:`END`."""
    src = inspect.getsource(module)
    start = src.index(START)
    return src[src.index("\n", start) + 1:src.index(END)].strip()


def slug(text: str) -> str:
    """``text`` as a cell id: lower case, runs of other characters as one dash.

    >>> slug("Can't play? Draw or ask for help")
    'can-t-play-draw-or-ask-for-help'
    """
    return "-".join(p for p in "".join(ch if ch.isalnum() else "-" for ch in text.lower()).split("-") if p)


def lesson_cells(lessons, section_text: dict, engine_after: dict) -> list[tuple[str, str, str]]:
    """One heading per rule section of a game's ``lessons`` module (``SECTIONS``, ``lessons_in``), with its
    ``section_text``; then per lesson a heading and its stepper, and the code cell ``engine_after`` names for it
    (lesson key -> (cell id, function)). The lesson's text, rules and hint are shown by its stepper."""
    cells = []
    for k, section in enumerate(lessons.SECTIONS, 1):
        cells.append(("markdown", f"section-{slug(section)}", f"## {k}. {section}\n\n{section_text[section]}"))
        for le in lessons.lessons_in(section):
            cells.append(("markdown", f"lesson-{le.key}-md", f"### {le.title}"))
            cells.append(("code", f"lesson-{le.key}", f'Stepper(lesson=lesson("{le.key}"))'))
            if le.key in engine_after:
                cid, fn = engine_after[le.key]
                cells.append(("code", cid, cell_source(fn)))
    return cells


def flow_play(stepper, game):
    # let the bots finish the game; the stepper and the flow graph follow
    stepper.play_to_end()
    assert game.over
    print(game.result, "after", game.step, "moves")
