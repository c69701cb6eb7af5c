"""Packaging facts a fresh clone relies on: Binder's environment.yml matches pyproject, CI runs the tests."""
import pathlib
import re
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONDA_NAMES = {"dask[distributed]": "dask"}


def _name(req):
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower()


def test_environment_yml_has_the_same_core_dependencies_as_pyproject():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    core = {_name(r) for r in py["project"]["dependencies"]}
    env = (ROOT / "environment.yml").read_text()
    listed = {_name(m) for m in re.findall(r"^\s*-\s+([A-Za-z][\w.\-]*[^#\n]*)", env, re.M)}
    assert core <= listed, f"missing from environment.yml: {sorted(core - listed)}"
    assert "voila" in listed and "conda-forge" in env
    assert re.search(r"^\s*-\s+-e \.\s*$", env, re.M), "environment.yml must install the package itself with pip"


def test_ci_runs_the_readme_test_command_and_refuses_empty_runs():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```(?:bash|sh)?\n(.*?)```", readme, re.S).group(1).strip().splitlines()
    assert len(block) == 2, "the README opens with exactly two commands"
    assert block[1].strip() == "bash .ci/run"
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pytest" in ci and '"$rc" -eq 5' in ci
    assert "playwright install" not in ci.replace("Never `playwright install`", "")
