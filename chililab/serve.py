"""``chililab dashboards``: serve the Voila dashboards (the main job).

    chililab dashboards                       # http://127.0.0.1:8866/voila/render/index.ipynb
    chililab dashboards --classroom --pool 8  # a shared server for a class

This module is light to import (the command line builds its parser from it);
Voila itself runs in a child process started by :func:`serve` (:mod:`chililab.voila_app`: Voila
plus one static route, plotly.js served once per browser and then cached).

Which dashboards: every notebook in that folder (``index.ipynb``, the landing
page, first); the pages of registered games (``<game>.ipynb``, see
``GameSpec.dashboard``) are the ones pre-heated for a classroom.

Every server (plain or ``--classroom``) uses :class:`chililab.classroom.ClassroomKernelManager`:
kernels over IPC sockets, started a few at a time and retried, and the kernels of closed tabs
culled after ``--cull-idle`` seconds (a page still open keeps its kernel).

Where the dashboards are: ``--dir``, else ``./dashboards`` when it holds the
dashboards, else the ``dashboards/`` folder of the source checkout this package
was installed from (``pip install -e .``). They are not shipped inside the
wheel: a dashboard is a page for people, served from the project's folder.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from chililab import extras

DEFAULT_PORT = 8866
DEFAULT_IP = "127.0.0.1"
DEFAULT_POOL = 8  # pre-heated kernels in all, shared by the pooled pages (--pages)
MAX_POOL = 500
DEFAULT_REFILL_DELAY = 2  # seconds after a hand-out before its replacement starts (a forked kernel is cheap)
#: memory of one visitor's kernel, forked from the template, after a game's page has loaded and been played (its
#: own pages, MB: measured by benchmarks/class_burst.py), and of the server without kernels (Voila, the template)
KERNEL_MB = 90
SERVER_MB = 400
DEFAULT_CULL_IDLE = 300  # seconds a kernel with no open page may stay (closed tabs keep theirs: Voila #1458)
DEFAULT_CULL_INTERVAL = 120  # at most; shorter for a short --cull-idle (see default_cull_interval)
MIN_CULL_IDLE = 5  # seconds; anything under a minute is for tests (an open page is never culled anyway)


def default_cull_interval(cull_idle: int) -> int:
    """How often to look for idle kernels: every 120 s, or a quarter of a shorter timeout."""
    return max(1, min(DEFAULT_CULL_INTERVAL, cull_idle // 4))
INDEX = "index.ipynb"  # the landing page
UNUSED_EXTENSIONS = ("jupyterlab-plotly", "jupyterlab-jupytext")


class ServeError(Exception):
    """A readable reason why the dashboards cannot be served."""


def dashboard_names(folder: Path | None = None) -> list[str]:
    """The dashboards' notebook names, landing page first: those in ``folder``, else the registry's and the explorers."""
    if folder is None:
        names = [INDEX] + pooled_pages()
    else:
        names = sorted(p.name for p in Path(folder).glob("*.ipynb"))
    return sorted(names, key=lambda n: n != INDEX)


def game_pages() -> list[str]:
    """``<game>.ipynb`` of every registered game with a dashboard: the pages worth pre-heating
    (the landing page starts its kernel on demand)."""
    from chililab.engine import registry

    return [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]


def pooled_pages() -> list[str]:
    """The pages pre-heated for a classroom: the games' dashboards, then the explorers
    (``chililab.apps.explorers``)."""
    from chililab.apps.explorers import explorers

    return game_pages() + [e.page for e in explorers()]


def pool_plan(pool: int, pages: list[str]) -> dict[str, int]:
    """``pool`` pre-heated kernels shared by ``pages`` in turn (the first pages get one more when it does not divide)."""
    if not pages:
        return {}
    return {page: pool // len(pages) + (i < pool % len(pages)) for i, page in enumerate(pages)}


def choose_pages(given: str | None) -> list[str]:
    """The pooled pages ``--pages`` names (``loco`` or ``loco.ipynb``, comma-separated), all of them by default."""
    known = pooled_pages()
    if given is None:
        return known
    out = []
    for name in (n.strip() for n in given.split(",")):
        page = name if name.endswith(".ipynb") else f"{name}.ipynb"
        if page not in known:
            names = ", ".join(k.removesuffix(".ipynb") for k in known)
            raise ServeError(f"--pages: no page {name[:60]!r} to pre-heat (the pages: {names})")
        if page not in out:
            out.append(page)
    return out


def available_mb() -> float | None:
    """Memory this machine can still give (MemAvailable, MB), or None where /proc/meminfo is missing."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def spares(students: int) -> int:
    """Kernels kept beyond a class of ``students`` (a reload, a late arrival, a second tab): a tenth, at least 2."""
    return max(2, students // 10)


def kernel_cap(pool: int, students: int | None) -> int:
    """At most this many kernels once the class is in (0: no cap): the class and its spares, or the pool if larger."""
    return 0 if students is None else max(pool, students + spares(students))


def memory_plan(pool: int, students: int | None, available: float | None) -> list[str]:
    """Refuse a pool this machine's free memory cannot hold; lines saying how many visitors it holds,
    with a warning when the class (``--students``) will not fit."""
    if available is None:
        return []
    fits = max(0, int((available - SERVER_MB) // KERNEL_MB))  # kernels that fit, pool included
    if pool > fits:
        raise ServeError(f"--pool {pool} needs about {(SERVER_MB + pool * KERNEL_MB) / 1024:.1f} GB of memory but "
                         f"this machine has {available / 1024:.1f} GB free: use --pool {max(0, fits // 2)} or less")
    lines = [f"  memory: {available / 1024:.1f} GB free holds about {fits - pool} visitors at once "
             f"(each page's kernel about {KERNEL_MB} MB, with {pool} pre-heated)"]
    cap = kernel_cap(pool, students)
    if students is not None and cap > fits:
        lines[0] = (f"  memory: {available / 1024:.1f} GB free holds about {fits} visitors' kernels at once "
                    f"(about {KERNEL_MB} MB each)")
        lines.append(f"  WARNING: not enough memory for {students} students at once: about {fits - spares(students)} "
                     "fit. Pages beyond that may fail to open: use a second server for part of the class.")
    elif students is not None:
        lines[0] = (f"  memory: {available / 1024:.1f} GB free holds about {fits} visitors' kernels at once "
                    f"(about {KERNEL_MB} MB each); this class needs {cap} ({students} and {spares(students)} spares)")
    return lines


def find_dashboards(explicit: str | os.PathLike | None = None, cwd: Path | None = None) -> Path:
    """The folder holding the dashboards (see module docstring), or ServeError."""
    if explicit is not None:
        candidates = [Path(explicit)]
    else:
        cwd = Path.cwd() if cwd is None else Path(cwd)
        candidates = [cwd / "dashboards", cwd, Path(__file__).resolve().parents[1] / "dashboards"]
        candidates = list(dict.fromkeys(c.resolve() for c in candidates))
    for c in candidates:
        if (c / INDEX).is_file():
            return c.resolve()
    where = ", ".join(str(c) for c in candidates)
    raise ServeError(
        f"no dashboards found (looked for {INDEX} in: {where}). Run this from the chililab "
        "source folder (git clone ...; python3 -m pip install -e '.[all]'), or pass --dir PATH."
    )


def voila_command(dashboards: Path, port: int = DEFAULT_PORT, ip: str = DEFAULT_IP, classroom: bool = False,
                  pool: int = DEFAULT_POOL, cull_idle: int = DEFAULT_CULL_IDLE,
                  cull_interval: int | None = None, extra: list[str] | tuple = (),
                  refill_delay: float = DEFAULT_REFILL_DELAY, pages: list[str] | None = None,
                  students: int | None = None) -> list[str]:
    """The ``voila`` command line (run with this interpreter) for these settings: with ``classroom``, ``pool``
    pre-heated kernels in all, shared by ``pages`` (default: every game's and explorer's page)."""
    cmd = [
        # Voila plus a cached static route for plotly.js (chililab.voila_app, chililab.plotlyjs)
        sys.executable, "-m", "chililab.voila_app", str(dashboards),
        "--no-browser", f"--Voila.ip={ip}", f"--port={port}",
        "--Voila.port_retries=0",  # the printed address must be the real one: fail if the port is taken
        "--strip_sources=True",  # visitors see widgets, never code (Voila's default, stated on purpose)
        "--show_tracebacks=False",
        # lab extensions no dashboard uses, which every page would load: jupyterlab-plotly's renderer
        # of fig.show() outputs is 4.8 MB of plotly.js per first visit (charts use chililab.widgets.plot)
        *list_setting("VoilaConfiguration.extension_denylist", UNUSED_EXTENSIONS),
        # chililab's page template (chililab/share/voila/templates/chililab, found by chililab.voila_app):
        # Voila's lab template without its CDN icon-font links, the cells in a main landmark, a loading box in words
        "--template=chililab",
    ]
    cmd += [
        # every visitor's kernel: started a few at a time, retried, over IPC sockets (no TCP port to
        # collide when a class arrives at once), never handed out broken (chililab.classroom)
        "--VoilaConfiguration.multi_kernel_manager_class=chililab.classroom.ClassroomKernelManager",
        "--KernelManager.transport=ipc",
        # each kernel forked from a template process that has imported the dashboards' code: it starts in
        # a fraction of the time and shares those pages of memory with the others (chililab.forked_kernels);
        # plain processes where this install does not declare it (a checkout updated without reinstalling)
        *([f"--KernelProvisionerFactory.default_provisioner_name={FORKED}"] if forked_kernels_declared() else []),
        # reclaim kernels of closed tabs (a page's own shutdown call is refused: Voila #1458);
        # pages still open are never culled (cull_connected=False: the widget websocket keeps them)
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval or default_cull_interval(cull_idle)}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if classroom:
        plan = {page: n for page, n in pool_plan(pool, pooled_pages() if pages is None else pages).items() if n}
        cmd += [
            # kernels started and the dashboard executed before visitors arrive: `pool` in all, shared by the
            # pages (ClassroomKernelManager.pool_sizes; Voila's own --pool_size would be per page)
            "--preheat_kernel=True", f"--pool_size={max(plan.values(), default=0)}",
            *list_setting("ClassroomKernelManager.pool_sizes", [f"{page}={n}" for page, n in plan.items()]),
            # a pool sized to the class: no refill beyond the class and a few spares (chililab.classroom)
            f"--ClassroomKernelManager.kernel_cap={kernel_cap(pool, students)}",
            # refill shortly after a kernel is handed out (a forked kernel costs about half a CPU second); refills go
            # one at a time (chililab.classroom), so a wave larger than the pool waits: size the pool to the class
            f"--VoilaKernelManager.fill_delay={refill_delay:g}",
            # only those pages are pooled: the landing page costs one short kernel per visit
            *list_setting("VoilaKernelManager.preheat_denylist", _not_pooled(dashboards, plan)),
        ]
    # an extra argument replaces ours for the same setting (traitlets refuses a setting given twice)
    given = {_key(a) for a in extra if a.startswith("--")}
    return [c for c in cmd if not (c.startswith("--") and _key(c) in given)] + list(extra)


FORKED = "chililab-forked"  # chililab.forked_kernels' provisioner, declared in pyproject.toml


def forked_kernels_declared() -> bool:
    """Whether this install declares the forked-kernel provisioner (jupyter_client finds it by entry point)."""
    from importlib.metadata import entry_points

    return any(e.name == FORKED for e in entry_points(group="jupyter_client.kernel_provisioners"))


def list_setting(name: str, items) -> list[str]:
    """A list setting as traitlets 5 wants it, one ``--name=item`` per item (``--name=['a', 'b']`` works
    but prints a DeprecationWarning in the server log at every start)."""
    return [f"--{name}={item}" for item in items]


def _key(arg: str) -> str:
    return arg.split("=", 1)[0]


def _not_pooled(dashboards: Path, plan: dict[str, int]) -> list[str]:
    return [n for n in dashboard_names(dashboards) if not plan.get(n)]


def urls(port: int = DEFAULT_PORT, ip: str = DEFAULT_IP, dashboards: Path | None = None) -> dict[str, str]:
    """Addresses of the dashboards (those in ``dashboards``, else the registry's), by notebook name."""
    host = "127.0.0.1" if ip in ("0.0.0.0", "", "*") else ("[::1]" if ip == "::" else ip)
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return {name: f"http://{host}:{port}/voila/render/{name}" for name in dashboard_names(dashboards)}


def check_settings(port: int, ip: str, pool: int, cull_idle: int, cull_interval: int | None,
                   refill_delay: float = DEFAULT_REFILL_DELAY) -> None:
    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be from 1 to 65535, not {port}")
    if not 0 <= pool <= MAX_POOL:
        raise ServeError(f"--pool must be from 0 to {MAX_POOL} pre-heated kernels in all, not {pool}")
    if cull_idle < 0 or (0 < cull_idle < MIN_CULL_IDLE):
        raise ServeError(f"--cull-idle must be 0 (never cull) or at least {MIN_CULL_IDLE} seconds, not {cull_idle}")
    if cull_interval is not None and cull_interval < 1:
        raise ServeError(f"--cull-interval must be at least 1 second, not {cull_interval}")
    if not 0 <= refill_delay <= 600:
        raise ServeError(f"--refill-delay must be from 0 to 600 seconds, not {refill_delay:g}")
    try:
        with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((ip, port))
    except OSError as e:
        raise ServeError(f"cannot listen on {ip}:{port} ({e.strerror or e}); is another server running? "
                         "Choose another --port.") from None


#: addresses that reach this machine only
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Voila settings chililab's own options set (a --voila-arg for them would make the printed addresses lie)
OWN_SETTINGS = {"ip": "--ip", "Voila.ip": "--ip", "ServerApp.ip": "--ip", "port": "--port", "Voila.port": "--port",
                "ServerApp.port": "--port", "Voila.root_dir": "--dir", "notebook_path": "--dir"}


def check_listening(ip: str, lan: bool) -> None:
    """Listening beyond this machine must be asked for twice: an address and ``--lan``."""
    if ip not in LOOPBACK and not ip.startswith("127.") and not lan:
        raise ServeError(f"--ip {ip} lets other machines open the dashboards (and start kernels): add --lan to mean "
                         "it, or leave --ip out to serve this machine only")


def check_voila_args(extra) -> None:
    """Each ``--voila-arg`` is one Voila option (``--name=value``, ``--Class.trait=value`` or a flag), not one of
    the settings chililab's own options set, and no notebook or folder (a visitor's page would serve it)."""
    from voila.app import Voila

    for arg in extra:
        if not arg.startswith("--") or len(arg) < 3:
            raise ServeError(f"--voila-arg {arg[:60]!r}: give one Voila option, as --name=value")
        name = _key(arg)[2:]
        if name in OWN_SETTINGS:
            raise ServeError(f"--voila-arg {arg[:60]!r}: use chililab's {OWN_SETTINGS[name]} option instead (the "
                             "addresses it prints must be the ones it serves)")
        if "." not in name and name not in Voila.aliases and name not in Voila.flags:
            raise ServeError(f"--voila-arg {arg[:60]!r}: Voila has no option {name!r} (its own: "
                             f"{', '.join(sorted(set(Voila.aliases) | set(Voila.flags)))}; or --Class.setting=value)")


def wait_ready(base: str, proc: subprocess.Popen, timeout: float = 120.0) -> None:
    """Poll a static asset (starts no kernel) until the server answers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServeError(f"voila stopped while starting (exit code {proc.returncode}); see its messages above")
        try:
            with urllib.request.urlopen(base + "voila/static/voila.js", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise ServeError(f"voila did not answer within {timeout:.0f} s at {base}")


def serve(dashboards: Path, port: int = DEFAULT_PORT, ip: str = DEFAULT_IP, classroom: bool = False,
          pool: int = DEFAULT_POOL, cull_idle: int = DEFAULT_CULL_IDLE, cull_interval: int | None = None,
          extra=(), open_browser: bool = False, out=None, refill_delay: float = DEFAULT_REFILL_DELAY,
          pages: list[str] | None = None, students: int | None = None, tables: dict | None = None) -> int:
    """Run Voila until Ctrl-C (or SIGTERM); print the addresses once it answers. Returns an exit code.
    ``tables``: the table service's settings (``pace``, ``grace``: :func:`table_settings`)."""
    out = out or sys.stdout
    check_settings(port, ip, pool, cull_idle, cull_interval, refill_delay)
    memory = memory_plan(pool if classroom else 0, students, available_mb())
    cmd = voila_command(dashboards, port, ip, classroom, pool, cull_idle, cull_interval, extra, refill_delay, pages,
                        students)
    addresses = urls(port, ip, dashboards)
    base = addresses[INDEX].split("voila/render/")[0]
    print(f"Starting Voila on {ip}:{port} with the dashboards in {dashboards} ...", file=out, flush=True)
    service, tables_line = start_tables(**(tables or {}))
    proc = subprocess.Popen(cmd)

    def _forward(sig, _frame):  # SIGTERM to us: stop Voila cleanly (it shuts its kernels down)
        if proc.poll() is None:
            proc.send_signal(sig)

    old = signal.signal(signal.SIGTERM, _forward)
    try:
        wait_ready(base, proc)
        lines = ["", "Chililab dashboards are ready:"]
        lines += [f"  {name:<12} {url}" for name, url in addresses.items()]
        if classroom:
            plan = {p: n for p, n in pool_plan(pool, pooled_pages() if pages is None else pages).items() if n}
            shares = ", ".join(f"{p.removesuffix('.ipynb')}: {n}" for p, n in plan.items())
            lines.append(f"  classroom: {pool} pages ready before the students arrive ({shares or 'none'}); each one "
                         f"used is replaced {refill_delay:g} s later" + (f", up to {students} students and "
                         f"{spares(students)} spares" if students is not None else ""))
        lines += memory
        lines.append(tables_line)
        if not forked_kernels_declared():
            lines.append("  kernels start as plain processes (slower): reinstall chililab (pip install -e .) to fork "
                         "them from a template process")
        lines.append(f"  kernels of closed pages are shut down after {cull_idle} s idle" if cull_idle
                     else "  kernels of closed pages are never shut down (--cull-idle 0): restart the server now and then")
        if ip in ("0.0.0.0", "::", "", "*"):
            lines.append(f"  listening on ALL network interfaces: others reach it at http://<this machine's address>:{port}/")
        lines.append("Stop with Ctrl-C.")
        print("\n".join(lines), file=out, flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(addresses[INDEX])
        return proc.wait()
    except KeyboardInterrupt:  # Ctrl-C reached Voila too (same process group): it stops by itself
        try:
            return proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.terminate()
            return proc.wait()
    except ServeError:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)
        raise
    finally:
        signal.signal(signal.SIGTERM, old)
        if service is not None:
            service.stop()
            import shutil

            shutil.rmtree(os.path.dirname(service.path), ignore_errors=True)


def table_settings(pace: float | None, grace: float | None) -> dict:
    """The table service's settings from ``--table-pace`` and ``--table-grace``, checked.

    >>> table_settings(None, 5)
    {'grace': 5.0}
    """
    out = {}
    for name, value, low, high in (("pace", pace, 0, 60), ("grace", grace, 0.5, 3600)):
        if value is None:
            continue
        if not low <= value <= high:  # NaN fails too
            raise ServeError(f"--table-{name} must be from {low:g} to {high:g} seconds, not {value:g}")
        out[name] = float(value)
    return out


def start_tables(**settings):
    """Start the table service (:mod:`chililab.classes.service`) in a thread of this process, on a Unix socket in
    a new folder only this user can open, named to the kernels by ``CHILILAB_TABLES``. Returns (the service or
    None, a line for the start-up message)."""
    import tempfile

    try:
        from chililab.classes.service import TableService
        from chililab.classes.store import Store
    except ImportError:
        return None, "  game tables between students: off (they need the class extra: pip install -e '.[class]')"
    try:
        store = Store.open(os.environ.get("CHILILAB_STORE") or None)
    except Exception as e:  # noqa: BLE001 (the store cannot be opened: the rest of the server still runs)
        return None, f"  game tables between students: off (the class store cannot be opened: {type(e).__name__})"
    folder = tempfile.mkdtemp(prefix="chililab-tables-")  # mode 0700
    service = TableService(store, os.path.join(folder, "tables.sock"), **settings).start()
    os.environ["CHILILAB_TABLES"] = service.path
    return service, "  game tables between students: on (the start page lists them once a student joins the class)"


# --- command line -------------------------------------------------------------------------------

def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``dashboards`` subcommand to ``chililab``'s argparse subparsers."""
    p = subparsers.add_parser(
        "dashboards", help="serve the Voila dashboards (open the printed address in a browser)",
        description="Serve the chililab dashboards with Voila: visitors get the widgets, never the code.",
        epilog="Share with a class on a LAN only deliberately: --ip 0.0.0.0 --lan lets anyone on the network "
               "open a kernel (Voila has no login unless you add one: --voila-arg=--token=SECRET).",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--ip", default=DEFAULT_IP,
                   help=f"address to bind (default {DEFAULT_IP}: this machine only; 0.0.0.0 = every network, with --lan)")
    p.add_argument("--lan", action="store_true",
                   help="with --ip: yes, let other machines on the network open the dashboards")
    p.add_argument("--classroom", action="store_true",
                   help="shared-server settings: pre-heated kernels for the games' dashboards and idle-kernel culling")
    p.add_argument("--pool", type=int, default=None, metavar="N",
                   help=f"with --classroom: kernels kept pre-heated in all, shared by the --pages (default: --students, "
                        f"else {DEFAULT_POOL}; about {KERNEL_MB} MB each); refused when the free memory cannot hold them")
    p.add_argument("--pages", default=None, metavar="NAMES",
                   help="the pages the class will open, which share the pool: their names as in the addresses "
                        "printed, comma-separated, .ipynb optional (default: every game and explorer page); "
                        "implies --classroom")
    p.add_argument("--students", type=int, default=None, metavar="N",
                   help="the class size (implies --classroom): the whole class is pre-heated (unless --pool says "
                        "otherwise) and kernels stop at the class plus a few spares; warns when the memory cannot hold them")
    p.add_argument("--cull-idle", type=int, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
                   help=f"shut down a kernel whose page is closed after this long idle (default {DEFAULT_CULL_IDLE}; "
                        f"0 = never); a page still open keeps its kernel however long the visitor reads")
    p.add_argument("--refill-delay", type=float, default=DEFAULT_REFILL_DELAY, metavar="SECONDS",
                   help=f"with --classroom: start a replacement pool kernel this long after one is handed out "
                        f"(default {DEFAULT_REFILL_DELAY})")
    p.add_argument("--table-pace", type=float, default=None, metavar="SECONDS",
                   help="at the class's game tables: the seconds a bot waits before its move (default 1)")
    p.add_argument("--table-grace", type=float, default=None, metavar="SECONDS",
                   help="at the class's game tables: the seconds a student's page may be closed while the student "
                        "must answer, before a bot plays their seat (default 20)")
    p.add_argument("--cull-interval", type=int, default=None, metavar="SECONDS",
                   help=f"how often to look for idle kernels (default {DEFAULT_CULL_INTERVAL}, "
                        f"or a quarter of a shorter --cull-idle)")
    p.add_argument("--dir", default=None, help="folder holding the dashboards (default: ./dashboards or the checkout's)")
    p.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                   help="extra argument passed to voila as is, e.g. --voila-arg=--theme=dark (repeatable)")
    p.add_argument("--store", default=None, metavar="URL",
                   help="the class store: a postgresql://user:password@host/db address (a hub with many machines) "
                        "or a SQLite file (default: classes.sqlite3 in the data folder)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="the data folder holding the default SQLite class store (default: $CHILILAB_DATA, else "
                        "~/.local/share/chililab)")
    p.add_argument("--open", action="store_true", help="open the landing page in the default web browser")
    p.add_argument("--print-command", action="store_true", help="print the voila command and exit")
    p.set_defaults(func=run)
    return p


def with_game_pages(dashboards: Path) -> Path:
    """``dashboards``, or, when a registered game's page is missing from it (a plug-in game's), a temporary copy
    of its notebooks plus that page generated from the game's spec (``chililab.site.pages.game_notebook``)."""
    import json
    import shutil
    import tempfile

    from chililab.engine import registry

    missing = [s for s in registry.specs() if s.dashboard and not (dashboards / f"{s.name}.ipynb").is_file()]
    if not missing:
        return dashboards
    from chililab.site.pages import game_notebook

    folder = Path(tempfile.mkdtemp(prefix="chililab-dashboards-"))
    for nb in dashboards.glob("*.ipynb"):
        shutil.copy2(nb, folder / nb.name)
    for spec in missing:
        (folder / f"{spec.name}.ipynb").write_text(json.dumps(game_notebook(spec), indent=1) + "\n")
    return folder


def class_store(store: str | None, data: str | None) -> None:
    """Name the class store for every kernel of the server (``CHILILAB_STORE``, read by the pages): ``--store``,
    else the SQLite file in ``--data``; checked (and migrated) once here, so a bad address stops the server with
    a sentence instead of failing in every student's page."""
    if store is None and data is None:
        return
    if store is not None and data is not None:
        raise ServeError("give --store or --data, not both")
    try:
        from chililab.classes import ClassError
        from chililab.classes.store import Store, default_url
    except ImportError:
        raise ServeError("a class store needs the class extra: python3 -m pip install -e '.[class]'") from None
    url = store if store is not None else default_url(data)
    try:
        Store.open(url).close()
    except ClassError as e:
        raise ServeError(f"--store: {e}") from None
    except Exception as e:  # noqa: BLE001 (the database cannot be reached: say which and why)
        raise ServeError(f"the class store {url.split('@')[-1]} cannot be opened: {type(e).__name__}: "
                         f"{str(e).splitlines()[0][:200]}") from None
    os.environ["CHILILAB_STORE"] = url


def run(args) -> int:
    """Handler of ``chililab dashboards``: returns an exit code, prints readable errors."""
    try:
        check_listening(args.ip, args.lan)
        check_voila_args(args.voila_arg)
        dashboards = with_game_pages(find_dashboards(args.dir))
        pages = choose_pages(args.pages)
        if args.students is not None or args.pages is not None:
            args.classroom = True  # a class size or the class's pages: a classroom server
        if args.students is not None and not 1 <= args.students <= 10_000:
            raise ServeError(f"--students must be from 1 to 10000, not {args.students}")
        if args.pool is None:
            args.pool = args.students if args.students is not None and args.classroom else DEFAULT_POOL
        if not 0 <= args.pool <= MAX_POOL:
            raise ServeError(f"--pool must be from 0 to {MAX_POOL} pre-heated kernels in all, not {args.pool}")
        if args.print_command:
            import shlex

            print(shlex.join(voila_command(dashboards, args.port, args.ip, args.classroom, args.pool,
                                           args.cull_idle, args.cull_interval, args.voila_arg, args.refill_delay,
                                           pages, args.students)))
            return 0
        for module in ("voila", "plotly"):  # the server, and the plotly.js file it sends to chart pages
            extras.check(module, "serving the dashboards")
        class_store(args.store, args.data)
        return serve(dashboards, args.port, args.ip, args.classroom, args.pool, args.cull_idle,
                     args.cull_interval, args.voila_arg, args.open, refill_delay=args.refill_delay, pages=pages,
                     students=args.students, tables=table_settings(args.table_pace, args.table_grace))
    except (ServeError, extras.MissingExtra) as e:
        print(f"chililab dashboards: {e}", file=sys.stderr)
        return 2


def main(argv=None) -> int:
    """``python -m chililab.serve [options]`` (same options as ``chililab dashboards``)."""
    parser = argparse.ArgumentParser(prog="chililab")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "dashboards":
        argv = ["dashboards", *argv]
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
