"""The class's game tables on the start page: the tables of the class, a seat at one, a new table.

Shown once the page is in a class (:class:`~.classwork.ClassBar`). The list is read from the class store (it names
no card and no other student); joining and opening go through the table service (a new table's deal is made
there, never in a student's kernel). A seat taken, the page goes to ``table.ipynb?table=N``.
"""
from __future__ import annotations

import html

import ipywidgets as W

from chililab.engine import registry

from .parts import tagged

ANSWER_WORDS = {None: "no limit", 15: "15 seconds", 30: "30 seconds", 60: "1 minute", 120: "2 minutes",
                300: "5 minutes"}
#: the bots a table may have, in a student's words (the games' agent names are the engine's)
BOT_WORDS = {"random": "easy: any move allowed", "rules": "steady: plays by simple rules",
             "thumb": "steady: plays by rules of thumb", "threshold": "steady: stops at a safe heat",
             "exact": "strong: works out the odds", "search": "strong: plays many games on before each move"}
BOX = ("background:#fff8ee;border:2px solid #e85d04;border-radius:12px;padding:8px 16px;margin:8px 0")
CELL = 'style="padding:3px 12px 3px 0;text-align:left"'


def bot_words(name: str) -> str:
    """A bot's name as a student reads it.

    >>> bot_words("random"), bot_words("deep_search")
    ('easy: any move allowed', 'deep search')
    """
    return BOT_WORDS.get(name, name.replace("_", " "))


def table_rows_html(tables: list[dict]) -> str:
    """The class's tables as a list a student reads (no names: seats are "taken" or "yours")."""
    from chililab.classes.seatview import STATUS_WORDS

    live = [t for t in tables if t["status"] in ("open", "playing")]
    if not live:
        return '<span class="chili-muted">No table is open. Open one below, or wait for your teacher.</span>'
    rows = []
    for t in live:
        taken = sum(s["taken"] for s in t["sitting"])
        you = next((s["seat"] for s in t["sitting"] if s["you"]), None)
        title = registry.get(t["game"]).title if t["game"] in registry.names() else t["game"]
        where = (f'<a href="table.ipynb?table={t["id"]}">your seat: Player {you + 1}</a>' if you is not None
                 else ("" if t["status"] == "playing" else "free seats"))
        rows.append(f'<tr><th scope="row" {CELL}>Table {t["id"]}</th><td {CELL}>{html.escape(title)}</td>'
                    f'<td {CELL}>{taken} of {t["seats"]} seats taken</td>'
                    f'<td {CELL}>{html.escape(STATUS_WORDS[t["status"]])}</td><td {CELL}>{where}</td></tr>')
    head = "".join(f'<th scope="col" {CELL}>{h}</th>' for h in ("table", "game", "seats", "now", "you"))
    return (f'<table class="chili-lobby-list" style="border-collapse:collapse"><tr>{head}</tr>'
            + "".join(rows) + "</table>")


class Lobby(W.VBox):
    """The tables panel. ``bar``: the page's class strip (its link, its clock, its ``go``). Parts: ``listing``,
    ``join_box`` (a "Take a seat" button per table with a free seat: ``join_buttons``), ``game``, ``seats``,
    ``bots``, ``answer``, ``open_button``, ``msg``."""

    def __init__(self, bar, client_factory=None):
        super().__init__()
        self.bar = bar
        self._connect = client_factory
        self.client = None
        self._drawn: object = None
        self.listing = tagged(W.HTML(), "chili-lobby-tables")
        self.join_box = tagged(W.HBox(layout=W.Layout(flex_flow="row wrap")), "chili-lobby-join-box")
        self.join_buttons: list[W.Button] = []
        specs = [s for s in registry.specs() if s.dashboard]
        wide = {"description_width": "initial"}
        self.game = tagged(W.Dropdown(description="game", options=[(s.title, s.name) for s in specs], style=wide),
                           "chili-lobby-game")
        self.seats = tagged(W.Dropdown(description="seats", style=wide, layout=W.Layout(width="9em")),
                            "chili-lobby-seats")
        self.bots = tagged(W.Dropdown(description="bots", style=wide), "chili-lobby-bots")
        self.answer = tagged(W.Dropdown(description="time to answer", style=wide,
                                        options=[(w, k) for k, w in ANSWER_WORDS.items()], value=60),
                             "chili-lobby-answer")
        self.open_button = tagged(W.Button(description="Open a table", button_style="primary"), "chili-lobby-open")
        self.msg = tagged(W.HTML(), "chili-lobby-msg")
        self.game.observe(lambda _c: self._game_changed(), "value")
        self.open_button.on_click(lambda _b: self.open_table())
        self._game_changed()
        self.box = W.VBox([
            W.HTML('<h2 style="margin:4px 0;font-size:1.25em">Play your classmates</h2>'), self.listing,
            self.join_box,
            W.HTML("<b>Open a table</b>: your classmates take its seats; once you start it, bots play the seats "
                   "nobody took."),
            W.HBox([self.game, self.seats], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.bots, self.answer], layout=W.Layout(flex_flow="row wrap")), self.open_button, self.msg],
            layout=W.Layout(border="2px solid #e85d04", padding="6px 14px", margin="8px 0"))
        self.box.add_class("chili-lobby")
        bar.ticker.on_tick(self.refresh)
        bar.link.on_change(self.refresh)
        self.refresh()

    def _game_changed(self) -> None:
        spec = registry.get(self.game.value)
        low, high = spec.players
        self.seats.options = list(range(low, high + 1))
        self.seats.value = min(max(4, low), high)
        self.bots.options = [(bot_words(a), a) for a in spec.agent_names]
        self.bots.value = spec.bot

    def refresh(self) -> None:
        s = self.bar.link.student
        self.children = [self.box] if s is not None else []
        if s is None:
            return
        try:
            tables = self.bar.link.store.tables(s)
        except Exception:  # noqa: BLE001 (the class store out of reach: the class strip says it)
            return
        key = [(t["id"], t["status"], tuple(x["taken"] for x in t["sitting"])) for t in tables]
        if key == self._drawn:
            return
        self._drawn = key
        self.listing.value = table_rows_html(tables)
        joinable = [t for t in tables if t["status"] == "open" and not any(x["you"] for x in t["sitting"])
                    and not all(x["taken"] for x in t["sitting"]) and t["game"] in registry.names()]
        old = self.join_buttons
        self.join_buttons = []
        for t in joinable:
            b = W.Button(description=f"Take a seat at table {t['id']} ({registry.get(t['game']).title})",
                         layout=W.Layout(width="auto"), button_style="primary")
            b.add_class("chili-lobby-join")
            b.on_click(lambda _b, n=t["id"]: self.join(n))
            self.join_buttons.append(b)
        self.join_box.children = self.join_buttons
        for b in old:
            b.close()

    def _client(self):
        from chililab.classes.client import TableClient

        if self.client is None or self.client.closed:
            self.client = (self._connect or TableClient.connect)(self.bar.link.token)
        return self.client

    def join(self, table: int) -> int | None:
        from chililab.classes import ClassError

        try:
            self._client().call("join", table=int(table))
        except ClassError as e:
            self._say(f"Not seated: {e}.", error=True)
            return None
        self._go(table)
        return table

    def open_table(self) -> int | None:
        from chililab.classes import ClassError

        try:
            table = self._client().call("open", game=self.game.value, seats=self.seats.value, bots=self.bots.value,
                                        answer_secs=self.answer.value)
        except ClassError as e:
            self._say(f"Not opened: {e}.", error=True)
            return None
        self._go(table)
        return table

    def _go(self, table: int) -> None:
        self._say(f'You sit at table {table}: <a href="table.ipynb?table={table}">go to your seat</a>.', raw=True)
        self._drawn = None
        self.refresh()
        self.bar.ticker.go(f"table.ipynb?table={table}")

    def _say(self, text: str, error: bool = False, raw: bool = False) -> None:
        body = text if raw else html.escape(text)
        self.msg.value = f'<div class="{"err" if error else "ok"}" role="status">{body}</div>' if text else ""
