"""The Pyodide runtime as the site ships it: the npm package's files, a trimmed lock, empty wheels.

The npm ``pyodide`` package carries the interpreter and the standard library but no wheels,
and its ``pyodide-lock.json`` names 358 packages that live on Pyodide's CDN with checksums of
Pyodide's own rebuilds. The site's lock names only the wheels it ships
(:data:`chililab.site.pins.LOCKED`), with checksums computed from those files, so the
browser never looks anywhere else.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import tarfile
import zipfile
from pathlib import Path

from chililab.site.cache import sha256

#: The runtime files the page loads (no source maps, TypeScript types, ES-module twin or demo consoles).
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK = "pyodide-lock.json"


def extract_runtime(tarball: Path, dest: Path) -> dict:
    """Unpack the runtime files of the npm tarball into ``dest``; return its lock (as parsed JSON)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME_FILES:
            (dest / name).write_bytes(tar.extractfile(f"package/{name}").read())
        return json.load(tar.extractfile(f"package/{LOCK}"))


def trimmed_lock(original: dict, wheels: list[Path]) -> dict:
    """A lock naming only ``wheels`` (which lie beside it), keeping the original's ``info``.

    >>> trimmed_lock({"info": {"version": "x"}, "packages": {"numpy": {}}}, [])
    {'info': {'version': 'x'}, 'packages': {}}
    """
    packages = {}
    for path in wheels:
        name, version = wheel_name_version(path.name)
        with zipfile.ZipFile(path) as zf:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in zf.namelist()
                              if "/" in n or n.endswith(".py")} - {""})
        imports = [i for i in imports if not i.endswith((".dist-info", ".data"))]
        key = normalize(name)
        packages[key] = {"name": key, "version": version, "file_name": path.name, "install_dir": "site",
                         "sha256": sha256(path), "package_type": "package", "imports": imports,
                         "depends": [], "unvendored_tests": False}
    return {"info": original["info"], "packages": packages}


def write_lock(lock: dict, dest: Path) -> Path:
    path = dest / LOCK
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return path


def normalize(name: str) -> str:
    """PEP 503 name: ``Typing_Extensions`` -> ``typing-extensions``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name_version(filename: str) -> tuple[str, str]:
    """``('stack_data', '0.6.3')`` from ``stack_data-0.6.3-py3-none-any.whl``."""
    name, version = filename.split("-")[:2]
    return name, version


def placeholder_wheel(name: str, version: str, dest: Path) -> Path:
    """An empty, valid wheel ``name==version`` in ``dest`` (metadata only, nothing to import).

    It answers an install request for a package no dashboard uses; the bytes are the same on
    every build (fixed timestamps).

    >>> import tempfile, zipfile
    >>> p = placeholder_wheel("jupyterlab-widgets", "3.0.999", Path(tempfile.mkdtemp()))
    >>> p.name, sorted(zipfile.ZipFile(p).namelist())[0]
    ('jupyterlab_widgets-3.0.999-py3-none-any.whl', 'jupyterlab_widgets-3.0.999.dist-info/METADATA')
    """
    stem = f"{normalize(name).replace('-', '_')}-{version}"
    info = f"{stem}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            "Summary: empty placeholder (chililab static site)\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: chililab.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{n},sha256={_b64digest(t.encode())},{len(t.encode())}" for n, t in files.items()]
    files[f"{info}/RECORD"] = "\n".join(record + [f"{info}/RECORD,,"]) + "\n"
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / f"{stem}-py3-none-any.whl"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, text in files.items():
            zf.writestr(zipfile.ZipInfo(n, date_time=(2020, 2, 2, 0, 0, 0)), text)
    path.write_bytes(buf.getvalue())
    return path


def _b64digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
