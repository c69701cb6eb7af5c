"""A student's seat at a game table shared with classmates (``dashboards/table.ipynb?table=N``).

The page joins the class with the token its browser kept (the class strip, :mod:`.classwork`), connects to the
table service (:mod:`chililab.classes.service`) as that student and watches the table: every change is pushed to
it, drawn by :class:`~chililab.widgets.seat.SeatView`. Without ``table=`` it opens the newest table the student
sits at (where the teacher's "seat everyone" put them). Its kernel never holds the game: only the seat's view.
"""
from __future__ import annotations

import html
import threading
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from chililab.widgets.seat import SeatView

from . import classwork
from .parts import big_switch, chili, css, panel, tagged

PAGE = "table.ipynb"


class TablePage(W.VBox):
    """The page. Parts: ``class_bar``, ``seat`` (the :class:`SeatView`), ``msg``, ``start_button`` (the opener
    starts a table before every seat is taken), ``big``; ``client`` (the line to the table service, once
    connected) and ``table`` (its number)."""

    def __init__(self, query: str | None = None, client_factory=None):
        super().__init__(layout=W.Layout(width="100%"))
        tagged(self, "chili-dash", "chili-table-page")
        self._query = query
        self._connect = client_factory
        self.client: Any = None
        self.table: int | None = None
        self._lock = threading.Lock()
        self.class_bar = classwork.ClassBar(PAGE, query=query)
        self.msg = tagged(W.HTML(), "chili-dash-msg", "chili-table-msg")
        self.seat = SeatView(on_move=self.move)
        self.start_button = tagged(W.Button(description="Start now: bots take the free seats",
                                            layout=W.Layout(width="auto", display="none")), "chili-table-start")
        self.start_button.on_click(lambda _b: self.start())
        self.big = big_switch(self, self._big)
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} A table with your class</span>'
                        '<span class="s">each of you sees only your own cards</span>'
                        '<a href="index.ipynb">the start page</a></div>')
        self.children = [W.HTML(css()), banner, self.class_bar, self.msg,
                         panel("Your table", self.start_button, self.seat),
                         panel("Display", self.big)]
        self.class_bar.ticker.on_tick(self._here)
        self.class_bar.link.on_change(self.open_seat)
        self.class_bar.address.observe(lambda _c: self.open_seat(), "href")
        self.open_seat()

    # ------------------------------------------------------------ finding the table

    @property
    def query(self) -> str:
        return self.class_bar.query

    def wanted(self) -> int | None:
        """The table the link names (``table=N``), else None."""
        q = {k: v[-1] for k, v in parse_qs(self.query).items()}
        value = q.get("table", "")
        return int(value) if value.isdigit() and len(value) < 10 else None

    def open_seat(self) -> None:
        """Connect as the class's student and watch the table (again after a join, a reload of the token)."""
        link = self.class_bar.link
        if link.student is None:
            self._say("Join your class on the start page first: a table is played with your classmates.",
                      error=not self.class_bar.keep.loaded)
            return
        with self._lock:
            if self.client is None or self.client.closed:
                from chililab.classes import ClassError
                from chililab.classes.client import TableClient

                try:
                    self.client = (self._connect or TableClient.connect)(link.token)
                except ClassError as e:
                    self._say(f"{e}.", error=True)
                    return
                self.client.on_push(self._pushed)
        table = self.wanted()
        if table is None:
            table = self._my_table()
            if table is None:
                self._say("You have no seat at a table yet: open or join one on the start page.", error=True)
                return
        self.watch(table)

    def _my_table(self) -> int | None:
        try:
            tables = self.client.call("lobby")
        except Exception:  # noqa: BLE001 (said by open's caller as "no seat")
            return None
        mine = [t for t in tables if t["status"] in ("open", "playing") and any(s["you"] for s in t["sitting"])]
        return mine[0]["id"] if mine else None

    def watch(self, table: int) -> bool:
        from chililab.classes import ClassError

        try:
            p = self.client.call("watch", table=table, big=self.big.value)
        except ClassError as e:
            self._say(f"Not opened: {e}.", error=True)
            return False
        self.table = table
        self._say("")
        self._draw(p)
        return True

    def _here(self) -> None:
        """Each second the browser's clock ticks: tell the table this page is open (its kernel outlives it)."""
        if self.client is not None and self.table is not None and not self.client.closed:
            try:
                self.client.call("here", timeout=5)
            except Exception:  # noqa: BLE001,S110 (a missed beat: the next one comes in a second)
                pass

    # ------------------------------------------------------------ playing

    def _pushed(self, msg: dict) -> None:
        if msg.get("push") == "seat" and msg["seat"]["table"] == self.table:
            self._draw(msg["seat"])
        elif msg.get("push") == "gone":
            self._say(str(msg.get("message", "")), error=True)

    def _draw(self, p: dict) -> None:
        self.seat.show(p)
        self.start_button.layout.display = None if p["status"] == "open" and p["mine"] else "none"

    def move(self, move: dict, race: bool) -> None:
        from chililab.classes import ClassError
        from chililab.classes.client import TableRefused

        p = self.seat.payload
        if self.client is None or p is None:
            return
        try:
            self.client.call("move", table=self.table, step=p["next_step"], move=move, race=race)
        except TableRefused as e:
            if e.kind == "stale":
                self.seat.error("Too late: the table moved on before your move arrived. Look at the table again.")
            else:
                from chililab.control import learner_text
                from chililab.engine import registry

                self.seat.error(f"Refused: {learner_text(registry.get(p['game']), str(e))}", e.rule)
        except ClassError as e:
            self.seat.error(f"{e}")

    def start(self) -> None:
        from chililab.classes import ClassError

        try:
            self.client.call("start", table=self.table)
        except ClassError as e:
            self._say(f"Not started: {e}.", error=True)

    def _big(self, on: bool) -> None:
        if self.client is not None and self.table is not None:
            self.watch(self.table)

    def _say(self, text: str, error: bool = False) -> None:
        self.msg.value = (f'<div class="{"err" if error else "ok"}" role="status">{html.escape(text)}</div>'
                          if text else "")


def app(query: str | None = None) -> TablePage:
    return TablePage(query=query)
