"""All You Can Chili's teaching, without a browser: the lessons (exact positions, done by their hint, refused with
their clause), the move groups, the dashboard and the tutorial notebook's cells."""
from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from chililab.control import OTHER, Controller
from chililab.engine import IllegalMove, registry
from chililab.games import aycc
from chililab.games.aycc.apps.dashboard import app
from chililab.games.aycc.lessons import LESSONS, SECTIONS, learner_text, lesson, move, play
from chililab.games.aycc.movegroups import EYE, FORK, ORDER, SERVE, WITHDRAW, move_group
from chililab.widgets import Stepper

from ..lesson_helpers import follow_hint as _follow_hint
from ..lesson_helpers import fresh_widgets  # noqa: F401 - an autouse fixture: every test starts without widgets
from ..lesson_helpers import text_of as _text

AYCC = registry.get("aycc")
CLAUSES = json.loads(resources.files("chililab.games.aycc").joinpath("data/rules.json").read_text(encoding="utf-8"))["clauses"]


# ------------------------------------------------------------------ the lessons

def test_lessons_cover_every_rule_section_and_are_registered():
    assert [s for s in SECTIONS if not any(le.section == s for le in LESSONS)] == []
    taught = {CLAUSES[r]["section"] for le in LESSONS for r in le.rules}
    assert {f"2.{k}" for k in range(1, 10)} <= taught  # sections 2.1 to 2.9 of the clause catalogue
    assert AYCC.lesson_list() == LESSONS and registry.load(AYCC.lesson_move) is move
    worked = {r for le in LESSONS for r in le.rules} | {r for le in LESSONS for r in re.findall(r"AYCC-EX-\d", le.text)}
    examples = {le.key for le in LESSONS if any(learner_text(f"AYCC-EX-{k}") in le.text for k in range(1, 6))}
    assert examples == {"vasco-33", "go-15", "naga-burns", "last-player", "fuego-locked"}, worked


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_each_lesson_is_an_exact_position_at_the_learners_decision(le):
    g = le.build()
    assert g.phase == le.phase and g.decision.players == (le.seat,)
    assert le.build().fingerprint() == g.fingerprint()  # explicit cards: the same position every time
    assert set(le.rules) <= set(CLAUSES)
    assert any(learner_text(r) in le.text for r in le.rules)  # the rulebook's words
    for words in (le.text, le.hint, le.title):  # read like the rulebook: no engine notation
        assert not re.search(r"[{}]|:=|\bDEC-\d|\bAYCC-|\b[a-z]+(?:_[a-z0-9]+)+\b", words), words


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_each_script_ends_where_its_rule_fires(le):
    g = le.build()
    play(g, le.script[:-1])
    last = play(g, le.script[-1:])
    assert any(set(le.rules) & set(e.rules) for e in last)  # the script's last move fires the lesson's rule


@pytest.mark.parametrize("teacher", [False, True], ids=["learner", "teacher"])
@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_every_lesson_reaches_done_by_its_intended_moves(le, teacher):
    s = Stepper(lesson=le, auto=True)
    if teacher:
        s.set_seat(None)
    _follow_hint(s)
    assert s.ctl.lesson_state() == "done", s.w_status.value + s.w_error.value
    assert s.w_done_box.layout.display is None and "Done" in _text(s.w_done.value)
    summary = s.ctl.lesson_summary()
    assert summary.endswith(".") and summary in _text(s.w_done.value)
    assert set(s.ctl.lesson_event()[2].rules) & set(le.rules)  # the highlighted line cites the lesson's rule
    assert 'class="chili-ev chili-ev-key"' in s.w_log.value
    assert "chili-table-done" in s.w_table._dom_classes and 'class="chili-changed"' in s.w_table.value
    assert len(s.game.moves) - s.ctl.start == len(le.script)  # bots stopped at "done"


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_a_wrong_move_gets_the_refusal_with_its_clause_and_the_hint(le):
    assert le.refused and len(le.refused) == len(le.refusal)
    for spec, clause in zip(le.refused, le.refusal):
        g = le.build()
        fp = g.fingerprint()
        with pytest.raises(IllegalMove) as e:
            g.apply(move(g, *spec))
        assert e.value.rule == clause and g.fingerprint() == fp
        s = Stepper(lesson=le, auto=True)
        s.click(move(s.game, *spec))
        shown = _text(s.w_error.value)
        # the reason in words, its clause one click away (behind "why?"), then the lesson's hint
        assert shown.startswith("Refused:") and f"[{clause}]" not in shown and clause in shown
        assert f"Hint: {s.ctl.words(le.hint)}" in shown
        assert s.game.fingerprint() == fp


def test_the_worked_examples_score_as_the_rulebook_says():
    for key, seat, points in (("vasco-33", 0, 33), ("go-15", 0, 15), ("last-player", 0, 26)):
        g = lesson(key).build()
        play(g, lesson(key).script)
        assert g.view(None).scores[seat] == points, key
    g = lesson("naga-burns").build()
    play(g, lesson("naga-burns").script)
    v = g.view(None)
    assert v.status[aycc.character("King Naga").id] == "burnt" and v.round_points[1] == 0 and g.decision.players == (1,)
    g = lesson("neutral").build()
    play(g, lesson("neutral").script)
    assert g.view(None).heats[aycc.character("Piri Piri").id] == 31
    assert g.view(None).status[aycc.character("Piri Piri").id] == "active"


def test_the_new_round_lesson_deals_the_learner_a_secret_identity_and_tolerance():
    s = Stepper(lesson=lesson("new-round"), auto=True)
    _follow_hint(s)
    v = s.game.view(0)
    assert v.round == 2 and v.identities == {0: aycc.character("Fuego Fred").id} and v.tolerances == {0: 21}
    assert "your secret identity is Fuego Fred, your tolerance is 21" in _text(s.w_log.value)
    assert "your tolerance is 17" not in _text(s.w_log.value)  # P1's deal stays P1's


# ------------------------------------------------------------------ the move buttons

def test_moves_come_in_groups_titled_with_their_rule():
    c = Controller(lesson("fork").build(), seat=0)
    groups = [t for t, _, _ in c.move_groups()]
    # one group per dish in hand, named with what it does, then the withdrawal
    assert groups[-1] == WITHDRAW and len(groups) > 2 and all(t.startswith(SERVE + " ") for t in groups[:-1])
    assert "serve a 2 with the Fork: then you may move the top dish of one pile onto another \u00b7 AYCC-SERVE-1" \
        in groups
    assert all(t in ORDER or t.split(" ")[0] in ORDER for t in groups)
    c.click(move(c.game, "Serve", 0, "2F", "Piri Piri"))
    assert [t for t, _, _ in c.move_groups()] == [FORK]
    g = lesson("eye").build()
    play(g, lesson("eye").script + (("Serve", 1, "7", "King Naga"), ("Serve", 2, "7", "Vasco Tabasco")))
    g.apply(move(g, "Serve", 0, "5", "Piri Piri"))
    assert g.phase == "ACTION"  # a plain 5: no Eye to ask about
    view = g.view(0)
    assert move_group(view, aycc.Eye(0, 2)) == (OTHER, "AYCC-ICON-EYE-1")  # seen already: nothing new
    assert move_group(view, aycc.Eye(0, 1)) == (EYE, None)


def test_inferno_moves_are_grouped_by_ability():
    c = Controller(lesson("savage-diss").build(), seat=0)
    assert [t for t, _, _ in c.move_groups()] == ["reveal your identity \u00b7 AYCC-INFERNO-1"]
    c.click(move(c.game, "Reveal", 0))
    assert [t for t, _, _ in c.move_groups()] == ["Savage Diss \u00b7 AYCC-INFERNO-KINGNAGA-1"]


# ------------------------------------------------------------------ the dashboard and the notebook

def test_the_dashboard_plays_and_opens_lessons():
    page = app()
    assert page.spec is AYCC and page.stepper.seat == 0 and page.stepper.game.seed == 7
    assert len(page.lesson_menu.options) == len(LESSONS) + 1
    assert 'data-viewer="P0"' in page.stepper.w_table.value
    page.lesson_menu.value = "vasco-33"
    assert page.stepper.ctl.lesson.key == "vasco-33" and page.link.value.endswith("?lesson=vasco-33")
    page.lesson_menu.value = ""
    page.on_deal()
    assert page.link.value == "" and page.stepper.ctl.lesson is None  # a player's seat: the seed is not shown
    page.open_link("teacher=1")  # the teacher's view comes with the teacher's link (issue 22)
    assert "seed=" in page.link.value and page.link.value.endswith("&teacher=1")


def test_each_notebook_cell_runs(capsys):
    from chililab.games.aycc.apps import tutorial as cells
    from chililab.games.loco.apps import tutorial as loco_cells

    cells.engine_decision()
    g = aycc.new_game(players=4, seed=7)
    cells.engine_views(g)
    cells.engine_table(g)
    for _, fn in cells.ENGINE_AFTER.values():
        fn()
    out = capsys.readouterr().out
    assert "refused: AYCC-ICON-LOCK-2" in out and "= 33" in out and "the teacher sees" in out
    for fn in (cells.flow_stepper, cells.own_position, cells.all_lessons):
        fn()
    game = aycc.new_game(players=4, seed=7)
    loco_cells.flow_play(Stepper(game, seat=None), game)
    cells.own_stepper(Stepper, lesson("serve").build())
    assert game.over and "after" in capsys.readouterr().out
    assert "from chililab.games import aycc" in cells.imports_source()
