"""Ctrl-C stops ``chililab simulate``: every worker ends, the games finished so far are summarised
(and saved where ``--csv`` asked), exit status 130; a second Ctrl-C does not hang it.

Each test runs a long simulation in a subprocess (its own session, as a terminal's foreground
job), waits until the progress bar shows finished games, then sends SIGINT the way a terminal
does (to the whole process group) or to the main process only.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from chililab.sim import SimulationInterrupted, backends, simulate

ROOT = Path(__file__).resolve().parents[1]
STOP_TIMEOUT_S = 30  # generous on a loaded 2-core machine; a hang is what this catches
PROGRESS = re.compile(r"(\d+)/(\d+) \[")


def _children(pid: int) -> set[int]:
    """Process ids of the direct children of ``pid`` (from /proc)."""
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.add(int(d.name))
            except (OSError, ValueError, IndexError):
                continue
    return out


def _descendants(pid: int) -> set[int]:
    """Process ids of every process below ``pid`` (children, their children ...)."""
    out, todo = set(), [pid]
    while todo:
        kids = _children(todo.pop())
        out |= kids
        todo += kids
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start(*args: str):
    """The simulation in a subprocess; returns (process, stderr lines collected by a thread)."""
    proc = subprocess.Popen([sys.executable, "-m", "chililab.cli", "simulate", "loco", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    err: list[str] = []

    def read():
        buf = b""
        while chunk := proc.stderr.read1(4096):
            buf += chunk
            *done, buf = re.split(rb"[\r\n]", buf)
            err.extend(x.decode(errors="replace") for x in done)
        err.append(buf.decode(errors="replace"))

    threading.Thread(target=read, daemon=True).start()
    return proc, err


def _wait_for_finished_games(proc, err, timeout=120.0) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise AssertionError(f"the simulation ended early ({proc.returncode}): {err[-5:]}")
        done = [int(m.group(1)) for line in err[-20:] for m in PROGRESS.finditer(line)]
        if done and max(done) > 0:
            return
        time.sleep(0.2)
    raise AssertionError(f"no game finished within {timeout:.0f} s: {err[-5:]}")


def _stop(proc, how: str, times: int = 1) -> tuple[int, str]:
    for _ in range(times):
        if how == "group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        time.sleep(0.05)
    try:
        out, _ = proc.communicate(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"still running {STOP_TIMEOUT_S} s after SIGINT") from None
    return proc.returncode, out.decode()


def _finished(summary: str) -> int:
    m = re.search(r"^Chili Loco: (\d+) games", summary, re.M)
    assert m, summary
    return int(m.group(1))


@pytest.mark.parametrize("how,times", [("group", 1), ("main", 2)], ids=["ctrl-c", "twice-to-main"])
def test_sigint_stops_every_worker_and_reports_the_games_finished(tmp_path, how, times):
    csv = tmp_path / "part.csv"
    proc, err = _start("--games", "200000", "--workers", "2", "--csv", str(csv))
    try:
        _wait_for_finished_games(proc, err)
        workers = _children(proc.pid)
        assert len(workers) >= 2, f"expected 2 worker processes, found {workers}"
        status, out = _stop(proc, how, times)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert status == 130, (status, out, err[-5:])
    n = _finished(out)
    assert 0 < n < 200000
    assert f"interrupted (Ctrl-C): the {n} games finished out of 200000" in out
    assert "Wins by seat" in out
    assert csv.is_file() and len(csv.read_text().splitlines()) == n + 1  # header + one row per game
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)], "a worker process outlived the interrupt"


def test_dask_backend_stops_its_worker_processes_on_ctrl_c():
    pytest.importorskip("distributed")
    proc, err = _start("--games", "200000", "--workers", "2", "--backend", "dask")
    try:
        _wait_for_finished_games(proc, err)
        workers = _descendants(proc.pid)
        assert len(workers) >= 2, f"expected the LocalCluster's worker processes, found {workers}"
        status, out = _stop(proc, "group")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert status == 130, (status, out, err[-5:])
    assert 0 < _finished(out) < 200000
    assert "backend dask" in out
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)], "a Dask worker process outlived the interrupt"


def _workers_started(pid: int) -> bool:
    """Some Dask worker process exists below ``pid`` (the cluster is starting or up)."""
    for child in _descendants(pid):
        try:
            if b"forkserver" in Path(f"/proc/{child}/cmdline").read_bytes() and _children(child):
                return True
        except OSError:
            continue
    return False


@pytest.mark.parametrize("when", ["template", "workers"])
def test_ctrl_c_while_the_dask_cluster_starts_is_one_line(when):
    """Ctrl-C to the whole group while the LocalCluster starts (its template process just started, or its
    workers being forked): no worker dies of it, no traceback, one line, exit 130, no process left."""
    pytest.importorskip("distributed")
    proc, err = _start("--games", "200000", "--workers", "2", "--backend", "dask")
    try:
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            kids = _descendants(proc.pid)
            if (when == "template" and kids) or (when == "workers" and _workers_started(proc.pid)):
                break
            assert proc.poll() is None, err[-5:]
            time.sleep(0.02)
        else:
            raise AssertionError(f"the cluster did not start within 60 s: {err[-5:]}")
        assert not [line for line in err if PROGRESS.search(line)], "too late: games were already playing"
        everyone = _descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        # (communicate reads what the reader thread has not: the last lines may be in either)
        out, rest = proc.communicate(timeout=STOP_TIMEOUT_S)
        status = proc.returncode
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    time.sleep(0.5)
    lines = [line for line in err + rest.decode(errors="replace").splitlines() if line.strip()]
    text = "\n".join(lines)
    assert status == 130, (status, out, text[-2000:])
    assert "Traceback" not in text and "Nanny failed" not in text and "Error" not in text, text[-3000:]
    assert [line for line in lines if "interrupted" in line] == ["chililab: interrupted before any game finished"], (
        out, text)
    assert not [p for p in everyone if _alive(p)], "a process outlived the interrupt"


def test_work_is_submitted_in_a_bounded_window(monkeypatch):
    """A run of ten million games does not queue its chunks up front: chunks are made as workers
    free up, at most WINDOW_PER_WORKER per worker ahead of the results taken in."""
    import multiprocessing

    count = {"made": 0, "answered": 0, "ahead": 0}

    class Pool:  # multiprocessing's pool, without processes: answers each chunk at once
        def __init__(self, *a, **k):
            pass

        def apply_async(self, fn, job, callback, error_callback):
            callback([{"seed": s} for s in job[1]])

        def close(self):
            pass

        terminate = join = close

    class Bar:
        def update(self, k):
            count["answered"] += 1

    def jobs():
        for i in range(10_000_000):
            count["made"] += 1
            count["ahead"] = max(count["ahead"], count["made"] - count["answered"])
            if count["made"] > 500:
                raise KeyboardInterrupt
            yield ("loco", range(i, i + 1), 4, {}, None)

    monkeypatch.setattr(multiprocessing, "get_context", lambda *a: type("Ctx", (), {"Pool": Pool}))
    rows: list = []
    with pytest.raises(KeyboardInterrupt):
        backends.run_processes(jobs(), 2, rows, Bar())
    assert count["ahead"] <= backends.WINDOW_PER_WORKER * 2 + 1
    assert len(rows) >= 490  # the chunks answered before the interrupt are kept


def test_simulate_raises_with_the_games_finished_so_far(monkeypatch):
    """In a notebook or script, Ctrl-C raises SimulationInterrupted (a KeyboardInterrupt) carrying the frame."""
    real = backends.run_chunk
    calls = {"n": 0}

    def interrupt_on_third(*job):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*job)

    monkeypatch.setattr(backends, "run_chunk", interrupt_on_third)
    with pytest.raises(SimulationInterrupted) as caught:
        simulate("loco", n=50, seed=0, progress=False, workers=1, chunk_size=5)
    df = caught.value.frame
    assert list(df.seed) == list(range(10))
    assert df.attrs["interrupted"] is True and df.attrs["n"] == 50
    assert isinstance(caught.value, KeyboardInterrupt)
