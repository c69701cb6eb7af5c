"""chililab.widgets: the Stepper and FlowView, driven from Python (no browser).

Buttons are clicked with ``button.click()``, which runs the same callbacks a
browser click does. The hidden-information test walks every live widget's
synced state (what the browser receives) for card names of other hands.
"""
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import ipywidgets as W
import pytest
from ipywidgets.widgets import widget as _widget_module

from chililab import loco
from chililab.engine.words import people, seat_name
from chililab.games.loco.lessons import LESSONS, lesson
from chililab.widgets import FlowView, Stepper, clause_text
from chililab.widgets.live import LiveRegion
from chililab.widgets.stepper import MAX_LIVE_LINES

from .loco.helpers import card, codes, held, top

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _fresh_widgets():
    """Each test starts with no live widgets, so the hidden-information walk sees only its own."""
    W.Widget.close_all()
    yield
    W.Widget.close_all()


def _game():
    """4 players, P1 on turn; every card has a distinct code (so a code names one card)."""
    return loco.scenario(
        hands=[["Y-Cayenne", "P-Habanero", "G-Jalapeno", "R-Carolina"],
               ["G-Bell", "Y-Ghost", "P-Cayenne", "R-Bell"],
               ["R-ScotchBonnet", "Y-Carolina", "G-Habanero", "P-Jalapeno"],
               ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-Jalapeno"]],
        pile=["G-Cherry", "R-Cherry"], current=1,
        draw=["P-Bell", "Y-Bell", "G-Ghost", "R-Ghost", "P-Ghost", "Y-Cherry", "P-Cherry"], seed=3)


def _lines(stepper):
    return stepper.w_log.value.count('class="chili-ev"')


def _button(stepper, text):
    """The button of the move whose engine text is ``text`` ("P1 lays red Bell"): it shows the learner's words."""
    for b in stepper.move_buttons:
        if b.description == people(text):
            return b
    raise AssertionError(f"no button {text!r}: {[b.description for b in stepper.move_buttons]}")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _synced_strings():
    """Every string in the synced state of every live widget (what a browser could receive)."""
    for w in list(_widget_module._instances.values()):
        for s in _strings(w.get_state()):
            yield w, s
        for name in ("options", "_options_labels"):  # selection widgets: labels are synced via _options_labels
            if hasattr(w, name):
                for s in _strings(getattr(w, name)):
                    yield w, s


def _hidden_from(game, seat):
    """Strings naming a card this seat must not see (other hands, face-down offers, the draw pile).

    Every hidden card: its ``data-id`` (the table picture's card id). A coloured card also by its code
    and name (``Y-Cayenne``, ``yellow Cayenne``), unless that names a card the seat may see (its
    identical twin on the pile or in its own hand). A wild's name is ordinary rules vocabulary
    ("Milk Chaser" is in clause texts), so a face-up wild is caught by ``data-card``/``data-id``.
    The draw pile's bottom card is left out: a wild starter shows it to the table (LOCO-SETUP-5).
    """
    v = game.view(None)  # the teacher's view: every hand, every offer, the draw pile in order
    cards = [c for s, h in v.hands.items() if s != seat for c in h]
    cards += [c for g, c in v.offers if g != seat]
    cards += list(v.draw_pile[1:])
    seen = {c.code for c in list(v.pile) + list(v.hands[seat]) + list(v.draw_pile[:1])}
    out = set()
    for c in cards:
        out.add(f'data-id="{c.id}"')
        if c.wild:
            if c.code not in seen:
                out.add(f'data-card="{c.code}"')
        elif c.code not in seen:
            out |= {c.code, str(c)}
    return out


def _assert_no_leak(game, seat):
    bad = _hidden_from(game, seat)
    assert bad
    pattern = re.compile("|".join(re.escape(b) for b in sorted(bad, key=len, reverse=True)))
    for w, s in _synced_strings():
        m = pattern.search(s)
        assert m is None, f"{type(w).__name__} {getattr(w, '_dom_classes', ())} carries {m.group(0)!r}"


# ------------------------------------------------------------------ moves, log, time travel


def test_click_applies_the_move_and_the_log_cites_rules():
    g = _game()
    s = Stepper(g, seat=1, auto=False)  # bots one click at a time
    assert s.seat == 1 and s.bots == {0, 2, 3}
    n = _lines(s)
    _button(s, "P1 lays red Bell").click()
    assert g.step == 1 and top(g) == "R-Bell"
    assert _lines(s) > n
    newest = s.w_log.value.split('class="chili-ev"')[1]
    assert "Player 2 lays red Bell" in newest or "turn begins" in newest
    # a line's rules are one click away: "why?" opens their words with their IDs beside them
    assert "<summary>why?</summary>" in newest
    assert re.search(r'<span class="chili-rule-id">LOCO-[A-Z]+(-[A-Z]+)*-\d+</span>', s.w_log.value)
    cited = next(e for e in g.events(step=1) if e.kind == "lay").rules
    assert cited == ("LOCO-MATCH-1",)  # an ordinary lay cites the matching rule that allowed it
    assert html.escape(clause_text("LOCO-MATCH-1")) in s.w_log.value  # the clause text, behind <details>
    # the next decision is P2's (a bot): no buttons for P1, forward lets the bot move
    assert s.move_buttons == []
    s.w_forward.click()
    assert g.step == 2


def test_back_restores_the_previous_picture():
    g = _game()
    s = Stepper(g, seat=1)
    before_table, before_log, fp = s.w_table.value, s.w_log.value, g.fingerprint()
    _button(s, "P1 draws a card").click()
    assert s.w_table.value != before_table
    s.w_back.click()
    assert g.step == 0 and g.fingerprint() == fp
    assert s.w_table.value == before_table and s.w_log.value == before_log
    s.w_forward.click()  # forward redoes the recorded move
    assert g.step == 1 and g.moves[0] == loco.Draw(1)


def test_back_undoes_a_whole_simultaneous_decision():
    """A click in a jump-in poll also lets the bot answer; back returns to before the click."""
    s = Stepper(lesson=lesson("jump-in"))
    g = s.game
    before = s.w_table.value
    _button(s, "P3 jumps in with purple Cherry").click()
    assert g.step == 2 and g.view(None).current == 0  # P1 (bot) answered in the same decision
    s.w_back.click()
    assert g.step == 0 and s.w_table.value == before


def test_slider_goes_to_any_step():
    g = _game()
    s = Stepper(g, seat=None)
    for _ in range(12):
        s.forward()
    n = g.step
    assert n >= 12 and s.w_slider.max == n
    pictures = {}
    for k in (0, 5, n, 3, n // 2):
        s.w_slider.value = k
        assert g.step == k
        ref = loco.replay(g.record)
        assert ref.fingerprint() == g.fingerprint()
        pictures.setdefault(k, s.w_table.value)
        assert pictures[k] == s.w_table.value
    assert g.history_length == n  # nothing lost: redo is still possible
    s.w_slider.value = n
    assert g.step == n


@pytest.mark.rule("LOCO-TWIN-4")
def test_player_slider_does_not_count_secret_poll_answers():
    # P3 holds the twin of the top card, so P3 is polled in secret at every checkpoint of P1's turn.
    g = loco.scenario(hands=[["G-Bell", "Y-Ghost", "R-Cayenne"], ["G-Ghost", "Y-Bell", "P-Bell"],
                             ["R-Ghost", "Y-Cherry", "G-Habanero"], ["P-Cherry", "R-Bell", "Y-Habanero"]],
                      pile=["P-Cherry"], current=1, draw=["G-Cayenne", "Y-Cayenne", "R-Habanero"])
    g.apply(loco.Pass(3))  # the secret answer ...
    g.apply(loco.Draw(1))  # ... and P1's draw resolve the decision together
    assert g.step == 2 and g.public_steps() == [0, 2]
    p0 = Stepper(g, seat=0)
    assert p0.w_slider.max == 1 and p0.w_slider.value == 1  # one public step, not two
    p0.w_slider.value = 0
    assert g.step == 0
    p0.w_slider.value = 1
    assert g.step == 2
    teacher = Stepper(g, seat=None)
    assert teacher.w_slider.max == 2  # the teacher sees every step


def test_bots_play_to_the_end():
    g = _game()
    s = Stepper(g, seat=1)
    s.w_end.click()
    assert g.over
    assert "Game over" in s.w_decision.value
    assert "LOCO-WIN-1" in s.w_log.value or "LOCO-WIN-4" in s.w_log.value
    assert s.move_buttons == []
    s.w_forward.click()
    assert "over" in s.w_status.value


def test_forward_says_when_the_human_must_answer():
    g = _game()
    s = Stepper(g, seat=1)
    s.w_forward.click()
    assert g.step == 0 and "Your move" in s.w_status.value
    t = Stepper(_game(), seat=None, bots=[0, 2, 3])
    t.w_forward.click()
    assert t.game.step == 0 and "Player 2" in t.w_status.value


def test_teacher_sees_every_deciding_seats_moves():
    s = Stepper(lesson("jump-in").build(), seat=None, bots=[])
    players = {" ".join(b.description.split()[:2]) for b in s.move_buttons}
    assert players == {"Player 2", "Player 4"}
    s.set_seat(1)  # P1 must not see that P3 is polled
    assert {" ".join(b.description.split()[:2]) for b in s.move_buttons} == {"Player 2"}
    assert "Player 4" not in s.w_decision.value


def test_auto_lets_bots_reply_until_the_human_decides():
    g = _game()
    s = Stepper(g, seat=1, auto=True)
    _button(s, "P1 lays red Bell").click()
    assert g.over or 1 in g.decision.players


def test_the_live_region_says_what_happened_and_whose_move_it_is():
    """Issue 22: after every step the live region (read by a screen reader) says the seat's new log lines, in
    words (no rule ID), oldest first, then whose move it is; "back" and the game's end are said too."""
    g = _game()
    s = Stepper(g, seat=1, auto=True)
    assert isinstance(s.w_live, LiveRegion) and "chili-announce" in s.w_live._dom_classes
    seq = s.w_live.seq
    _button(s, "P1 lays red Bell").click()
    said = s.w_live.text
    assert s.w_live.seq > seq and said.startswith("Player 2 lays red Bell.")
    lines = [people(e.text) for step in range(1, g.step + 1) for e in g.events(step=step, viewer=1)]
    assert all(line in said for line in lines[:2] + lines[2 - MAX_LIVE_LINES:]), (said, lines)
    assert not re.search(r"LOCO-[A-Z]+", said) and not re.search(r"\bP\d", said)
    mine = 1 in g.decision.players
    assert ("Your move." in said and said.endswith("to choose from.")) if mine else "Waiting for" in said, said
    _assert_no_leak(g, 1)  # the live region is synced too: nothing of the other hands
    s.w_back.click()
    assert s.w_live.text.startswith(f"Back to step {s.shown_step()}.")
    seq = s.w_live.seq
    s.w_end.click()
    assert g.over and s.w_live.seq > seq and "Game over." in s.w_live.text
    assert s.w_live.goto == "chili-decision"  # the keyboard goes on from the line that says "Game over"
    s.load_text("nonsense")  # a refusal is said too
    assert s.w_live.text.startswith("Could not load this game:")


def test_after_a_move_the_keyboard_goes_on_from_the_moves_forward_or_the_next_lesson():
    """Where the page puts the focus after a move (live.py): the moves while there are some, "forward" while the
    bots wait for it, "next lesson" when a lesson is done."""
    s = Stepper(_game(), seat=1, auto=False)
    assert s.move_buttons and s.w_live.goto == "chili-move"
    _button(s, "P1 lays red Bell").click()
    assert s.move_buttons == [] and s.w_live.goto == "chili-forward"
    s = Stepper(lessons=LESSONS)
    s.load_lesson("stacking")
    _button(s, "P2 lays yellow Hot Sauce").click()
    s.w_forward.click()
    assert s.ctl.lesson_state() == "done", s.ctl.lesson_state()
    assert s.w_live.goto == ("chili-next-lesson" if s.move_buttons == [] else "chili-move")


# ------------------------------------------------------------------ the bot buttons (issue 22)

def _bot_toggle(stepper, seat):
    return next(t for t in stepper.w_bots.children if "chili-bot" in t._dom_classes and t.description == seat_name(seat))


def _words(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def test_a_players_seat_offers_no_bot_buttons_and_says_the_others_are_bots():
    """In a player's seat a bot button could only stop the game: your own seat made a bot waited for the bot
    with your buttons still shown, another seat made a person waited for someone nobody can click for."""
    s = Stepper(_game(), seat=1)
    assert not [t for t in s.w_bots.children if "chili-bot" in t._dom_classes]
    assert "The other seats are bots." in _words(s.w_bots.children[0].value)
    s.set_seat(None)
    assert [t.description for t in s.w_bots.children[1:]] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert [t.value for t in s.w_bots.children[1:]] == [True, False, True, True]
    assert "release one to play that seat yourself" in _words(s.w_bots.children[0].value)
    s.set_seat(2)
    assert not [t for t in s.w_bots.children if "chili-bot" in t._dom_classes]


def test_making_the_seat_you_play_a_bot_lets_the_game_go_on():
    s = Stepper(_game(), seat=1)
    s.set_seat(None)  # the teacher's view, playing P1, who is asked now
    g = s.game
    assert 1 in g.decision.players and g.step == 0
    _bot_toggle(s, 3).value = False  # P3 becomes a person: the bots play on until P3 or the game is done
    _bot_toggle(s, 1).value = True
    assert g.step > 0 and g.moves[0].player == 1  # the bot answered for P1 at once
    assert g.over or 3 in g.decision.players
    assert f"{seat_name(1)} (bot)" not in _words(s.w_decision.value) and not s.w_error.value
    assert {" ".join(b.description.split()[:2]) for b in s.move_buttons} <= {seat_name(3)}  # the person's, P3's


def test_with_every_seat_a_bot_the_page_says_how_the_bots_move():
    s = Stepper(_game(), seat=1)
    s.set_seat(None)
    g = s.game
    _bot_toggle(s, 1).value = True  # the last person becomes a bot: it answers, then one move per forward
    step = g.step
    assert step == 1 and "to move: forward \u25b6 lets the bot play" in _words(s.w_decision.value)
    assert "waiting for" not in _words(s.w_decision.value)
    s.w_forward.click()
    assert g.step == step + 1
    _bot_toggle(s, 2).value = False  # released: P2 is a person again, and nothing moves by itself
    assert g.step == step + 1


def test_a_seat_made_a_bot_waits_for_forward_when_the_bots_do_not_reply_at_once():
    s = Stepper(_game(), seat=1, auto=False)
    s.set_seat(None)
    _bot_toggle(s, 1).value = True
    assert s.game.step == 0 and f"{seat_name(1)} (bot) to move: forward" in _words(s.w_decision.value)
    s.w_forward.click()
    assert s.game.step == 1 and s.game.moves[0].player == 1


def test_in_a_lesson_a_bot_in_the_learners_seat_plays_the_lesson_to_done():
    s = Stepper(lesson=lesson("stir"))
    s.set_seat(None)
    _bot_toggle(s, s.ctl.you).value = True  # the bot follows the lesson's script, as every bot does
    assert s.ctl.lesson_state() == "done" and "Done" in _words(s.w_done.value)


# ------------------------------------------------------------------ hidden information


def test_player_seat_syncs_no_hidden_card():
    g = _game()
    for m in (loco.AskHelp(1),):
        g.apply(m)
    g.apply(loco.Offer(2, card(g, 2, "R-ScotchBonnet")))
    g.apply(loco.Pass(3))
    g.apply(loco.Offer(0, card(g, 0, "Y-Cayenne")))
    assert g.decision.players == (1,) and len(g.view(None).offers) == 2  # P1 decides on two face-down cards
    s = Stepper(g, seat=2)  # first another seat, then switch: old widgets must not linger
    s.set_seat(1)
    assert s.seat == 1
    own = codes(held(g, 1))
    assert all(f'data-card="{code}"' in s.w_table.value for code in own)
    _assert_no_leak(g, 1)
    assert s.w_record.value == "" and s.w_record.layout.display == "none"
    assert str(g.seed) not in re.sub(r"<[^>]+>", "", s.w_seed.value)  # the seed deals every hand: teacher only
    # touch one, leave one: still nothing of the other hands
    _button(s, "P1 touches the offered card").click()
    _button(s, "P1 leaves the offered card").click()
    _assert_no_leak(g, 1)
    s.close()


@pytest.mark.parametrize("key", [le.key for le in LESSONS])
def test_lesson_in_the_learners_seat_syncs_no_hidden_card(key):
    """The lesson text, hint, table, log and buttons name no card hidden from the learner."""
    s = Stepper(lesson=lesson(key))
    _assert_no_leak(s.game, s.seat)


def test_switching_seat_shows_that_seats_cards_only():
    g = _game()
    for _ in range(3):
        g.apply(loco.Draw(1))
    s = Stepper(g, seat=None)
    assert s.w_record.value and loco.replay(s.w_record.value).fingerprint() == g.fingerprint()
    for seat in (2, 0, 3):
        s.w_seat.value = seat
        assert s.seat == seat and s.bots == {0, 1, 2, 3} - {seat}
        for c in held(g, seat):
            assert f'data-card="{c.code}"' in s.w_table.value
        _assert_no_leak(g, seat)
    s.close()


# ------------------------------------------------------------------ loading games


@pytest.mark.parametrize("junk", ["nonsense", "{}", "[1, 2]", '{"format": "chililab-record", "game": "mafia"}',
                                  "", json.dumps({"format": "chililab-record", "version": 1, "game": "loco",
                                                  "options": {"players": 4}, "seed": 1,
                                                  "moves": [{"move": "Lay", "player": 9, "cards": [0]}]})])
def test_loading_nonsense_shows_a_readable_error_and_changes_nothing(junk):
    g = _game()
    g.apply(loco.Draw(1))
    s = Stepper(g, seat=None)
    fp, step, table = g.fingerprint(), g.step, s.w_table.value
    s.w_load.value = junk
    s.w_load_button.click()
    assert s.game is g and g.fingerprint() == fp and g.step == step and s.w_table.value == table
    msg = re.sub(r"<[^>]+>", "", s.w_error.value)
    assert msg.startswith("Could not load this game:") and "Traceback" not in msg and len(msg) > 30


def test_loading_a_record_replays_it():
    src = _game()
    for m in (loco.Draw(1), loco.Draw(1)):
        src.apply(m)
    s = Stepper(_game(), seat=None)
    s.w_load.value = src.to_json()
    s.w_load_button.click()
    assert s.w_error.value == "" and s.game.fingerprint() == src.fingerprint() and s.game.step == 2
    assert s.w_load.value == ""


# ------------------------------------------------------------------ lessons, classes, flow


def test_lessons_menu_switches_scenarios():
    s = Stepper(lessons=LESSONS)
    assert s.w_lessons.value == LESSONS[0].key and s.seat == LESSONS[0].seat
    s.w_lessons.value = "stacking"
    assert s.seat == 2 and s.game.phase == "RESPONSE"
    assert "Stacking Hot Sauce" in s.w_lesson.value and "LOCO-CARD-HOTSAUCE-2" in s.w_lesson.value
    _button(s, "P2 lays yellow Hot Sauce").click()
    s.w_forward.click()  # the scripted bot P3 accepts the stack: draws 4
    assert any("draws 4" in e.text for e in s.game.events())
    s.load_lesson("catch")
    assert s.seat == 0 and s.w_lessons.value == "catch"


def test_every_part_has_its_css_class():
    s = Stepper(lessons=LESSONS[:2])
    classes = {c for w in _walk(s) for c in getattr(w, "_dom_classes", ())}
    s.set_seat(None)  # the bot buttons are the teacher's view's
    classes |= {c for w in _walk(s) for c in getattr(w, "_dom_classes", ())}
    for name in ("chili-stepper", "chili-table", "chili-moves", "chili-move", "chili-log", "chili-back",
                 "chili-forward", "chili-slider", "chili-seat", "chili-record", "chili-load", "chili-load-button",
                 "chili-error", "chili-decision", "chili-play-end", "chili-bots", "chili-bot", "chili-lessons",
                 "chili-lesson", "chili-seed", "chili-status", "chili-announce"):
        assert name in classes, name


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)


def test_a_notebook_stepper_replies_like_the_dashboard():
    """By default the bots answer at once: after asking for help the learner sees their next decision."""
    s = Stepper(lesson=lesson("help"))
    you = s.ctl.you
    _button(s, f"P{you} asks for help").click()
    assert s.game.phase != "HELP_OFFERS"  # the bots made their offers by themselves
    assert you in s.game.decision.players and s.move_buttons  # the learner's turn to answer, with buttons
    assert "(bot)" not in s.w_decision.value.split("waiting for")[-1]


def test_flow_view_follows_the_stepper():
    s = Stepper(lesson=lesson("help"), auto=False)
    f = FlowView(stepper=s)
    # the caption names the phase as a learner does, never by its code
    assert f.current == "TURN_MAIN" and "Lay, draw or ask for help" in f.w_caption.value
    assert "TURN_MAIN" not in f.w_caption.value
    svg = f.w_figure.value
    assert "<svg" in svg and len(svg) < 150_000 and "plotly" not in svg.lower()
    assert 'g.phase[data-phase="TURN_MAIN"]' in f.w_style.value and f.scope in f.w_style.value
    _button(s, "P1 asks for help").click()
    assert s.game.phase == "HELP_OFFERS"
    assert f.current == "HELP_OFFERS" and "Others may help" in f.w_caption.value
    # a step changes the style (highlight, line widths), never the picture
    assert f.w_figure.value == svg
    assert 'g.phase[data-phase="HELP_OFFERS"]' in f.w_style.value
    assert 'g.phase[data-phase="TURN_MAIN"]' not in f.w_style.value
    # every way out of the lit phase is listed with its rule IDs (on hover) and how often it was taken, no other
    ways = [t for t in loco.FLOW.transitions if t.src == "HELP_OFFERS"]
    assert f.w_caption.value.count("<li ") == len(ways) == 3
    for t in ways:
        assert f'<li title="rules: {", ".join(t.rules)}">{t.label} &rarr; <b>{loco.FLOW.phases[t.dst].label}</b>' \
            in f.w_caption.value
    assert f.w_caption.value.count("(never so far)") + f.w_caption.value.count(" time") == 3
    assert "<b>Cards land</b>" not in f.w_caption.value
    s.w_back.click()
    assert f.current == "TURN_MAIN" and 'g.phase[data-phase="TURN_MAIN"]' in f.w_style.value
    assert "chili-flow" in f._dom_classes


def test_flow_view_widths_follow_the_games_edge_counts():
    g = _game()
    f = FlowView(g)
    before = f.w_style.value
    assert "CHECKPOINT->TURN_MAIN" in before  # taken once at the start: a drawn width
    g.apply(loco.AskHelp(1))
    f.update(g)
    assert f.w_style.value != before
    taken = dict(g.edge_counts)
    assert taken[("TURN_MAIN", "HELP_OFFERS")] == 1
    assert re.search(r'data-edge="TURN_MAIN->HELP_OFFERS"\] path\{stroke-width', f.w_style.value)
    assert re.search(r'data-edge="TURN_MAIN->HELP_OFFERS"\] path\{stroke-dasharray', before)


def test_two_flow_views_style_only_their_own_picture():
    a, b = FlowView(_game()), FlowView(_game())
    assert a.scope != b.scope
    assert a.scope in a.w_figure.value and b.scope not in a.w_figure.value
    rules = re.sub(r"^<style>|</style>$", "", a.w_style.value)
    scoped = [r for r in re.findall(r"([^{}]+)\{", rules) if "data-" in r]
    assert scoped and all(sel.strip().startswith(f".{a.scope} ") for r in scoped for sel in r.split(","))


# ------------------------------------------------------------------ shipped data, notebooks


def test_the_log_shows_the_learner_text():
    assert clause_text("LOCO-TWIN-4").startswith("\u201cIf you hold an exact twin of the top card")


def test_notebooks_are_built_by_the_script():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_notebooks.py"), "--check"], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
