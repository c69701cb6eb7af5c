"""Notebook cells written as functions (linted and unit tested): ``tools/make_notebooks.py`` turns a function's
body into one code cell, and a module's imports between two marker comments into the notebook's first cell.

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
