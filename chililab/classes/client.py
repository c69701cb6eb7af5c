"""A page's line to the table service (:mod:`chililab.classes.service`): requests and answers, and the seat views
the service pushes.

    client = TableClient.connect(token)          # CHILILAB_TABLES names the service's socket
    client.on_push(lambda msg: ...)              # called on the client's reader thread
    seat = client.call("watch", table=3)         # the seat's view now (then pushed after every change)
    client.call("move", table=3, step=seat["next_step"], move=seat["moves"][0]["moves"][0]["move"])

A refusal is :class:`TableRefused` (``kind``: "refused", "stale", "illegal", "bad"; ``rule``: the clause of an
illegal move). A service out of reach is :class:`TableGone`.
"""
from __future__ import annotations

import itertools
import json
import os
import socket
import threading
from collections.abc import Callable
from typing import Any

from .codes import ClassError

CALL_TIMEOUT = 20.0


def service_path() -> str:
    """The table service's socket for this server's pages (``CHILILAB_TABLES``), or ""."""
    return os.environ.get("CHILILAB_TABLES", "")


class TableRefused(ClassError):
    def __init__(self, kind: str, message: str, rule: str | None = None, step: int | None = None):
        super().__init__(message)
        self.kind, self.rule, self.step = kind, rule, step
        self.reason = message


class TableGone(ClassError):
    """The table service cannot be reached (the server stopped or restarted)."""


class TableClient:
    """One connection to the table service, said hello to with a student's token (see the module docstring)."""

    def __init__(self, path: str):
        self.path = path
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.connect(path)
        except OSError as e:
            self._sock.close()
            raise TableGone("the game tables are not running on this server") from e
        self._file = self._sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._waiting: dict[int, list] = {}
        self._cond = threading.Condition()
        self._listeners: list[Callable[[dict], None]] = []
        self.closed = False
        self._reader = threading.Thread(target=self._read, name="chililab-table-client", daemon=True)
        self._reader.start()

    @classmethod
    def connect(cls, token: str, path: str | None = None) -> TableClient:
        path = path or service_path()
        if not path:
            raise TableGone("game tables need the class server (chililab dashboards)")
        client = cls(path)
        try:
            client.call("hello", token=token)
        except ClassError:
            client.close()
            raise
        return client

    def on_push(self, fn: Callable[[dict], None]) -> None:
        self._listeners.append(fn)

    def call(self, op: str, timeout: float = CALL_TIMEOUT, **kw) -> Any:
        """Send a request and wait for its answer (its ``ok`` value); a refusal raises :class:`TableRefused`."""
        if self.closed:
            raise TableGone("the connection to the game tables was lost: reload the page")
        n = next(self._ids)
        slot: list = []
        with self._cond:
            self._waiting[n] = slot
        data = json.dumps({"id": n, "op": op, **kw}, separators=(",", ":"), allow_nan=False).encode() + b"\n"
        try:
            with self._send_lock:
                self._sock.sendall(data)
        except OSError as e:
            self._lost()
            raise TableGone("the connection to the game tables was lost: reload the page") from e
        with self._cond:
            if not self._cond.wait_for(lambda: slot or self.closed, timeout):
                self._waiting.pop(n, None)
                raise TableGone("the game tables did not answer in time")
            self._waiting.pop(n, None)
        if not slot:
            raise TableGone("the connection to the game tables was lost: reload the page")
        reply = slot[0]
        if "error" in reply:
            err = reply["error"]
            raise TableRefused(err.get("kind", "refused"), err.get("message", ""), err.get("rule"), err.get("step"))
        return reply.get("ok")

    def _read(self) -> None:
        try:
            for line in self._file:
                msg = json.loads(line)
                if "push" in msg:
                    for fn in list(self._listeners):
                        try:
                            fn(msg)
                        except Exception:  # noqa: BLE001,S110 (a page's drawing must not stop the line)
                            pass
                    continue
                with self._cond:
                    slot = self._waiting.get(msg.get("id"))
                    if slot is not None:
                        slot.append(msg)
                    self._cond.notify_all()
        except (OSError, ValueError):
            pass
        self._lost()

    def _lost(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def close(self) -> None:
        self._lost()
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()
