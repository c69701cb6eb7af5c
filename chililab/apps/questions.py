"""A probability explorer built from questions (the Chili Loco and Chili Mafia explorers are two of them).

A :class:`Question` names the parameters it reads, its exact answer (one or more outcomes, each a
:class:`~fractions.Fraction`) and its Monte Carlo twin (an :class:`~chililab.prob.intervals.Estimate`
per outcome). :class:`QuestionExplorer` shows a question menu and the parameter widgets (sliders,
dropdowns, checkboxes) of the chosen question, the exact answer beside the simulated one in a table
and a chart, "simulate 10 / 100 / 10,000 more" (:class:`~chililab.apps.estimates.MoreButtons`), and
an estimate converging on its exact value. Parameters that make no sense together are refused with
the calculator's own sentence, and nothing changes.

>>> from fractions import Fraction
>>> from chililab.prob.intervals import proportion
>>> q = Question("coin", "heads", ("flips",), lambda p: {"heads": Fraction(1, 2)},
...              lambda p, n, rng: {"heads": proportion(sum(rng.random() < .5 for _ in range(n)), n)},
...              lambda p: "A fair coin: heads?")
>>> page = QuestionExplorer("demo", "Demo", "", [q], {"flips": W.IntSlider(1)}, "", seed=1)
>>> page.simulate(100); page.runs["heads"].n
100
"""
from __future__ import annotations

import html
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from urllib.parse import parse_qs

import ipywidgets as W

from chililab.prob.intervals import proportion
from chililab.viz.odds import convergence, exact_and_simulated
from chililab.widgets.plot import PlotView

from . import classwork
from .estimates import MoreButtons, Running, estimate_text, fraction_html, in_pieces
from .parts import big_switch, chili, css, panel, tagged

BATCHES = (10, 100, 10_000)
CHUNK = 1_000  # samples per step of a long run (the progress bar moves between steps)


@dataclass(frozen=True)
class Question:
    """One question an explorer answers.

    ``uses``: the names of the parameter widgets it reads; ``exact(params)``: ``{outcome label:
    Fraction}`` (one outcome for a yes/no question); ``simulate(params, samples, rng)``: ``{outcome
    label: Estimate}``; ``ask(params)``: the question in words; ``note``: what the model leaves out.
    """

    key: str
    title: str
    uses: tuple[str, ...]
    exact: Callable
    simulate: Callable
    ask: Callable
    note: str = ""
    axis: str = ""  #: the chart's x axis title (a distribution's outcomes)


@lru_cache(maxsize=512)
def _exact(question: Question, params: tuple) -> dict:
    """The exact answer, remembered: a few exact counts take a second, and every visitor asks the same ones."""
    return question.exact(dict(params))


def distribution(exact: dict, counts, n: int, label) -> dict:
    """Estimates of every outcome of a sampled distribution, the exact ones first (0 when never seen).

    >>> from collections import Counter
    >>> sorted(distribution({"2": 0, "4": 0}, Counter({2: 3, 6: 1}), 4, str).items())[2][1].value
    0.25
    """
    out = {k: proportion(0, n) for k in exact}
    for key, c in counts.items():
        out[label(key)] = proportion(c, n)
    return out


class QuestionExplorer(W.VBox):
    """The explorer page. Parts: ``question`` (menu), ``params`` (name -> widget), ``msg``, ``numbers``
    (exact beside simulated, a table), ``sim`` (the buttons; ``more[n]``), ``answer_chart``, ``watch``,
    ``converge_chart``; ``current`` (the question shown), ``values`` (its parameters), ``exact`` and
    ``runs`` (outcome -> :class:`Running`)."""

    def __init__(self, name: str, title: str, subtitle: str, questions, params: dict, how_to: str, seed=None,
                 question: str | None = None, **values):
        super().__init__(layout=W.Layout(width="100%"))
        tagged(self, "chili-dash", "chili-explorer", f"chili-{name}-explorer")
        self.questions = {q.key: q for q in questions}
        self.name, self.title = name, title
        self.rng = random.Random(seed)
        if question is None:  # a link (the teacher's pacing) may name the question: ?question=key
            asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("question", [""])[-1]
            question = asked if asked in self.questions else None
        self.current: Question | None = None
        self.values: dict = {}
        # every question in view, its name wrapped to the panel's width (a dropdown cut the long names short)
        self.question = W.RadioButtons(options=[(q.title, q.key) for q in questions],
                                       value=question or questions[0].key, layout=W.Layout(width="auto"))
        tagged(self.question, "chili-q-question")
        self.question.observe(lambda _c: self.apply(), "value")
        self.params = params
        self.rows = {}  # key -> the widget with its label above (a checkbox carries its own)
        for key, w in params.items():
            if key in values:
                w.value = values[key]
            tagged(w, f"chili-q-{key}")
            w.layout.width = "100%"
            if isinstance(w, W.Checkbox):
                self.rows[key] = w
            else:
                # the description drawn above the control; kept as its tooltip, which names the control for a
                # screen reader (chililab's Voila template turns it into aria-label)
                w.tooltip = w.tooltip or w.description
                label, w.description = W.HTML(f'<div class="chili-q-label">{html.escape(w.description)}</div>'), ""
                self.rows[key] = W.VBox([label, w], layout=W.Layout(width="100%"))
            w.observe(lambda _c: self.apply(), "value")
        self.msg = tagged(W.HTML(), "chili-dash-msg", "chili-q-msg")
        self.ask = tagged(W.HTML(), "chili-q-ask")
        self.numbers = tagged(W.HTML(), "chili-q-numbers")
        self.sim = MoreButtons(BATCHES, self.simulate)
        self.more = self.sim.buttons
        self.versus = tagged(W.HTML(), "chili-q-versus")  #: in a class: you, your class, the exact value
        self.class_bar = classwork.ClassBar(f"{name}_explorer.ipynb")
        self.class_bar.address.on_address(self._open_query)
        self.watch = tagged(W.Dropdown(description="watch", layout=W.Layout(width="100%", max_width="520px")),
                            "chili-q-watch")
        self.watch.observe(lambda _c: self.draw_convergence(), "value")
        self.answer_chart = tagged(PlotView(), "chili-q-answer")
        self.converge_chart = tagged(PlotView(), "chili-q-converge")
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} {html.escape(title)}</span>'
                        f'<span class="s">{html.escape(subtitle)}</span><a href="index.ipynb">all dashboards</a></div>')
        setup = panel("The question", self.question, *self.rows.values(), self.msg, W.HTML(how_to), big_switch(self),
                      cls="chili-side")
        results = panel("Exact and simulated", self.ask, self.sim, self.versus, self.numbers, self.answer_chart, self.watch,
                        self.converge_chart, cls="chili-main")
        self.children = [W.HTML(css()), banner, self.class_bar,
                         W.HBox([setup, results], layout=W.Layout(flex_flow="row wrap"))]
        self.apply()

    # ---------------------------------------------------------------- reading the parameters

    def apply(self) -> bool:
        """Read the question and its parameters; on success show the exact answer and start the simulation afresh."""
        q = self.questions[self.question.value]
        for key, row in self.rows.items():
            row.layout.display = "" if key in q.uses else "none"
        values = {key: self.params[key].value for key in q.uses}
        try:
            exact = _exact(q, tuple(values.items()))
        except ValueError as e:
            self.say(f"Not changed: {e}", error=True)
            return False
        self.current = None  # the watch menu changes quietly: everything is drawn below
        self.values, self.exact = values, exact
        self.runs = {k: Running() for k in exact}
        self.watch.options = list(exact)
        self.watch.value = max(exact, key=lambda k: exact[k])  # the likeliest outcome
        self.watch.layout.display = "" if len(exact) > 1 else "none"
        self.current = q
        self.say(q.note or "Move a slider or pick another question; press simulate to compare.")
        self.ask.value = f'<div class="chili-q-ask-text">{html.escape(q.ask(values))}</div>'
        self.sim.status.value = '<span class="chili-muted">nothing simulated yet</span>'
        self.versus.value = ""
        self.draw()
        return True

    def _open_query(self, query: str) -> None:
        """The browser told the page's address: open the question it names (``?question=key``), if any."""
        asked = parse_qs(query).get("question", [""])[-1]
        if asked in self.questions and asked != self.question.value:
            self.question.value = asked

    def say(self, text: str, error: bool = False) -> None:
        self.msg.value = f'<div class="{"err" if error else "ok"}">{html.escape(text)}</div>'

    # ---------------------------------------------------------------- simulating

    def simulate(self, n: int) -> None:
        """``n`` more samples of the question's Monte Carlo twin (chunks of :data:`CHUNK`, a progress bar;
        Ctrl-C keeps the chunks done)."""
        q, values = self.current, self.values
        if q is None:  # no question read yet (its parameters were refused): nothing to simulate
            return

        def sample(m):
            before = self.sim_n
            got = q.simulate(values, m, self.rng)
            for key in got:
                if key not in self.runs:  # an outcome first seen now: none of the earlier samples had it
                    self.runs[key] = Running()
                    if before:
                        self.runs[key].add(proportion(0, before))
            for key, run in self.runs.items():  # an outcome this run did not name: none of its samples had it
                run.add(got.get(key) or proportion(0, m))

        def record():
            for run in self.runs.values():
                run.record()

        def step(m):
            in_pieces(self.sim_n, m, sample, record)

        head = self.headline
        before = self.runs[head].estimate
        try:
            self.sim.run(n, step, CHUNK)
        except ValueError as e:
            self.say(f"The simulation stopped: {e}", error=True)
        record()  # the end of the press
        stopped = f" ({self.sim.stopped})" if self.sim.stopped else ""
        self.sim.status.value = f"<b>{self.sim_n:,}</b> samples simulated{stopped}"
        self.versus.value = classwork.report_press(
            f"{self.name}.{q.key}", f"{self.title}: {q.title} ({head})", {**values, "outcome": head}, before,
            self.runs[head].estimate, self.exact.get(head, Fraction(0)))
        self.draw()

    @property
    def headline(self) -> str:
        """The outcome a class pools: the likeliest one (what the convergence chart watches first)."""
        return max(self.exact, key=lambda k: self.exact[k])

    @property
    def sim_n(self) -> int:
        """Samples simulated so far for the question shown."""
        return max((r.n for r in self.runs.values()), default=0)

    # ---------------------------------------------------------------- drawing

    def draw(self) -> None:
        q, exact = self.current, self.exact
        if q is None:
            return
        keys = list(self.runs)
        ex = [exact.get(k, Fraction(0)) for k in keys]
        self.numbers.value = numbers_html(keys, ex, [self.runs[k].estimate for k in keys])
        fig = exact_and_simulated(keys, ex, [self.runs[k].point() for k in keys], q.title, "chance", percent=True)
        if q.axis:
            fig["layout"]["xaxis"]["title"] = {"text": q.axis}
        self.answer_chart.show(fig)
        self.draw_convergence()

    def draw_convergence(self) -> None:
        if self.current is None:
            return
        key = self.watch.value
        title = (f"{key}: the simulated chance as the samples grow" if len(self.runs) > 1 else
                 "The simulated chance as the samples grow")
        self.converge_chart.show(convergence(self.runs[key].history, self.exact.get(key, 0), title, "chance",
                                             percent=True))


def numbers_html(keys, exact, estimates) -> str:
    """Exact beside simulated, one row per outcome."""
    rows = "".join(
        f"<tr><th scope='row' style='text-align:left;padding:2px 10px'>{html.escape(str(k))}</th>"
        f"<td class='chili-q-exact' style='padding:2px 10px'>{fraction_html(p)}</td>"
        f"<td class='chili-q-simulated' style='padding:2px 10px'>{estimate_text(e)}</td></tr>"
        for k, p, e in zip(keys, exact, estimates))
    return ("<table style='border-collapse:collapse;margin:6px 0'><tr><th scope='col'>outcome</th>"
            "<th scope='col' style='padding:2px 10px'>exact</th>"
            "<th scope='col' style='padding:2px 10px'>simulated (99% interval)</th></tr>" + rows + "</table>"
            "<div class='chili-muted'>A 99% interval holds the exact value in 99 simulations out of 100; the more "
            "samples, the narrower it gets.</div>")
