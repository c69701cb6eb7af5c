"""A student's seat at a table shared with classmates: what the table service says that seat sees, drawn.

:class:`SeatView` draws a seat payload (:func:`chililab.classes.seatview.seat_payload`: plain data, made where the
whole game is) with the stepper's parts and words: the table picture, whose move it is, the seat's move buttons
in the game's groups, the log with each line's rules one click away ("why?"), the table's notes (who left, came
back, a pause), and a live region for a screen reader. It holds no game, so nothing in this kernel can name
another seat's hidden card. A click calls ``on_move(move, race)`` with the move's record form.
"""
from __future__ import annotations

import html
import threading
from collections.abc import Callable

import ipywidgets as W

from .live import LiveRegion
from .stepper import STYLE, _close, _sentence, group_title_html, rules_html, scores_html

MAX_LOG = 80


def _esc(s) -> str:
    return html.escape(str(s), quote=True)


class SeatView(W.VBox):
    """The seat's parts (CSS classes as the stepper's, so a keyboard and the browser tests find them the same way):
    ``w_seats`` (who sits where), ``w_table``, ``w_decision``, ``w_moves``, ``w_error``, ``w_log``, ``w_live``.
    ``show(payload)`` draws a payload (from any thread: drawing is locked); ``error(text, rule)`` says a refusal."""

    def __init__(self, on_move: Callable[[dict, bool], None] | None = None):
        super().__init__()
        self.add_class("chili-stepper")
        self.add_class("chili-seatview")
        self.on_move = on_move
        self.payload: dict | None = None
        self._lock = threading.RLock()
        self.w_seats = W.HTML()
        self.w_seats.add_class("chili-seats")
        self.w_table = W.HTML()
        self.w_table.add_class("chili-table")
        self.w_decision = W.HTML()
        self.w_decision.add_class("chili-decision")
        self.w_moves = W.VBox()
        self.w_moves.add_class("chili-moves")
        self.w_error = W.HTML()
        self.w_error.add_class("chili-error")
        self.w_live = LiveRegion()
        self.w_live.add_class("chili-announce")
        self.w_log = W.HTML(layout=W.Layout(max_height="320px", overflow="auto", border="1px solid #ddd"))
        self.w_log.add_class("chili-log")
        self._buttons: list[W.Button] = []
        self._button_moves: list[dict] = []
        self._said_step: int | None = None
        self._drawn_moves: tuple | None = None
        controls = W.VBox([self.w_live, self.w_decision, self.w_moves, self.w_error],
                          layout=W.Layout(flex="1 1 320px", min_width="0"))
        controls.add_class("chili-controls")
        play = W.HBox([self.w_table, controls], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        play.add_class("chili-play")
        self.children = [self.w_seats, play, self.w_log]

    @property
    def move_buttons(self) -> list[W.Button]:
        return list(self._buttons)

    def show(self, p: dict) -> None:
        with self._lock:
            old = self.payload
            self.payload = p
            if old is None or old.get("step") != p["step"]:
                self.w_error.value = ""
            self.w_seats.value = self._seats_html(p)
            if old is None or old.get("picture") != p["picture"]:
                self.w_table.value = p["picture"]
            self.w_decision.value = self._decision_html(p)
            self._build_moves(p)
            self.w_log.value = self._log_html(p)
            self._announce(old, p)

    def error(self, text: str, rule: str | None = None) -> None:
        with self._lock:
            self.w_error.value = ((STYLE if rule else "") + '<div style="color:#a4161a;background:#fff0f0;border:1px '
                                  f'solid #e0a0a0;padding:4px 8px" role="alert">{_esc(text)} '
                                  f'{rules_html([rule]) if rule else ""}</div>')

    # ------------------------------------------------------------ parts

    @staticmethod
    def _seats_html(p: dict) -> str:
        seats = " &middot; ".join(f'{_esc(s["name"])}: <b>{_esc(s["who"])}</b>' for s in p["seats"])
        state = "paused by your teacher" if p["paused"] and p["status"] == "playing" else p["status_words"]
        return (f'<div class="chili-seat-line" style="font-size:1.1em">Table {p["table"]} &middot; '
                f'{_esc(p["title"])} &middot; {_esc(state)}'
                + (f' &middot; you are <b>{_esc(p["seat_name"])}</b>' if p["seat_name"] else "")
                + f'</div><div class="chili-muted">{seats}</div>')

    @staticmethod
    def _decision_html(p: dict) -> str:
        if p["result"] is not None:
            return STYLE + ('<div class="chili-game-over" style="font-size:115%;color:#1f7a1f"><b>Game over.</b> '
                            f'{scores_html(p["result"]["sentence"], [tuple(r) for r in p["result"]["rows"]])}</div>')
        if p["status"] == "open":
            return '<div style="font-size:110%">Waiting for classmates to take the free seats.</div>'
        if p["status"] == "closed":
            return '<div style="font-size:110%">This table was ended before the game was over.</div>'
        if p["paused"]:
            return '<div style="font-size:110%"><b>Paused.</b> Your teacher has paused this table.</div>'
        if not p["prompt"]:
            return ""
        names = {s["seat"]: f'{s["name"]} ({s["who"]})' for s in p["seats"]}
        waiting = ", ".join(names.get(k, "?") for k in p["deciding"] if k != p["seat"])
        head = "<b>Your move.</b> " if p["yours"] else ""
        tail = (f' &middot; also asked: {_esc(waiting)}' if p["yours"] and waiting
                else "" if p["yours"] else f' &middot; waiting for {_esc(waiting or "the table")}')
        return (f'<div style="font-size:110%">{head}{_esc(p["prompt"])}</div>'
                f'<div class="chili-now" style="color:#555">Now: {_esc(p["phase"])}{tail}</div>')

    def _build_moves(self, p: dict) -> None:
        key = (p["step"], p["yours"], tuple(m["label"] for g in p["moves"] for m in g["moves"]))
        if key == self._drawn_moves:
            return
        self._drawn_moves = key
        buttons, moves, rows = [], [], []
        for g in p["moves"] if p["yours"] and not p["paused"] else []:
            row: list = []
            labels = []
            if g["title"]:
                label = W.HTML(group_title_html(g["title"]))
                label.add_class("chili-group")
                labels.append(label)
            for m in g["moves"]:
                b = W.Button(description=m["label"], layout=W.Layout(width="auto", margin="2px"))
                b.add_class("chili-move")
                b.on_click(lambda _b, m=m["move"]: self.click(m))
                buttons.append(b)
                moves.append(m["move"])
                row.append(b)
            if g["rule"]:
                note = W.HTML(STYLE + f'<span class="chili-muted">allowed, but changes nothing now '
                              f'{rules_html([g["rule"]])}</span>')
                row.append(note)
            wrap = W.HBox(row, layout=W.Layout(flex_flow="row wrap", align_items="center", flex="1 1 auto"))
            wrap.add_class("chili-move-wrap")
            box = W.HBox(labels + [wrap], layout=W.Layout(align_items="flex-start"))
            box.add_class("chili-move-row")
            rows.append(box)
        old = list(self.w_moves.children)
        self.w_moves.children = rows
        self._buttons, self._button_moves = buttons, moves
        todo = old
        while todo:
            w = todo.pop()
            todo += list(getattr(w, "children", ()))
            _close([w])

    def click(self, move: dict) -> None:
        p = self.payload
        if self.on_move is not None and p is not None:
            self.on_move(move, bool(p.get("race")))

    @staticmethod
    def _log_html(p: dict) -> str:
        lines = [(n["step"], 1, f'<div class="chili-ev chili-note"><i>{_esc(n["text"])}</i></div>')
                 for n in p["notes"]]
        lines += [(e["step"], 0, f'<div class="chili-ev">{_esc(e["text"])} {rules_html(e["rules"])}</div>')
                  for e in p["log"]]
        lines.sort(key=lambda x: (x[0], x[1]))
        body = "".join(h for _, _, h in reversed(lines[-MAX_LOG:]))
        return STYLE + '<div style="font-size:90%">' + body + "</div>"

    def _announce(self, old: dict | None, p: dict) -> None:
        """Say the seat's new log lines and whose move it is (a screen reader; the focus goes back to the moves)."""
        start = old["step"] if old is not None and old.get("table") == p["table"] else -1
        lines = [_sentence(e["text"]) for e in p["log"] if e["step"] > start][-8:]
        if p["result"] is not None:
            lines.append("Game over. " + _sentence(p["result"]["sentence"]))
        elif p["yours"] and not p["paused"]:
            lines.append(f"Your move. {_sentence(p['prompt'])}")
        if p["step"] == self._said_step and old is not None and old.get("yours") == p["yours"]:
            return
        self._said_step = p["step"]
        self.w_live.goto = "chili-move" if self._buttons else "chili-decision"
        self.w_live.say(" ".join(lines))
