"""The Pyodide runtime as the site ships it: the npm package's files and a lock of the site's own wheels.

The npm ``pyodide`` package carries the interpreter and the standard library but no wheels,
and its ``pyodide-lock.json`` names 358 packages that live on Pyodide's CDN with checksums of
Pyodide's own rebuilds. The site's lock names only the wheels the site ships, beside it, with
checksums computed from those files and dependencies read from their metadata (evaluated for
Pyodide: CPython 3.13 on Emscripten). The kernel loads every one of them when Pyodide starts
(``loadPyodideOptions.packages``, :mod:`chililab.site.config`): fetched in parallel, no
package resolution in the browser, no index and no fallback to ask.
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

from packaging.requirements import Requirement

from chililab.site.cache import sha256

#: The runtime files the page loads (no source maps, TypeScript types, ES-module twin or demo consoles).
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK = "pyodide-lock.json"
#: The environment markers are evaluated in (what Pyodide 0.29 reports).
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "python_version": "3.13",
                   "python_full_version": "3.13.2", "extra": ""}


class UnmetDependency(ValueError):
    """A shipped wheel requires a package the site does not ship."""


def read_member(tar: tarfile.TarFile, name: str) -> bytes:
    """The bytes of the file ``name`` in ``tar`` (``KeyError`` when it is missing, ``ValueError`` when it is
    not a file)."""
    f = tar.extractfile(name)
    if f is None:
        raise ValueError(f"{name} in the tarball is not a file")
    return f.read()


def extract_runtime(tarball: Path, dest: Path) -> dict:
    """Unpack the runtime files of the npm tarball into ``dest``; return its lock (as parsed JSON)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME_FILES:
            (dest / name).write_bytes(read_member(tar, f"package/{name}"))
        return json.loads(read_member(tar, f"package/{LOCK}"))


def site_lock(original: dict, wheels: list[Path]) -> dict:
    """A lock naming exactly ``wheels`` (which lie beside it), keeping the original's ``info``.

    A wheel that requires a package no wheel provides raises :class:`UnmetDependency`: that is
    how the build checks that chililab installs in a browser as it is.

    >>> site_lock({"info": {"version": "x"}, "packages": {"numpy": {}}}, [])
    {'info': {'version': 'x'}, 'packages': {}}
    """
    metas = {normalize(wheel_name_version(w.name)[0]): (w, wheel_metadata(w)) for w in wheels}
    packages = {}
    for key, (path, meta) in metas.items():
        depends = sorted({normalize(r.name) for r in requirements(meta)})
        missing = [d for d in depends if d not in metas]
        if missing:
            raise UnmetDependency(f"{path.name} requires {', '.join(missing)}, which the site does not ship")
        packages[key] = {"name": key, "version": wheel_name_version(path.name)[1], "file_name": path.name,
                         "install_dir": "site", "sha256": sha256(path), "package_type": "package",
                         "imports": top_level(path), "depends": depends, "unvendored_tests": False}
    return {"info": original["info"], "packages": packages}


def write_lock(lock: dict, dest: Path) -> Path:
    path = dest / LOCK
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return path


def requirements(metadata: str) -> list[Requirement]:
    """The ``Requires-Dist`` entries that apply under Pyodide (markers evaluated, no extras).

    >>> [str(r) for r in requirements("Requires-Dist: a\\nRequires-Dist: b; sys_platform == 'win32'\\n"
    ...                               "Requires-Dist: c; extra == 'test'\\n")]
    ['a']
    """
    out = []
    for line in metadata.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
                out.append(req)
    return out


def wheel_metadata(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        return zf.read(name).decode()


def top_level(wheel: Path) -> list[str]:
    """The importable top-level names a wheel installs."""
    with zipfile.ZipFile(wheel) as zf:
        names = {n.split("/")[0].removesuffix(".py") for n in zf.namelist() if "/" in n or n.endswith(".py")}
    return sorted(n for n in names if n and not n.endswith((".dist-info", ".data")))


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
