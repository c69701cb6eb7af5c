"""Byte-compiled wheels (:mod:`chililab.site.wheel_pyc`, :mod:`chililab.site.pycompile`).

The compiler itself is plain standard library, so it is tested here with the host's Python
(its own bytecode, importable here); the build runs it in Pyodide under Node, tested when Node
and the cached npm runtime are present.
"""
from __future__ import annotations

import base64
import hashlib
import importlib
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from chililab.site import pins, pycompile
from chililab.site.wheel_pyc import compile_wheel

CACHE = Path(os.environ.get("CHILILAB_SITE_CACHE", pins.DEFAULT_CACHE)).expanduser()
SOURCES = {"demo_pyc/__init__.py": "from .mod import VALUE\n",
           "demo_pyc/mod.py": "VALUE = 6 * 7\n",
           "demo_pyc/templates/py2.py": "print 'not Python 3'\n",
           "demo_pyc/data.json": "{}\n",
           "demo_pyc-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: demo_pyc\nVersion: 1.0\n"}


def make_wheel(folder: Path) -> Path:
    path = folder / "demo_pyc-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in SOURCES.items():
            zf.writestr(name, text)
        zf.writestr("demo_pyc-1.0.dist-info/RECORD", "stale,,\n")
    return path


def test_every_module_becomes_bytecode_in_its_place(tmp_path):
    out = tmp_path / "out.whl"
    assert compile_wheel(str(make_wheel(tmp_path)), str(out)) == 2
    names = set(zipfile.ZipFile(out).namelist())
    assert {"demo_pyc/__init__.pyc", "demo_pyc/mod.pyc"} <= names
    assert not {"demo_pyc/__init__.py", "demo_pyc/mod.py"} & names
    assert {"demo_pyc/templates/py2.py", "demo_pyc/data.json"} <= names  # not a module: kept as it is


def test_the_record_lists_the_new_files_with_their_hashes(tmp_path):
    out = tmp_path / "out.whl"
    compile_wheel(str(make_wheel(tmp_path)), str(out))
    zf = zipfile.ZipFile(out)
    rows = [r.split(",") for r in zf.read("demo_pyc-1.0.dist-info/RECORD").decode().splitlines()]
    listed = {name: (digest, size) for name, digest, size in rows}
    assert set(listed) == set(zf.namelist())
    for name, (digest, size) in listed.items():
        if name.endswith("RECORD"):
            continue
        data = zf.read(name)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)


def test_the_bytecode_imports_without_source_and_is_the_same_on_every_build(tmp_path, monkeypatch):
    wheel, a, b = make_wheel(tmp_path), tmp_path / "a.whl", tmp_path / "b.whl"
    compile_wheel(str(wheel), str(a))
    compile_wheel(str(wheel), str(b))
    assert a.read_bytes() == b.read_bytes()
    zipfile.ZipFile(a).extractall(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    try:
        module = importlib.import_module("demo_pyc")
        assert module.VALUE == 42 and module.__file__.endswith("__init__.pyc")
    finally:
        for name in [n for n in sys.modules if n.startswith("demo_pyc")]:
            del sys.modules[name]


def test_without_node_the_wheels_ship_as_they_are(tmp_path, monkeypatch):
    monkeypatch.setattr(pycompile.shutil, "which", lambda name: None)
    said = []
    wheel = make_wheel(tmp_path)
    assert pycompile.compile_wheels([wheel], tmp_path / "no.tgz", tmp_path / "work", said.append) == ([wheel], None)
    assert "uncompiled" in said[0]


def test_pyodide_under_node_compiles_the_wheels_and_the_standard_library(tmp_path):
    tarball = CACHE / "npm" / pins.PYODIDE.filename
    if not shutil.which("node") or not tarball.is_file():
        pytest.skip("needs node and the cached npm pyodide runtime")
    (out,), stdlib = pycompile.compile_wheels([make_wheel(tmp_path)], tarball, tmp_path / "work", lambda s: None)
    pyc = zipfile.ZipFile(out).read("demo_pyc/mod.pyc")
    assert pyc[:4] == (3571).to_bytes(2, "little") + b"\r\n"  # CPython 3.13's magic number: Pyodide's
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked: no timestamp
    names = set(zipfile.ZipFile(stdlib).namelist())
    assert {"json/__init__.pyc", "re/_parser.pyc"} <= names and "json/__init__.py" not in names
