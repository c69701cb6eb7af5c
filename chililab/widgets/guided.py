"""A guided replay: a recorded stretch of a game, one move at a time, each step with its explanation.

:class:`GuidedReplay` takes a game whose history holds the moves to show, the
step to start from, and one sentence per position (the start, then one after
each move), e.g. a rulebook's worked example. It shows the sentence, the
table (the game's registered "table" picture, the change since the previous
position marked), the events of the move with their rule citations, and
back / next / start-over buttons. The seat menu shows the same steps as one
player sees them (their hand only) or as the teacher (every hand).

>>> from chililab.games.mafia.lessons import example_turn
>>> r = GuidedReplay(*example_turn())
>>> r.position, r.game.step == r.start
(0, True)
>>> r.next(); r.position
1
"""
from __future__ import annotations

import html
import inspect

import ipywidgets as W

from chililab.control import learner_text
from chililab.engine import registry
from chililab.engine.words import seat_name

from .stepper import STYLE, rules_html

TEACHER = -1


class GuidedReplay(W.VBox):
    """Step through ``texts`` (one per position from ``start``: the start, then one per move) of ``game``."""

    def __init__(self, game, start: int, texts, seat=None, table_width: int = 760, title: str = ""):
        super().__init__()
        self.add_class("chili-guided")
        self.game, self.start, self.texts = game, start, list(texts)
        self.table_width = table_width
        end = start + len(self.texts) - 1
        if game.history_length < end:
            raise ValueError(f"the game's history ends at step {game.history_length}, before step {end}")
        self.spec = registry.spec_of(game)
        self.position = 0
        self.seat = seat
        self.w_title = W.HTML(f"<b>{html.escape(title)}</b>" if title else "")
        self.w_text = W.HTML()
        self.w_text.add_class("chili-guided-text")
        self.w_table = W.HTML()
        self.w_table.add_class("chili-guided-table")
        self.w_events = W.HTML()
        self.w_events.add_class("chili-guided-events")
        self.w_back = W.Button(description="\u25c0 back", layout=W.Layout(width="90px"))
        self.w_back.add_class("chili-guided-back")
        self.w_next = W.Button(description="next \u25b6", layout=W.Layout(width="90px"))
        self.w_next.add_class("chili-guided-next")
        self.w_again = W.Button(description="\u21ba start over", layout=W.Layout(width="110px"))
        self.w_again.add_class("chili-guided-again")
        players = game.view(None).players
        self.w_seat = W.Dropdown(options=[("Teacher: every hand", TEACHER)] + [(seat_name(s), s) for s in range(players)],
                                 value=TEACHER if seat is None else seat, description="Seat",
                                 layout=W.Layout(width="260px"), style={"description_width": "3em"})
        self.w_seat.add_class("chili-guided-seat")
        self.w_back.on_click(lambda _: self.back())
        self.w_next.on_click(lambda _: self.next())
        self.w_again.on_click(lambda _: self.goto(0))
        self.w_seat.observe(self._on_seat, "value")
        controls = W.HBox([self.w_back, self.w_next, self.w_again, self.w_seat],
                          layout=W.Layout(align_items="center", flex_flow="row wrap"))
        controls.add_class("chili-guided-controls")
        self.children = [self.w_title, self.w_text, controls, self.w_table, self.w_events]
        self.refresh()

    @property
    def steps(self) -> int:
        """How many moves the replay shows."""
        return len(self.texts) - 1

    def goto(self, position: int):
        self.position = min(max(int(position), 0), self.steps)
        self.refresh()

    def next(self):
        self.goto(self.position + 1)

    def back(self):
        self.goto(self.position - 1)

    def _on_seat(self, change):
        self.seat = None if change["new"] == TEACHER else change["new"]
        self.refresh()

    def words(self, text) -> str:
        """Engine text as a learner reads it (:func:`chililab.control.learner_text`)."""
        return learner_text(self.spec, text)

    def _table(self, view, before):
        draw = self.spec.picture("table")
        extra = {"before": before} if before is not None and "before" in inspect.signature(draw).parameters else {}
        return draw(view, width=self.table_width, **extra)

    def refresh(self):
        g, k = self.game, self.position
        g.goto(self.start + k)
        view = g.view(self.seat)
        before = None
        if k:
            g.goto(self.start + k - 1)
            before = g.view(self.seat)
            g.goto(self.start + k)
        self.w_text.value = (f'<div style="border-left:4px solid #d62828;padding:4px 10px;background:#fffaf3">'
                             f'<b>Step {k} of {self.steps}.</b> {html.escape(self.words(self.texts[k]))}</div>')
        self.w_table.value = self._table(view, before)
        events = g.events(step=self.start + k, viewer=self.seat) if k else []
        lines = "".join(f'<div class="chili-ev">{html.escape(self.words(e.text))} {rules_html(e.rules)}</div>'
                        for e in events)
        self.w_events.value = STYLE + (lines or '<div class="chili-muted">Press next \u25b6 for the first move.</div>')
        self.w_back.disabled = k == 0
        self.w_next.disabled = k == self.steps
