"""docs/adding-a-game.md is checked by the game built by following it: examples/chililab-crazy-eights.

Each step of the page names something a game must have; this test finds each in the example package
(read from its folder, installed or not), so the page cannot drift from a game that works.
"""
from __future__ import annotations

import importlib
import re
import sys

import pytest
import tomllib

from chililab.engine.registry import GameSpec
from chililab.viz.flow_layout import dot_source, file_name

from .blocked import ROOT

DOC = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "chililab-crazy-eights"


@pytest.fixture(scope="module")
def example():
    """The example's package and its pyproject, imported from its folder."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
        (name, target), = project["project"]["entry-points"]["chililab.games"].items()
        module, _, attr = target.partition(":")
        spec = getattr(importlib.import_module(module), attr)
        yield name, spec, importlib.import_module(spec.package)
    finally:
        sys.path.remove(str(EXAMPLE))


def test_the_page_is_short_and_shows_the_examples_own_entry_point(example):
    name, spec, _ = example
    assert len(DOC.splitlines()) <= 60, "the page is meant to be read in one go"
    snippet = re.search(r"```toml\n(.*?)```", DOC, re.S).group(1)
    assert tomllib.loads(snippet)["project"]["entry-points"]["chililab.games"] == {name: f"{spec.package}.spec:SPEC"}
    assert "examples/chililab-crazy-eights/" in DOC and name == spec.name


def test_step_1_the_rules_reference_is_in_the_games_own_data_folder(example):
    _, spec, _ = example
    assert "`data/rules.json`" in DOC and spec.clauses == "data/rules.json"
    clauses = spec.rules_reference()["clauses"]
    assert clauses and all({"section", "group", "engineer", "learner"} <= set(c) for c in clauses.values())
    assert all(i.startswith(spec.rule_prefix + "-") for i in clauses)


def test_step_2_the_package_exports_what_the_page_lists(example):
    _, spec, package = example
    for name in ("new_game", "replay", "scenario", "FLOW"):
        assert f"`{name}" in DOC and hasattr(package, name), name
    g = package.new_game(seed=1)
    assert g.decision is not None and package.replay(g.record).fingerprint() == g.fingerprint()


def test_step_3_the_spec_names_every_part_the_page_lists(example):
    _, spec, _ = example
    assert isinstance(spec, GameSpec)
    for field in ("agents", "sim", "pictures", "lessons", "dashboard", "tagline"):
        assert field in DOC and getattr(spec, field), field


def test_step_4_the_flow_picture_ships_in_the_package(example):
    _, spec, package = example
    assert "data/flows/" in DOC
    flows = EXAMPLE / package.__name__ / "data" / "flows"
    assert (flows / file_name(spec.name, dot_source(spec.flow))).is_file()


def test_step_5_every_clause_has_a_test_naming_it(example):
    _, spec, _ = example
    tests = "".join(p.read_text(encoding="utf-8") for p in (EXAMPLE / "tests").glob("test_*.py"))
    missing = [i for i in spec.rules_reference()["clauses"] if f'"{i}"' not in tests]
    assert not missing, f"clauses without a test: {missing}"
