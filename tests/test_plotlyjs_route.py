"""The plotly.js route as a Jupyter server extension (JupyterLab, Voila on Binder): a real server, no browser."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from chililab import plotlyjs


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("jupyter-server") / "server.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", f"--port={port}", "--ip=127.0.0.1", "--no-browser",
             "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.base_url=/lab-here/",
             "--ServerApp.jpserver_extensions={'chililab.plotlyjs_route': True}", "--allow-root",
             f"--ServerApp.root_dir={log.parent}"],
            stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/lab-here/"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(base + "api/status", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"jupyter server did not start:\n{log.read_text()}")
                time.sleep(0.3)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_the_route_answers_under_the_base_url(server):
    req = urllib.request.Request(server + plotlyjs.url_path(plotlyjs.version()), headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.headers["Content-Encoding"] == "gzip" and "immutable" in r.headers["Cache-Control"]
        assert r.read() == plotlyjs.asset().gz
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(server + plotlyjs.url_path("0.0.1"), timeout=30)
    assert e.value.code == 404
