#!/usr/bin/env python3
"""Game tables under load: 8 tables of 4 students, random legal moves at a human pace, N minutes: move-to-screen
latency (median, 95th percentile), errors, and moves lost across a restart of the table service.

    python3 benchmarks/table_load.py                                  # 8 x 4 students, Chili Loco, 5 minutes
    python3 benchmarks/table_load.py --game mafia --minutes 2 --json out.json
    python3 benchmarks/table_load.py --db postgresql://... --tables 2 --per-table 2 --minutes 0.1 --think 0.05

One process, as ``chililab dashboards`` runs it: the table service (:class:`chililab.classes.service.TableService`)
in a thread, and each student a :class:`chililab.classes.client.TableClient` in a thread of its own, on the
service's Unix socket. A group of ``--per-table`` students plays one table: one opens it (all seats students, no
bots, no time to answer), the others join it (the last one starts it), all watch it; when its game is over the
same student opens the next one. A student whose seat must choose waits ``--think`` seconds on average (uniform
0.5x to 1.5x, or exponential; seeded), then sends a random legal move of the seat view it has then (with
``race`` when the view says several seats answer at once).

At ``--restart-at`` of the run the service is stopped and a new one is started on the same store (opened anew)
and socket path; each student's client finds its line gone, connects again, says hello, watches its table again
and goes on.

Reported:

* **latency**: for every move the service acknowledged, from the mover sending ``move`` to the moment every
  other seat of the table has received a seat view whose ``step`` is at least the move's (a push; or, for a
  page that had to reconnect at the restart, the answer to its ``watch``). This is move-to-screen *at the
  kernel*: the browser adds the widget message from the kernel to the page, measured separately (a click's
  widget round trip by ``benchmarks/class_burst.py``; a table's move from one page to another's log in a real
  browser by ``tests/browser/test_tables.py``, written to ``artifacts/tables_browser.json``). Median, 95th percentile, max (also without the moves of the seconds around
  the restart); moves and moves per second.
* **errors**: every exception a student met, except a move refused in a race because another answer came first
  (``stale``: counted as *lost races*; "the table is finished": the game ended first, counted apart), a line
  lost because the service was being restarted (counted as *reconnects*) and a move the rules refused
  (``illegal``: counted apart, with its sentence; a random move of the seat's own legal moves should never be).
* **lost**: moves acknowledged (the ``move`` call returned a step) that are not, at that step, in the table's
  record in the store after the run (must be 0); and the moves acknowledged in the seconds around the restart,
  and those sent while the service stopped (their answer lost: *in doubt*, not acknowledged; how many of them
  the old service stored all the same). A student finds its line lost when it next looks at its screen (at the
  latest after its think time), as a page's kernel finds it on its next request.
* **the reference**, measured in the same run: the round trip of a trivial request (``call("lobby")``) on a
  connection that watches nothing, once a second during the run (and 50 times on the idle service before it);
  the latencies are also printed as ratios to its median.

The speed is the machine's; nothing here is asserted. ``--json FILE`` writes the report. Ctrl-C stops at once.
"""
from __future__ import annotations

import argparse
import bisect
import json
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chililab.classes.client import TableClient, TableGone, TableRefused  # noqa: E402
from chililab.classes.service import TableService  # noqa: E402
from chililab.classes.store import Store  # noqa: E402

AROUND_RESTART_S = 5.0  #: "moves around the restart": acknowledged this many seconds before or after it


def _canon(move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


@dataclass
class Acked:
    """A move the service acknowledged."""

    student: int
    table: int
    step: int  # the step it was stored as (a race's late answer: the next one)
    move: str  # its record form, canonical JSON
    sent: float  # time.monotonic() when the mover sent it
    acked: float


@dataclass
class Group:
    """The students playing one table after the other."""

    members: list  # Student
    table: int | None = None
    cond: threading.Condition = field(default_factory=threading.Condition)
    tables: list = field(default_factory=list)


class Bench:
    """The run's shared state: the service now, its generation, the stop flag, what everyone counted."""

    def __init__(self, store_url: str, path: str, think: float, think_dist: str, game: str, per_table: int):
        self.store_url, self.path = store_url, path
        self.think, self.think_dist, self.game, self.per_table = think, think_dist, game, per_table
        self.gen = 0  # the service's generation (each restart: +1)
        self.stopped_gen = -1  # the last generation being stopped (a line of it lost is the restart's)
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.acked: list[Acked] = []
        self.errors: list[str] = []
        self.illegal: list[str] = []
        self.lost_races = 0
        self.over_first = 0
        self.reconnects = 0
        self.in_doubt: list[tuple] = []  # (student, table, step sent, move) sent while the service stopped
        self.rewatched: list[float] = []  # time.monotonic() each student watched again after losing its line

    def error(self, who: int, e: BaseException) -> None:
        with self.lock:
            self.errors.append(f"student {who}: {type(e).__name__}: {e}"[:300])


class Student:
    """One student's page: a client in a thread of its own, and every seat view it has seen (step, time)."""

    def __init__(self, bench: Bench, i: int, token: str, seed: int):
        self.bench, self.i, self.token = bench, i, token
        self.rng = random.Random(seed)
        self.group: Group | None = None
        self.client: TableClient | None = None
        self.conn_gen = -1
        self.table: int | None = None
        self.view: dict | None = None
        self.cond = threading.Condition()
        self.seen: dict[int, list[tuple[float, int]]] = {}  # table -> [(time, step)] of every view received
        self.thread = threading.Thread(target=self.run, name=f"student-{i}", daemon=True)

    # ------------------------------------------------------------ what the page receives

    def _took(self, table: int, seat: dict) -> None:
        now = time.monotonic()
        self.seen.setdefault(table, []).append((now, seat["step"]))
        with self.cond:
            # (a watch's answer is read after pushes that came behind it: the screen never goes back)
            if table == self.table and (self.view is None or seat["step"] >= self.view["step"]):
                self.view = seat
            self.cond.notify_all()

    def _push(self, msg: dict) -> None:
        if msg.get("push") == "seat":
            seat = msg["seat"]
            self._took(seat["table"], seat)

    # ------------------------------------------------------------ its line to the service

    def connect(self) -> None:
        """Connect (again), say hello, watch the table again: until it works or the run stops."""
        while not self.bench.stop.is_set():
            gen = self.bench.gen
            try:
                client = TableClient.connect(self.token, self.bench.path)
            except TableGone:
                time.sleep(0.02)
                continue
            client.on_push(self._push)
            self.client, self.conn_gen = client, gen
            if self.table is not None:
                try:
                    self.watch(self.table)
                except TableGone:
                    client.close()
                    continue
                with self.bench.lock:
                    self.bench.rewatched.append(time.monotonic())
            return

    def watch(self, table: int) -> None:
        assert self.client is not None
        with self.cond:
            self.table = table
            self.view = None
        seat = self.client.call("watch", table=table)
        self._took(table, seat)

    def gone(self, e: TableGone) -> None:
        """The line is lost: the restart's (count it, connect again) or an error."""
        if self.conn_gen <= self.bench.stopped_gen:
            with self.bench.lock:
                self.bench.reconnects += 1
        else:
            self.bench.error(self.i, e)
        if self.client is not None:
            self.client.close()
        self.connect()

    # ------------------------------------------------------------ playing

    def think_s(self) -> float:
        t = self.bench.think
        if self.bench.think_dist == "exp":
            return self.rng.expovariate(1 / t) if t > 0 else 0.0
        return self.rng.uniform(0.5 * t, 1.5 * t)

    def run(self) -> None:
        try:
            self.connect()
            while not self.bench.stop.is_set():
                try:
                    self.step()
                except TableGone as e:
                    self.gone(e)
                except TableRefused as e:  # a refusal the loop did not expect (the table closed, ...)
                    self.bench.error(self.i, e)
                    time.sleep(0.2)
        except Exception as e:  # noqa: BLE001 (counted: the report says how many and which)
            self.bench.error(self.i, e)
        finally:
            if self.client is not None:
                self.client.close()

    def _wait_view(self, until, timeout: float) -> dict | None:
        with self.cond:
            self.cond.wait_for(lambda: self.view is not None and until(self.view) or self.bench.stop.is_set()
                               or (self.client is not None and self.client.closed), timeout)
            return self.view

    def step(self) -> None:
        """One look at the table: follow the group to its next table, or play a move if the seat must choose."""
        assert self.group is not None and self.client is not None
        g = self.group
        if self.client.closed:
            raise TableGone("the line to the table service was lost")
        with g.cond:
            table = g.table
        if table is None or (self.view is not None and self.view["over"] and table == self.table):
            if self is g.members[0]:  # the group's opener: the next table
                self.open_next()
            else:
                with g.cond:
                    g.cond.wait_for(lambda: g.table not in (None, self.table) or self.bench.stop.is_set(), 0.5)
            return
        if table != self.table:
            if self is not g.members[0]:
                self.client.call("join", table=table)  # (a student seated there already keeps the seat)
            self.watch(table)
            return
        view = self._wait_view(lambda v: v["yours"] and bool(v["moves"]) or v["over"], 0.5)
        if view is None or view["over"] or not (view["yours"] and view["moves"]) or self.bench.stop.is_set():
            return
        if self.bench.stop.wait(self.think_s()):
            return
        view = self.view  # what the screen shows when the student clicks
        if view is None or not view["yours"] or not view["moves"] or view["over"]:
            return
        move = self.rng.choice(self.rng.choice(view["moves"])["moves"])["move"]
        self.send(table, view, move)

    def send(self, table: int, view: dict, move: dict) -> None:
        assert self.client is not None
        if self.client.closed:  # the line was lost while the student thought: nothing is sent
            raise TableGone("the line to the table service was lost")
        sent = time.monotonic()
        try:
            step = self.client.call("move", table=table, step=view["next_step"], move=move, race=view["race"])
        except TableRefused as e:
            with self.bench.lock:
                if e.kind == "stale":
                    self.bench.lost_races += 1
                elif e.kind == "refused" and "is finished" in str(e):  # another seat's answer ended the game
                    self.bench.over_first += 1
                elif e.kind == "illegal":
                    self.bench.illegal.append(f"{e} ({e.rule})"[:300])
                else:
                    self.bench.errors.append(f"student {self.i}: move refused: {e}"[:300])
            with self.cond:  # look again only once the screen has changed
                if self.view is view:
                    self.cond.wait_for(lambda: self.view is not view or self.bench.stop.is_set(), 2.0)
            return
        except TableGone:
            if self.conn_gen <= self.bench.stopped_gen:
                with self.bench.lock:
                    self.bench.in_doubt.append((self.i, table, view["next_step"], _canon(move)))
            raise
        with self.bench.lock:
            self.bench.acked.append(Acked(self.i, table, step, _canon(move), sent, time.monotonic()))
        self._wait_view(lambda v: v["step"] >= step, 2.0)  # the next move is chosen on the screen that shows this one

    def open_next(self) -> None:
        assert self.group is not None and self.client is not None
        table = self.client.call("open", game=self.bench.game, seats=self.bench.per_table, answer_secs=None)
        with self.group.cond:
            self.group.table = table
            self.group.tables.append(table)
            self.group.cond.notify_all()
        self.watch(table)


def shown_at(student: Student, table: int, step: int) -> float | None:
    """When ``student`` first held a view of ``table`` at ``step`` or later (None: never)."""
    seen = student.seen.get(table, [])
    best, times, steps = -1, [], []
    for t, s in seen:  # the views in the order received; the highest step so far
        if s > best:
            best = s
            times.append(t)
            steps.append(s)
    k = bisect.bisect_left(steps, step)
    return times[k] if k < len(steps) else None


def lobby_rtt(client: TableClient, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        client.call("lobby")
        out.append(time.perf_counter() - t0)
    return out


def _q95(xs: list[float]) -> float | None:
    if not xs:
        return None
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=20, method="inclusive")[18]


def run(url: str, tables: int = 8, per_table: int = 4, minutes: float = 5.0, game: str = "loco",
        think: float = 1.0, think_dist: str = "uniform", restart_at: float | None = 0.5, seed: int = 1,
        quiet: bool = False, poll: float | None = None) -> dict:
    """Run the load and return the report (see the module docstring)."""
    from tqdm.auto import tqdm

    from chililab.classes.service import POLL

    poll = POLL if poll is None else poll
    folder = tempfile.mkdtemp(prefix="cl-tl-")  # a short path: a Unix socket's name is at most 107 bytes
    path = f"{folder}/t.sock"
    store = Store.open(url)
    c = store.start_class("Table load")
    teacher = store.teacher(c.code, c.teacher_token)
    bench = Bench(url, path, think, think_dist, game, per_table)
    students: list[Student] = []
    groups: list[Group] = []
    for t in range(tables):
        members = []
        for k in range(per_table):
            i = t * per_table + k
            _, token = store.join(c.code, f"T{t + 1} student {k + 1}")
            members.append(Student(bench, i, token, seed * 10_000 + i))
        g = Group(members)
        for s in members:
            s.group = g
        groups.append(g)
        students += members
    _, observer_token = store.join(c.code, "observer")
    # no bots: a student's seat is never taken over (grace: longer than any run); pace is then irrelevant
    services = [TableService(Store.open(url), path, pace=1.0, grace=1e9, poll=poll).start()]
    seconds = minutes * 60
    restart: dict = {}
    lobby_during: list[float] = []
    interrupted = False
    observer = None
    try:
        observer = TableClient.connect(observer_token, path)
        lobby_idle = lobby_rtt(observer, 50)
        observer.close()
        start = time.monotonic()
        until = start + seconds
        for s in students:
            s.thread.start()
        observer = TableClient.connect(observer_token, path)
        next_lobby = start + 1.0
        with tqdm(total=int(seconds), desc=f"table load ({game})", unit="s", disable=quiet) as bar:
            done = 0
            while (now := time.monotonic()) < until:
                time.sleep(min(0.05, until - now))
                now = time.monotonic()
                if int(now - start) > done:
                    bar.update(int(now - start) - done)
                    done = int(now - start)
                if restart_at is not None and not restart and now >= start + restart_at * seconds:
                    old = services[-1]
                    bench.stopped_gen = bench.gen
                    t0 = time.monotonic()
                    old.stop()
                    old.store.close()
                    t1 = time.monotonic()
                    services.append(TableService(Store.open(url), path, pace=1.0, grace=1e9, poll=poll).start())
                    bench.gen += 1
                    t2 = time.monotonic()
                    restart = {"at_s": round(t0 - start, 2), "stop_s": round(t1 - t0, 3), "start_s": round(t2 - t1, 3),
                               "_t0": t0, "_t2": t2, "service_errors_before": list(old.errors)}
                    observer.close()
                    observer = TableClient.connect(observer_token, path)
                    next_lobby = time.monotonic() + 1.0
                elif now >= next_lobby:
                    lobby_during += lobby_rtt(observer, 1)
                    next_lobby = now + 1.0
        bench.stop.set()
        for s in students:
            s.thread.join(30)
        time.sleep(max(1.0, 2 * poll))  # the last pushes arrive (on a loaded machine: up to 10 s more)
        drain_end = time.monotonic() + 10
        while time.monotonic() < drain_end and any(
                shown_at(s, a.table, a.step) is None for a in bench.acked for g in groups if a.table in g.tables
                for s in g.members if s.i != a.student):
            time.sleep(0.2)
        elapsed = time.monotonic() - start
    except KeyboardInterrupt:
        interrupted = True
        bench.stop.set()
    finally:
        bench.stop.set()
        if observer is not None:
            observer.close()
        for s in students:
            if s.client is not None:
                s.client.close()
        svc_errors = list(services[-1].errors)
        services[-1].stop()
    if interrupted:
        store.close()
        shutil.rmtree(folder, ignore_errors=True)
        raise KeyboardInterrupt

    # ------------------------------------------------------------ the checks
    by_table: dict[int, list[Student]] = {}
    for g in groups:
        for t in g.tables:
            by_table[t] = g.members
    t0, t2 = restart.get("_t0", float("inf")), restart.get("_t2", float("inf"))
    latencies, calm, not_shown = [], [], 0
    for a in bench.acked:
        others = [s for s in by_table.get(a.table, []) if s.i != a.student]
        at = [shown_at(s, a.table, a.step) for s in others]
        if any(x is None for x in at):
            not_shown += 1
            continue
        latencies.append(max(at) - a.sent if at else 0.0)
        if not t0 - AROUND_RESTART_S <= a.acked < t2 + AROUND_RESTART_S:
            calm.append(latencies[-1])
    records = {t: [_canon(m) for m in store.table_record(teacher, t)["moves"]] for t in by_table}
    missing = [a for a in bench.acked if not (0 < a.step <= len(records[a.table])
                                             and records[a.table][a.step - 1] == a.move)]
    in_doubt_stored = sum(1 for _, t, step, m in bench.in_doubt
                          if m in records.get(t, [])[step - 1:step + 1])  # (a race's late answer: the next step)
    states = [store.table_state(teacher, t)["status"] for t in by_table]
    report: dict = {
        "game": game, "store": url.split("@")[-1] if "://" in url else "sqlite", "tables": tables,
        "per_table": per_table, "minutes": minutes, "think_s": think, "think_dist": think_dist, "seed": seed,
        "seconds": round(elapsed, 1), "tables_played": len(by_table),
        "games_finished": states.count("finished"),
        "moves": len(bench.acked), "moves_per_s": round(len(bench.acked) / elapsed, 2) if elapsed else None,
        "latency_p50_s": statistics.median(latencies) if latencies else None,
        "latency_p95_s": _q95(latencies), "latency_max_s": max(latencies) if latencies else None,
        "not_shown": not_shown,
        "latency_p50_s_away_from_restart": statistics.median(calm) if calm else None,
        "latency_p95_s_away_from_restart": _q95(calm),
        "latency_max_s_away_from_restart": max(calm) if calm else None,
        "errors": len(bench.errors), "error_examples": bench.errors[:5],
        "illegal": len(bench.illegal), "illegal_examples": bench.illegal[:5],
        "lost_races": bench.lost_races, "game_over_first": bench.over_first, "reconnects": bench.reconnects,
        "lost": len(missing), "lost_examples": [vars(a) for a in missing[:5]],
        "service_errors": len(svc_errors) + len(restart.get("service_errors_before", [])),
        "lobby_idle_p50_s": statistics.median(lobby_idle) if lobby_idle else None,
        "lobby_p50_s": statistics.median(lobby_during) if lobby_during else None,
        "lobby_p95_s": _q95(lobby_during), "lobby_n": len(lobby_during),
    }
    ref = report["lobby_p50_s"] or report["lobby_idle_p50_s"]
    if ref and latencies:
        report["ratio_p50"] = round(report["latency_p50_s"] / ref, 1)
        report["ratio_p95"] = round(report["latency_p95_s"] / ref, 1)
    if restart:
        del restart["_t0"], restart["_t2"]
        restart.pop("service_errors_before")
        back = sorted(x - t0 for x in bench.rewatched if x >= t0)
        restart.update(
            acked_before=sum(1 for a in bench.acked if t0 - AROUND_RESTART_S <= a.acked < t0),
            acked_after=sum(1 for a in bench.acked if t2 <= a.acked < t2 + AROUND_RESTART_S),
            around_lost=sum(1 for a in missing if t0 - AROUND_RESTART_S <= a.acked < t2 + AROUND_RESTART_S),
            in_doubt=len(bench.in_doubt), in_doubt_stored=in_doubt_stored,
            students_back=len(back), all_back_s=round(back[-1], 3) if back else None)
        report["restart"] = restart
    else:
        report["restart"] = None
    if "://" in url and not url.startswith("sqlite"):
        store.delete_class(teacher)
    store.close()
    shutil.rmtree(folder, ignore_errors=True)
    return report


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=8)
    p.add_argument("--per-table", type=int, default=4, help="students per table (all seats students)")
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--game", default="loco", help="a registered game (loco, mafia, aycc)")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds a student waits before a move")
    p.add_argument("--think-dist", choices=("uniform", "exp"), default="uniform",
                   help="uniform 0.5x..1.5x --think (default) or exponential")
    p.add_argument("--restart-at", type=float, default=0.5,
                   help="fraction of the run at which the table service is restarted (negative: never)")
    p.add_argument("--db", default="sqlite", help="sqlite (a new file in a temporary folder) or a store URL")
    p.add_argument("--poll", type=float, default=None, help="the service's seconds between looks at the store")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default=None, help="write the report to this file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    a = p.parse_args(argv)
    from chililab.engine import registry

    if a.game not in registry.names():
        p.error(f"--game: one of {', '.join(sorted(registry.names()))}")
    db_folder = None
    if a.db == "sqlite":
        db_folder = tempfile.mkdtemp(prefix="chililab-table-db-")
        url = f"sqlite:///{db_folder}/classes.sqlite3"
    else:
        url = a.db
    try:
        report = run(url, a.tables, a.per_table, a.minutes, a.game, a.think, a.think_dist,
                     a.restart_at if a.restart_at >= 0 else None, a.seed, a.quiet, a.poll)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        if db_folder:
            shutil.rmtree(db_folder, ignore_errors=True)
    ms = lambda x: "-" if x is None else f"{x * 1000:.1f} ms"  # noqa: E731
    r = report
    print(f"{r['tables']} tables x {r['per_table']} students, {r['game']}, {r['seconds']} s "
          f"({r['tables_played']} tables, {r['games_finished']} games finished)")
    print(f"  moves {r['moves']} ({r['moves_per_s']}/s); move-to-screen p50 {ms(r['latency_p50_s'])}, "
          f"p95 {ms(r['latency_p95_s'])}, max {ms(r['latency_max_s'])}; not shown {r['not_shown']}")
    if r["restart"]:
        print(f"  away from the restart (+-{AROUND_RESTART_S:g} s): p50 {ms(r['latency_p50_s_away_from_restart'])}, "
              f"p95 {ms(r['latency_p95_s_away_from_restart'])}, max {ms(r['latency_max_s_away_from_restart'])}")
    print(f"  reference: lobby round trip p50 {ms(r['lobby_p50_s'])} during the run "
          f"(p95 {ms(r['lobby_p95_s'])}), {ms(r['lobby_idle_p50_s'])} on the idle service; move-to-screen / lobby: "
          f"p50 {r.get('ratio_p50', '-')} x, p95 {r.get('ratio_p95', '-')} x")
    print(f"  errors {r['errors']}, lost {r['lost']}, lost races {r['lost_races']} (and {r['game_over_first']} "
          f"when the game ended first), refused by the rules {r['illegal']}, service errors {r['service_errors']}")
    for e in r["error_examples"] + r["illegal_examples"]:
        print(f"    {e}")
    if r["restart"]:
        x = r["restart"]
        print(f"  restart at {x['at_s']} s: stop {ms(x['stop_s'])}, start {ms(x['start_s'])}; all "
              f"{x['students_back']} students watching again {x['all_back_s']} s after; moves acknowledged "
              f"{x['acked_before']} in the {AROUND_RESTART_S:g} s before, {x['acked_after']} after "
              f"(lost: {x['around_lost']}); sent while it stopped: {x['in_doubt']} ({x['in_doubt_stored']} stored)")
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
