"""An exercise for a lesson: a question, a box for the student's answer, and feedback in plain words.

The student types a fraction (``3/17``), odds in words (``5 in 99``, ``5 out of 99``), a decimal (``0.18``,
or ``0,18``) or a percentage (``18%``); :func:`read_answer` reads it as an exact fraction and remembers how
it was written. The answer is judged exactly:

- a fraction (or a whole number) is right when it **equals** the answer: ``16/112`` for 1/7;
- a decimal or a percentage is right when it is the answer **rounded** to the precision the question
  states (3 significant figures unless the exercise says otherwise), or finer, every digit written being
  right: ``0.0505``, ``5.05%`` or ``0.050505`` for 5/99 (digits past the 12th significant one are not
  judged: a calculator's last digits may be off). Fewer digits than asked (``0.05``) get a sentence asking
  for more, and count as nothing; a last digit rounded the wrong way (``0.142`` for 1/7) is "nearly";
- each exercise lists the **common mistakes** for its question (``mistakes={Fraction(8, 93): "..."}``):
  a mistake typed exactly, or rounded, is answered with its own hint;
- any other wrong answer says whether it is too high or too low, and gives the exercise's hint.

The solution (the answer and its explanation) is shown only once the student has it right or asks for
it (*Show the answer*): until then no widget holds it (the question, the box and the feedback are the
only widgets, and the feedback starts empty). Input that is not a number (``abc``, ``1/0``, a chance
above 100%, an answer too long to be one) is answered with a sentence saying what to write, and changes
nothing: it is not counted as an attempt.

>>> ex = Exercise("One card from 112, 16 of them wild: the chance it is wild?", Fraction(1, 7),
...               mistakes={Fraction(1, 6): "16/96 compares the wilds with the other cards."})
>>> ex.check("banana").startswith("I cannot read"), ex.attempts
(True, 0)
>>> ex.check("0.167")
'Not yet: 0.167 is a common mistake. 16/96 compares the wilds with the other cards.'
>>> ex.check("0.14")
'Close, but round to 3 significant figures: 0.14 has 2.'
>>> ex.check("16 in 112")
'Exactly right: 1/7 = 0.1429 (14.29%).'
>>> ex.attempts, ex.solved
(2, True)
"""
from __future__ import annotations

import html
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

import ipywidgets as W

#: how to write an answer (said whenever an input cannot be read)
HOW = "Write a fraction such as 3/17, a decimal such as 0.176, or a percentage such as 17.6%."
#: the longest answer read (longer text is refused with a sentence)
LONGEST = 40
#: digits beyond this many significant figures are not judged (a calculator's or a computer's last digits may be off)
MOST_FIGURES = 12

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_OVER = re.compile(r"(.+?)(/|\s+in\s+|\s+out\s+of\s+)(.+)", re.IGNORECASE)


class Reading(NamedTuple):
    """What a student typed: its value and how precisely it was written.

    ``step``: the size of one unit in the last digit typed, as a part of 1 (``0.0505`` and ``5.05%``: 1/10000);
    ``None`` for an exact form (a fraction, odds in words, a whole number). ``figures``: significant figures
    typed; ``places``: decimal places as a part of 1 (a percentage's places plus 2)."""

    value: Fraction
    step: Fraction | None = None
    figures: int = 0
    places: int = 0


def _number(part: str, text: str) -> tuple[Fraction, str]:
    """A number as typed (a decimal comma read as a point) and its digits, cleaned; ValueError with a sentence."""
    s = part.strip()
    if s.count(",") == 1 and "." not in s:  # a decimal comma: 0,18
        s = s.replace(",", ".")
    if not _NUMBER.fullmatch(s):
        raise ValueError(f"I cannot read \u201c{text.strip()}\u201d as a number. {HOW}")
    return Fraction(s), s.lstrip("+-")


def read_answer(text: str) -> Reading:
    """The number a student typed, exactly, and how precisely it was written; ``ValueError`` with a sentence
    otherwise.

    >>> read_answer("5 out of 99").value, read_answer("5.05%")
    (Fraction(5, 99), Reading(value=Fraction(101, 2000), step=Fraction(1, 10000), figures=3, places=4))
    >>> read_answer("1").step is None and read_answer("3/17").step is None
    True
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"Type an answer first. {HOW}")
    if len(text.strip()) > LONGEST:
        raise ValueError(f"That is too long to be an answer ({len(text.strip())} characters). {HOW}")
    s = text.strip().replace("\u2212", "-")
    percent = s.endswith("%")
    if percent:
        s = s[:-1]
    scale = Fraction(1, 100) if percent else Fraction(1)
    over = _OVER.fullmatch(s)
    if over:
        (top, _), (bottom, _) = _number(over.group(1), text), _number(over.group(3), text)
        if bottom == 0:
            raise ValueError(f"\u201c{text.strip()}\u201d divides by 0, which gives no number. {HOW}")
        return Reading(top / bottom * scale)
    value, digits = _number(s, text)
    if "." not in digits and not percent:  # a whole number is exact
        return Reading(value)
    whole, _, tail = digits.partition(".")
    places = len(tail) + 2 * percent
    figures = len((whole + tail).lstrip("0"))
    return Reading(value * scale, Fraction(1, 10 ** places), figures, places)


def parse_answer(text: str) -> Fraction:
    """The number a student typed, as an exact fraction; ``ValueError`` with a sentence otherwise.

    >>> parse_answer("3/17"), parse_answer(" 0.25 "), parse_answer("12.5 %"), parse_answer("1 in 7")
    (Fraction(3, 17), Fraction(1, 4), Fraction(1, 8), Fraction(1, 7))
    >>> parse_answer("0,5")
    Fraction(1, 2)
    """
    return read_answer(text).value


def _exponent(x: Fraction) -> int:
    """The power of ten of ``x``'s first significant digit (0.0505: -2; 15.03: 1); ``x`` > 0."""
    e = len(str(x.numerator)) - len(str(x.denominator))
    return e if Fraction(10) ** e <= x else e - 1


def rounded(x, figures: int | None = None, places: int | None = None) -> str:
    """``x`` rounded (half up) to ``figures`` significant figures or ``places`` decimal places, as a decimal.

    >>> rounded(Fraction(5, 99), figures=3), rounded(Fraction(1, 7), places=3), rounded(Fraction(999, 1000), figures=2)
    ('0.0505', '0.143', '1.0')
    """
    x = Fraction(x)
    figures = (figures or 3) if places is None else None
    if figures is not None:
        places = 0 if x == 0 else figures - 1 - _exponent(abs(x))
    assert places is not None
    n = (abs(x) * Fraction(10) ** places + Fraction(1, 2)).__floor__()
    if figures is not None and len(str(n)) > figures:  # rounded up to the next power of ten: 0.999 -> 1.0
        n, places = n // 10, places - 1
    sign = "-" if x < 0 and n else ""
    if places <= 0:
        return f"{sign}{n * 10 ** -places}"
    digits = str(n).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def _judged_step(r: Reading) -> Fraction | None:
    """The unit of the last digit judged: the last one typed, or the :data:`MOST_FIGURES`-th significant one."""
    if r.step is None or r.figures <= MOST_FIGURES:
        return r.step
    return Fraction(10) ** (_exponent(abs(r.value)) - MOST_FIGURES + 1)


def _shown(x: Fraction, percent: bool) -> str:
    """``1/7 = 0.1429 (14.29%)``: the answer with 4 significant figures; a whole number alone."""
    if x.denominator == 1:
        return f"{x.numerator}{' (' + str(x.numerator * 100) + '%)' if percent else ''}"
    decimal = rounded(x, figures=4)
    tail = f" ({rounded(x * 100, figures=4)}%)" if percent else ""
    return f"{x.numerator}/{x.denominator} = {decimal}{tail}"


def _plain(x: Fraction) -> str:
    """A number in words: ``1.5`` (not ``3/2``)."""
    return f"{float(x):g}"


class Exercise(W.VBox):
    """A question with an answer box, a *Check* button, a *Show the answer* button and feedback.

    ``answer``: the exact answer (a ``Fraction``, or an int). A decimal answer must be the answer rounded to
    ``figures`` significant figures (default 3) or, when given, ``places`` decimal places (stated under the
    question). ``hint``: said after a wrong answer; ``mistakes``: ``{wrong answer: its own hint}`` for the
    common mistakes; ``explanation``: shown with the answer, once the student has it right or asks for it;
    ``probability``: the answer is a chance (answers outside 0..1 are refused with a sentence, and
    percentages are read and shown). Parts as attributes for tests: ``box``, ``check_button``,
    ``show_button``, ``feedback``; ``attempts`` (answers read and judged), ``solved`` and ``shown``.
    ``key``: the exercise's name in a class (``"loco-wild"``): in a class, every attempt counted is sent to the
    teacher (:attr:`listeners`).
    """

    #: called as ``fn(exercise, answer typed, right?)`` after every attempt counted (a class page listens)
    listeners: list = []

    def __init__(self, question: str, answer, hint: str = "", explanation: str = "", *,
                 mistakes: Mapping | None = None, figures: int | None = 3, places: int | None = None,
                 probability: bool = True, key: str = ""):
        super().__init__(layout=W.Layout(width="100%", max_width="760px"))
        self.add_class("chili-exercise")
        self.answer = Fraction(answer)
        if probability and not 0 <= self.answer <= 1:
            raise ValueError(f"the answer to a probability question lies in 0..1, not {answer}")
        if places is not None and places < 0 or places is None and (figures or 0) < 1:
            raise ValueError(f"an exercise states its precision: figures= 1 or more, or places= 0 or more, "
                             f"not {figures}, {places}")
        #: the precision asked for: significant figures, or (when given) decimal places
        self.figures: int | None = None if places is not None else figures
        self.places: int | None = places
        self.hint, self.explanation, self.probability = hint, explanation, probability
        self.mistakes = {Fraction(m): why for m, why in (mistakes or {}).items()}
        self._check_mistakes()
        self.text = question  #: the question, plain text
        self.key = key  #: the exercise's name in a class (its answers are kept under it)
        self.attempts, self.solved, self.shown = 0, False, False
        self._last: Fraction | None = None
        forms = (f"a fraction (3/17, or 3 in 17), or a decimal or a percentage {self.precision} "
                 f"(such as {self._example()})" if probability else
                 f"a fraction (45/4) or a decimal {self.precision} (such as {self._example()})")
        self.question = W.HTML(f"<b>Exercise.</b> {html.escape(question)}<br><small>Answer with {forms}.</small>")
        self.box = W.Text(placeholder="your answer", continuous_update=False, layout=W.Layout(width="14em"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.show_button = W.Button(description="Show the answer")
        self.feedback = W.HTML()
        self.box.observe(lambda _change: self.check(), "value")  # Enter (or leaving the box) checks too
        self.check_button.on_click(lambda _b: self.check())
        self.show_button.on_click(lambda _b: self.show_answer())
        self.children = [self.question, W.HBox([self.box, self.check_button, self.show_button]), self.feedback]

    # ------------------------------------------------------------ precision

    @property
    def precision(self) -> str:
        """The precision asked for, in words: ``rounded to 3 significant figures``."""
        if self.places is not None:
            return f"rounded to {self.places} decimal place{'s' * (self.places != 1)}"
        return f"rounded to {self.figures} significant figure{'s' * (self.figures != 1)}"

    def _example(self) -> str:
        """Examples of decimals at the precision asked (never the answer's own digits)."""
        if self.places is not None:
            pieces = [rounded(Fraction(3, 17), places=self.places)]
            if self.probability and self.places >= 2:
                pieces.append(rounded(Fraction(300, 17), places=self.places - 2) + "%")
        else:
            pieces = [rounded(Fraction(3, 17), figures=self.figures), rounded(Fraction(1, 81), figures=self.figures)]
            if self.probability:
                pieces.append(rounded(Fraction(300, 17), figures=self.figures) + "%")
        return ", ".join(pieces[:-1]) + " or " + pieces[-1] if len(pieces) > 1 else pieces[0]

    def _rounded(self, x: Fraction) -> str:
        return rounded(x, self.figures, self.places)

    def _enough(self, r: Reading) -> bool:
        """Is the decimal ``r`` written at least as precisely as the question asks?"""
        return r.places >= self.places if self.places is not None else r.figures >= (self.figures or 0)

    def _check_mistakes(self) -> None:
        """Every listed mistake must be told apart from the answer and from each other at the precision asked."""
        seen = {self._rounded(self.answer): "the answer"}
        for m in self.mistakes:
            if m == self.answer or self._rounded(m) in seen:
                raise ValueError(f"the mistake {m} rounds to {self._rounded(m)}, as {seen.get(self._rounded(m))} "
                                 f"does: {self.precision} they cannot be told apart")
            seen[self._rounded(m)] = str(m)

    # ------------------------------------------------------------ judging

    def judge(self, r: Reading, said: str | None = None) -> tuple[bool | None, str]:
        """(right?, the sentence) for an answer already read (``said``: as the student wrote it). ``None``
        instead of right/wrong: not judged (a decimal with fewer digits than asked, close to the answer)."""
        said = said.strip() if said else _plain(r.value)
        a, v = self.answer, r.value
        step = _judged_step(r)
        if v == a:
            return True, self._right(f"Exactly right: {_shown(a, self.probability)}.")
        if step is not None and 2 * abs(v - a) <= step:  # the answer, rounded where the student stopped
            if self._enough(r):
                return True, self._right(f"Right: {said} is {_shown(a, self.probability)} {self.precision}.")
            typed = f"{r.places} decimal place{'s' * (r.places != 1)}" if self.places is not None else \
                f"{r.figures}"
            return None, f"Close, but {self.precision.replace('rounded', 'round')}: {said} has {typed}."
        mistake = self._mistake(r, step)
        if mistake is not None:
            return False, f"Not yet: {said} is a common mistake. {self.mistakes[mistake]}"
        if step is not None and abs(v - a) <= step and self._enough(r):
            return False, (f"Nearly: check how you rounded {said}. Look at the digit after the last one you keep: "
                           "5 or more rounds up, 4 or less rounds down.")
        hint = f" Hint: {self.hint}" if self.hint else ""
        return False, f"Not yet: {said} is {'too high' if v > a else 'too low'}.{hint}"

    def _mistake(self, r: Reading, step: Fraction | None) -> Fraction | None:
        """The listed mistake the answer is (exactly, or rounded with 2 significant figures or more), or None."""
        if r.value in self.mistakes:
            return r.value
        if step is None or r.figures < 2:
            return None
        near = [m for m in self.mistakes if 2 * abs(r.value - m) <= step]
        return min(near, key=lambda m: abs(r.value - m), default=None)

    def _right(self, sentence: str) -> str:
        return f"{sentence} {self.explanation}" if self.explanation else sentence

    def check(self, text: str | None = None) -> str:
        """Read ``text`` (default: the box), judge it, show and return the feedback. An answer that is not a
        number, not a chance in a probability question, or too vague to judge changes nothing but the feedback."""
        text = self.box.value if text is None else text
        try:
            r = read_answer(text)
            if self.probability and not 0 <= r.value <= 1:
                raise ValueError(f"A chance lies between 0 and 1 (0% and 100%): {_plain(r.value)} cannot be one. "
                                 "For a percentage, add the % sign.")
            if not self.probability and text.strip().endswith("%"):
                raise ValueError("This answer is not a chance: write it without the % sign.")
        except ValueError as e:
            return self._say(str(e), "#8a4b00")
        right, sentence = self.judge(r, text)
        if right is None:
            return self._say(sentence, "#8a4b00")
        if r.value != self._last:  # the same answer checked twice (Enter, then Check) counts once
            self.attempts += 1
            self._last = r.value
            for fn in list(self.listeners):
                fn(self, text.strip(), right)
        self.solved = self.solved or right
        return self._say(sentence, "#1b7a2e" if right else "#b3261e")

    def show_answer(self) -> str:
        """Show the exact answer and its explanation (the student gave up, or wants to compare)."""
        self.shown = True
        return self._say(self._right(f"The answer: {_shown(self.answer, self.probability)}."), "#1d3557")

    def _say(self, sentence: str, colour: str) -> str:
        self.feedback.value = f'<span style="color:{colour}">{html.escape(sentence)}</span>'
        return sentence

