"""An exercise for a lesson: a question, a box for the student's answer, and feedback in plain words.

The student types a fraction (``3/17``), a decimal (``0.18``, or ``0,18``), a percentage
(``18%``) or odds in words (``1 in 7``); :func:`parse_answer` reads it as an exact fraction. The
answer is right when it lies within the exercise's stated tolerance of the exact answer (a
fraction equal to it is "exactly right"); a wrong answer says whether it is too high or too low
and gives the hint. Input that is not a number (or a chance above 100%) is answered with a
sentence saying what to write, and changes nothing: it is not counted as an attempt.

>>> ex = Exercise("One card from 112, 16 of them wild: the chance it is wild?", Fraction(1, 7))
>>> ex.check("banana").startswith("I cannot read"), ex.attempts
(True, 0)
>>> ex.check("20%").startswith("Not yet"), ex.attempts, ex.solved
(True, 1, False)
>>> ex.check("1/7")
'Exactly right: 1/7 = 0.1429 (14.29%).'
>>> ex.attempts, ex.solved
(2, True)
"""
from __future__ import annotations

import html
import re
from contextlib import contextmanager
from fractions import Fraction

import ipywidgets as W

#: how to write an answer (said whenever an input cannot be read)
HOW = "Write a fraction such as 3/17, a decimal such as 0.18, or a percentage such as 18%."
#: the default tolerance: half a percentage point
TOLERANCE = Fraction(1, 200)

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def _number(part: str, text: str) -> Fraction:
    s = part.strip()
    if s.count(",") == 1 and "." not in s:  # a decimal comma: 0,18
        s = s.replace(",", ".")
    if not _NUMBER.fullmatch(s):
        raise ValueError(f"I cannot read \u201c{text.strip()}\u201d as a number. {HOW}")
    return Fraction(s)


def parse_answer(text: str) -> Fraction:
    """The number a student typed, as an exact fraction; ``ValueError`` with a sentence otherwise.

    >>> parse_answer("3/17"), parse_answer(" 0.25 "), parse_answer("12.5 %"), parse_answer("1 in 7")
    (Fraction(3, 17), Fraction(1, 4), Fraction(1, 8), Fraction(1, 7))
    >>> parse_answer("0,5")
    Fraction(1, 2)
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"Type an answer first. {HOW}")
    s = text.strip().replace("\u2212", "-")
    percent = s.endswith("%")
    if percent:
        s = s[:-1]
    over = re.fullmatch(r"(.+?)(/|\s+in\s+)(.+)", s)
    if over:
        top, bottom = _number(over.group(1), text), _number(over.group(3), text)
        if bottom == 0:
            raise ValueError(f"\u201c{text.strip()}\u201d divides by 0, which gives no number. {HOW}")
        value = top / bottom
    else:
        value = _number(s, text)
    return value / 100 if percent else value


def _shown(x: Fraction, percent: bool) -> str:
    """``1/7 = 0.1429 (14.29%)``; a whole number or a short decimal alone."""
    tail = f" ({float(x):.2%})" if percent else ""
    if x.denominator == 1:
        return f"{x.numerator}{tail}"
    return f"{x.numerator}/{x.denominator} = {float(x):.4f}{tail}"


def _plain(x: Fraction) -> str:
    """A tolerance in words: ``0.005`` (not ``1/200``)."""
    return f"{float(x):g}"


class Exercise(W.VBox):
    """A question with an answer box, a *Check* button, a *Show the answer* button and feedback.

    ``answer``: the exact answer (a ``Fraction``, or an int); ``tolerance``: how far from it an
    answer may be and still count (stated under the question; default 0.005, half a percentage
    point); ``hint``: said after a wrong answer; ``explanation``: shown with the answer when the
    student asks for it; ``probability``: the answer is a chance (answers outside 0..1 are refused
    with a sentence, and percentages are shown). Parts as attributes for tests: ``box``,
    ``check_button``, ``show_button``, ``feedback``; ``attempts`` (answers read and judged) and
    ``solved``. ``key``: the exercise's name in a class (``"loco-wild"``): in a class, every attempt counted is
    sent to the teacher (:attr:`listeners`).
    """

    #: called as ``fn(exercise, answer typed, right?)`` after every attempt counted (a class page listens)
    listeners: list = []
    #: while a list (:func:`collecting`), every exercise made is added to it (a page gathering a lesson's exercises)
    collector: list | None = None

    def __init__(self, question: str, answer, tolerance=TOLERANCE, hint: str = "", explanation: str = "",
                 probability: bool = True, key: str = ""):
        super().__init__(layout=W.Layout(width="100%", max_width="760px"))
        self.add_class("chili-exercise")
        self.answer, self.tolerance = Fraction(answer), Fraction(tolerance)
        if self.tolerance < 0:
            raise ValueError(f"a tolerance is 0 or more, not {tolerance}")
        if probability and not 0 <= self.answer <= 1:
            raise ValueError(f"the answer to a probability question lies in 0..1, not {answer}")
        self.hint, self.explanation, self.probability = hint, explanation, probability
        self.text = question  #: the question, plain text
        self.key = key  #: the exercise's name in a class (its answers are kept under it)
        if Exercise.collector is not None:
            Exercise.collector.append(self)
        self.attempts, self.solved = 0, False
        self._last: Fraction | None = None
        forms = "a fraction (3/17), a decimal (0.18) or a percentage (18%)" if probability else \
            "a fraction (45/4) or a decimal (11.25)"
        self.question = W.HTML(f"<b>Exercise.</b> {html.escape(question)}<br><small>Answer with {forms}; "
                               f"within {_plain(self.tolerance)} of the exact answer counts as right.</small>")
        self.box = W.Text(placeholder="your answer", continuous_update=False, layout=W.Layout(width="14em"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.show_button = W.Button(description="Show the answer")
        self.feedback = W.HTML()
        self.box.observe(lambda _change: self.check(), "value")  # Enter (or leaving the box) checks too
        self.check_button.on_click(lambda _b: self.check())
        self.show_button.on_click(lambda _b: self.show_answer())
        self.children = [self.question, W.HBox([self.box, self.check_button, self.show_button]), self.feedback]

    def judge(self, value: Fraction, said: str | None = None) -> tuple[bool, str]:
        """(right?, the sentence) for an answer already read as a number (``said``: as the student wrote it)."""
        said = said.strip() if said else _plain(value)
        if value == self.answer:
            return True, f"Exactly right: {_shown(self.answer, self.probability)}."
        off = value - self.answer
        if abs(off) <= self.tolerance:
            return True, (f"Right: {said} is within {_plain(self.tolerance)} of the exact answer "
                          f"{_shown(self.answer, self.probability)}.")
        side = "too high" if off > 0 else "too low"
        hint = f" Hint: {self.hint}" if self.hint else ""
        return False, f"Not yet: {said} is {side}.{hint}"

    def check(self, text: str | None = None) -> str:
        """Read ``text`` (default: the box), judge it, show and return the feedback. An answer that is
        not a number, or not a chance in a probability question, changes nothing but the feedback."""
        text = self.box.value if text is None else text
        try:
            value = parse_answer(text)
            if self.probability and not 0 <= value <= 1:
                raise ValueError(f"A chance lies between 0 and 1 (0% and 100%): {_plain(value)} cannot be one. "
                                 "For a percentage, add the % sign.")
        except ValueError as e:
            return self._say(str(e), "#8a4b00")
        right, sentence = self.judge(value, text)
        if value != self._last:  # the same answer checked twice (Enter, then Check) counts once
            self.attempts += 1
            self._last = value
            for fn in list(self.listeners):
                fn(self, text.strip(), right)
        self.solved = self.solved or right
        return self._say(sentence, "#1b7a2e" if right else "#b3261e")

    def show_answer(self) -> str:
        """Show the exact answer and its explanation (the student gave up, or wants to compare)."""
        why = f" {self.explanation}" if self.explanation else ""
        return self._say(f"The answer: {_shown(self.answer, self.probability)}.{why}", "#1d3557")

    def _say(self, sentence: str, colour: str) -> str:
        self.feedback.value = f'<span style="color:{colour}">{html.escape(sentence)}</span>'
        return sentence


@contextmanager
def collecting():
    """``with collecting() as made:``: every :class:`Exercise` made inside is also in ``made``."""
    before, Exercise.collector = Exercise.collector, []
    try:
        yield Exercise.collector
    finally:
        Exercise.collector = before
