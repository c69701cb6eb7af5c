"""Packaging facts a fresh clone relies on: a browser installs the core, Binder's environment.yml
matches pyproject's `all`, the README's first command installs it, CI runs the tests."""
import pathlib
import re

import tomllib

from chililab import extras

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
#: what the dashboards import at run time: pure Python wheels on PyPI (their own dependencies too:
#: psygnal, typing-extensions; ipywidgets' comm and traitlets) that Pyodide's micropip installs
BROWSER = {"ipywidgets", "anywidget"}
#: the packages that bring a module whose distribution has another name
PROVIDES = {"distributed": "dask", "jupyter_server": "voila"}


def _name(req):
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower()


def _extra(name):
    """The requirement names of an extra, its own extras (``chililab[sim,...]``) expanded."""
    out = set()
    for req in PYPROJECT["project"]["optional-dependencies"][name]:
        m = re.fullmatch(r"chililab\[([\w,]+)\]", req)
        out |= set().union(*(_extra(e) for e in m.group(1).split(","))) if m else {_name(req)}
    return out


def test_the_core_is_what_a_browser_installs():
    core = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    assert core == BROWSER
    assert not core & {"pandas", "pyarrow", "tqdm", "pygraphviz", "networkx", "plotly", "voila", "jupyterlab"}


def test_every_optional_module_comes_with_the_extra_its_error_names():
    for module, extra in extras.EXTRA_OF.items():
        assert PROVIDES.get(module, module).lower() in _extra(extra), (module, extra)
    assert _extra("all") == _extra("sim") | _extra("flows") | _extra("charts") | _extra("server") | _extra("class")


def test_environment_yml_has_the_core_and_all_dependencies_of_pyproject():
    wanted = {_name(r) for r in PYPROJECT["project"]["dependencies"]} | _extra("all")
    env = (ROOT / "environment.yml").read_text()
    listed = {_name(m) for m in re.findall(r"^\s*-\s+([A-Za-z][\w.\-]*[^#\n]*)", env, re.M)}
    assert wanted <= listed, f"missing from environment.yml: {sorted(wanted - listed)}"
    assert "voila" in listed and "conda-forge" in env
    assert re.search(r"^\s*-\s+-e \.\s*$", env, re.M), "environment.yml must install the package itself with pip"


def test_ci_runs_the_readme_test_command_and_refuses_empty_runs():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```(?:bash|sh)?\n(.*?)```", readme, re.S).group(1).strip().splitlines()
    assert len(block) == 2, "the README opens with exactly two commands"
    assert block[0].strip() == "python3 -m pip install -e '.[all]' && chililab dashboards"
    assert block[1].strip() == "bash .ci/run"
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"pip install .*-e '\.\[all,[^']*\]'", ci), "CI installs the README's `all` extra too"
    assert "pytest" in ci and '"$rc" -eq 5' in ci
    assert "playwright install" not in ci.replace("Never `playwright install`", "")
