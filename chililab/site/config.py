"""The site's JupyterLite settings (nothing fetched from elsewhere) and the trimming of its output.

``jupyter-lite.json`` in the build's lite folder turns the PyPI fallback off, so micropip
only sees the site's own index; the Pyodide runtime is the site's (``static/pyodide``).
After the build, files no page loads are removed.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: The site's settings, merged by JupyterLite into the output's ``jupyter-lite.json``.
LITE_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "appName": "chililab",
        "litePluginSettings": {
            KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "pyodideUrl": "./static/pyodide/pyodide.js",
            },
        },
    },
}

#: Output folders no page of the site loads: the voici build also leaves JupyterLite's
#: API stubs for apps it does not build (``--no-unused-shared-packages`` already drops their code).
UNUSED = ("doc", "lab", "notebooks", "repl", "tree", "edit", "consoles")


def write_lite_config(lite: Path) -> Path:
    """Write ``jupyter-lite.json`` into the lite folder (read by ``voici build``)."""
    lite.mkdir(parents=True, exist_ok=True)
    path = lite / "jupyter-lite.json"
    path.write_text(json.dumps(LITE_CONFIG, indent=1) + "\n")
    return path


def kernel_settings(site: Path) -> dict:
    """The Pyodide kernel's settings as the built site has them (``{}`` when absent)."""
    data = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})


def trim_output(site: Path) -> list[str]:
    """Remove what no page uses; return the removed paths (relative)."""
    removed = []
    for name in UNUSED:
        p = site / name
        if p.is_dir():
            shutil.rmtree(p)
            removed.append(name)
    return removed
