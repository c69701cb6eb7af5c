"""A class arriving at once, in two waves: N visitors open a dashboard together, all click together,
then N more arrive while the pool refills.

No browsers: each visitor is what a browser does over the network, spoken directly. It GETs
the page (Voila runs or hands out a kernel and sends the page with its ``kernelId``), opens the
kernel's websocket, asks the widget manager's control comm for every widget's state (the
ipywidgets 8 ``request_states`` message a page sends), and checks the dashboard is there (move
buttons with the ``chili-move`` class). A click is the ``custom``/``click`` message a button
sends; it is answered when the kernel reports idle for it, having sent widget updates.

    python3 benchmarks/class_burst.py --arrivals 30 --waves 2 --pool 30
    python3 benchmarks/class_burst.py --arrivals 30 --waves 2 --students 60

starts ``chililab dashboards --classroom --pool 30 --pages loco`` (or ``--students 60``) on a free local
port, twice: with plain kernel processes (the reference) and with kernels forked from the template
(``chililab.forked_kernels``, the server's default), and per round: waits until the pool is full and
quiet, lets the first wave load at once, all click at once, all click again while the pool refills,
then the second wave arrives (every page stays open); then closes every session (their kernels are
culled after ``--cull-idle`` seconds). It prints load and click times (p50, max) per wave, the
memory (each kernel's own, the server's in all) and the failures, the ratios plain / forked, and
``--json FILE`` writes them. Exit status 1 when any visitor failed. ``--url`` measures one wave on a
running server. ``tests/test_server_load.py`` runs a small version of it.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


MOVE_CLASS = "chili-move"
CONTROL_VERSION = "1.0.0"  # ipywidgets 8's widget control protocol


class VisitorError(Exception):
    """What went wrong for one visitor (a failure the report counts)."""


def _message(msg_type: str, content: dict, session: str, channel: str = "shell", metadata=None) -> dict:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "burst",
              "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"}
    return {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel,
            "buffers": []}


def _decode(frame) -> dict:
    """A kernel message from a websocket frame (jupyter_server's legacy protocol: JSON, or binary with buffers)."""
    if isinstance(frame, str):
        return json.loads(frame)
    nbufs = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(nbufs)]
    end = offsets[1] if nbufs > 1 else len(frame)
    return json.loads(frame[offsets[0]:end])


class Visitor:
    """One student's page, without a browser."""

    def __init__(self, base: str, notebook: str = "loco.ipynb"):
        self.base, self.notebook = base, notebook
        self.session = uuid.uuid4().hex
        self.ws = None
        self.kernel_id = None
        self.buttons: list[str] = []  # comm ids of the move buttons
        self.models: dict[str, dict] = {}  # comm id -> widget state, kept up to date from the kernel's messages
        self.inbox: asyncio.Queue = asyncio.Queue()
        self._reader = None

    async def load(self, timeout: float) -> dict:
        """Open the page; return seconds to the page's HTML and to the widgets' state."""
        t0 = time.monotonic()
        client = AsyncHTTPClient()
        resp = await client.fetch(HTTPRequest(f"{self.base}voila/render/{self.notebook}", request_timeout=timeout,
                                              connect_timeout=timeout), raise_error=False)
        html_s = time.monotonic() - t0
        body = resp.body.decode(errors="replace") if resp.body else ""
        if resp.code != 200:
            text = re.sub(r"<[^>]+>|\s+", " ", body).strip()
            raise VisitorError(f"page answered {resp.code}: {text[-200:]}")
        m = re.search(r'"kernelId": "([0-9a-f-]+)"', body)
        if not m:
            raise VisitorError("the page has no kernel")
        self.kernel_id = m.group(1)
        url = f"{self.base.replace('http', 'ws', 1)}api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = await asyncio.wait_for(websocket_connect(url, max_message_size=256 * 2**20), timeout)
        self._reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        await self._send(_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                                "data": {}}, self.session, metadata={"version": CONTROL_VERSION}))
        await self._send(_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                                  self.session))
        states = await asyncio.wait_for(self._states(control), timeout - (time.monotonic() - t0))
        for mid, entry in states.items():
            self.models[mid] = {"_model_name": entry.get("model_name"), **entry.get("state", {})}
        self.buttons = self._live_buttons()
        if not self.buttons:
            raise VisitorError(f"the page has no dashboard ({len(states)} widgets, no move button)")
        return {"html_s": html_s, "load_s": time.monotonic() - t0}

    async def click(self, timeout: float) -> float:
        """Click the first move button; seconds until the kernel has answered (idle, widgets updated)."""
        if not self.buttons:
            raise VisitorError("no move button to click")
        msg = _message("comm_msg", {"comm_id": self.buttons[0], "data": {"method": "custom",
                                                                         "content": {"event": "click"}}},
                       self.session)
        t0 = time.monotonic()
        await self._send(msg)
        updates = 0

        async def answered():
            nonlocal updates
            while True:
                m = await self.inbox.get()
                if m.get("parent_header", {}).get("msg_id") != msg["header"]["msg_id"]:
                    continue
                kind = m["header"]["msg_type"]
                if kind in ("comm_msg", "comm_open"):
                    updates += 1
                elif kind == "status" and m["content"]["execution_state"] == "idle":
                    return

        await asyncio.wait_for(answered(), timeout)
        if not updates:
            raise VisitorError("the click was not answered with any widget update")
        self.buttons = self._live_buttons()
        return time.monotonic() - t0

    def _live_buttons(self) -> list[str]:
        """The move buttons that exist now (a move replaces the buttons with the next decision's)."""
        return [mid for mid, s in self.models.items() if s.get("_model_name") == "ButtonModel"
                and MOVE_CLASS in (s.get("_dom_classes") or []) and not s.get("disabled")]

    def _track(self, m: dict) -> None:
        kind, content = m["header"]["msg_type"], m.get("content", {})
        data = content.get("data") or {}
        if kind == "comm_open":
            self.models[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        elif kind == "comm_msg" and data.get("method") == "update" and content.get("comm_id") in self.models:
            self.models[content["comm_id"]].update(data.get("state", {}))

    async def _states(self, control: str) -> dict:
        while True:
            m = await self.inbox.get()
            if m["header"]["msg_type"] == "comm_msg" and m["content"].get("comm_id") == control:
                data = m["content"]["data"]
                if data.get("method") == "update_states":
                    return data["states"]

    async def _send(self, msg: dict) -> None:
        await self.ws.write_message(json.dumps(msg, default=str))

    async def _read(self):
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            m = _decode(frame)
            self._track(m)
            await self.inbox.put(m)

    def close(self):
        if self._reader:
            self._reader.cancel()
        if self.ws:
            self.ws.close()


async def _gather(coros) -> tuple[list[float | dict], list[str]]:
    results = await asyncio.gather(*coros, return_exceptions=True)
    good = [r for r in results if not isinstance(r, BaseException)]
    bad = [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    return good, bad


async def burst(base: str, arrivals: int, timeout: float = 180.0, click_again_after: float | None = None,
                keep: list | None = None, page: str = "loco.ipynb") -> dict:
    """One class arriving: every visitor loads at once, then every visitor clicks at once (and again
    after ``click_again_after`` seconds, while the pool refills). Returns times and failures.
    The visitors' pages are closed at the end, or appended to ``keep`` (still open) when given."""
    AsyncHTTPClient.configure(None, max_clients=max(10, 4 * arrivals))
    visitors = [Visitor(base, page) for _ in range(arrivals)]
    try:
        t0 = time.monotonic()
        loads, load_failures = await _gather(v.load(timeout) for v in visitors)
        wave_s = time.monotonic() - t0
        ready = [v for v in visitors if v.buttons]
        clicks, click_failures = await _gather(v.click(timeout) for v in ready)
        report = {"arrivals": arrivals, "loaded": len(loads), "load_failures": load_failures,
                  "kernels": [v.kernel_id for v in visitors if v.kernel_id], "wave_load_s": round(wave_s, 2),
                  "load_s": [round(r["load_s"], 2) for r in loads], "html_s": [round(r["html_s"], 2) for r in loads],
                  "click_s": [round(c, 3) for c in clicks], "click_failures": click_failures}
        if click_again_after is not None:
            await asyncio.sleep(click_again_after)
            again, again_failures = await _gather(v.click(timeout) for v in ready)
            report.update(refill_click_s=[round(c, 3) for c in again], refill_click_failures=again_failures)
        return report
    finally:
        if keep is None:
            for v in visitors:
                v.close()
        else:
            keep += visitors


async def waves(base: str, arrivals: int, n_waves: int = 2, timeout: float = 180.0,
                click_again_after: float | None = None, page: str = "loco.ipynb") -> list[dict]:
    """``n_waves`` classes of ``arrivals`` visitors, each arriving as soon as the one before has loaded and
    clicked (so the second finds the pool still refilling); every page stays open until the end."""
    kept: list = []
    try:
        return [await burst(base, arrivals, timeout, click_again_after if w == 0 else None, keep=kept, page=page)
                for w in range(n_waves)]
    finally:
        for v in kept:
            v.close()


def run_async(coro):
    """``asyncio.run`` in a thread of its own: works even where this thread already runs an event
    loop (e.g. in a pytest process that has driven Playwright)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def failures(report: dict) -> int:
    return sum(len(report.get(k, ())) for k in ("load_failures", "click_failures", "refill_click_failures"))


def stats(values) -> str:
    if not values:
        return "-"
    return f"p50 {statistics.median(values):.2f} s, max {max(values):.2f} s"


# --- a server of our own ----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tree(pid: int) -> list[tuple[int, float, str]]:
    """(pid, CPU seconds so far, command line) of ``pid`` and every descendant (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    procs = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                f = (d / "stat").read_text().rsplit(")", 1)[1].split()
                cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                procs[int(d.name)] = (int(f[1]), (int(f[11]) + int(f[12])) / tick, cmd)
            except (OSError, ValueError, IndexError):
                continue
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        if p in procs:
            out.append((p, procs[p][1], procs[p][2]))
        todo += [c for c, (ppid, _, _) in procs.items() if ppid == p]
    return out


def _tree_cpu_s(pid: int) -> float:
    return sum(cpu for _, cpu, _ in _tree(pid))


class Server:
    """``chililab dashboards [options]`` in its own process group on a free local port, logging to a file."""

    def __init__(self, log: Path, *options: str):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.log = log
        with open(log, "w") as fh:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "chililab.cli", "dashboards", "--port", str(self.port), *options],
                stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def kernels(self) -> list[dict]:
        """The server's running kernels: id, execution_state, connections (Voila's kernel API per kernel)."""
        from chililab.forked_kernels import kernel_processes

        out = []
        for _, kernel_id in kernel_processes(self.proc.pid):
            try:
                with urllib.request.urlopen(f"{self.base}api/kernels/{kernel_id}", timeout=30) as r:
                    out.append(json.loads(r.read()))
            except OSError:  # a kernel that is just ending
                continue
        return out

    def wait_pool(self, pool: int, timeout: float, gone=()) -> None:
        """Wait until the kernels ``gone`` (closed sessions) are culled and only the pool's are left,
        idle and quiet."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped ({self.proc.returncode}):\n{self.text()[-3000:]}")
            try:
                urllib.request.urlopen(self.base + "voila/static/voila.js", timeout=10).close()
            except OSError:  # not answering yet
                time.sleep(1)
                continue
            ks = self.kernels()
            if not {k["id"] for k in ks} & set(gone) and len(ks) == pool and all(k["execution_state"] == "idle" and not k["connections"] for k in ks):
                last = _tree_cpu_s(self.proc.pid)
                time.sleep(2)
                if _tree_cpu_s(self.proc.pid) - last < 0.2:
                    return
            time.sleep(1)
        raise TimeoutError(f"the pool was not full and quiet within {timeout:.0f} s:\n{self.text()[-3000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


def memory(server_pid: int) -> dict:
    """The server's memory now: its kernels' own (USS, MB: median and max) and the whole tree's share of the
    machine (sum of PSS: shared pages counted once), from /proc."""
    from chililab.forked_kernels import kernel_processes

    def rollup(pid):
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            return {}
        return {k: int(v.split()[0]) / 1024 for k, v in (line.split(":", 1) for line in text.splitlines()[1:])}

    kernels = [rollup(pid) for pid, _ in kernel_processes(server_pid)]
    uss = [r["Private_Clean"] + r["Private_Dirty"] for r in kernels if r]
    tree = [rollup(pid) for pid, _, _ in _tree(server_pid)]
    return {"kernels": len(uss), "kernel_uss_mb_p50": round(statistics.median(uss), 1) if uss else None,
            "kernel_uss_mb_max": round(max(uss), 1) if uss else None,
            "tree_pss_mb": round(sum(r.get("Pss", 0) for r in tree), 1)}


def run(arrivals: int, pool: int, rounds: int, log: Path, cull_idle: int = 10, refill_delay: float | None = None,
        timeout: float = 180.0, out=print, n_waves: int = 1, kernels: str = "forked", pages: str | None = None,
        students: int | None = None) -> list[dict]:
    """Start a classroom server (``--pool`` kernels in all, ``--pages`` when given, the kernels ``forked`` from
    the template or ``plain`` processes), run ``rounds`` times ``n_waves`` waves of ``arrivals`` on the first page,
    stop it; the reports, one per wave (``round``, ``wave``, the memory after the last wave)."""
    options = ["--classroom", "--pool", str(pool), "--cull-idle", str(cull_idle)]
    if refill_delay is not None:
        options += ["--refill-delay", f"{refill_delay:g}"]
    if pages:
        options += ["--pages", pages]
    if students:
        options += ["--students", str(students)]
    if kernels == "plain":
        options.append("--voila-arg=--KernelProvisionerFactory.default_provisioner_name=local-provisioner")
    options += [f"--voila-arg={a}" for a in os.environ.get("BURST_VOILA_ARGS", "").split()]
    server = Server(log, *options)
    reports: list[dict] = []
    again = (refill_delay if refill_delay is not None else 2) + 1
    try:
        for r in range(1, rounds + 1):
            # each round empties the pool: before the next, the class's kernels are culled and the pool is full
            gone = [k for rep in reports for k in rep["kernels"]]
            t_pool = time.monotonic()
            server.wait_pool(pool, timeout=900, gone=gone)
            pool_s = time.monotonic() - t_pool
            t0 = time.monotonic()
            page = (pages or "loco.ipynb").split(",")[0]
            page = page if page.endswith(".ipynb") else f"{page}.ipynb"
            got = run_async(waves(server.base, arrivals, n_waves, timeout, click_again_after=again, page=page))
            mem = memory(server.proc.pid)
            for w, report in enumerate(got, 1):
                report.update(round=r, wave=w, wall_s=round(time.monotonic() - t0, 1), kernels_mode=kernels,
                              pool_ready_s=round(pool_s, 1))
                if w == len(got):
                    report["memory"] = mem
                reports.append(report)
                out(f"[{kernels} kernels] round {r} wave {w}: {report['loaded']}/{arrivals} loaded in "
                    f"{report['wave_load_s']:.1f} s ({stats(report['load_s'])}); clicks {stats(report['click_s'])}"
                    + (f"; clicks while the pool refills {stats(report['refill_click_s'])}"
                       if "refill_click_s" in report else "")
                    + f"; failures {failures(report)}" + "".join(
                        f"\n  {f}" for k in ("load_failures", "click_failures", "refill_click_failures")
                        for f in report.get(k, [])[:5]))
            out(f"[{kernels} kernels] round {r}: memory with {mem['kernels']} kernels: each {mem['kernel_uss_mb_p50']} MB "
                f"of its own (max {mem['kernel_uss_mb_max']}), server in all {mem['tree_pss_mb'] / 1024:.2f} GB (PSS)")
    finally:
        server.stop()
    for pattern in ("Address already in use", "Timeout waiting for IOPub", "start failed", "died in the pool"):
        n = server.text().count(pattern)
        if n:
            out(f"server log: {n} x {pattern!r}")
    return reports


def cold_visits(n: int, kernels: str, log: Path, out=print) -> list[dict]:
    """No pool: ``n`` visitors one after the other, each starting a kernel; per visit its load time and the CPU
    seconds the server's processes spent on it (Voila, the template, the kernel)."""
    options = ["--classroom", "--pool", "0", "--cull-idle", "600"]  # (no kernel ends during the measure)
    if kernels == "plain":
        options.append("--voila-arg=--KernelProvisionerFactory.default_provisioner_name=local-provisioner")
    server = Server(log, *options)
    rows = []

    def cpu_by_pid() -> dict[int, float]:
        return {pid: cpu for pid, cpu, _ in _tree(server.proc.pid)}

    try:
        server.wait_pool(0, timeout=300)
        for i in range(n + 1):  # the first visit also starts the template process: not counted
            cpu0 = cpu_by_pid()
            got = run_async(waves(server.base, 1, 1))[0]
            if got["load_failures"]:
                raise RuntimeError(got["load_failures"])
            time.sleep(1.5)  # the kernel has gone quiet
            if i:
                spent = sum(cpu - cpu0.get(pid, 0.0) for pid, cpu in cpu_by_pid().items())
                rows.append({"kernels_mode": kernels, "load_s": got["load_s"][0], "cpu_s": round(spent, 2)})
        out(f"[{kernels} kernels] a page with a new kernel: load {stats([r['load_s'] for r in rows])}; "
            f"CPU {statistics.median(r['cpu_s'] for r in rows):.2f} s (median of {n})")
    finally:
        server.stop()
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--arrivals", type=int, default=30, help="visitors arriving at once, per wave (default 30)")
    p.add_argument("--waves", type=int, default=2, help="waves per round, each arriving as the one before "
                   "has loaded (default 2)")
    p.add_argument("--pool", type=int, default=30, help="--pool of the server: kernels in all (default 30)")
    p.add_argument("--pages", default="loco.ipynb", help="--pages of the server (default loco.ipynb); the class "
                   "opens the first")
    p.add_argument("--students", type=int, default=None, help="--students of the server (the class size)")
    p.add_argument("--rounds", type=int, default=1, help="rounds, one after the other (default 1)")
    p.add_argument("--refill-delay", type=float, default=None, help="server --refill-delay (default: the server's)")
    p.add_argument("--kernels", choices=("forked", "plain", "both"), default="both",
                   help="kernels forked from the template process, plain processes (the reference), or both "
                        "one after the other with the ratios (default both)")
    p.add_argument("--cold", type=int, default=0, metavar="N",
                   help="instead: N visits one after the other with no pool (the cost of a kernel start)")
    p.add_argument("--url", default=None, help="use this running server (e.g. http://127.0.0.1:8866/), one wave")
    p.add_argument("--json", default=None, help="write the reports to this file")
    p.add_argument("--log", default="/tmp/class_burst_voila.log", help="the server's log (default %(default)s)")
    a = p.parse_args(argv)
    if a.cold:
        modes = ("plain", "forked") if a.kernels == "both" else (a.kernels,)
        rows = [r for mode in modes for r in cold_visits(a.cold, mode, Path(a.log))]
        if a.kernels == "both":
            cpu = {m: statistics.median(r["cpu_s"] for r in rows if r["kernels_mode"] == m) for m in modes}
            print(f"CPU per new kernel, plain / forked = {cpu['plain'] / cpu['forked']:.2f}")
        if a.json:
            Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
        return 0
    if a.url:
        reports = [run_async(burst(a.url.rstrip("/") + "/", a.arrivals))]
        print(json.dumps(reports[0], indent=1))
    else:
        modes = ("plain", "forked") if a.kernels == "both" else (a.kernels,)
        reports = []
        for mode in modes:
            reports += run(a.arrivals, a.pool, a.rounds, Path(a.log), refill_delay=a.refill_delay, n_waves=a.waves,
                           kernels=mode, pages=a.pages, students=a.students)
    allv = lambda k, **f: [x for r in reports if all(r.get(a) == b for a, b in f.items()) for x in r.get(k, [])]  # noqa: E731
    print(f"\n{len(reports)} wave(s) x {a.arrivals} arrivals: failures {sum(map(failures, reports))}")
    for mode in dict.fromkeys(r.get("kernels_mode", "?") for r in reports):
        for w in range(1, a.waves + 1):
            print(f"  {mode} kernels, wave {w}: load {stats(allv('load_s', kernels_mode=mode, wave=w))}; "
                  f"clicks {stats(allv('click_s', kernels_mode=mode, wave=w))}")
    if a.kernels == "both" and not a.url:
        for w in range(1, a.waves + 1):
            plain, forked = (statistics.median(allv("load_s", kernels_mode=m, wave=w) or [float("nan")])
                             for m in ("plain", "forked"))
            print(f"  wave {w}: median load, plain / forked = {plain / forked:.2f}")
    if a.json:
        Path(a.json).write_text(json.dumps(reports, indent=1) + "\n")
    return 1 if sum(map(failures, reports)) else 0


if __name__ == "__main__":
    sys.exit(main())
