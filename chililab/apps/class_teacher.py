"""The teacher's page of a class (``dashboards/class_teacher.ipynb``): who is in, their game tables, their answers
and their pooled experiments, live; pacing, the projector switch, export and delete.

The page opens only with the teacher link, ``class_teacher.ipynb#class=CODE&teacher=TOKEN``: the part after ``#``
stays in the browser (it is never sent in a request, so it is in no server log) and reaches the kernel through
:class:`~chililab.widgets.page_address.PageAddress`; :meth:`Store.teacher <chililab.classes.store.Store.teacher>`
checks the token. Without it the page offers only to start a new class. About once a second
(:class:`~chililab.widgets.classlink.Ticker`) it reads what the class submitted since the last look.

Everything a student typed (a nickname, an answer) is shown escaped, as text. On the projector, names become
"Student 1", "Student 2" ... in the order they joined, and the list of students is hidden.

**Game tables** (:mod:`chililab.classes.tables`): the teacher seats the class at tables of a game ("Seat everyone":
:meth:`Store.seat_class <chililab.classes.tables.Tables.seat_class>`), sees every table live (who sits where, the
moves so far, whose turn), pauses or ends one, exports its record, and watches one in a :class:`TableWatch`: the
game rebuilt from its stored record in the teacher's view (every hand), with time travel over every move.
"""
from __future__ import annotations

import base64
import html
import json
import os
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W

from chililab.engine import registry
from chililab.engine.words import and_list, seat_name
from chililab.viz.pooled import pooled_chart
from chililab.widgets.classlink import Ticker
from chililab.widgets.page_address import PageAddress
from chililab.widgets.plot import PlotView
from chililab.widgets.stepper import COPY_BUTTON, Stepper

from .estimates import estimate_text, fraction_html
from .explorers import explorers
from .lobby import bot_words
from .parts import chili, css, panel, tagged

POLL_MS = 1000
PAGE = "class_teacher.ipynb"


def targets() -> list[tuple[str, str]]:
    """Where the teacher can send the class: ``(title, page?query)``: the start page, every game's dashboard and
    each of its lessons, every explorer and each of its questions."""
    out = [("the start page", "index.ipynb")]
    for s in registry.specs():
        if not s.dashboard:
            continue
        out.append((f"{s.title}: a free game", f"{s.name}.ipynb"))
        out += [(f"{s.title} lesson: {le.title}", f"{s.name}.ipynb?lesson={le.key}") for le in s.lesson_list()]
    for e in explorers():
        out.append((e.title, e.page))
        try:
            module = registry.load(e.app.partition(":")[0])
        except Exception:  # noqa: BLE001 (an explorer that cannot be imported here is offered as a page only)
            continue
        for q in getattr(module, "QUESTIONS", ()):
            out.append((f"{e.title}: {q.title}", f"{e.page}?question={q.key}"))
    from .exercises import PAGE as EXERCISES
    from .exercises import exercise_keys

    out.append(("Exercises: all of them", EXERCISES))
    out += [(f"Exercise ({game}): {short(text)}", f"{EXERCISES}?exercise={key}") for game, key, text in exercise_keys()]
    return out


def short(text: str, longest: int = 70) -> str:
    """The start of a question, for a menu."""
    return text if len(text) <= longest else text[:longest].rsplit(" ", 1)[0] + " ..."


def teacher_link(base: str, code: str, token: str) -> str:
    """The address that opens this page for a class's teacher."""
    return f"{base}#class={code}&teacher={token}"


def esc(text) -> str:
    return html.escape(str(text), quote=True)


class TeacherPage(W.VBox):
    """The teacher's page. ``store``: a :class:`~chililab.classes.store.Store` (default: the server's, as the
    students' pages use). ``fragment``: the link's part after ``#`` (default: the browser tells it). Parts for tests:
    ``refusal``, ``start_name``/``start_button``, ``open_toggle``, ``projector``, ``target``, ``send``, ``roam``,
    ``pause``, ``roster_box``, ``grid``, ``answers``, ``experiment``, ``chart``, ``estimates``, ``export_box``,
    ``delete_sure``/``delete_button``; the game tables: ``tables_list`` (the live list), ``tables_msg``, the form
    "Seat everyone" (``seat_game``, ``seat_size``, ``seat_bots``, ``seat_time``, ``seat_button``), ``table_pick``
    with ``watch_button``, ``pause_table_button``, ``end_table_button`` (pressed twice), ``export_table_button``,
    ``record_box`` (``record_text``, ``record_link``), ``watch_box`` (``watch_line``, ``unwatch_button`` and
    ``stepper``: the :class:`TableWatch` of the table ``watching``, None when none is watched)."""

    def __init__(self, store=None, fragment: str | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        tagged(self, "chili-dash", "chili-teacher")
        self._store = store
        self.teacher: Any = None
        self.address = PageAddress()
        self.ticker = Ticker(every_ms=POLL_MS, running=False)  # runs while a class is open here
        self.ticker.on_tick(self.refresh)
        self.refusal = tagged(W.HTML(), "chili-teacher-refusal")
        self.msg = tagged(W.HTML(), "chili-dash-msg", "chili-teacher-msg")
        self.start_name = tagged(W.Text(placeholder="the class's name, e.g. Year 10 maths",
                                        layout=W.Layout(width="24em")), "chili-teacher-start-name")
        self.start_button = tagged(W.Button(description="Start a class", button_style="primary"),
                                   "chili-teacher-start")
        self.start_button.on_click(lambda _b: self.start())
        self.header = tagged(W.HTML(), "chili-teacher-header")
        self.open_toggle = tagged(W.Checkbox(value=True, description="new students may join", indent=False),
                                  "chili-teacher-open")
        self.projector = tagged(W.Checkbox(value=False, description="on the projector: hide names", indent=False),
                                "chili-teacher-projector")
        self.target = tagged(W.Dropdown(options=targets(), description="page", layout=W.Layout(width="100%")),
                             "chili-teacher-target")
        self.send = tagged(W.Button(description="Send everyone there", button_style="primary",
                                    layout=W.Layout(width="auto")), "chili-teacher-send")
        self.roam = tagged(W.Button(description="Let everyone roam", layout=W.Layout(width="auto")),
                           "chili-teacher-roam")
        self.pause = tagged(W.ToggleButton(value=False, description="Pause the class and every table",
                                           tooltip="Students see a message, and no move is played at any game table "
                                                   "(no bot moves, no clock runs) until you press it again",
                                           layout=W.Layout(width="auto")), "chili-teacher-pause")
        self.pacing_line = tagged(W.HTML(), "chili-teacher-pacing")
        self.roster_box = tagged(W.VBox(), "chili-teacher-roster")
        self.grid = tagged(W.HTML(), "chili-teacher-grid")
        self.answers = tagged(W.HTML(), "chili-teacher-answers")
        self.experiment = tagged(W.Dropdown(description="experiment", layout=W.Layout(width="100%"),
                                            style={"description_width": "initial"}),
                                 "chili-teacher-experiment")
        self.chart = tagged(PlotView(), "chili-teacher-chart")
        self.estimates = tagged(W.HTML(), "chili-teacher-estimates")
        self.export_buttons = [tagged(W.Button(description=f"Export as {name}", layout=W.Layout(width="auto")),
                                      f"chili-teacher-export-{f}") for f, name in (("csv", "CSV"), ("parquet", "Parquet"))]
        self.export_box = tagged(W.HTML(), "chili-teacher-downloads")
        self.delete_sure = tagged(W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"),
                                             description="I am sure: delete this class and everything in it"),
                                  "chili-teacher-delete-sure")
        self.delete_button = tagged(W.Button(description="Delete the class", button_style="danger",
                                             layout=W.Layout(width="auto")), "chili-teacher-delete")
        self.open_toggle.observe(lambda c: self._act(lambda: self.store.set_open(self.teacher, c["new"])), "value")
        self.projector.observe(lambda c: self._projector(c["new"]), "value")
        self.send.on_click(lambda _b: self.send_class())
        self.roam.on_click(lambda _b: self._act(lambda: self.store.set_pacing(self.teacher, focus=None,
                                                                               focus_title=None)))
        self.pause.observe(lambda c: self._act(lambda: self.store.set_pacing(self.teacher, paused=c["new"])), "value")
        self._quiet = False
        self.experiment.observe(lambda _c: None if self._quiet else self.draw_experiment(), "value")
        for b, f in zip(self.export_buttons, ("csv", "parquet")):
            b.on_click(lambda _b, f=f: self.export(f))
        self.delete_button.on_click(lambda _b: self.delete())
        self._table_widgets()
        self._reset()
        self.banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Your class</span>'
                             '<span class="s">game tables, answers and pooled experiments, live</span>'
                             '<a href="index.ipynb">all dashboards</a></div>')
        self.body = W.VBox([self.refusal])  # what changes; the clock and the address are drawn once
        self.children = [W.HTML(css()), self.banner, W.Box([self.address, self.ticker], layout=W.Layout(display="none")),
                         self.body]
        if fragment is not None:
            self.open_fragment(fragment)
        else:
            self.address.observe(lambda _c: self.open_fragment(urlsplit(self.address.href).fragment), "href")
            self._refuse("Opening the class ...")

    @property
    def store(self):
        if self._store is None:
            from chililab.classes.store import Store

            self._store = Store.open(os.environ.get("CHILILAB_STORE") or None)
        return self._store

    def _reset(self) -> None:
        self.attempts: list[dict] = []
        self.trials: list[dict] = []
        self.roster: list[dict] = []
        self._seen = {"attempts": 0, "trials": 0}
        self._pace: dict = {}
        self._drawn: tuple | None = None
        self._tables_drawn: tuple | None = None
        self._turns: dict[int, tuple] = {}  # table -> (its table_steps entry, moves so far, the seats to choose)
        self._table_rows: dict[int, dict] = {}  # table -> its row of Store.tables, as last drawn
        self._end_armed: int | None = None  # the table "End this table" was pressed once for

    # ------------------------------------------------------------ opening the class

    def open_fragment(self, fragment: str) -> bool:
        """Open the class the link names (``class=CODE&teacher=TOKEN``); else say why and offer a new class."""
        from chililab.classes import ClassError

        q = {k: v[-1] for k, v in parse_qs(fragment or "").items()}
        if not q.get("class") and not q.get("teacher"):
            self._refuse("This is the teacher's page of a class. Open it with the teacher link you were given when "
                         "the class started, or start a new class here.", start=True)
            return False
        try:
            self.teacher = self.store.teacher(q.get("class", ""), q.get("teacher", ""))
        except ClassError as e:
            self._refuse(f"Not opened: {e}.", start=True)
            return False
        self._token = q.get("teacher", "")
        self._build()
        return True

    def _refuse(self, text: str, start: bool = False) -> None:
        self.teacher = None
        self.ticker.running = False
        self.refusal.value = f'<div class="chili-panel" role="alert" style="font-size:1.15em">{esc(text)}</div>'
        form = [panel("Start a new class", W.HBox([self.start_name, self.start_button]), self.msg)] if start else []
        self.body.children = [self.refusal, *form]

    def start(self) -> bool:
        """Start a class with the typed name and open it here (the teacher link is shown: keep it)."""
        from chililab.classes import ClassError

        try:
            new = self.store.start_class(self.start_name.value)
        except ClassError as e:
            self._say(f"Not started: {e}.", error=True)
            return False
        self.teacher = self.store.teacher(new.code, new.teacher_token)
        self._token = new.teacher_token
        self._build()
        link = teacher_link(self.address.base or PAGE, new.code, new.teacher_token)
        self._say(f"Class started. Keep this teacher link (it is the only way back to this page): {link}")
        return True

    def _build(self) -> None:
        self._reset()
        info = self.store.info(self.teacher)
        pace = self.store.pacing(self.teacher)
        self.open_toggle.value, self.projector.value, self.pause.value = info["open"], pace["projector"], pace["paused"]
        self.refusal.value = ""
        top = panel("The class", self.header, W.HBox([self.open_toggle, self.projector]), self.msg)
        pacing = panel("Everyone on one page", self.target, W.HBox([self.send, self.roam, self.pause]),
                       self.pacing_line)
        self.students_panel = panel("Students", self.roster_box)
        self.tables_panel = self._tables_panel()
        answers = panel("Answers to the exercises", self.grid, self.answers)
        pooled = panel("Pooled experiments", self.experiment, self.chart, self.estimates)
        keep = panel("Keep or delete", W.HBox(self.export_buttons), self.export_box,
                     W.HBox([self.delete_sure, self.delete_button]))
        self.body.children = [top, pacing, self.students_panel, self.tables_panel, answers, pooled, keep]
        self.ticker.running = True
        self.refresh()

    # ------------------------------------------------------------ reading the class

    def refresh(self) -> None:
        """Read what changed since the last look and redraw what it touches."""
        if self.teacher is None:
            return
        from chililab.classes import ClassError

        try:
            roster = self.store.roster(self.teacher)
            new_a = self.store.rows(self.teacher, "attempts", since_id=self._seen["attempts"])
            new_t = self.store.rows(self.teacher, "trials", since_id=self._seen["trials"])
            self._pace = self.store.pacing(self.teacher)
            info = self.store.info(self.teacher)
            steps = self.store.table_steps(self.teacher)
        except ClassError as e:
            self._refuse(f"{e}.", start=True)
            return
        except Exception as e:  # noqa: BLE001 (the store is out of reach for a moment: say so, try again)
            self._say(f"The class store could not be read ({type(e).__name__}); trying again.", error=True)
            return
        self.attempts += new_a
        self.trials += new_t
        for what, rows in (("attempts", new_a), ("trials", new_t)):
            if rows:
                self._seen[what] = rows[-1]["id"]
        ids = {r["id"] for r in roster}
        if roster != self.roster:  # a student left: their rows go too (the store deleted them)
            self.attempts = [r for r in self.attempts if r["student_id"] in ids]
            self.trials = [r for r in self.trials if r["student_id"] in ids]
        self.roster = roster
        self.draw_tables(steps)
        state = (tuple((r["id"], r["nickname"]) for r in roster), len(self.attempts), len(self.trials),
                 self.projector.value, self._pace.get("focus"), self._pace.get("paused"), info["open"])
        if state == self._drawn:
            return
        self._drawn = state
        self.header.value = (f'<div style="font-size:1.4em"><b>{esc(info["name"])}</b></div>'
                             f'<div style="font-size:1.2em">Students join on the start page with the code '
                             f'<span class="chili-teacher-code" style="font-size:2em;font-weight:700;letter-spacing:.12em">'
                             f'{esc(info["code"])}</span> &middot; {len(roster)} in the class'
                             f'{"" if info["open"] else " &middot; closed to new students"}</div>')
        self.draw_pacing()
        self.draw_roster()
        self.draw_answers()
        self.draw_experiments()

    def names(self) -> dict[int, str]:
        """Student id -> what the page calls them: the nickname, or "Student N" on the projector."""
        if self.projector.value:
            return {r["id"]: f"Student {i}" for i, r in enumerate(self.roster, 1)}
        return {r["id"]: r["nickname"] for r in self.roster}

    # ------------------------------------------------------------ drawing

    def draw_pacing(self) -> None:
        p = self._pace
        where = (f'Everyone is sent to <b>{esc(p.get("focus_title") or p.get("focus"))}</b>.' if p.get("focus")
                 else "Everyone may work on any page.")
        self.pacing_line.value = where + (" <b>The class is paused</b>: students see a message, and every game "
                                          "table waits." if p.get("paused") else "")

    def draw_roster(self) -> None:
        if self.projector.value:
            self.students_panel.layout.display = "none"
            return
        self.students_panel.layout.display = ""
        rows = []
        for r in self.roster:
            name = W.Text(value=r["nickname"], layout=W.Layout(width="14em"))
            name.add_class("chili-teacher-rename")
            rename = W.Button(description="Rename", layout=W.Layout(width="auto"))
            remove = W.Button(description="Remove", layout=W.Layout(width="auto"))
            remove.add_class("chili-teacher-remove")
            rename.on_click(lambda _b, sid=r["id"], box=name: self._act(
                lambda: self.store.rename(self.teacher, sid, box.value), done="Renamed."))
            remove.on_click(lambda _b, sid=r["id"]: self._act(lambda: self.store.remove(self.teacher, sid),
                                                              done="Removed, with everything they sent."))
            joined = time.strftime("%H:%M", time.localtime(r["joined"]))
            rows.append(W.HBox([name, rename, remove, W.HTML(f'<span class="chili-muted">joined {joined}</span>')]))
        self.roster_box.children = rows or [W.HTML('<span class="chili-muted">Nobody has joined yet.</span>')]

    def draw_answers(self) -> None:
        names = self.names()
        self.grid.value = answers_grid(self.attempts, [r["id"] for r in self.roster], names)
        self.answers.value = answer_counts(self.attempts)

    def draw_experiments(self) -> None:
        from chililab.classes.pooling import experiments

        self._experiments = {str(i): ex for i, ex in enumerate(experiments(self.trials)) if ex.pooled}
        opts = [(f"{ex.title} \u00b7 {len(ex.students)} student{'s' if len(ex.students) != 1 else ''}, "
                 f"{ex.pooled.n if ex.pooled else 0:,} samples", k) for k, ex in self._experiments.items()]
        keep = next((k for k, ex in self._experiments.items() if ex.key == getattr(self, "_experiment_key", None)),
                    opts[0][1] if opts else None)
        self._quiet = True
        try:
            self.experiment.options = opts
            self.experiment.value = keep
        finally:
            self._quiet = False
        self.draw_experiment()

    def draw_experiment(self) -> None:
        ex = self._experiments.get(self.experiment.value) if self.experiment.value is not None else None
        if ex is None:
            self.estimates.value = ('<span class="chili-muted">No simulations yet: when students press "simulate '
                                    'more" on an explorer, their trials are pooled here.</span>')
            return
        self._experiment_key = ex.key
        names = self.names()
        self.chart.show(pooled_chart(ex, names))
        self.estimates.value = estimates_table(ex, names)

    # ------------------------------------------------------------ game tables

    def _table_widgets(self) -> None:
        """The game tables' parts (their choices are filled in when a class opens: :meth:`_tables_panel`)."""
        wide = {"description_width": "initial"}
        self.tables_list = tagged(W.HTML(), "chili-teacher-tables-list")
        self.tables_msg = tagged(W.HTML(), "chili-dash-msg", "chili-teacher-tables-msg")
        self.seat_game = tagged(W.Dropdown(description="game", style=wide, layout=W.Layout(width="auto")),
                                "chili-teacher-tables-game")
        self.seat_size = tagged(W.Dropdown(description="students per table", style=wide,
                                           layout=W.Layout(width="auto")), "chili-teacher-tables-size")
        self.seat_bots = tagged(W.Dropdown(description="bots play as", style=wide, layout=W.Layout(width="auto"),
                                           tooltip="the bot that plays the empty seats (and a seat whose player "
                                                   "is away)"), "chili-teacher-tables-bots")
        self.seat_start = tagged(W.Dropdown(description="start from", style=wide, layout=W.Layout(width="auto"),
                                            tooltip="a new deal, or a lesson's prepared position (every table plays "
                                                    "the same position, each student in a seat)"),
                                 "chili-teacher-tables-start")
        self.seat_time = tagged(W.Dropdown(description="time to answer", style=wide, layout=W.Layout(width="auto"),
                                           tooltip="after this time a bot plays for a student who has not "
                                                   "answered"), "chili-teacher-tables-time")
        self.seat_button = tagged(W.Button(description="Seat everyone", button_style="primary",
                                           tooltip="every student not at a table yet sits at a new table, in the "
                                                   "order they joined; the game starts at once",
                                           layout=W.Layout(width="auto")), "chili-teacher-tables-seat")
        self.table_pick = tagged(W.Dropdown(description="table", style=wide, layout=W.Layout(width="auto")),
                                 "chili-teacher-tables-pick")
        self.watch_button = tagged(W.Button(description="Watch this table", layout=W.Layout(width="auto")),
                                   "chili-teacher-tables-watch")
        self.pause_table_button = tagged(W.Button(description="Pause this table", layout=W.Layout(width="auto")),
                                         "chili-teacher-tables-pause")
        self.end_table_button = tagged(W.Button(description="End this table", button_style="danger",
                                                tooltip="its game stops for good (its moves are kept)",
                                                layout=W.Layout(width="auto")), "chili-teacher-tables-end")
        self.export_table_button = tagged(W.Button(description="Export its record", layout=W.Layout(width="auto")),
                                          "chili-teacher-tables-export")
        self.record_head = W.HTML()
        self.record_text = tagged(W.Textarea(layout=W.Layout(width="100%", height="90px")),
                                  "chili-teacher-tables-record")
        self.record_link = tagged(W.HTML(), "chili-teacher-tables-download")
        self.record_box = tagged(W.VBox([self.record_head, self.record_text, self.record_link],
                                        layout=W.Layout(width="100%", display="none")),
                                 "chili-copy-box", "chili-teacher-tables-record-box")
        self.watch_line = tagged(W.HTML(), "chili-teacher-tables-watch-line")
        self.unwatch_button = tagged(W.Button(description="Stop watching", layout=W.Layout(width="auto")),
                                     "chili-teacher-tables-unwatch")
        self.watch_box = tagged(W.VBox(layout=W.Layout(width="100%")), "chili-teacher-tables-watching")
        self.stepper: TableWatch | None = None
        self.watching: int | None = None
        self._watch_moves = 0  # the moves of the watched table the stepper was built with
        self.seat_game.observe(lambda _c: self._seat_choices(), "value")
        self.table_pick.observe(lambda _c: self._draw_pick(), "value")
        self.seat_button.on_click(lambda _b: self.seat_everyone())
        self.watch_button.on_click(lambda _b: self.watch())
        self.pause_table_button.on_click(lambda _b: self.pause_picked())
        self.end_table_button.on_click(lambda _b: self.end_picked())
        self.export_table_button.on_click(lambda _b: self.export_table())
        self.unwatch_button.on_click(lambda _b: self.unwatch())

    def _tables_panel(self) -> W.VBox:
        """The "Game tables" panel, its choices filled: the games with a dashboard, their bots, the times."""
        from chililab.classes.tables import ANSWER_SECS

        self.unwatch()
        self.record_box.layout.display = "none"
        games = [(s.title, s.name) for s in registry.specs() if s.dashboard]
        keep = self.seat_game.value
        self.seat_game.options = games
        self.seat_game.value = keep if keep in [v for _t, v in games] else (games[0][1] if games else None)
        self.seat_time.options = [(answer_words(a), a or 0) for a in ANSWER_SECS]
        self.seat_time.value = 0
        self._seat_choices()
        form = W.HBox([self.seat_game, self.seat_start, self.seat_size, self.seat_bots, self.seat_time,
                       self.seat_button],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))
        pick = W.HBox([self.table_pick, self.watch_button, self.pause_table_button, self.end_table_button,
                       self.export_table_button], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        return panel("Game tables", self.tables_list,
                     W.HTML('<div class="chili-muted" style="margin-top:6px">Seat everyone who is not at a table yet '
                            "at new tables of a game (bots take the empty seats):</div>"),
                     form, self.tables_msg, pick, self.record_box, self.watch_box, cls="chili-teacher-tables")

    def _seat_choices(self) -> None:
        """The seat form follows the game: its numbers of players, its bots (its own first)."""
        name = self.seat_game.value
        if name is None:
            return
        spec = registry.get(name)
        lo, hi = spec.players
        size = self.seat_size.value
        self.seat_size.options = [(str(n), n) for n in range(lo, hi + 1)]
        self.seat_size.value = size if size is not None and lo <= size <= hi else min(
            max(spec.default_players or 4, lo), hi)
        self.seat_bots.options = [(bot_words(a), a) for a in spec.agent_names]
        self.seat_start.options = [("a new deal", "")] + [(f"lesson: {le.title}", le.key)
                                                          for le in spec.lesson_list()]
        self.seat_start.value = ""
        self.seat_bots.value = spec.bot

    def seat_everyone(self) -> list[int]:
        """Seat the class as the form says (:meth:`Store.seat_class`); say how in the message line."""
        from chililab.engine.errors import ConfigError

        if self.teacher is None or self.seat_game.value is None:
            return []
        spec = registry.get(self.seat_game.value)
        new: list[int] = []

        def seat():
            try:
                lesson = self.seat_start.value or None
                size = self.seat_size.value
                if lesson is not None:  # a lesson's position has its own number of players
                    size = spec.lesson(lesson).build().view(None).players
                new.extend(self.store.seat_class(self.teacher, spec.name, size, bots=self.seat_bots.value,
                                                 answer_secs=self.seat_time.value or None, lesson=lesson))
            except ConfigError as e:  # a game's own refusal (its bots, its options) reads like the store's
                from chililab.classes import ClassError

                raise ClassError(str(e)) from None

        if not self._act(seat, tables=True):
            return []
        seated = sum(x["taken"] for k in new for x in self._table_rows.get(k, {"sitting": []})["sitting"])
        stay = len(self.roster) - seated
        text = (f"Seated {plural(seated, 'student')} at {plural(len(new), 'table')} of {spec.title}: "
                f"table{'s' if len(new) != 1 else ''} {and_list([str(k) for k in new])}."
                + (f" {plural(stay, 'student')} already at a table stay{'s' if stay == 1 else ''} there."
                   if stay > 0 else ""))
        self._say(text, tables=True)
        self.table_pick.value = new[0]
        return new

    def draw_tables(self, steps: dict[int, tuple]) -> None:
        """Redraw the list of tables when one changed (``steps``: :meth:`Store.table_steps`), or the names did;
        a watched table at its newest move follows the new moves."""
        from chililab.classes import ClassError

        names = self.nicknames()
        key = (tuple(sorted(steps.items())), tuple(sorted(names.items())))
        if key != self._tables_drawn:
            try:
                rows = self.store.tables(self.teacher)
                for r in rows:
                    if self._turns.get(r["id"], (None,))[0] != steps.get(r["id"]):
                        self._turns[r["id"]] = (steps.get(r["id"]), *self._turn(r))
            except ClassError:  # a table went (the class was deleted): the next look says so
                return
            except Exception as e:  # noqa: BLE001 (the store is out of reach for a moment: say so, try again)
                self._say(f"The class's tables could not be read ({type(e).__name__}); trying again.", error=True)
                return
            self._tables_drawn = key
            order = sorted(rows, key=lambda r: (r["status"] not in ("open", "playing"),
                                                r["id"] if r["status"] in ("open", "playing") else -r["id"]))
            self._table_rows = {r["id"]: r for r in order}
            paused = bool(self._pace.get("paused"))
            self.tables_list.value = tables_html(order, {k: v[1:] for k, v in self._turns.items()}, names, paused)
            keep = self.table_pick.value
            self.table_pick.options = [(f"Table {r['id']}: {game_title(r['game'])} ({table_status(r, paused)})",
                                        r["id"]) for r in order]
            self.table_pick.value = keep if keep in self._table_rows else (order[0]["id"] if order else None)
            self._draw_pick()
        self._follow(steps)

    def nicknames(self) -> dict[str, str]:
        """A student's nickname (as the store's tables give it) -> what the page calls them (:meth:`names`)."""
        names = self.names()
        return {r["nickname"]: names[r["id"]] for r in self.roster}

    def _turn(self, row: dict) -> tuple[int, tuple[int, ...] | None]:
        """A table's moves so far, and the seats that must choose now (None: the game is over or ended)."""
        state = self.store.table_state(self.teacher, row["id"])
        d = getattr(state["view"], "decision", None)
        if d is None or state["result"] is not None or row["status"] == "closed":
            return state["step"], None
        return state["step"], tuple(d.players)

    def _draw_pick(self) -> None:
        """The buttons follow the chosen table: "Pause this table" or "Let it go on"."""
        row = self._table_rows.get(self.table_pick.value) if self.table_pick.value is not None else None
        live = row is not None and row["status"] in ("open", "playing")
        self.pause_table_button.description = "Let it go on" if row is not None and row["paused"] else \
            "Pause this table"
        self.pause_table_button.disabled = self.end_table_button.disabled = not live
        self.watch_button.disabled = self.export_table_button.disabled = row is None
        if self._end_armed != self.table_pick.value:
            self._end_armed = None
            self.end_table_button.description = "End this table"

    def _picked(self) -> int | None:
        tid = self.table_pick.value
        if tid is None:
            self._say("There is no table yet: seat the class first.", error=True, tables=True)
        return tid

    def watch(self, table_id: int | None = None) -> bool:
        """Show the table (default: the chosen one) in the teacher's view, rebuilt from its stored moves, at its
        newest move; back, forward and the slider step through every move."""
        from chililab.classes import ClassError

        tid = self._picked() if table_id is None else table_id
        if tid is None or self.teacher is None:
            return False
        try:
            record = self.store.table_record(self.teacher, tid)
            seats = self.store.table_state(self.teacher, tid)["seats"]
        except ClassError as e:
            self._say(f"Not shown: {e}.", error=True, tables=True)
            return False
        spec = registry.get(record["game"])
        game = spec.replay(record)
        bots = {x["seat"] for x in seats if not x["taken"] or x["away"]}
        if self.stepper is not None and self.watching == tid:
            self.stepper.follow(game, bots)
        else:
            self.unwatch()
            self.stepper = tagged(TableWatch(game, bots), "chili-teacher-tables-stepper")
        self.watching, self._watch_moves = tid, len(record["moves"])
        self.watch_line.value = (f'<div style="margin-top:8px;font-size:1.1em"><b>Watching table {tid}</b>: '
                                 f'{esc(spec.title)}, every hand shown. &#9664; back, forward &#9654; and the slider '
                                 "step through its moves; at the newest move you see the next ones as they are "
                                 "played.</div>")
        self.watch_box.children = [self.watch_line, self.stepper, self.unwatch_button]
        return True

    def unwatch(self) -> None:
        """Stop watching: the stepper leaves the page."""
        old = self.stepper
        self.stepper, self.watching = None, None
        self.watch_box.children = []
        if old is not None:
            old.close()

    def _follow(self, steps: dict[int, tuple]) -> None:
        """The watched table moved on while the teacher is at the newest move shown: show the new end."""
        if self.watching is None or self.stepper is None:
            return
        now = steps.get(self.watching)
        if now is None:
            self.unwatch()
        elif now[1] != self._watch_moves and self.stepper.game.step == self._watch_moves:
            self.watch(self.watching)

    def pause_picked(self) -> bool:
        """Pause the chosen table, or let it go on."""
        tid = self._picked()
        if tid is None:
            return False
        paused = not self._table_rows[tid]["paused"]
        return self._act(lambda: self.store.pause_table(self.teacher, tid, paused), tables=True,
                         done=f"Table {tid} is paused: no move is played there until you let it go on." if paused
                         else f"Table {tid} goes on.")

    def end_picked(self) -> bool:
        """End the chosen table (pressed twice: the first press asks to press again)."""
        tid = self._picked()
        if tid is None:
            return False
        if self._end_armed != tid:
            self._end_armed = tid
            self.end_table_button.description = f"Yes, end table {tid}"
            self._say(f"Press \u201cYes, end table {tid}\u201d to stop its game for good (its moves are kept).",
                      tables=True)
            return False
        self._end_armed = None
        self.end_table_button.description = "End this table"
        return self._act(lambda: self.store.close_table(self.teacher, tid), tables=True,
                         done=f"Table {tid} has ended. Its moves are kept: watch it or export its record.")

    def export_table(self, table_id: int | None = None) -> str:
        """The table's record (every move: the game's ``replay`` rebuilds it) as JSON in a box with a copy button,
        and as a download."""
        from chililab.classes import ClassError

        tid = self._picked() if table_id is None else table_id
        if tid is None or self.teacher is None:
            return ""
        try:
            record = self.store.table_record(self.teacher, tid)
        except ClassError as e:
            self._say(f"Not exported: {e}.", error=True, tables=True)
            return ""
        text = json.dumps(record, ensure_ascii=False)
        self.record_head.value = (f"<b>The record of table {tid}</b> (every move: paste it into "
                                  f"&ldquo;load a game&rdquo; on the game's page to replay it) {COPY_BUTTON}")
        self.record_text.value = text
        name = Path(f"class-{self.teacher.code}-table-{tid}.json")
        self.record_link.value = "Download: " + download_link(name, text.encode("utf-8"))
        self.record_box.layout.display = ""
        return text

    # ------------------------------------------------------------ acting

    def _act(self, fn, done: str = "", tables: bool = False) -> bool:
        """Do ``fn`` (a change to the store), say ``done`` or why not (``tables``: in the tables' line too), redraw."""
        from chililab.classes import ClassError

        if self.teacher is None:
            return False
        try:
            fn()
        except ClassError as e:
            self._say(f"Not done: {e}.", error=True, tables=tables)
            return False
        if done:
            self._say(done, tables=tables)
        self._drawn = self._tables_drawn = None
        self.refresh()
        return True

    def _projector(self, on: bool) -> None:
        self._act(lambda: self.store.set_pacing(self.teacher, projector=on))

    def send_class(self) -> None:
        title = next((t for t, v in self.target.options if v == self.target.value), None)
        self._act(lambda: self.store.set_pacing(self.teacher, focus=self.target.value, focus_title=title),
                  done=f"Everyone is sent to {title}.")

    def export(self, fmt: str) -> str:
        """Write the class's tables in ``fmt`` and offer them as downloads on the page."""
        from chililab.classes import ClassError
        from chililab.classes.export import export

        if self.teacher is None:
            return ""
        try:
            with tempfile.TemporaryDirectory() as tmp:
                files = export(self.store, self.teacher, tmp, formats=(fmt,))
                links = [download_link(Path(f)) for f in files]
        except (ClassError, ImportError) as e:
            self._say(f"Not exported: {e}.", error=True)
            return ""
        self.export_box.value = "Download: " + " &middot; ".join(links)
        return self.export_box.value

    def delete(self) -> bool:
        if self.teacher is None:
            return False
        if not self.delete_sure.value:
            self._say("Tick \u201cI am sure\u201d first: deleting cannot be undone.", error=True)
            return False
        self.store.delete_class(self.teacher)
        self._refuse("The class and everything in it were deleted.", start=True)
        return True

    def _say(self, text: str, error: bool = False, tables: bool = False) -> None:
        """Say ``text`` in the page's message line (``tables``: also in the game tables' line, where the teacher
        pressed; else that line is cleared)."""
        line = f'<div class="{"err" if error else "ok"}" role="status">{esc(text)}</div>'
        self.msg.value = line
        self.tables_msg.value = line if tables else ""


MIME = {".csv": "text/csv", ".parquet": "application/vnd.apache.parquet", ".json": "application/json"}


def download_link(path: Path, data: bytes | None = None) -> str:
    """A link that downloads ``data`` (default: the file's bytes) as a file named like ``path``."""
    raw = path.read_bytes() if data is None else data
    encoded = base64.b64encode(raw).decode("ascii")
    return (f'<a download="{esc(path.name)}" href="data:{MIME.get(path.suffix, "application/octet-stream")};'
            f'base64,{encoded}">{esc(path.name)}</a>')


def plural(n: int, word: str) -> str:
    """``"1 student"``, ``"2 students"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def answer_words(secs: int | None) -> str:
    """A table's time to answer in words: "no limit", "15 s", "2 min"."""
    if not secs:
        return "no limit"
    return f"{secs} s" if secs < 60 or secs % 60 else f"{secs // 60} min"


def game_title(name: str) -> str:
    """A game's title ("Chili Loco"); its code name when it is not installed here."""
    try:
        return registry.get(name).title
    except Exception:  # noqa: BLE001 (a game removed since the table was played: its name still says which)
        return name


#: a table's status in words a class reads
STATUS_WORDS = {"open": "waiting for players", "playing": "playing", "finished": "finished", "closed": "ended early"}


def table_status(row: dict, class_paused: bool = False) -> str:
    """"waiting for players", "playing", "paused" (the table, or the whole class), "finished", "ended early"."""
    words = STATUS_WORDS.get(row["status"], str(row["status"]))
    if row["status"] in ("open", "playing") and (row["paused"] or class_paused):
        return "paused" if row["status"] == "playing" else f"{words} (paused)"
    return words


def tables_html(rows: list[dict], turns: dict[int, tuple], names: dict[str, str], class_paused: bool = False) -> str:
    """The class's tables, one row each: number, game, status, who sits where (nicknames escaped; a seat nobody
    took: "bot"), moves so far and whose turn. ``turns``: table -> (moves so far, the seats to choose or None);
    ``names``: nickname -> what the page calls the student (the projector hides nicknames)."""
    if not rows:
        return ('<span class="chili-muted">No game tables yet: &ldquo;Seat everyone&rdquo; below puts the class at '
                'tables, or students open tables on a game\'s page.</span>')

    def who(x) -> str:
        if not x["taken"]:
            return "bot"
        name = f'<span class="chili-teacher-table-student">{esc(names.get(x["student"], x["student"] or "?"))}</span>'
        return f"{name} (away: a bot plays)" if x["away"] else name

    cell = 'style="padding:4px 10px;text-align:left;vertical-align:top"'
    out = []
    for r in rows:
        step, deciding = turns.get(r["id"], (0, None))
        sitting = {x["seat"]: x for x in r["sitting"]}
        seats = "<br>".join(f"{seat_name(x['seat'])}: {who(x)}" for x in r["sitting"])
        if r["status"] == "open":
            turn = "&ndash;"
        elif deciding is None:
            turn = "nobody: the game is over" if r["status"] == "finished" else "nobody"
        else:
            turn = and_list([f"{seat_name(p)} ({who(sitting[p]) if p in sitting else '?'})" for p in deciding])
        clock = (f'<br><span class="chili-muted">{answer_words(r["answer_secs"])} to answer</span>'
                 if r.get("answer_secs") else "")
        out.append(f'<tr class="chili-teacher-table-row" data-table="{int(r["id"])}">'
                   f'<th scope="row" {cell}>Table {int(r["id"])}</th><td {cell}>{esc(game_title(r["game"]))}{clock}</td>'
                   f'<td {cell}>{esc(table_status(r, class_paused))}</td><td {cell}>{seats}</td>'
                   f'<td {cell}>{int(step)}</td><td {cell}>{turn}</td></tr>')
    head = "".join(f'<th scope="col" {cell}>{h}</th>' for h in ("table", "game", "now", "who sits where",
                                                                "moves so far", "whose turn"))
    return (f'<table class="chili-teacher-tables-table" style="border-collapse:collapse;font-size:1.05em">'
            f"<tr>{head}</tr>" + "".join(out) + "</table>")


class TableWatch(Stepper):
    """A class's table in the teacher's view (every hand), rebuilt from its stored record, with time travel over
    every move (back, forward, the slider, "newest move"). Nothing done here reaches the table: there are no move
    buttons, and forward stops at the table's newest move. ``bots``: the seats bots play (the decision line says
    who chooses: a bot or a student)."""

    def __init__(self, game, bots=()):
        super().__init__(game, seat=None, bots=set(bots), auto=False, seats=[None])
        for w in (self.w_auto, self.w_bots, self.w_moves, self.w_load, self.w_load_button):
            w.layout.display = "none"
        self.w_forward.tooltip = "step forward"
        self.w_end.description = "newest move"
        self.w_end.tooltip = "go to the table's newest move"

    def follow(self, game, bots=()) -> None:
        """Show ``game``: the same table with more moves (the live region says the new moves only)."""
        self._live_at = (game, None, self.game.step)
        self.load_game(game, seat=None, bots=set(bots))

    def forward(self):
        """The next move of the table (at the newest move: nothing, and a sentence saying so)."""
        if self.game.step >= self.game.history_length:
            self._act(lambda: "This is the table's newest move: the next one is played at the table.")
        else:
            super().forward()

    def play_to_end(self):
        """Go to the table's newest move."""
        self.goto(self.game.history_length)

    def click(self, move):
        self._act(lambda: "Moves are played at the table, not here.")

    def _build_moves(self):
        self._move_buttons, self._button_moves = [], []

    def _decision_html(self, view):
        return super()._decision_html(view).replace(": forward \u25b6 lets the bot play", "")

    def refresh(self):
        super().refresh()
        self.w_record_box.layout.display = "none"  # the page's "Export its record" gives the whole record


def exercise_labels() -> dict[str, tuple[str, str]]:
    """Exercise key -> (a short heading a class reads, e.g. "Chili Loco, question 2"; the question itself)."""
    from .exercises import exercise_keys

    seen: Counter[str] = Counter()
    out = {}
    for game, key, question in exercise_keys():
        seen[game] += 1
        out[key] = (f"{game}, question {seen[game]}", question)
    return out


def answers_grid(attempts: list[dict], order: list[int], names: dict[int, str]) -> str:
    """Students by exercises: per cell the last answer typed, a tick once right, and how many tries."""
    if not attempts:
        return '<span class="chili-muted">No answers yet.</span>'
    exercises = list(dict.fromkeys(a["exercise"] for a in attempts))
    cells: dict[tuple[int, str], list[dict]] = defaultdict(list)
    for a in attempts:
        cells[a["student_id"], a["exercise"]].append(a)
    labels = exercise_labels()
    head = "".join(f'<th scope="col" style="padding:4px 10px" title="{esc(labels.get(e, (e, e))[1])}">'
                   f'{esc(labels.get(e, (e, e))[0])}</th>' for e in exercises)
    rows = []
    for sid in order:
        tds = []
        for e in exercises:
            tries = cells.get((sid, e), [])
            if not tries:
                tds.append('<td style="padding:4px 10px;color:#6b5b4b">&ndash;</td>')
                continue
            right = any(t["correct"] for t in tries)
            mark = "&#10003; right" if right else "&#10007; not yet"
            colour = "#1b7a2e" if right else "#b3261e"
            tds.append(f'<td style="padding:4px 10px"><span style="color:{colour};font-weight:600">{mark}</span> '
                       f'<span class="chili-teacher-answer">{esc(tries[-1]["answer"])}</span> '
                       f'<span class="chili-muted">({len(tries)} tr{"ies" if len(tries) != 1 else "y"})</span></td>')
        rows.append(f'<tr><th scope="row" style="text-align:left;padding:4px 10px">{esc(names.get(sid, "?"))}</th>'
                    + "".join(tds) + "</tr>")
    return ('<table class="chili-teacher-grid-table" style="border-collapse:collapse;font-size:1.05em">'
            f'<tr><th scope="col">student</th>{head}</tr>' + "".join(rows) + "</table>")


def answer_counts(attempts: list[dict]) -> str:
    """Per exercise, the answers typed and how many students typed each (the common wrong one first)."""
    if not attempts:
        return ""
    out = []
    for e in dict.fromkeys(a["exercise"] for a in attempts):
        last: dict[int, dict] = {}
        for a in attempts:
            if a["exercise"] == e:
                last[a["student_id"]] = a  # each student's latest answer
        counts = Counter((a["answer"], a["correct"]) for a in last.values())
        items = "".join(f'<li><span class="chili-teacher-answer">{esc(ans)}</span>: {n} student{"s" if n != 1 else ""}'
                        f'{" (right)" if ok else ""}</li>'
                        for (ans, ok), n in sorted(counts.items(), key=lambda kv: (kv[0][1], -kv[1])))
        out.append(f'<div style="margin-top:8px"><b>{esc(exercise_labels().get(e, (e, e))[0])}</b>: the latest answer '
                   'of each student'
                   f'<ul style="margin:2px 0">{items}</ul></div>')
    return "".join(out)


def estimates_table(ex, names: dict[int, str]) -> str:
    """Each student's estimate with its 99% interval; those whose interval misses the exact value stand out."""
    chance = ex.pooled.kind == "proportion"
    rows = []
    for run in sorted(ex.students, key=lambda r: -(r.estimate.n if r.estimate else 0)):
        e = run.estimate
        if e is None:
            continue
        style = ' style="background:#fde2e1;font-weight:600"' if run.far else ""
        flag = " (far from the exact value)" if run.far else ""
        rows.append(f'<tr{style}><th scope="row" style="text-align:left;padding:2px 10px">'
                    f'{esc(names.get(run.student_id, "?"))}</th><td style="padding:2px 10px">{e.n:,}</td>'
                    f'<td style="padding:2px 10px">{estimate_text(e, chance)}{flag}</td></tr>')
    p = ex.pooled
    exact = (fraction_html(ex.exact, chance) if ex.exact is not None else "not known")
    far = sum(r.far for r in ex.students)
    return (f'<div style="font-size:1.1em"><b>The class</b>: {estimate_text(p, chance)} from {p.n:,} samples '
            f'&middot; <b>exact</b>: {exact}</div>'
            '<table style="border-collapse:collapse;margin-top:6px"><tr><th scope="col" style="padding:2px 10px">'
            'student</th><th scope="col" style="padding:2px 10px">samples</th>'
            '<th scope="col" style="padding:2px 10px">estimate (99% interval)</th></tr>' + "".join(rows) +
            "</table>" +
            f'<div class="chili-muted">{far} of {len(ex.students)} interval{"s" if len(ex.students) != 1 else ""} '
            "miss the exact value. A 99% interval misses it about once in 100; a small sample gives a wide interval "
            "and an estimate that can land far off.</div>")


def app(store=None, fragment: str | None = None) -> TeacherPage:
    return TeacherPage(store=store, fragment=fragment)
