"""Browser tests: a real Voila server (started with ``chililab dashboards``) and Debian's Chromium.

Every test here is marked ``browser``. Each test file starts its own server on
a free localhost port, in its own process group (killed at the end, kernels
with it); ``.ci/run`` runs files whole on one worker (``--dist loadfile``).
Chromium comes from Debian (``/usr/bin/chromium``), never ``playwright install``,
and is kept strictly on localhost.

Artifacts (screenshots, measurements) go to ``artifacts/`` (git-ignored).
"""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = ROOT / "dashboards"
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
    # keep the browser strictly on localhost (chililab's page template links no CDN: test_a11y checks every request)
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
RENDER_TIMEOUT_MS = 120_000  # kernel start + notebook execution + widget state, on a loaded 2-core machine
RULE_ID = re.compile(r"LOCO-[A-Z]+-\d+")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _need_chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium; .ci/run does it)")


# --- pytest-playwright: Debian's chromium instead of `playwright install` ---------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VoilaServer:
    """``chililab dashboards`` running in its own process group; ``log`` holds its output."""

    def __init__(self, proc: subprocess.Popen, port: int, log: Path):
        self.proc, self.port, self.log = proc, port, log
        self.base = f"http://127.0.0.1:{port}/"

    def url(self, notebook: str = "loco.ipynb") -> str:
        return f"{self.base}voila/render/{notebook}"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_log(self, needle: str, count: int = 1, timeout: float = 180.0) -> float:
        """Wait until ``needle`` occurs ``count`` times in the server log; return the seconds waited."""
        t0 = time.monotonic()
        while self.log_text().count(needle) < count:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped (exit {self.proc.returncode}):\n{self.log_text()[-3000:]}")
            if time.monotonic() - t0 > timeout:
                raise TimeoutError(f"{needle!r} x{count} not in the server log after {timeout:.0f} s")
            time.sleep(0.25)
        return time.monotonic() - t0

    def kernels(self) -> list[dict]:
        """The server's kernels: pid, kernel id and open connections (from Voila's kernel API)."""
        from chililab.forked_kernels import kernel_processes

        out = []
        for pid, kernel_id in kernel_processes(self.proc.pid):
            status, body = http_get(f"{self.base}api/kernels/{kernel_id}", timeout=10)
            conns = json.loads(body).get("connections", 0) if status == 200 else None
            out.append({"pid": pid, "id": kernel_id, "connections": conns})
        return out

    def voila_pid(self) -> int:
        """The Voila server process (a child of ``chililab dashboards``, which only starts and watches it)."""
        for pid, cmd in _descendants(self.proc.pid):
            if " -m voila " in f" {cmd} " or " -m chililab.voila_app " in f" {cmd} ":
                return pid
        raise RuntimeError("no Voila process under chililab dashboards")

    def kernel_pids(self) -> list[int]:
        """Process ids of the server's kernels (forked from its template process, or plain ipykernel processes)."""
        from chililab.forked_kernels import kernel_processes

        return [pid for pid, _ in kernel_processes(self.proc.pid)]

    def kernels_cpu_s(self) -> float:
        """CPU seconds used so far by the server's kernels."""
        return sum(cpu_s(pid) for pid in self.kernel_pids())

    def wait_quiet(self, timeout: float = 180.0, window: float = 1.0) -> float:
        """Wait until the kernels are idle (pre-heated kernels finished running the dashboard).

        Voila logs "pool ... filled" once the kernels are *started*; they still execute the
        notebook afterwards. Returns the seconds waited."""
        t0 = time.monotonic()
        last = self.kernels_cpu_s()
        while time.monotonic() - t0 < timeout:
            time.sleep(window)
            now = self.kernels_cpu_s()
            if now - last < 0.05 * window:
                return time.monotonic() - t0
            last = now
        raise TimeoutError(f"kernels still busy after {timeout:.0f} s")

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # Voila shuts its kernels down, then exits
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        try:  # whatever is left of the group (kernels included)
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far; 0.0 once it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _descendants(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every descendant process (psutil when there, else /proc)."""
    try:
        import psutil

        out = []
        for p in psutil.Process(pid).children(recursive=True):
            try:
                out.append((p.pid, " ".join(p.cmdline())))
            except psutil.Error:
                pass
        return out
    except ImportError:
        pass
    parents = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except (OSError, ValueError, IndexError):
                continue
            parents[int(d.name)] = (ppid, cmd)
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for child, (ppid, cmd) in parents.items():
            if ppid == p:
                out.append((child, cmd))
                todo.append(child)
    return out


def memory_mb(pid: int) -> dict:
    """RSS and USS (memory unique to the process) in MB; USS needs psutil, else /proc smaps_rollup."""
    try:
        import psutil

        info = psutil.Process(pid).memory_full_info()
        return {"rss": info.rss / 2**20, "uss": info.uss / 2**20}
    except ImportError:
        fields = {}
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            k, v = line.split(":", 1)
            fields[k] = int(v.split()[0]) / 1024
        return {"rss": fields.get("Rss", 0.0),
                "uss": fields.get("Private_Clean", 0.0) + fields.get("Private_Dirty", 0.0)}


def start_server(tmp_dir: Path, *options: str, timeout: float = 120.0, folder: Path = DASHBOARDS) -> VoilaServer:
    """Start ``python -m chililab.cli dashboards --port P [options]`` (the main job) and wait until it answers.

    ``folder``: the dashboards served (default the project's ``dashboards/``)."""
    port = free_port()
    log = tmp_dir / f"voila-{port}.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(
            [sys.executable, "-m", "chililab.cli", "dashboards", "--dir", str(folder), "--port", str(port),
             "--ip", "127.0.0.1", *options],
            stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    server = VoilaServer(proc, port, log)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"chililab dashboards exited early ({proc.returncode}):\n{server.log_text()}")
            try:
                with urllib.request.urlopen(server.base + "voila/static/voila.js", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"voila not ready after {timeout:.0f} s:\n{server.log_text()}")
            time.sleep(0.2)
    except BaseException:
        server.stop()
        raise
    return server


def start_class_server(tmp_path_factory, title: str = "Year 10 maths"):
    """``chililab dashboards --data DIR`` with its SQLite class store and one class started in it:
    (server, data folder, the class)."""
    from chililab.classes.store import Store, default_url

    data = tmp_path_factory.mktemp("class-data")
    server = start_server(tmp_path_factory.mktemp("voila-class"), "--data", str(data))
    with Store.open(default_url(data)) as store:
        return server, data, store.start_class(title)


def http_get(url: str, timeout: float = 30.0) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


# A page has rendered when a game's dashboard shows its table and move buttons, or an explorer
# (class chili-explorer) has drawn a chart (chililab.widgets.plot marks a drawn chart data-drawn).
RENDERED_JS = ("(document.querySelector('.chili-table svg') && document.querySelector('.chili-move'))"
               " || document.querySelector('.chili-explorer .chili-plot-area[data-drawn] .main-svg')")

# JavaScript run in every page: note when the dashboard has rendered (performance.now() is
# measured from the start of navigation), so concurrent pages can be timed precisely.
RENDER_PROBE = """
(() => {
  window.__chili = {};
  const t = setInterval(() => {
    if (!window.__chili.html && document.querySelector('.jp-Cell, .jp-OutputArea')) window.__chili.html = performance.now();
    if (%s) {
      window.__chili.rendered = performance.now(); clearInterval(t);
    }
  }, 50);
})();
""" % RENDERED_JS  # noqa: UP031 (JavaScript braces)


def wait_rendered(page, timeout_ms: int = RENDER_TIMEOUT_MS) -> None:
    """Wait until a game's dashboard shows its table and move buttons (or an explorer its first chart), and the
    page's loading box (chililab's Voila template, ``loading.js``) has gone: a moment later, once the kernel has
    answered the drawn page."""
    page.wait_for_function(f"() => !!({RENDERED_JS}) && !document.querySelector('#chili-loading')",
                           timeout=timeout_ms, polling=100)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def full_screenshot(page, path) -> None:
    """A screenshot of the whole dashboard. Voila's lab shell scrolls inside ``#rendered_cells``
    (the page itself never scrolls), so grow the viewport to the content's height first."""
    size = page.viewport_size
    height = page.evaluate(
        "() => { const e = document.querySelector('#rendered_cells');"
        " return e ? e.scrollHeight : document.documentElement.scrollHeight; }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height) + 8, 8000))})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)


def wait_for(fn, timeout=60.0):
    """Poll ``fn`` until it returns something true (returned), or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


class Frames:
    """A page plus every websocket frame it received (the widget state sent to the browser)."""

    def __init__(self, page):
        self.page = page
        self.frames: list[str] = []
        page.on("websocket", self.on_ws)

    def on_ws(self, ws):
        ws.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", errors="replace")))
