"""The dashboard of any registered game: a stepper against bots, the game's lessons, a new-game form, the flow.

Start-up cost is paid once per visitor (one kernel each), so a dashboard
imports only the engine, the widgets and the game's lessons, and draws every
picture as SVG inside light ``ipywidgets.HTML`` (no plotly.js in the browser).
"""
from __future__ import annotations

import html
import os
import random
import sys
import threading

import ipywidgets as W

from chililab.engine import registry
from chililab.engine.words import seat_name
from chililab.widgets import FlowView, Stepper
from chililab.widgets.page_address import PageAddress
from chililab.widgets.stepper import COPY_BUTTON, SKIP_BUTTON

from . import classwork
from .lobby import bot_words
from .parts import MAX_SEED, big_switch, bots_until, chili, css, panel, read_query, share_query, whole_number

HOW_TO = """<details class="chili-howto"><summary><b>How to use this page</b></summary>
<ul style="margin:4px 0 0 -12px">
<li><b>Move buttons</b> under the table are your legal moves: click one to play it. The bots answer.</li>
<li>The <b>log</b> says what happened, newest first: click <i>why?</i> beside a line to read the rule behind it.</li>
<li><b>&#9664; back</b> and the <b>step</b> slider travel in time; try another move from the same spot.</li>
<li><b>Seat</b>: the seat you play, seeing only its cards. The other seats are <b>bots</b>: they play by
themselves.</li>
<li>A link ending in <i>teacher=1</i> adds the <i>Teacher</i> view: every hand, while you keep playing the same
seat. There a pressed <i>Player 2</i> bot button means a bot plays Player 2; release it to click Player 2's
moves yourself.</li>
<li><b>Keyboard</b>: <b>Tab</b> goes from control to control (its first stop skips to your moves) and
<b>Enter</b> presses one. After your move you are back on the move buttons.</li>
<li>The same <b>seed</b> always deals the same cards: a class can share one deal.</li>
</ul></details>"""


class GameDashboard(W.VBox):
    """One game's dashboard page.

    ``game``: a registered game's name; ``players``, ``seed``, ``seat``: the first deal every
    visitor sees (the bots play until ``seat`` must decide); ``tagline``: the banner's second line (default:
    the spec's ``tagline``);
    ``query``: a shared link's query string (``players``, ``seed``, ``seat``, ``lesson``, ``teacher``;
    default: the one Voila passes to the kernel in ``QUERY_STRING``), which overrides the first deal.
    The seat menu offers the teacher's view (every hand, the record, the seed) only to a link with ``teacher=1``,
    and never to a student in a class: a student's page shows a player's seat.
    Its parts are attributes (``stepper``, ``flow``, ``lesson_menu``, ``players_box``, ``seed_box``,
    ``deal_button``, ``msg``, ``big``, ``link``) so a notebook or a test can reach them. The seat
    is chosen in one place, the stepper's seat menu; a new game keeps the seat you play.
    """

    def __init__(self, game: str, players: int = 4, seed: int = 7, seat: int = 0, tagline: str | None = None,
                 query: str | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        self.spec = spec = registry.get(game)
        self.lessons = spec.lesson_list()
        self.stepper = Stepper(self.new_game(players, seed, seat), seat=seat, auto=True)
        self.flow = FlowView(stepper=self.stepper, width=900)
        self.msg = W.HTML()
        self.msg.add_class("chili-dash-msg")

        self.lesson_menu = W.Dropdown(
            options=[("free game (no lesson): see New game", "")]
            + [(f"{i + 1}. {le.section} \u00b7 {le.title}", le.key) for i, le in enumerate(self.lessons)],
            value="", description="Lesson", layout=W.Layout(width="100%", max_width="760px"))
        self.lesson_menu.add_class("chili-lesson-menu")
        self.lesson_menu.style.description_width = "4.5em"
        self.players_box = W.Text(value=str(players), description="players", layout=W.Layout(width="100%"))
        self.players_box.add_class("chili-players")
        self.seed_box = W.Text(value=str(seed), description="seed", placeholder="blank = random",
                               layout=W.Layout(width="100%"))
        self.seed_box.add_class("chili-seed-box")
        #: who plays the other seats (the game's bots in a student's words; the search bot thinks ahead)
        self.bots_menu = W.Dropdown(options=[(bot_words(a), a) for a in spec.agent_names], value=spec.bot,
                                    description="opponents", layout=W.Layout(width="100%"))
        self.bots_menu.add_class("chili-opponents")
        self.bots_menu.observe(self.on_bots, "value")
        self.deal_button = W.Button(description="New game", layout=W.Layout(width="100%"))
        self.deal_button.add_class("chili-new-game")
        self.big = big_switch(self, self.stepper.set_big)
        self.link = W.Text(layout=W.Layout(width="100%"))
        self.link.add_class("chili-link")
        self.link_note = W.HTML()
        self.link_note.add_class("chili-link-note")
        share = W.VBox([W.HTML(f'<span class="chili-muted">a link that opens this page on the same deal or '
                               f'lesson</span> {COPY_BUTTON}'), self.link, self.link_note])
        share.add_class("chili-copy-box")

        self.lesson_menu.observe(self.on_lesson, "value")
        self.deal_button.on_click(self.on_deal)

        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} {html.escape(spec.title)}</span>'
                        f'<span class="s">{spec.tagline if tagline is None else tagline}</span>'
                        '<a href="index.ipynb">all dashboards</a></div>')
        side = W.VBox([panel("New game", self.players_box, self.seed_box, self.bots_menu, self.deal_button, self.msg),
                       panel("Share", share), panel("Display", self.big, W.HTML(HOW_TO))])
        side.add_class("chili-side")
        s = self.stepper
        main_parts = [s.w_lesson, s] if s.w_lesson not in s.children else [s]
        if self.lessons:
            self.lesson_menu.tooltip = (f"{len(self.lessons)} lessons, one rule each: a lesson sets up a position; "
                                        "read its text, then play the seat it names.")
            lesson_bar = W.VBox([self.lesson_menu])
            lesson_bar.add_class("chili-lesson-bar")
            main_parts.insert(0, lesson_bar)
        main = W.VBox(main_parts)
        main.add_class("chili-main")
        flow_box = panel("How the game flows (where you are now is lit)", self.flow, cls="chili-flowbox")
        self.body = body = W.Box([main, side, flow_box],
                                 layout=W.Layout(display="flex", flex_flow="row wrap", width="100%"))
        body.add_class("chili-body")
        #: the page's address as the browser tells it (static site), else None (Voila tells the kernel)
        self.address = PageAddress() if sys.platform == "emscripten" else None
        #: the class strip; in a class, the every-hand teacher's view is on the teacher's page only
        self.class_bar = classwork.ClassBar(f"{spec.name}.ipynb", query=query)
        self.class_bar.link.on_change(self._class_changed)
        #: the link asked for the teacher's view (``teacher=1``): without it the seat menu offers players' seats only
        self.teacher_link = False
        self._class_changed()
        skip = W.HTML(SKIP_BUTTON)  # the page's first stop of Tab: straight to the move buttons
        skip.add_class("chili-skip-box")
        self.children = [W.HTML(css()), skip, banner, self.class_bar, body] + ([self.address] if self.address else [])
        self.add_class("chili-dash")
        self.stepper.on_change(self._follow_stepper)
        self._follow_stepper(self.stepper)
        if query is not None:
            self.open_link(query)
        elif self.address is not None:  # the static site: the browser tells the page's address once drawn
            self.address.on_address(self._open_page_link)
        elif os.environ.get("VOILA_PREHEAT") == "True":  # a pre-started kernel: the visitor's link comes later
            threading.Thread(target=self._open_link_when_visited, daemon=True).start()
        else:
            self.open_link(os.environ.get("QUERY_STRING", ""))

    def _class_changed(self) -> None:
        """The teacher's view is offered with a ``teacher=1`` link, and never in a class (it is the teacher's page's)."""
        self.stepper.players_only(classwork.in_class() or not self.teacher_link)

    def add_panel(self, title: str, *children, cls: str = ""):
        """Add a panel of the game's own (a worked example, a calculator ...) below the table, before the flow."""
        box = panel(title, *children, cls="chili-extra")
        if cls:
            box.add_class(cls)
        kids = list(self.body.children)
        if not any("chili-break" in k._dom_classes for k in kids):  # extras start a row below the table
            brk = W.Box()
            brk.add_class("chili-break")
            kids.insert(len(kids) - 1, brk)
        kids.insert(len(kids) - 1, box)
        self.body.children = kids
        return box

    def open_link(self, query: str):
        """Show what a shared link's query asks for: a deal (players, seed, seat), a lesson, the teacher's
        view. What cannot be shown is said in the New game panel; the rest still applies."""
        asked, problems = read_query(query, self.spec)
        if {"players", "seed", "seat"} & set(asked):
            players = asked.get("players", self.stepper.game.view(None).players)
            seed = asked.get("seed", self.stepper.game.seed)
            seat = asked.get("seat", self.stepper.ctl.you or 0)
            if seat >= players:
                problems.append(f"{seat_name(seat)} is not in a {players}-player game: you play {seat_name(0)}")
                seat = 0
            self.players_box.value, self.seed_box.value = str(players), str(seed)
            self.stepper.load_game(self.new_game(players, seed, seat), seat=seat)
        if "lesson" in asked:
            self.lesson_menu.value = asked["lesson"]
        self.teacher_link = bool(asked.get("teacher"))
        self._class_changed()
        if self.teacher_link:
            self.stepper.set_seat(None)  # refused in a class: the seat you play stays
        if problems:
            self.say("The link asked for something this page cannot show: " + "; ".join(problems) + ".", error=True)

    def _open_page_link(self, query: str):
        """The browser told the page's address: follow its query, and share links from that address."""
        self.open_link(query)
        self._follow_stepper(self.stepper)

    def _open_link_when_visited(self):
        """Voila's pre-started kernels learn the visitor's query string only when the page is requested."""
        try:
            from voila.utils import get_query_string

            query = get_query_string()
        except Exception:  # noqa: BLE001 - no link to follow: the page stays on its first deal
            return
        if query:
            self.open_link(query)

    def _follow_stepper(self, stepper):
        """Keep the lesson menu and the share link in step with the stepper (e.g. after "next lesson")."""
        le = stepper.ctl.lesson
        key = le.key if le is not None and le in self.lessons else ""
        if self.lesson_menu.value != key:
            self.lesson_menu.unobserve(self.on_lesson, "value")
            self.lesson_menu.value = key
            self.lesson_menu.observe(self.on_lesson, "value")
            if key:  # e.g. "next lesson" in the stepper
                self.say(f"Lesson {self.lessons.index(le) + 1}: {le.title}. You play {seat_name(le.seat)}.")
        g = stepper.game
        teacher = stepper.seat is None
        if key or teacher:
            base = self.address.base if self.address is not None else ""
            self.link.value = (base or share_base(self.spec)) + "?" + share_query(
                lesson=key, players=g.view(None).players, seed=g.seed, seat=stepper.ctl.you, teacher=teacher)
            self.link_note.value = ('<span class="chili-muted">With <i>teacher=1</i> the link opens the teacher\'s view '
                                    '(every hand): for students, leave it out.</span>' if teacher else "")
        else:  # the seed deals every hand: a player's seat does not show it
            self.link.value = ""
            self.link_note.value = ('<span class="chili-muted">The link names the deal\'s seed, so only the '
                                    'teacher\'s view shows it.</span>')

    def new_game(self, players, seed, seat):
        """A fresh deal, played by the bots until ``seat`` must decide."""
        return bots_until(self.spec.new_game(players=players, seed=seed), seat)

    def on_bots(self, change) -> None:
        """The opponents menu: the bots play on as the chosen agent from their next move."""
        self.stepper.ctl.set_bots_agent(change["new"])
        self.say(f"Your opponents from their next move: {bot_words(change['new'])}.")

    def say(self, text, error=False):
        cls = "err" if error else "ok"
        self.msg.value = f'<div class="{cls}">{html.escape(self.stepper.ctl.words(text))}</div>'

    def on_lesson(self, change):
        key = change["new"]
        if not key:
            return
        le = next(le for le in self.lessons if le.key == key)
        self.stepper.load_lesson(le)
        self.say(f"Lesson {self.lessons.index(le) + 1}: {le.title}. You play {seat_name(le.seat)}.")

    def on_deal(self, _=None):
        """The New game button: read the form, deal, or explain what is wrong (never a traceback)."""
        lo, hi = self.spec.players
        try:
            players = whole_number(self.players_box.value, "Players", lo, hi)
            seed_text = self.seed_box.value.strip()
            seed = (whole_number(seed_text, "Seed", 0, MAX_SEED) if seed_text
                    else random.SystemRandom().randrange(MAX_SEED))
            seat = self.stepper.ctl.you or 0
            if seat >= players:
                raise ValueError(f"You play {seat_name(seat)}, but a {players}-player game has "
                                 f"{seat_name(0)} to {seat_name(players - 1)}.")
            game = self.new_game(players, seed, seat)
        except ValueError as e:  # includes the engine's ConfigError: a message, never a traceback
            self.say(f"No new game: {e}", error=True)
            return
        self.lesson_menu.unobserve(self.on_lesson, "value")
        self.lesson_menu.value = ""
        self.lesson_menu.observe(self.on_lesson, "value")
        self.stepper.load_game(game, seat=self.stepper.seat, you=seat)
        self.say(f"New game: {players} players, you play {seat_name(seat)}." + ("" if seed_text else " (random seed)"))


def share_base(spec) -> str:
    """The page's own address without its query (Voila passes it to the kernel), else the notebook's name."""
    url = os.environ.get("VOILA_REQUEST_URL", "")
    return url.split("?", 1)[0].split("#", 1)[0] if url else f"{spec.name}.ipynb"
