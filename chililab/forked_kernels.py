"""Kernels forked from a template process that has already imported the dashboards' code.

A dashboard's kernel is a Python process that imports ipykernel, IPython, ipywidgets and the
game's code before it runs a single cell: most of its first seconds and most of its memory.
:class:`ForkedKernelProvisioner` (``--KernelProvisionerFactory.default_provisioner_name=chililab-forked``,
set by :mod:`chililab.serve`) starts each kernel as a fork of one template process instead,
a :mod:`multiprocessing` *forkserver* that imported all of that once (:mod:`chililab.kernel_preload`).
A kernel then starts in a fraction of the time, and the pages of memory it never writes stay
shared with the template (copy on write: ``gc.freeze`` in the template keeps the garbage
collector from touching them).

Everything else is a plain local kernel (:class:`jupyter_client.provisioning.LocalProvisioner`):
the same command line, connection file, environment and working folder, signals to the kernel's
own process group. A kernel command that is not this interpreter's ``ipykernel_launcher`` (another
kernelspec) is started the usual way. What differs: a forked kernel's command line is the template's
(:func:`kernel_processes` finds kernels either way), and every kernel shares the template's string hash
seed. Used by the dashboards' server; :func:`kernel_processes` also by the tests and benchmarks.
"""
from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import re
import signal
import sys
import threading
from multiprocessing import context as mp_context
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from pathlib import Path
from typing import Any

from jupyter_client.provisioning import LocalProvisioner

PRELOAD = "chililab.kernel_preload"
_lock = threading.Lock()
#: the template process: a forkserver of its own (multiprocessing's global one may already run with another
#: module list, e.g. Dask's workers' in the same process)
TEMPLATE = forkserver.ForkServer()


def start_template() -> None:
    """Start the template process now (it takes a second or two of imports), not at the first visitor."""
    with _lock:
        TEMPLATE.set_forkserver_preload([PRELOAD])
        TEMPLATE.ensure_running()


class _Popen(popen_forkserver.Popen):
    """The forkserver's Popen, without re-importing the server's ``__main__`` in the kernel.

    multiprocessing makes a child import its parent's main module (here Voila's command,
    ``chililab.voila_app``, and with it the whole server): a kernel needs none of it."""

    def _launch(self, process_obj):
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_name", None)
        prep_data.pop("init_main_from_path", None)
        buf = io.BytesIO()
        mp_context.set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            mp_context.set_spawning_popen(None)
        self.sentinel, w = TEMPLATE.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        parent_w = os.dup(w)  # the child's sentinel of this process, as multiprocessing keeps it
        self.finalizer = util.Finalize(self, util.close_fds, (parent_w, self.sentinel))  # type: ignore[attr-defined]
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class KernelProcess(mp_context.ForkServerProcess):
    """A kernel forked by the template process."""

    @staticmethod
    def _Popen(process_obj):
        return _Popen(process_obj)


def forkable(cmd: list[str]) -> list[str] | None:
    """The kernel's own arguments when ``cmd`` starts this interpreter's ipykernel, else None."""
    if len(cmd) < 3 or cmd[1:3] != ["-m", "ipykernel_launcher"]:
        return None
    try:
        same = Path(cmd[0]).resolve() == Path(sys.executable).resolve()  # (jupyter_client puts it for "python")
    except OSError:
        return None
    return list(cmd[3:]) if same else None


def _run_kernel(argv: list[str], env: dict[str, str], cwd: str | None) -> None:
    """In the forked child: become the kernel ``ipykernel_launcher argv`` would have started."""
    os.setsid()  # its own process group, as a kernel started by jupyter_client (signals reach it alone)
    # multiprocessing hands every forked child its forkserver's "keep alive" pipe (as the module's global
    # forkserver's, whichever served it): without it, the template ends
    # with the server, and this kernel with the template (its parent, watched below), even after a SIGKILL
    alive = getattr(forkserver._forkserver, "_forkserver_alive_fd", None)
    if alive is not None:
        os.close(alive)
        forkserver._forkserver._forkserver_alive_fd = None  # type: ignore[attr-defined]
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ.clear()
    os.environ.update(env)
    # the kernel ends when its parent (the template process, which ends with the server) does
    # (ipykernel read JPY_PARENT_PID when the template imported it: say it on the command line)
    argv = [*argv, f"--IPKernelApp.parent_handle={os.getppid()}"]
    if cwd:
        os.chdir(cwd)
    sys.argv = ["ipykernel_launcher", *argv]
    # its command line is the template's: keep the connection file open so that /proc tells which kernel
    # this process is (kernel_processes), as a kernel's own command line does
    global _connection_file
    _connection_file = _open_connection_file(argv)
    from ipykernel.kernelapp import IPKernelApp

    from chililab import kernel_preload

    app = IPKernelApp.instance()
    app.initialize(argv)
    kernel_preload.kernel_started()  # what the template's imports would have done inside a kernel
    app.start()


_connection_file = None
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def _open_connection_file(argv: list[str]):
    for i, a in enumerate(argv):
        path = argv[i + 1] if a == "-f" and i + 1 < len(argv) else (a[3:] if a.startswith("-f=") else None)
        if path:
            try:
                return open(path, "rb")  # noqa: SIM115 - kept open for the kernel's lifetime, on purpose
            except OSError:
                return None
    return None


def kernel_processes(root: int) -> list[tuple[int, str]]:
    """(pid, kernel id) of every kernel under process ``root``, started the usual way (its command line
    names its connection file) or forked from the template (it holds that file open). Linux (/proc)."""
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(d.name))
    out, todo = [], list(children.get(root, []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        kid = _kernel_id(pid)
        if kid:
            out.append((pid, kid))
    return out


def _kernel_id(pid: int) -> str | None:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        if "ipykernel" in cmd and (m := KERNEL_FILE.search(cmd)):
            return m.group(1)
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            if m := KERNEL_FILE.search(os.readlink(fd)):
                return m.group(1)
    except OSError:
        return None
    return None


class ForkedProcess:
    """What LocalProvisioner needs of a ``Popen``, for a kernel forked by the template process."""

    stdin = stdout = stderr = None

    def __init__(self, process):
        self._p = process
        self.pid = process.pid

    @property
    def returncode(self) -> int | None:
        code = self._p.exitcode
        return None if code is None else (code if code >= 0 else code)  # a signal: negative, as Popen's

    def poll(self) -> int | None:
        return self._p.exitcode

    def wait(self, timeout: float | None = None) -> int | None:
        self._p.join(timeout)
        return self._p.exitcode

    def send_signal(self, signum: int) -> None:
        if self._p.exitcode is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkedKernelProvisioner(LocalProvisioner):
    """A local kernel forked from the template process (see the module's docstring)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any):
        argv = forkable(cmd)
        if argv is None:
            return await super().launch_kernel(cmd, **kwargs)
        # plain strings: Voila's keys are members of a str enum, and unpickling them would import Voila in the kernel
        env = {str.__str__(k): str.__str__(v) for k, v in (kwargs.get("env") or os.environ).items()}
        cwd = kwargs.get("cwd")
        process = KernelProcess(target=_run_kernel, args=(argv, env, str(cwd) if cwd else None), daemon=False)
        loop = asyncio.get_running_loop()
        # starting the template (first time only) and asking it to fork: off the server's loop
        await loop.run_in_executor(None, start_template)
        await loop.run_in_executor(None, process.start)
        # not joined when the server exits (Jupyter shuts its kernels down; a kernel also ends with its parent)
        multiprocessing.process._children.discard(process)  # type: ignore[attr-defined]
        self.process = ForkedProcess(process)  # type: ignore[assignment]
        self.pid = process.pid
        self.pgid = process.pid  # the child's own group (os.setsid in _run_kernel)
        self.cwd = cwd or Path.cwd()
        return self.connection_info

    async def send_signal(self, signum: int) -> None:
        # the child may not have made its own group yet: then signal the kernel alone, never the template's group
        try:
            if self.pgid and self.pid and os.getpgid(self.pid) == self.pgid:
                os.killpg(self.pgid, signum)
                return
        except OSError:
            pass
        if self.process:
            try:
                self.process.send_signal(signum)
            except OSError as e:
                self._tolerate_no_process(e)
