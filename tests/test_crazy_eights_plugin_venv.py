"""The Crazy Eights plug-in installs into a fresh environment and chililab's generic layers find it there.

A new venv (``--system-site-packages``: chililab's dependencies come from this machine, so nothing heavy is
downloaded) gets this checkout's chililab and ``examples/chililab-crazy-eights`` installed into it (pip may
fetch the build backend from the index); then, in that venv, ``chililab simulate crazy_eights`` must play
20 games and the spec's dashboard must load and build a widget. It fails if the entry point is not found.
Slow (a venv and two installs): run with ``-m slow`` or by naming the file.
"""
from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "chililab-crazy-eights"

pytestmark = pytest.mark.slow

CHECK = """
import sys
import chililab
from chililab.engine import registry
assert chililab.__file__.startswith(sys.argv[1]), chililab.__file__
assert "crazy_eights" in registry.names(), registry.names()
spec = registry.get("crazy_eights")
import ipywidgets
page = registry.load(spec.dashboard)()
assert isinstance(page, ipywidgets.Widget), type(page)
print("dashboard", type(page).__name__, page.stepper.game.GAME)
# the other generic layers: clauses and flow picture from the package's data, landing page, static site, Voila
from pathlib import Path
from chililab.viz.flow_layout import dot_source, shipped
assert shipped("crazy_eights", dot_source(spec.flow)) is not None
assert len(spec.clause_texts()) == 27
from chililab.apps import index
assert 'href="crazy_eights.ipynb"' in index.dashboards_html()
from chililab.site import build, pages
assert "crazy_eights.ipynb" in pages.browser_pages()
assert "chililab-crazy-eights" in build.plugin_sources()
from chililab import serve
assert (serve.with_game_pages(Path(sys.argv[1]) / "dashboards") / "crazy_eights.ipynb").is_file()
print("layers ok")
"""


def _run(cmd, **kw):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900, **kw)
    assert p.returncode == 0, f"{cmd} failed ({p.returncode}):\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}"
    return p.stdout


def test_a_fresh_venv_finds_the_plugin(tmp_path):
    if not PLUGIN.is_dir():
        pytest.skip("examples/chililab-crazy-eights is not in this checkout")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    py = str(env_dir / "bin" / "python")
    # chililab from this checkout (not the machine's copy), then the plug-in; no dependencies: the machine's
    _run([py, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)], cwd=tmp_path)
    _run([py, "-m", "pip", "install", "--quiet", "--no-deps", str(PLUGIN)], cwd=tmp_path)
    out = _run([py, "-m", "chililab", "simulate", "crazy_eights", "--games", "20", "--workers", "1",
                "--no-progress"], cwd=tmp_path)
    assert "Crazy Eights: 20 games" in out and "Wins by seat" in out, out
    out = _run([py, "-c", CHECK, str(ROOT)], cwd=tmp_path)
    assert "dashboard GameDashboard crazy_eights" in out and "layers ok" in out, out
    # the honest part, in a venv that sees nothing of this machine's packages (the machine may have the plug-in
    # installed, as .ci/run does): the registry there knows the game only once the plug-in is installed
    bare = tmp_path / "bare"
    venv.EnvBuilder(system_site_packages=False, with_pip=True).create(bare)
    bare_py = str(bare / "bin" / "python")
    _run([bare_py, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)], cwd=tmp_path)
    names = [bare_py, "-c", "from chililab.engine import registry; print(' '.join(registry.names()))"]
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    before = subprocess.run(names, capture_output=True, text=True, cwd=tmp_path, timeout=300, env=clean, check=True)
    assert before.stdout.split() == ["aycc", "loco", "mafia"], before.stdout
    _run([bare_py, "-m", "pip", "install", "--quiet", "--no-deps", str(PLUGIN)], cwd=tmp_path)
    after = subprocess.run(names, capture_output=True, text=True, cwd=tmp_path, timeout=300, env=clean, check=True)
    assert after.stdout.split() == ["aycc", "crazy_eights", "loco", "mafia"], after.stdout


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
