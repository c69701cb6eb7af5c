"""The site's JupyterLite settings (nothing fetched from elsewhere) and the trimming of its output.

``jupyter-lite.json`` in the build's lite folder points the kernel at the site's Pyodide
(``static/pyodide``), has it load every wheel of the site's lock as Pyodide starts
(``loadPyodideOptions.packages``) and turns the PyPI fallback off, so nothing is looked up
anywhere else. After the build, files no page loads are removed.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: The names the Pyodide kernel installs through piplite unless ``loadPyodideOptions.packages``
#: lists them, spelled as the kernel checks them (jupyterlite-pyodide-kernel 0.7.0, worker.ts).
KERNEL_NAMES = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")


def lite_config(preload: list[str]) -> dict:
    """The site's settings, merged by JupyterLite into the output's ``jupyter-lite.json``.

    >>> s = lite_config(["chililab"])["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    >>> s["disablePyPIFallback"], s["loadPyodideOptions"]["packages"][0]
    (True, 'chililab')
    """
    packages = list(dict.fromkeys([*preload, *KERNEL_NAMES]))
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "chililab",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }

#: Output folders no page of the site loads: JupyterLite's own app shell at the root (``build``:
#: JupyterLab's core and fonts, 7 MB; voici pages load ``voici/build``) and stubs of apps the
#: voici build does not make.
UNUSED = ("build", "doc", "lab", "notebooks", "repl", "tree", "edit", "consoles")

#: Output files no page loads: JupyterLite's service worker (see :data:`NO_SERVICE_WORKER`).
UNUSED_FILES = ("service-worker.js",)


def write_lite_config(lite: Path, preload: list[str]) -> Path:
    """Write ``jupyter-lite.json`` into the lite folder (read by ``voici build``)."""
    lite.mkdir(parents=True, exist_ok=True)
    path = lite / "jupyter-lite.json"
    path.write_text(json.dumps(lite_config(preload), indent=1) + "\n")
    return path


def kernel_settings(site: Path) -> dict:
    """The Pyodide kernel's settings as the built site has them (``{}`` when absent)."""
    data = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})


#: A stylesheet or script tag that loads from another origin (Voila's lab template links Font
#: Awesome on a CDN; the icons the pages use are in JupyterLab's own bundle).
EXTERNAL_TAG = re.compile(r"""<(?:link|script)\b[^>]*\b(?:href|src)=["'](?:https?:)?//[^"']*["'][^>]*>(?:\s*</script>)?""", re.I)


def strip_external_tags(site: Path) -> list[str]:
    """Remove tags that load from another origin from every HTML page; return what was removed.

    >>> EXTERNAL_TAG.sub("", '<link rel="stylesheet" href="https://cdn.example/x.css"><link href="./a.css">')
    '<link href="./a.css">'
    """
    removed = []
    for page in site.rglob("*.html"):
        text = page.read_text()
        found = EXTERNAL_TAG.findall(text)
        if found:
            page.write_text(EXTERNAL_TAG.sub("", text))
            removed += found
    return removed


#: The dashboards link to each other by notebook name (``loco.ipynb``), as Voila serves them; a
#: voici page is ``loco.html`` beside them. One listener in each page follows such a link there.
LINK_SCRIPT = ("<script>document.addEventListener('click',function(e){var a=e.target.closest&&"
               "e.target.closest('a[href$=\".ipynb\"]');if(a)a.setAttribute('href',"
               "a.getAttribute('href').replace(/\\.ipynb$/,'.html'))},true)</script>")

#: The site runs without a service worker. JupyterLite registers one to mirror the kernel's
#: files into the browser's storage (the kernel's ``/drive`` folder); with it mounted, Python's
#: imports look in the notebook's folder there first, one request to ``api/drive`` per lookup
#: (about 120 a visit, 2 s of a 6 s repeat visit measured on a loaded machine). The dashboards keep
#: no files, so each page declines the registration before voici asks (the kernel then keeps its
#: files in memory) and the worker's script is not shipped (:data:`UNUSED_FILES`). A worker that an
#: earlier build of the same site registered (its scope is the site's root, two folders above the
#: page) is unregistered, so an updated site stops using it from the next visit on.
NO_SERVICE_WORKER = ("<script>(function(sw){if(!sw)return;sw.register=function(){return Promise.reject(new Error("
                     "'chililab: this static site runs without a service worker; the kernel keeps its files in "
                     "memory'))};var root=new URL('../../',location.href).href;sw.getRegistrations().then("
                     "function(rs){rs.forEach(function(r){if(r.scope===root)r.unregister()})})})"
                     "(navigator.serviceWorker)</script>")

#: The site's front door: the landing dashboard.
ROOT_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>chililab</title>
<meta http-equiv="refresh" content="0; url=voici/render/index.html"></head>
<body><a href="voici/render/index.html">chililab dashboards</a></body></html>
"""


HEAD = re.compile(r"<head\b[^>]*>", re.I)


def finish_pages(site: Path) -> None:
    """Add :data:`NO_SERVICE_WORKER` first in every rendered page's head and :data:`LINK_SCRIPT` at
    its end, make the site's root open the landing page, and mark the site as plain files for
    GitHub Pages (``.nojekyll``)."""
    for page in (site / "voici" / "render").glob("*.html"):
        text = page.read_text()
        if NO_SERVICE_WORKER not in text:
            head = HEAD.search(text)
            if head is None:
                raise ValueError(f"{page.name}: no <head> to put the service-worker script in")
            text = text[:head.end()] + NO_SERVICE_WORKER + text[head.end():]
        if LINK_SCRIPT not in text:
            text = text.replace("</body>", LINK_SCRIPT + "</body>", 1)
        page.write_text(text)
    (site / "index.html").write_text(ROOT_PAGE)
    (site / ".nojekyll").write_text("")  # GitHub Pages from a branch: serve the files as they are


def trim_output(site: Path) -> list[str]:
    """Remove what no page uses; return the removed paths (relative)."""
    removed = []
    for name in UNUSED:
        p = site / name
        if p.is_dir():
            shutil.rmtree(p)
            removed.append(name)
    for name in UNUSED_FILES:
        p = site / name
        if p.is_file():
            p.unlink()
            removed.append(name)
    return removed
