"""A page in a class: the student's join form and bar, and what the page sends to the class store.

One kernel is one page (Voila gives every visitor their own), so the page's class membership is one object,
:func:`link`: the store (``CHILILAB_STORE``, else the SQLite file of the data folder), the student this browser
joined as (its token kept by :class:`~chililab.widgets.classlink.BrowserKeep`), and the functions the explorers
and exercises call after a press or an answer (:func:`send_trials`, :func:`send_attempt`). Outside a class they do
nothing. A failure of the store is said on the bar and never breaks the page.

:class:`ClassBar` is the strip at the top of every page: outside a class, the join form (a code and a nickname,
nothing else); inside, "You are in <class> as <nickname>" and whatever the teacher asks (a page for everyone, a
pause), followed within about a second (:class:`~chililab.widgets.classlink.Ticker`).
"""
from __future__ import annotations

import html
import os
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from chililab.widgets.classlink import VEIL_CSS, BrowserKeep, Ticker
from chililab.widgets.exercise import Exercise
from chililab.widgets.page_address import PageAddress

#: how often a page asks the store whether the teacher changed something (the issue asks for 2 s at most)
POLL_MS = 1000


class ClassLink:
    """This page's membership: ``store`` (opened on first use), ``student`` (None outside a class), ``problem``
    (the last thing that went wrong, in words). Listeners (``on_change``) hear a join or a leave."""

    def __init__(self, url: str | None = None):
        self.url = url
        self._store: Any = None
        self.student: Any = None
        self.token = ""
        self.problem = ""
        self._listeners: list[Callable[[], None]] = []

    @property
    def store(self):
        if self._store is None:
            from chililab.classes.store import Store

            self._store = Store.open(self.url)
        return self._store

    def available(self) -> bool:
        """Whether this server can keep a class (its database library is installed)."""
        try:
            import sqlalchemy  # noqa: F401
        except ImportError:
            return False
        return True

    def on_change(self, fn: Callable[[], None]) -> None:
        self._listeners.append(fn)

    def _changed(self) -> None:
        for fn in list(self._listeners):
            fn()

    def resume(self, token: str) -> bool:
        """Rejoin with the token the browser kept (a reload, another page): True when it is still a student's."""
        if not token or self.student is not None:
            return self.student is not None
        try:
            s = self.store.student(token)
        except Exception as e:  # noqa: BLE001 (a store that cannot be reached: said, the page goes on alone)
            self.problem = f"The class could not be reached ({type(e).__name__}); you are working alone."
            return False
        if s is None:
            return False
        self.student, self.token = s, token
        self._changed()
        return True

    def join(self, code: str, nickname: str) -> str:
        """Join a class; returns the token for the browser to keep. ClassError (its sentence) when refused."""
        s, token = self.store.join(code, nickname)
        self.student, self.token, self.problem = s, token, ""
        self._changed()
        return token

    def leave(self) -> None:
        self.student, self.token = None, ""
        self._changed()

    def _submit(self, fn: Callable[[], object]) -> bool:
        if self.student is None:
            return False
        from chililab.classes import ClassError

        try:
            fn()
        except ClassError as e:
            self.problem = f"Not sent to your class: {e}."
            if "no longer in this class" in str(e):
                self.leave()
            return False
        except Exception as e:  # noqa: BLE001 (the page goes on; the bar says it)
            self.problem = f"Not sent to your class: the class store failed ({type(e).__name__})."
            return False
        self.problem = ""
        return True

    def send_trials(self, question: str, settings: dict, samples: int, successes: int | None = None,
                    total: float | None = None, total_sq: float | None = None, seed: int | None = None) -> bool:
        s = self.student
        return self._submit(lambda: self.store.add_trials(s, question, settings, samples, successes, total,
                                                          total_sq, seed, sid=uuid.uuid4().hex))

    def send_attempt(self, exercise: str, answer: str, correct: bool) -> bool:
        s = self.student
        return self._submit(lambda: self.store.add_attempt(s, exercise, answer, correct, sid=uuid.uuid4().hex))

    def pooled(self, question: str, settings: dict) -> dict | None:
        """The class's trials of this experiment added up (no names), or None outside a class."""
        if self.student is None:
            return None
        try:
            return self.store.pooled(self.student, question, settings)
        except Exception:  # noqa: BLE001
            return None

    def pacing(self) -> dict | None:
        if self.student is None:
            return None
        try:
            return self.store.pacing(self.student)
        except Exception:  # noqa: BLE001
            return None


_LINK: ClassLink | None = None


def link() -> ClassLink:
    """This kernel's (this page's) class membership."""
    global _LINK
    if _LINK is None:
        _LINK = ClassLink(os.environ.get("CHILILAB_STORE") or None)
    return _LINK


def in_class() -> bool:
    return _LINK is not None and _LINK.student is not None


def send_trials(*args, **kwargs) -> bool:
    """:meth:`ClassLink.send_trials` when this page is in a class (else nothing, False)."""
    return in_class() and link().send_trials(*args, **kwargs)


def send_attempt(exercise: str, answer: str, correct: bool) -> bool:
    return in_class() and link().send_attempt(exercise, answer, correct)


def same_page(page: str, query: str, focus: str) -> bool:
    """Whether ``focus`` (``page?query``) is this page: the same notebook, and every part of the focus's query
    the same in this page's.

    >>> same_page("loco.ipynb", "lesson=stir&seat=1", "loco.ipynb?lesson=stir"), same_page("loco.ipynb", "", "mafia.ipynb")
    (True, False)
    """
    name, _, want = focus.partition("?")
    if name != page:
        return False
    have = {k: v[-1] for k, v in parse_qs(query).items()}
    return all(have.get(k) == v[-1] for k, v in parse_qs(want).items())


def hub_user() -> str:
    """The user name a JupyterHub gives this page's server (``JUPYTERHUB_USER``), else ""."""
    return os.environ.get("JUPYTERHUB_USER", "")[:40]


class ClassBar(W.VBox):
    """The class strip of a page. ``page``: this page's notebook name (``loco_explorer.ipynb``); ``query``: its
    query (default: Voila's ``QUERY_STRING``); ``form``: show the join form when not in a class (the landing page),
    else only a line pointing there. Parts: ``code``, ``nickname``, ``join_button``, ``leave_button``, ``line``,
    ``say`` (the teacher's word), ``keep``, ``ticker``."""

    def __init__(self, page: str, query: str | None = None, form: bool = False, class_link: ClassLink | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("chili-classbar")
        self.link = class_link or link()
        self.form = form
        #: a dashboard follows the teacher to another page; a notebook (``page="notebook"``) is only told
        self.follows = page != "notebook"
        self._page, self._query = page, query
        #: the page's address as the browser tells it (a pre-heated kernel learns its visitor's query late)
        self.address = PageAddress()
        self.address.observe(lambda _c: self.draw(), "href")
        self.keep = BrowserKeep()
        self.ticker = Ticker(every_ms=POLL_MS)
        self.code = W.Text(placeholder="class code", layout=W.Layout(width="9em"))
        self.code.add_class("chili-class-code")
        # on a JupyterHub the hub's user name is the nickname offered (the student may change it)
        self.nickname = W.Text(value=hub_user(), placeholder="your nickname", layout=W.Layout(width="13em"))
        self.nickname.add_class("chili-class-nickname")
        self.join_button = W.Button(description="Join the class", button_style="primary")
        self.join_button.add_class("chili-class-join")
        self.leave_button = W.Button(description="Leave the class", layout=W.Layout(width="auto"))
        self.leave_button.add_class("chili-class-leave")
        self.line = W.HTML()
        self.line.add_class("chili-class-line")
        self.say = W.HTML()
        self.say.add_class("chili-class-say")
        self.say.add_class("chili-live")
        self.join_button.on_click(lambda _b: self.do_join())
        self.leave_button.on_click(lambda _b: self.do_leave())
        self.keep.observe(self._kept, "token")
        self.ticker.on_tick(self.tick)
        self.link.on_change(self.draw)
        self._last_changed = None
        # the invisible parts never change (a widget drawn again would start a second clock); draw() changes the rest
        self.shown = W.VBox()
        self.children = [W.Box([W.HTML(VEIL_CSS), self.keep, self.ticker, self.address],
                               layout=W.Layout(display="none")), self.shown]
        self.draw()

    # ------------------------------------------------------------ where this page is

    @property
    def where_known(self) -> bool:
        """Whether the page knows its address (the browser told it, or the page was given its query)."""
        return bool(self.address.href) or self._query is not None

    @property
    def page(self) -> str:
        """This page's notebook name (the browser's address, else the name the page was made with)."""
        if self.address.href and self.follows:
            return self.address.base.rsplit("/", 1)[-1] or self._page
        return self._page

    @property
    def query(self) -> str:
        if self.address.href:
            return self.address.query
        return self._query if self._query is not None else os.environ.get("QUERY_STRING", "")

    # ------------------------------------------------------------ joining and leaving

    def _kept(self, change) -> None:
        token = change["new"]
        if token and token != self.link.token:
            self.link.resume(token)
            if self.link.student is None and not self.link.problem:  # removed, or the class ended
                self.keep.token = ""
            self.draw()

    def do_join(self) -> bool:
        from chililab.classes import ClassError

        if not self.link.available():
            self._note("This server cannot keep a class (its database part is not installed).", error=True)
            return False
        try:
            token = self.link.join(self.code.value, self.nickname.value)
        except ClassError as e:
            self._note(f"Not joined: {e}.", error=True)
            return False
        self.keep.token = token
        self.code.value, self.nickname.value = "", hub_user()
        self.draw()
        return True

    def do_leave(self) -> None:
        self.link.leave()
        self.keep.token = ""
        self.ticker.paused = ""
        self.draw()

    # ------------------------------------------------------------ following the teacher

    def tick(self) -> None:
        """Once a second in a class: follow the teacher's pacing (a page for everyone, a pause)."""
        pace = self.link.pacing()
        if pace is not None and pace.get("deleted"):
            self.link.problem = "Your teacher ended the class (or took you out of it): you are working alone now."
            self.keep.token = ""
            self.link.leave()
            pace = None
        if pace is None:
            if self.ticker.paused:
                self.ticker.paused = ""
            return
        s = self.link.student
        if s is not None and pace.get("nickname") and pace["nickname"] != s.nickname:  # the teacher renamed
            self.link.student = type(s)(s.class_id, s.student_id, pace["nickname"], s.code)
            self.draw()
        if pace.get("paused"):
            self.ticker.paused = ("Your teacher has paused the class: eyes on the teacher. "
                                  "Your page comes back when the teacher goes on.")
        elif self.ticker.paused:
            self.ticker.paused = ""
        focus = pace.get("focus") or ""
        if focus and self.follows and self.where_known and not same_page(self.page, self.query, focus):
            self.ticker.go(focus)
        if pace.get("changed") != self._last_changed:
            self._last_changed = pace.get("changed")
            self.draw()

    def draw(self) -> None:
        s = self.link.student
        self.ticker.running = s is not None  # the clock asks the kernel only while the page is in a class
        if s is None:
            self.line.value = ("<b>In a class?</b> Type the code your teacher gives you and a nickname." if self.form
                               else '<span class="chili-muted">Working alone. To work with your class, join it on '
                                    '<a href="index.ipynb">the start page</a>.</span>')
            row = [self.code, self.nickname, self.join_button] if self.form else []
            self.shown.children = [self.line, W.HBox(row), self.say]
            self._note(self.link.problem, error=True) if self.link.problem else None
            return
        self.line.value = (f'You are in the class <b>{html.escape(s.code)}</b> as <b>{html.escape(s.nickname)}</b>: '
                           "your answers and simulations go to your teacher.")
        pace = self.link.pacing() or {}
        focus, title = pace.get("focus") or "", pace.get("focus_title") or ""
        if focus and same_page(self.page, self.query, focus):
            self._note(f"Your teacher brought the class here: {title or 'this page'}.")
        elif focus and not self.follows:
            self._note(f"Your teacher asks everyone to open: {title or focus}.")
        elif self.link.problem:
            self._note(self.link.problem, error=True)
        else:
            self._note("")
        self.shown.children = [W.HBox([self.line, self.leave_button]), self.say]

    def _note(self, text: str, error: bool = False) -> None:
        self.say.value = (f'<div class="{"err" if error else "ok"}" role="status">{html.escape(text)}</div>'
                          if text else "")


def class_bar(page: str = "", form: bool = False) -> ClassBar:
    """The class strip for a page (a notebook passes no ``page``: it is never sent anywhere by the teacher's
    pacing)."""
    return ClassBar(page or "notebook", form=form)


# ---------------------------------------------------------------- what an explorer sends after a press


def _pct(x: float, chance: bool) -> str:
    return f"{x:.1%}" if chance else f"{x:.2f}"


def report_press(question: str, title: str, settings: dict, before, after, exact) -> str:
    """Send one press of "simulate more" to the class (the samples it added to the estimate ``before`` to make
    ``after``, :class:`~chililab.prob.intervals.Estimate` values) and return the "you and your class" line as HTML
    ("" outside a class). ``settings``: what the question was asked with (plain values); ``exact``: its exact value
    (a Fraction), kept with the trials so the teacher's page draws it."""
    if not in_class() or after is None:
        return ""
    n = after.n - (before.n if before else 0)
    if n <= 0:
        return ""
    chance = after.kind == "proportion"
    full = {**settings, "exact": str(exact), "title": title}
    if chance:
        sent = link().send_trials(question, full, n, successes=round(after.total - (before.total if before else 0)))
    else:
        sent = link().send_trials(question, full, n, total=after.total - (before.total if before else 0),
                                  total_sq=after.total_sq - (before.total_sq if before else 0))
    if not sent:
        return f'<div class="chili-versus err">{html.escape(link().problem)}</div>'
    from chililab.classes.pooling import estimate

    pool = link().pooled(question, full) or {}
    parts = [f"<b>You</b>: {_pct(after.value, chance)} from {after.n:,} samples"]
    if pool.get("samples"):
        row = {"samples": pool["samples"], "successes": pool["successes"], "total": pool["total"],
               "total_sq": pool["total_sq"]}
        e = estimate(row)
        who = pool["students"]
        parts.append(f"<b>Your class</b>: {_pct(e.value, chance)} from {e.n:,} samples by {who} "
                     f"student{'s' if who != 1 else ''} (99% interval {_pct(e.low, chance)} to {_pct(e.high, chance)})")
    parts.append(f"<b>Exact</b>: {_pct(float(exact), chance)}")
    return '<div class="chili-versus" role="status">' + " &middot; ".join(parts) + "</div>"


def _on_attempt(exercise, text: str, right: bool) -> None:
    """Every answer a student checks in a class goes to the teacher (the exercise's ``key`` names it)."""
    if exercise.key:
        send_attempt(exercise.key, text, right)


if _on_attempt not in Exercise.listeners:
    Exercise.listeners.append(_on_attempt)
