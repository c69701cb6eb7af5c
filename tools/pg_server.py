"""A throwaway PostgreSQL server for the class store's tests (Debian's ``postgresql`` package).

    python3 tools/pg_server.py start DIR     # prints the server's URL (postgresql://...) once it answers
    python3 tools/pg_server.py stop DIR

The cluster lives in ``DIR`` (made with ``initdb``), listens on a Unix socket inside it and on no TCP port,
and trusts local connections: a test server, never a real one. As root the server runs as the ``postgres``
user (PostgreSQL refuses to run as root). ``.ci/run`` starts one and stops it when the tests end (also on
Ctrl-C); ``tests/classes/conftest.py`` starts its own when none was started for it.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

DB = "chililab_test"


class PgUnavailable(RuntimeError):
    """PostgreSQL's server programs are not installed (``apt-get install postgresql``)."""


def bindir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("pg_ctl")
    if which:
        return Path(which).parent
    raise PgUnavailable("PostgreSQL's server is not installed: apt-get install -y postgresql")


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def url(folder: str | os.PathLike) -> str:
    sock = Path(folder).resolve() / "socket"
    return f"postgresql://postgres@/{DB}?host={sock}"


def start(folder: str | os.PathLike, timeout: float = 60.0) -> str:
    """Make (first time) and start the cluster in ``folder``; return its URL when it accepts connections."""
    b = bindir()
    d = Path(folder).resolve()
    data, sock = d / "data", d / "socket"
    sock.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(d, "postgres", "postgres")
        shutil.chown(sock, "postgres", "postgres")
    if not (data / "PG_VERSION").exists():
        subprocess.run(_as_server_user([str(b / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                                        "--encoding=UTF8", "--no-instructions"]),
                       check=True, stdout=subprocess.DEVNULL)
    opts = f"-c listen_addresses='' -c unix_socket_directories={sock} -c max_connections=200 -c fsync=on"
    subprocess.run(_as_server_user([str(b / "pg_ctl"), "-D", str(data), "-l", str(d / "server.log"), "-o", opts,
                                    "-w", "-t", str(int(timeout)), "start"]), check=True, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while True:
        r = subprocess.run(_as_server_user([str(b / "psql"), "-h", str(sock), "-U", "postgres", "-d", "postgres",
                                            "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{DB}'"]),
                           capture_output=True, text=True)
        if r.returncode == 0:
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"PostgreSQL did not answer: {r.stderr.strip()}")
        time.sleep(0.2)
    if r.stdout.strip() != "1":
        subprocess.run(_as_server_user([str(b / "createdb"), "-h", str(sock), "-U", "postgres", DB]), check=True)
    return url(d)


def stop(folder: str | os.PathLike) -> None:
    data = Path(folder).resolve() / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(_as_server_user([str(bindir() / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       check=False, stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        if argv[0] == "start":
            print(start(argv[1]))
        else:
            stop(argv[1])
    except (PgUnavailable, subprocess.CalledProcessError, RuntimeError) as e:
        print(f"pg_server: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
