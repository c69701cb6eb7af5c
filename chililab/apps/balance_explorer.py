"""Game-balance explorer (``dashboards/balance_explorer.ipynb``): one option set of a game against another.

The visitor picks a registered game, the players and the bots, and two option sets (A and B) from
the game's registered options (:attr:`chililab.engine.registry.GameSpec.options`), each named as the
rulebook names it with its one-line explanation (``Option.label``, ``Option.help``; a checkbox for a
yes/no option, a dropdown of the choices in words where the values are few, a text box otherwise).
"simulate 10 / 100 / 1,000 more games of each set" plays seeded games of both sets with the same seeds
(:func:`chililab.sim.run_chunk`, a few games at a time with a progress bar) and shows, from
:mod:`chililab.sim.metrics`:

- **what changed, in sentences** first: how much longer or shorter the games are, whether a seat wins
  more than its share, what else happens more or less often, each with whether the difference is larger
  than chance would explain (:func:`findings`);
- the **seat advantage** of each set: win share per seat with its 95% interval, against the fair share;
- the **game length** of each set (turns), as a histogram;
- one click away, **the tests** behind the sentences, exactly as ``chililab metrics GAME --compare``
  computes them (:func:`~chililab.sim.metrics.compare`: z or Fisher per seat, chi-square over the
  seats, Mann-Whitney for lengths and occurrences, Holm-adjusted verdicts).

Before any game the charts say "press simulate to start" (no axes over made-up ranges). A shared server
stays responsive: one press plays at most :data:`SECONDS` seconds of games, a page holds at most
:data:`MOST` games of each set, and Ctrl-C keeps the games done. An option value the game refuses gets a
sentence and changes nothing. The tables of games need pandas (imported at the first press, not with the
page; without it a press says so and changes nothing).

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
import re

import ipywidgets as W

from chililab.engine import registry
from chililab.engine.words import people, phase_label, seat_name
from chililab.sim import run_chunk
from chililab.viz.balance import length_histogram, seat_shares, waiting
from chililab.widgets.plot import PlotView

from .estimates import MoreButtons
from .parts import big_switch, chili, css, panel, tagged

BATCHES = (10, 100, 1_000)
CHUNK = 5  #: games of each set per step (the progress bar moves between steps)
MOST = 5_000  #: games of each set one page holds
SECONDS = 60  #: most seconds of play one press may take
#: option set B when a game is picked: a house rule worth comparing
START_B = {"loco": {"allow_self_jump_in": False}, "mafia": {"advanced": True}, "aycc": {"inferno": True}}
SETS = ("A", "B")
#: what the page plays, as read from its form: (game, players, bots, options of A, options of B)
Settings = tuple[str, int, str, dict, dict]

#: what the empty charts say
START = "press simulate to start"
#: a finding's last words: whether the difference is larger than chance would explain (by its test's verdict)
CHANCE = {True: "the difference is larger than chance would explain",
          False: "the difference could be chance: simulate more games to tell"}

HOW_TO = """<details class="chili-howto"><summary><b>How to read this page</b></summary>
<ul style="margin:4px 0 0 -12px">
<li>Both option sets play the <b>same shuffles</b>, with the same bots in every seat: only the rules differ.</li>
<li><b>Who wins</b>: how often each seat wins; the bars' whiskers show how sure we are (95% intervals). A fair
game puts every seat near the dashed line.</li>
<li>Some difference always shows up by chance. The sentences say when a difference is <b>larger than chance
would explain</b>; with few games nothing is clear: simulate more. <i>Show the tests</i> has the numbers
behind each sentence.</li>
</ul></details>"""


def option_widget(name: str, option, label: str = ""):
    """A widget for one registered option: a checkbox (yes/no), a dropdown of the choices in words (few
    values) or a text box (empty: the game's usual value, which its placeholder says when it is plain text).

    ``label`` (default ``name``): its tooltip, which names it for a screen reader (the option's name is drawn
    beside it, once for both sets; chililab's Voila template turns the tooltip into aria-label)."""
    if isinstance(option.default, bool):
        w = W.Checkbox(value=option.default, indent=False, description="yes")
    elif option.choices:
        w = W.Dropdown(options=[(option.choice_words(c), c) for c in option.choices], value=option.default)
    else:
        plain = option.default is not None and not isinstance(option.default, (dict, list))
        w = W.Text(value="", placeholder=f"usual: {option.default}" if plain else "the usual",
                   continuous_update=False)
    w.tooltip = label or name
    return tagged(w, f"chili-bal-opt-{name}")


def widget_value(option, value):
    """What an option's widget holds for ``value`` (a text box: the value as text, empty for the default)."""
    if option.choices or isinstance(option.default, bool):
        return value
    if value == option.default:
        return ""
    return value if isinstance(value, str) else json.dumps(value)


def options_words(spec, opts: dict) -> str:
    """Changed options as a person reads them: "Inferno Mode: yes, Rounds: 5", or "the usual rules".

    >>> options_words(registry.get("loco"), {"milk_requires_pending": True, "tie_method": "table_vote"})
    'Milk Chaser only against an attack: yes, Settling a tie: the table votes'
    """
    return ", ".join(f"{spec.options[k].title(k)}: {spec.options[k].choice_words(v)}"
                     for k, v in opts.items()) if opts else "the usual rules"


def with_words(spec, opts: dict) -> str:
    """"with Inferno Mode" (a yes), "without Jump in on your own card" (a no), "with Rounds 5"; the usual rules."""
    if not opts:
        return "with the usual rules"
    parts = []
    for k, v in opts.items():
        o = spec.options[k]
        parts.append((f"with {o.title(k)}" if v else f"without {o.title(k)}") if isinstance(v, bool)
                     else f"with {o.title(k)} {o.choice_words(v)}")
    return " and ".join(parts)


def named(spec, text: str) -> str:
    """A refusal with the options' code names in their words (“Dish cards in the deck” for deck_size)."""
    for k in sorted(spec.options, key=len, reverse=True):  # a code name: with an underscore, or opening the text
        where = rf"\b{re.escape(k)}\b" if "_" in k else rf"^{re.escape(k)}\b"
        text = re.sub(where, f"“{spec.options[k].title(k)}”", text)
    return people(text)


def read_option(name: str, option, widget):
    """The value a widget holds, checked by the option (a ConfigError with the reason otherwise)."""
    if isinstance(widget, W.Text):
        return option.default if not widget.value.strip() else option.parse(widget.value)
    return widget.value


class BalanceExplorer(W.VBox):
    """The explorer page. Parts: ``game``, ``players``, ``agents``, ``forms[set][option]``, ``msg``,
    ``sim`` (``more[n]``), ``summary`` (the findings in sentences), ``seat_chart``, ``length_chart``, ``tests``
    (a folded accordion holding ``table``, the tests); ``changed[set]`` (the options of each set that differ
    from the game's defaults) and ``rows[set]`` (one dict per game played)."""

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
        self.sim = MoreButtons(BATCHES, self.simulate, label="simulate {n:,} more games of each set")
        self.more = self.sim.buttons
        self.summary = tagged(W.HTML(), "chili-bal-summary")
        self.seat_chart = tagged(PlotView(), "chili-bal-seats")
        self.length_chart = tagged(PlotView(), "chili-bal-length")
        self.table = tagged(W.HTML(), "chili-bal-compare")
        self.tests = tagged(W.Accordion(children=[self.table], selected_index=None), "chili-bal-tests")
        self.tests.set_title(0, "Show the tests (chi-square, Holm-adjusted p, Mann\u2013Whitney)")
        self.game.observe(lambda _c: self.pick_game(), "value")
        for w in (self.players, self.agents):
            w.observe(lambda _c: self.apply(), "value")
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Game balance: what does a house '
                        'rule change?</span><span class="s">play the same shuffles under two sets of rules: who wins, '
                        'how long the games last, what happens more often</span><a href="index.ipynb">all '
                        'dashboards</a></div>')
        setup = panel("Two sets of rules", self.game, self.players, self.agents, self.msg, self.form_box,
                      W.HTML(HOW_TO), big_switch(self), cls="chili-side")
        setup.add_class("chili-side-wide")  # two option sets side by side
        results = panel("What changes", self.sim, self.summary, self.seat_chart, self.length_chart, self.tests,
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
        names = list(dict.fromkeys([spec.bot, *spec.agents, "random"]))
        self.agents.options = [(BOT_WORDS.get(n, n.replace("_", " ")), n) for n in names]
        self.agents.value = agents if agents in names else spec.bot
        names = [k for k, o in spec.options.items() if not o.host]
        self.forms = {s: {k: option_widget(k, spec.options[k], f"{spec.options[k].title(k)}, set {s}") for k in names} for s in SETS}
        start_b = START_B.get(spec.name, {}) if b is None else b
        for k, v in start_b.items():
            self.forms["B"][k].value = widget_value(spec.options[k], v)
        half = {"width": "50%", "min_width": "0"}
        rows = [W.HBox([W.HTML("<b>set A</b>", layout=W.Layout(**half)), W.HTML("<b>set B</b>", layout=W.Layout(**half))])]
        for k in names:
            o = spec.options[k]
            label = W.HTML(f'<div class="chili-bal-name" style="margin-top:6px"><b style="color:#6b2c00">'
                           f'{html.escape(o.title(k))}</b><div class="chili-muted chili-bal-help" '
                           f'style="font-size:.9em;line-height:1.3">{html.escape(o.help)}</div></div>')
            for s in SETS:
                self.forms[s][k].layout = W.Layout(**half)
                self.forms[s][k].observe(lambda _c: self.apply(), "value")
            rows.append(W.VBox([label, W.HBox([self.forms["A"][k], self.forms["B"][k]], layout=W.Layout(width="100%"))]))
        self.form_box.children = [W.HTML('<div class="chili-muted">The rules of each set; an empty box keeps the '
                                         'game\'s usual rule.</div>'), *rows]
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
                    raise ValueError(f"set {s}, {spec.options[k].title(k)}: {named(spec, str(e))}") from None
                if value != spec.options[k].default:
                    opts[k] = value
            try:
                spec.new_game(self.players.value, 0, **opts)
            except (ValueError, TypeError) as e:
                raise ValueError(f"set {s}: {named(spec, str(e))}") from None
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
        spec = registry.get(settings[0])
        same = " The two sets are the same: every difference you see is chance." if settings[3] == settings[4] else ""
        self.say(f"Set A: {options_words(spec, settings[3])}. Set B: {options_words(spec, settings[4])}.{same}")
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
            self.say(f"This page holds at most {MOST:,} games of each set: for more, a programmer can run "
                     f"chililab metrics {game} --compare on their own machine.", error=True)
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
        seats = [seat_name(s) for s in range(players)]
        n = self.games
        self.sim.status.value = (f"<b>{n:,}</b> games of each set played" if n else
                                 f'<span class="chili-muted">no game played yet: {START}</span>')
        if not n:
            self.seat_chart.show(waiting(SEATS_TITLE, START))
            self.length_chart.show(waiting(LENGTH_TITLE, START))
            self.summary.value = ""
            self.table.value = ""
            self.tests.layout.display = "none"
            return
        from chililab.sim.metrics import compare, seat_advantage

        fa, fb = self.frame_pair()
        shares, advantage = {}, {}
        for s, df in zip(SETS, (fa, fb)):
            advantage[s] = sa = seat_advantage(df)
            shares[s] = [None if math.isnan(r.share) else (r.share, r.low, r.high) for r in sa.itertuples()]
        self.seat_chart.show(seat_shares(seats, shares, 1 / players, SEATS_TITLE))
        self.length_chart.show(length_histogram({s: df["turns"].astype(int).tolist() for s, df in zip(SETS, (fa, fb))},
                                                title=LENGTH_TITLE))
        table = compare(fa, fb)
        spec = registry.get(game)
        self.summary.value = summary_html(findings(spec, table, advantage, a, b), n)
        self.table.value = compare_html(table, spec.flow)
        self.tests.layout.display = None


SEATS_TITLE = "Who wins: each seat's share of the wins (95% interval)"
LENGTH_TITLE = "How long the games last (turns)"


def _pct(x) -> str:
    return "&ndash;" if x is None or math.isnan(x) else f"{100 * x:.1f}%"


def _num(x) -> str:
    return "&ndash;" if x is None or math.isnan(x) else f"{x:.2f}"


def _p(p) -> str:
    return "&ndash;" if p is None or math.isnan(p) else ("&lt;0.001" if p < 0.001 else f"{p:.3f}")


def _real(row) -> bool | None:
    """Whether a row of the tests shows a difference larger than chance (None: it cannot be tested)."""
    if row.verdict == "not testable":
        return None
    return row.verdict != "no clear difference"


#: how the bots play, in a teacher's words (a bot's code name stays the menu's value)
BOT_WORDS = {"random": "at random", "rules": "by rules of thumb", "thumb": "by rules of thumb",
             "threshold": "carefully (withdraw when the next dish is risky)",
             "exact": "by the exact odds"}


def _length_finding(who: str, row) -> str | None:
    real = _real(row)
    if real is None or not row.A:
        return None
    change = (row.B - row.A) / row.A
    size = ("about as long" if abs(change) < 0.005 else
            f"about {abs(change):.0%} {'longer' if change > 0 else 'shorter'}")
    return (f"{who}, games are {size} ({row.B:.1f} turns on average instead of {row.A:.1f}); "
            f"{CHANCE[real]}.")


def _seat_finding(set_name: str, sa, players: int) -> str | None:
    """Whether one seat of a set wins more than its fair share (the chi-square test of equal shares)."""
    p = sa.attrs.get("p", math.nan)
    if math.isnan(p):
        return None
    best = int(sa["share"].to_numpy().argmax())
    share = sa["share"].iloc[best]
    if p < 0.05:
        return (f"{set_name}: {seat_name(best)} wins most often, {share:.0%} of the games where a fair share would "
                f"be {1 / players:.0%}; that is more than chance would explain.")
    return f"{set_name}: no seat wins clearly more often than the others."


def _effect_finding(row) -> str:
    label = people(str(row.metric))
    share = label.startswith("games ")
    b, a = (f"{row.B:.0%}", f"{row.A:.0%}") if share else (f"{row.B:.2f} a game", f"{row.A:.2f}")
    return f"{label[:1].upper()}{label[1:]}: {b} instead of {a}; {CHANCE[True]}."


def findings(spec, table, advantage: dict, a: dict, b: dict) -> list[str]:
    """What changes from set A to set B, in sentences a teacher reads first: the games' length, whether a seat
    wins more than its share in each set, and every other difference larger than chance would explain
    (the tests behind each are :func:`compare_html`'s)."""
    who = with_words(spec, b)[:1].upper() + with_words(spec, b)[1:]
    if a:
        who += f" (set A: {with_words(spec, a)})"
    out = []
    turns = table[(table["group"] == "length") & (table["metric"] == "turns")]
    for row in turns.itertuples(index=False):
        out.append(_length_finding(who, row))
    players = len(next(iter(advantage.values())))
    for s in SETS:
        out.append(_seat_finding(f"Set {s}", advantage[s], players))
    alike = table[(table["group"] == "win share") & (table["metric"] == "all seats alike")]
    if len(alike) and _real(next(alike.itertuples(index=False))):
        out.append(f"Who wins is not the same under the two sets of rules; {CHANCE[True]}.")
    others = table[table["group"].isin(["effect", "decisiveness"])]
    out += [_effect_finding(r) for r in others.itertuples(index=False) if _real(r)]
    edges = table[table["group"] == "flow edge"]
    moved = [edge_words(spec.flow, r.metric) for r in edges.itertuples(index=False) if _real(r)]
    if moved:
        named_ = "; ".join(moved[:3]) + ("; ..." if len(moved) > 3 else "")
        out.append(f"{len(moved)} of the game's steps (the arrows of its flow picture) happen more or less often "
                   f"({named_}); {CHANCE[True]}.")
    return [x for x in out if x]


def edge_words(flow, metric: str) -> str:
    """A flow edge of the tests ("TURN_MAIN -> LAND") by its phases' learner names ("Lay, draw or ask for help
    → Cards land")."""
    src, sep, dst = str(metric).partition(" -> ")
    return f"{phase_label(flow, src)} → {phase_label(flow, dst)}" if sep and flow is not None else str(metric)


def summary_html(sentences: list[str], games: int) -> str:
    """The findings as a list under how many games they come from."""
    items = "".join(f"<li>{html.escape(x)}</li>" for x in sentences)
    return (f'<div style="line-height:1.5"><b>{games:,}</b> games of each set, the same shuffles for both.'
            f'<ul class="chili-bal-findings" style="margin:4px 0">{items}</ul></div>')


def compare_html(table, flow=None) -> str:
    """The :func:`~chililab.sim.metrics.compare` table (seats as people count them, the flow's steps by their
    phases' names when ``flow`` is given); the flow-edge rows folded away."""
    def rows(part):
        out = []
        for r in part.itertuples(index=False):
            fmt = _pct if r.group == "win share" else _num
            strong = r.verdict not in ("no clear difference", "not testable")
            mark = ' class="chili-bal-differs" style="background:#fff1e0"' if strong else ""
            metric = edge_words(flow, r.metric) if r.group == "flow edge" else people(str(r.metric))
            out.append(f"<tr{mark}><td>{html.escape(str(r.group))}</td>"
                       f"<td>{html.escape(metric)}</td><td>{fmt(r.A)}</td><td>{fmt(r.B)}</td>"
                       f"<td>{html.escape(r.test)}</td><td>{_p(r.p)}</td><td>{_p(r[6])}</td>"
                       f"<td>{html.escape(r.verdict)}</td></tr>")
        return "".join(out)

    head = ("<tr><th>group</th><th>metric</th><th>A</th><th>B</th><th>test</th><th>p</th><th>p adj</th>"
            "<th>verdict</th></tr>")
    style = "border-collapse:collapse;margin-top:6px;font-size:.92em;text-align:left"
    main, edges = table[table["group"] != "flow edge"], table[table["group"] == "flow edge"]
    out = ("<style>.chili-bal-compare td, .chili-bal-compare th {padding: 1px 8px}</style>"
           '<div class="chili-muted">Each row tests whether A and B differ by more than chance: many rows are tested '
           "at once, so the verdict reads the Holm-adjusted p (p adj): below 0.05 counts as a real difference.</div>"
           f"<table class='chili-bal-table' style='{style}'>{head}{rows(main)}</table>")
    if len(edges):
        out += (f"<details><summary>the flow's steps ({len(edges)} rows)</summary><table style='{style}'>{head}"
                f"{rows(edges)}</table></details>")
    return out


def app(game: str = "loco", players: int = 4, agents: str | None = None, b: dict | None = None) -> BalanceExplorer:
    """The explorer; ``game=``, ``players=``, ``agents=`` (a bot name) and ``b=`` (set B's options) set
    what it shows first."""
    return BalanceExplorer(game, players, agents, b)
