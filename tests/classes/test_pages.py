"""The pages of a class, driven as the browser drives them (widget values and the clock's messages), on both
databases: joining, the explorers' pooled presses, the exercises' attempts, pacing, the teacher's page and what it
refuses, the projector, and hostile text shown as text."""
from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets as W
import pytest

from chililab.apps import class_teacher, classwork
from chililab.apps.classwork import ClassBar, ClassLink
from chililab.classes.store import Store
from chililab.widgets.exercise import Exercise

HOSTILE_NICK = "<img src=x onerror=1>"
HOSTILE_ANSWER = "<script>alert(1)</script>"


@pytest.fixture
def klass(store):
    c = store.start_class("Year 10 <b>maths</b>")
    page = class_teacher.TeacherPage(store=store, fragment=f"class={c.code}&teacher={c.teacher_token}")
    assert page.teacher is not None and page.ticker.running
    yield store, c, page
    classwork._LINK = None


def student(store, code, nickname) -> ClassLink:
    """A student's page: its class link, joined through the bar's form as a student would."""
    link = ClassLink()
    link._store = store
    bar = ClassBar("index.ipynb", form=True, class_link=link)
    bar.code.value, bar.nickname.value = code, nickname
    assert bar.do_join(), bar.say.value
    assert bar.keep.token == link.token and bar.code.value == ""
    return link


def as_page(link: ClassLink) -> None:
    """Make ``link`` this kernel's page (one kernel is one page)."""
    classwork._LINK = link


def no_raw_tags(text: str) -> None:
    assert "<img" not in text and "<script" not in text and "<b>maths" not in text


def test_joining_refuses_a_wrong_code_and_changes_nothing(klass):
    store, c, page = klass
    link = ClassLink()
    link._store = store
    bar = ClassBar("index.ipynb", form=True, class_link=link)
    bar.code.value, bar.nickname.value = "ZZZZZZ" if c.code != "ZZZZZZ" else "YYYYYY", "Sam"
    assert not bar.ticker.running  # a page alone asks the kernel nothing
    assert not bar.do_join()
    assert "Not joined: no class has the code" in bar.say.value and link.student is None and bar.keep.token == ""
    assert not bar.ticker.running
    bar.code.value, bar.nickname.value = c.code, ""
    assert not bar.do_join() and link.student is None
    assert store.roster(page.teacher) == []


def test_on_a_hub_the_nickname_offered_is_the_hub_user_name(klass, monkeypatch):
    store, c, page = klass
    monkeypatch.setenv("JUPYTERHUB_USER", "sam.k")
    link = ClassLink()
    link._store = store
    bar = ClassBar("index.ipynb", form=True, class_link=link)
    assert bar.nickname.value == "sam.k"
    bar.code.value = c.code
    assert bar.do_join(), bar.say.value
    assert [r["nickname"] for r in store.roster(page.teacher)] == ["sam.k"]
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert ClassBar("index.ipynb", form=True, class_link=ClassLink()).nickname.value == ""


def test_a_reload_rejoins_with_the_kept_token_and_a_removed_student_is_forgotten(klass):
    store, c, page = klass
    first = student(store, c.code, "Sam")
    again = ClassLink()
    again._store = store
    bar = ClassBar("loco_explorer.ipynb", class_link=again)
    bar.keep.token = first.token  # what the browser reports from localStorage on the next page
    assert again.student == first.student and "as <b>Sam</b>" in bar.line.value
    assert bar.ticker.running  # in a class, the clock asks about pacing every second
    store.remove(page.teacher, first.student.student_id)
    bar.tick()  # the next second
    assert again.student is None and bar.keep.token == "" and "working alone" in bar.say.value
    assert not bar.ticker.running
    other = ClassLink()
    other._store = store
    ClassBar("index.ipynb", class_link=other).keep.token = first.token
    assert other.student is None


def test_explorer_presses_are_pooled_and_the_teacher_sees_each_student(klass):
    from chililab.games.loco.apps import explorer

    store, c, page = klass
    runs = {}
    for name, seed in (("Ann", 1), ("Bo", 2)):
        as_page(student(store, c.code, name))
        ex = explorer.app(seed=seed, question="wild")
        ex.simulate(100)
        ex.simulate(10)
        runs[name] = ex.runs[ex.headline].estimate
    assert "Your class" in ex.versus.value and "by 2 students" in ex.versus.value
    page.refresh()
    (only,) = page._experiments.values()
    assert only.pooled.n == 220 and only.presses == 4
    assert only.pooled.total == runs["Ann"].total + runs["Bo"].total
    assert only.exact == ex.exact[ex.headline]
    assert "Ann" in page.estimates.value and "Bo" in page.estimates.value
    names = [t["name"] for t in page.chart.figure["data"]]
    assert names[:2] == ["Ann", "Bo"] and "the class (pooled)" in names and "exact" in names
    # another setting of the same question is another experiment
    ex.params["cards"].value = 3
    ex.simulate(10)
    page.refresh()
    assert len(page._experiments) == 2


def test_a_student_far_from_the_exact_value_stands_out(klass):
    store, c, page = klass
    exact = Fraction(1, 2)
    for name, successes in (("Ann", 500), ("Bo", 900)):
        link = student(store, c.code, name)
        store.add_trials(link.student, "demo.coin", {"exact": str(exact), "title": "A coin"}, 1000, successes)
    page.refresh()
    table = page.estimates.value
    bo = table[table.index("Bo"):]
    assert "far from the exact value" in bo.split("</tr>")[0]
    assert "far from" not in table[table.index("Ann"):].split("</tr>")[0]
    assert "1 of 2 intervals miss the exact value" in table


def test_exercise_attempts_reach_the_grid_and_the_answer_counts(klass):
    store, c, page = klass
    for name, answers in (("Ann", ["20%", "1/7"]), ("Bo", ["20%"]), ("Cy", [])):
        as_page(student(store, c.code, name))
        ex = Exercise("wild?", Fraction(1, 7), key="loco-wild")
        for a in answers:
            ex.check(a)
        ex.check("banana")  # not a number: not an attempt, nothing sent
    page.refresh()
    grid = page.grid.value
    assert grid.count("&#10003; right") == 1 and grid.count("&#10007; not yet") == 1 and grid.count("&ndash;") == 1
    assert "banana" not in grid
    assert re.search(r"20%</span>: 1 student</li>", page.answers.value)  # Bo's latest; Ann's latest is 1/7
    assert "1/7</span>: 1 student (right)" in page.answers.value


def test_hostile_text_is_shown_as_text_on_the_teacher_page(klass):
    store, c, page = klass
    link = student(store, c.code, HOSTILE_NICK)
    store.add_attempt(link.student, "loco-wild", HOSTILE_ANSWER, False)
    store.add_trials(link.student, "demo.q", {"exact": "1/2", "title": "<script>x</script>"}, 10, 5)
    page.refresh()
    for text in (page.header.value, page.grid.value, page.answers.value, page.estimates.value,
                 *[w.value for row in page.roster_box.children for w in row.children if isinstance(w, W.HTML)]):
        no_raw_tags(text)
    # the rename box holds the nickname as an input's value: text, never markup
    assert [w.value for w in page.roster_box.children[0].children if isinstance(w, W.Text)] == [HOSTILE_NICK]
    assert "&lt;img src=x onerror=1&gt;" in page.grid.value and "&lt;script&gt;" in page.answers.value
    chart = str(page.chart.figure)
    assert "<img" not in chart and "&lt;img" in chart and "<script" not in chart
    # a dropdown's option is drawn as text by the browser (ipywidgets sets its textContent): the title as it was
    assert page.experiment.options[0][0].startswith("<script>x</script> \u00b7 1 student")


def test_the_projector_hides_every_name(klass):
    store, c, page = klass
    for name in ("Ann", "Bo"):
        link = student(store, c.code, name)
        store.add_attempt(link.student, "e", "1/2", True)
        store.add_trials(link.student, "demo.q", {"exact": "1/2"}, 10, 5)
    page.projector.value = True
    assert store.pacing(page.teacher)["projector"] is True
    shown = page.grid.value + page.estimates.value + str(page.chart.figure)
    assert "Ann" not in shown and "Bo" not in shown and "Student 1" in shown and "Student 2" in shown
    assert page.students_panel.layout.display == "none"
    page.projector.value = False
    assert "Ann" in page.grid.value and page.students_panel.layout.display == ""


def test_pacing_moves_and_pauses_the_students_pages(klass):
    store, c, page = klass
    link = student(store, c.code, "Ann")
    bar = ClassBar("loco_explorer.ipynb", query="", class_link=link)
    notebook = ClassBar("notebook", query="", class_link=link)
    page.target.value = "loco.ipynb?lesson=setup"
    page.send.click()
    bar.tick(), notebook.tick()
    assert bar.ticker.goto == "loco.ipynb?lesson=setup"
    assert notebook.ticker.goto == "" and "asks everyone to open" in notebook.say.value  # a notebook is told
    arrived = ClassBar("loco.ipynb", query="lesson=setup&seat=0", class_link=link)
    arrived.tick()
    assert arrived.ticker.goto == "" and "Your teacher brought the class here" in arrived.say.value
    page.pause.value = True
    bar.tick()
    assert "paused" in bar.ticker.paused
    page.pause.value = False
    bar.tick()
    assert bar.ticker.paused == ""
    page.roam.click()
    other = ClassBar("mafia.ipynb", query="", class_link=link)
    other.tick()
    assert other.ticker.goto == ""


def test_the_teacher_page_refuses_without_the_token(klass):
    store, c, page = klass
    student(store, c.code, "Ann")
    for fragment in ("", f"class={c.code}", f"class={c.code}&teacher=wrong", f"class=&teacher={c.teacher_token}"):
        other = class_teacher.TeacherPage(store=store, fragment=fragment)
        assert other.teacher is None and other.refusal.value and not other.ticker.running
        other.refresh()  # a tick forged by the page: still nothing read
        assert "Ann" not in other.grid.value + other.roster_box.children.__repr__()
        other.export("csv")
        assert other.export_box.value == ""


def test_a_student_in_a_class_is_offered_no_teachers_view(klass):
    from chililab.games.loco.apps import dashboard

    store, c, _page = klass
    link = student(store, c.code, "Ann")
    classwork._LINK = None
    page = dashboard.app(query="teacher=1")
    assert page.stepper.ctl.seat is None  # alone: the every-hand view is the learner's to choose
    page.class_bar.link = link
    as_page(link)
    link.on_change(page._class_changed)
    link._changed()
    s = page.stepper
    assert s.ctl.seat is not None and all(v != -1 for _t, v in s.w_seat.options)
    s.set_seat(None)
    assert s.ctl.seat is not None


def test_export_downloads_and_delete(klass, tmp_path):
    store, c, page = klass
    link = student(store, c.code, "Ann")
    store.add_attempt(link.student, "e", "=1+1", True)
    html = page.export("csv")
    assert html.count("download=") == 5 and "data:text/csv;base64," in html
    page.delete_button.click()
    assert store.roster(page.teacher)  # not ticked "I am sure": nothing deleted
    page.delete_sure.value = True
    page.delete_button.click()
    assert page.teacher is None and "deleted" in page.refusal.value
    assert store.student(link.token) is None


def test_starting_a_class_on_the_teacher_page(store):
    page = class_teacher.TeacherPage(store=store, fragment="")
    page.start_name.value = ""
    assert not page.start() and "Not started" in page.msg.value
    page.start_name.value = "Year 9"
    assert page.start() and page.teacher is not None and "#class=" in page.msg.value
    assert [r["name"] for r in store.classes()] == ["Year 9"]


def test_every_pacing_target_is_a_page_the_students_can_be_sent_to():
    from chililab.widgets.classlink import PAGE

    targets = class_teacher.targets()
    assert ("the start page", "index.ipynb") in targets
    assert any(v == "loco_explorer.ipynb?question=stack" for _t, v in targets)
    assert any(v.startswith("mafia.ipynb?lesson=") for _t, v in targets)
    assert all(PAGE.fullmatch(v) for _t, v in targets)


def test_dashboards_refuse_a_store_they_cannot_open(tmp_path, capsys):
    from chililab import cli

    assert cli.main(["dashboards", "--store", "mysql://x/y", "--port", "1"]) == 2
    assert "postgresql://" in capsys.readouterr().err
    Store.open(str(tmp_path / "c.sqlite3")).close()
