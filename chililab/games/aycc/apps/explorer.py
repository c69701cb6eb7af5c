"""All You Can Chili probability explorer (``dashboards/aycc_explorer.ipynb``): exact odds beside simulation.

The student sets up a table as one player sees it (which characters are at the table and the
dishes visible on each, their own character, tolerance and hand, who holds the Chili token and the
Lock token) and sees, from :mod:`chililab.games.aycc.odds`:

- the chance that each character burns out if the next dish served to it is an unknown one
  (exact, :func:`~chililab.games.aycc.odds.burn_table`), beside its Monte Carlo estimate;
- withdraw now against serve once more then withdraw (exact, :func:`~chililab.games.aycc.odds.advice`),
  beside the simulated value, and the chance of each score of serving once more
  (:func:`~chililab.games.aycc.odds.score_distribution`); with the Lock token on the student's own
  character neither is allowed (AYCC-ICON-LOCK-2): the page says so and compares nothing (the page is
  the base game: Inferno Mode's Siesta has no place here);
- for each dish in the hand, the exact chance it burns out each character it could be served to;
- one estimate converging on its exact value as "simulate 10 / 100 / 10,000 more" is pressed
  (long runs go in chunks with a progress bar).

Charts are :class:`chililab.widgets.plot.PlotView` (plotly.js reaches the browser once, cached).
Input that does not describe a possible table is refused with a sentence and changes nothing.

>>> page = app(seed=1)
>>> page.knowledge.row, page.knowledge.tolerance
(('habi_wasabi', 'piri_piri', 'king_naga'), 18)
>>> page.pile["piri_piri"].value = "7 7 banana"
>>> "banana" in page.msg.value, page.knowledge.piles["piri_piri"] == kinds("7 7 6 2")
(True, True)
>>> page.simulate(100)
>>> page.sim_serve.n, sorted(page.sim_burn) == sorted(page.knowledge.row)
(100, True)
"""
from __future__ import annotations

import html
import random
from collections import Counter

import ipywidgets as W

from chililab.apps import classwork
from chililab.apps.estimates import MoreButtons, Running, fraction_html, fraction_text, in_pieces, point
from chililab.apps.parts import big_switch, chili, css, panel
from chililab.games.aycc.odds import (
    Knowledge,
    advice,
    burn_chance,
    kinds,
    mc_burn_table,
    mc_score_distribution,
    posterior,
    score_distribution,
)
from chililab.games.aycc.rules.cards import CHARACTERS, TOLERANCES
from chililab.games.aycc.text import dish_words
from chililab.prob.intervals import mean, proportion
from chililab.viz.odds import convergence, exact_and_simulated
from chililab.widgets.plot import PlotView

NAMES = {c.key: c.name for c in CHARACTERS}
#: the table every visitor sees first: King Naga (you, tolerance 18) at heat 13, Piri Piri at 22
START = {"character": "king_naga", "tolerance": 18, "hand": "1 2 3 4", "chili": "", "lock": "",
         "piles": {"king_naga": "6 3 4", "piri_piri": "7 7 6 2", "habi_wasabi": ""}}
BATCHES = (10, 100, 10_000)
CHUNK = 1_000  # samples per step of a long run (the progress bar moves between steps)
SERVE = "serve"  # the convergence chart's key for the withdraw-or-serve value

HOW_TO = """<details class="chili-howto"><summary><b>What this page computes</b></summary>
<ul style="margin:4px 0 0 -12px">
<li>Everything is seen from <b>your seat</b>: your character, tolerance and hand, the dishes on every
pile. The other players' characters and tolerances are unknown; one character is the Neutral, which
never burns out.</li>
<li><b>Exact</b> values count every deal of identities and tolerances that fits what you see, with no
rounding (a long fraction is shown as a decimal: click it to see the exact fraction). An <b>unknown dish</b> is
any card you have not seen, all equally likely.</li>
<li><b>Simulated</b> values deal the hidden cards at random many times; the bars show 99% intervals.
Press <i>simulate more</i> and watch the estimate close in on the exact value.</li>
<li><b>Serve once more</b>: one unknown dish lands on your character, then you withdraw (0 if it burns
you out). Eye, Lock and Fork icons are left out; a Chili icon brings the Chili token (+5).</li>
<li>With the <b>Lock token</b> on your character you may not withdraw, now or after one more dish: the
token only moves on when a Lock dish is served to another character. Then there is nothing to compare.</li>
</ul></details>"""


class AyccExplorer(W.VBox):
    """The explorer page. Parts as attributes for notebooks and tests: ``me``, ``tolerance``, ``hand``,
    ``at_table[c]`` and ``pile[c]`` per character key, ``chili``, ``lock``, ``msg``, ``more[n]`` buttons,
    ``odds_chart``, ``value_chart``, ``scores_chart``, ``watch``, ``converge_chart``; ``knowledge``: the table shown."""

    def __init__(self, seed=None, **start):
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("chili-dash")
        self.add_class("chili-explorer")  # what every explorer page carries (browser tests wait on it)
        self.add_class("chili-aycc-explorer")
        s = {**START, **start}
        self.rng = random.Random(seed)
        self.knowledge: Knowledge | None = None

        full = {"layout": W.Layout(width="100%"), "style": {"description_width": "7em"}}
        self.me = self._input(W.Dropdown(options=[(c.name, c.key) for c in CHARACTERS], value=s["character"],
                                         description="You are", **full), "me")
        self.tolerance = self._input(W.Dropdown(options=list(TOLERANCES), value=s["tolerance"],
                                                description="tolerance", **full), "tolerance")
        self.hand = self._input(W.Text(value=s["hand"], description="your hand", continuous_update=False,
                                       placeholder="up to 4 dishes: 1 2 5F Latte", **full), "hand")
        self.chili = self._input(W.Dropdown(options=[("nobody", "")] + [(c.name, c.key) for c in CHARACTERS],
                                            value=s["chili"], description="Chili token on", **full), "chili-token")
        self.lock = self._input(W.Dropdown(options=[("nobody", "")] + [(c.name, c.key) for c in CHARACTERS],
                                           value=s["lock"], description="Lock token on", **full), "lock-token")
        self.at_table, self.pile, rows = {}, {}, []
        for c in CHARACTERS:
            at = c.key in s["piles"] or c.key == s["character"]
            self.at_table[c.key] = self._input(W.Checkbox(value=at, description=c.name, indent=False,
                                                          layout=W.Layout(width="9.6em", flex="0 0 auto")),
                                               f"at-{c.key}")
            self.pile[c.key] = self._input(W.Text(value=s["piles"].get(c.key, ""), continuous_update=False,
                                                  placeholder="dishes: 6 3 4",
                                                  layout=W.Layout(flex="1 1 0%", min_width="0", width="auto")),
                                           f"pile-{c.key}")
            rows.append(W.HBox([self.at_table[c.key], self.pile[c.key]]))
        self.msg = W.HTML()
        self.msg.add_class("chili-dash-msg")
        self.msg.add_class("chili-aycc-msg")
        self.summary = W.HTML()
        self.summary.add_class("chili-aycc-summary")
        self.hand_table = W.HTML()
        self.hand_table.add_class("chili-aycc-hand-table")

        self.sim = MoreButtons(BATCHES, self.simulate)
        self.more, self.progress, self.sim_status = self.sim.buttons, self.sim.progress, self.sim.status
        for n, b in self.more.items():
            b.add_class(f"chili-aycc-more-{n}")
        self.progress.add_class("chili-aycc-progress")
        self.sim_status.add_class("chili-aycc-sim-status")
        self.versus = W.HTML()  #: in a class: you, your class, the exact value of "serve once more"
        self.versus.add_class("chili-q-versus")
        self.class_bar = classwork.ClassBar("aycc_explorer.ipynb")
        self.watch = W.Dropdown(description="watch", layout=W.Layout(width="100%", max_width="520px"))
        self.watch.add_class("chili-aycc-watch")
        self.watch.observe(lambda _c: self.draw_convergence(), "value")
        self.odds_chart = PlotView()
        self.odds_chart.add_class("chili-aycc-odds")
        self.value_chart = PlotView()
        self.value_chart.add_class("chili-aycc-value")
        self.scores_chart = PlotView()
        self.scores_chart.add_class("chili-aycc-scores")
        self.converge_chart = PlotView()
        self.converge_chart.add_class("chili-aycc-converge")

        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} All You Can Chili: '
                        f'probability explorer</span><span class="s">exact odds beside simulation</span>'
                        f'<a href="index.ipynb">all dashboards</a></div>')
        setup = panel("Your table", self.me, self.tolerance, self.hand, self.chili, self.lock,
                      W.HTML('<div class="chili-muted">Tick the characters at the table (players + 1) and type '
                             'the dishes on each: flames 1-7, icons E L F C (5F), Latte, Reaper.</div>'),
                      *rows, self.msg, W.HTML(HOW_TO), big_switch(self), cls="chili-side")
        results = panel("Odds", self.summary, self.sim, self.versus, self.odds_chart, self.value_chart, self.scores_chart, self.hand_table,
                        self.watch, self.converge_chart, cls="chili-main")
        self.children = [W.HTML(css()), banner, self.class_bar,
                         W.HBox([setup, results], layout=W.Layout(flex_flow="row wrap"))]
        self.apply()

    def _input(self, widget, name):
        widget.add_class(f"chili-aycc-{name}")
        widget.observe(lambda _c: self.apply(), "value")
        return widget

    # ---------------------------------------------------------------- reading the table

    def read(self) -> Knowledge:
        """The table in the widgets as one player's :class:`Knowledge`; ValueError with a sentence if it cannot be."""
        me = self.me.value
        if not self.at_table[me].value:
            raise ValueError(f"You are {NAMES[me]}: keep {NAMES[me]} at the table.")
        row = tuple(c.key for c in CHARACTERS if self.at_table[c.key].value)
        if not 3 <= len(row) <= 7:
            raise ValueError(f"A table has 3 to 7 characters (the players + 1 Neutral); {len(row)} are ticked.")
        piles = {}
        for c in CHARACTERS:
            text = self.pile[c.key].value
            if text.strip() and c.key not in row:
                raise ValueError(f"{c.name} is not at the table: tick it, or clear its dishes.")
            piles[c.key] = _dishes(text, f"{c.name}'s dishes")
        hand = _dishes(self.hand.value, "Your hand")
        return Knowledge(seat=0, character=me, tolerance=self.tolerance.value, row=row, hand=hand,
                         piles={c: p for c, p in piles.items() if c in row}, chili=self.chili.value or None,
                         lock=self.lock.value or None)

    def apply(self) -> bool:
        """Read the widgets; on success show the new table's exact odds and start the simulation afresh."""
        try:
            k = self.read()
            exact = compute_exact(k)
        except ValueError as e:  # ImpossiblePosition is a ValueError
            self.say(f"Not changed: {e}", error=True)
            return False
        self.knowledge, self.exact = k, exact
        self.sim_burn = {c: Running() for c in k.row}
        self.sim_serve = Running()
        self.sim_scores: Counter = Counter()  # how often each score of "serve once more" came out
        serve = [("serve once more: expected points", SERVE)] if exact["advice"].serve is not None else []
        options = serve + [(f"burn-out chance: {NAMES[c]}", c) for c in k.row if exact["burn"][c] not in (0, 1)]
        keep = self.watch.value if self.watch.value in dict(options).values() else (options[0][1] if options else None)
        self.knowledge = None  # the watch menu changes quietly: everything is drawn below
        self.watch.options = options
        self.watch.value = keep
        self.knowledge = k
        self.say(f"{k.players} players (and the Neutral): {', '.join(NAMES[c] for c in k.row)}.")
        self.sim_status.value = '<span class="chili-muted">nothing simulated yet</span>'
        self.versus.value = ""
        self.summary.value = summary_html(k, exact)
        self.hand_table.value = hand_table_html(k, exact)
        self.draw()
        return True

    def say(self, text: str, error: bool = False) -> None:
        for key, name in NAMES.items():  # the calculators' sentences name characters by key
            text = text.replace(key, name)
        self.msg.value = f'<div class="{"err" if error else "ok"}">{html.escape(text)}</div>'

    # ---------------------------------------------------------------- simulating

    def simulate(self, n: int) -> None:
        """``n`` more samples for every simulated value (in chunks of :data:`CHUNK` with a progress bar;
        Ctrl-C keeps the chunks done)."""
        k = self.knowledge
        if k is None:  # no table read yet (it was refused): nothing to simulate
            return

        serve = self.exact["advice"].serve  # None: the Lock forbids "then withdraw", nothing to simulate there
        counted = self.sim_burn[k.row[0]]  # every run has as many samples as this one

        def sample(m):
            burn = mc_burn_table(k, samples=m, seed=self.rng)
            for c, e in burn.items():
                self.sim_burn[c].add(e)
            if serve is not None:
                scores = mc_score_distribution(k, samples=m, seed=self.rng).counts
                self.sim_scores.update(scores)
                self.sim_serve.add(mean(sum(v * c for v, c in scores.items()), sum(v * v * c for v, c in scores.items()),
                                        m))

        def record():
            for run in [*self.sim_burn.values(), self.sim_serve]:
                run.record()

        before = self.sim_serve.estimate
        try:
            self.sim.run(n, lambda m: in_pieces(counted.n, m, sample, record), CHUNK)
        except ValueError as e:
            self.say(f"The simulation stopped: {e}", error=True)
        record()  # the end of the press
        stopped = f" ({self.sim.stopped})" if self.sim.stopped else ""
        self.sim_status.value = f"<b>{counted.n:,}</b> samples simulated for each value{stopped}"
        if serve is not None:
            self.versus.value = classwork.report_press(
                "aycc.serve", f"All You Can Chili: serve once more as {NAMES[k.character]}, expected points",
                settings_of(k), before, self.sim_serve.estimate, serve)
        self.draw()

    # ---------------------------------------------------------------- drawing

    def draw(self) -> None:
        k, exact = self.knowledge, self.exact
        if k is None:
            return
        labels = [_label(k, c) for c in k.row]
        self.odds_chart.show(exact_and_simulated(
            labels, [exact["burn"][c] for c in k.row], [self.sim_burn[c].point() for c in k.row],
            "If an unknown dish is served to it next: the chance it burns out", "burn-out chance", percent=True))
        adv = exact["advice"]
        choices = [(label, value, sim) for label, value, sim in (
            ("withdraw now", adv.withdraw, None), ("serve once more, then withdraw", adv.serve, self.sim_serve.point()))
            if value is not None]
        for chart in (self.value_chart, self.scores_chart):
            chart.layout.display = "" if adv.serve is not None else "none"  # locked: nothing to compare
        if adv.serve is None:
            self.draw_convergence()
            return
        self.value_chart.show(exact_and_simulated(
            [c[0] for c in choices], [c[1] for c in choices], [c[2] for c in choices],
            f"{NAMES[k.character]}: withdraw or serve once more?", "points (expected)", height=300))
        scores = sorted(set(exact["scores"]) | set(self.sim_scores))
        n = self.sim_serve.n
        self.scores_chart.show(exact_and_simulated(
            [f"{v} (burnt out)" if v == 0 else str(v) for v in scores],
            [exact["scores"].get(v, 0) for v in scores],
            [point(proportion(self.sim_scores[v], n)) if n else None for v in scores],
            "Serve once more, then withdraw: the chance of each score", "chance", percent=True, height=300))
        self.draw_convergence()

    def draw_convergence(self) -> None:
        if self.knowledge is None:
            return
        key = self.watch.value
        for w in (self.watch, self.converge_chart):  # nothing to watch (no chance strictly between 0 and 1, locked)
            w.layout.display = "none" if key is None else ""
        if key is None:
            return
        if key == SERVE:
            run, exact = self.sim_serve, self.exact["advice"].serve
            title, ytitle, percent = "Serve once more, then withdraw: the simulated points as the samples grow", "points (expected)", False
        else:
            run, exact = self.sim_burn[key], self.exact["burn"][key]
            title, ytitle, percent = f"{NAMES[key]}: the simulated burn-out chance as the samples grow", "burn-out chance", True
        self.converge_chart.show(convergence(run.history, exact, title, ytitle, percent=percent))


def settings_of(k: Knowledge) -> dict:
    """The table a simulation was run on, as plain values (what a class's pooled trials are grouped by)."""
    return {"character": k.character, "tolerance": k.tolerance, "row": list(k.row),
            "hand": sorted(str(d) for d in k.hand), "chili": k.chili or "", **({"lock": k.lock} if k.lock else {}),
            "piles": {c: sorted(str(d) for d in p) for c, p in sorted(k.piles.items())}}


def _dishes(text: str, what: str):
    try:
        return kinds(text)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def _label(k: Knowledge, c: str) -> str:
    return f"{NAMES[c]} (you, {k.heat(c)}/{k.tolerance})" if c == k.character else f"{NAMES[c]} (heat {k.heat(c)})"


def compute_exact(k: Knowledge) -> dict:
    """Every exact value the page shows: burn-out chances, the advice, and each hand dish's burn chances."""
    post = posterior(k)
    adv = advice(k)  # withdraw and serve are None where the Lock forbids them
    return {"burn": {c: burn_chance(k, c, post=post) for c in k.row}, "advice": adv,
            "scores": score_distribution(k) if adv.serve is not None else {},
            "hand": {(d, c): burn_chance(k, c, dish=d, post=post) for d in dict.fromkeys(k.hand) for c in k.row}}


def summary_html(k: Knowledge, exact: dict) -> str:
    adv = exact["advice"]
    head = (f'<div style="font-size:1.05em;line-height:1.6">You are <b>{NAMES[k.character]}</b> at heat '
            f'<b>{k.heat(k.character)}</b> of your tolerance <b>{k.tolerance}</b>, '
            f'{sum(k.unseen().values())} dishes unseen.<br>')
    burn = f"you burn out with chance {fraction_html(adv.burn)}"
    if adv.withdraw is None or adv.serve is None:  # the Lock token: no withdrawal now, nor after one more dish
        why = html.escape(adv.blocked.replace(k.character, NAMES[k.character]))
        return (f'{head}<b>You cannot withdraw</b>: {why}. Serve a dish this turn; if one more unknown dish lands '
                f'on you, {burn}.</div>')
    better = "withdraw now" if adv.better == "withdraw" else "serve once more"
    return (f'{head}Withdraw now: <b>{adv.withdraw}</b> points. '
            f'Serve once more, then withdraw: <b>{fraction_html(adv.serve, percent=False)}</b> expected points '
            f'({burn}). Better: <b>{better}</b>.</div>')


def hand_table_html(k: Knowledge, exact: dict) -> str:
    """Serving a dish from the hand: its exact burn-out chance for each character (a table)."""
    if not k.hand:
        return '<div class="chili-muted">No dish in your hand.</div>'
    head = "".join(f"<th scope='col' style='padding:2px 8px'>{NAMES[c]}</th>" for c in k.row)
    rows = []
    for d in dict.fromkeys(k.hand):
        cells = "".join(f"<td style='padding:2px 8px;text-align:right' title='{fraction_text(exact['hand'][d, c])}'>"
                        f"{float(exact['hand'][d, c]):.1%}</td>" for c in k.row)
        rows.append(f"<tr><th scope='row' style='padding:2px 8px;text-align:left'>{html.escape(dish_words(d))}</th>"
                    f"{cells}</tr>")
    return ('<div style="margin-top:6px"><b>Serve a dish from your hand</b>: the exact chance it burns out each '
            f'character<table style="border-collapse:collapse;margin-top:4px"><tr><th scope="col">dish</th>{head}</tr>'
            + "".join(rows) + "</table></div>")


def app(seed=None, **start) -> AyccExplorer:
    """The explorer; ``character=``, ``tolerance=``, ``hand=``, ``chili=``, ``piles={key: codes}`` set the first table."""
    return AyccExplorer(seed=seed, **start)
