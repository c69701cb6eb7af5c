"""Flow pictures ship laid out: the committed files are what dot draws today, and drawing needs no Graphviz.

``tools/make_flows.py`` writes ``<game package>/data/flows/<game>.<key>.svg``; a dashboard (in a
browser too) draws a registered game's flow from them. These tests run where pygraphviz is
installed (CI installs ``.[all]``): the comparison with a fresh layout is never skipped.
"""
from __future__ import annotations

import importlib.util

import pytest
import tomllib

from chililab.engine import Flow, Phase, Transition, registry
from chililab.viz import flow_layout as FL

from .blocked import ROOT, run_blocked


def _tool():
    spec = importlib.util.spec_from_file_location("make_flows", ROOT / "tools" / "make_flows.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_flow_pictures_are_what_dot_draws_now():
    diff = _tool().differences()
    assert not diff, f"rerun python3 tools/make_flows.py and commit each game's data/flows: {diff}"


def test_the_check_sees_a_missing_a_stale_and_a_changed_file(tmp_path):
    tool = _tool()
    names = [p.name for p in tool.write(tmp_path)]
    assert names and tool.differences(tmp_path) == []
    (tmp_path / names[0]).write_bytes((tmp_path / names[0]).read_bytes().replace(b"<title>", b"<title>x", 1))
    (tmp_path / names[1]).unlink()
    (tmp_path / "loco.0000000000000000.svg").write_text("<svg/>")
    assert tool.differences(tmp_path) == [f"missing {names[1]}", "stale loco.0000000000000000.svg",
                                          f"differs {names[0]}"]


@pytest.mark.parametrize("spec", registry.specs(), ids=lambda s: s.name)
def test_every_registered_flow_is_shipped_under_the_hash_of_its_dot_text(spec):
    dot = FL.dot_source(spec.flow)
    svg = FL.shipped(spec.flow.game, dot)
    assert svg is not None and svg.startswith(b"<?xml") and b"<svg" in svg
    assert FL.layout_svg(spec.flow) == svg


def test_the_pictures_are_package_data():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["chililab"]
    assert "games/*/data/flows/*.svg" in data


def test_a_changed_flow_gets_another_key():
    a = Flow("t", [Phase("A", "a"), Phase("B", "b", "turn")], [Transition("A", "B", "go", ("T-1",))], "A")
    b = Flow("t", [Phase("A", "a"), Phase("B", "b", "turn")], [Transition("A", "B", "went", ("T-1",))], "A")
    c = Flow("t", [Phase("A", "a"), Phase("B", "b", "turn", label="Bee")], [Transition("A", "B", "go", ("T-1",))], "A")
    keys = {FL.file_name("t", FL.dot_source(f)) for f in (a, b, c)}
    assert len(keys) == 3  # the picture shows the words and the learner names: a change of either is a new layout


def test_dot_text_quotes_names():
    f = Flow('q"x', [Phase('A "1"', "a"), Phase("B\\2", "b")], [Transition('A "1"', "B\\2", "go", ())], 'A "1"')
    dot = FL.dot_source(f)
    assert 'digraph "q\\"x" {' in dot and '"A \\"1\\"" -> "B\\\\2"' in dot


def test_registered_flows_draw_without_graphviz_or_networkx():
    code = ("import sys\nfrom chililab.engine import registry\nfrom chililab.viz.flow import flow_svg\n"
            "for s in registry.specs():\n    assert 'data-phase' in flow_svg(s.flow, current=s.flow.start)\n"
            "print('drawn', len(registry.specs()))\n")
    r = run_blocked(code, ["pygraphviz", "networkx"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"drawn {len(registry.specs())}"


def test_a_flow_not_shipped_without_graphviz_names_the_extra():
    code = ("from chililab.engine import Flow, Phase\nfrom chililab.viz.flow import flow_svg\n"
            "flow_svg(Flow('toy', [Phase('A', 'a')], [], 'A'))\n")
    r = run_blocked(code, ["pygraphviz"])
    assert r.returncode != 0
    assert "FlowLayoutMissing" in r.stderr and "chililab[flows]" in r.stderr and "'toy' flow" in r.stderr
