"""Pieces every explorer shares: a simulated value that grows with each press of "simulate more",
exact fractions in words, and the row of "simulate 10 / 100 / 10,000 more" buttons that runs a
long simulation in chunks with a progress bar, stops at Ctrl-C (a kernel interrupt) or a time
limit, and keeps what was done.

>>> fraction_text(Fraction(2, 9))
'2/9 = 22.2%'
"""
from __future__ import annotations

import time
from fractions import Fraction

import ipywidgets as W

from chililab.prob.intervals import Estimate


class Running:
    """A simulated value over several runs of a Monte Carlo twin: their estimates added up (one sample),
    and the estimate after each press of "simulate more" (the convergence curve).

    >>> from chililab.prob.intervals import proportion
    >>> r = Running()
    >>> r.add(proportion(3, 10)); r.add(proportion(2, 10)); r.record()
    >>> r.estimate.value, r.n, len(r.history)
    (0.25, 20, 1)
    """

    def __init__(self):
        self.estimate: Estimate | None = None
        self.history: list[tuple] = []  # (n, value, low, high) after each press

    @property
    def n(self) -> int:
        return self.estimate.n if self.estimate else 0

    def add(self, e: Estimate) -> None:
        self.estimate = e if self.estimate is None else self.estimate + e

    def point(self) -> tuple | None:
        """``(value, low, high, n)`` for the bar charts, or ``None`` before any sample."""
        return point(self.estimate) if self.estimate else None

    def record(self) -> None:
        e = self.estimate
        if e:
            self.history.append((e.n, e.value, e.low, e.high))


def point(e: Estimate) -> tuple:
    """An estimate as the ``(value, low, high, n)`` tuple :mod:`chililab.viz.odds` draws."""
    return (e.value, e.low, e.high, e.n)


def fraction_text(p: Fraction, percent: bool = True) -> str:
    """``2/9 = 22.2%`` (or ``1503/100 = 15.03``); a whole number alone; a huge fraction by its value only.

    >>> fraction_text(Fraction(2, 9)), fraction_text(Fraction(0)), fraction_text(Fraction(1503, 100), False)
    ('2/9 = 22.2%', '0%', '1503/100 = 15.03')
    >>> fraction_text(Fraction(10**30 + 1, 3 * 10**30))
    '33.3% (a fraction of 31-digit numbers)'
    """
    if p.denominator == 1:
        return f"{int(p) * 100}%" if percent else str(int(p))
    value = f"{float(p):.1%}" if percent else f"{float(p):.2f}"
    digits = len(str(p.denominator))
    if digits > 12:  # too long to read: say how long it is instead
        return f"{value} (a fraction of {digits}-digit numbers)"
    return f"{p.numerator}/{p.denominator} = {value}"


def estimate_text(e: Estimate | None, percent: bool = True) -> str:
    """``23.1% (99% interval 20.5%..25.9%, 1,000 samples)``, or a dash before any sample.

    >>> from chililab.prob.intervals import proportion
    >>> estimate_text(proportion(1, 4))
    '25.0% (99% interval 3.0%..78.2%, 4 samples)'
    """
    if e is None:
        return "&ndash;"
    fmt = "{:.1%}" if percent else "{:.2f}"
    return (f"{fmt.format(e.value)} ({100 * e.confidence:g}% interval {fmt.format(e.low)}..{fmt.format(e.high)}, "
            f"{e.n:,} samples)")


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
        super().__init__([*self.buttons.values(), self.progress, self.status], layout=W.Layout(flex_flow="row wrap"))

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
