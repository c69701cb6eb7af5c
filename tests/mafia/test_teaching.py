"""Chili Mafia's teaching, without a browser: the lessons (done by their hint, refused with their clause), the
table picture (gangs as gangs, hidden cards face down), the guided replay of the rulebook's example turn, and
the gang-scoring calculator."""
from __future__ import annotations

import dataclasses
import html
import re

import pytest

from chililab.control import Controller
from chililab.engine import IllegalMove, registry
from chililab.games.mafia.apps.dashboard import GangCalculator, app, example_replay
from chililab.games.mafia.lessons import EXAMPLE_TURN, LESSONS, SECTIONS, example_turn, learner_text, lesson, move
from chililab.games.mafia.pictures import table_svg
from chililab.games.mafia.rules.cards import hot_property_deck, of_key
from chililab.games.mafia.rules.checks import score
from chililab.games.mafia.text import describe
from chililab.widgets import Stepper

from ..lesson_helpers import follow_hint as _follow_hint
from ..lesson_helpers import fresh_widgets  # noqa: F401 - an autouse fixture: every test starts without widgets
from ..lesson_helpers import text_of as _text

MAFIA = registry.get("mafia")
DATA_ID = re.compile(r'data-id="(\d+)"')


# ------------------------------------------------------------------ the lessons

def test_one_lesson_or_more_per_section_and_registered():
    assert {le.section for le in LESSONS} == set(SECTIONS)
    assert MAFIA.lesson_list() == LESSONS and registry.load(MAFIA.lesson_move) is move


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_each_lesson_is_an_exact_position_at_the_learners_decision(le):
    g = le.build()
    assert g.phase == le.phase and le.seat in g.decision.players
    assert le.build().fingerprint() == g.fingerprint()  # explicit decks: the same position every time
    assert set(le.rules) <= set(MAFIA.clause_texts())
    assert any(learner_text(r) in le.text for r in le.rules)  # the rulebook's words
    for words in (le.text, le.hint, le.title):  # read like the rulebook: no engine notation
        assert not re.search(r"[{}]|:=|\bDEC-\d|\bMAFIA-|\b[a-z]+(?:_[a-z0-9]+)+\b", words), words


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
    assert 'class="chili-ev chili-ev-key"' in s.w_log.value
    assert len(s.game.moves) - s.ctl.start == len(le.script)  # bots stopped at "done"


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_a_wrong_move_gets_the_refusal_with_its_clause_and_the_hint(le):
    assert le.refused and len(le.refused) == len(le.refusal)
    for spec, clause in zip(le.refused, le.refusal):
        g = le.build()
        fp = g.fingerprint()
        wrong = move(g, *spec)
        with pytest.raises(IllegalMove) as e:
            g.apply(wrong)
        assert e.value.rule == clause and g.fingerprint() == fp
        s = Stepper(lesson=le, auto=True)
        s.click(move(s.game, *spec))
        shown = _text(s.w_error.value)
        # the reason in words, its clause one click away (behind "why?"), then the lesson's hint
        assert shown.startswith("Refused:") and f"[{clause}]" not in shown and clause in shown
        assert f"Hint: {s.ctl.words(le.hint)}" in shown
        assert s.game.fingerprint() == fp


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_a_teachers_click_advances_exactly_one_decision_of_the_learner(le):
    c = Controller(MAFIA.new_game(players=2, seed=1))
    c.load_lesson(le, teacher=True)
    first = c.scripted(le.seat)[1]
    assert first in c.moves()
    before = sum(m.player == le.seat for m in c.game.moves)
    c.click(first, auto=True)
    assert sum(m.player == le.seat for m in c.game.moves) == before + 1
    assert c.game.over or c.lesson_state() == "done" or le.seat in c.game.decision.players


def test_lessons_change_what_they_say():
    g = lesson("whack").build()
    events = g.apply(move(g, *lesson("whack").script[0]))
    assert g.phase == "DEFENSE" and any("MAFIA-HOT-2" in e.rules for e in events)
    g = lesson("final-round").build()
    for spec in lesson("final-round").script:
        g.apply(move(g, *spec))
    assert g.over and g.result.scores[1] == 54
    assert "Game over: Player 2 wins with 54 points." in table_svg(g.view(0))


def _key_event(le):
    c = Controller(MAFIA.new_game(players=2, seed=1))
    c.load_lesson(le)
    for spec in le.script:
        c.game.apply(move(c.game, *spec))
    return c.game, c.lesson_event()[2]


def test_the_promo_lessons_show_their_rule_at_work():
    samurai = lesson("samurai")
    g = samurai.build()
    turncoats = [m for m in g.legal_moves() if getattr(m, "card", None) is not None and m.card.key == "turncoat"]
    assert turncoats and {t.key for m in turncoats for t in m.targets} == {"jalapeno"}  # never the Samurai's gang
    g, hit = _key_event(samurai)
    assert "Habanero discarded" in hit.text and [c.key for c in g.view(None).gangs[1][0]] == ["yatsufusa", "hungarian"]
    g, hit = _key_event(lesson("rumble"))
    assert "P0 discards Carolina Reaper from the beaten gang" in hit.text
    assert sorted(c.key for c in g.view(None).gangs[1][0]) == ["moruga", "sweet"]
    g, hit = _key_event(lesson("taste-me"))
    assert "MAFIA-PROMO-TASTE-2" in hit.rules and [c.key for c in g.view(None).removed] == ["taste_me"]
    assert g.view(None).hand_counts[0] == 5  # Ghost, Jimmy and Whack kept, 2 cards drawn: the Taste Me replaced
    svg = table_svg(g.view(1))  # the eaten card lies face up in the centre strip, for every seat
    assert "tasted 1" in svg and f'data-id="{g.view(None).removed[0].id}"' in svg
    assert "tasted" not in table_svg(lesson("taste-me").build().view(0))


def test_a_discard_spec_may_name_a_rival_gang():
    g = lesson("rumble").build()
    carolina = next(c for c in g.view(None).gangs[1][0] if c.key == "carolina")
    assert move(g, "Discard", 0, "Carolina", 1).card == carolina
    with pytest.raises(ValueError, match="P0's gangs holds no 'Carolina'"):
        move(g, "Discard", 1, "Carolina", 0)


# ------------------------------------------------------------------ the table picture

def test_a_seat_sees_its_own_cards_and_no_other_hand():
    g = lesson("whack").build()
    for seat in (0, 1):
        view = g.view(seat)
        shown = {int(i) for i in DATA_ID.findall(table_svg(view))}
        assert {c.id for c in view.hand} <= shown <= view.visible_card_ids()
        other = {c.id for c in g.view(None).hands[1 - seat]}
        assert not shown & other
    teacher = {int(i) for i in DATA_ID.findall(table_svg(g.view(None)))}
    assert {c.id for h in g.view(None).hands.values() for c in h} <= teacher


def test_hidden_draft_packets_and_hot_properties_stay_face_down():
    g = lesson("draft").build()
    view = g.view(0)
    shown = {int(i) for i in DATA_ID.findall(table_svg(view))}
    assert {c.id for c in view.packet} <= shown
    assert not shown & {c.id for s in (1, 2) for c in g.view(None).packets[s]}
    hp = hot_property_deck()
    with_hp = dataclasses.replace(g.view(None), hot_properties={0: (hp[0],), 1: (hp[1],), 2: ()}, hp_counts=(1, 1, 0))
    mine = dataclasses.replace(with_hp, seat=0, hot_properties={0: (hp[0],)}, hands={0: with_hp.hands[0]})
    svg = table_svg(mine)
    assert f'data-id="{hp[0].id}"' in svg and f'data-id="{hp[1].id}"' not in svg
    assert "a face-down Hot Property" in svg and "Hot Properties: 1" in svg


def test_gangs_are_drawn_as_gangs_with_their_kind_and_the_raid_and_attack_show():
    g = lesson("sweet").build()
    svg = table_svg(g.view(0))
    assert svg.count('class="mafia-gang"') == 3 and "1. Mixed \u00b7 10" in svg and "2. Brotherhood \u00d72 \u00b7 48" in svg
    g = lesson("fuggedaboutit").build()
    svg = table_svg(g.view(1))
    assert "Habanero (7) plays Whack on Tabasco (6)" in html.unescape(svg) and 'stroke="#d00000"' in svg
    g = lesson("dawn-raid").build()
    assert "DAWN RAID" not in table_svg(g.view(0)) and "raid: in deck" in table_svg(g.view(0))
    g.apply(move(g, "EndTurn", 0))
    assert g.phase == "DAWN_RAID" and "DAWN RAID" in table_svg(g.view(1)) and "raid: drawn" in table_svg(g.view(1))
    words = describe(g.view(None))  # the view in words: the teacher's holds every hand
    assert "[Ghost Pepper*, Ghost Pepper*, Ghost Pepper*]=48" in words and "Dawn Raid drawn" in words
    assert "# P1's hand: The Hungarian, Jalape\u00f1o" in words and "your hand" not in words


# ------------------------------------------------------------------ the example turn and the calculator

def test_the_example_turn_replays_the_rulebook_step_by_step():
    g, start, texts = example_turn()
    assert g.step == start and len(texts) == len(EXAMPLE_TURN) + 1
    r = example_replay()
    while r.position < r.steps:
        r.next()
    v = r.game.view(None)
    assert [score(gang) for gang in v.gangs[1]] == [30, 14] and "Kate finishes her turn" in _text(r.w_text.value)
    assert "MAFIA-TURN-5" in r.w_events.value and r.w_next.disabled
    r.w_seat.value = 0  # Joe's seat: Kate's hand is face down
    assert not {int(i) for i in DATA_ID.findall(r.w_table.value)} & {c.id for c in v.hands[1]}
    r.goto(0)
    assert r.game.step == start and r.w_back.disabled


@pytest.mark.parametrize("peppers, points, words", [
    (("sweet", "poblano", "tabasco", "moruga"), 19, "Mixed Gang (Sweet Chili, Poblano, Tabasco, Moruga Scorpion): "
                                                    "1 + 3 + 6 + 9 = 19 points"),
    (("ghost", "ghost", "ghost"), 48, "Brotherhood Gang (Ghost Pepper x3): (8 + 8 + 8) x 2 = 48 points"),
    (("sweet", "habanero", "habanero"), 30, "(1 + 7 + 7) x 2 = 30 points"),
    (("ghost", "ghost"), 0, "Incomplete (2 peppers)"),
    (("ghost", "ghost", "jimmy"), 0, "Not a gang"),
])
def test_the_calculator_explains_the_rulebooks_scoring_example(peppers, points, words):
    calc = GangCalculator()
    for key in peppers:
        calc.add(key)
    assert calc.points == points and words in _text(calc.w_words.value)
    assert calc.cards() == [of_key(k)[sum(p == k for p in peppers[:i])] for i, k in enumerate(peppers)]
    calc.remove_last()
    assert len(calc.peppers) == len(peppers) - 1
    calc.w_clear.click()
    assert calc.peppers == [] and calc.w_undo.disabled


def test_the_dashboard_has_the_stepper_lessons_replay_and_calculator():
    page = app()
    assert page.spec is MAFIA and page.stepper.seat == 0 and page.calculator.points == 19
    assert len(page.lesson_menu.options) == len(LESSONS) + 1
    page.lesson_menu.value = "whack"
    assert page.stepper.ctl.lesson.key == "whack" and page.link.value.endswith("?lesson=whack")
    assert page.replay in [c for box in page.body.children for c in getattr(box, "children", ())]


def test_each_notebook_cell_runs(capsys):
    from chililab.games import mafia
    from chililab.games.loco.apps import tutorial as loco_cells
    from chililab.games.mafia.apps import tutorial as cells

    cells.engine_decision()
    cells.engine_table(mafia.new_game(players=2, seed=7))
    for _, fn in cells.ENGINE_AFTER.values():
        fn()
    cells.scoring()
    out = capsys.readouterr().out
    assert "refused: MAFIA-HOT-3" in out and "MAFIA-ACT-FUGG-1" in out and "= 48 points" in out
    for fn in (cells.example, cells.calculator, cells.flow_stepper, cells.own_position, cells.all_lessons):
        fn()
    game = mafia.new_game(players=4, seed=7)
    loco_cells.flow_play(Stepper(game, seat=None), game)
    cells.own_stepper(Stepper, lesson("add").build())
    assert game.over and "after" in capsys.readouterr().out
    assert "from chililab.games import mafia" in cells.imports_source()
