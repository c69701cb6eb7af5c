"""Step through a game in a notebook or a Voila dashboard.

:class:`Stepper` shows the table as one seat sees it (or the teacher, who sees
everything), the decision in words, the legal moves of the viewer's seat as
buttons, an event log whose every line cites its rule clauses, and time travel
(back, forward, a slider over the whole history, play to the end).

Hidden information: in a player's seat nothing synced to the browser carries
another player's hidden card. The table is drawn from ``game.view(seat)``, the
log from ``game.events(viewer=seat)``, the move buttons are the seat's own, and
the record box (which reveals every card) and the seed (which fixes the deal)
are shown only in the teacher's seat.

Every part carries a stable CSS class (``chili-table``, ``chili-move`` ...) so
browser tests and dashboards can select it. Who plays what, the bots and the
lesson script live in :class:`chililab.control.Controller` (no widgets); the
table picture is the game's registered "table" picture.
"""
from __future__ import annotations

import html

import ipywidgets as W
import traitlets

from chililab.control import Controller

from .clauses import clause_text

TEACHER = -1  # the seat switcher's value for the teacher's view (seat None)
MAX_LOG_LINES = 80


def _close(widgets):
    """Close replaced widgets (and their own style models) so they leave the kernel and the page."""
    for w in widgets:
        style = getattr(w, "style", None)
        w.close()
        if style is not None:
            style.close()


def _esc(s) -> str:
    return html.escape(str(s), quote=True)


#: one style block per HTML part (inline styles on every log line would multiply the payload)
STYLE = ("<style>.chili-rule{display:inline-block;vertical-align:top;margin:0 4px}"
         ".chili-rule>summary{cursor:pointer;color:#8a3b12;font-family:monospace}"
         ".chili-rule>div{max-width:520px;white-space:normal;background:#fff8ee;border:1px solid #e5c9a8;"
         "padding:4px 6px;font-size:90%}"
         ".chili-ev{padding:1px 4px;border-bottom:1px solid #f0f0f0}</style>")


def rules_html(rules) -> str:
    """Rule IDs as ``<details>`` elements: the ID, and its clause text on demand (needs :data:`STYLE`)."""
    out = []
    for r in rules:
        text = clause_text(r)
        if text:
            out.append(f'<details class="chili-rule"><summary>{_esc(r)}</summary><div>{_esc(text)}</div></details>')
        else:
            out.append(f'<span class="chili-rule">{_esc(r)}</span>')
    return "".join(out)


# ------------------------------------------------------------------ the stepper

class Stepper(W.VBox):
    """Step through a game: table picture, decision, legal moves as buttons, log, time travel.

    ``game``: a game session (e.g. ``loco.new_game(...)``); ``seat``: the
    viewer (None = the teacher, who sees everything and may move for every
    deciding seat); ``bots``: seats played by bots (default: every seat but
    the viewer's); ``agent``: the bot (a name of one of the game's agents, or an
    object with ``choose(view, legal_moves, rng)``; default: the game's usual
    bot); ``lessons``: a list of the game's lessons (``GameSpec.lessons``) for a menu;
    ``seats``: the viewers the seat switcher offers (default: the teacher and
    every seat; a dashboard for students can pass e.g. ``seats=[1]``);
    ``auto``: after a human move, bots play on until a human must decide.
    """

    version = traitlets.Int(0)  # not synced: bumps after every change (FlowView observes it)

    def __init__(self, game=None, seat=None, bots=None, agent=None, lessons=None, lesson=None, seats=None,
                 auto=False, bot_seed=None, table_width=900):
        super().__init__()
        self.add_class("chili-stepper")
        if game is None and not lessons and lesson is None:
            raise ValueError("give a game, a lesson=, or lessons= to start from the first lesson")
        self.lessons = list(lessons or [])
        self._agent, self._bot_seed = agent, bot_seed
        self.ctl: Controller | None = None
        self.table_width = table_width
        self._callbacks = []
        self._busy = False
        self._allowed = None if seats is None else [TEACHER if s is None else s for s in seats]

        self.w_lessons = W.Dropdown(description="Lesson", layout=W.Layout(width="460px"))
        self.w_lessons.add_class("chili-lessons")
        self.w_lesson = W.HTML()
        self.w_lesson.add_class("chili-lesson")
        self.w_seat = W.Dropdown(description="Seat", layout=W.Layout(width="240px"))
        self.w_seat.add_class("chili-seat")
        self.w_bots = W.HBox()
        self.w_bots.add_class("chili-bots")
        self.w_bots_label = W.HTML('<span style="margin-right:6px">bots:</span>')
        self._bot_layout = W.Layout(width="80px")
        self._move_layout = W.Layout(width="auto", margin="2px")
        self._move_buttons = []
        self.w_auto = W.Checkbox(value=bool(auto), description="bots reply at once", indent=False,
                                 layout=W.Layout(width="170px"))
        self.w_auto.add_class("chili-auto")
        self.w_seed = W.HTML()
        self.w_seed.add_class("chili-seed")
        self.w_table = W.HTML()
        self.w_table.add_class("chili-table")
        self.w_decision = W.HTML()
        self.w_decision.add_class("chili-decision")
        self.w_moves = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.w_moves.add_class("chili-moves")
        self.w_back = W.Button(description="\u25c0 back", tooltip="step back", layout=W.Layout(width="90px"))
        self.w_back.add_class("chili-back")
        self.w_forward = W.Button(description="forward \u25b6", tooltip="let the bots make the next decision",
                                  layout=W.Layout(width="100px"))
        self.w_forward.add_class("chili-forward")
        self.w_slider = W.IntSlider(min=0, max=0, value=0, description="step", continuous_update=False,
                                    layout=W.Layout(width="420px"))
        self.w_slider.add_class("chili-slider")
        self.w_end = W.Button(description="play to end", tooltip="bots play every seat to the end",
                              layout=W.Layout(width="120px"))
        self.w_end.add_class("chili-play-end")
        self.w_status = W.HTML()
        self.w_status.add_class("chili-status")
        self.w_error = W.HTML()
        self.w_error.add_class("chili-error")
        self.w_log = W.HTML(layout=W.Layout(max_height="320px", overflow="auto", border="1px solid #ddd"))
        self.w_log.add_class("chili-log")
        self.w_record = W.Textarea(description="copy this game", layout=W.Layout(width="100%", height="70px"),
                                   style={"description_width": "110px"})
        self.w_record.add_class("chili-record")
        self.w_load = W.Textarea(description="load a game", placeholder="paste a saved game (its JSON record) here",
                                 layout=W.Layout(width="100%", height="70px"), style={"description_width": "110px"})
        self.w_load.add_class("chili-load")
        self.w_load_button = W.Button(description="load", tooltip="load the pasted game")
        self.w_load_button.add_class("chili-load-button")

        self.w_back.on_click(lambda _: self.back())
        self.w_forward.on_click(lambda _: self.forward())
        self.w_end.on_click(lambda _: self.play_to_end())
        self.w_load_button.on_click(lambda _: self.load_text(self.w_load.value))
        self.w_slider.observe(self._on_slider, "value")
        self.w_seat.observe(self._on_seat, "value")
        self.w_lessons.observe(self._on_lesson, "value")

        top = [self.w_seat, self.w_auto, self.w_seed]
        if self.lessons:
            self._busy = True
            try:
                self.w_lessons.options = [(f"{i + 1}. {le.section}: {le.title}", le.key)
                                          for i, le in enumerate(self.lessons)]
            finally:
                self._busy = False
        self.children = ([W.HBox([self.w_lessons])] if self.lessons else []) + [self.w_lesson,
            W.HBox(top), self.w_bots, self.w_table, self.w_decision, self.w_moves,
            W.HBox([self.w_back, self.w_forward, self.w_slider, self.w_end], layout=W.Layout(align_items="center")),
            self.w_status, self.w_error,
            self.w_log, self.w_record, W.HBox([self.w_load, self.w_load_button], layout=W.Layout(width="100%")),
        ]
        if game is not None:
            self.load_game(game, seat=seat, bots=bots)
        else:
            self.load_lesson(lesson if lesson is not None else self.lessons[0])

    # -------------------------------------------------------------- public API

    @property
    def game(self):
        return self.ctl.game

    @property
    def agent(self):
        return self.ctl.agent

    @property
    def seat(self):
        """The viewer: a seat number, or None for the teacher."""
        return self.ctl.seat

    @seat.setter
    def seat(self, seat):
        self.set_seat(seat)

    @property
    def bots(self) -> set:
        return set(self.ctl.bots)

    @bots.setter
    def bots(self, seats):
        self.ctl.bots = set(seats)
        self._build_bot_toggles()
        self.refresh()

    def on_change(self, callback):
        """Call ``callback(stepper)`` after every change (a move, time travel, a new game or seat)."""
        self._callbacks.append(callback)

    def load_game(self, game, seat=None, bots=None, lesson=None):
        """Show another game (e.g. a lesson's position); the seat switcher follows ``seat``."""
        if self.ctl is None:
            self.ctl = Controller(game, seat=seat, bots=bots, agent=self._agent, lesson=lesson,
                                  bot_seed=self._bot_seed)
        else:
            self.ctl.load_game(game, seat=seat, bots=bots, lesson=lesson)
        self._after_load()

    def _after_load(self):
        seat = self.ctl.seat
        opts = [("Teacher (everything)", TEACHER)] + [(f"P{s}", s) for s in range(self._players())]
        if self._allowed is not None:
            opts = [o for o in opts if o[1] in self._allowed]
        self._busy = True
        try:
            self.w_seat.options = opts
            self.w_seat.value = TEACHER if seat is None else seat
            if seat is not None and self.w_seat.value != seat:
                raise ValueError(f"seat {seat} is not offered by this stepper")
        finally:
            self._busy = False
        self._build_bot_toggles()
        self._lesson_html()
        self.w_error.value = ""
        self.w_status.value = ""
        self.refresh()

    def _players(self) -> int:
        return self.game.view(None).players

    def load_lesson(self, lesson):
        """Start a lesson (or its key): its prepared position, in the learner's seat; bots follow its script."""
        if isinstance(lesson, str):
            lesson = next((le for le in self.lessons if le.key == lesson), None) or self.ctl.spec.lesson(lesson)
        if self.ctl is None:
            self.load_game(lesson.build(), seat=lesson.seat, lesson=lesson)
        else:
            self.ctl.load_lesson(lesson)
            self._after_load()
        if self.lessons and lesson.key in [o[1] for o in self.w_lessons.options] and self.w_lessons.value != lesson.key:
            self._busy = True
            try:
                self.w_lessons.value = lesson.key
            finally:
                self._busy = False

    def set_seat(self, seat):
        """Look from another seat (None = teacher). Bots: every seat but the new viewer."""
        self.ctl.set_seat(seat)
        self._busy = True
        try:
            self.w_seat.value = TEACHER if seat is None else seat
        finally:
            self._busy = False
        self._build_bot_toggles()
        self.w_error.value = ""
        self.refresh()

    def click(self, move):
        """Apply a move as if its button was clicked (a human's move)."""
        self._act(lambda: self.ctl.click(move, auto=self.w_auto.value))

    def back(self):
        """Undo to the picture before the last action (a click, forward, play to end)."""
        self._act(self.ctl.back)

    def forward(self):
        """Redo the next recorded action, or let the bots make the next decision."""
        self._act(self.ctl.forward)

    def goto(self, step: int):
        self._act(lambda: self.ctl.goto(step))

    def play_to_end(self):
        """Bots play every seat until the game ends (recorded history is replayed first)."""
        self._act(self.ctl.play_to_end)

    def load_text(self, text: str):
        """Load a saved game (record JSON). Invalid input: a readable message, the game unchanged."""
        try:
            said = self.ctl.load_text(text)
        except Exception as e:  # noqa: BLE001 - any bad input must become a message, never a traceback
            self._error(f"Could not load this game: {e}")
            return
        self._after_load()
        self.w_load.value = ""
        self._say(said)

    def refresh(self):
        """Redraw every part from the game and the viewer's seat."""
        g = self.game
        seat = self.seat
        view = g.view(seat)
        self.w_table.value = self.ctl.spec.picture("table")(view, width=self.table_width)
        self.w_decision.value = self._decision_html(view)
        self._build_moves()
        self._busy = True
        try:
            # a player's slider moves over public steps only: hidden answers (a secret jump-in
            # poll) would otherwise show up as extra steps
            self._positions = list(range(g.history_length + 1)) if seat is None else g.public_steps()
            pos = self._positions
            self.w_slider.max = max(len(pos) - 1, 1)
            self.w_slider.value = max(i for i, k in enumerate(pos) if k <= g.step)
            self.w_slider.disabled = len(pos) <= 1
        finally:
            self._busy = False
        self.w_back.disabled = g.step == 0
        self.w_log.value = self._log_html()
        teacher = seat is None
        self.w_record.value = g.to_json() if teacher else ""
        self.w_record.layout.display = None if teacher else "none"
        self.w_seed.value = (f'<span style="margin-left:12px">seed <code>{_esc(g.seed)}</code></span>' if teacher
                             else '<span style="margin-left:12px;color:#777">seed: teacher only</span>')
        self.version += 1
        for cb in list(self._callbacks):
            cb(self)

    def close(self):
        """Close the stepper and every widget it made (they leave the kernel and the page)."""
        parts = [v for v in vars(self).values() if isinstance(v, W.Widget)]
        parts += list(self.w_moves.children) + list(self.w_bots.children)
        for w in parts:
            for sub in (w, getattr(w, "style", None)):
                if isinstance(sub, W.Widget):
                    sub.close()
        for box in self.children:
            if isinstance(box, W.Box):
                box.close()
        super().close()

    # -------------------------------------------------------------- internals

    def _say(self, text):
        self.w_status.value = f'<div style="color:#333">{_esc(text)}</div>'

    def _error(self, text):
        self.w_error.value = (f'<div style="color:#a4161a;background:#fff0f0;border:1px solid #e0a0a0;'
                              f'padding:4px 8px">{_esc(text)}</div>')

    def _act(self, fn):
        """Run a controller action; its sentence goes to the status line, a refusal to the error line; redraw."""
        from chililab.engine.errors import ChililabError

        self.w_error.value = ""
        self.w_status.value = ""
        try:
            said = fn()
        except (ChililabError, ValueError) as e:
            self._error(str(e))
        else:
            if said:
                self._say(said)
        self.refresh()

    def _on_slider(self, change):
        if self._busy:
            return
        pos = getattr(self, "_positions", None) or [0]
        self.goto(pos[min(max(int(change["new"]), 0), len(pos) - 1)])

    def _on_seat(self, change):
        if self._busy:
            return
        v = change["new"]
        self.set_seat(None if v == TEACHER else v)

    def _on_lesson(self, change):
        if self._busy or change["new"] is None:
            return
        self.load_lesson(change["new"])

    def _build_bot_toggles(self):
        toggles = []
        for s in range(self._players()):
            t = W.ToggleButton(value=s in self.ctl.bots, description=f"P{s} bot", tooltip=f"P{s} is played by a bot",
                               layout=self._bot_layout)
            t.add_class("chili-bot")
            t.observe(lambda ch, s=s: self._toggle_bot(s, ch["new"]), "value")
            toggles.append(t)
        old = self.w_bots.children
        self.w_bots.children = [self.w_bots_label] + toggles
        _close(old[1:])

    def _toggle_bot(self, seat, on):
        if on:
            self.ctl.bots.add(seat)
        else:
            self.ctl.bots.discard(seat)
        self.refresh()

    def _build_moves(self):
        buttons = []
        for m in self.ctl.moves():
            b = W.Button(description=str(m), layout=self._move_layout)
            b.add_class("chili-move")
            b.on_click(lambda _, m=m: self.click(m))
            buttons.append(b)
        old = self.w_moves.children
        self.w_moves.children = buttons
        self._move_buttons = buttons
        _close(old)

    @property
    def move_buttons(self):
        """The move buttons shown now (a test can ``.click()`` them)."""
        return list(self._move_buttons)

    def _decision_html(self, view):
        g = self.game
        if g.over:
            return f'<div style="font-size:115%;color:#1f7a1f"><b>Game over:</b> {_esc(g.result)}</div>'
        seat = self.seat
        d = g.decision if seat is None else view.decision
        if d is None:
            return ""
        who = []
        for s in d.players:
            tag = "bot" if s in self.ctl.bots else ("you" if s == seat else "human")
            secret = seat is None and d.public is not None and s not in d.public
            who.append(f"P{s} ({tag}{', asked in secret' if secret else ''})")
        mine = seat is not None and seat in d.players
        head = "<b>Your move.</b> " if mine else ""
        return (f'<div style="font-size:110%">{head}{_esc(d.prompt)}</div>'
                f'<div style="color:#555">waiting for: {", ".join(who) or "nobody"} &middot; phase {_esc(d.phase)}'
                f' &middot; step {g.step}</div>')

    def _log_html(self):
        g = self.game
        seat = self.seat
        lines = []
        for step in range(g.step, -1, -1):
            for e in reversed(g.events(step=step, viewer=seat)):
                lines.append(f'<div class="chili-ev">{_esc(e.text)} {rules_html(e.rules)}</div>')
                if len(lines) >= MAX_LOG_LINES:
                    break
            if len(lines) >= MAX_LOG_LINES:
                lines.append('<div style="color:#777">... earlier lines not shown</div>')
                break
        return STYLE + '<div style="font-size:90%">' + "".join(lines) + "</div>"

    def _lesson_html(self):
        le = self.ctl.lesson
        if le is None:
            self.w_lesson.value = ""
            return
        self.w_lesson.value = STYLE + (
            f'<div style="border-left:4px solid #d62828;padding:4px 10px;margin:4px 0;background:#fffaf3">'
            f'<div style="font-size:120%"><b>{_esc(le.title)}</b> <span style="color:#777">({_esc(le.section)}; '
            f'you are P{le.seat})</span></div><div>{_esc(le.text)}</div>'
            f'<div>rules: {rules_html(le.rules)}</div>'
            f'<details class="chili-hint"><summary style="cursor:pointer">Hint</summary>{_esc(le.hint)}</details>'
            f'</div>')
