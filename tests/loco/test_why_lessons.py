"""The "why this move?" lessons of the Chili Loco tutorial (section "Why this move?"): each is a fixed position
where the coach's numbers are the point. With a fixed seed the coach ranks the lesson's move first, surely
ahead of every other move (the low end of its 95 % range above the next move's high end), and would choose
it; the lesson plays to "done" and its stepper opens the coach."""
import pytest

from chililab.coach import Coach
from chililab.control import Controller
from chililab.games.loco.lessons import LESSONS, WHY, lesson, lessons_in, move

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

#: each lesson's games played on: enough to separate the moves, a few seconds each
BUDGET = {"why-hot-sauce": 1200, "why-colour": 2000}


def test_the_section_is_last_and_opens_the_coach():
    why = lessons_in(WHY)
    assert [le.key for le in why] == list(BUDGET)
    assert LESSONS[-len(why):] == why  # the end of the lesson list
    assert all(le.coach for le in why) and not any(le.coach for le in LESSONS if le.section != WHY)


@pytest.mark.parametrize("key", BUDGET)
def test_the_coach_surely_favours_the_lessons_move(key):
    le = lesson(key)
    g = le.build()
    assert g.phase == le.phase and g.decision.players == (le.seat,)
    scripted = move(g, *le.script[0])
    advice = Coach(g, le.seat, seed=0).think(seconds=None, iterations=BUDGET[key])
    best, second = advice.rows[0], advice.rows[1]
    assert best.move == scripted, [(r.label, round(r.chance, 3)) for r in advice.rows]
    assert best.low > second.high, (best, second)  # surely better, not just ahead
    assert advice.pick == 0 and advice.sentence.startswith("Best so far") and "clearly better than" in advice.sentence


def test_hot_sauce_beats_the_twin_the_rule_bot_would_lay():
    """The rule of thumb lays twins first; against a player on one card the numbers say Hot Sauce."""
    from chililab.games.loco.bots import LocoRuleAgent

    le = lesson("why-hot-sauce")
    g = le.build()
    usual = LocoRuleAgent().choose(g.view(le.seat), g.legal_moves(le.seat), None)
    assert usual == move(g, "Lay", 1, "G-Ghost", "G-Ghost")
    assert g.view(None).hand_counts[2] == 1 and g.view(None).current == 1


def test_the_colour_lesson_shows_the_unseen_cards_by_colour():
    le = lesson("why-colour")
    advice = Coach(le.build(), le.seat, seed=0).think(seconds=None, iterations=40)
    assert "1 yellow" in advice.sentence and "cards you cannot see" in advice.sentence


@pytest.mark.parametrize("key", BUDGET)
def test_the_script_plays_to_done(key):
    le = lesson(key)
    c = Controller(le.build(), seat=le.seat, lesson=le)
    first = c.scripted(le.seat)
    assert first is not None and first[0] == 0
    c.click(first[1], auto=True)
    assert c.lesson_state() == "done", c.lesson_state()
    assert not c.game.over
    # the rule the lesson names first fired
    assert any(le.rules[0] in e.rules for s in range(c.start + 1, c.game.step + 1) for e in c.game.events(step=s))


@pytest.mark.parametrize("key", BUDGET)
def test_the_stepper_opens_the_coach(key):
    from chililab.widgets.stepper import Stepper

    s = Stepper(lesson=lesson(key))
    try:
        panel = s.w_coach
        assert panel.w_switch.value is True and panel.coach is not None
        assert "chili-coach-list" in panel.w_out.value and "chili-coach-pick" in panel.w_out.value
    finally:
        s.close()
