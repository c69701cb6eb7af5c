"""Pieces every explorer shares: a simulated value that grows with each press of "simulate more",
exact fractions in words (a huge one as a decimal and "about 1 in N", its fraction one click away), and the row of "simulate 10 / 100 / 10,000 more" buttons that runs a
long simulation in chunks with a progress bar, stops at Ctrl-C (a kernel interrupt) or a time
limit, and keeps what was done.

>>> fraction_text(Fraction(2, 9))
'2/9 = 22.2%'
"""
from __future__ import annotations

import html
import time
from fractions import Fraction

import ipywidgets as W

from chililab.engine.words import chance_words, is_huge
from chililab.prob.intervals import Estimate

#: the first sample count a convergence curve shows, and its points per tenfold growth of the samples
FIRST_MARK, PER_DECADE = 5, 6


def marks(before: int, after: int) -> list[int]:
    """The sample counts in ``before < n <= after`` where a convergence curve gets a point: evenly
    spaced on its logarithmic axis (5, 7, 11, 16, 23, 34, 50, 73, 108, 158, ...), so the very first
    press of "simulate 100 more" already draws a curve (with a point at its end, 100).

    >>> marks(0, 100), marks(100, 110), marks(110, 300)
    ([5, 7, 11, 16, 23, 34, 50, 73], [108], [158, 232])
    """
    out: list[int] = []
    k = 0
    while (n := round(FIRST_MARK * 10 ** (k / PER_DECADE))) <= after:
        if n > before and (not out or n > out[-1]):
            out.append(n)
        k += 1
    return out


def in_pieces(done: int, m: int, sample, record) -> None:
    """Draw ``m`` more samples after the ``done`` ones as calls ``sample(k)`` that stop at each of
    :func:`marks`, calling ``record()`` there (a point of the convergence curve). A call draws at least
    2 samples (an interval needs them): a mark closer than that is skipped.

    >>> calls = []
    >>> in_pieces(0, 20, lambda k: calls.append(k), lambda: calls.append("|"))
    >>> calls
    [5, '|', 2, '|', 4, '|', 5, '|', 4]
    >>> calls.clear(); in_pieces(10, 100, calls.append, lambda: calls.append("|")); calls
    [6, '|', 7, '|', 11, '|', 16, '|', 23, '|', 35, '|', 2]
    """
    at, end = done, done + m
    for n in marks(done, end):
        if n - at >= 2 and (n == end or end - n >= 2):
            sample(n - at)
            record()
            at = n
    if at < end:
        sample(end - at)


class Running:
    """A simulated value over several runs of a Monte Carlo twin: their estimates added up (one sample),
    and the estimate at each point of the convergence curve (:func:`marks`, and the end of each press of
    "simulate more").

    >>> from chililab.prob.intervals import proportion
    >>> r = Running()
    >>> r.add(proportion(3, 10)); r.record(); r.add(proportion(2, 10)); r.record(); r.record()
    >>> r.estimate.value, r.n, [h[0] for h in r.history]
    (0.25, 20, [10, 20])
    """

    def __init__(self):
        self.estimate: Estimate | None = None
        self.history: list[tuple] = []  # (n, value, low, high) at each point of the convergence curve

    @property
    def n(self) -> int:
        return self.estimate.n if self.estimate else 0

    def add(self, e: Estimate) -> None:
        self.estimate = e if self.estimate is None else self.estimate + e

    def point(self) -> tuple | None:
        """``(value, low, high, n)`` for the bar charts, or ``None`` before any sample."""
        return point(self.estimate) if self.estimate else None

    def record(self) -> None:
        """A point of the convergence curve: the estimate now (once per sample count)."""
        e = self.estimate
        if e and (not self.history or self.history[-1][0] != e.n):
            self.history.append((e.n, e.value, e.low, e.high))


def point(e: Estimate) -> tuple:
    """An estimate as the ``(value, low, high, n)`` tuple :mod:`chililab.viz.odds` draws."""
    return (e.value, e.low, e.high, e.n)


def fraction_text(p: Fraction, percent: bool = True) -> str:
    """``2/9 = 22.2%`` (or ``1503/100 = 15.03``); a whole number alone; a huge fraction (its denominator over
    1,000) as a decimal and, for a chance, "about 1 in N" (:func:`chililab.engine.words.chance_words`): its
    exact value is :func:`fraction_html`'s, on demand.

    >>> fraction_text(Fraction(2, 9)), fraction_text(Fraction(0)), fraction_text(Fraction(1503, 100), False)
    ('2/9 = 22.2%', '0%', '1503/100 = 15.03')
    >>> fraction_text(Fraction(17016805, 199367322)), fraction_text(Fraction(801293487, 300500200), False)
    ('8.5%, about 1 in 12', '2.67')
    """
    p = Fraction(p)
    if p.denominator == 1:
        return f"{int(p) * 100}%" if percent else str(int(p))
    if percent:
        return chance_words(p)[0]
    return f"{float(p):.2f}" if is_huge(p) else f"{p.numerator}/{p.denominator} = {float(p):.2f}"


def fraction_html(p: Fraction, percent: bool = True) -> str:
    """:func:`fraction_text` as HTML: a huge fraction's exact value one click away (a ``<details>``).

    >>> fraction_html(Fraction(2, 9))
    '2/9 = 22.2%'
    >>> fraction_html(Fraction(17016805, 199367322))
    '<details class="chili-exact" style="display:inline-block"><summary>8.5%, about 1 in 12</summary>exactly 17016805/199367322</details>'
    """
    p = Fraction(p)
    text = html.escape(fraction_text(p, percent))
    if not is_huge(p):
        return text
    return (f'<details class="chili-exact" style="display:inline-block"><summary>{text}</summary>'
            f'exactly {p.numerator}/{p.denominator}</details>')


def estimate_text(e: Estimate | None, percent: bool = True) -> str:
    """``23.1% (20.5% to 25.9%)``: the estimate and its interval (the table's head says which), or a dash
    before any sample.

    >>> from chililab.prob.intervals import proportion
    >>> estimate_text(proportion(1, 4))
    '25.0% (3.0% to 78.2%)'
    """
    if e is None:
        return "&ndash;"
    fmt = "{:.1%}" if percent else "{:.2f}"
    return f"{fmt.format(e.value)} ({fmt.format(e.low)} to {fmt.format(e.high)})"


class MoreButtons(W.HBox):
    """The buttons "simulate N more" for each N of ``batches`` (class ``chili-more-N``), a progress bar
    (shown for runs longer than one chunk) and a status line (class ``chili-sim-status``).

    ``on_press(n)`` is called with the button's N; it calls :meth:`run` to do the work.
    """

    def __init__(self, batches, on_press, label: str = "simulate {n:,} more"):
        self.buttons = {}
        for n in batches:
            b = W.Button(description=label.format(n=n), layout=W.Layout(width="auto"))
            b.add_class(f"chili-more-{n}")
            b.on_click(lambda _b, n=n: on_press(n))
            self.buttons[n] = b
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(visibility="hidden", width="14em"))
        self.progress.add_class("chili-sim-progress")
        self.status = W.HTML()
        self.status.add_class("chili-sim-status")
        self.stopped = ""  # why the last run stopped early ("" when it did all it was asked)
        super().__init__([*self.buttons.values(), self.status, self.progress], layout=W.Layout(flex_flow="row wrap"))

    def run(self, n: int, step, chunk: int, unit: str = "samples", seconds: float | None = None) -> int:
        """Call ``step(m)`` for chunks of at most ``chunk`` until ``n`` are done; return how many were.

        A kernel interrupt (Ctrl-C) or ``seconds`` of work stop it after the chunk under way; the
        reason is then in :attr:`stopped`. A ``ValueError`` from ``step`` goes to the caller. The
        buttons are disabled while it runs and enabled again whatever happens.
        """
        for b in self.buttons.values():
            b.disabled = True
        self.progress.max, self.progress.value = n, 0
        self.progress.layout.visibility = "visible" if n > chunk else "hidden"
        self.stopped = ""
        done, t0 = 0, time.monotonic()
        try:
            while done < n:
                m = min(chunk, n - done)
                step(m)
                done += m
                self.progress.value = done
                self.status.value = f"simulating: {done:,} of {n:,} {unit}" if done < n else ""
                if done < n and seconds is not None and time.monotonic() - t0 > seconds:
                    self.stopped = f"stopped after {seconds:g} s (a shared server): {done:,} of {n:,} {unit} done"
                    break
        except KeyboardInterrupt:
            self.stopped = f"interrupted: {done:,} of {n:,} {unit} done"
        finally:
            for b in self.buttons.values():
                b.disabled = False
            self.progress.layout.visibility = "hidden"
        return done
