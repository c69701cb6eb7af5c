"""Step through a game in a notebook or a Voila dashboard.

:class:`Stepper` shows the table as one seat sees it (or the teacher, who sees
everything), the decision in words, the legal moves of the viewer's seat as
buttons, an event log whose every line cites its rule clauses (their words and IDs one click away, behind
"why?"), and time travel (back, forward, a slider over the whole history, play to the end). Everything it
shows is in a learner's words (:mod:`chililab.engine.words`): "Player 1" for seat 0, phases by their names,
a finished game as a sentence with its scores.

Hidden information: in a player's seat nothing synced to the browser carries
another player's hidden card. The table is drawn from ``game.view(seat)``, the
log from ``game.events(viewer=seat)``, the move buttons are the seat's own, and
the record box (which reveals every card) and the seed (which fixes the deal)
are shown only in the teacher's seat.

A keyboard and a screen reader can play (issue 22): after every step a live region (``chili-announce``,
:mod:`chililab.widgets.live`) says the seat's new log lines and whose move it is, and when the move buttons are
rebuilt the focus goes back to them (or to "next lesson", "forward", the line that says "Game over").

Every part carries a stable CSS class (``chili-table``, ``chili-move`` ...) so
browser tests and dashboards can select it. Who plays what, the bots and the
lesson script live in :class:`chililab.control.Controller` (no widgets); the
table picture is the game's registered "table" picture.
"""
from __future__ import annotations

import html
import inspect

import ipywidgets as W
import traitlets

from chililab.control import Controller
from chililab.engine.words import phase_label, seat_name

from .clauses import clause_text
from .coach import CoachPanel
from .live import LiveRegion

TEACHER = -1  # the seat switcher's value for the teacher's view (seat None)
MAX_LOG_LINES = 80
MAX_LIVE_LINES = 10  #: the live region reads at most this many new log lines: the first two and the newest
WIDE_TITLE = 24  #: a move group's title longer than this goes above its buttons (e.g. a dish and what it does)

#: a copy button: the browser copies the text field in the same ``.chili-copy-box`` (no kernel round trip)
COPY_JS = ("const t=this.closest('.chili-copy-box').querySelector('textarea,input');t.select();"
           "(navigator.clipboard?navigator.clipboard.writeText(t.value):Promise.reject())"
           ".then(()=>{this.textContent='copied \u2713'},()=>{document.execCommand('copy');"
           "this.textContent='copied \u2713'});setTimeout(()=>{this.textContent='copy'},2500)")
COPY_BUTTON = f'<button class="chili-copy" type="button" onclick="{html.escape(COPY_JS, quote=True)}">copy</button>'
#: "Skip to your moves" (a game page's first stop of Tab, seen when focused): the focus goes to the first move
#: button of the page's stepper, else to its decision line (the game is over)
SKIP_JS = ("const r=this.closest('.chili-dash')||document;"
           "const t=r.querySelector('.chili-stepper button.chili-move:not([disabled])')"
           "||r.querySelector('.chili-stepper .chili-decision');"
           "if(t){if(!t.matches('button'))t.tabIndex=-1;t.focus()}")
SKIP_BUTTON = (f'<button class="chili-skip" type="button" onclick="{html.escape(SKIP_JS, quote=True)}">'
               'Skip to your moves</button>')


def _close(widgets):
    """Close replaced widgets (and their own style models) so they leave the kernel and the page."""
    for w in widgets:
        style = getattr(w, "style", None)
        w.close()
        if style is not None:
            style.close()


def _esc(s) -> str:
    return html.escape(str(s), quote=True)


def _sentence(text) -> str:
    """``text`` ending as a sentence does (a full stop unless it ends with one, a colon or a question mark).

    >>> _sentence("Player 2 lays green Hot Sauce"), _sentence("Done!")
    ('Player 2 lays green Hot Sauce.', 'Done!')
    """
    text = str(text).strip()
    return text if not text or text[-1] in ".!?:…" else text + "."


#: one style block per HTML part (inline styles on every log line would multiply the payload)
STYLE = ("<style>.chili-why{display:inline-block;vertical-align:top;margin:0 4px}"
         ".chili-why>summary{cursor:pointer;color:#8a3b12;font-size:85%}"
         ".chili-why>div{max-width:520px;white-space:normal;background:#fff8ee;border:1px solid #e5c9a8;"
         "padding:4px 6px;font-size:90%;font-weight:normal}"
         ".chili-why .chili-rule+.chili-rule{margin-top:4px}"
         ".chili-rule-id{color:#8a3b12;font-family:monospace;font-size:85%;margin-left:4px}"
         ".chili-ev{padding:1px 4px;border-bottom:1px solid #f0f0f0}"
         ".chili-ev.chili-ev-key{background:#fff1b8;border-left:4px solid #e85d04;font-weight:600}"
         ".chili-scores{border-collapse:collapse;margin:4px 0}.chili-scores td{padding:1px 10px 1px 0}"
         ".chili-scores tr.chili-won{font-weight:bold;color:#1f7a1f}</style>")


def rules_html(rules, label: str = "why?") -> str:
    """The rules behind a line, one click away: a ``<details>`` whose summary says ``label`` and whose body
    holds each rule's words from the rulebook with its ID beside them, small (needs :data:`STYLE`)."""
    if not rules:
        return ""
    body = "".join(f'<div class="chili-rule">{_esc(clause_text(r) or "")}<span class="chili-rule-id">{_esc(r)}'
                   f'</span></div>' for r in rules)
    return f'<details class="chili-why"><summary>{_esc(label)}</summary><div>{body}</div></details>'


def scores_html(sentence: str, rows) -> str:
    """A finished game: its sentence, and the scores table (highest first, the winners in bold) when it has one."""
    won_row = ' class="chili-won"'
    table = "".join(f'<tr{won_row if won else ""}><td>{_esc(name)}</td><td>{_esc(score)}</td></tr>'
                    for name, score, won in rows)
    return (f'<div class="chili-result-words">{_esc(sentence)}</div>'
            + (f'<table class="chili-scores"><tr><th>player</th><th>points</th></tr>{table}</table>' if rows else ""))


# ------------------------------------------------------------------ the stepper

def group_title_html(title: str) -> str:
    """A move group's title; a rule ID after " · " is the title's tooltip, with the rule's words.

    >>> group_title_html("serve \u00b7 GAME-SERVE-1")
    '<span class="chili-group-title" title="rule GAME-SERVE-1">serve</span>'
    >>> group_title_html("lay")
    '<span class="chili-group-title">lay</span>'
    """
    name, _, rule = title.partition(" \u00b7 ")
    words = clause_text(rule) if rule else None
    tip = f' title="{_esc(f"{words} (rule {rule})" if words else f"rule {rule}")}"' if rule else ""
    return f'<span class="chili-group-title"{tip}>{_esc(name)}</span>'


class Stepper(W.VBox):
    """Step through a game: table picture, decision, legal moves as buttons, log, time travel.

    ``game``: a game session (e.g. ``registry.get(name).new_game(...)``); ``seat``: the
    viewer (None = the teacher, who sees everything and may move for every
    deciding seat); ``bots``: seats played by bots (default: every seat but
    the viewer's); ``agent``: the bot (a name of one of the game's agents, or an
    object with ``choose(view, legal_moves, rng)``; default: the game's usual
    bot); ``lessons``: a list of the game's lessons (``GameSpec.lessons``) for a menu;
    ``seats``: the viewers the seat switcher offers (default: the teacher and
    every seat; a dashboard for students can pass e.g. ``seats=[1]``);
    ``auto`` (default on, as on the dashboards): after a human move, bots play on
    until a human must decide, so a learner sees the next decision rather than a
    silent "waiting for" a bot; ``auto=False`` steps the bots one click at a time.

    The seat switcher is the one seat control: choosing "Player 2" plays seat 1 and
    shows its cards; choosing the teacher shows every hand while the seat you
    played stays yours (the bots wait for it). The bot buttons are the teacher's view's (a player's seat plays
    against bots and has none): released, the teacher clicks that seat's moves; pressed while the seat is asked,
    its bot answers at once (with "bots reply at once"), so the game never waits. In a lesson, once its script has
    been played, the stepper says "Done" with what happened, highlights that
    log line and the table, offers "next lesson" and "try again", and the bots
    stop there; a refused move shows the engine's reason, its clause and the
    lesson's hint. Move buttons come one per distinct move, in the game's
    groups (``GameSpec.move_group``), and the record box has a copy button.
    """

    version = traitlets.Int(0)  # not synced: bumps after every change (FlowView observes it)

    def __init__(self, game=None, seat=None, bots=None, agent=None, lessons=None, lesson=None, seats=None,
                 auto=True, bot_seed=None, table_width=900):
        super().__init__()
        self.add_class("chili-stepper")
        if game is None and not lessons and lesson is None:
            raise ValueError("give a game, a lesson=, or lessons= to start from the first lesson")
        self.lessons = list(lessons or [])
        self._agent, self._bot_seed = agent, bot_seed
        self._ctl: Controller | None = None  # made by the first load_game, which __init__ calls
        self.table_width = table_width
        self.big = False  #: projector mode (set_big): the table drawn for a big screen, by a picture that can
        self._callbacks = []
        self._busy = False
        self._allowed = None if seats is None else [TEACHER if s is None else s for s in seats]
        self._players_only = False  # players_only(): no teacher's view (a student in a class)

        self.w_lessons = W.Dropdown(description="Lesson", layout=W.Layout(width="460px"))
        self.w_lessons.add_class("chili-lessons")
        self.w_lesson = W.HTML()
        self.w_lesson.add_class("chili-lesson")
        self.w_seat = W.Dropdown(description="Seat", layout=W.Layout(width="auto", min_width="300px"))
        self.w_seat.add_class("chili-seat")
        self.w_bots = W.HBox()
        self.w_bots.add_class("chili-bots")
        #: what the bot buttons do (the teacher's view), or why a player's seat has none
        self.w_bots_label = W.HTML('<span class="chili-muted" style="margin-right:6px">played by a bot (release one '
                                   'to play that seat yourself):</span>')
        self.w_bots_label.add_class("chili-bots-note")
        self.w_bots_mine = W.HTML('<span class="chili-muted" style="margin-right:6px">The other seats are bots.</span>')
        self.w_bots_mine.add_class("chili-bots-note")
        self._bot_layout = W.Layout(width="auto")
        self._move_layout = W.Layout(width="auto", margin="2px")
        self._move_buttons: list = []
        self._button_moves: list = []  # the move each of those buttons plays
        self.w_auto = W.Checkbox(value=bool(auto), description="bots reply at once", indent=False,
                                 layout=W.Layout(width="170px"))
        self.w_auto.add_class("chili-auto")
        self.w_seed = W.HTML()
        self.w_seed.add_class("chili-seed")
        self.w_table = W.HTML()
        self.w_table.add_class("chili-table")
        self.w_decision = W.HTML()
        self.w_decision.add_class("chili-decision")
        self.w_moves = W.VBox()
        self.w_moves.add_class("chili-moves")
        self.w_done = W.HTML()
        self.w_done.add_class("chili-done")
        self.w_next = W.Button(description="next lesson \u25b6", tooltip="start the next lesson")
        self.w_next.add_class("chili-next-lesson")
        self.w_again = W.Button(description="\u21ba try again", tooltip="start this lesson over")
        self.w_again.add_class("chili-try-again")
        self.w_done_box = W.VBox([self.w_done, W.HBox([self.w_again, self.w_next])],
                                 layout=W.Layout(display="none"))
        self.w_done_box.add_class("chili-done-box")
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
        #: what just happened, read by a screen reader (keyboard: also keeps the focus on the moves, live.py)
        self.w_live = LiveRegion()
        self.w_live.add_class("chili-announce")
        self._live_at: tuple | None = None  # (game, seat, step) the live region last spoke of
        self._live_notes: list[str] = []  # the status and error lines' sentences, said with the table's news
        self._live_said = ""  # the table's news the live region said last
        self._redraw_coming = False  # an action runs: the redraw after it says its notes
        self.w_log = W.HTML(layout=W.Layout(max_height="320px", overflow="auto", border="1px solid #ddd"))
        self.w_log.add_class("chili-log")
        self.w_record = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.w_record.add_class("chili-record")
        self.w_record_note = W.HTML()
        self.w_record_note.add_class("chili-record-note")
        self.w_record_box = W.VBox([W.HTML(f'<b>This game</b> (paste it into &ldquo;load a game&rdquo; to come back '
                                           f'to it) {COPY_BUTTON}'), self.w_record_note, self.w_record],
                                   layout=W.Layout(width="100%"))
        self.w_record_box.add_class("chili-record-box")
        self.w_record_box.add_class("chili-copy-box")
        self.w_load = W.Textarea(placeholder="load a game: paste a saved game (its record) here",
                                 layout=W.Layout(width="100%", height="70px"))
        self.w_load.add_class("chili-load")
        self.w_load_button = W.Button(description="load", tooltip="load the pasted game")
        self.w_load_button.add_class("chili-load-button")

        self.w_back.on_click(lambda _: self.back())
        self.w_forward.on_click(lambda _: self.forward())
        self.w_end.on_click(lambda _: self.play_to_end())
        self.w_load_button.on_click(lambda _: self.load_text(self.w_load.value))
        self.w_next.on_click(lambda _: self.next_lesson())
        self.w_again.on_click(lambda _: self.try_again())
        self.w_slider.observe(self._on_slider, "value")
        self.w_seat.observe(self._on_seat, "value")
        self.w_lessons.observe(self._on_lesson, "value")

        if self.lessons:
            self._busy = True
            try:
                self.w_lessons.options = [(f"{i + 1}. {le.section}: {le.title}", le.key)
                                          for i, le in enumerate(self.lessons)]
            finally:
                self._busy = False
        top_row = W.HBox([self.w_seat, self.w_auto, self.w_bots, self.w_seed],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        top_row.add_class("chili-top")
        travel = W.HBox([self.w_back, self.w_forward, self.w_slider, self.w_end],
                        layout=W.Layout(align_items="center", flex_flow="row wrap"))
        travel.add_class("chili-travel")
        # the decision beside the table: the move buttons stay on the first screen (wraps below when narrow)
        #: the coach: a switch, each move's chance to win from this seat's view, and why (chililab.coach)
        self.w_coach = CoachPanel(self)
        controls = W.VBox([self.w_live, self.w_done_box, self.w_decision, self.w_moves, self.w_status, self.w_error,
                           self.w_coach, travel],
                          layout=W.Layout(flex="1 1 320px", min_width="0"))
        controls.add_class("chili-controls")
        play = W.HBox([self.w_table, controls], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        play.add_class("chili-play")
        self.children = ([W.HBox([self.w_lessons])] if self.lessons else []) + [
            self.w_lesson, top_row, play, self.w_log, self.w_record_box,
            W.HBox([self.w_load, self.w_load_button], layout=W.Layout(width="100%")),
        ]
        if game is not None:
            self.load_game(game, seat=seat, bots=bots)
        else:
            self.load_lesson(lesson if lesson is not None else self.lessons[0])

    # -------------------------------------------------------------- public API

    @property
    def ctl(self) -> Controller:
        """Who plays what at this table (:class:`chililab.control.Controller`): there from construction on."""
        if self._ctl is None:
            raise RuntimeError("the stepper has no game yet")
        return self._ctl

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

    def load_game(self, game, seat=None, bots=None, lesson=None, you=None):
        """Show another game (e.g. a lesson's position); the seat switcher follows ``seat``.

        ``you``: the seat the person plays when ``seat`` is None (the teacher's view)."""
        if self._ctl is None:
            self._ctl = Controller(game, seat=seat, bots=bots, agent=self._agent, lesson=lesson,
                                   bot_seed=self._bot_seed)
            if you is not None:
                self._ctl.load_game(game, seat=seat, bots=bots, lesson=lesson, you=you)
        else:
            self.ctl.load_game(game, seat=seat, bots=bots, lesson=lesson, you=you)
        self._after_load()

    def _seat_options(self):
        you = self.ctl.you
        teacher = "Teacher: every hand" + (f", you play {seat_name(you)}" if you is not None else "")
        opts = [(teacher, TEACHER)] + [(seat_name(s) + (" (you)" if s == you else ""), s)
                                       for s in range(self._players())]
        if self._allowed is not None:
            opts = [o for o in opts if o[1] in self._allowed]
        if self._players_only:
            opts = [o for o in opts if o[1] != TEACHER]
        return opts

    def players_only(self, on: bool = True) -> None:
        """Offer no teacher's view (every hand, the record, the seed): a student's page in a class, where that
        view belongs to the teacher's page. Turning it on while in the teacher's view moves to the seat you play."""
        self._players_only = bool(on)
        if on and self.ctl.seat is None:
            self.set_seat(self.ctl.you if self.ctl.you is not None else 0)
        else:
            self._show_seat()

    def _show_seat(self):
        """The seat switcher shows the viewer (the one seat control: who you play, or the teacher's view)."""
        seat = self.ctl.seat
        self._busy = True
        try:
            self.w_seat.options = self._seat_options()
            self.w_seat.value = TEACHER if seat is None else seat
            if seat is not None and self.w_seat.value != seat:
                raise ValueError(f"seat {seat} is not offered by this stepper")
        finally:
            self._busy = False

    def _after_load(self):
        self._show_seat()
        self._build_bot_toggles()
        self._lesson_html()
        self.w_error.value = ""
        self.w_status.value = ""
        self._live_notes = []
        self.refresh()

    def _players(self) -> int:
        return self.game.view(None).players

    def load_lesson(self, lesson):
        """Start a lesson (or its key): its prepared position; the learner's seat is the one played.
        In the teacher's view the teacher keeps seeing every hand (and plays the learner's seat)."""
        if isinstance(lesson, str):
            lesson = next((le for le in self.lessons if le.key == lesson), None) or self.ctl.spec.lesson(lesson)
        if self._ctl is None:
            self.load_game(lesson.build(), seat=lesson.seat, lesson=lesson)
        else:
            teacher = self.ctl.seat is None and not self._players_only and (
                self._allowed is None or TEACHER in self._allowed)
            self.ctl.load_lesson(lesson, teacher=teacher)
            self._after_load()
        if self.lessons and lesson.key in [o[1] for o in self.w_lessons.options] and self.w_lessons.value != lesson.key:
            self._busy = True
            try:
                self.w_lessons.value = lesson.key
            finally:
                self._busy = False
        if getattr(lesson, "coach", False):  # a "why this move?" lesson: its numbers are the coach's
            self.w_coach.w_switch.value = True

    def lesson_list(self) -> list:
        """The lessons "next lesson" walks through: this stepper's menu, else every lesson of the game."""
        return self.lessons or self.ctl.spec.lesson_list()

    def next_lesson(self):
        """Start the lesson after the current one (the first again after the last)."""
        keys = [le.key for le in self.lesson_list()]
        le = self.ctl.lesson
        if not keys or le is None:
            return
        i = keys.index(le.key) + 1 if le.key in keys else 0
        self.load_lesson(self.lesson_list()[i % len(keys)])

    def try_again(self):
        """Start the current lesson over from its prepared position."""
        if self.ctl.lesson is not None:
            self.load_lesson(self.ctl.lesson)

    def set_seat(self, seat):
        """Look from another seat (None = teacher, who keeps playing the same seat); a player's seat is the
        one you play. Bots: every seat but yours. With :meth:`players_only`, the teacher's view is refused (the seat
        you play stays)."""
        if seat is None and self._players_only:
            seat = self.ctl.you if self.ctl.you is not None else self.ctl.seat
        self.ctl.set_seat(seat)
        self._show_seat()
        self._build_bot_toggles()
        self.w_error.value = ""
        self._live_notes = []
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
        """Load a saved game (record JSON). Anything that cannot be loaded *and shown* becomes one sentence
        in the error line (never an exception); the previous game and every control stay as they were."""
        ctl = self.ctl
        saved = dict(vars(ctl))
        self.w_status.value = ""
        self._live_notes = []
        try:
            ctl.load_text(text)
            self._after_load()
        except Exception as e:  # noqa: BLE001 - any bad input must become a message, never a traceback
            vars(ctl).clear()
            vars(ctl).update(saved)
            self._after_load()
            self._error(f"Could not load this game: {self._load_reason(e)}")
            return
        self.w_load.value = ""
        self._say(f"Loaded a saved game of {self._players()} players, at step {self.shown_step()}.")

    def _load_reason(self, e) -> str:
        """A load failure as the end of a sentence a visitor can read (no raw key, no parser jargon)."""
        from chililab.engine.errors import RecordError

        what = f"that is not a saved {self.ctl.spec.title} game"
        if isinstance(e, RecordError):
            return f"{what}: {e}"
        if isinstance(e, KeyError):
            return f"{what}: it names something this game does not know ({e.args[0] if e.args else '?'})"
        if isinstance(e, OSError):
            return f"it could not be read ({e.strerror or type(e).__name__})"
        if isinstance(e, (ValueError, traitlets.TraitError)):
            text = str(e)
            return text if "\n" not in text and len(text) < 300 else f"{what}: it cannot be shown here"
        return f"{what}: it could not be replayed ({type(e).__name__})"

    def _table_picture(self, view) -> str:
        """The game's table picture, with what its keywords allow: in the teacher's view the seat you play
        at the bottom (``bottom``); when a lesson is done, what changed since it began (``before``: the
        lesson's first position, as this seat sees it)."""
        draw = self.ctl.spec.picture("table")
        takes = inspect.signature(draw).parameters
        extra = {}
        you = self.ctl.you
        if self.seat is None and you is not None and "bottom" in takes:
            extra["bottom"] = you
        if self.big and "big" in takes:  # projector mode: the learner's hand in big cards, whole names
            extra["big"] = True
        if "before" in takes and self.ctl.lesson_state() == "done":
            g = self.game
            now = g.step
            g.goto(self.ctl.start)
            try:
                extra["before"] = g.view(self.seat)
            finally:
                g.goto(now)
        return draw(view, width=self.table_width, **extra)

    def set_big(self, on: bool) -> None:
        """Projector mode on or off (the dashboard's Big text switch): the table is redrawn with ``big=True``
        when the game's table picture takes that keyword."""
        if bool(on) != self.big:
            self.big = bool(on)
            self.w_table.value = self._table_picture(self.game.view(self.seat))

    def shown_step(self) -> int:
        """The step number this seat sees (the slider's): a player's steps count public positions only."""
        pos = getattr(self, "_positions", None)
        if not pos:
            return self.game.step
        return max(i for i, k in enumerate(pos) if k <= self.game.step)

    def refresh(self):
        """Redraw every part from the game and the viewer's seat."""
        g = self.game
        seat = self.seat
        view = g.view(seat)
        # a player's slider moves over public steps only: hidden answers (a secret jump-in
        # poll) would otherwise show up as extra steps
        self._positions = list(range(g.history_length + 1)) if seat is None else g.public_steps()
        self.w_table.value = self._table_picture(view)
        self.w_decision.value = self._decision_html(view)
        self._build_moves()
        self._busy = True
        try:
            pos = self._positions
            self.w_slider.max = max(len(pos) - 1, 1)
            self.w_slider.value = self.shown_step()
            self.w_slider.disabled = len(pos) <= 1
        finally:
            self._busy = False
        self.w_back.disabled = g.step == 0
        self._show_lesson_state()
        self.w_log.value = self._log_html()
        teacher = seat is None
        self.w_record.value = g.to_json() if teacher else ""
        later = g.history_length - g.step
        self.w_record_note.value = (
            f'<div class="chili-muted">This record ends at step {g.step}, where you are now: the {later} later '
            f'move{"s" if later != 1 else ""} you stepped back from are not in it.</div>' if teacher and later else "")
        self.w_record_box.layout.display = self.w_record.layout.display = None if teacher else "none"
        # the seed fixes the deal: only the teacher's view shows it
        self.w_seed.value = f'<span style="margin-left:12px">seed <code>{_esc(g.seed)}</code></span>' if teacher else ""
        self._announce(view)
        self._redraw_coming = False
        self.version += 1
        for cb in list(self._callbacks):
            cb(self)

    def close(self):
        """Close the stepper and every widget it made (they leave the kernel and the page)."""
        parts = [v for v in vars(self).values() if isinstance(v, W.Widget)]
        parts += list(self.w_bots.children) + self._move_rows()
        for w in parts:
            for sub in (w, getattr(w, "style", None)):
                if isinstance(sub, W.Widget):
                    sub.close()
        boxes = [b for b in self.children if isinstance(b, W.Box)]
        while boxes:
            box = boxes.pop()
            boxes += [b for b in box.children if isinstance(b, W.Box)]
            box.close()
        super().close()

    # -------------------------------------------------------------- internals

    def _say(self, text):
        self.w_status.value = f'<div style="color:#333">{_esc(self.ctl.words(text))}</div>'
        self._note(self.ctl.words(text))

    def _error(self, text, rules=()):
        self.w_error.value = ((STYLE if rules else "") + f'<div style="color:#a4161a;background:#fff0f0;border:1px solid #e0a0a0;'
                              f'padding:4px 8px">{_esc(self.ctl.words(text))} {rules_html(rules)}</div>')
        self._note(self.ctl.words(text))

    def _note(self, words):
        """A sentence of the status or error line, said with the table's news (again if the table is done)."""
        self._live_notes.append(_sentence(words))
        if not self._redraw_coming:  # said after the redraw (e.g. "Loaded a saved game"): say it now
            self.w_live.say(" ".join(self._live_notes + [self._live_said]))

    def _announce(self, view):
        """The live region: what happened since it last spoke (the new log lines of this seat, oldest first, without
        their rules), then whose move it is. Only what this seat's log and decision line show: no hidden card."""
        g, seat = self.game, self.seat
        before = self._live_at
        self._live_at = (g, seat, g.step)
        parts = []
        if before is not None and before[0] is g and before[1] != seat:
            parts.append("Teacher's view: every hand." if seat is None else f"You see the table as {seat_name(seat)}.")
        elif before is not None and before[0] is g and g.step < before[2]:
            parts.append(f"Back to step {self.shown_step()}.")
        elif before is None or before[0] is not g or g.step > before[2]:
            start = before[2] + 1 if before is not None and before[0] is g else 0
            if before is not None and before[0] is not g:
                le = self.ctl.lesson
                parts.append(f"Lesson: {self.ctl.words(le.title)}." if le is not None else "A new game.")
            lines = [self.ctl.words(e.text) for step in range(start, g.step + 1)
                     for e in g.events(step=step, viewer=seat)]
            lines = [_sentence(t) for t in lines]
            if len(lines) > MAX_LIVE_LINES:  # the first (your move, as a rule) and the newest, the rest in the log
                more = len(lines) - MAX_LIVE_LINES + 2
                lines = lines[:2] + [f"{more} more line{'s are' if more != 1 else ' is'} in the log."] + lines[-(
                    MAX_LIVE_LINES - 2):]
            parts += lines
        parts.append(self._live_decision(view))
        self._live_said = " ".join(p for p in parts if p)
        self.w_live.goto = self._goes_on()
        self.w_live.say(" ".join(self._live_notes + [self._live_said]))

    def _goes_on(self) -> str:
        """Where a keyboard player goes on after a move (the CSS class the focus goes to): the first move button,
        else "next lesson" or "try again" in a finished lesson, else "forward" while bots wait for it, else the
        decision line (the game is over)."""
        if self._move_buttons:
            return "chili-move"
        if self.w_done_box.layout.display != "none" and not self.game.over:
            return "chili-next-lesson" if self.w_next.layout.display != "none" else "chili-try-again"
        return "chili-decision" if self.game.over else "chili-forward"

    def _live_decision(self, view) -> str:
        """Whose move it is, in a sentence (the decision line's words)."""
        g = self.game
        if g.over:
            return "Game over. " + _sentence(self.ctl.game_over()[0])
        if self.ctl.lesson_state() == "done":  # the bots stop with the lesson: say it is done, as its box does
            le = self.ctl.lesson
            nxt = "next lesson" if self.w_next.layout.display != "none" else "try again"
            return (f"Done: {_sentence(self.ctl.words(le.title))} {_sentence(self.ctl.lesson_summary())} "
                    f"Press {nxt} to go on.")
        d = g.decision if self.seat is None else view.decision
        if d is None:
            return ""
        you = self.ctl.you
        if you is not None and you in d.players and you not in self.ctl.bots:
            n = len(self._move_buttons)
            return f"Your move. {_sentence(self.ctl.words(d.prompt))} {n} move{'s' if n != 1 else ''} to choose from."
        return f"Waiting for {', '.join(seat_name(s) for s in d.players) or 'nobody'}."

    def _act(self, fn):
        """Run a controller action; its sentence goes to the status line, a refusal to the error line; redraw."""
        from chililab.engine.errors import ChililabError

        self.w_error.value = ""
        self.w_status.value = ""
        self._live_notes = []
        self._redraw_coming = True
        try:
            said = fn()
        except (ChililabError, ValueError) as e:
            rule = getattr(e, "rule", None)
            self._error(self.ctl.explain(e), [rule] if rule else [])
        else:
            if said and said != self.ctl.lesson_news(None):  # the lesson's news has its own box
                self._say(said)
        self.refresh()

    def _show_lesson_state(self):
        """The lesson's "done" box (with "try again" and "next lesson"), or the hint after leaving its script."""
        state = self.ctl.lesson_state()
        box = self.w_done_box
        self.w_table.remove_class("chili-table-done")
        if state not in ("done", "off"):
            box.layout.display = "none"
            return
        box.layout.display = None
        self.w_next.layout.display = None if state == "done" and len(self.lesson_list()) > 1 else "none"
        le = self.ctl.lesson
        if state == "done":
            self.w_table.add_class("chili-table-done")
            hit = self.ctl.lesson_event()
            rules = hit[2].rules if hit else le.rules
            self.w_done.value = STYLE + (
                f'<div class="chili-done-text"><b>\u2713 Done: {_esc(self.ctl.words(le.title))}.</b> '
                f'{_esc(self.ctl.lesson_summary())} {rules_html(rules, "the rule")}<div class="chili-muted">The '
                f'highlighted log line is where the rule fired; \u25c0 back shows the table before it.</div></div>')
        else:
            self.w_done.value = (f'<div class="chili-off-text"><b>Not this lesson\'s move.</b> '
                                 f'Hint: {_esc(self.ctl.words(le.hint))}</div>')

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
        """The teacher's view: one toggle per seat, pressed when a bot plays it (released, the teacher clicks its
        moves). A player's seat gets none, only a sentence: every other seat is a bot there and nobody could click
        for a seat made a person, and a bot in your own seat would take the game from you."""
        toggles = []
        for s in range(self._players()) if self.seat is None else ():
            t = W.ToggleButton(value=s in self.ctl.bots, description=seat_name(s),
                               tooltip=f"pressed: a bot plays {seat_name(s)}; released: you click {seat_name(s)}'s "
                                       "moves", layout=self._bot_layout)
            t.add_class("chili-bot")
            t.observe(lambda ch, s=s: self._toggle_bot(s, ch["new"]), "value")
            toggles.append(t)
        old = self.w_bots.children
        self.w_bots.children = [self.w_bots_label if self.seat is None else self.w_bots_mine] + toggles
        _close(old[1:])

    def _toggle_bot(self, seat, on):
        """A seat made a bot while it is asked answers at once when the bots reply at once: the game goes on."""
        self._act(lambda: self.ctl.set_bot(seat, on, auto=self.w_auto.value))

    def _move_rows(self) -> list:
        """Every widget of the move rows (rows, their boxes, labels, buttons and notes), innermost first."""
        out, todo = [], list(self.w_moves.children)
        while todo:
            w = todo.pop()
            out.append(w)
            todo += list(getattr(w, "children", ()))
        return out[::-1]

    def _build_moves(self):
        """One row per move group (lay, draw, help ...; "other moves" last, with the rule that says why),
        one button per distinct move."""
        buttons, shown, rows = [], [], []
        groups = self.ctl.move_groups()
        # a title that is a sentence (a dish and what it does) goes above its buttons; then every title does
        wide = any(len(title.partition(" \u00b7 ")[0]) > WIDE_TITLE for title, _, _ in groups)
        for title, moves, rule in groups:
            row, labels = [], []
            if title:
                label = W.HTML(group_title_html(title))
                label.add_class("chili-group")
                if wide:
                    label.add_class("chili-group-wide")
                labels.append(label)
            for m in moves:
                b = W.Button(description=self.ctl.label(m), layout=self._move_layout)
                b.add_class("chili-move")
                if rule:
                    b.add_class("chili-move-other")
                b.on_click(lambda _, m=m: self.click(m))
                buttons.append(b)
                shown.append(m)
                row.append(b)
            if rule:
                note = W.HTML(STYLE + f'<span class="chili-muted">allowed, but changes nothing now {rules_html([rule])}'
                              '</span>')
                note.add_class("chili-other-note")
                row.append(note)
            wrap = W.HBox(row, layout=W.Layout(flex_flow="row wrap", align_items="center", flex="1 1 auto"))
            wrap.add_class("chili-move-wrap")
            box = (W.VBox if wide else W.HBox)(labels + [wrap], layout=W.Layout(align_items="flex-start"))
            box.add_class("chili-move-row")
            if rule:
                box.add_class("chili-move-row-other")
            rows.append(box)
        old = self._move_rows()
        self.w_moves.children = rows
        self._move_buttons = buttons
        self._button_moves = shown
        _close(old)

    @property
    def move_buttons(self):
        """The move buttons shown now (a test can ``.click()`` them)."""
        return list(self._move_buttons)

    def button_for(self, move):
        """The button shown now that plays ``move`` (its words may repeat under other group titles), else None."""
        return next((b for b, m in zip(self._move_buttons, self._button_moves) if m == move), None)

    def _decision_html(self, view):
        g = self.game
        if g.over:
            return STYLE + (f'<div class="chili-game-over" style="font-size:115%;color:#1f7a1f"><b>Game over.</b> '
                            f'{scores_html(*self.ctl.game_over())}</div>')
        seat = self.seat
        d = g.decision if seat is None else view.decision
        if d is None:
            return ""
        who = []
        you = self.ctl.you
        for s in d.players:
            tag = "bot" if s in self.ctl.bots else ("you" if s == you else "not a bot")
            secret = seat is None and d.public is not None and s not in d.public
            who.append(f"{seat_name(s)} ({tag}{', asked in secret' if secret else ''})")
        mine = you is not None and you in d.players and you not in self.ctl.bots
        head = "<b>Your move.</b> " if mine else ""
        if self.ctl.lesson_state() == "done":  # the bots stop with the lesson: say so, not who they wait for
            waiting = "the lesson is done: play stops here (forward \u25b6 plays on)"
        elif d.players and all(s in self.ctl.bots for s in d.players):  # bots to move: say how they do
            waiting = f'{", ".join(who)} to move: forward \u25b6 lets the bot play'
        else:
            waiting = f'waiting for {_esc(", ".join(who) or "nobody")}'
        return (f'<div style="font-size:110%">{head}{_esc(self.ctl.words(d.prompt))}</div>'
                f'<div class="chili-now" style="color:#555">Now: {_esc(phase_label(g.flow, d.phase))} &middot; '
                f'{waiting}</div>')

    def _log_html(self):
        g = self.game
        seat = self.seat
        key = None
        if self.ctl.lesson_state() == "done":
            hit = self.ctl.lesson_event()
            key = hit[:2] if hit else None
        lines = []
        for step in range(g.step, -1, -1):
            evs = g.events(step=step, viewer=seat)
            for i in range(len(evs) - 1, -1, -1):
                e = evs[i]
                cls = "chili-ev chili-ev-key" if key == (step, i) else "chili-ev"
                lines.append(f'<div class="{cls}">{_esc(self.ctl.words(e.text))} {rules_html(e.rules)}</div>')
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
            f'<div style="font-size:120%"><b>{_esc(self.ctl.words(le.title))}</b> <span style="color:#777">'
            f'({_esc(le.section)}; you are {seat_name(le.seat)})</span></div><div>{_esc(self.ctl.words(le.text))}</div>'
            f'<div>{rules_html(le.rules, "the rules of this lesson")}</div>'
            f'<details class="chili-hint"><summary style="cursor:pointer">Hint</summary>{_esc(self.ctl.words(le.hint))}'
            '</details>'
            f'</div>')
