"""The pins (one place, exact, checked) and the package cache (offline uses only what it holds)."""
from __future__ import annotations

import hashlib
import re
import subprocess

import pytest

from chililab.site import pins
from chililab.site.cache import Cache, CacheError

ALL_WHEELS = [*pins.BUILD_TOOLS, *pins.BUILD_BACKEND, *pins.BROWSER, pins.PLOTLY]


def test_every_pin_is_exact_and_carries_a_sha256():
    for w in ALL_WHEELS:
        assert re.fullmatch(r"[0-9a-f]{64}", w.sha256), w
        assert w.requirement == f"{w.name}=={w.version}"
        assert w.filename.replace("_", "-").lower().startswith(f"{w.name}-{w.version}-".lower()), w
    assert re.fullmatch(r"[0-9a-f]{64}", pins.PYODIDE.sha256)
    assert len({w.name for w in ALL_WHEELS}) == len(ALL_WHEELS)


def test_the_versions_seen_working_together():
    """voici 0.10.0's front end runs jupyterlite-pyodide-kernel 0.7.0 (0.7.2 clashes) on Pyodide 0.29.0;
    the voici meta-package (it drags in the xeus add-on and click<8.2) is not used."""
    tools = {w.name: w.version for w in pins.BUILD_TOOLS}
    assert tools["voici-core"] == "0.10.0" and tools["jupyterlite-pyodide-kernel"] == "0.7.0"
    assert pins.PYODIDE.version == "0.29.0"
    assert not {"voici", "jupyterlite-xeus", "empack"} & set(tools)


def test_placeholders_and_browser_wheels_do_not_overlap():
    assert not set(pins.PLACEHOLDERS) & {w.name for w in pins.BROWSER}
    assert all(w.filename.endswith("-none-any.whl") for w in pins.BROWSER)  # pure Python only


def _fake_pin(tmp_path, data=b"wheel bytes"):
    return pins.Wheel("demo", "1.0", "demo-1.0-py3-none-any.whl", hashlib.sha256(data).hexdigest()), data


def test_offline_with_an_empty_cache_names_every_missing_file(tmp_path):
    with pytest.raises(CacheError) as e:
        Cache(tmp_path, offline=True).wheels(pins.BUILD_TOOLS)
    for w in pins.BUILD_TOOLS:
        assert w.filename in str(e.value)
    with pytest.raises(CacheError, match="offline"):
        Cache(tmp_path, offline=True).npm_package()
    with pytest.raises(CacheError, match="offline"):
        Cache(tmp_path, offline=True).tools()


def test_offline_uses_a_cached_file_without_running_anything(tmp_path, monkeypatch):
    pin, data = _fake_pin(tmp_path)
    (tmp_path / "pypi").mkdir()
    (tmp_path / "pypi" / pin.filename).write_bytes(data)
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail(f"ran {a}"))
    assert Cache(tmp_path, offline=True).wheels([pin]) == [tmp_path / "pypi" / pin.filename]


def test_a_file_that_is_not_the_pinned_one_is_refused(tmp_path):
    pin, _ = _fake_pin(tmp_path)
    (tmp_path / "pypi").mkdir()
    (tmp_path / "pypi" / pin.filename).write_bytes(b"something else")
    with pytest.raises(CacheError, match="sha256"):
        Cache(tmp_path, offline=True).wheels([pin])


def test_online_fetches_only_the_missing_files_with_exact_pins(tmp_path, monkeypatch):
    pin, data = _fake_pin(tmp_path)
    calls = []

    def fake_run(cmd, env, **kw):
        calls.append((cmd, env))
        (tmp_path / "pypi" / pin.filename).write_bytes(data)
        return subprocess.CompletedProcess(cmd, 0, "", "")

    monkeypatch.setattr(subprocess, "run", fake_run)
    cache = Cache(tmp_path)
    assert cache.wheels([pin]) == [tmp_path / "pypi" / pin.filename]
    assert cache.wheels([pin])  # cached now: no second download
    (cmd, env), = calls
    assert cmd[cmd.index("download"):][:3] == ["download", "--quiet", "--no-deps"]
    assert "demo==1.0" in cmd and cmd[cmd.index("--platform") + 1] == "any"
    assert env["PIP_CONSTRAINT"] == ""  # no site-wide constraints file moves a pin


def test_without_npm_the_runtime_comes_from_the_registrys_tarball_address(tmp_path, monkeypatch):
    from chililab.site import cache as cache_module

    data = b"runtime tarball"
    pkg = pins.NpmPackage("pyodide", "0.29.0", hashlib.sha256(data).hexdigest())
    fetched = []

    def fake_download(url, path):
        fetched.append(url)
        path.write_bytes(data)

    monkeypatch.setattr(cache_module.shutil, "which", lambda name: None)
    monkeypatch.setattr(cache_module, "_download", fake_download)
    assert Cache(tmp_path).npm_package(pkg).read_bytes() == data
    assert fetched == ["https://registry.npmjs.org/pyodide/-/pyodide-0.29.0.tgz"]
