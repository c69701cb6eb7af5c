"""The exercise widget (chililab/widgets/exercise.py): reading answers, judging them, refusing nonsense."""
from fractions import Fraction as F

import pytest

from chililab.widgets.exercise import HOW, Exercise, parse_answer


@pytest.mark.parametrize("text, value", [
    ("3/17", F(3, 17)), (" 3 / 17 ", F(3, 17)), ("0.25", F(1, 4)), (".5", F(1, 2)), ("1", F(1)),
    ("0,18", F(18, 100)), ("18%", F(18, 100)), ("12.5 %", F(1, 8)), ("1 in 7", F(1, 7)), ("2/9", F(2, 9)),
    ("0.0854", F(854, 10000)), ("+0.5", F(1, 2)), ("\u22120.5", F(-1, 2)), ("3/17%", F(3, 1700)),
    ("1.5/3", F(1, 2)),
])
def test_parse_reads_fractions_decimals_and_percentages(text, value):
    assert parse_answer(text) == value


@pytest.mark.parametrize("text, says", [
    ("", "Type an answer first"), ("   ", "Type an answer first"), ("banana", "cannot read"),
    ("1/2/3", "cannot read"), ("nan", "cannot read"), ("inf", "cannot read"), ("1e-3", "cannot read"),
    ("0.5.1", "cannot read"), ("3/0", "divides by 0"), ("1 in 0", "divides by 0"), ("%", "cannot read"),
    ("1,000.5", "cannot read"), ("one third", "cannot read"),
])
def test_parse_refuses_nonsense_with_a_sentence(text, says):
    with pytest.raises(ValueError) as e:
        parse_answer(text)
    assert says in str(e.value) and str(e.value).endswith(HOW)


def test_parse_refuses_what_is_not_text():
    with pytest.raises(ValueError, match="Type an answer first"):
        parse_answer(None)


def wild():
    return Exercise("One card from 112, 16 wild: the chance it is wild?", F(1, 7), hint="count the wilds.",
                    explanation="16/112 = 1/7.")


def test_an_equal_fraction_is_exactly_right():
    ex = wild()
    assert ex.check("16/112") == "Exactly right: 1/7 = 0.1429 (14.29%)."
    assert ex.solved and ex.attempts == 1
    assert "#1b7a2e" in ex.feedback.value


@pytest.mark.parametrize("text", ["0.143", "14.3%", "0,14", "1 in 7.1", "0.1379"])
def test_a_close_answer_is_right_and_says_how_close(text):
    ex = wild()
    said = ex.check(text)
    assert ex.solved, said
    assert said.startswith(f"Right: {text} is within 0.005") and "within 0.005 of the exact answer 1/7 = 0.1429" in said


@pytest.mark.parametrize("text, side", [("0.2", "too high"), ("15%", "too high"), ("1/8", "too low"), ("0", "too low")])
def test_a_wrong_answer_says_which_way_and_gives_the_hint(text, side):
    ex = wild()
    said = ex.check(text)
    assert said.startswith("Not yet: ") and side in said and said.endswith("Hint: count the wilds.")
    assert "1/7" not in said and "0.1429" not in said  # the answer is not given away
    assert not ex.solved and ex.attempts == 1 and "#b3261e" in ex.feedback.value


@pytest.mark.parametrize("text", ["banana", "", "3/0", "150%", "1.5", "-0.1", "<b>x</b>"])
def test_nonsense_changes_nothing_but_the_feedback(text):
    ex = wild()
    ex.check("0.2")
    before = (ex.attempts, ex.solved, ex._last, ex.box.value)
    said = ex.check(text)
    assert (ex.attempts, ex.solved, ex._last, ex.box.value) == before
    assert said and "Not yet" not in said and "Right" not in said
    assert "<b>" not in ex.feedback.value  # the student's text is escaped


def test_a_chance_above_one_is_refused_in_plain_words():
    said = wild().check("1.5")
    assert said.startswith("A chance lies between 0 and 1 (0% and 100%): 1.5 cannot be one.")


def test_a_score_question_takes_any_number():
    ex = Exercise("The average score?", F(541, 36), tolerance=F(1, 10), probability=False)
    assert ex.check("15").startswith("Right: 15 is within 0.1") and ex.solved
    assert ex.check("16").startswith("Not yet: 16 is too high")
    assert ex.check("541/36") == "Exactly right: 541/36 = 15.0278."
    assert "percentage" not in ex.question.value


def test_the_same_answer_checked_twice_counts_once():
    ex = wild()
    ex.box.value = "0.2"          # Enter in the box checks it
    ex.check_button.click()       # and so does the button: one attempt
    assert ex.attempts == 1 and "too high" in ex.feedback.value
    ex.box.value = "1/7"
    assert ex.attempts == 2 and ex.solved


def test_the_question_states_the_tolerance_and_the_forms():
    ex = Exercise("Q?", F(2, 9), tolerance=F(1, 100))
    assert "within 0.01 of the exact answer counts as right" in ex.question.value
    assert "3/17" in ex.question.value and "18%" in ex.question.value
    assert ex.check("0.23").startswith("Right") and not Exercise("Q?", F(2, 9)).check("0.23").startswith("Right")


def test_show_answer_gives_the_answer_and_why():
    ex = wild()
    ex.show_button.click()
    assert "The answer: 1/7 = 0.1429 (14.29%). 16/112 = 1/7." in ex.feedback.value
    assert ex.attempts == 0 and not ex.solved


def test_an_exercise_that_cannot_be_right_is_refused():
    with pytest.raises(ValueError, match="lies in 0..1"):
        Exercise("Q?", F(3, 2))
    with pytest.raises(ValueError, match="tolerance is 0 or more"):
        Exercise("Q?", F(1, 2), tolerance=-1)
