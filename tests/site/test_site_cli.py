"""``chililab site`` on the command line: one-line errors, and ``serve`` hands out the site's files."""
from __future__ import annotations

import threading
import urllib.request

import pytest

from chililab.cli import main
from chililab.site import pins
from chililab.site.serve import make_server


def test_site_without_a_subcommand_is_a_usage_error(capsys):
    assert main(["site"]) == 2
    assert "choose build or serve" in capsys.readouterr().err


def test_offline_build_with_an_empty_cache_says_what_is_missing(tmp_path, capsys):
    assert main(["site", "build", "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "c"), "--offline"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and pins.BUILD_TOOLS[0].filename in err
    assert not (tmp_path / "out").exists()


def test_serve_refuses_a_folder_that_is_not_a_site(tmp_path, capsys):
    assert main(["site", "serve", str(tmp_path)]) == 1
    assert "not a built site" in capsys.readouterr().err


@pytest.fixture
def served(tmp_path):
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm")
    httpd = make_server(tmp_path, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_serve_gives_webassembly_its_content_type(served):
    with urllib.request.urlopen(served + "runtime.wasm") as r:
        assert r.headers["Content-Type"] == "application/wasm" and r.read() == b"\0asm"


def test_build_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["site", "build", "--out", str(tmp_path), "--cache", str(tmp_path / "c"), "--offline"]) == 1
    assert "not a site built by chililab" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine"

