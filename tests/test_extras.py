"""What needs an extra says which, when it is missing (run with that package not importable).

A plain ``pip install chililab`` has ipywidgets and anywidget only (``chililab.extras``); the
commands and functions that need more name the extra to install, before any game is played.
"""
from __future__ import annotations

import pytest

from chililab import extras

from .blocked import run_blocked

CLI = "import sys\nfrom chililab.cli import main\nsys.exit(main({argv!r}))\n"
EVERY_EXTRA = sorted(extras.EXTRA_OF)


def cli(argv, blocked):
    return run_blocked(CLI.format(argv=argv), blocked, timeout=120)


@pytest.mark.parametrize("argv,module,extra", [
    (["simulate", "loco", "--games", "3"], "pandas", "sim"),
    (["simulate", "loco", "--games", "3", "--no-progress"], "tqdm", "sim"),
    (["metrics", "loco", "--games", "3"], "pandas", "sim"),
    (["simulate", "loco", "--games", "3", "--out", "x.parquet"], "pyarrow", "sim"),
    (["simulate", "loco", "--games", "3", "--backend", "dask"], "distributed", "dask"),
    (["dashboards", "--port", "1"], "voila", "server"),
], ids=["simulate-pandas", "simulate-tqdm", "metrics-pandas", "parquet-pyarrow", "dask", "dashboards-voila"])
def test_a_command_without_its_extra_names_it_and_plays_nothing(argv, module, extra, tmp_path):
    r = cli(argv, [module])
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert f"needs {module}, which is not installed" in r.stderr and f"'chililab[{extra}]'" in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_play_needs_no_extra():
    r = cli(["play", "loco", "--players", "3", "--seed", "1"], EVERY_EXTRA)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().splitlines()[-1].startswith("# P") and " wins " in r.stdout


@pytest.mark.parametrize("code,module,extra", [
    ("from chililab import loco\nloco.FLOW.graph()", "networkx", "flows"),
    ("import chililab.viz.charts", "plotly", "charts"),
    ("from chililab.sim import simulate\nsimulate('loco', n=2)", "pandas", "sim"),
], ids=["flow-graph", "charts", "simulate"])
def test_a_function_without_its_extra_names_it(code, module, extra):
    r = run_blocked(code, [module])
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("chililab.extras.MissingExtra:") and f"needs {module}" in last and f"chililab[{extra}]" in last


def test_missing_maps_only_optional_packages():
    assert extras.missing(ModuleNotFoundError("No module named 'pandas'", name="pandas")).extra == "sim"
    assert extras.missing(ModuleNotFoundError("No module named 'plotly.io'", name="plotly.io")).extra == "charts"
    assert extras.missing(ModuleNotFoundError("No module named 'foo'", name="foo")) is None
    assert extras.missing(ImportError("cannot import name 'x'", name="pandas")) is None


def test_require_imports_what_is_there():
    assert extras.require("json").dumps([1]) == "[1]"
