"""The shared classroom server: ``chililab dashboards --classroom`` under a class-sized load.

Measures, prints (``pytest -s``) and writes to ``artifacts/classroom.json``:
time to first render cold (a server without pre-heated kernels) and warm (a
kernel from the pool), ten visitors opening the pre-heated pages at once (the games' dashboards,
Loco, Mafia and All You Can Chili, and the explorers: probability for each game and game balance,
in turn; how many
rendered, how long each took, measured in each page from the start of its
navigation, and when its cells first appeared), memory per session (RSS and
USS of every kernel), the server-side CPU the crowd cost (its kernels and the
Voila process; the ten browsers share the same 2 cores, which is most of the
wait here and none of it on a real class's own machines), and how long the
pool takes to fill. Timings are reported, not asserted (they depend on the
machine); every page must render within a bounded time.

Also checks that a visitor cannot run code: an ``execute_request`` sent over the
page's own kernel websocket is refused (and a ``kernel_info_request`` sent the
same way is answered, so the channel itself works), and no notebook source is
served.
"""
from __future__ import annotations

import http.client
import json
import re
import statistics
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from chililab.serve import DEFAULT_CULL_IDLE, pooled_pages

from .conftest import ARTIFACTS, RENDER_PROBE, cpu_s, http_get, memory_mb, start_server, wait_rendered

pytestmark = pytest.mark.browser

SESSIONS = 10
PAGES = pooled_pages()  # the crowd's visitors open these in turn (the games' dashboards, the explorers)
POOL = -(-SESSIONS // len(PAGES))  # pre-heated kernels per pooled page: enough for the crowd's visitors of one page
CROWD_TIMEOUT_S = 300  # every one of the ten pages must render within this (bounded test)
SOURCE_SNIPPETS = ("bots_until", "import ipywidgets", "def on_deal")

# keep a handle on every WebSocket the page opens (to use the page's own kernel connection)
SOCKET_SPY = """(() => { const O = window.WebSocket; window.__sockets = [];
  class Spy extends O { constructor(...a) { super(...a); window.__sockets.push(this); } }
  window.WebSocket = Spy; })();"""

# Send messages over the page's kernel websocket in the v1 binary protocol it negotiated
# (jupyter_server: offsets table, then channel, header, parent_header, metadata, content).
PROBE_JS = """async ({marker}) => {
  const ws = (window.__sockets || []).find(s => s.url.includes('/channels') && s.readyState === 1);
  if (!ws) return {error: 'no open kernel websocket in the page'};
  const enc = new TextEncoder(), dec = new TextDecoder();
  const v1 = ws.protocol === 'v1.kernel.websocket.jupyter.org';
  const pack = (channel, header, content) => {
    const msg = {header, parent_header: {}, metadata: {}, content};
    if (!v1) return JSON.stringify({...msg, channel, buffers: []});
    const parts = [channel, JSON.stringify(header), '{}', '{}', JSON.stringify(content)].map(p => enc.encode(p));
    const n = parts.length + 1;
    const offsets = [8 * (1 + n)];
    for (const p of parts) offsets.push(offsets[offsets.length - 1] + p.length);
    const buf = new ArrayBuffer(offsets[offsets.length - 1]);
    const dv = new DataView(buf);
    dv.setBigUint64(0, BigInt(n), true);
    offsets.forEach((o, i) => dv.setBigUint64(8 * (i + 1), BigInt(o), true));
    parts.forEach((p, i) => new Uint8Array(buf).set(p, offsets[i]));
    return buf;
  };
  const unpack = (data) => {
    if (typeof data === 'string') { const m = JSON.parse(data); return [m.msg_type || m.header.msg_type, m.parent_header.msg_id]; }
    const dv = new DataView(data);
    const n = Number(dv.getBigUint64(0, true));
    const offs = [];
    for (let i = 0; i < n; i++) offs.push(Number(dv.getBigUint64(8 * (i + 1), true)));
    const part = (i) => dec.decode(new Uint8Array(data, offs[i], offs[i + 1] - offs[i]));
    return [JSON.parse(part(1)).msg_type, JSON.parse(part(2)).msg_id || null];
  };
  const header = (type) => ({msg_id: type + '-' + Math.random().toString(36).slice(2), msg_type: type,
                             session: 'probe', username: 'probe', date: new Date().toISOString(), version: '5.3'});
  const seen = [];
  const listen = (e) => { try { seen.push(unpack(e.data)); } catch (err) { seen.push(['unparsed', null]); } };
  ws.addEventListener('message', listen);
  const exec = header('execute_request'), info = header('kernel_info_request');
  ws.send(pack('shell', exec, {code: `open(${JSON.stringify(marker)}, 'w').write('pwned')`, silent: false,
                               store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true}));
  ws.send(pack('shell', info, {}));
  await new Promise(r => setTimeout(r, 5000));
  ws.removeEventListener('message', listen);
  return {protocol: ws.protocol, exec: exec.msg_id, info: info.msg_id, seen};
}"""


@pytest.fixture(scope="module")
def results(artifacts):
    data = {"sessions": SESSIONS, "pool": POOL}
    yield data
    out = artifacts / "classroom.json"
    out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"\nclassroom measurements -> {out}\n{json.dumps(data, indent=2, sort_keys=True)}")


def _open(browser, url, spy=False):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.add_init_script(RENDER_PROBE)
    if spy:
        ctx.add_init_script(SOCKET_SPY)
    page = ctx.new_page()
    page.goto(url, wait_until="commit")
    return ctx, page


def _wait_rendered(page, server, what: str) -> None:
    """wait_rendered, and on a timeout a failure that says what the server was doing."""
    try:
        wait_rendered(page)
    except Exception as e:  # noqa: BLE001 - playwright's TimeoutError; re-raised with the server's side
        shot = ARTIFACTS / f"classroom-{what}-timeout.png"
        try:
            page.screenshot(path=str(shot))
        except Exception:  # noqa: BLE001, S110 - the screenshot is a bonus
            pass
        log = server.log_text().splitlines()
        raise AssertionError(f"{what}: the dashboard did not render ({type(e).__name__}); "
                             f"{len(server.kernel_pids())} kernels, busy: {server.kernels_cpu_s():.0f} CPU s; "
                             f"screenshot {shot}; last server log lines:\n" + "\n".join(log[-40:])) from e


def _act(page) -> str:
    """Use the page as a visitor would (a game: click a move; an explorer: simulate 10 more samples, or
    play 10 more games of each option set); return the JavaScript condition that holds once the kernel
    has answered."""
    if page.locator(".chili-explorer").count():
        page.locator(".chili-more-10").click()
        return "() => /^10 (samples|games)/.test(document.querySelector('.chili-sim-status').innerText)"
    before = page.locator(".chili-log .chili-ev").count()
    page.locator(".chili-move").first.click()
    return f"() => document.querySelectorAll('.chili-log .chili-ev').length > {before}"


def _rendered_ms(page):
    return page.evaluate("() => window.__chili && window.__chili.rendered ? window.__chili.rendered : null")


def _kernel_memory(server, connected=None) -> list[dict]:
    """Memory of the server's kernels (connected=True: only those with an open page)."""
    out = []
    for k in server.kernels():
        if connected is not None and bool(k["connections"]) != connected:
            continue
        try:
            out.append(memory_mb(k["pid"]))
        except Exception:  # noqa: BLE001, S112 - a kernel that just ended
            continue
    return out


def _summary(values, digits=1):
    return {"n": len(values), "mean": round(statistics.mean(values), digits), "min": round(min(values), digits),
            "max": round(max(values), digits)} if values else {"n": 0}


def test_cold_first_render(browser, tmp_path_factory, results):
    """A server without pre-heated kernels: the visitor waits for a kernel start and the notebook run."""
    server = start_server(tmp_path_factory.mktemp("voila-cold"))
    try:
        ctx, page = _open(browser, server.url())
        try:
            _wait_rendered(page, server, "cold")
            results["cold_render_s"] = round(_rendered_ms(page) / 1000, 2)
            mem = _kernel_memory(server)
            results["cold_kernel_mb"] = {k: round(mem[0][k], 1) for k in ("rss", "uss")} if mem else None
        finally:
            ctx.close()
    finally:
        server.stop()
    print(f"\ncold first render: {results['cold_render_s']} s")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory, results):
    t0 = time.monotonic()
    # --pool is the total, shared by the pages: POOL for each
    server = start_server(tmp_path_factory.mktemp("voila-classroom"), "--classroom", "--pool", str(POOL * len(PAGES)))
    try:
        for name in PAGES:
            server.wait_log(f"Kernel pool of {name} is filled", timeout=240)
        server.wait_quiet()  # the pool's kernels have run the dashboard: a visitor gets a ready page
        results["pool_ready_s"] = round(time.monotonic() - t0, 1)
        results["kernels_at_start"] = len(server.kernel_pids())
        yield server
    finally:
        server.stop()


def test_classroom_settings_are_applied(classroom, results):
    log = classroom.log_text()
    assert f"Culling kernels with idle durations > {DEFAULT_CULL_IDLE} seconds" in log
    assert {"loco.ipynb", "mafia.ipynb", "aycc.ipynb", "aycc_explorer.ipynb", "loco_explorer.ipynb",
            "mafia_explorer.ipynb", "balance_explorer.ipynb"} <= set(PAGES)
    for name in PAGES:
        assert f"Kernel pool of {name} is filled with {POOL} kernel(s)" in log
    assert "Kernel pool of index.ipynb" not in log  # the landing page is not pre-heated
    assert results["kernels_at_start"] == POOL * len(PAGES)


def test_warm_first_render(browser, classroom, results):
    ctx, page = _open(browser, classroom.url())
    try:
        _wait_rendered(page, classroom, "warm")
        results["warm_render_s"] = round(_rendered_ms(page) / 1000, 2)
        assert "Using pre-heated kernel" in classroom.log_text()
    finally:
        ctx.close()
    # the pool refills the kernel just handed out before the crowd arrives
    classroom.wait_log("Kernel pool of loco.ipynb is filled", count=2, timeout=120)
    classroom.wait_quiet()
    print(f"\nwarm first render: {results['warm_render_s']} s")


def test_a_visitor_cannot_run_code(browser, classroom, results):
    marker = Path(f"/tmp/chililab-pwned-{uuid.uuid4().hex}")
    ctx, page = _open(browser, classroom.url(), spy=True)
    try:
        _wait_rendered(page, classroom, "visitor")
        out = page.evaluate(PROBE_JS, {"marker": str(marker)})
        assert "error" not in out, out
        kinds = {}
        for kind, parent in out["seen"]:
            kinds.setdefault(parent, set()).add(kind)
        assert "kernel_info_reply" in kinds.get(out["info"], ()), f"the channel itself did not answer: {out}"
        assert out["exec"] not in kinds, f"the kernel reacted to execute_request: {out['seen']}"
        time.sleep(1)
        assert not marker.exists(), "code sent from the page ran in the kernel"
        assert 'Received message of type "execute_request", which is not allowed' in classroom.log_text()
        # the page still works after the attempt
        before = page.locator(".chili-log .chili-ev").count()
        page.locator(".chili-move").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('.chili-log .chili-ev').length > {before}",
                               timeout=60_000)
        results["execute_request"] = f"refused (protocol {out['protocol']}); kernel_info_request answered"
    finally:
        ctx.close()
        marker.unlink(missing_ok=True)


def test_sources_are_not_served(classroom):
    status, body = http_get(classroom.base + "voila/files/loco.ipynb")
    assert status in (403, 404), status
    status, body = http_get(classroom.base + "voila/api/contents/loco.ipynb")
    assert not any(s in body for s in SOURCE_SNIPPETS)
    assert status == 404, status
    # no listing of the folder (issue 23 item 5: names, dates, sizes, "writable"); its tree pages lead to the
    # landing page
    for path in ("voila/api/contents", "voila/api/contents/", "voila/api/contents/dashboards"):
        status, body = http_get(classroom.base + path)
        assert status == 404 and "loco.ipynb" not in body, (path, status, body[:200])
    for path in ("", "voila/", "voila/tree", "voila/tree/"):
        where = urlsplit(classroom.base + path)
        conn = http.client.HTTPConnection(where.netloc, timeout=30)  # not followed: the landing page starts a kernel
        conn.request("GET", where.path or "/")
        r = conn.getresponse()
        assert r.status in (301, 302) and r.getheader("Location", "").endswith("voila/render/index.ipynb"), (
            path, r.status, r.getheader("Location"))
        conn.close()
    status, body = http_get(classroom.url("loco.ipynb"))
    assert status == 200
    assert not any(s in body for s in SOURCE_SNIPPETS)
    assert re.search(r'"kernelId"', body)  # it is the dashboard page, without its code


def test_ten_visitors_at_once(browser, classroom, results, artifacts):
    """Runs last in the module: ten kernels stay connected afterwards while the pool refills
    ten more, which would slow any later visitor on a small machine."""
    # the pool refills the kernel the visitor test took before the crowd arrives
    classroom.wait_log("Kernel pool of loco.ipynb is filled", count=3, timeout=180)
    classroom.wait_quiet()
    idle = _kernel_memory(classroom, connected=False)
    results["pool_kernel_mb"] = {k: _summary([m[k] for m in idle]) for k in ("rss", "uss")}
    # server-side CPU of the crowd: the Voila process and the kernels the pages get (the browsers
    # share these 2 cores in the test; in a classroom they run on the students' machines)
    cpu0 = {k["pid"]: cpu_s(k["pid"]) for k in classroom.kernels()}
    voila_cpu0 = cpu_s(classroom.voila_pid())
    pages = []
    t0 = time.monotonic()
    try:
        for i in range(SESSIONS):
            pages.append(_open(browser, classroom.url(PAGES[i % len(PAGES)])))
        done: dict[int, float] = {}
        while len(done) < SESSIONS and time.monotonic() - t0 < CROWD_TIMEOUT_S:
            for i, (_, page) in enumerate(pages):
                if i not in done:
                    ms = _rendered_ms(page)
                    if ms is not None:
                        done[i] = ms / 1000
            time.sleep(0.5)
        times = [round(done[i], 2) for i in sorted(done)]
        session_cpu = [cpu_s(k["pid"]) - cpu0[k["pid"]] for k in classroom.kernels()
                       if k["connections"] and k["pid"] in cpu0]
        voila_cpu = cpu_s(classroom.voila_pid()) - voila_cpu0
        # when the page's cells first appeared (the server's answer), before the widgets drew
        firsts = [page.evaluate("() => window.__chili && window.__chili.html ? window.__chili.html : null")
                  for _, page in pages]
        firsts = [round(ms / 1000, 2) for ms in firsts if ms is not None]
        results["crowd"] = {"rendered": len(done), "of": SESSIONS, "render_s": times,
                            "pages": [PAGES[i % len(PAGES)] for i in sorted(done)],
                            "first_cells_s": firsts, "first_cells_summary_s": _summary(firsts),
                            "kernel_cpu_s_per_session": _summary(session_cpu, 2),
                            "voila_server_cpu_s": round(voila_cpu, 2),
                            "summary_s": _summary(times), "wall_s": round(time.monotonic() - t0, 1)}
        # every page works, not only shows: one move each (an explorer: one more simulation)
        worked = [_act(page) for _, page in pages[:len(PAGES)]]
        for (_, page), answered in zip(pages, worked):
            page.wait_for_function(answered, timeout=120_000)
        time.sleep(2)
        results["kernels_after_crowd"] = len(classroom.kernel_pids())
        mem = _kernel_memory(classroom, connected=True)
        results["session_kernel_mb"] = {k: _summary([m[k] for m in mem]) for k in ("rss", "uss")}
        results["voila_server_mb"] = round(memory_mb(classroom.voila_pid())["rss"], 1)
        results["cli_wrapper_mb"] = round(memory_mb(classroom.proc.pid)["rss"], 1)
        missing = [i for i in range(SESSIONS) if i not in done]
        for i in missing:
            pages[i][1].screenshot(path=str(artifacts / f"classroom-stalled-{i}.png"))
        assert not missing, f"{len(missing)} of {SESSIONS} pages did not render within {CROWD_TIMEOUT_S} s"
    finally:
        for ctx, _ in pages:
            ctx.close()
    print(f"\n{results['crowd']['rendered']}/{SESSIONS} rendered; seconds each: {results['crowd']['render_s']}")
