"""Kernels forked from the template process (chililab.forked_kernels): real kernels, started by jupyter_client's
own kernel manager with the provisioner the dashboards' server names, compared with plain ones in the same test."""
from __future__ import annotations

import asyncio
import os
import sys
import uuid
from pathlib import Path

import pytest

pytest.importorskip("ipykernel")
pytest.importorskip("voila")

from jupyter_client.manager import AsyncKernelManager  # noqa: E402
from jupyter_client.provisioning import KernelProvisionerFactory  # noqa: E402

from chililab import forked_kernels  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forkserver kernels: Linux")


@pytest.fixture(autouse=True)
def _provisioner_restored():
    """These tests pick the provisioner on jupyter_client's one factory: put its default back for the kernels
    the next tests of this process start (nbval's notebooks)."""
    factory = KernelProvisionerFactory.instance()
    before = factory.default_provisioner_name
    yield
    factory.default_provisioner_name = before


def _run_async(coro):
    """``asyncio.run`` in a thread of its own: works where this thread already runs an event loop (a pytest
    worker that has driven Playwright)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _private_mb(pid: int) -> float:
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        fields[key] = int(value.split()[0]) / 1024
    return fields["Private_Clean"] + fields["Private_Dirty"]


async def _run(code: str, provisioner: str, tmp_path: Path, env: dict | None = None):
    """Start a kernel with ``provisioner``, run ``code``, return (stdout, manager, client) still running."""
    KernelProvisionerFactory.instance().default_provisioner_name = provisioner
    # IPC sockets at an absolute path: the kernel runs in another folder (a relative one would be its own)
    # and a connection file named as the dashboards' server names them (kernel-<id>.json)
    km = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=str(tmp_path / f"{provisioner}-ipc"),
                            connection_file=str(tmp_path / f"kernel-{uuid.uuid4()}.json"))
    await km.start_kernel(cwd=str(tmp_path), env={**os.environ, **(env or {})})
    kc = km.client()
    kc.start_channels()
    await kc.wait_for_ready(timeout=60)
    out: list[str] = []

    def hook(msg):
        if msg["header"]["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        elif msg["header"]["msg_type"] == "error":
            out.append("ERROR " + msg["content"]["ename"] + ": " + msg["content"]["evalue"])

    await kc.execute_interactive(code, timeout=60, output_hook=hook)
    return "".join(out), km, kc


async def _stop(km, kc):
    kc.stop_channels()
    await km.shutdown_kernel(now=True)


PROBE = """
import os, sys, comm
print("pid", os.getpid(), "group", os.getpgid(0))
print("cwd", os.getcwd())
print("env", os.environ.get("CHILILAB_PROBE"))
print("voila imported", "voila" in sys.modules)
print("widget targets", sorted(t for t in comm.get_comm_manager().targets if t.startswith("jupyter.widget")))
formatters = get_ipython().display_formatter.formatters.values()
print("card pictures", any(m.startswith("chililab") for f in formatters for m, _ in getattr(f, "deferred_printers", {})))
"""


def test_a_forked_kernel_is_a_whole_kernel(tmp_path):
    async def scenario():
        out, km, kc = await _run(PROBE, "chililab-forked", tmp_path, {"CHILILAB_PROBE": "from the server"})
        try:
            assert type(km.provisioner).__name__ == "ForkedKernelProvisioner"
            pid = km.provisioner.pid
            # a fork of the template, not of this process: its parent is the template
            assert int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) != os.getpid()
            assert f"pid {pid} group {pid}" in out  # its own process group: signals reach it alone
            assert f"cwd {tmp_path}" in out and "env from the server" in out
            assert "voila imported False" in out  # the server's modules are not imported into the kernel
            assert "widget targets ['jupyter.widget', 'jupyter.widget.control']" in out
            assert "card pictures True" in out  # chililab's display hooks, registered in the kernel
            # the template (started by this process) forked it; its open connection file names it
            kernel_id = forked_kernels.KERNEL_FILE.search(km.connection_file).group(1)
            assert (pid, kernel_id) in forked_kernels.kernel_processes(os.getpid())
            # an interrupt stops a long cell, and the kernel goes on
            task = asyncio.ensure_future(kc.execute_interactive("import time; time.sleep(30)", timeout=60,
                                                                output_hook=lambda m: None))
            await asyncio.sleep(1.0)
            await km.interrupt_kernel()
            reply = await asyncio.wait_for(task, 20)
            assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
            again = await kc.execute_interactive("1 + 1", timeout=30, output_hook=lambda m: None)
            assert again["content"]["status"] == "ok"
        finally:
            await _stop(km, kc)
        assert not await km.is_alive()
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]

    _run_async(scenario())


def test_a_forked_kernel_plays_a_dashboard_in_less_memory_than_a_plain_one(tmp_path):
    code = "from chililab.games.loco.apps import dashboard\nw = dashboard.app()\nprint('ok')"

    async def scenario():
        got = {}
        for provisioner in ("local-provisioner", "chililab-forked"):
            out, km, kc = await _run(code, provisioner, tmp_path)
            try:
                assert out.strip() == "ok", out
                got[provisioner] = _private_mb(km.provisioner.pid)
            finally:
                await _stop(km, kc)
        return got

    got = _run_async(scenario())
    print(f"\nprivate memory of a kernel with Loco's dashboard: {got}")
    # the template's imports stay shared: a forked kernel's own memory is a clear part smaller
    assert got["chililab-forked"] < 0.8 * got["local-provisioner"], got


def test_only_this_interpreters_ipykernel_is_forked():
    py = sys.executable
    assert forked_kernels.forkable([py, "-m", "ipykernel_launcher", "-f", "/x/kernel-1.json"]) == ["-f", "/x/kernel-1.json"]
    assert forked_kernels.forkable(["/usr/bin/R", "--slave", "-e", "IRkernel::main()"]) is None
    assert forked_kernels.forkable(["/some/other/python", "-m", "ipykernel_launcher", "-f", "k.json"]) is None
    assert forked_kernels.forkable([py, "-m", "other_kernel", "-f", "k.json"]) is None


def test_kernels_end_with_a_server_killed_outright(tmp_path):
    """SIGKILL leaves the server no time to shut its kernels down: the template process sees its server gone,
    and each kernel its template gone (as a plain kernel watches its server)."""
    import subprocess
    import time

    script = tmp_path / "server.py"
    script.write_text(
        "import asyncio, os, sys\n"
        "from jupyter_client.manager import AsyncKernelManager\n"
        "from jupyter_client.provisioning import KernelProvisionerFactory\n"
        "async def main():\n"
        "    KernelProvisionerFactory.instance().default_provisioner_name = 'chililab-forked'\n"
        "    kms = []\n"
        "    for i in range(2):\n"
        f"        km = AsyncKernelManager(kernel_name='python3', transport='ipc', ip=r'{tmp_path}/k%d' % i)\n"
        "        await km.start_kernel()\n"
        "        kms.append(km)\n"
        "    print(' '.join(str(km.provisioner.pid) for km in kms), flush=True)\n"
        "    await asyncio.sleep(600)\n"
        "asyncio.run(main())\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2
        template = {int(Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[1]) for p in pids}
        everyone = pids + list(template)
        assert all(Path(f"/proc/{p}").exists() for p in everyone)
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(p) for p in everyone):
            time.sleep(0.2)
        assert not [p for p in everyone if _alive(p)], "a kernel or the template outlived its server"
    finally:
        if proc.poll() is None:
            proc.kill()


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
