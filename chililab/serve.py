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
DEFAULT_POOL = 4  # per pooled page: 7 pages x 4 = 28 kernels, about 4 GB
DEFAULT_REFILL_DELAY = 20  # seconds: a burst of arrivals is not slowed by new kernels starting
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
                  refill_delay: float = DEFAULT_REFILL_DELAY) -> list[str]:
    """The ``voila`` command line (run with this interpreter) for these settings."""
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
        # reclaim kernels of closed tabs (a page's own shutdown call is refused: Voila #1458);
        # pages still open are never culled (cull_connected=False: the widget websocket keeps them)
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval or default_cull_interval(cull_idle)}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if classroom:
        cmd += [
            # kernels started and the dashboard executed before visitors arrive
            "--preheat_kernel=True", f"--pool_size={pool}",
            # refill the pool a little after a kernel is handed out, not at once: ten pages opened
            # together rendered in 10-24 s instead of 23-40 s (2 cores); an arrival beyond the pool
            # waits for this delay plus a kernel start
            f"--VoilaKernelManager.fill_delay={refill_delay:g}",
            # only the games' pages are pooled: the landing page costs one short kernel per visit
            *list_setting("VoilaKernelManager.preheat_denylist", _not_pooled(dashboards)),
        ]
    # an extra argument replaces ours for the same setting (traitlets refuses a setting given twice)
    given = {_key(a) for a in extra if a.startswith("--")}
    return [c for c in cmd if not (c.startswith("--") and _key(c) in given)] + list(extra)


def list_setting(name: str, items) -> list[str]:
    """A list setting as traitlets 5 wants it, one ``--name=item`` per item (``--name=['a', 'b']`` works
    but prints a DeprecationWarning in the server log at every start)."""
    return [f"--{name}={item}" for item in items]


def _key(arg: str) -> str:
    return arg.split("=", 1)[0]


def _not_pooled(dashboards: Path) -> list[str]:
    pooled = pooled_pages()
    return [n for n in dashboard_names(dashboards) if n not in pooled]


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
    if not 0 <= pool <= 64:
        raise ServeError(f"--pool must be from 0 to 64 pre-heated kernels, not {pool}")
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
          extra=(), open_browser: bool = False, out=None, refill_delay: float = DEFAULT_REFILL_DELAY) -> int:
    """Run Voila until Ctrl-C (or SIGTERM); print the addresses once it answers. Returns an exit code."""
    out = out or sys.stdout
    check_settings(port, ip, pool, cull_idle, cull_interval, refill_delay)
    cmd = voila_command(dashboards, port, ip, classroom, pool, cull_idle, cull_interval, extra, refill_delay)
    pages = urls(port, ip, dashboards)
    base = pages[INDEX].split("voila/render/")[0]
    print(f"Starting Voila on {ip}:{port} with the dashboards in {dashboards} ...", file=out, flush=True)
    proc = subprocess.Popen(cmd)

    def _forward(sig, _frame):  # SIGTERM to us: stop Voila cleanly (it shuts its kernels down)
        if proc.poll() is None:
            proc.send_signal(sig)

    old = signal.signal(signal.SIGTERM, _forward)
    try:
        wait_ready(base, proc)
        lines = ["", "Chililab dashboards are ready:"]
        lines += [f"  {name:<12} {url}" for name, url in pages.items()]
        if classroom:
            pooled = pooled_pages()
            lines.append(f"  classroom: {pool} pre-heated kernel(s) for each of {', '.join(pooled)}: "
                         f"{pool * len(pooled)} kernels, about {pool * len(pooled) * 0.15:.1f} GB")
        lines.append(f"  kernels of closed pages are shut down after {cull_idle} s idle" if cull_idle
                     else "  kernels of closed pages are never shut down (--cull-idle 0): restart the server now and then")
        if ip in ("0.0.0.0", "::", "", "*"):
            lines.append(f"  listening on ALL network interfaces: others reach it at http://<this machine's address>:{port}/")
        lines.append("Stop with Ctrl-C.")
        print("\n".join(lines), file=out, flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(pages[INDEX])
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
    p.add_argument("--pool", type=int, default=DEFAULT_POOL, metavar="N",
                   help=f"with --classroom: kernels kept pre-heated for each game and explorer page (default {DEFAULT_POOL}, ~150 MB each)")
    p.add_argument("--cull-idle", type=int, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
                   help=f"shut down a kernel whose page is closed after this long idle (default {DEFAULT_CULL_IDLE}; "
                        f"0 = never); a page still open keeps its kernel however long the visitor reads")
    p.add_argument("--refill-delay", type=float, default=DEFAULT_REFILL_DELAY, metavar="SECONDS",
                   help=f"with --classroom: start a replacement pool kernel this long after one is handed out "
                        f"(default {DEFAULT_REFILL_DELAY})")
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
        if args.print_command:
            import shlex

            print(shlex.join(voila_command(dashboards, args.port, args.ip, args.classroom, args.pool,
                                           args.cull_idle, args.cull_interval, args.voila_arg, args.refill_delay)))
            return 0
        for module in ("voila", "plotly"):  # the server, and the plotly.js file it sends to chart pages
            extras.check(module, "serving the dashboards")
        class_store(args.store, args.data)
        return serve(dashboards, args.port, args.ip, args.classroom, args.pool, args.cull_idle,
                     args.cull_interval, args.voila_arg, args.open, refill_delay=args.refill_delay)
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
