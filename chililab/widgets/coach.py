"""The coach beside a stepper: a switch, each legal move's chance to win, the move it would choose and why.

Switched on at a seat's decision, :class:`CoachPanel` asks :class:`chililab.coach.Coach` (which reads only
that seat's knowledge: its own cards and what the table sees) for a first answer within
:data:`~chililab.coach.FIRST_ANSWER` seconds, then keeps refining on a browser clock (:class:`Ticker`: the
kernel works a slice at a time between clicks, no thread touches a widget, and a closed page stops asking)
until :data:`REFINE_SECONDS` of work per decision; "simulate more" adds another slice at once. In the
teacher's seat it advises the seat that decides and says whose view it reasons from. Every word shown is
escaped (move names come from the rules, never from a visitor).
"""
from __future__ import annotations

import html
import time

import ipywidgets as W

from chililab.coach import FIRST_ANSWER, Advice, Coach, percent
from chililab.engine.words import seat_name

from .classlink import Ticker

#: the kernel's work per clock tick while the coach refines (seconds)
SLICE = 0.25
#: the most work one decision's coach does on the clock (seconds): a page left open does not run the server hot
REFINE_SECONDS = 20.0


def advice_html(advice: Advice, asked_by_teacher: bool, words=str) -> str:
    """The coach's list, best first: each move's chance as a bar with its interval, then the sentence
    (``words``: engine text in a learner's words, the stepper's ``ctl.words``: seats as people count them)."""
    rows = []
    for i, r in enumerate(advice.rows):
        pick = i == advice.pick
        width = max(1, round(100 * r.chance))
        rows.append(
            f'<li class="chili-coach-row{" chili-coach-pick" if pick else ""}">'
            f'<span class="chili-coach-move">{"&#9733; " if pick else ""}{html.escape(r.label)}</span> '
            f'<span class="chili-coach-chance"><b>{percent(r.chance)}</b> chance to win '
            f'<span class="chili-muted">(between {percent(r.low)} and {percent(r.high)}, '
            f'{r.playouts} games)</span></span>'
            f'<span class="chili-coach-bar" aria-hidden="true"><span style="width:{width}%"></span></span></li>')
    whose = (f'<p class="chili-coach-whose">The coach reasons from what {html.escape(seat_name(advice.seat))} can '
             f'see: their own cards and the table, never the other hands.</p>' if asked_by_teacher else "")
    return (f'<p class="chili-coach-sentence">{html.escape(words(advice.sentence))}</p>'
            f'<ol class="chili-coach-list">{"".join(rows)}</ol>'
            f'<p class="chili-muted chili-coach-count">{advice.playouts} games played on from here, with the '
            f'cards you cannot see dealt at random each time.</p>{whose}')


COACH_CSS = """<style>
.chili-coach-list{padding-left:1.4em;margin:.3em 0}
.chili-coach-row{margin:.25em 0}
.chili-coach-pick .chili-coach-move{font-weight:700}
.chili-coach-bar{display:block;height:.45em;background:#e6e6e6;border-radius:3px;max-width:320px}
.chili-coach-bar span{display:block;height:100%;background:#1d6f42;border-radius:3px}
.chili-coach-sentence{font-size:1.05em}
</style>"""


class CoachPanel(W.VBox):
    """A "coach" switch and what the coach says, for the stepper ``stepper`` (kept up to date on its changes)."""

    def __init__(self, stepper, seed: int = 0):
        super().__init__()
        self.add_class("chili-coach-panel")
        self.stepper = stepper
        self.seed = seed
        self.coach: Coach | None = None
        self._key: tuple | None = None
        self._worked = 0.0
        self.w_switch = W.ToggleButton(value=False, description="Coach", tooltip="show each move's chance to win",
                                       icon="lightbulb-o", layout=W.Layout(width="auto"))
        self.w_switch.add_class("chili-coach-switch")
        self.w_more = W.Button(description="simulate more", tooltip="play more games on to narrow the ranges",
                               layout=W.Layout(width="auto", display="none"))
        self.w_more.add_class("chili-coach-more")
        self.w_out = W.HTML()
        self.w_out.add_class("chili-coach")
        self.w_clock = Ticker(every_ms=700, running=False)
        self.children = [W.HTML(COACH_CSS), W.HBox([self.w_switch, self.w_more]), self.w_out, self.w_clock]
        self.w_switch.observe(lambda _: self.update(), "value")
        self.w_more.on_click(lambda _: self.more())
        self.w_clock.on_tick(self._tick)
        stepper.on_change(lambda _: self.update())

    # -------------------------------------------------------------- whom to advise
    def _asked(self) -> int | None:
        """The seat the coach advises now: the viewer's when it decides, else (the teacher) the deciding seat."""
        st = self.stepper
        g = st.game
        if g.over or g.decision is None:
            return None
        deciding = list(g.decision.players)
        if st.seat is not None:
            return st.seat if st.seat in deciding else None
        humans = [s for s in deciding if s not in st.bots]
        return (humans or deciding)[0]

    def _searchable(self) -> bool:
        g = self.stepper.game
        state = getattr(g, "state", None)
        if state is None:
            return False
        from chililab.engine import registry

        try:
            return registry.get(state.flow.game).has_search
        except Exception:  # a game made outside the registry (a test's toy): no coach
            return False

    def update(self) -> None:
        """Follow the stepper: a new decision gets a new coach (its first answer now), none clears the panel."""
        able = self._searchable()
        self.layout.display = None if able else "none"
        on = self.w_switch.value and able
        self.w_more.layout.display = None if on else "none"
        if not on:
            self._stop("")
            return
        seat = self._asked()
        if seat is None:
            self._stop('<p class="chili-muted">The coach speaks when it is your move.</p>')
            return
        g = self.stepper.game
        key = (id(g), g.step, seat)
        if key == self._key and self.coach is not None:
            return
        self._key = key
        self.coach = Coach(g, seat, seed=self.seed)
        self._worked = 0.0
        self._show(self._think(FIRST_ANSWER))
        self.w_clock.running = True

    def _stop(self, text: str) -> None:
        self.coach = None
        self._key = None
        self.w_clock.running = False
        self.w_out.value = text

    def _think(self, seconds: float) -> Advice:
        assert self.coach is not None
        t = time.monotonic()
        advice = self.coach.think(seconds)
        self._worked += time.monotonic() - t
        return advice

    def _show(self, advice: Advice) -> None:
        self.w_out.value = advice_html(advice, self.stepper.seat is None, self.stepper.ctl.words)

    def _tick(self) -> None:
        c = self.coach
        if c is None or c.finished or self._worked >= REFINE_SECONDS:
            self.w_clock.running = False
            return
        self._show(self._think(SLICE))

    def close(self):
        for w in (self.w_clock, self.w_out, self.w_more, self.w_switch, *self.children):
            w.close()
        super().close()

    def more(self) -> None:
        """"Simulate more": another first answer's worth of games now, and the clock refines again."""
        if self.coach is None:
            self.update()
            return
        self._worked = max(0.0, self._worked - FIRST_ANSWER * 4)
        self._show(self._think(FIRST_ANSWER))
        self.w_clock.running = not self.coach.finished
