"""``chililab site build --offline``: a whole build from the package cache, with every registry unreachable.

Needs the cache filled once (``.ci/run`` builds the site before the tests; or run
``chililab site build --out DIR`` online). The built site is checked file by file: its lock
names only wheels it ships (sha256 of those files), the kernel asks no other origin, no page
links a stylesheet or script elsewhere, and every browser page is there.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from chililab.site import config, pages, pins
from chililab.site.build import MANIFEST
from chililab.site.cache import Cache, CacheError

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("CHILILAB_SITE_CACHE", pins.DEFAULT_CACHE)).expanduser()
UNREACHABLE = "http://127.0.0.1:9/"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    cache = Cache(CACHE, offline=True)
    try:
        cache.wheels([*pins.BUILD_TOOLS, *pins.BUILD_BACKEND, *pins.BROWSER, pins.PLOTLY])
        cache.npm_package()
    except CacheError as e:
        pytest.skip(f"no filled package cache ({e}); .ci/run fills it")
    out = tmp_path_factory.mktemp("offline") / "site"
    env = {**os.environ, "PIP_INDEX_URL": UNREACHABLE, "PIP_EXTRA_INDEX_URL": "", "PIP_FIND_LINKS": "",
           "npm_config_registry": UNREACHABLE, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "chililab.cli", "site", "build", "--out", str(out),
                           "--cache", str(CACHE), "--offline"], env=env, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return out


def test_every_browser_page_is_built(site):
    manifest = json.loads((site / MANIFEST).read_text())
    assert manifest["pages"] == pages.browser_pages()
    for name in manifest["pages"]:
        assert (site / "voici" / "render" / name.replace(".ipynb", ".html")).is_file()
    assert "voici/render/index.html" in (site / "index.html").read_text()


def test_the_lock_names_exactly_the_shipped_wheels(site):
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    wheels = {p.name for p in folder.glob("*.whl")}
    assert {p["file_name"] for p in lock["packages"].values()} == wheels
    for p in lock["packages"].values():
        assert p["sha256"] == hashlib.sha256((folder / p["file_name"]).read_bytes()).hexdigest()
        assert set(p["depends"]) <= set(lock["packages"])
    assert "chililab" in lock["packages"]
    assert not {"numpy", "matplotlib", "pandas", "networkx"} & set(lock["packages"])


def test_the_shipped_wheels_are_byte_compiled(site):
    if not shutil.which("node"):
        pytest.skip("without node the build ships the wheels uncompiled")
    folder = site / "static" / "pyodide"
    sources = [n for w in folder.glob("*.whl") for n in zipfile.ZipFile(w).namelist() if n.endswith(".py")]
    assert not sources
    (chililab,) = folder.glob("chililab-*.whl")
    assert {"chililab/__init__.pyc", "chililab/games/loco/apps/dashboard.pyc"} <= set(zipfile.ZipFile(chililab).namelist())


def test_nothing_is_asked_of_another_origin(site):
    kernel = config.kernel_settings(site)
    assert kernel["disablePyPIFallback"] is True
    urls = [kernel["pyodideUrl"], *kernel.get("pipliteUrls", [])]
    assert all(u.startswith("./") for u in urls), urls
    external = re.compile(r"""<(?:link|script)\b[^>]*\b(?:href|src)=["'](?:https?:)?//""", re.I)
    offenders = [str(p.relative_to(site)) for p in site.rglob("*.html") if external.search(p.read_text())]
    assert not offenders


def test_the_explorers_charts_find_plotlyjs_in_the_site(site):
    from chililab import plotlyjs

    assert b"plotly.js v" in (site / plotlyjs.SITE_PATH).read_bytes()[:400]
