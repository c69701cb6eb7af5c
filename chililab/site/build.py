"""``chililab site build``: a static website of the dashboards that run in a browser.

The pages are built by voici (JupyterLite's Voila) and run on the Pyodide kernel: Python
runs in each visitor's browser, the web server only hands out files. Everything the site
loads is in the site (:mod:`chililab.site.runtime`, :mod:`chililab.site.config`): the
Pyodide runtime, a lock naming only the shipped wheels, the wheels themselves (chililab's
own wheel built from this checkout), with no fallback to PyPI or a CDN.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from chililab import plotlyjs
from chililab.site import config, pages, pins, runtime
from chililab.site.cache import Cache, pip_env

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = ROOT / "dashboards"
MANIFEST = "chililab-site.json"


class BuildError(RuntimeError):
    """A build step failed (its output is in the message)."""


def build(out: str | Path, cache: Cache, log=print) -> dict:
    """Build the site into ``out`` (replaced); return the manifest written beside the pages."""
    out = Path(out).resolve()
    tools = cache.tools()
    tarball = cache.npm_package(pins.PYODIDE)
    wheels = cache.wheels(pins.BROWSER)
    with tempfile.TemporaryDirectory(prefix="chililab-site-") as tmp:
        work = Path(tmp)
        lite, content, labext = work / "lite", work / "content", work / "labextensions"
        chililab_wheel = build_chililab_wheel(work / "dist", cache)
        log(f"chililab wheel: {chililab_wheel.name}")
        stage_runtime(lite, tarball, wheels)
        stage_index(lite / "pypi", wheels, chililab_wheel)
        stage_labextensions(labext, wheels)
        config.write_lite_config(lite)
        install = pages.install_source(wheel_requires(chililab_wheel), {runtime.normalize(w.name) for w in pins.BROWSER})
        names = pages.browser_pages()
        for name in names:
            pages.site_notebook(DASHBOARDS / name, content / name, install)
        if out.exists():
            shutil.rmtree(out)
        run_voici(tools, lite, content, out, [labext, tools / "share/jupyter/labextensions"], work)
    config.trim_output(out)
    config.strip_external_tags(out)
    config.finish_pages(out)
    copy_plotlyjs(cache.wheels([pins.PLOTLY])[0], out)
    manifest = {"pages": names, "pyodide": pins.PYODIDE.version,
                "build_tools": [w.requirement for w in pins.BUILD_TOOLS],
                "browser_wheels": [w.requirement for w in pins.BROWSER] + [chililab_wheel.name],
                "placeholders": pins.PLACEHOLDERS, "bytes": tree_bytes(out)}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    log(f"site: {out} ({manifest['bytes'] / 1e6:.1f} MB, pages: {', '.join(names)})")
    return manifest


def build_chililab_wheel(dest: Path, cache: Cache) -> Path:
    """chililab's wheel from this checkout; the build backend (:data:`pins.BUILD_BACKEND`) comes from the cache."""
    backend = cache.wheels(pins.BUILD_BACKEND)
    cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
           "--find-links", str(backend[0].parent), "--wheel-dir", str(dest), str(ROOT)]
    _run(cmd, "building chililab's wheel", cwd=dest.parent, env=pip_env())
    (wheel,) = dest.glob("chililab-*.whl")
    return wheel


def wheel_requires(wheel: Path) -> list[str]:
    """The normalized names of a wheel's unconditional dependencies (``Requires-Dist`` without a marker)."""
    with zipfile.ZipFile(wheel) as zf:
        meta = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        lines = zf.read(meta).decode().splitlines()
    return [runtime.normalize(re.match(r"[A-Za-z0-9._-]+", line.split(":", 1)[1].strip()).group())
            for line in lines if line.startswith("Requires-Dist:") and ";" not in line]


def stage_runtime(lite: Path, tarball: Path, wheels: list[Path]) -> None:
    """``static/pyodide/``: the runtime, the locked wheels and the trimmed lock (JupyterLite copies it)."""
    dest = lite / "static" / "pyodide"
    original = runtime.extract_runtime(tarball, dest)
    locked = [w for w in wheels if runtime.normalize(runtime.wheel_name_version(w.name)[0]) in pins.LOCKED]
    for w in locked:
        shutil.copy2(w, dest / w.name)
    runtime.write_lock(runtime.trimmed_lock(original, [dest / w.name for w in locked]), dest)


def stage_index(pypi: Path, wheels: list[Path], chililab_wheel: Path) -> None:
    """``pypi/``: the wheels micropip installs through the site's index (JupyterLite writes ``all.json``)."""
    pypi.mkdir(parents=True, exist_ok=True)
    for w in wheels:
        if runtime.normalize(runtime.wheel_name_version(w.name)[0]) not in pins.LOCKED:
            shutil.copy2(w, pypi / w.name)
    shutil.copy2(chililab_wheel, pypi / chililab_wheel.name)
    for name, version in pins.PLACEHOLDERS.items():
        runtime.placeholder_wheel(name, version, pypi)


def stage_labextensions(dest: Path, wheels: list[Path]) -> None:
    """The JupyterLab front-end extensions of :data:`pins.LABEXTENSIONS`, unpacked from their wheels."""
    marker = "/data/share/jupyter/labextensions/"
    for w in wheels:
        if runtime.normalize(runtime.wheel_name_version(w.name)[0]) not in pins.LABEXTENSIONS:
            continue
        with zipfile.ZipFile(w) as zf:
            for n in zf.namelist():
                if marker in n and not n.endswith("/"):
                    target = dest / n.split(marker, 1)[1]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(zf.read(n))


def run_voici(tools: Path, lite: Path, content: Path, out: Path, labext_paths: list[Path], work: Path) -> None:
    """``voici build`` with the pinned tools; nothing from the environment's JupyterLab extensions."""
    cmd = [sys.executable, "-c", "from voici_core.app import main; main()", "build",
           "--lite-dir", str(lite), "--contents", str(content), "--output-dir", str(out),
           "--ignore-sys-prefix", "--no-sourcemaps", "--no-unused-shared-packages",
           *(f"--FederatedExtensionAddon.extra_labextensions_path={p}" for p in labext_paths)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tools), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    _run(cmd, "voici build", cwd=work, env=env)


def copy_plotlyjs(plotly_wheel: Path, site: Path) -> Path:
    """plotly.js from the pinned plotly wheel, where a browser kernel's charts load it (:data:`plotlyjs.SITE_PATH`)."""
    target = site / plotlyjs.SITE_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(plotly_wheel) as zf:
        target.write_bytes(zf.read("plotly/package_data/plotly.min.js"))
    return target


def tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _run(cmd, what, **kw) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode:
        raise BuildError(f"{what} failed ({done.returncode}):\n{(done.stdout + done.stderr)[-4000:]}")
