"""A real ``chililab dashboards`` server under visitors spoken to over the ipywidgets websocket
protocol (no browsers; the client is ``benchmarks/class_burst.py``).

- A plain server cleans up: a visitor who closed the tab (or never connected) loses their
  kernel after the idle timeout, while a visitor still reading keeps theirs and is answered.
- A class arriving at once: ten visitors load a ``--classroom`` server's dashboard together,
  all click together, and click again while the pool refills, then ten more arrive, with no
  failure (the full two waves of 30 is the benchmark ``python3 benchmarks/class_burst.py``).
- A pool sized to the class (``--students``) is not refilled beyond the class and its spares.

Times are printed (``pytest -s``), not asserted. Every wait is bounded.
"""
from __future__ import annotations

import asyncio
import importlib.util
import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("class_burst", ROOT / "benchmarks" / "class_burst.py")
burst = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(burst)

pytestmark = pytest.mark.slow

CULL_IDLE_S = 6  # the test's short timeout (chililab dashboards --cull-idle); the default is 1800 s
CULL_WAIT_S = 90  # bounded: a kernel must be gone within this


def _alive(server, kernel_id) -> bool:
    return any(k["id"] == kernel_id for k in server.kernels())


def test_a_plain_server_culls_abandoned_kernels_but_not_a_visitor_still_reading(tmp_path):
    server = burst.Server(tmp_path / "voila.log", "--cull-idle", str(CULL_IDLE_S))
    try:
        server.wait_pool(0, timeout=120)  # answering, no kernel yet

        async def scenario():
            burst.AsyncHTTPClient.configure(None, max_clients=10)
            reader, leaver = burst.Visitor(server.base), burst.Visitor(server.base)
            await reader.load(180)
            await leaver.load(180)
            leaver.close()  # the tab is closed: its kernel stays (Voila #1458) until culled
            # a page that never connected its websocket (closed while loading)
            resp = await burst.AsyncHTTPClient().fetch(f"{server.base}voila/render/loco.ipynb", request_timeout=180)
            never = re.search(r'"kernelId": "([0-9a-f-]+)"', resp.body.decode()).group(1)
            assert _alive(server, leaver.kernel_id) and _alive(server, never)
            t0 = time.monotonic()
            while (_alive(server, leaver.kernel_id) or _alive(server, never)) and time.monotonic() - t0 < CULL_WAIT_S:
                await asyncio.sleep(1)
            waited = time.monotonic() - t0
            assert not _alive(server, leaver.kernel_id), f"a closed tab's kernel was not culled in {CULL_WAIT_S} s"
            assert not _alive(server, never), f"a never-connected page's kernel was not culled in {CULL_WAIT_S} s"
            # the visitor still reading (idle, but connected) keeps the kernel and is answered
            assert _alive(server, reader.kernel_id), "the kernel of an open page was culled"
            click = await reader.click(60)
            reader.close()
            return waited, click

        waited, click = burst.run_async(scenario())
        print(f"\nabandoned kernels culled after {waited:.0f} s (timeout {CULL_IDLE_S} s); "
              f"the reader's click then took {click:.2f} s")
        assert f"Culling kernels with idle durations > {CULL_IDLE_S} seconds" in server.text()
    finally:
        server.stop()


def test_a_class_of_ten_arrives_at_once(tmp_path):
    lines = []
    reports = burst.run(arrivals=10, pool=10, rounds=1, log=tmp_path / "voila.log", out=lines.append, n_waves=2,
                        pages="loco")
    print("\n" + "\n".join(lines))
    first, second = reports
    assert burst.failures(first) == 0 and burst.failures(second) == 0, lines
    assert first["loaded"] == 10 and len(first["click_s"]) == 10 and len(first["refill_click_s"]) == 10
    assert second["loaded"] == 10 and len(second["click_s"]) == 10
    assert len(set(first["kernels"] + second["kernels"])) == 20  # a kernel of their own each
    assert second["memory"]["kernels"] >= 20
    log = (tmp_path / "voila.log").read_text()
    assert "Address already in use" not in log
    assert "Timeout waiting for IOPub" not in log


def test_a_pool_sized_to_the_class_stops_at_the_class_and_its_spares(tmp_path):
    """--students 3: three kernels pre-heated, refills up to 3 + 2 spares, and not one more pool kernel once six
    visitors hold six kernels (without the cap the pool would refill to three more: nine)."""
    server = burst.Server(tmp_path / "voila.log", "--classroom", "--students", "3", "--pages", "loco",
                          "--refill-delay", "0", "--cull-idle", "120")
    kept: list = []
    try:
        server.wait_pool(3, timeout=300)

        async def arrive():
            try:
                for _ in range(6):  # one after the other: each refill has its chance to start
                    await burst.burst(server.base, 1, 120, keep=kept)
                await asyncio.sleep(4)  # any refill that were to start has started
                return server.kernels()  # (the six pages still open)
            finally:
                for v in kept:
                    v.close()

        kernels = burst.run_async(arrive())
        assert {v.kernel_id for v in kept} <= {k["id"] for k in kernels}
        assert len(kernels) == 6, [(k["id"], k["connections"]) for k in kernels]
        assert "Not refilling the pool of loco.ipynb" in server.text()
    finally:
        server.stop()
