"""The teacher's page of a class (``dashboards/class_teacher.ipynb``): who is in, their answers and their pooled
experiments, live; pacing, the projector switch, export and delete.

The page opens only with the teacher link, ``class_teacher.ipynb#class=CODE&teacher=TOKEN``: the part after ``#``
stays in the browser (it is never sent in a request, so it is in no server log) and reaches the kernel through
:class:`~chililab.widgets.page_address.PageAddress`; :meth:`Store.teacher <chililab.classes.store.Store.teacher>`
checks the token. Without it the page offers only to start a new class. About once a second
(:class:`~chililab.widgets.classlink.Ticker`) it reads what the class submitted since the last look.

Everything a student typed (a nickname, an answer) is shown escaped, as text. On the projector, names become
"Student 1", "Student 2" ... in the order they joined, and the list of students is hidden.
"""
from __future__ import annotations

import base64
import html
import os
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W

from chililab.engine import registry
from chililab.viz.pooled import pooled_chart
from chililab.widgets.classlink import Ticker
from chililab.widgets.page_address import PageAddress
from chililab.widgets.plot import PlotView

from .estimates import estimate_text, fraction_html
from .explorers import explorers
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
    ``delete_sure``/``delete_button``."""

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
        self.pause = tagged(W.ToggleButton(value=False, description="Pause the class", layout=W.Layout(width="auto")),
                            "chili-teacher-pause")
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
        self._reset()
        self.banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Your class</span>'
                             '<span class="s">answers and pooled experiments, live</span>'
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
        answers = panel("Answers to the exercises", self.grid, self.answers)
        pooled = panel("Pooled experiments", self.experiment, self.chart, self.estimates)
        keep = panel("Keep or delete", W.HBox(self.export_buttons), self.export_box,
                     W.HBox([self.delete_sure, self.delete_button]))
        self.body.children = [top, pacing, self.students_panel, answers, pooled, keep]
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
        state = (tuple((r["id"], r["nickname"]) for r in roster), len(self.attempts), len(self.trials),
                 self.projector.value, self._pace.get("focus"), self._pace.get("paused"), info["open"])
        if state == self._drawn:
            return
        self._drawn = state
        self.roster = roster
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
        self.pacing_line.value = where + (" <b>The class is paused</b>: students see a message." if p.get("paused")
                                          else "")

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

    # ------------------------------------------------------------ acting

    def _act(self, fn, done: str = "") -> None:
        from chililab.classes import ClassError

        if self.teacher is None:
            return
        try:
            fn()
        except ClassError as e:
            self._say(f"Not done: {e}.", error=True)
            return
        if done:
            self._say(done)
        self._drawn = None
        self.refresh()

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

    def _say(self, text: str, error: bool = False) -> None:
        self.msg.value = f'<div class="{"err" if error else "ok"}" role="status">{esc(text)}</div>'


MIME = {".csv": "text/csv", ".parquet": "application/vnd.apache.parquet"}


def download_link(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return (f'<a download="{esc(path.name)}" href="data:{MIME.get(path.suffix, "application/octet-stream")};'
            f'base64,{data}">{esc(path.name)}</a>')


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
