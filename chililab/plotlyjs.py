"""Where a dashboard's browser gets plotly.js: one static file, served once and then cached.

The file is the ``plotly.min.js`` that the plotly Python package ships (``plotly/package_data``),
so it works offline and needs no CDN. Its address is stamped with the plotly.js version,

    chililab/static/plotly-4.1.1.min.js      (relative to the server's base URL)

so a browser may keep it for a year without asking again (``Cache-Control: immutable``): a
new plotly.js is a new address. :mod:`chililab.voila_app` serves it (gzipped, ~1.5 MB on the
wire instead of ~4.8 MB); :class:`chililab.widgets.plot.PlotView` loads it in the page.

A static site (voici) copies the same file to the same relative path (:func:`copy_to`). A kernel
without the plotly package (a browser's Pyodide, where no dashboard needs plotly's Python code)
cannot read the version: its charts load :data:`SITE_PATH` instead (:func:`kernel_path`), which
``copy_to(site, versioned=False)`` writes.

This module only uses the standard library: the server imports it, and reading the version
does not import plotly.

>>> ROUTE_PREFIX
'chililab/static/plotly-'
>>> url_path("4.1.1")
'chililab/static/plotly-4.1.1.min.js'
"""
from __future__ import annotations

import gzip
import importlib.util
import re
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROUTE_PREFIX = "chililab/static/plotly-"
#: the address without a version, for a kernel that has no plotly package to read it from
SITE_PATH = "chililab/static/plotly.min.js"
#: the route the server answers (a tornado pattern relative to the base URL; group 1: the version)
ROUTE = r"/chililab/static/plotly-([0-9A-Za-z.+-]+)\.min\.js"
_VERSION = re.compile(rb"plotly\.js v([0-9A-Za-z.+-]+)")


class PlotlyJSMissing(LookupError):
    """The plotly package (and its plotly.min.js) is not installed where the server runs."""


def url_path(version: str) -> str:
    """The file's address relative to the server's base URL."""
    return f"{ROUTE_PREFIX}{version}.min.js"


def source_file() -> Path:
    """``plotly.min.js`` inside the installed plotly package (found without importing plotly)."""
    try:
        spec = importlib.util.find_spec("plotly")
    except (ImportError, ValueError):
        spec = None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "package_data" / "plotly.min.js"
        if path.is_file():
            return path
    from chililab.extras import hint

    raise PlotlyJSMissing(f"plotly.min.js not found: install plotly, {hint('charts')}")


def version_of(path: Path) -> str:
    """The plotly.js version written in the file's header comment."""
    with open(path, "rb") as fh:
        m = _VERSION.search(fh.read(400))
    if not m:
        raise PlotlyJSMissing(f"{path} does not say which plotly.js version it is")
    return m.group(1).decode()


@cache
def version() -> str:
    """The installed plotly.js version (what the kernel puts in the address)."""
    return version_of(source_file())


def kernel_path() -> str:
    """The address this kernel's charts load plotly.js from: stamped with the installed version, or
    :data:`SITE_PATH` where the plotly package is not installed (a static site's browser kernel)."""
    try:
        return url_path(version())
    except PlotlyJSMissing:
        return SITE_PATH


@dataclass(frozen=True)
class Asset:
    """plotly.js as the server sends it: the bytes, a gzipped copy, its version and ETag."""

    version: str
    raw: bytes
    gz: bytes

    @property
    def etag(self) -> str:
        return f'"plotly-{self.version}"'


@cache
def asset() -> Asset:
    """The file, read and gzipped once per server process (~0.15 s)."""
    path = source_file()
    raw = path.read_bytes()
    return Asset(version_of(path), raw, gzip.compress(raw, compresslevel=6, mtime=0))


def copy_to(site: Path, versioned: bool = True) -> Path:
    """Put plotly.js at its address inside a static site's folder (e.g. a voici build); return the file.

    ``versioned=False`` writes it at :data:`SITE_PATH`, where the charts of a kernel without the
    plotly package look for it.
    """
    target = Path(site) / (url_path(version()) if versioned else SITE_PATH)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source_file(), target)
    return target
