"""The stepper's controller (chililab.control) on its own: seats, bots, the lesson script, back and forward."""
import subprocess
import sys

import pytest

from chililab import loco
from chililab.control import Controller, make_agent
from chililab.engine import ConfigError, IllegalMove
from chililab.games.loco.lessons import lesson


def _scenario():
    return loco.scenario(hands=[["Y-Cayenne", "P-Habanero"], ["G-Bell", "Y-Ghost", "R-Bell"],
                                ["R-ScotchBonnet", "Y-Carolina"], ["Y-Habanero", "G-Carolina"]],
                         pile=["G-Cherry", "R-Cherry"], current=1, draw=["P-Bell", "Y-Bell", "G-Ghost"], seed=3)


def test_controller_imports_no_widgets():
    code = ("import sys, chililab.control; bad = [m for m in ('ipywidgets', 'IPython', 'plotly') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_seats_and_bots():
    c = Controller(_scenario(), seat=1)
    assert c.bots == {0, 2, 3} and c.humans == {1}
    assert all(m.player == 1 for m in c.moves())
    c.set_seat(None)  # the teacher's view: every hand, still playing P1
    assert c.bots == {0, 2, 3} and c.humans == {1} and c.you == 1
    assert Controller(_scenario(), seat=None).bots == {0, 1, 2, 3}  # nobody named: bots everywhere
    assert Controller(_scenario(), seat=2, bots=[0]).bots == {0}


def test_agents_by_name_from_the_registry():
    assert make_agent(None, "loco").name == "rules"  # the game's usual bot
    assert make_agent("random", "loco").name == "random"
    with pytest.raises(ConfigError, match="unknown agent"):
        make_agent("genius", "loco")


def test_forward_waits_for_the_human_and_back_undoes_a_whole_action():
    c = Controller(_scenario(), seat=1)
    assert c.forward() == "Your move (Player 2): choose one of the buttons below."
    assert c.game.step == 0
    c.click(next(m for m in c.moves() if str(m) == "P1 lays red Bell"), auto=True)
    assert c.game.over or 1 in c.game.decision.players
    assert c.game.step > 1  # the bots answered
    assert c.back() is None and c.game.step == 0  # one "back": before the click and the bots' answers
    assert c.back() == "This is the start: nothing to undo."
    assert c.forward() is None and c.game.step > 1  # forward redoes the whole action


def test_a_refused_move_changes_nothing():
    c = Controller(_scenario(), seat=1)
    fp = c.game.fingerprint()
    with pytest.raises(IllegalMove):
        c.click(loco.Draw(2))
    assert c.game.fingerprint() == fp


def test_bots_follow_the_lesson_script_while_the_learner_does():
    le = lesson("stacking")
    c = Controller(le.build(), seat=le.seat, lesson=le)
    first = c.scripted(le.seat)
    assert first is not None and first[0] == 0  # the learner's hinted move is the script's first entry
    assert c.click(first[1]) is None
    assert c.forward().startswith("Done: ")  # the scripted bot answers as the lesson says: the lesson is done
    assert any("draws 4" in e.text for e in c.game.events())


def test_leaving_the_script_lets_the_bots_improvise():
    le = lesson("stacking")
    c = Controller(le.build(), seat=le.seat, lesson=le)
    other = next(m for m in c.moves() if m != c.scripted(le.seat)[1])
    c.click(other)
    assert c.script_left() == []


def test_play_to_end_and_load_text():
    c = Controller(loco.new_game(players=3, seed=5), seat=None)
    assert c.play_to_end() is None and c.game.over
    assert c.forward().startswith("The game is over: ")
    record = c.game.to_json()
    c2 = Controller(loco.new_game(players=3, seed=1), seat=2)
    assert c2.load_text(record) == "Loaded a saved game of 3 players."
    assert c2.game.fingerprint() == c.game.fingerprint() and c2.seat == 2
    with pytest.raises(ValueError):
        c2.load_text("nonsense")


def test_load_lesson_by_key_sits_the_learner():
    c = Controller(loco.new_game(players=4, seed=1))
    le = c.load_lesson("jump-in")
    assert c.seat == le.seat and c.lesson is le and c.bots == {0, 1, 2, 3} - {le.seat}


def test_a_seat_made_a_bot_answers_at_once_only_when_asked_and_the_bots_reply_at_once():
    c = Controller(_scenario(), seat=None, bots=[0, 2, 3])  # the teacher's view, P1 a person and asked
    assert c.set_bot(2, False, auto=True) is None and c.game.step == 0  # released: nothing moves
    assert c.set_bot(2, True, auto=True) is None and c.game.step == 0  # P2 is not asked now
    c.set_bot(1, True, auto=False)
    assert c.bots == {0, 1, 2, 3} and c.game.step == 0  # "bots reply at once" off: forward moves it
    c.set_bot(1, False)
    c.set_bot(1, True, auto=True)
    assert c.game.step == 1 and c.game.moves[0].player == 1  # every seat a bot: one decision, then forward
    assert c.back() is None and c.game.step == 0  # "back" undoes the bot's answer as one action
