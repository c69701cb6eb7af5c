"""``chililab dashboards`` (chililab/serve.py) and the classroom kernel manager (chililab/classroom.py).

Fast checks of the command it builds and its readable errors, plus one real
Voila server on tiny notebooks showing that a pre-heated kernel handed out
after a long wait is not culled before its page connects (and is culled
later, like a closed tab's), with the plain kernel manager as the control.
"""
from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

from chililab import cli, serve
from chililab.engine import registry

ROOT = Path(__file__).resolve().parents[1]


def test_plain_command_serves_the_folder_with_sources_stripped():
    cmd = serve.voila_command(ROOT / "dashboards", port=9999, ip="127.0.0.1")
    assert cmd[:4] == [sys.executable, "-m", "chililab.voila_app", str(ROOT / "dashboards")]
    assert "--strip_sources=True" in cmd and "--show_tracebacks=False" in cmd
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=9999" in cmd and "--Voila.port_retries=0" in cmd
    assert not any("preheat" in c or "pool" in c for c in cmd)
    # a plain server cleans up too: kernels of closed tabs are culled, open pages never (issue 8 item 7)
    assert f"--MappingKernelManager.cull_idle_timeout={serve.DEFAULT_CULL_IDLE}" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert "--VoilaConfiguration.multi_kernel_manager_class=chililab.classroom.ClassroomKernelManager" in cmd
    assert "--KernelManager.transport=ipc" in cmd  # no TCP port to collide on when many kernels start


def test_a_short_cull_timeout_is_checked_often():
    cmd = serve.voila_command(ROOT / "dashboards", cull_idle=8)
    assert "--MappingKernelManager.cull_idle_timeout=8" in cmd and "--MappingKernelManager.cull_interval=2" in cmd


def test_classroom_command_preheats_and_culls():
    cmd = serve.voila_command(ROOT / "dashboards", classroom=True, pool=12, cull_idle=3600, cull_interval=60)
    pages = serve.pooled_pages()
    assert "--preheat_kernel=True" in cmd and f"--pool_size={-(-12 // len(pages))}" in cmd
    # 12 kernels in all, shared by the pooled pages (issue 23 item 3: not 12 for each of them)
    sizes = [c.split("=", 1)[1] for c in cmd if c.startswith("--ClassroomKernelManager.pool_sizes=")]
    assert sum(int(x.rsplit("=", 1)[1]) for x in sizes) == 12
    assert {x.rsplit("=", 1)[0] for x in sizes} == set(pages[:12])
    assert "--ClassroomKernelManager.kernel_cap=0" in cmd  # no class size given: no cap
    assert "--KernelProvisionerFactory.default_provisioner_name=chililab-forked" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=3600" in cmd
    assert "--MappingKernelManager.cull_interval=60" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert "--VoilaConfiguration.multi_kernel_manager_class=chililab.classroom.ClassroomKernelManager" in cmd
    assert [c for c in cmd if c.startswith("--VoilaKernelManager.preheat_denylist")] == [
        f"--VoilaKernelManager.preheat_denylist={n}"
        for n in ("index.ipynb", "class_teacher.ipynb", "exercises.ipynb", "table.ipynb")]
    assert "--strip_sources=True" in cmd
    # a closed page's kernel goes within minutes (issue 23 item 5: 48 closed pages kept for half an hour held
    # 3.2 GB), still far above a kernel's start
    assert 180 <= serve.DEFAULT_CULL_IDLE <= 300


def test_extra_voila_arguments_replace_ours():
    cmd = serve.voila_command(ROOT / "dashboards", classroom=True,
                              extra=["--MappingKernelManager.cull_interval=5", "--theme=dark"])
    assert [c for c in cmd if c.startswith("--MappingKernelManager.cull_interval")] == [
        "--MappingKernelManager.cull_interval=5"]
    assert cmd[-1] == "--theme=dark"


@pytest.mark.parametrize("args,needle", [
    (["--voila-arg=--Voila.ip=0.0.0.0"], "use chililab's --ip"),
    (["--voila-arg=--port=9"], "use chililab's --port"),
    (["--voila-arg=--nope"], "Voila has no option 'nope'"),
    (["--voila-arg=/etc"], "give one Voila option"),
    (["--ip", "0.0.0.0"], "add --lan"),
    (["--ip", "::"], "add --lan"),
])
def test_the_address_printed_is_the_one_served_and_a_bad_voila_arg_is_one_line(args, needle, capsys):
    """Issue 23 item 4: Voila's address set behind chililab's back, Voila's usage dumped for an unknown option,
    the network without asking: each a one-line refusal, exit 2, before any server starts."""
    assert cli.main(["dashboards", "--print-command", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and needle in err, (out, err)


def test_the_network_when_asked_for_and_a_known_voila_option_pass(capsys):
    assert cli.main(["dashboards", "--print-command", "--ip", "0.0.0.0", "--lan", "--voila-arg=--theme=dark",
                     "--voila-arg=--MappingKernelManager.cull_interval=5"]) == 0
    out = capsys.readouterr().out
    assert "--Voila.ip=0.0.0.0" in out and "--theme=dark" in out


def test_addresses_name_both_dashboards():
    urls = serve.urls(8866, "127.0.0.1")
    assert urls.items() >= {"index.ipynb": "http://127.0.0.1:8866/voila/render/index.ipynb",
                    "loco.ipynb": "http://127.0.0.1:8866/voila/render/loco.ipynb",
                    "mafia.ipynb": "http://127.0.0.1:8866/voila/render/mafia.ipynb",
                    "aycc.ipynb": "http://127.0.0.1:8866/voila/render/aycc.ipynb",
                    "aycc_explorer.ipynb": "http://127.0.0.1:8866/voila/render/aycc_explorer.ipynb",
                    "loco_explorer.ipynb": "http://127.0.0.1:8866/voila/render/loco_explorer.ipynb",
                    "mafia_explorer.ipynb": "http://127.0.0.1:8866/voila/render/mafia_explorer.ipynb",
                    "balance_explorer.ipynb": "http://127.0.0.1:8866/voila/render/balance_explorer.ipynb"}.items()
    assert list(urls) == serve.dashboard_names()  # every page (a plug-in game's too), the landing page first
    assert serve.urls(8000, "0.0.0.0")["loco.ipynb"] == "http://127.0.0.1:8000/voila/render/loco.ipynb"


def test_dashboards_are_discovered_in_the_folder_landing_page_first(tmp_path):
    for name in ("zoo.ipynb", "index.ipynb", "loco.ipynb", "notes.txt"):
        (tmp_path / name).write_text("{}")
    assert serve.dashboard_names(tmp_path) == ["index.ipynb", "loco.ipynb", "zoo.ipynb"]
    assert serve.dashboard_names() == ["index.ipynb"] + serve.pooled_pages()
    games = [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]
    own = [e.page for s in registry.specs() for e in s.explorers]
    assert len(games) >= 3 and len(own) >= 3  # the built-in games and their explorers
    assert serve.pooled_pages() == games + own + ["balance_explorer.ipynb"]
    assert serve.pooled_pages()[:len(serve.game_pages())] == serve.game_pages()
    assert list(serve.urls(8866, "127.0.0.1", tmp_path)) == ["index.ipynb", "loco.ipynb", "zoo.ipynb"]
    # only registered games' pages and the explorers are pre-heated; the others start their kernel on demand
    cmd = serve.voila_command(tmp_path, classroom=True)
    assert [c for c in cmd if c.startswith("--VoilaKernelManager.preheat_denylist")] == [
        "--VoilaKernelManager.preheat_denylist=index.ipynb", "--VoilaKernelManager.preheat_denylist=zoo.ipynb"]


def test_finds_the_checkout_dashboards_from_anywhere(tmp_path):
    assert serve.find_dashboards(cwd=tmp_path) == (ROOT / "dashboards").resolve()
    assert serve.find_dashboards(ROOT / "dashboards") == (ROOT / "dashboards").resolve()
    with pytest.raises(serve.ServeError, match="no dashboards found"):
        serve.find_dashboards(tmp_path)


@pytest.mark.parametrize("kw, needle", [
    ({"port": 0}, "--port must be from 1 to 65535"),
    ({"pool": -1}, "--pool must be from 0 to 500"),
    ({"cull_idle": 4}, "--cull-idle must be 0 (never cull) or at least 5"),
    ({"cull_interval": 0}, "--cull-interval must be at least 1"),
    ({"refill_delay": -1}, "--refill-delay must be from 0 to 600"),
])
def test_bad_settings_are_explained(kw, needle):
    args = {"port": 8866, "ip": "127.0.0.1", "pool": 4, "cull_idle": 1800, "cull_interval": 120, **kw}
    with pytest.raises(serve.ServeError) as e:
        serve.check_settings(**args)
    assert needle in str(e.value)


def test_a_taken_port_is_explained():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(serve.ServeError, match="Choose another --port"):
            serve.check_settings(port, "127.0.0.1", 4, 1800, 120)


def test_cli_dashboards_subcommand(capsys, tmp_path):
    assert cli.main(["dashboards", "--classroom", "--pool", "3", "--print-command"]) == 0
    out = capsys.readouterr().out
    assert "-m chililab.voila_app" in out and "--pool_size=1" in out and "dashboards" in out
    assert cli.main(["dashboards", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no dashboards found" in err and "Traceback" not in err
    assert cli.main(["dashboards", "--pool", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err


def test_a_pool_is_shared_by_the_pages_the_class_opens():
    assert serve.pool_plan(7, ["a", "b", "c"]) == {"a": 3, "b": 2, "c": 2}
    assert serve.pool_plan(2, ["a", "b", "c"]) == {"a": 1, "b": 1, "c": 0}
    assert serve.pool_plan(5, []) == {}
    assert serve.choose_pages("loco, loco_explorer.ipynb,loco") == ["loco.ipynb", "loco_explorer.ipynb"]
    assert serve.choose_pages(None) == serve.pooled_pages()
    with pytest.raises(serve.ServeError, match="no page 'nope' to pre-heat"):
        serve.choose_pages("loco,nope")
    cmd = serve.voila_command(ROOT / "dashboards", classroom=True, pool=30, pages=["loco.ipynb"], students=30)
    assert "--ClassroomKernelManager.pool_sizes=loco.ipynb=30" in cmd
    assert "--ClassroomKernelManager.kernel_cap=33" in cmd  # the class and a tenth spare
    assert "--VoilaKernelManager.preheat_denylist=mafia.ipynb" in cmd  # a page the class does not open


def test_the_pool_is_sized_to_the_memory_and_the_class():
    free = 23_000.0  # MB, this machine's
    fits = int((free - serve.SERVER_MB) // serve.KERNEL_MB)
    with pytest.raises(serve.ServeError, match=r"--pool 300 needs about .* GB of memory but this machine has 22.5 GB"):
        serve.memory_plan(300, None, free)
    (line,) = serve.memory_plan(30, 30, free)
    assert f"holds about {fits} visitors' kernels at once" in line and "this class needs 33 (30 and 3 spares)" in line
    lines = serve.memory_plan(30, 400, free)
    assert lines[1].startswith("  WARNING: not enough memory for 400 students at once")
    assert serve.memory_plan(30, None, None) == []  # no /proc/meminfo: nothing to say
    assert serve.kernel_cap(30, None) == 0 and serve.kernel_cap(10, 5) == 10 and serve.kernel_cap(0, 60) == 66


@pytest.mark.parametrize("args, needle", [
    (["--pool", "501"], "--pool must be from 0 to 500 pre-heated kernels in all, not 501"),
    (["--students", "0"], "--students must be from 1 to 10000, not 0"),
    (["--pages", "loco,../etc"], "--pages: no page '../etc' to pre-heat"),
])
def test_bad_class_sizes_are_one_line(capsys, args, needle):
    assert cli.main(["dashboards", "--classroom", *args, "--print-command"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"chililab dashboards: {err.strip().split(': ', 1)[1]}" and needle in err
    assert len(err.strip().splitlines()) == 1


def test_students_size_the_pool(capsys):
    assert cli.main(["dashboards", "--classroom", "--students", "24", "--pages", "aycc", "--print-command"]) == 0
    out = capsys.readouterr().out
    assert "--ClassroomKernelManager.pool_sizes=aycc.ipynb=24" in out and "--ClassroomKernelManager.kernel_cap=26" in out


def test_dashboards_are_generated_and_have_no_outputs():
    """The committed notebooks are exactly what tools/make_dashboards.py writes (fixed ids, no outputs)."""
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "make_dashboards.py"), "--check"],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    for name in ("index.ipynb", "loco.ipynb"):
        nb = nbformat.read(ROOT / "dashboards" / name, as_version=4)
        nbformat.validate(nb)
        assert nb.metadata.kernelspec.name == "python3"
        for cell in nb.cells:
            assert cell.get("outputs", []) == [] and cell.get("execution_count") is None


# --------------------------------------------------------------------------- culling a handed-out kernel

def _tiny_dashboards(folder: Path) -> Path:
    for name in ("index", "loco"):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell("x = 1", id="c1")]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, folder / f"{name}.ipynb")
    return folder


def _get(url):
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""
    except (urllib.error.URLError, OSError):
        return None, ""


def _handout_then_poll(tmp_path, manager: str | None):
    """Pool of one kernel, cull timeout 4 s: let it age in the pool, hand it out without a page
    connecting, and report whether it is alive 2.5 s later and when it is culled."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    extra = ["--MappingKernelManager.cull_idle_timeout=4", "--MappingKernelManager.cull_interval=1"]
    if manager:
        extra.append(f"--VoilaConfiguration.multi_kernel_manager_class={manager}")
    cmd = serve.voila_command(_tiny_dashboards(tmp_path), port=port, classroom=True, pool=1, extra=extra,
                              refill_delay=600, pages=["loco.ipynb"])
    log = tmp_path / "voila.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while "Kernel pool of loco.ipynb is filled" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        time.sleep(7)  # the pool kernel is now idle for longer than the cull timeout (pool kernels are kept)
        status, html = _get(base + "voila/render/loco.ipynb")
        assert status == 200
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)
        time.sleep(2.5)  # two cull passes; no page has connected
        alive_after_handout = _get(f"{base}api/kernels/{kernel}")[0] == 200
        culled_after = None
        t0 = time.monotonic()
        while time.monotonic() - t0 < 20:
            if _get(f"{base}api/kernels/{kernel}")[0] == 404:
                culled_after = time.monotonic() - t0
                break
            time.sleep(0.5)
        return alive_after_handout, culled_after, log.read_text()
    finally:
        import os

        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.slow
def test_a_kernel_handed_out_after_a_long_wait_is_not_culled_before_its_page_connects(tmp_path):
    alive, culled_after, log = _handout_then_poll(tmp_path, manager=None)  # chililab's ClassroomKernelManager
    assert "idle clock restarted" in log
    assert alive, "the handed-out kernel was culled before its page could connect"
    assert culled_after is not None, "a kernel whose page never connected must still be culled later"


@pytest.mark.slow
def test_control_the_plain_kernel_manager_culls_it_at_once(tmp_path):
    alive, culled_after, log = _handout_then_poll(
        tmp_path, manager="jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager")
    # culled sooner than the 4 s idle timeout allows a kernel handed out just now: its pool wait
    # counted as idle time (on a loaded machine the cull pass may come a little after 2.5 s)
    assert not alive or (culled_after is not None and 2.5 + culled_after < 4.0), \
        "control: the plain manager should cull an aged pool kernel right after hand-out"
    assert "Culling" in log


def test_kernels_are_forked_only_where_the_install_declares_it(monkeypatch):
    assert serve.forked_kernels_declared()  # this install (pip install -e .) declares chililab-forked
    arg = "--KernelProvisionerFactory.default_provisioner_name=chililab-forked"
    assert arg in serve.voila_command(ROOT / "dashboards")
    # a checkout updated without reinstalling: jupyter_client would not find the provisioner and every kernel
    # start would fail, so the server starts plain kernels instead
    monkeypatch.setattr(serve, "forked_kernels_declared", lambda: False)
    assert not [c for c in serve.voila_command(ROOT / "dashboards") if "KernelProvisionerFactory" in c]


def test_a_class_size_means_a_classroom_server(capsys):
    assert cli.main(["dashboards", "--students", "12", "--print-command"]) == 0
    out = capsys.readouterr().out
    assert "--preheat_kernel=True" in out and "--ClassroomKernelManager.kernel_cap=14" in out
