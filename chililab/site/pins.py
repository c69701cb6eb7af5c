"""Every version the static site is built from, in one place.

These versions were seen working together (issue 12): voici 0.10.0's front end with
``jupyterlite-pyodide-kernel`` 0.7.0 (0.7.2 asks for ``@jupyterlab/coreutils`` ^6.5.7,
which voici's shared modules do not offer: "No kernel available") and the Pyodide
0.29.0 runtime from the npm ``pyodide`` package. ``voici-core`` is taken instead of the
``voici`` meta-package: ``voici`` only adds the xeus add-on (``jupyterlite-xeus``), which
breaks the build without a conda environment and pins ``click<8.2`` through ``empack``.

Each pin carries the sha256 of the file the registry serves; the cache checks it, so a
build from the cache is the build that was tested.

>>> len({p.name for p in BROWSER}) == len(BROWSER)
True
>>> all(p.filename.endswith("-py3-none-any.whl") or p.filename.endswith("py2.py3-none-any.whl") for p in BROWSER)
True
"""
from __future__ import annotations

from typing import NamedTuple


class Wheel(NamedTuple):
    """A wheel on PyPI: project name, exact version, file name and the file's sha256."""

    name: str
    version: str
    filename: str
    sha256: str

    @property
    def requirement(self) -> str:
        return f"{self.name}=={self.version}"


class NpmPackage(NamedTuple):
    """A package on the npm registry: name, version, tarball name and the tarball's sha256."""

    name: str
    version: str
    sha256: str

    @property
    def filename(self) -> str:
        return f"{self.name}-{self.version}.tgz"

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"


#: The Pyodide runtime (WebAssembly CPython 3.13 and its standard library). The npm package
#: holds no wheels: every package the browser loads comes from :data:`BROWSER`.
PYODIDE = NpmPackage("pyodide", "0.29.0", "52ea0e976b6e8373ef911f21cb3751ea50b03eb423b093fbfa21ffc27e842f01")

#: What runs the build (installed into a folder of the cache, not into the environment).
#: The rest of what they import (voila, jupyter_server, nbconvert, ...) is chililab's own dependencies.
BUILD_TOOLS = (
    Wheel("voici-core", "0.10.0", "voici_core-0.10.0-py3-none-any.whl",
          "d55f8e508a283f93a7caafe636ed08c17b42669201b81a962bef871f7f5ffd34"),
    Wheel("jupyterlite-core", "0.7.6", "jupyterlite_core-0.7.6-py3-none-any.whl",
          "549071b6d037b5545bfc8a3733a7bfc1faa4d0c42dbe87faed0f49d29591f58f"),
    Wheel("jupyterlite-pyodide-kernel", "0.7.0", "jupyterlite_pyodide_kernel-0.7.0-py3-none-any.whl",
          "02174ce22a3ac8e6c2a7e9206aa13afba77da15fc75237b8721b4548fb68c487"),
    Wheel("doit", "0.37.0", "doit-0.37.0-py3-none-any.whl",
          "a9f181566aa90faac515e276f85e6526019554ed7e13c12cf9dc094ffecf3e1b"),
    Wheel("pkginfo", "2.0", "pkginfo-2.0-py3-none-any.whl",
          "98c7aaa804dfe017b0de65d4b41a2f4649a656f43d3c21525b13e8075716fa1b"),
)

#: What builds chililab's own wheel (pip's isolated build environment, filled from the cache).
BUILD_BACKEND = (
    Wheel("setuptools", "80.9.0", "setuptools-80.9.0-py3-none-any.whl",
          "062d34222ad13e0cc312a4c02d73f059e86a4acbfbdea8f8f76b28c99f306922"),
    Wheel("wheel", "0.45.1", "wheel-0.45.1-py3-none-any.whl",
          "708e7481cc80179af0e556bbf0cc00b8444c7321e2700b8d8580231d13017248"),
)

#: Pure-Python wheels the browser installs (ipywidgets and what it needs, the kernel's IPython,
#: anywidget for the explorers' charts; no networkx: the flow pictures ship laid out) and micropip (it vendors
#: ``packaging``). With the wheels of :data:`KERNEL_WHEELS`, chililab's own wheel and
#: :data:`PLACEHOLDERS`, they are the whole of the site's ``pyodide-lock.json`` (Pyodide's
#: 358 packages on its CDN are not named).
BROWSER = (
    Wheel("micropip", "0.11.0", "micropip-0.11.0-py3-none-any.whl",
          "467568ffe26c3aa5b53bad7a4722ebd91b0427cfd664efbe1b571530ded4a84b"),
    Wheel("ipywidgets", "8.1.9", "ipywidgets-8.1.9-py3-none-any.whl",
          "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d"),
    Wheel("comm", "0.2.3", "comm-0.2.3-py3-none-any.whl",
          "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    Wheel("traitlets", "5.16.1", "traitlets-5.16.1-py3-none-any.whl",
          "f775618166caa0396c8e337099240f2bd3e5e917d203b2e6fbe21a58d3cb1f6b"),
    Wheel("ipython", "9.0.2", "ipython-9.0.2-py3-none-any.whl",
          "143ef3ea6fb1e1bffb4c74b114051de653ffb7737a3f7ab1670e657ca6ae8c44"),
    Wheel("ipython-pygments-lexers", "1.1.1", "ipython_pygments_lexers-1.1.1-py3-none-any.whl",
          "a9462224a505ade19a605f71f8fa63c2048833ce50abc86768a0d81d876dc81c"),
    Wheel("pygments", "2.21.0", "pygments-2.21.0-py3-none-any.whl",
          "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    Wheel("decorator", "5.3.1", "decorator-5.3.1-py3-none-any.whl",
          "f47fe6fdbd2edd623ecfe36875d37aba411624e2670dd395dddae1358689bb3c"),
    Wheel("matplotlib-inline", "0.2.2", "matplotlib_inline-0.2.2-py3-none-any.whl",
          "3c821cf1c209f59fb2d2d64abbf5b23b67bcb2210d663f9918dd851c6da1fcf6"),
    Wheel("prompt-toolkit", "3.0.53", "prompt_toolkit-3.0.53-py3-none-any.whl",
          "01c0891d7f9237d5e339f7d3e42cdae80b7534abb1c7c0e3352efba6231492f2"),
    Wheel("wcwidth", "0.9.4", "wcwidth-0.9.4-py3-none-any.whl",
          "901eace6d2dd25ebb917d0ce5db18e5c537e1504c905cf32f0d006c12098b05d"),
    Wheel("stack-data", "0.6.3", "stack_data-0.6.3-py3-none-any.whl",
          "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695"),
    Wheel("asttokens", "3.0.2", "asttokens-3.0.2-py3-none-any.whl",
          "9da13157f5b28becde0bd374fc677dcd3c290614264eff096f167c469cd9f933"),
    Wheel("executing", "2.3.0", "executing-2.3.0-py3-none-any.whl",
          "736e859c9f8701f11fcf516856f26f562e04776387824b43a35a1dfe21c84122"),
    Wheel("pure-eval", "0.2.4", "pure_eval-0.2.4-py3-none-any.whl",
          "96cae060a313cfaad51bb761278bfb0e62dc0248d9315a81173752dc546cd37a"),
    Wheel("anywidget", "0.11.0", "anywidget-0.11.0-py3-none-any.whl",
          "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
    Wheel("psygnal", "0.16.1", "psygnal-0.16.1-py3-none-any.whl",
          "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92"),
    Wheel("typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl",
          "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
)

#: plotly.js for the explorers' charts (:mod:`chililab.plotlyjs`), taken from this wheel: the
#: browser's Python never imports plotly, the page only loads this one JavaScript file.
PLOTLY = Wheel("plotly", "7.1.0", "plotly-7.1.0-py3-none-any.whl",
               "dbb7fa18afce40d0a8e80d1bf162eceb3faa0ce5a77fe741ad09a74cf78f53f3")

#: The wheels the Pyodide kernel's own package carries (in its labextension's ``static/pypi``):
#: its package manager front end, the kernel, the ipykernel shim and ipywidgets' notebook stub.
KERNEL_WHEELS = ("piplite-0.7.0-py3-none-any.whl", "pyodide_kernel-0.7.0-py3-none-any.whl",
                 "ipykernel-6.9.2-py3-none-any.whl", "widgetsnbextension-4.0.999-py3-none-any.whl")

#: Names something asks for that no dashboard uses: each is answered by an empty wheel made at
#: build time, so nothing is fetched and nothing is imported. The kernel installs ``sqlite3``
#: (IPython's history; only on Pyodide's CDN, and IPython runs without it) and ``jedi``
#: (completion, which a dashboard never asks for; IPython runs without it); ipywidgets
#: requires ``jupyterlab_widgets``, which only carries JupyterLab's front end.
PLACEHOLDERS = {"sqlite3": "1.0.0", "jedi": "0.19.999", "jupyterlab-widgets": "3.0.999"}

#: Browser wheels whose JupyterLab front-end extension the site carries (anywidget renders the charts).
LABEXTENSIONS = ("anywidget",)

#: Where the cache lives unless ``--cache`` says otherwise.
DEFAULT_CACHE = "~/.cache/chililab-site"
