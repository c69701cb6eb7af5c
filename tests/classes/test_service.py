"""The table service (chililab/classes/service.py) with real sockets, on SQLite and PostgreSQL: students' pages
(clients) play shared tables; what each seat is sent names no other seat's hidden card; races, people leaving,
the teacher's pause, bad requests."""
from __future__ import annotations

import json
import random
import shutil
import socket
import tempfile
import threading
import time

import pytest

from chililab.classes.client import TableClient, TableRefused
from chililab.classes.service import TableService
from chililab.engine import registry
from tests.test_widgets import _hidden_from


@pytest.fixture
def service(store):
    folder = tempfile.mkdtemp(prefix="cl-")  # a short path: a Unix socket's name is at most 107 bytes
    svc = TableService(store, f"{folder}/t.sock", pace=0.0, grace=0.4, poll=0.05).start()
    yield svc
    svc.stop()
    shutil.rmtree(folder, ignore_errors=True)


class Page:
    """A student's page: its client and every seat view pushed to it."""

    def __init__(self, svc, token):
        self.client = TableClient.connect(token, svc.path)
        self.seen: list[dict] = []
        self.client.on_push(lambda m: self.seen.append(m["seat"]) if m.get("push") == "seat" else None)
        self.beating = True  # the page is open (False: closed, while its kernel lives on)
        threading.Thread(target=self._beat, daemon=True).start()

    def _beat(self):
        """The page's clock: "here" every 0.1 s while the page is open (the service's grace is 0.4 s here)."""
        while not self.client.closed:
            if not self.beating:
                time.sleep(0.05)
                continue
            try:
                self.client.call("here")
            except Exception:  # noqa: BLE001 (closed meanwhile)
                return
            time.sleep(0.1)

    @property
    def last(self) -> dict:
        return self.seen[-1]

    def wait(self, until, timeout=20.0) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.seen and until(self.last):
                return self.last
            time.sleep(0.01)
        raise AssertionError(f"no such seat view in {timeout} s: last {self.seen[-1:]!r}"[:600])


def _class(store, n=2):
    c = store.start_class("Tables")
    teacher = store.teacher(c.code, c.teacher_token)
    kids = [store.join(c.code, f"Kid{k}") for k in range(n)]
    return teacher, kids


def _game_at(store, teacher, table, step):
    record = store.table_record(teacher, table)
    record["moves"] = record["moves"][:step]
    return registry.get(record["game"]).replay(record)


def _no_hidden_card(store, teacher, table, payload):
    """The payload a seat was sent names no card hidden from it (Chili Loco's hidden cards: their picture ids)."""
    game = _game_at(store, teacher, table, payload["step"])
    text = json.dumps(payload)
    ids = [b for b in _hidden_from(game, payload["seat"]) if b.startswith("data-id=")]
    assert ids
    leaked = [b for b in ids if b.replace('"', '\\"') in text]
    assert not leaked, f"seat {payload['seat']} was sent {leaked[:3]}"


def test_two_students_and_two_bots_play_loco_to_the_end_and_no_seat_sees_another_hand(store, service):
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = a.client.call("open", game="loco", seats=4)
    assert b.client.call("join", table=table) == 1
    for p in (a, b):
        p.client.call("watch", table=table)
    a.client.call("start", table=table)
    service.pace = 0.0
    rng = random.Random(5)
    checked = 0
    end = time.monotonic() + 300
    while time.monotonic() < end:
        for p in (a, b):
            if p.seen and p.last["yours"] and p.last["moves"]:
                s = p.last
                if checked < 40:
                    _no_hidden_card(store, teacher, table, s)
                    checked += 1
                lays = [m for g in s["moves"] if g["title"] == "lay" for m in g["moves"]]  # a student who wants
                pick = rng.choice(lays or rng.choice(s["moves"])["moves"])  # the game over: a card when one can
                try:
                    p.client.call("move", table=table, step=s["next_step"], move=pick["move"], race=s["race"])
                except TableRefused as e:
                    assert e.kind == "stale" or "is finished" in str(e), e  # a bot moved first: look again
        if a.seen and a.last["over"] and b.seen and b.last["over"]:
            break
        time.sleep(0.005)
    assert a.last["over"] and b.last["over"] and a.last["result"]["sentence"] == b.last["result"]["sentence"]
    assert checked >= 10
    final = store.table_state(teacher, table)
    assert final["status"] == "finished" and final["step"] == a.last["step"]
    game = registry.get("loco").replay(store.table_record(teacher, table))
    assert game.over and game.fingerprint() == final["fingerprint"]
    for p in (a, b):
        p.client.close()


def test_a_move_for_another_seat_an_old_step_or_against_the_rules_is_refused_and_changes_nothing(store, service):
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = store.open_table(teacher, "loco", {}, seats=2, seed=5, sit=False)  # a deal where one seat moves first
    a.client.call("join", table=table)
    b.client.call("join", table=table)
    sa = a.client.call("watch", table=table)
    sb = b.client.call("watch", table=table)
    assert sa["yours"] != sb["yours"]
    mover, other = (a, b) if sa["yours"] else (b, a)
    s = mover.client.call("watch", table=table)
    move = s["moves"][0]["moves"][0]["move"]
    with pytest.raises(TableRefused, match="this move is seat"):
        other.client.call("move", table=table, step=s["next_step"], move=move)
    with pytest.raises(TableRefused) as e:
        other.client.call("move", table=table, step=s["next_step"],
                          move=dict(move, player=(sb if other is b else sa)["seat"]))
    assert e.value.kind == "illegal" and e.value.rule  # the rules' clause, said to the page
    with pytest.raises(TableRefused) as e:
        mover.client.call("move", table=table, step=s["next_step"] + 5, move=move)
    assert e.value.kind == "stale"
    assert store.table_state(teacher, table)["step"] == s["step"]
    mover.client.call("move", table=table, step=s["next_step"], move=move)
    with pytest.raises(TableRefused) as e:  # the same move sent again (a double click)
        mover.client.call("move", table=table, step=s["next_step"], move=move)
    assert e.value.kind == "stale"
    assert store.table_state(teacher, table)["step"] == s["step"] + 1


def test_a_race_is_decided_by_arrival_and_both_answers_are_played(store, service):
    """Chili Mafia's draft: every seat picks at once. Two pages answer for the same step: the first is stored as
    that step, the second (race) as the next one."""
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = a.client.call("open", game="mafia", seats=4)
    b.client.call("join", table=table)
    store.pause_table(teacher, table, True)  # the bots wait: only the two pages answer
    a.client.call("start", table=table)
    sa, sb = a.client.call("watch", table=table), b.client.call("watch", table=table)
    assert sa["race"] and sa["yours"] and sb["yours"] and sa["next_step"] == sb["next_step"]
    store.pause_table(teacher, table, False)
    service.pace = 60.0  # the bots think for a minute
    first = a.client.call("move", table=table, step=sa["next_step"], move=sa["moves"][0]["moves"][0]["move"],
                          race=True)
    second = b.client.call("move", table=table, step=sb["next_step"], move=sb["moves"][0]["moves"][0]["move"],
                           race=True)
    assert (first, second) == (sa["next_step"], sa["next_step"] + 1)
    record = store.table_record(teacher, table)
    assert [m["player"] for m in record["moves"][-2:]] == [0, 1]
    with pytest.raises(TableRefused) as e:  # without race, an old step is refused
        b.client.call("move", table=table, step=sb["next_step"], move=sb["moves"][0]["moves"][0]["move"])
    assert e.value.kind in ("stale", "illegal")


def test_a_student_who_leaves_gets_a_bot_and_comes_back(store, service):
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = a.client.call("open", game="loco", seats=2)
    b.client.call("join", table=table)
    sa, sb = a.client.call("watch", table=table), b.client.call("watch", table=table)
    (gone, token, seat), stays = ((a, ta, sa["seat"]), b) if sa["yours"] else ((b, tb, sb["seat"]), a)
    gone.client.close()  # the student whose move it is closes the page
    stays.wait(lambda s: any("left the table" in n["text"] for n in s["notes"]))
    assert store.table_state(teacher, table)["seats"][seat]["away"]
    stays.wait(lambda s: s["yours"] and s["step"] >= 1)  # the bot played the seat: the other student's move
    back = Page(service, token).client.call("watch", table=table)
    assert any("is back" in n["text"] for n in back["notes"])
    assert not store.table_state(teacher, table)["seats"][seat]["away"]


def test_a_student_who_does_not_answer_in_time_gets_a_bot(store, service):
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = a.client.call("open", game="loco", seats=2, answer_secs=15)
    b.client.call("join", table=table)
    sa = a.client.call("watch", table=table)
    b.client.call("watch", table=table)
    slow = a if sa["yours"] else b
    time.sleep(0.3)
    service.turns[table].since -= 20  # fifteen seconds went by
    slow.wait(lambda s: any("did not answer in time" in n["text"] for n in s["notes"]))


def test_a_paused_table_refuses_moves_and_its_bots_wait(store, service):
    teacher, [(ana, ta)] = _class(store, 1)
    a = Page(service, ta)
    table = a.client.call("open", game="loco", seats=3)
    s = a.client.call("watch", table=table)
    store.pause_table(teacher, table, True)
    a.client.call("start", table=table)
    s = a.wait(lambda s: s["paused"] and s["status"] == "playing")
    time.sleep(0.3)
    assert store.table_state(teacher, table)["step"] == 0  # no bot played
    if s["moves"] or True:
        with pytest.raises(TableRefused, match="paused"):
            a.client.call("move", table=table, step=1, move={"type": "Draw", "player": s["seat"]})
    store.pause_table(teacher, table, False)
    a.wait(lambda s: not s["paused"] and s["step"] >= 1 or s["yours"])


def test_bad_requests_get_a_sentence_and_a_stranger_gets_nothing(store, service):
    teacher, [(ana, ta)] = _class(store, 1)
    with pytest.raises(TableRefused, match="not in a class"):
        TableClient.connect("not-a-token", service.path)
    a = Page(service, ta)
    with pytest.raises(TableRefused, match="no such request"):
        a.client.call("format_disk")
    with pytest.raises(TableRefused, match="no table"):
        a.client.call("watch", table=99)
    with pytest.raises(TableRefused, match="named by its number"):
        a.client.call("watch", table="1; DROP TABLE tables")
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(service.path)
    raw.sendall(b"[1, 2]\n")
    assert b'"not a request"' in raw.recv(1000)
    raw.sendall(b'{"id": 1, "op": "lobby"}\n')
    assert b"hello" in raw.recv(1000)  # no class read before the student's token
    raw.sendall(b"x" * 300_000 + b"\n")  # far too long: the service closes the line
    raw.settimeout(5)
    try:
        assert raw.recv(1000) == b""  # closed
    except ConnectionResetError:  # closed with the rest of the line unread: the same
        pass
    raw.close()
    assert a.client.call("lobby") == []  # the service goes on for everyone else


def test_stopping_while_a_push_is_on_its_way_logs_no_error(store, caplog):
    """The service stopped while a page's request waits for the pushes it caused: the page's task ends quietly
    (Python 3.11's asyncio logged "Exception in callback ... CancelledError" for it)."""
    import asyncio
    import logging
    import threading

    folder = tempfile.mkdtemp(prefix="cl-")
    svc = TableService(store, f"{folder}/t.sock", pace=0.0, grace=30, poll=0.05).start()
    _, [(ana, ta)] = _class(store, 1)
    a = Page(svc, ta)
    pushing = threading.Event()

    async def slow_refresh(table):
        pushing.set()
        await asyncio.sleep(30)  # a push on its way (a slow page's socket)

    svc.refresh_table = slow_refresh
    a.client.call("open", game="loco", seats=2)
    pushing.wait(5)
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        svc.stop()
    shutil.rmtree(folder, ignore_errors=True)
    assert pushing.is_set()
    assert not [r for r in caplog.records if r.name == "asyncio"], caplog.text[:600]
    a.client.close()


def test_a_page_that_stops_reading_cannot_hold_up_the_other_tables(store, service):
    """A connection that never reads what it is sent (a stuck kernel) is cut off; the rest go on."""
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a = Page(service, ta)
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(service.path)
    raw.sendall(json.dumps({"id": 1, "op": "hello", "token": tb}).encode() + b"\n")
    table = a.client.call("open", game="loco", seats=2)
    raw.sendall(json.dumps({"id": 2, "op": "join", "table": table}).encode() + b"\n")
    raw.sendall(json.dumps({"id": 3, "op": "watch", "table": table, "big": True}).encode() + b"\n")
    a.seen.append(a.client.call("watch", table=table))
    service.pace = 0.0
    end = time.monotonic() + 60
    while time.monotonic() < end and not a.last["over"]:  # Ana plays on; Ben's page never reads a push
        s = a.last
        if s["yours"] and s["moves"]:
            try:
                a.client.call("move", table=table, step=s["next_step"], move=s["moves"][0]["moves"][0]["move"],
                              race=s["race"])
            except TableRefused:
                pass
        time.sleep(0.01)
        if store.table_state(teacher, table)["step"] > 150:
            break
    assert store.table_state(teacher, table)["step"] > 150 or a.last["over"]
    raw.close()


def test_a_closed_pages_kernel_is_not_sent_the_table_until_the_page_is_back(store, service):
    """A kernel outlives its closed page: while the page says nothing, nothing is drawn for nobody; its first
    "here" brings the table as it is now."""
    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = store.open_table(teacher, "loco", {}, seats=3, seed=5, sit=False)
    a.client.call("join", table=table)
    b.client.call("join", table=table)
    a.seen.append(a.client.call("watch", table=table))
    b.client.call("watch", table=table)
    b.beating = False  # Ben's page closes
    time.sleep(0.6)  # longer than the grace
    held = len(b.seen)
    store.start_table(teacher, table)
    a.wait(lambda s: s["status"] == "playing")
    time.sleep(0.3)
    assert len(b.seen) == held  # the start was not sent to a page that is gone
    b.beating = True
    assert b.wait(lambda s: s["status"] == "playing")["table"] == table


def test_a_page_that_closes_while_a_move_is_pushed_stops_nobody_else(store, service):
    """A page that stopped watching between the moment a move's pushes began and its own turn to be sent
    (found by the fresh-clone run: the pushes stopped at it, and the mover's page lost the service)."""
    from chililab.classes.service import _Conn

    teacher, [(ana, ta), (ben, tb)] = _class(store)
    a, b = Page(service, ta), Page(service, tb)
    table = store.open_table(teacher, "loco", {}, seats=2, seed=5, sit=False)
    for p in (a, b):
        p.client.call("join", table=table)
    sa = a.client.call("watch", table=table)
    b.client.call("watch", table=table)
    mover, other = (a, b) if sa["yours"] else (b, a)
    closed = _Conn(writer=None)  # in the table's watchers, its page gone: what _unwatch leaves mid-push
    service.watchers[table].add(closed)
    s = mover.client.call("watch", table=table)
    mover.client.call("move", table=table, step=s["next_step"], move=s["moves"][0]["moves"][0]["move"])
    for p in (mover, other):
        p.wait(lambda v: v["step"] > s["step"])
    assert mover.client.call("lobby") is not None  # the mover's page still has the service
