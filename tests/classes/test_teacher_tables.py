"""The teacher's page's game tables (chililab.apps.class_teacher), on both databases: "Seat everyone" seats the
class through the store, the live list (escaped nicknames, bots, whose turn), watching a table in the teacher's
view as it moves on and after it ended, pausing and ending a table, and its exported record replaying."""
from __future__ import annotations

import base64
import json
import re

import pytest

from chililab.apps import class_teacher
from chililab.engine.registry import get
from chililab.engine.words import seat_name
from chililab.widgets.stepper import Stepper

HOSTILE = "<b>x</b>"
NAMES = ["Ana", HOSTILE, "Cy", "Di", "Ed", "Flo"]


@pytest.fixture
def seated(store):
    """A class of six (one with markup in their nickname) seated by the page at two Loco tables of 4."""
    c = store.start_class("Year 10")
    page = class_teacher.TeacherPage(store=store, fragment=f"class={c.code}&teacher={c.teacher_token}")
    kids = [store.join(c.code, name)[0] for name in NAMES]
    page.refresh()
    page.seat_game.value = "loco"
    page.seat_size.value = 4
    page.seat_bots.value = "random"
    page.seat_time.value = 30
    page.seat_button.click()
    tables = sorted(r["id"] for r in store.tables(page.teacher))
    return store, page, kids, tables


def _row(page, table) -> str:
    """The list's row of ``table`` (its HTML)."""
    html = page.tables_list.value
    return html[html.index(f'data-table="{table}"'):].split("</tr>")[0]


def _one_move(store, t, table, kids) -> int:
    """One more move at ``table``: a bot's, else the move of the student who must choose. Returns the step."""
    before = store.table_state(t, table)["step"]
    if store.play_bots(t, table, limit=1) == 0:
        for s in kids:
            state = store.table_state(s, table)
            if state["legal"]:
                store.submit_move(s, table, state["next_step"], state["legal"][0])
                break
    after = store.table_state(t, table)["step"]
    assert after == before + 1
    return after


def test_seat_everyone_seats_the_class_and_the_list_shows_every_table(seated):
    store, page, kids, tables = seated
    assert len(tables) == 2
    assert "Seated 6 students at 2 tables of Chili Loco" in page.msg.value
    assert page.tables_msg.value == page.msg.value
    rows = {r["id"]: r for r in store.tables(page.teacher)}
    assert [[x["student"] for x in rows[k]["sitting"]] for k in tables] == [NAMES[:4], [*NAMES[4:], None, None]]
    assert {rows[k]["status"] for k in tables} == {"playing"}
    assert {x["bot"] for k in tables for x in rows[k]["sitting"]} == {"random"}
    assert {rows[k]["answer_secs"] for k in tables} == {30}
    html = page.tables_list.value
    assert html.startswith("<table") and html.count('<th scope="col"') == 6 and html.count('<th scope="row"') == 2
    assert HOSTILE not in html and "&lt;b&gt;x&lt;/b&gt;" in html  # the nickname as text
    first, second = _row(page, tables[0]), _row(page, tables[1])
    assert f"Table {tables[0]}" in first and "Chili Loco" in first and ">playing<" in first and "30 s to answer" in first
    assert "Player 2: <span class=\"chili-teacher-table-student\">&lt;b&gt;x&lt;/b&gt;" in first
    assert "Player 3: bot<br>Player 4: bot" in second and "Player 1: <span" in second and ">Ed<" in second
    for k, row in zip(tables, (first, second)):
        state = store.table_state(page.teacher, k)
        assert f">{state['step']}</td>" in row
        turn = row.rsplit("<td", 1)[1]
        for p in state["view"].decision.players:
            assert seat_name(p) in turn
    assert [v for _t, v in page.table_pick.options] == tables
    assert page.table_pick.options[0][0] == f"Table {tables[0]}: Chili Loco (playing)"
    # everyone sits: seating again seats nobody, and says why
    page.seat_button.click()
    assert "Not done: there is nobody to seat: every student is at a table already" in page.tables_msg.value
    assert len(store.tables(page.teacher)) == 2


def test_the_seat_form_follows_the_game(seated):
    _store, page, _kids, _tables = seated
    page.seat_game.value = "mafia"
    assert [v for _t, v in page.seat_size.options] == list(range(2, 9)) and page.seat_size.value == 4
    assert [v for _, v in page.seat_bots.options] == get("mafia").agent_names and page.seat_bots.value == get("mafia").bot
    assert page.seat_bots.options[0][0] == "steady: plays by simple rules"  # the bots in a teacher's words
    page.seat_game.value = "loco"
    assert [v for _t, v in page.seat_size.options] == list(range(2, 11))
    assert [t for t, _v in page.seat_time.options] == ["no limit", "15 s", "30 s", "1 min", "2 min", "5 min"]
    assert "every table" in page.pause.description + page.pause.tooltip


def test_the_projector_hides_the_nicknames_in_the_list(seated):
    _store, page, _kids, tables = seated
    page.projector.value = True
    html = page.tables_list.value
    assert "Ana" not in html and "x&lt;" not in html and "Student 1" in html and "Student 6" in html
    page.projector.value = False
    assert ">Ana<" in page.tables_list.value


def test_watching_a_table_shows_it_in_the_teachers_view_and_follows_its_moves(seated):
    store, page, kids, tables = seated
    t, table = page.teacher, tables[1]
    page.table_pick.value = table
    page.watch_button.click()
    s = page.stepper
    assert isinstance(s, Stepper) and page.watching == table and s in page.watch_box.children
    assert s.seat is None and s.move_buttons == []  # every hand; nothing is played from here
    assert s.game.fingerprint() == store.table_state(t, table)["fingerprint"]
    step = _one_move(store, t, table, kids)
    page.refresh()
    assert page.stepper is s and s.game.step == step == s.w_slider.value
    assert s.game.fingerprint() == store.table_state(t, table)["fingerprint"]
    assert f">{step}</td>" in _row(page, table)
    # forward at the newest move plays nothing here
    s.forward()
    assert s.game.step == s.game.history_length == step and "newest move" in s.w_status.value
    # stepped back, the teacher stays where they are while the table moves on
    s.back()
    assert s.game.step == step - 1
    _one_move(store, t, table, kids)
    page.refresh()
    assert s.game.step == step - 1 and s.game.history_length == step
    s.forward()  # back at the newest move shown: the next look brings the table's newest
    page.refresh()
    assert s.game.step == step + 1 and s.game.fingerprint() == store.table_state(t, table)["fingerprint"]
    s.goto(0)  # time travel over every move
    assert s.game.step == 0 and s.w_slider.value == 0
    page.unwatch_button.click()
    assert page.stepper is None and page.watch_box.children == ()


def test_a_finished_table_is_replayed_the_same_way(seated):
    store, page, _kids, _tables = seated
    t = page.teacher
    bots = store.open_table(t, "loco", {}, seats=3, seed=5)
    store.start_table(t, bots)
    store.play_bots(t, bots)
    end = store.table_state(t, bots)
    assert end["status"] == "finished"
    page.refresh()
    assert ">finished<" in _row(page, bots) and "nobody: the game is over" in _row(page, bots)
    assert page.watch(bots)
    s = page.stepper
    assert s.game.over and s.game.step == end["step"] and s.game.fingerprint() == end["fingerprint"]
    s.goto(1)
    assert s.game.step == 1 and not s.game.over


def test_pause_and_end_a_table_change_the_store(seated):
    store, page, _kids, tables = seated
    t, table = page.teacher, tables[0]
    page.table_pick.value = table
    assert page.pause_table_button.description == "Pause this table"
    page.pause_table_button.click()
    assert store.table_state(t, table)["paused"] and store.tables(t)[-1]["paused"] is True
    assert page.pause_table_button.description == "Let it go on" and ">paused<" in _row(page, table)
    assert ">playing<" in _row(page, tables[1])
    assert store.play_bots(t, table) == 0
    page.pause_table_button.click()
    assert not store.table_state(t, table)["paused"] and ">playing<" in _row(page, table)
    page.pause.value = True  # the whole class: every table waits
    assert ">paused<" in _row(page, tables[1]) and "every game table waits" in page.pacing_line.value
    page.pause.value = False
    # ending takes two presses
    page.end_table_button.click()
    assert store.table_state(t, table)["status"] == "playing" and "Yes, end table" in page.end_table_button.description
    page.end_table_button.click()
    assert store.table_state(t, table)["status"] == "closed"
    assert ">ended early<" in _row(page, table) and page.end_table_button.disabled
    assert page.table_pick.value == table and "(ended early)" in dict(
        (v, k) for k, v in page.table_pick.options)[table]


def test_a_tables_exported_record_replays_to_the_table(seated):
    store, page, kids, tables = seated
    t, table = page.teacher, tables[1]
    _one_move(store, t, table, kids)
    page.table_pick.value = table
    page.export_table_button.click()
    assert page.record_box.layout.display == "" and "chili-copy-box" in page.record_box._dom_classes
    assert "copy</button>" in page.record_head.value
    record = json.loads(page.record_text.value)
    assert record == store.table_record(t, table) and len(record["moves"]) == 1
    assert get("loco").replay(record).fingerprint() == store.table_state(t, table)["fingerprint"]
    link = page.record_link.value
    name, data = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', link).groups()
    assert name == f"class-{t.code}-table-{table}.json"
    assert json.loads(base64.b64decode(data).decode("utf-8")) == record


def test_seat_everyone_at_a_lessons_position(store):
    """'start from' a lesson: every table plays the lesson's position, with the lesson's number of seats."""
    from chililab.apps.class_teacher import TeacherPage

    c = store.start_class("Lesson tables")
    for nick in ("Ana", "Ben", "Cy"):
        store.join(c.code, nick)
    page = TeacherPage(store=store, fragment=f"class={c.code}&teacher={c.teacher_token}")
    page.seat_game.value = "mafia"
    assert ("lesson: Stop an attack with Fuggedaboutit", "fuggedaboutit") in page.seat_start.options
    page.seat_start.value = "fuggedaboutit"
    new = page.seat_everyone()
    assert len(new) == 2  # three students at two-player tables
    t = store.teacher(c.code, c.teacher_token)
    from chililab.engine import registry

    want = registry.get("mafia").lesson("fuggedaboutit").build().fingerprint()
    assert {store.table_state(t, k)["fingerprint"] for k in new} == {want}
