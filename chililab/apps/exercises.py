"""Every probability lesson's exercises on one dashboard (``dashboards/exercises.ipynb``), so a class on the
classroom server can do them too, and the teacher can send everyone to one (``exercises.ipynb?exercise=loco-wild``).

The exercises are the lessons' own cells (``GameSpec.probability``: the code cells whose id starts with
``exercise-``), run here as the notebook runs them: the lesson's imports, then each cell an exercise's parameters
come from (the earliest cell assigning that name), then the exercise's cell. Only the project's own lesson code is
run; nothing a visitor types.

>>> [e.key for _title, es in all_exercises() for e in es][:2]
['aycc-burn', 'aycc-exact']
"""
from __future__ import annotations

import ast
import contextlib
import html
import inspect
import io
import os
from functools import cache
from urllib.parse import parse_qs

import ipywidgets as W

from chililab.engine import registry
from chililab.widgets.exercise import Exercise, collecting

from . import classwork
from .cells import cell_source, imports_source
from .parts import chili, css, panel

PAGE = "exercises.ipynb"


def _assigned(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def lesson_exercises(module) -> list[Exercise]:
    """The exercises of one probability lesson module (its ``NOTEBOOK``), made as its notebook makes them."""
    cells = [(cid, fn) for kind, cid, fn in module.NOTEBOOK if kind == "code"]
    ns: dict = {}
    made: list[Exercise] = []
    with contextlib.redirect_stdout(io.StringIO()):  # the cells an exercise needs may print: not on this page
        exec(imports_source(module), ns)  # noqa: S102 (the project's own lesson code)
        for cid, fn in cells:
            if not cid.startswith("exercise-"):
                continue
            for name in inspect.signature(fn).parameters:
                if name not in ns:
                    source = next(cell_source(f) for _c, f in cells if name in _assigned(cell_source(f)))
                    exec(source, ns)  # noqa: S102
            with collecting() as new:
                exec(cell_source(fn), ns)  # noqa: S102
            made += new
    return made


@cache
def exercise_keys() -> list[tuple[str, str, str]]:
    """``(game title, key, question)`` of every exercise (the teacher's page offers them as pacing targets)."""
    return [(title, e.key, e.text) for title, es in all_exercises() for e in es]


def all_exercises() -> list[tuple[str, list[Exercise]]]:
    """``(game title, its exercises)`` for every registered game with a probability lesson."""
    out = []
    for s in registry.specs():
        if s.probability:
            out.append((s.title, lesson_exercises(registry.load(s.probability.partition(":")[0]))))
    return out


class ExercisesPage(W.VBox):
    """The exercises page; ``query``: ``exercise=key`` shows that one only (default: Voila's query string)."""

    def __init__(self, query: str | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("chili-dash")
        self.add_class("chili-exercises")
        self.class_bar = classwork.ClassBar(PAGE, query=query)
        self.groups = all_exercises()
        self.panels = {title: panel(html.escape(title), *es) for title, es in self.groups}
        self.exercises = {e.key: e for _t, es in self.groups for e in es}
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Exercises</span>'
                        '<span class="s">the probability lessons\' questions: work them out, type your answer</span>'
                        '<a href="index.ipynb">all dashboards</a></div>')
        self.note = W.HTML()
        self.children = [W.HTML(css()), banner, self.class_bar, self.note, *self.panels.values()]
        self.class_bar.address.on_address(self.show_only)
        self.show_only(os.environ.get("QUERY_STRING", "") if query is None else query)

    def show_only(self, query: str) -> None:
        """Show the exercise the query names (``exercise=key``) alone, else all of them."""
        key = parse_qs(query).get("exercise", [""])[-1]
        for title, es in self.groups:
            self.panels[title].layout.display = "" if not key or any(e.key == key for e in es) else "none"
            for e in es:
                e.layout.display = "" if not key or e.key == key else "none"
        self.note.value = ('<div class="chili-muted">One exercise shown: <a href="exercises.ipynb">all the '
                           'exercises</a></div>' if key in self.exercises else "")


def app(query: str | None = None) -> ExercisesPage:
    return ExercisesPage(query=query)
