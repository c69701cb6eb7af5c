"""The class store (chililab.classes.store), the same tests on SQLite and on PostgreSQL (conftest.py)."""
from __future__ import annotations

import pytest

from chililab.classes import store as store_module
from chililab.classes.codes import CODE_ALPHABET, ClassError
from chililab.classes.store import Store, Student

HOSTILE = ["<img src=x onerror=alert(1)>", "<script>alert('x')</script>", "Robert'); DROP TABLE students;--"]


def _class(store, name="Year 10 maths"):
    c = store.start_class(name)
    return c, store.teacher(c.code, c.teacher_token)


def test_a_class_starts_with_a_code_for_the_board_and_a_secret_teacher_token(store):
    c = store.start_class("  Year 10   maths ")
    assert c.name == "Year 10 maths" and len(c.code) == 6 and set(c.code) <= set(CODE_ALPHABET)
    assert len(c.teacher_token) >= 30
    t = store.teacher(c.code.lower(), c.teacher_token)  # the code as typed: case-blind
    assert (t.code, t.name) == (c.code, "Year 10 maths")
    # the store keeps only the token's hash
    assert c.teacher_token not in repr(store.classes()) and store.classes()[0]["students"] == 0


@pytest.mark.parametrize("token", ["", "wrong", None, 5])
def test_the_teacher_page_refuses_anything_but_the_teacher_token(store, token):
    c = store.start_class("A")
    with pytest.raises(ClassError, match="teacher link is not right"):
        store.teacher(c.code, token)
    other = store.start_class("B")
    with pytest.raises(ClassError, match="teacher link is not right"):
        store.teacher(c.code, other.teacher_token)  # another class's token


def test_a_new_teacher_link_replaces_the_old_one(store):
    c, t = _class(store)
    new = store.new_teacher_token(t)
    assert store.teacher(c.code, new) == t
    with pytest.raises(ClassError):
        store.teacher(c.code, c.teacher_token)


def test_students_join_with_the_code_and_a_nickname_only(store):
    c, t = _class(store)
    s, token = store.join(f" {c.code[:3].lower()}-{c.code[3:]} ", "  Ana  ")
    assert s == Student(t.class_id, s.student_id, "Ana", c.code)
    assert store.student(token) == s and store.student("not a token") is None and store.student(None) is None
    assert [r["nickname"] for r in store.roster(t)] == ["Ana"]


@pytest.mark.parametrize("code, nickname, words", [
    ("QQQQQQ", "Ana", "no class has the code QQQQQQ"), ("12", "Ana", "a class code is 6 letters"),
    (None, "Ana", "type the class code"), (None, "", "type the class code"),
])
def test_a_wrong_code_is_refused_in_words(store, code, nickname, words):
    _class(store)
    with pytest.raises(ClassError, match=words):
        store.join(code, nickname)
    assert store.classes()[0]["students"] == 0


@pytest.mark.parametrize("nickname, words", [("", "empty"), ("x" * 25, "too long"), ("a\u200bb", "cannot be shown"),
                                             (7, "must be text")])
def test_a_bad_nickname_is_refused_and_nothing_changes(store, nickname, words):
    c, t = _class(store)
    with pytest.raises(ClassError, match=words):
        store.join(c.code, nickname)
    assert store.roster(t) == []


def test_a_nickname_is_unique_in_its_class_only(store):
    a, ta = _class(store, "A")
    b, tb = _class(store, "B")
    store.join(a.code, "Ana")
    with pytest.raises(ClassError, match="already has the nickname"):
        store.join(a.code, "ANA")
    store.join(b.code, "ana")  # another class
    assert len(store.roster(ta)) == len(store.roster(tb)) == 1


def test_a_closed_class_takes_no_new_student_but_keeps_its_own(store):
    c, t = _class(store)
    s, token = store.join(c.code, "Ana")
    store.set_open(t, False)
    with pytest.raises(ClassError, match="closed to new students"):
        store.join(c.code, "Bo")
    assert store.student(token) == s and store.add_attempt(s, "e", "1/2", True)
    store.set_open(t, True)
    store.join(c.code, "Bo")
    assert len(store.roster(t)) == 2


def test_joining_is_rate_limited_after_many_wrong_codes(store, monkeypatch):
    monkeypatch.setattr(store_module, "JOIN_FAILURES_PER_MINUTE", 5)
    c, t = _class(store)
    for _ in range(5):
        with pytest.raises(ClassError, match="no class has the code"):
            store.join("ZZZZZZ", "Eve")
    with pytest.raises(ClassError, match="too many wrong class codes"):
        store.join(c.code, "Ana")  # even the right code waits a minute
    assert store.roster(t) == []


def test_hostile_text_is_kept_as_typed_and_harms_nothing(store):
    c, t = _class(store, HOSTILE[2][:80])
    for i, text in enumerate(HOSTILE):
        s, _ = store.join(c.code, text[:24])
        store.add_attempt(s, f"e{i}", text, False)
    assert [r["nickname"] for r in store.roster(t)] == [h[:24] for h in HOSTILE]
    assert [r["answer"] for r in store.rows(t, "attempts")] == HOSTILE
    assert store.classes()[0]["name"] == HOSTILE[2][:80]


def test_a_submission_sent_twice_is_stored_once(store):
    c, t = _class(store)
    s, _ = store.join(c.code, "Ana")
    assert store.add_trials(s, "q", {"players": 4}, 100, successes=31, seed=7, sid="t-1")
    assert not store.add_trials(s, "q", {"players": 4}, 100, successes=31, seed=7, sid="t-1")
    assert store.add_attempt(s, "e", "3/8", True, sid="a-1") and not store.add_attempt(s, "e", "3/8", True, sid="a-1")
    assert len(store.rows(t, "trials")) == len(store.rows(t, "attempts")) == 1
    other, _ = store.join(c.code, "Bo")
    assert store.add_attempt(other, "e", "1/8", False, sid="a-1")  # a sid is the student's own


def test_trials_and_pooled_totals(store):
    c, t = _class(store)
    a, _ = store.join(c.code, "Ana")
    b, _ = store.join(c.code, "Bo")
    store.add_trials(a, "q", {"players": 4}, 100, successes=30, seed=1)
    store.add_trials(a, "q", {"players": 4}, 200, successes=50, seed=2)
    store.add_trials(b, "q", {"players": 4}, 100, successes=40, seed=3)
    store.add_trials(b, "v", {}, 10, total=35.0, total_sq=140.0)
    assert store.pooled(a, "q") == {"students": 2, "samples": 400, "successes": 120, "total": None, "total_sq": None}
    assert store.pooled(t, "v") == {"students": 1, "samples": 10, "successes": None, "total": 35.0, "total_sq": 140.0}
    assert store.pooled(a, "nothing yet")["samples"] == 0
    rows = store.rows(t, "trials", "q")
    assert [(r["nickname"], r["samples"], r["successes"], r["seed"]) for r in rows] == [
        ("Ana", 100, 30, 1), ("Ana", 200, 50, 2), ("Bo", 100, 40, 3)]
    assert rows[0]["settings"] == '{"players": 4}'
    assert store.rows(t, "trials", since_id=rows[1]["id"])[0]["nickname"] == "Bo"


@pytest.mark.parametrize("kw, words", [
    ({"samples": 0, "successes": 0}, "samples must be"), ({"samples": 10, "successes": 11}, "successes must be"),
    ({"samples": True, "successes": 0}, "samples must be"), ({"samples": 10}, "either the successes"),
    ({"samples": 10, "successes": 1, "total": 2.0}, "either the successes"),
    ({"samples": 10, "total": float("nan")}, "total must be a number"),
    ({"samples": 10, "successes": 1, "seed": -1}, "seed must be"),
    ({"samples": 10, "successes": 1, "settings": {"f": object()}}, "plain values"),
])
def test_bad_trials_are_refused_and_nothing_is_stored(store, kw, words):
    c, t = _class(store)
    s, _ = store.join(c.code, "Ana")
    kw = dict(kw)  # the same parameters serve both backends
    settings = kw.pop("settings", {})
    with pytest.raises(ClassError, match=words):
        store.add_trials(s, "q", settings, **kw)
    assert store.rows(t, "trials") == []


def test_a_student_reads_and_writes_only_their_own_rows(store):
    c, t = _class(store)
    a, _ = store.join(c.code, "Ana")
    b, _ = store.join(c.code, "Bo")
    store.add_attempt(a, "e", "1/2", True)
    store.add_attempt(b, "e", "1/3", False)
    assert [r["answer"] for r in store.my_rows(a, "attempts")] == ["1/2"]
    assert "nickname" not in store.my_rows(a, "attempts")[0]
    assert set(store.pooled(a, "e")) == {"students", "samples", "successes", "total", "total_sq"}  # no names


def test_a_forged_student_of_another_class_writes_nothing(store):
    a, ta = _class(store, "A")
    b, tb = _class(store, "B")
    s, _ = store.join(a.code, "Ana")
    forged = Student(tb.class_id, s.student_id, "Ana", b.code)  # Ana's id under class B
    with pytest.raises(ClassError, match="no longer in this class"):
        store.add_attempt(forged, "e", "x", True)
    assert store.rows(tb, "attempts") == [] and store.rows(ta, "attempts") == []


def test_the_teacher_renames_and_removes_only_their_own_students(store):
    a, ta = _class(store, "A")
    b, tb = _class(store, "B")
    s, token = store.join(a.code, "Ana")
    other, _ = store.join(b.code, "Bo")
    store.add_attempt(s, "e", "1/2", True)
    store.rename(ta, s.student_id, "Ana K.")
    assert store.roster(ta)[0]["nickname"] == "Ana K." and store.rows(ta, "attempts")[0]["nickname"] == "Ana K."
    with pytest.raises(ClassError, match="no such student"):
        store.rename(ta, other.student_id, "X")
    with pytest.raises(ClassError, match="no such student"):
        store.remove(ta, other.student_id)
    store.remove(ta, s.student_id)
    assert store.roster(ta) == [] and store.rows(ta, "attempts") == [] and store.student(token) is None
    with pytest.raises(ClassError, match="no longer in this class"):
        store.add_attempt(s, "e", "again", True)
    assert [r["nickname"] for r in store.roster(tb)] == ["Bo"]


def test_deleting_a_class_deletes_all_its_data_and_nothing_else(store):
    a, ta = _class(store, "A")
    b, tb = _class(store, "B")
    for code in (a.code, b.code):
        s, _ = store.join(code, "Ana")
        store.add_attempt(s, "e", "1/2", True)
        store.add_trials(s, "q", {}, 10, successes=3)
        store.add_game(s, "loco", {"moves": []}, "P0 won")
    store.delete_class(ta)
    assert [r["code"] for r in store.classes()] == [b.code]
    assert all(len(store.rows(ta, w)) == 0 for w in ("attempts", "trials", "games"))
    assert all(len(store.rows(tb, w)) == 1 for w in ("attempts", "trials", "games"))
    assert store.pacing(ta)["deleted"] is True
    with pytest.raises(ClassError):
        store.teacher(a.code, a.teacher_token)


def test_pacing(store):
    c, t = _class(store)
    s, _ = store.join(c.code, "Ana")
    before = store.pacing(s)
    assert before["focus"] is None and before["paused"] is False and before["projector"] is False
    store.set_pacing(t, focus="loco_explorer.ipynb?question=hot", focus_title="the Hot Sauce stack", paused=True)
    now = store.pacing(s)
    assert (now["focus"], now["focus_title"], now["paused"]) == ("loco_explorer.ipynb?question=hot",
                                                                 "the Hot Sauce stack", True)
    assert now["changed"] >= before["changed"]
    store.set_pacing(t, paused=False)
    assert store.pacing(s)["focus"] == "loco_explorer.ipynb?question=hot" and not store.pacing(s)["paused"]
    for bad in ("https://evil.example/", "/etc/passwd", "x" * 301, "a\nb"):
        with pytest.raises(ClassError, match="a dashboard's name"):
            store.set_pacing(t, focus=bad)
    assert store.pacing(s)["focus"] == "loco_explorer.ipynb?question=hot"


def test_a_class_survives_closing_and_opening_the_store(store_url):
    with Store.open(store_url) as s1:
        c = s1.start_class("Year 10")
        st, token = s1.join(c.code, "Ana")
        s1.add_attempt(st, "e", "1/2", True)
    with Store.open(store_url) as s2:
        t = s2.teacher(c.code, c.teacher_token)
        assert s2.student(token) == st and s2.rows(t, "attempts")[0]["answer"] == "1/2"


def test_a_game_record_is_kept(store):
    from chililab.games import loco

    c, t = _class(store)
    s, _ = store.join(c.code, "Ana")
    g = loco.new_game(players=2, seed=3)
    store.add_game(s, "loco", g.record, "2 players, in progress")
    row = store.rows(t, "games")[0]
    import json

    assert loco.replay(json.loads(row["record"])).fingerprint() == g.fingerprint()
