"""Game-balance explorer (``dashboards/balance_explorer.ipynb``): one option set of a game against another.

The visitor picks a registered game, the players and the bots, and two option sets (A and B) from
the game's registered options (:attr:`chililab.engine.registry.GameSpec.options`: a checkbox for a
yes/no option, a dropdown where the values are few, a text box otherwise). "play 10 / 100 / 1,000
more games of each set" plays seeded games of both sets with the same seeds
(:func:`chililab.sim.run_chunk`, a few games at a time with a progress bar) and shows, from
:mod:`chililab.sim.metrics`:

- the **seat advantage** of each set: win share per seat with its 95% interval, against the fair share;
- the **game length** of each set (turns), as a histogram;
- the **significance test** of every difference, exactly as ``chililab metrics GAME --compare``
  computes it (:func:`~chililab.sim.metrics.compare`: z or Fisher per seat, chi-square over the
  seats, Mann-Whitney for lengths and occurrences, Holm-adjusted verdicts).

A shared server stays responsive: one press plays at most :data:`SECONDS` seconds of games, a page
holds at most :data:`MOST` games of each set, and Ctrl-C keeps the games done. An option value the
game refuses gets a sentence and changes nothing. The tables of games need pandas (imported at the
first press, not with the page; without it a press says so and changes nothing).

>>> page = app(game="aycc")
>>> page.changed["B"]
{'inferno': True}
>>> page.forms["B"]["rounds"].value = "many"
>>> "Not changed" in page.msg.value, page.changed["B"]
(True, {'inferno': True})
"""
from __future__ import annotations

import html
import json
import math

import ipywidgets as W

from chililab.engine import registry
from chililab.sim import run_chunk
from chililab.viz.balance import length_histogram, seat_shares
from chililab.widgets.plot import PlotView

from .estimates import MoreButtons
from .parts import chili, css, panel, tagged

BATCHES = (10, 100, 1_000)
CHUNK = 5  #: games of each set per step (the progress bar moves between steps)
MOST = 5_000  #: games of each set one page holds
SECONDS = 60  #: most seconds of play one press may take
#: option set B when a game is picked: a house rule worth comparing
START_B = {"loco": {"allow_self_jump_in": False}, "mafia": {"advanced": True}, "aycc": {"inferno": True}}
SETS = ("A", "B")
#: what the page plays, as read from its form: (game, players, bots, options of A, options of B)
Settings = tuple[str, int, str, dict, dict]

HOW_TO = """<details class="chili-howto"><summary><b>How to read this page</b></summary>
<ul style="margin:4px 0 0 -12px">
<li>Both option sets play the <b>same seeds</b> (the same shuffles), with the same bots in every seat.</li>
<li><b>Seat advantage</b>: how often each seat wins; the bars' whiskers are 95% intervals. A fair game
puts every seat near the dashed line.</li>
<li><b>The tests</b> ask whether a difference between A and B could be chance. Many rows are tested
at once, so the verdict reads the Holm-adjusted p: below 0.05 counts as a real difference.
With few games nothing is clear: play more.</li>
</ul></details>"""


def option_widget(name: str, option, label: str = ""):
    """A widget for one registered option: a checkbox (yes/no), a dropdown (few values) or a text box.

    ``label`` (default ``name``): its tooltip, which names it for a screen reader (the option's name is drawn
    beside it, once for both sets; chililab's Voila template turns the tooltip into aria-label)."""
    if isinstance(option.default, bool):
        w = W.Checkbox(value=option.default, indent=False)
    elif option.choices:
        w = W.Dropdown(options=list(option.choices), value=option.default)
    else:
        text = "" if option.default is None else (option.default if isinstance(option.default, str)
                                                  else json.dumps(option.default))
        w = W.Text(value=text, placeholder="default", continuous_update=False)
    w.tooltip = label or name
    return tagged(w, f"chili-bal-opt-{name}")


def read_option(name: str, option, widget):
    """The value a widget holds, checked by the option (a ConfigError with the reason otherwise)."""
    if isinstance(widget, W.Text):
        return option.default if not widget.value.strip() else option.parse(widget.value)
    return widget.value


class BalanceExplorer(W.VBox):
    """The explorer page. Parts: ``game``, ``players``, ``agents``, ``forms[set][option]``, ``msg``,
    ``sim`` (``more[n]``), ``summary``, ``seat_chart``, ``length_chart``, ``table``; ``changed[set]`` (the
    options of each set that differ from the game's defaults) and ``rows[set]`` (one dict per game played)."""

    def __init__(self, game: str = "loco", players: int = 4, agents: str | None = None, b: dict | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        tagged(self, "chili-dash", "chili-explorer", "chili-balance-explorer")
        self._quiet = True  # no apply() while widgets are being (re)built
        side = {"layout": W.Layout(width="100%"), "style": {"description_width": "5em"}}
        self.game = tagged(W.Dropdown(options=[(s.title, s.name) for s in registry.specs()], value=game,
                                      description="game", **side), "chili-bal-game")
        self.players = tagged(W.IntSlider(value=players, min=2, max=10, description="players", **side),
                              "chili-bal-players")
        self.agents = tagged(W.Dropdown(description="bots", **side), "chili-bal-agents")
        self.form_box = W.VBox()
        self.msg = tagged(W.HTML(), "chili-dash-msg", "chili-bal-msg")
        self.sim = MoreButtons(BATCHES, self.simulate, label="play {n:,} more games of each set")
        self.more = self.sim.buttons
        self.summary = tagged(W.HTML(), "chili-bal-summary")
        self.seat_chart = tagged(PlotView(), "chili-bal-seats")
        self.length_chart = tagged(PlotView(), "chili-bal-length")
        self.table = tagged(W.HTML(), "chili-bal-compare")
        self.game.observe(lambda _c: self.pick_game(), "value")
        for w in (self.players, self.agents):
            w.observe(lambda _c: self.apply(), "value")
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Game balance: one option set '
                        'against another</span><span class="s">seat advantage, game length and the tests of '
                        'chililab metrics --compare</span><a href="index.ipynb">all dashboards</a></div>')
        setup = panel("Two option sets", self.game, self.players, self.agents, self.msg, self.form_box,
                      W.HTML(HOW_TO), cls="chili-side")
        setup.add_class("chili-side-wide")  # two option sets side by side
        results = panel("Metrics", self.sim, self.summary, self.seat_chart, self.length_chart, self.table,
                        cls="chili-main")
        self.children = [W.HTML(css()), banner, W.HBox([setup, results], layout=W.Layout(flex_flow="row wrap"))]
        self.settings: Settings | None = None  # None until the form is read and accepted
        self.rows: dict[str, list[dict]] = {s: [] for s in SETS}  # each set's games (rows), the same seeds
        self.frames: tuple | None = None  # both sets' frames, built once per press
        self.pick_game(agents=agents, b=b)

    # ---------------------------------------------------------------- the settings

    def pick_game(self, agents: str | None = None, b: dict | None = None) -> None:
        """Build the option forms of the game picked (set B starts with :data:`START_B`), then apply."""
        self._quiet = True
        spec = registry.get(self.game.value)
        lo, hi = spec.players
        self.players.min, self.players.max = 2, 10  # widen first: the new range may not overlap the old
        self.players.value = min(max(self.players.value, lo), hi)
        self.players.min, self.players.max = lo, hi
        self.agents.options = list(dict.fromkeys([spec.bot, *spec.agents, "random"]))
        self.agents.value = agents if agents in self.agents.options else spec.bot
        names = [k for k, o in spec.options.items() if not o.host]
        self.forms = {s: {k: option_widget(k, spec.options[k], f"{k}, set {s}") for k in names} for s in SETS}
        start_b = START_B.get(spec.name, {}) if b is None else b
        for k, v in start_b.items():
            w = self.forms["B"][k]
            w.value = v if not isinstance(w, W.Text) else (v if isinstance(v, str) else json.dumps(v))
        half = {"width": "50%", "min_width": "0"}
        rows = [W.HBox([W.HTML("<b>set A</b>", layout=W.Layout(**half)), W.HTML("<b>set B</b>", layout=W.Layout(**half))])]
        for k in names:
            label = W.HTML(f'<div class="chili-bal-name" title="{html.escape(spec.options[k].help)}" '
                           f'style="margin-top:4px;color:#6b2c00">{html.escape(k)}</div>')
            for s in SETS:
                self.forms[s][k].layout = W.Layout(**half)
                self.forms[s][k].observe(lambda _c: self.apply(), "value")
            rows.append(W.VBox([label, W.HBox([self.forms["A"][k], self.forms["B"][k]], layout=W.Layout(width="100%"))]))
        self.form_box.children = [W.HTML('<div class="chili-muted">Options (hover a name for what it does); '
                                         'empty text: the game\'s default.</div>'), *rows]
        self._quiet = False
        self.settings = None
        self.apply()

    def read(self) -> Settings:
        """(game, players, bots, options of A, options of B) as typed; ValueError with a sentence if not playable."""
        spec = registry.get(self.game.value)
        changed = {}
        for s in SETS:
            opts = {}
            for k, w in self.forms[s].items():
                try:
                    value = read_option(k, spec.options[k], w)
                except ValueError as e:
                    raise ValueError(f"option set {s}, {k}: {e}") from None
                if value != spec.options[k].default:
                    opts[k] = value
            try:
                spec.new_game(self.players.value, 0, **opts)
            except (ValueError, TypeError) as e:
                raise ValueError(f"option set {s}: {e}") from None
            changed[s] = opts
        return spec.name, self.players.value, self.agents.value, changed["A"], changed["B"]

    def apply(self) -> bool:
        """Read the settings; when they are new and playable, start both sets afresh."""
        if self._quiet:
            return False
        try:
            settings = self.read()
        except ValueError as e:
            self.say(f"Not changed: {e}", error=True)
            return False
        if settings != self.settings:
            self.settings = settings
            self.rows = {s: [] for s in SETS}
            self.frames = None
        same = " The two sets are the same: every difference you see is chance." if settings[3] == settings[4] else ""
        self.say(f"A: {_options_text(settings[3])}. B: {_options_text(settings[4])}.{same}")
        self.draw()
        return True

    @property
    def applied(self) -> Settings:
        """The settings applied last (a RuntimeError when the form has never been accepted)."""
        if self.settings is None:
            raise RuntimeError("no settings applied yet")
        return self.settings

    @property
    def changed(self) -> dict:
        """The options of each set that differ from the game's defaults (as applied)."""
        return {"A": self.applied[3], "B": self.applied[4]}

    def say(self, text: str, error: bool = False) -> None:
        self.msg.value = f'<div class="{"err" if error else "ok"}">{html.escape(text)}</div>'

    # ---------------------------------------------------------------- playing

    @property
    def games(self) -> int:
        """Games played of each set."""
        return min(len(self.rows["A"]), len(self.rows["B"]))

    def simulate(self, n: int) -> None:
        """Play ``n`` more games of each set (the same seeds for both), at most :data:`SECONDS` s a press."""
        if self.settings is None:  # the form was refused (the message says why): nothing to play
            return
        game, players, agents, a, b = self.settings
        try:
            import pandas  # noqa: F401 - the tables of games and their tests (chililab.sim.metrics)
        except ImportError:
            self.say("This page needs pandas to count the games, which is not installed here (a static site "
                     "has none): python3 -m pip install 'chililab[sim]', or run it on a dashboard server.", error=True)
            return
        n = min(n, MOST - self.games)
        if n <= 0:
            self.say(f"This page holds at most {MOST:,} games of each set: for more, run "
                     f"chililab metrics {game} --compare on your own machine.", error=True)
            return

        def step(m):
            seeds = range(self.games, self.games + m)
            new_a = run_chunk(game, seeds, players, a, agents)
            new_b = run_chunk(game, seeds, players, b, agents)
            self.rows["A"] += new_a
            self.rows["B"] += new_b

        try:
            self.sim.run(n, step, CHUNK, unit="games", seconds=SECONDS)
        except ValueError as e:
            self.say(f"The games stopped: {e}", error=True)
        self.frames = None
        self.draw()
        if self.sim.stopped:
            self.sim.status.value += f" ({self.sim.stopped})"

    # ---------------------------------------------------------------- drawing

    def frame_pair(self):
        """The games of both sets as :func:`chililab.sim.simulate` frames (built once per press)."""
        from chililab.sim.results import build_frame

        if self.frames is None:
            game, players, agents, a, b = self.applied
            spec = registry.get(game)
            self.frames = tuple(build_frame(self.rows[s][:self.games], spec, {
                "game": game, "players": players, "options": o, "agents": [agents] * players})
                for s, o in zip(SETS, (a, b)))
        return self.frames

    def draw(self) -> None:
        game, players, agents, a, b = self.applied
        seats = [f"P{s}" for s in range(players)]
        n = self.games
        self.sim.status.value = (f"<b>{n:,}</b> games of each set played" if n else
                                 '<span class="chili-muted">no game played yet: press play</span>')
        if not n:
            self.seat_chart.show(seat_shares(seats, {s: [None] * players for s in SETS}, 1 / players))
            self.length_chart.show(length_histogram({s: [] for s in SETS}))
            self.summary.value = ""
            self.table.value = ""
            return
        from chililab.sim.metrics import compare, seat_advantage

        fa, fb = self.frame_pair()
        shares = {}
        for s, df in zip(SETS, (fa, fb)):
            sa = seat_advantage(df)
            shares[s] = [None if math.isnan(r.share) else (r.share, r.low, r.high) for r in sa.itertuples()]
        self.seat_chart.show(seat_shares(seats, shares, 1 / players))
        self.length_chart.show(length_histogram({s: df["turns"].astype(int).tolist() for s, df in zip(SETS, (fa, fb))}))
        table = compare(fa, fb)
        self.summary.value = summary_html(table, n, seat_advantage(fa).attrs["p"], seat_advantage(fb).attrs["p"])
        self.table.value = compare_html(table)


def _options_text(opts: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in opts.items()) if opts else "the game's defaults"


def _pct(x) -> str:
    return "&ndash;" if x is None or math.isnan(x) else f"{100 * x:.1f}%"


def _num(x) -> str:
    return "&ndash;" if x is None or math.isnan(x) else f"{x:.2f}"


def _p(p) -> str:
    return "&ndash;" if p is None or math.isnan(p) else ("&lt;0.001" if p < 0.001 else f"{p:.3f}")


def summary_html(table, games: int, p_a: float, p_b: float) -> str:
    """The verdicts in a few sentences."""
    real = table[~table["verdict"].isin(["no clear difference", "not testable"])]
    seats = " ".join(f"Set {s}: {'the seats differ' if p < 0.05 else 'no clear seat advantage'} "
                     f"(chi-square p {_p(p)})." for s, p in (("A", p_a), ("B", p_b)) if not math.isnan(p))
    if len(real):
        plain, edges = real[real["group"] != "flow edge"], real[real["group"] == "flow edge"]
        items = [f"<li>{html.escape(str(r.group))} {html.escape(str(r.metric))}: <b>{html.escape(r.verdict)}</b> "
                 f"(p adj {_p(r[6])})</li>" for r in plain.itertuples(index=False)]
        if len(edges):
            items.append(f"<li>{len(edges)} flow edge(s) taken at a different rate (the table below)</li>")
        verdict = (f"<b>{len(real)}</b> of {len(table)} metrics differ beyond chance:<ul style='margin:2px 0'>"
                   f"{''.join(items)}</ul>")
    else:
        verdict = (f"No metric differs beyond chance (all {len(table)} Holm-adjusted p &ge; 0.05); more games may "
                   "still show a small difference.")
    return f'<div style="line-height:1.5"><b>{games:,}</b> games of each set. {seats}<br>{verdict}</div>'


def compare_html(table) -> str:
    """The :func:`~chililab.sim.metrics.compare` table; the flow-edge rows folded away."""
    def rows(part):
        out = []
        for r in part.itertuples(index=False):
            fmt = _pct if r.group == "win share" else _num
            strong = r.verdict not in ("no clear difference", "not testable")
            mark = ' class="chili-bal-differs" style="background:#fff1e0"' if strong else ""
            out.append(f"<tr{mark}><td>{html.escape(str(r.group))}</td>"
                       f"<td>{html.escape(str(r.metric))}</td><td>{fmt(r.A)}</td><td>{fmt(r.B)}</td>"
                       f"<td>{html.escape(r.test)}</td><td>{_p(r.p)}</td><td>{_p(r[6])}</td>"
                       f"<td>{html.escape(r.verdict)}</td></tr>")
        return "".join(out)

    head = ("<tr><th>group</th><th>metric</th><th>A</th><th>B</th><th>test</th><th>p</th><th>p adj</th>"
            "<th>verdict</th></tr>")
    style = "border-collapse:collapse;margin-top:6px;font-size:.92em;text-align:left"
    main, edges = table[table["group"] != "flow edge"], table[table["group"] == "flow edge"]
    out = ("<style>.chili-bal-compare td, .chili-bal-compare th {padding: 1px 8px}</style>"
           f"<table class='chili-bal-table' style='{style}'>{head}{rows(main)}</table>")
    if len(edges):
        out += (f"<details><summary>flow edges ({len(edges)} rows)</summary><table style='{style}'>{head}"
                f"{rows(edges)}</table></details>")
    return out


def app(game: str = "loco", players: int = 4, agents: str | None = None, b: dict | None = None) -> BalanceExplorer:
    """The explorer; ``game=``, ``players=``, ``agents=`` (a bot name) and ``b=`` (set B's options) set
    what it shows first."""
    return BalanceExplorer(game, players, agents, b)
