"""The generic layers name no game: what they know of a game comes from the registry.

A game is its package plus one entry point (the ``chililab.games`` group); the engine, the
simulation, the widgets, the charts, the command line, the servers and the static site work
for any registered game. This check reads those modules' code (docstrings and comments left
out: an example there may name a game) and fails on an import of a game's own module or a
name or string that names a built-in game ("loco", "Chili Mafia", ``aycc``).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from chililab.engine import registry

PACKAGE = Path(__file__).resolve().parents[1] / "chililab"

#: the generic layers: folders whole, and single modules
GENERIC_FOLDERS = ("engine", "sim", "widgets", "viz", "site")
GENERIC_MODULES = ("cli", "display", "serve", "control", "classroom", "voila_app", "plotlyjs",
                   "plotlyjs_route", "signing", "extras", "__main__", "apps/game", "apps/cells",
                   "apps/parts", "apps/index")


def generic_files() -> list[Path]:
    files = [f for d in GENERIC_FOLDERS for f in sorted((PACKAGE / d).rglob("*.py"))]
    return files + [PACKAGE / f"{m}.py" for m in GENERIC_MODULES]


def game_words() -> re.Pattern:
    names = sorted(registry.names())
    assert len(names) >= 3, names  # the built-in games are registered
    return re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.I)


def docstrings(tree: ast.AST) -> set[int]:
    """The ``id`` of every docstring constant in ``tree``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def mentions(source: str, words: re.Pattern) -> list[tuple[int, str]]:
    """(line, text) of each place in ``source``'s code that names a game."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        elif isinstance(node, ast.Import):
            text = " ".join(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            text = f"{node.module or ''} {' '.join(a.name for a in node.names)}"
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.arg):
            text = node.arg
        else:
            continue
        if words.search(text.replace("_", " ").replace(".", " ")):
            found.append((node.lineno, text[:80]))
    return found


def test_the_check_finds_a_game_named_in_code_but_not_in_a_docstring():
    words = game_words()
    source = ('"""Plays e.g. loco."""\n'
              'from chililab.games.mafia import spec\n'
              'def f():\n    """aycc here is fine"""\n    return get("aycc"), x.loco_rules, "Chili Loco"\n')
    assert [line for line, _ in mentions(source, words)] == [2, 5, 5, 5]


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_generic_module_names_no_game(path):
    assert path.exists(), path
    found = mentions(path.read_text(), game_words())
    assert not found, f"{path.relative_to(PACKAGE)} names a game in its code: {found}"
