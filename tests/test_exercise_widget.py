"""The exercise widget (chililab/widgets/exercise.py): reading answers, judging them exactly, answering the
listed mistakes with their own hints, refusing nonsense, and keeping the solution out of every widget's state
until the student has it right or asks for it."""
from fractions import Fraction as F

import pytest

from chililab.widgets.exercise import HOW, LONGEST, Exercise, Reading, parse_answer, read_answer, rounded

from .widget_state import solution_in, states


@pytest.mark.parametrize("text, value", [
    ("3/17", F(3, 17)), (" 3 / 17 ", F(3, 17)), ("0.25", F(1, 4)), (".5", F(1, 2)), ("1", F(1)),
    ("0,18", F(18, 100)), ("18%", F(18, 100)), ("12.5 %", F(1, 8)), ("1 in 7", F(1, 7)), ("2/9", F(2, 9)),
    ("0.0854", F(854, 10000)), ("+0.5", F(1, 2)), ("\u22120.5", F(-1, 2)), ("3/17%", F(3, 1700)),
    ("1.5/3", F(1, 2)), ("5 out of 99", F(5, 99)), ("5 in 99", F(5, 99)), ("5  OUT  OF 99", F(5, 99)),
    ("5 In 99", F(5, 99)),
])
def test_parse_reads_fractions_odds_decimals_and_percentages(text, value):
    assert parse_answer(text) == value


@pytest.mark.parametrize("text, reading", [
    ("0.0505", Reading(F(505, 10000), F(1, 10000), 3, 4)), ("5.05%", Reading(F(505, 10000), F(1, 10000), 3, 4)),
    ("0,0505", Reading(F(505, 10000), F(1, 10000), 3, 4)), ("14%", Reading(F(14, 100), F(1, 100), 2, 2)),
    ("0.050", Reading(F(5, 100), F(1, 1000), 2, 3)), ("15.0", Reading(F(15), F(1, 10), 3, 1)),
    ("1", Reading(F(1))), ("0", Reading(F(0))), ("3/17", Reading(F(3, 17))), ("5 out of 99", Reading(F(5, 99))),
])
def test_read_answer_remembers_how_precisely_a_number_was_written(text, reading):
    assert read_answer(text) == reading


@pytest.mark.parametrize("text, says", [
    ("", "Type an answer first"), ("   ", "Type an answer first"), ("banana", "cannot read"), ("abc", "cannot read"),
    ("1/2/3", "cannot read"), ("nan", "cannot read"), ("inf", "cannot read"), ("1e-3", "cannot read"),
    ("0.5.1", "cannot read"), ("3/0", "divides by 0"), ("1/0", "divides by 0"), ("1 in 0", "divides by 0"),
    ("0 out of 0", "divides by 0"), ("%", "cannot read"), ("1,000.5", "cannot read"), ("one third", "cannot read"),
    ("5 out of", "cannot read"), ("1" * (LONGEST + 1), "too long"), ("0." + "3" * 60, "too long"),
])
def test_parse_refuses_nonsense_with_a_sentence(text, says):
    with pytest.raises(ValueError) as e:
        parse_answer(text)
    assert says in str(e.value) and str(e.value).endswith(HOW)


def test_parse_refuses_what_is_not_text():
    with pytest.raises(ValueError, match="Type an answer first"):
        parse_answer(None)


@pytest.mark.parametrize("x, kw, text", [
    (F(5, 99), {"figures": 3}, "0.0505"), (F(1, 7), {"places": 3}, "0.143"), (F(999, 1000), {"figures": 2}, "1.0"),
    (F(541, 36), {"figures": 3}, "15.0"), (F(1, 713), {"figures": 3}, "0.00140"), (F(1, 2000), {"places": 3}, "0.001"),
    (F(-1, 7), {"places": 2}, "-0.14"), (F(12345), {"figures": 2}, "12000"), (F(0), {"figures": 3}, "0"),
])
def test_rounded_rounds_half_up_to_figures_or_places(x, kw, text):
    assert rounded(x, **kw) == text


WILD_MISTAKES = {F(1, 6): "16/96 compares the wild cards with the other cards.",
                 F(6, 7): "That is the chance that the card is not wild."}


def wild(**kw):
    return Exercise("One card from 112, 16 wild: the chance it is wild?", F(1, 7), hint="count the wilds.",
                    explanation="16/112 = 1/7.", mistakes=WILD_MISTAKES, **kw)


def counted(ex):
    """The attempts sent to the class by ``ex`` (a listener, removed by the caller's fixture)."""
    sent = []
    Exercise.listeners.append(lambda e, text, right: sent.append((e, text, right)) if e is ex else None)
    return sent


@pytest.fixture(autouse=True)
def no_stray_listeners():
    before = list(Exercise.listeners)
    yield
    Exercise.listeners[:] = before


@pytest.mark.parametrize("text", ["1/7", "16/112", "16 in 112", "16 out of 112", "2/14"])
def test_an_equal_fraction_is_exactly_right_and_explained(text):
    ex = wild()
    assert ex.check(text) == "Exactly right: 1/7 = 0.1429 (14.29%). 16/112 = 1/7."
    assert ex.solved and ex.attempts == 1
    assert "#1b7a2e" in ex.feedback.value


@pytest.mark.parametrize("text", ["0.143", "14.3%", "0,143", "0.1429", "0.142857", "14.2857 %", "0.1428571428571428"])
def test_a_decimal_is_right_when_it_is_the_answer_rounded_to_3_figures_or_finer(text):
    ex = wild()
    said = ex.check(text)
    assert ex.solved, said
    assert said == f"Right: {text} is 1/7 = 0.1429 (14.29%) rounded to 3 significant figures. 16/112 = 1/7."


@pytest.mark.parametrize("text", ["0.1379", "1 in 7.1", "13.8%", "0.1475", "0.145", "0.14"])
def test_answers_the_old_tolerance_let_through_are_wrong_now(text):
    ex = wild()  # each lies within 0.005 of 1/7, which the checker used to accept
    assert abs(parse_answer(text) - F(1, 7)) <= F(1, 200)
    said = ex.check(text)
    assert not ex.solved and not said.startswith(("Right", "Exactly")), said


@pytest.mark.parametrize("text, has", [("0.14", "2"), ("14%", "2"), ("0.1", "1"), ("0,14", "2")])
def test_fewer_digits_than_asked_get_a_sentence_and_count_as_nothing(text, has):
    ex = wild()
    sent = counted(ex)
    said = ex.check(text)
    assert said == f"Close, but round to 3 significant figures: {text} has {has}."
    assert ex.attempts == 0 and not ex.solved and not sent and "#8a4b00" in ex.feedback.value


@pytest.mark.parametrize("text", ["0.142", "14.2%", "0.1428"])
def test_a_last_digit_rounded_the_wrong_way_is_nearly(text):
    ex = wild()
    said = ex.check(text)
    assert said.startswith(f"Nearly: check how you rounded {text}.") and "5 or more rounds up" in said
    assert ex.attempts == 1 and not ex.solved


@pytest.mark.parametrize("text", ["1/6", "16/96", "0.167", "16.7%", "0.1667", "6/7", "0.857", "85.7%"])
def test_each_listed_mistake_gets_its_own_hint(text):
    ex = wild()
    sent = counted(ex)
    said = ex.check(text)
    hint = WILD_MISTAKES[F(1, 6) if parse_answer(text) < F(1, 2) else F(6, 7)]
    assert said == f"Not yet: {text} is a common mistake. {hint}"
    assert "count the wilds" not in said  # the mistake's own hint, not the general one
    assert ex.attempts == 1 and not ex.solved and sent == [(ex, text, False)]


def test_a_rounded_mistake_needs_two_significant_figures():
    assert wild().check("0.2") == "Not yet: 0.2 is too high. Hint: count the wilds."


def test_the_closest_mistake_wins():
    ex = Exercise("Q?", F(1, 2), mistakes={F(334, 1000): "b", F(327, 1000): "a"})
    assert ex.check("0.33").endswith("mistake. a") and ex.check("0.334").endswith("mistake. b")


@pytest.mark.parametrize("text, side", [("0.2", "too high"), ("15%", "too high"), ("1/8", "too low"), ("0", "too low")])
def test_a_wrong_answer_says_which_way_and_gives_the_hint(text, side):
    ex = wild()
    said = ex.check(text)
    assert said == f"Not yet: {text} is {side}. Hint: count the wilds."
    assert not ex.solved and ex.attempts == 1 and "#b3261e" in ex.feedback.value


def test_decimal_places_when_the_question_asks_for_them():
    ex = Exercise("Q?", F(5, 99), places=3)
    assert "rounded to 3 decimal places (such as 0.176 or 17.6%)" in ex.question.value
    assert ex.check("0.051").startswith("Right: 0.051 is 5/99") and ex.solved
    assert ex.check("5.05%").startswith("Right")
    assert ex.check("0.05") == "Close, but round to 3 decimal places: 0.05 has 2 decimal places."


@pytest.mark.parametrize("text", ["banana", "abc", "", "3/0", "1/0", "150%", "1.5", "-0.1", "<b>x</b>",
                                  "123456789012345678901234567890", "1" * 50])
def test_nonsense_changes_nothing_but_the_feedback(text):
    ex = wild()
    ex.check("0.2")
    sent = counted(ex)
    before = (ex.attempts, ex.solved, ex._last, ex.box.value)
    said = ex.check(text)
    assert (ex.attempts, ex.solved, ex._last, ex.box.value) == before and not sent
    assert said and "Not yet" not in said and "Right" not in said
    assert "<b>" not in ex.feedback.value  # the student's text is escaped


def test_a_huge_number_is_refused_in_plain_words():
    said = wild().check("123456789012345678901234567890")
    assert said.startswith("A chance lies between 0 and 1 (0% and 100%)") and "cannot be one" in said


def test_a_chance_above_one_is_refused_in_plain_words():
    said = wild().check("1.5")
    assert said.startswith("A chance lies between 0 and 1 (0% and 100%): 1.5 cannot be one.")


def test_a_score_question_takes_any_number_but_no_percentage():
    ex = Exercise("The average score?", F(541, 36), probability=False)
    assert ex.check("15.0").startswith("Right: 15.0 is 541/36 = 15.03 rounded to 3 significant figures") and ex.solved
    assert ex.check("16.0").startswith("Not yet: 16.0 is too high")
    assert ex.check("15").startswith("Not yet: 15 is too low")  # a whole number is exact
    assert ex.check("541/36") == "Exactly right: 541/36 = 15.03."
    assert ex.check("15%") == "This answer is not a chance: write it without the % sign." and ex.attempts == 4
    assert "percentage" not in ex.question.value


def test_the_same_answer_checked_twice_counts_once():
    ex = wild()
    ex.box.value = "0.2"          # Enter in the box checks it
    ex.check_button.click()       # and so does the button: one attempt
    assert ex.attempts == 1 and "too high" in ex.feedback.value
    ex.box.value = "1/7"
    assert ex.attempts == 2 and ex.solved


def test_the_question_states_the_precision_and_the_forms():
    ex = wild()
    assert ("Answer with a fraction (3/17, or 3 in 17), or a decimal or a percentage rounded to 3 significant "
            "figures (such as 0.176, 0.0123 or 17.6%).") in ex.question.value
    assert "rounded to 2 significant figures (such as 0.18, 0.012 or 18%)" in wild(figures=2).question.value


def test_show_answer_gives_the_answer_and_why():
    ex = wild()
    ex.show_button.click()
    assert "The answer: 1/7 = 0.1429 (14.29%). 16/112 = 1/7." in ex.feedback.value
    assert ex.attempts == 0 and not ex.solved and ex.shown


def test_an_exercise_that_cannot_be_right_is_refused():
    with pytest.raises(ValueError, match="lies in 0..1"):
        Exercise("Q?", F(3, 2))
    with pytest.raises(ValueError, match="states its precision"):
        Exercise("Q?", F(1, 2), figures=0)
    with pytest.raises(ValueError, match="states its precision"):
        Exercise("Q?", F(1, 2), figures=None)
    with pytest.raises(ValueError, match="cannot be told apart"):
        Exercise("Q?", F(1, 7), mistakes={F(143, 1000): "rounds like the answer"})
    with pytest.raises(ValueError, match="cannot be told apart"):
        Exercise("Q?", F(1, 2), mistakes={F(1, 3): "a", F(3331, 10000): "rounds like another mistake"})


# ------------------------------------------------------------------ what the browser is sent


def test_the_solution_is_in_no_widget_state_until_asked_for():
    ex = Exercise("One card from 112, 16 wild: the chance it is wild?", F(1, 7), hint="count the wilds.",
                  explanation="16 of the 112 cards are wild: 16/112.", mistakes=WILD_MISTAKES)
    assert states(ex).count('"_model_name"') >= 8  # the tree was walked: the box, buttons, layouts, styles
    assert not solution_in(states(ex), ex)
    for text in ("0.2", "1/6", "0.14", "0.142", "banana", "1/0"):  # wrong, a mistake, vague, nearly, nonsense
        ex.check(text)
        assert not solution_in(states(ex), ex), text
    ex.show_button.click()
    assert solution_in(states(ex), ex)
    solved = wild()
    solved.check("1/7")
    assert "16/112 = 1/7." in states(solved)  # a right answer brings the explanation
