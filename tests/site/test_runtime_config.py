"""The site's Pyodide lock (only shipped wheels, checksums from the files, dependencies from their
metadata under Pyodide) and its settings (nothing from other origins)."""
from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import zipfile

import pytest

from chililab.site import config, runtime


def make_wheel(folder, name, version, requires=(), modules=("__init__.py",)):
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        info = f"{name.replace('-', '_')}-{version}.dist-info"
        zf.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                    + "".join(f"Requires-Dist: {r}\n" for r in requires))
        for m in modules:
            zf.writestr(f"{name.replace('-', '_')}/{m}", "")
    return path


def test_lock_names_only_the_wheels_with_their_own_checksums(tmp_path):
    a = make_wheel(tmp_path, "alpha", "1.0", ["beta>=2", "pexpect; sys_platform != 'emscripten'",
                                              "typing-extensions; python_version < '3.12'", "pytest; extra == 'test'"])
    b = make_wheel(tmp_path, "beta", "2.0")
    lock = runtime.site_lock({"info": {"version": "0.29.0"}, "packages": {"numpy": {}}}, [a, b])
    assert lock["info"] == {"version": "0.29.0"}
    assert set(lock["packages"]) == {"alpha", "beta"}
    alpha = lock["packages"]["alpha"]
    assert alpha["depends"] == ["beta"]  # markers evaluated as Pyodide (Emscripten, CPython 3.13)
    assert alpha["sha256"] == hashlib.sha256(a.read_bytes()).hexdigest()
    assert alpha["file_name"] == a.name and alpha["imports"] == ["alpha"]


def test_an_unshipped_dependency_fails_the_build(tmp_path):
    a = make_wheel(tmp_path, "alpha", "1.0", ["pandas", "beta"])
    b = make_wheel(tmp_path, "beta", "2.0")
    with pytest.raises(runtime.UnmetDependency, match="alpha-1.0.*pandas"):
        runtime.site_lock({"info": {}}, [a, b])


def test_placeholder_wheel_is_a_valid_empty_wheel(tmp_path):
    path = runtime.placeholder_wheel("jupyterlab_widgets", "3.0.999", tmp_path)
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        assert all(n.startswith("jupyterlab_widgets-3.0.999.dist-info/") for n in names)  # nothing to import
        for line in zf.read("jupyterlab_widgets-3.0.999.dist-info/RECORD").decode().splitlines():
            name, digest, size = line.split(",")
            if digest:
                data = zf.read(name)
                assert digest == "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode() and int(size) == len(data)
    assert path.read_bytes() == runtime.placeholder_wheel("jupyterlab_widgets", "3.0.999", tmp_path / "b").read_bytes()


def test_extract_runtime_takes_only_the_runtime_files(tmp_path):
    tgz = tmp_path / "pyodide.tgz"
    with tarfile.open(tgz, "w:gz") as tar:
        for name in [*runtime.RUNTIME_FILES, "pyodide.js.map", "console.html", runtime.LOCK]:
            data = json.dumps({"info": {"v": 1}, "packages": {}}).encode() if name == runtime.LOCK else b"x"
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    lock = runtime.extract_runtime(tgz, tmp_path / "out")
    assert lock["info"] == {"v": 1}
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(runtime.RUNTIME_FILES)


def test_kernel_settings_turn_every_fallback_off():
    settings = config.lite_config(["chililab", "ipywidgets"])["jupyter-config-data"]["litePluginSettings"]
    kernel = settings[config.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")  # the site's runtime, not Pyodide's CDN
    packages = kernel["loadPyodideOptions"]["packages"]
    assert packages[:2] == ["chililab", "ipywidgets"] and set(config.KERNEL_NAMES) <= set(packages)


def test_external_tags_are_removed_and_pages_finished(tmp_path):
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    page = render / "loco.html"
    page.write_text('<head><link rel="stylesheet" href="https://cdn.jsdelivr.net/x.css">'
                    '<script src="//cdn.example/y.js"></script><link href="../build/a.css"></head><body></body>')
    removed = config.strip_external_tags(tmp_path)
    assert len(removed) == 2
    assert "cdn." not in page.read_text() and "../build/a.css" in page.read_text()
    config.finish_pages(tmp_path)
    config.finish_pages(tmp_path)
    text = page.read_text()
    assert text.count(config.LINK_SCRIPT) == 1 and text.count(config.NO_SERVICE_WORKER) == 1
    # the service worker is declined before any other script of the page runs
    assert text.startswith("<head>" + config.NO_SERVICE_WORKER) and text.endswith(config.LINK_SCRIPT + "</body>")
    assert "voici/render/index.html" in (tmp_path / "index.html").read_text()


def test_trim_removes_only_unused_folders(tmp_path):
    for name in ("build", "lab", "voici", "static"):
        (tmp_path / name).mkdir()
    (tmp_path / "service-worker.js").write_text("self.addEventListener('fetch', () => {})")
    (tmp_path / "bootstrap.js").write_text("")
    assert sorted(config.trim_output(tmp_path)) == ["build", "lab", "service-worker.js"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bootstrap.js", "static", "voici"]


def test_a_page_without_a_head_is_refused(tmp_path):
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    (render / "x.html").write_text("<body></body>")
    with pytest.raises(ValueError, match="no <head>"):
        config.finish_pages(tmp_path)
