"""Byte-compile a pure-Python wheel (or the standard library's zip): every module's ``.pyc`` in the
archive, so the browser imports without compiling source.

This module uses the standard library only: the build runs it *inside Pyodide* (under Node,
:mod:`chililab.site.pycompile`), so the bytecode is the browser's CPython's (3.13), not the
build machine's. The ``.pyc`` are hash-based and unchecked (PEP 552): no timestamps, the same
bytes on every build, and no look at the source when imported.

A module ``m.py`` becomes ``m.pyc`` in its place (the sourceless layout, as Pyodide's own
``pyodide py-compile`` does): smaller than shipping both, and no page reads a module's source
(tracebacks still name the file and line). A file that does not compile stays as source.
``RECORD`` is rewritten with the new files' hashes.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import zipfile
from importlib import _bootstrap_external

#: where Pyodide installs a wheel (``install_dir: site``); the paths tracebacks name
SITE_PACKAGES = "/lib/python3.13/site-packages/"
#: where Pyodide mounts ``python_stdlib.zip`` (imported from the zip by ``zipimport``)
STDLIB = "/lib/python313.zip/"


def compile_wheel(src: str, dst: str, prefix: str = SITE_PACKAGES) -> int:
    """Write ``src`` byte-compiled to ``dst``; return how many modules were compiled.

    ``prefix``: where the archive's files are seen at run time (the file names in tracebacks)."""
    compiled = 0
    files: list[tuple[zipfile.ZipInfo, bytes]] = []
    record_name = None
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD") and info.filename.count("/") == 1:
                record_name = info.filename
                continue
            pyc = _pyc(info.filename, data, prefix)
            if pyc is None:
                files.append((info, data))
                continue
            compiled += 1
            files.append((_entry(info.filename + "c", info), pyc))
    rows = [f"{i.filename},sha256={_digest(d)},{len(d)}" for i, d in files]
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in files:
            zout.writestr(_entry(info.filename, info), data)
        if record_name:
            record = "\n".join([*rows, f"{record_name},,"]) + "\n"
            zout.writestr(_entry(record_name, zipfile.ZipInfo(record_name, date_time=(2020, 2, 2, 0, 0, 0))), record)
    return compiled


def _pyc(name: str, data: bytes, prefix: str) -> bytes | None:
    """The unchecked hash-based ``.pyc`` of a module in the wheel, or None (not a module, or it does not compile)."""
    if not name.endswith(".py") or name.split("/", 1)[0].endswith(".data"):
        return None
    try:
        code = compile(data, prefix + name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    # CPython's own helper behind py_compile's hash-based .pyc (private: typeshed does not list it)
    pyc = _bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(data), checked=False)
    return bytes(pyc)


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.external_attr = like.external_attr
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
