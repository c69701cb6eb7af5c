"""``chililab site build``: a static website of the dashboards that run in a browser.

The pages are built by voici (JupyterLite's Voila) and run on the Pyodide kernel: Python
runs in each visitor's browser, the web server only hands out files. Everything the site
loads is in the site (:mod:`chililab.site.runtime`, :mod:`chililab.site.config`): the
Pyodide runtime, a lock naming only the shipped wheels, the wheels themselves (chililab's
own wheel built from this checkout), all loaded as Pyodide starts, with no fallback to PyPI
or a CDN. The wheels ship byte-compiled for Pyodide's CPython (:mod:`chililab.site.pycompile`).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from chililab import plotlyjs
from chililab.site import config, pages, pins, pycompile, runtime
from chililab.site.cache import Cache, pip_env

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = ROOT / "dashboards"
MANIFEST = "chililab-site.json"
#: where the Pyodide kernel's package carries its own wheels (piplite, pyodide_kernel, the ipykernel shim)
KERNEL_WHEELS = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"


class BuildError(RuntimeError):
    """A build step failed (its output is in the message)."""


def build(out: str | Path, cache: Cache, log=print) -> dict:
    """Build the site into ``out`` (replaced); return the manifest written beside the pages."""
    out = Path(out).resolve()
    check_target(out)
    if not (ROOT / "pyproject.toml").is_file() or not DASHBOARDS.is_dir():
        raise BuildError(f"chililab site build needs a clone of chililab (its pyproject.toml and dashboards/), "
                         f"not an installed copy in {ROOT}")
    tools = cache.tools()
    tarball = cache.npm_package(pins.PYODIDE)
    wheels = cache.wheels(pins.BROWSER)
    with tempfile.TemporaryDirectory(prefix="chililab-site-") as tmp:
        work = Path(tmp)
        lite, content, labext = work / "lite", work / "content", work / "labextensions"
        chililab_wheel = build_chililab_wheel(work / "dist", cache)
        plugin_wheels = build_plugin_wheels(work / "plugins", cache)
        kernel_wheels = tools / KERNEL_WHEELS
        shipped = [*wheels, chililab_wheel, *plugin_wheels, *(kernel_wheels / f for f in pins.KERNEL_WHEELS),
                   *(runtime.placeholder_wheel(n, v, work / "placeholders") for n, v in pins.PLACEHOLDERS.items())]
        shipped, stdlib = pycompile.compile_wheels(shipped, tarball, work / "pyc", log)
        lock = stage_runtime(lite / "static" / "pyodide", tarball, shipped, stdlib)
        stage_labextensions(labext, wheels)
        config.write_lite_config(lite, ["chililab", *sorted(lock["packages"])])
        names = pages.browser_pages()
        for name in names:
            pages.site_notebook(DASHBOARDS / name, content / name)  # a plug-in game's page is generated
        if out.exists():
            shutil.rmtree(out)
        run_voici(tools, lite, content, out, [labext, tools / "share/jupyter/labextensions"], work)
    config.trim_output(out)
    config.strip_external_tags(out)
    config.finish_pages(out)
    copy_plotlyjs(cache.wheels([pins.PLOTLY])[0], out)
    manifest: dict[str, Any] = {"pages": names, "pyodide": pins.PYODIDE.version,
                "build_tools": [w.requirement for w in pins.BUILD_TOOLS],
                "wheels": {k: p["version"] for k, p in sorted(lock["packages"].items())},
                "placeholders": pins.PLACEHOLDERS,
                "bytes": tree_bytes(out)}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    log(f"site: {out} ({manifest['bytes'] / 1e6:.1f} MB, pages: {', '.join(names)})")
    return manifest


def check_target(out: Path) -> None:
    """Refuse to replace a folder that holds anything but an earlier site (``out`` is deleted first)."""
    if out.is_file() or (out.is_dir() and any(out.iterdir()) and not (out / MANIFEST).is_file()):
        raise BuildError(f"{out} exists and is not a site built by chililab: give a new or empty folder")


def build_chililab_wheel(dest: Path, cache: Cache) -> Path:
    """chililab's wheel from this checkout; the build backend (:data:`pins.BUILD_BACKEND`) comes from the cache."""
    backend = cache.wheels(pins.BUILD_BACKEND)
    cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
           "--find-links", str(backend[0].parent), "--wheel-dir", str(dest), str(ROOT)]
    _run(cmd, "building chililab's wheel", cwd=dest.parent, env=pip_env())
    (wheel,) = dest.glob("chililab-*.whl")
    return wheel


def plugin_sources() -> dict[str, Path]:
    """{distribution name: source folder} of every game registered from outside chililab (a ``chililab.games``
    entry point): the site ships their wheels too, or their pages would find no game. A plug-in installed from a
    folder (``pip install [-e] DIR``) is rebuilt from it; one installed from an index has no source here (BuildError)."""
    import importlib.metadata as md
    from urllib.parse import unquote, urlparse

    from chililab.engine import registry

    tops = md.packages_distributions()
    out = {}
    for spec in registry.specs():
        top = spec.package.split(".")[0]
        if top == "chililab":
            continue
        for name in tops.get(top, ()):
            text = md.distribution(name).read_text("direct_url.json")
            url = json.loads(text).get("url", "") if text else ""
            if not url.startswith("file://"):
                raise BuildError(f"the game {spec.name!r} comes from {name}, which was not installed from a folder: "
                                 "the site cannot build its wheel (install it with pip install -e FOLDER)")
            out[name] = Path(unquote(urlparse(url).path))
    return out


def build_plugin_wheels(dest: Path, cache: Cache) -> list[Path]:
    """The wheels of the plug-in games (:func:`plugin_sources`), built like chililab's."""
    sources = plugin_sources()
    if not sources:
        return []
    backend = cache.wheels(pins.BUILD_BACKEND)
    dest.mkdir(parents=True, exist_ok=True)
    for name, src in sources.items():
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
               "--find-links", str(backend[0].parent), "--wheel-dir", str(dest), str(src)]
        _run(cmd, f"building the wheel of the plug-in {name}", cwd=dest.parent, env=pip_env())
    return sorted(dest.glob("*.whl"))


def stage_runtime(dest: Path, tarball: Path, wheels: list[Path], stdlib: Path | None = None) -> dict:
    """``static/pyodide/`` (JupyterLite copies it): the runtime, every wheel and their lock (returned).

    ``stdlib``: a byte-compiled standard library zip to ship instead of the npm package's.

    chililab's wheel goes in with the dependencies it declares, like any other: a declared
    dependency the site does not ship fails the build (:class:`runtime.UnmetDependency`)."""
    original = runtime.extract_runtime(tarball, dest)
    if stdlib is not None:
        shutil.copy2(stdlib, dest / stdlib.name)
    for w in wheels:
        shutil.copy2(w, dest / w.name)
    lock = runtime.site_lock(original, [dest / w.name for w in wheels])
    runtime.write_lock(lock, dest)
    return lock


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
