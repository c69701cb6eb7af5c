"""The table service: the one process of a class server that holds the shared tables' whole games.

A student's page must never hold another seat's hidden card, in the browser *or* in its kernel. So the pages of
a class do not rebuild a shared game: ``chililab dashboards`` runs this service beside Voila (a thread of its
own process, listening on a Unix socket only the server's user can open, named to the kernels by
``CHILILAB_TABLES``), and a page's kernel (:class:`chililab.classes.client.TableClient`) asks it, with the
student's class token, for what its seat may see (:func:`chililab.classes.seatview.seat_payload`: the table
picture drawn from the seat's view, the seat's moves, its log) and sends it the seat's moves.

**One order per table.** The class store stays the authority (:mod:`chililab.classes.tables`: a move is stored
as step N only if no move was, ``UNIQUE (table, step)``), and this service is its one writer on the server, one
request at a time: moves are applied in the order they reach it. In a race (a window where several seats may
answer at once: Chili Loco's Salsa Slap and jump-ins, Chili Mafia's Fuggedaboutit, All You Can Chili's reveals)
a page sends its answer with the step it saw and ``race``; when another answer came first the service plays it
as the next step, if the rules still allow it (else the page is told the table moved on). The log shows the
answers in the order they came.

**Pushed, not polled by the pages.** After every change the service sends each page watching the table its new
seat view at once; about four times a second (:data:`POLL`) it also reads which tables changed in the store
(the teacher's pause, a table closed, moves written by another process) and the tables in play: a bot's seat,
or a student's seat whose page is gone for :data:`GRACE` seconds (the page says ``here`` every second from its
browser's clock: a kernel outlives its closed page) or who let the table's time to answer pass,
is played by the table's bot at a human pace (:data:`PACE` seconds a move), said in the table's notes; the
student gets the seat back by opening the table again or playing a move.

**Survives a restart**: every move is committed before it is acknowledged; a new service reads the tables from
the store when a page says hello again.

Protocol: one JSON object per line each way. A request ``{"id": n, "op": ..., ...}`` gets ``{"id": n, "ok":
value}`` or ``{"id": n, "error": {"kind": "refused" | "stale" | "illegal" | "bad", "message": ..., "rule":
...}}``; a page watching a table also gets ``{"push": "seat", "seat": payload}``. The first request is
``hello`` with the student's token; a line longer than :data:`MAX_LINE` closes the connection.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .codes import ClassError
from .seatview import LOG_STEPS, seat_payload
from .tables import PLAYING, StaleStep

POLL = 0.25  #: seconds between two looks at the store
PACE = 1.0  #: seconds a bot waits before its move (a person can follow)
GRACE = 20.0  #: seconds a seat's page may be gone while the seat must answer before a bot plays it
MAX_LINE = 256_000
MAX_CONNECTIONS = 2_000
MAX_RACE_TRIES = 8  #: times a race's answer is tried again as answers of other seats keep coming first
MAX_BUFFER = 8_000_000  #: bytes waiting for a page that does not read them: it is cut off
SEND_TIMEOUT = 5.0  #: seconds a send may wait for a page to read


@dataclass(eq=False)
class _Conn:
    writer: asyncio.StreamWriter
    student: Any = None
    table: int | None = None
    seat: int | None = None
    big: bool = False
    here: float = 0.0  # when the page last said it is open (its browser's clock: ``here``)
    missed: bool = False  # pushes were held back while its page was gone

    async def send(self, msg: dict) -> None:
        """Send one line; a page that does not read what it is sent (its kernel stuck) is cut off rather than
        holding up the tables of everyone else."""
        try:
            self.writer.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
            if self.writer.transport.get_write_buffer_size() > MAX_BUFFER:
                raise ConnectionError("a page that does not read")
            await asyncio.wait_for(self.writer.drain(), SEND_TIMEOUT)
        except (ConnectionError, RuntimeError, asyncio.TimeoutError):
            self.writer.transport.abort()  # close() would wait to hand over what the page does not read


@dataclass
class _Turn:
    """What the service knows of a table in play: since when its current decision waits, who must answer."""

    step: int = -1
    since: float = 0.0
    deciding: tuple = ()
    bots: frozenset = frozenset()
    students: frozenset = frozenset()
    playing: bool = False
    paused: bool = False
    answer_secs: int | None = None
    present: dict = field(default_factory=dict)  # seat -> last time a page watched it


class TableService:
    """Serve the class store ``store``'s tables on the Unix socket ``path`` (see the module docstring).
    ``pace``: a bot's seconds per move; ``grace``: seconds before a gone student's seat is played by a bot;
    ``poll``: seconds between looks at the store."""

    def __init__(self, store, path: str, pace: float = PACE, grace: float = GRACE, poll: float = POLL):
        self.store, self.path = store, str(path)
        self.pace, self.grace, self.poll = pace, grace, poll
        self.conns: set[_Conn] = set()
        self.watchers: dict[int, set[_Conn]] = {}
        self.classes: dict[int, Any] = {}  # class id -> the class as its machine (a Teacher without token)
        self.seen: dict[int, tuple] = {}
        self.turns: dict[int, _Turn] = {}
        self.table_class: dict[int, int] = {}
        self.started = time.monotonic()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.errors: list[str] = []  # what went wrong inside (a test reads it; never shown to a page)

    # ------------------------------------------------------------ running

    def start(self) -> TableService:
        """Run in a thread of this process (daemon); returns once the socket listens."""
        self._thread = threading.Thread(target=self.run, name="chililab-tables", daemon=True)
        self._thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the table service did not start")
        return self

    def run(self) -> None:
        asyncio.run(self._main())

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(10)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        old = os.umask(0o177)  # the socket is the server user's only (kernels run as that user)
        try:
            server = await asyncio.start_unix_server(self._client, path=self.path, limit=MAX_LINE)
        finally:
            os.umask(old)
        self._ready.set()
        ticker = asyncio.create_task(self._ticks())
        try:
            await self._stop.wait()
        finally:
            ticker.cancel()
            server.close()
            for c in list(self.conns):
                c.writer.close()

    async def _ticks(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception as e:  # noqa: BLE001 (the store out of reach for a moment: try again next tick)
                self.errors.append(f"{type(e).__name__}: {e}"[:300])
                del self.errors[:-50]
            await asyncio.sleep(self.poll)

    # ------------------------------------------------------------ a page's connection

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(writer)
        if len(self.conns) >= MAX_CONNECTIONS:
            writer.close()
            return
        self.conns.add(conn)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError, ConnectionError, asyncio.CancelledError):
                    break  # a line too long (not a page of ours), or the service stops
                if not line:
                    break
                try:
                    req = json.loads(line)
                    if not isinstance(req, dict):
                        raise ValueError
                except ValueError:
                    await conn.send({"id": None, "error": {"kind": "bad", "message": "not a request"}})
                    continue
                reply, changed = self._handle(conn, req)
                await conn.send({"id": req.get("id"), **reply})
                if changed is not None:
                    await self.refresh_table(changed)
        except asyncio.CancelledError:
            pass  # the service stops while this page's answer or pushes were on their way: end quietly
        finally:
            self.conns.discard(conn)
            self._unwatch(conn)
            writer.close()

    def _unwatch(self, conn: _Conn) -> None:
        if conn.table is not None:
            self.watchers.get(conn.table, set()).discard(conn)
        conn.table = conn.seat = None

    def _handle(self, conn: _Conn, req: dict) -> tuple[dict, int | None]:
        """Answer one request: (the reply, the table it changed or None)."""
        from chililab.engine.errors import ChililabError

        op = req.get("op")
        try:
            if op == "hello":
                s = self.store.student(req.get("token"))
                if s is None:
                    raise ClassError("you are not in a class on this server (join it on the start page)")
                conn.student = s
                if s.class_id not in self.classes:
                    self.classes[s.class_id] = self.store.admin(s.code)
                return {"ok": {"nickname": s.nickname, "class": s.code}}, None
            s = conn.student
            if s is None:
                raise ClassError("say hello with your class token first")
            if op == "lobby":
                return {"ok": self.store.tables(s)}, None
            if op == "open":
                table = self.store.open_table(s, req.get("game"), req.get("options") or {}, req.get("seats"),
                                              req.get("bots"), None, req.get("answer_secs"),
                                              lesson=req.get("lesson"))
                return {"ok": table}, table
            table = req.get("table")
            if op == "join":
                return {"ok": self.store.join_table(s, table, req.get("seat"))}, table
            if op == "start":
                self.store.start_table(s, table)
                return {"ok": True}, table
            if op == "close":
                self.store.close_table(s, table)
                return {"ok": True}, table
            if op == "watch":
                if type(table) is not int:
                    raise ClassError("a table is named by its number")
                self._unwatch(conn)
                state = self.store.table_state(s, table)  # refused (ClassError) for a table of another class
                conn.table, conn.big, conn.here = table, bool(req.get("big")), time.monotonic()
                conn.seat = state["seat"]
                self.watchers.setdefault(table, set()).add(conn)
                if conn.seat is not None and any(x["you"] and x["away"] for x in state["seats"]):
                    self.store.set_away(s, table, conn.seat, False)  # opening the table again: back in the seat
                self.table_class[table] = s.class_id
                return {"ok": self.payload(conn)}, table
            if op == "here":  # the page is open (a kernel outlives its closed page: only the browser knows)
                conn.here = time.monotonic()
                back, conn.missed = conn.missed, False
                return {"ok": True}, conn.table if back else None  # pushes held back: the table now
            if op == "unwatch":
                self._unwatch(conn)
                return {"ok": True}, None
            if op == "move":
                return {"ok": self._move(s, table, req)}, table
            raise ClassError(f"no such request: {str(op)[:40]}")
        except StaleStep as e:
            return {"error": {"kind": "stale", "message": str(e), "step": e.step}}, None
        except ClassError as e:
            return {"error": {"kind": "refused", "message": str(e)}}, None
        except ChililabError as e:  # IllegalMove, ConfigError: the rule and why, as the engine says it
            return {"error": {"kind": "illegal", "message": getattr(e, "reason", None) or str(e),
                              "rule": getattr(e, "rule", None)}}, None
        except (TypeError, ValueError) as e:
            return {"error": {"kind": "bad", "message": f"a request the table cannot read ({type(e).__name__})"}}, None

    def _move(self, s, table, req: dict) -> int:
        step, move = req.get("step"), req.get("move")
        from chililab.engine.errors import IllegalMove

        try:
            return self.store.submit_move(s, table, step, move)
        except StaleStep as e:
            if not req.get("race") or type(step) is not int or e.step < step - 1:
                raise
            first = e
        # a race: other answers came first (the page had not seen them yet); this one is played next if the rules
        # still allow it
        for _ in range(MAX_RACE_TRIES):
            try:
                return self.store.submit_move(s, table, first.step + 1, move)
            except StaleStep as again:
                first = again
            except IllegalMove as late:
                raise StaleStep(f"another answer came first, and yours is no longer allowed: {late.reason}",
                                first.step) from None
        raise first

    # ------------------------------------------------------------ what every page sees

    def payload(self, conn: _Conn) -> dict:
        assert conn.table is not None
        s = conn.student
        probe = self.store.table_state(s, conn.table, since=None)
        state = self.store.table_state(s, conn.table, since=max(-1, probe["step"] - LOG_STEPS))
        conn.seat = state["seat"]
        notes = self.store.table_notes(s, conn.table)
        return seat_payload(state, notes, big=conn.big)

    async def refresh_table(self, table: int) -> None:
        """Tell every page watching ``table`` what its seat sees now, and note whose turn it is."""
        class_id = self.table_class.get(table)
        if class_id is None:
            return
        self.note_turn(table, class_id)
        now = time.monotonic()
        for conn in list(self.watchers.get(table, ())):
            if conn.table != table:  # it stopped watching (its page closed) while an earlier page's push was sent
                continue
            if conn.here and now - conn.here > self.grace:  # its page is gone: no drawing for nobody
                conn.missed = True
                continue
            try:
                msg = {"push": "seat", "seat": self.payload(conn)}
            except ClassError as e:  # removed from the class, the class deleted
                msg = {"push": "gone", "message": str(e)}
                self._unwatch(conn)
            await conn.send(msg)

    def note_turn(self, table: int, class_id: int) -> None:
        teacher = self.classes.get(class_id)
        if teacher is None:
            return
        st = self.store.table_state(teacher, table)
        turn = self.turns.setdefault(table, _Turn())
        d = st["view"].decision if st["view"] is not None and st["result"] is None else None
        deciding = tuple(d.players) if d is not None else ()
        if st["step"] != turn.step or deciding != turn.deciding or st["paused"] != turn.paused:
            turn.since = time.monotonic()
        turn.step, turn.deciding, turn.paused = st["step"], deciding, st["paused"]
        turn.playing = st["status"] == PLAYING
        turn.answer_secs = st["answer_secs"]
        turn.bots = frozenset(x["seat"] for x in st["seats"] if not x["taken"] or x["away"])
        turn.students = frozenset(x["seat"] for x in st["seats"] if x["taken"] and not x["away"])

    # ------------------------------------------------------------ the clock: changes, bots, people gone

    async def tick(self) -> None:
        now = time.monotonic()
        for class_id, teacher in list(self.classes.items()):
            try:
                steps = self.store.table_steps(teacher)
            except ClassError:  # the class was deleted
                self.classes.pop(class_id, None)
                continue
            for table, sig in steps.items():
                self.table_class[table] = class_id
                if self.seen.get(table) != sig:
                    self.seen[table] = sig
                    await self.refresh_table(table)
            for table in steps:
                turn = self.turns.get(table)
                if turn is None or not turn.playing or turn.paused or not turn.deciding:
                    continue
                await self._clock(teacher, table, turn, now)

    async def _clock(self, teacher, table: int, turn: _Turn, now: float) -> None:
        for c in self.watchers.get(table, ()):
            if c.seat is not None:
                turn.present[c.seat] = max(turn.present.get(c.seat, self.started), c.here)
        watching = {s for s, at in turn.present.items() if now - at <= self.grace}
        if any(s in turn.bots for s in turn.deciding):
            if now - turn.since >= self.pace and self.store.play_bots(teacher, table, limit=1):
                self.seen.pop(table, None)
                await self.refresh_table(table)
            return
        for seat in turn.deciding:
            if seat not in turn.students:
                continue
            why = None
            if turn.answer_secs is not None and now - turn.since > turn.answer_secs:
                why = "did not answer in time"
            elif seat not in watching and now - max(turn.present.get(seat, self.started), turn.since) > self.grace:
                why = "left the table"
            if why and self.store.set_away(teacher, table, seat, True, why=why):
                await self.refresh_table(table)
