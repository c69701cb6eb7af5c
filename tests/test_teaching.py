"""Teaching with the stepper (issue 7): the teacher's seat that waits, lessons that say when you got it,
move buttons a person can scan, one step number, sharing a game, and loads that never break the page
(issue 8, "the stepper survives every load"). Controller and widgets in this process, no browser."""
from __future__ import annotations

import html
import json
import re

import ipywidgets as W
import pytest

from chililab import loco
from chililab.apps.game import GameDashboard
from chililab.apps.parts import bots_until, read_query, share_query
from chililab.control import OTHER, Controller
from chililab.engine import registry
from chililab.engine.words import people
from chililab.games.loco.lessons import LESSONS, lesson
from chililab.games.loco.rules.moves import MOVES
from chililab.widgets import Stepper
from chililab.widgets.stepper import TEACHER

LOCO = registry.get("loco")


@pytest.fixture(autouse=True)
def _fresh_widgets():
    W.Widget.close_all()
    yield
    W.Widget.close_all()


def _text(value: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<style>.*?</style>|<[^>]+>", " ", value, flags=re.S)).strip())


def _moves_of(game, seat) -> int:
    return sum(1 for m in game.moves if m.player == seat)


def _follow_hint(step_fn, ctl, limit=20):
    """Play the lesson's script for the learner (bots answer by themselves); the sentences said."""
    said = []
    for _ in range(limit):
        if ctl.lesson_state() != "playing":
            break
        hit = ctl.scripted(ctl.you)
        said.append(step_fn(None if hit is None else hit[1]))
    return said


# ------------------------------------------------------------------ 1. the teacher's seat waits

def test_teacher_click_with_bots_replying_advances_one_decision_of_you():
    """Before: in the teacher's seat one click let the bots play the whole game (game over at step 70)."""
    g = bots_until(LOCO.new_game(players=4, seed=7), 0)  # the dashboard's first deal
    c = Controller(g, seat=0)
    c.set_seat(None)  # the teacher's view: every hand, still playing P0
    assert c.seat is None and c.you == 0 and c.bots == {1, 2, 3}
    assert {m.player for m in c.moves()} <= {0}
    c.click(c.moves()[0], auto=True)
    assert not g.over and 0 in g.decision.players  # the bots stopped at P0's next decision
    assert _moves_of(g, 0) == 1
    # with no seat of its own the teacher's view moves for whoever decides, one decision per click
    c.set_seat(None)
    c.bots = {0, 1, 2, 3}
    step = g.step
    c.click(c.moves()[0], auto=True)
    assert g.step == step + 1


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_a_teachers_click_in_a_lesson_advances_exactly_one_decision_of_the_learner(le):
    c = Controller(LOCO.new_game(players=4, seed=1))
    c.load_lesson(le, teacher=True)
    assert c.seat is None and c.you == le.seat and le.seat not in c.bots
    first = c.scripted(le.seat)[1]
    assert first in c.moves()
    before = _moves_of(c.game, le.seat)
    c.click(first, auto=True)
    g = c.game
    assert _moves_of(g, le.seat) == before + 1
    assert g.over or c.lesson_state() == "done" or le.seat in g.decision.players


def test_the_seat_menu_is_the_one_seat_control_and_shows_the_lessons_seat():
    s = Stepper(LOCO.new_game(players=4, seed=7), seat=0)
    s.load_lesson("hot-sauce")  # a P1 lesson
    assert s.w_seat.value == 1 and s.w_seat.label == "Player 2 (you)"  # people count from 1: seat 1 is Player 2
    s.w_seat.value = -1  # the teacher's view keeps the learner's seat
    assert s.seat is None and s.ctl.you == 1 and s.w_seat.label == "Teacher: every hand, you play Player 2"
    s.load_lesson("catch")  # the teacher stays the teacher; the lesson names who is played
    assert s.seat is None and s.ctl.you == 0 and "you play Player 1" in s.w_seat.label


# ------------------------------------------------------------------ 3. lessons that say when you got it

@pytest.mark.parametrize("teacher", [False, True], ids=["learner", "teacher"])
@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_every_lesson_reaches_done_by_following_its_hint(le, teacher):
    s = Stepper(lesson=le, auto=True)
    if teacher:
        s.set_seat(None)
    _follow_hint(lambda m: s.click(m) if m is not None else s.forward(), s.ctl)
    assert s.ctl.lesson_state() == "done", s.w_status.value + s.w_error.value
    assert s.w_done_box.layout.display is None and "Done" in _text(s.w_done.value)
    summary = s.ctl.lesson_summary()
    assert summary.endswith(".") and summary.count(". ") == 0  # one sentence
    assert summary in _text(s.w_done.value)
    assert 'class="chili-ev chili-ev-key"' in s.w_log.value  # the line where the rule fired
    assert "chili-table-done" in s.w_table._dom_classes  # and the table it changed
    g = s.game
    start = loco.replay({**g.record, "moves": [m.to_dict() for m in g.moves[:s.ctl.start]]}).view(s.seat)
    grown = [k for k in range(start.players) if start.hand_counts[k] != g.view(s.seat).hand_counts[k]]
    assert ('class="chili-changed"' in s.w_table.value) == bool(grown)
    assert s.w_next.layout.display is None and s.w_again.layout.display is None
    # the bots do not play on past "done" by themselves: every move since the start is a script entry
    assert len(s.game.moves) - s.ctl.start == len(le.script)
    # and the decision line says play stops, not that it waits for a bot
    assert "waiting for" not in s.w_decision.value
    assert "lesson is done" in s.w_decision.value or (g.over and "Game over" in s.w_decision.value)


def _wrong_move(le, game):
    """A move the lesson refuses: one its text names as not allowed, else one the rules refuse now."""
    make = registry.load(LOCO.lesson_move)
    for spec in le.refused:
        return make(game, *spec)
    for name in ("Draw", "AskHelp", "Shout", "Accept", "StallPass", "Touch"):
        m = MOVES[name](le.seat)
        if m not in game.legal_moves(le.seat):
            return m
    raise AssertionError("no wrong move found")


@pytest.mark.parametrize("le", LESSONS, ids=[le.key for le in LESSONS])
def test_a_wrong_move_in_a_lesson_gets_the_refusal_with_its_clause_and_the_hint(le):
    s = Stepper(lesson=le, auto=True)
    fp = s.game.fingerprint()
    wrong = _wrong_move(le, s.game)
    assert wrong not in s.game.legal_moves()
    s.click(wrong)
    shown = _text(s.w_error.value)
    assert s.game.fingerprint() == fp
    # the reason in words, then its rule one click away (behind "why?": its words and its ID)
    assert shown.startswith("Refused:") and not re.search(r"\[LOCO(-[A-Z]+)+-\d+\]", shown), shown
    assert "why?" in shown and re.search(r"LOCO(-[A-Z]+)+-\d+$", shown), shown
    assert f"Hint: {people(le.hint)}" in shown


def test_a_legal_move_off_the_script_says_so_with_the_hint_and_try_again():
    le = lesson("hot-sauce")
    s = Stepper(lesson=le, auto=True)
    s.click(next(m for m in s.ctl.moves() if str(m) == "P1 draws a card"))
    assert s.ctl.lesson_state() == "off"
    assert "Not this lesson's move" in _text(s.w_done.value) and people(le.hint) in _text(s.w_done.value)
    assert s.w_next.layout.display == "none"
    s.w_again.click()
    assert s.ctl.lesson_state() == "playing" and s.game.step == 0 and s.w_done_box.layout.display == "none"


def test_next_lesson_walks_the_lessons_and_the_dashboard_menu_follows():
    page = GameDashboard("loco", query="")
    page.lesson_menu.value = "stir"
    s = page.stepper
    _follow_hint(lambda m: s.click(m) if m is not None else s.forward(), s.ctl)
    assert s.ctl.lesson_state() == "done"
    s.w_next.click()
    keys = [le.key for le in LESSONS]
    assert s.ctl.lesson.key == keys[keys.index("stir") + 1] == page.lesson_menu.value
    assert f"Lesson {keys.index('stir') + 2}: {s.ctl.lesson.title}" in html.unescape(page.msg.value)


# ------------------------------------------------------------------ 4. move buttons a person can scan

def test_one_button_per_distinct_move():
    s = Stepper(lesson=lesson("twins"))  # two green Ghosts in hand: once "lays green Ghost", once the twin
    labels = [b.description for b in s.move_buttons]
    assert len(labels) == len(set(labels))
    assert labels.count("Player 2 lays green Ghost") == 1 and "Player 2 lays a twin of green Ghost" in labels
    assert len(s.ctl.game.legal_moves(1)) > len(labels)  # the engine lists each identical card


def test_moves_come_in_groups_and_futile_calls_go_under_other_moves():
    c = Controller(lesson("catch").build(), seat=0)
    groups = {title: ([str(m) for m in moves], rule) for title, moves, rule in c.move_groups()}
    assert groups["shout and call"] == (["P0 calls LOCO on P3"], None)  # P3 is on one card, unshouted
    assert list(groups)[-1] == OTHER
    assert groups[OTHER] == (["P0 calls LOCO on P1", "P0 calls LOCO on P2"], "LOCO-SHOUT-4")
    s = Stepper(lesson=lesson("catch"))
    rows = s.w_moves.children
    assert "chili-move-row-other" in rows[-1]._dom_classes and "LOCO-SHOUT-4" in rows[-1].children[-1].children[-1].value
    order = [t for t, _, _ in Controller(lesson("stacking").build(), seat=2).move_groups()]
    assert order == ["lay", "draw", "help"]


# ------------------------------------------------------------------ 6. one step number

def test_the_slider_shows_the_one_step_number_and_the_decision_line_says_what_happens():
    g = loco.scenario(hands=[["G-Bell", "Y-Ghost", "R-Cayenne"], ["G-Ghost", "Y-Bell", "P-Bell"],
                             ["R-Ghost", "Y-Cherry", "G-Habanero"], ["P-Cherry", "R-Bell", "Y-Habanero"]],
                      pile=["P-Cherry"], current=1, draw=["G-Cayenne", "Y-Cayenne", "R-Habanero"])
    g.apply(loco.Pass(3))  # a secret answer: a step the players' slider does not count
    g.apply(loco.Draw(1))
    s = Stepper(g, seat=0)
    assert s.w_slider.value == 1 and g.step == 2
    line = _text(s.w_decision.value)  # what is happening, in words: no engine phase code, no second step number
    assert "Now: Lay, draw or ask for help" in line and "TURN_MAIN" not in line and "step" not in line


# ------------------------------------------------------------------ 7. sharing

def test_the_record_says_when_it_ends_at_the_current_step():
    s = Stepper(LOCO.new_game(players=3, seed=4), seat=None)
    for _ in range(3):
        s.forward()
    assert s.w_record_note.value == ""
    s.back()
    note = _text(s.w_record_note.value)
    assert f"ends at step {s.game.step}" in note and "later move" in note
    assert loco.replay(s.w_record.value).step == s.game.step


def test_a_failed_load_after_a_good_one_shows_only_the_error():
    src = LOCO.new_game(players=4, seed=2)
    s = Stepper(LOCO.new_game(players=4, seed=1), seat=None)
    s.load_text(src.to_json())
    assert "Loaded a saved game" in s.w_status.value and s.w_error.value == ""
    s.load_text('{"format": "chililab-record", "moves": [')
    assert s.w_status.value == ""
    msg = _text(s.w_error.value)
    assert msg.startswith("Could not load this game: that is not a saved Chili Loco game")


@pytest.mark.parametrize("junk", ['{"format": "chililab-record", "version": 1, "game": "loco", "seed": 1, '
                                  '"options": {"players": 4}, "moves": [{"move": "Fly", "player": 0}]}',
                                  "{bad json", "[]"])
def test_load_errors_read_as_sentences(junk):
    s = Stepper(LOCO.new_game(players=4, seed=1), seat=None)
    s.load_text(junk)
    msg = _text(s.w_error.value)
    assert msg.startswith("Could not load this game: that is not a saved Chili Loco game: ")
    assert msg != "Could not load this game: that is not a saved Chili Loco game: 'Fly'"


def test_share_links_name_a_lesson_or_a_deal_and_read_back():
    assert share_query(lesson="stir", teacher=True) == "lesson=stir&teacher=1"
    asked, problems = read_query("players=3&seed=12&seat=1", LOCO)
    assert asked == {"players": 3, "seed": 12, "seat": 1} and problems == []
    asked, problems = read_query("players=99&lesson=nope&seed=x", LOCO)
    assert asked == {} and len(problems) == 3 and all("\n" not in p for p in problems)


def test_a_link_round_trips_a_deal_and_a_lesson():
    page = GameDashboard("loco", players=3, seed=12, seat=1, query="teacher=1")
    assert page.stepper.seat is None
    link = page.link.value
    assert "players=3" in link and "seed=12" in link and "seat=1" in link and "teacher=1" in link
    again = GameDashboard("loco", query=link.split("?", 1)[1])
    g, h = page.stepper.game, again.stepper.game
    assert (h.seed, h.view(None).players, again.stepper.seat, again.stepper.ctl.you) == (12, 3, None, 1)
    assert h.fingerprint() == g.fingerprint()
    page.lesson_menu.value = "taco-trade"
    lesson_link = page.link.value
    assert lesson_link.endswith("?lesson=taco-trade&teacher=1")
    third = GameDashboard("loco", query=lesson_link.split("?", 1)[1])
    assert third.stepper.ctl.lesson.key == "taco-trade" and third.lesson_menu.value == "taco-trade"
    assert third.stepper.game.fingerprint() == page.stepper.game.fingerprint()


@pytest.mark.parametrize("query", ["", "lesson=stir", "players=3&seed=12&seat=1", "teacher=0", "teacher=yes"])
def test_only_a_link_with_teacher_1_offers_the_teachers_view(query):
    """Issue 22: a student's page shows a player's seat; every hand, the record and the seed come with teacher=1."""
    page = GameDashboard("loco", query=query)
    s = page.stepper
    offered = [v for _label, v in s.w_seat.options]
    if query == "teacher=yes":  # read as teacher=1 (read_query)
        assert s.seat is None and TEACHER in offered
        return
    assert TEACHER not in offered and s.seat is not None
    s.set_seat(None)  # asked for anyway (a notebook, a stale control): the seat you play stays
    s.w_seat.value = s.w_seat.options[-1][1]
    assert s.seat is not None and s.w_record.value == "" and "seed" not in s.w_seed.value
    page.open_link("teacher=1")  # the same page given the teacher's link
    assert s.seat is None and TEACHER in [v for _label, v in s.w_seat.options] and s.w_record.value
    page.open_link("")  # a link without it takes the teacher's view away again
    assert s.seat is not None and TEACHER not in [v for _label, v in s.w_seat.options]


def test_a_players_seat_shares_lessons_but_not_a_deals_seed():
    page = GameDashboard("loco", query="")
    assert page.stepper.seat == 0 and page.link.value == "" and "teacher" in page.link_note.value
    page.lesson_menu.value = "stir"
    assert page.link.value.endswith("?lesson=stir")


def test_in_the_static_site_the_address_the_browser_tells_opens_the_link_and_is_shared(monkeypatch):
    from chililab.apps import game as game_app

    monkeypatch.setattr(game_app.sys, "platform", "emscripten")  # a browser's Python: no QUERY_STRING
    page = GameDashboard("loco")
    assert page.address in page.children and page.stepper.ctl.lesson is None
    page.address.href = "javascript:alert(1)"  # not a page's address: ignored
    assert page.stepper.ctl.lesson is None and page.address.href == ""
    site = "https://school.example/chili/voici/render/loco.html"
    page.address.href = site + "?lesson=taco-trade&teacher=1#top"
    assert page.stepper.ctl.lesson.key == "taco-trade" and page.stepper.seat is None
    assert page.link.value == site + "?lesson=taco-trade&teacher=1"
    other = GameDashboard("loco")
    other.address.href = site + "?lesson=nope"
    assert "no lesson" in other.msg.value and other.stepper.ctl.lesson is None
    assert GameDashboard("loco", query="").address is not None  # the address still names shared links


def test_a_bad_link_says_what_it_cannot_show_and_deals_the_usual_game():
    page = GameDashboard("loco", query="players=2&seat=3&lesson=nope")
    assert 'class="err"' in page.msg.value and "no lesson" in page.msg.value and "Player 4 is not" in page.msg.value
    assert page.stepper.game.view(None).players == 2 and page.stepper.seat == 0


# ------------------------------------------------------------------ issue 8: the stepper survives every load

def _usable(s):
    """Every control still works: a click (or forward), back, the seat switch, the slider."""
    step = s.game.step
    s.click(s.ctl.moves()[0]) if s.ctl.moves() else s.forward()
    assert s.game.step > step
    s.back()
    s.set_seat(None)
    s.w_slider.value = 0
    assert s.w_error.value == "" or "Refused" not in s.w_error.value


def test_a_record_that_cannot_be_shown_in_this_seat_leaves_the_game_and_controls_intact():
    two = LOCO.new_game(players=2, seed=5)
    s = Stepper(LOCO.new_game(players=4, seed=1), seat=3)
    g, fp, table = s.game, s.game.fingerprint(), s.w_table.value
    s.load_text(two.to_json())  # was: TraitError after the game was replaced, every control broken
    assert s.game is g and g.fingerprint() == fp and s.w_table.value == table and s.seat == 3
    msg = _text(s.w_error.value)
    assert "2 players" in msg and "Player 4" in msg and "Traceback" not in msg
    assert [o[1] for o in s.w_seat.options] == [-1, 0, 1, 2, 3]
    _usable(s)


@pytest.mark.parametrize("error", [OSError(5, "Input/output error"), IsADirectoryError(21, "Is a directory"),
                                   RuntimeError("boom"), RecursionError("deep")])
def test_any_error_from_a_load_is_a_message_never_raised(monkeypatch, error):
    s = Stepper(LOCO.new_game(players=4, seed=1), seat=0)
    g = s.game

    def fail(text):
        raise error

    monkeypatch.setattr(s.ctl.spec.__class__, "replay", lambda self, text: fail(text))
    s.load_text("{}")
    assert s.game is g and _text(s.w_error.value).startswith("Could not load this game:")
    _usable(s)


def test_a_record_for_a_seat_a_student_page_does_not_offer_is_refused_readably():
    s = Stepper(LOCO.new_game(players=4, seed=1), seat=3, seats=[3])
    g = s.game
    s.load_text(json.dumps(LOCO.new_game(players=2, seed=3).record))
    assert s.game is g and "Player 4" in _text(s.w_error.value)
    assert [o[1] for o in s.w_seat.options] == [3]
    s.forward()
    assert s.game.step > 0 or "Your move" in s.w_status.value


def test_the_teachers_view_draws_the_seat_you_play_at_the_bottom():
    s = Stepper(lesson=lesson("hot-sauce"))  # P1's lesson
    s.set_seat(None)
    own = LOCO.picture("table")(s.game.view(None), width=s.table_width, bottom=1)
    assert s.w_table.value == own != LOCO.picture("table")(s.game.view(None), width=s.table_width)
