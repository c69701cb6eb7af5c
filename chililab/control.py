"""The stepper's controller: a game at a table of humans and bots, without any widget.

:class:`Controller` holds what a stepper needs besides its pictures: the game,
the viewer's seat (``None``: the teacher), which seats bots play and with which
agent, the lesson script the bots follow while the learner does, and the marks
that make "back" undo a whole action (a click and the bots' answers). Every
method returns a sentence for the status line (or ``None``) and raises
``ValueError`` (``IllegalMove``, ``ConfigError`` ...) for a refused action, so
the widgets only draw and relay. It names no game: agents, lessons and
replays come from the registry.

>>> from chililab.engine import registry
>>> c = Controller(registry.get("loco").new_game(players=4, seed=7), seat=0)
>>> sorted(c.bots)
[1, 2, 3]
>>> _ = c.play_to_end(); c.game.over
True
"""
from __future__ import annotations

import random

from chililab.agents import choose_for
from chililab.engine import registry

PLAY_TO_END_CAP = 3000


def make_agent(agent, game: str):
    """A bot with ``choose(view, legal_moves, rng)``: ``agent`` itself when it has ``choose``, else the
    registered game's agent of that name (``None``: the game's usual bot)."""
    if agent is not None and hasattr(agent, "choose"):
        return agent
    spec = registry.get(game)
    return spec.agent(spec.bot if agent is None else agent)


def _seats(game) -> int:
    return game.view(None).players


class Controller:
    """Who plays what at one table, and the actions a stepper offers (see the module docstring).

    ``agent``: the bots' agent (a name or an object with ``choose``; default: the game's usual bot);
    ``bot_seed``: the bots' random seed (default: the game's seed).
    """

    def __init__(self, game, seat=None, bots=None, agent=None, lesson=None, bot_seed=None):
        self._agent = agent
        self._bot_seed = bot_seed
        self.load_game(game, seat=seat, bots=bots, lesson=lesson)

    # -------------------------------------------------------------- the table

    def load_game(self, game, seat=None, bots=None, lesson=None):
        """Sit at another game (a lesson's position, a loaded record); bots: every seat but ``seat`` by default."""
        self.game = game
        self.spec = registry.spec_of(game)
        self.agent = make_agent(self._agent, self.spec.name)
        self.lesson = lesson
        self.seat = seat
        self.rng = random.Random(self._bot_seed if self._bot_seed is not None else game.seed)
        self.marks: set[int] = set()
        self.script = list(lesson.script) if lesson is not None else []
        self._taken: dict[int, int] = {}  # step -> script index consumed there
        self._off_at = None  # step at which the human left the script
        self.bots = self._others(seat) if bots is None else set(bots)

    def load_lesson(self, lesson):
        """Start a lesson (or its key): its position, in the learner's seat; bots follow its script."""
        if isinstance(lesson, str):
            lesson = self.spec.lesson(lesson)
        self.load_game(lesson.build(), seat=lesson.seat, lesson=lesson)
        return lesson

    def load_text(self, text: str):
        """Load a saved game (record JSON) of the same game; the seat stays."""
        self.load_game(self.spec.replay(text), seat=self.seat)
        return f"Loaded a saved game at step {self.game.step}."

    def set_seat(self, seat):
        """Look from another seat (None = teacher). Bots: every seat but the new viewer."""
        self.seat = seat
        self.bots = self._others(seat)

    def _others(self, seat) -> set:
        return set(range(_seats(self.game))) - ({seat} if seat is not None else set())

    @property
    def humans(self) -> set:
        return set(range(_seats(self.game))) - self.bots

    def moves(self) -> list:
        """The moves the viewer may click now (the teacher: every deciding seat's)."""
        g = self.game
        if g.over:
            return []
        return g.legal_moves() if self.seat is None else g.legal_moves(self.seat)

    # -------------------------------------------------------------- actions

    def _marked(self, fn):
        """Run an action that "back" undoes as a whole."""
        step = self.game.step
        self.marks = {m for m in self.marks if m <= step} | {step}
        try:
            return fn()
        finally:
            self.marks.add(self.game.step)

    def click(self, move, auto=False):
        """A human's move; bots asked in the same simultaneous decision answer; with ``auto`` bots play on."""
        def run():
            before = self.game.decision
            self.apply(move)
            self._settle(before)
            if auto:
                self._bots_play_on()
        return self._marked(run)

    def back(self):
        """Undo to the position before the last action."""
        g = self.game
        if g.step == 0:
            return "This is the start: nothing to undo."
        earlier = [m for m in self.marks if m < g.step]
        g.goto(max(earlier) if earlier else g.step - 1)
        return None

    def forward(self):
        """Redo the next recorded action, or let the bots make the next decision."""
        g = self.game
        if g.history_length > g.step:
            later = [m for m in self.marks if g.step < m <= g.history_length]
            g.goto(min(later) if later else g.step + 1)
            return None
        if g.over:
            return f"The game is over: {g.result}."
        return self._marked(self._bots_decide)

    def goto(self, step: int):
        self.game.goto(int(step))

    def play_to_end(self):
        """Bots play every seat until the game ends (recorded history is replayed first)."""
        def run():
            g = self.game
            g.goto(g.history_length)
            n = 0
            while not g.over and n < PLAY_TO_END_CAP:
                seat = g.decision.players[0]
                self.apply(self.bot_move(seat))
                n += 1
            return None if g.over else f"Stopped after {PLAY_TO_END_CAP} moves without a winner."
        return self._marked(run)

    # -------------------------------------------------------------- bots and the lesson script

    def apply(self, move):
        """Apply a move, keeping track of the lesson script (bots follow it while the human does)."""
        g = self.game
        step = g.step
        self._taken = {s: i for s, i in self._taken.items() if s < step}
        if self._off_at is not None and self._off_at >= step:
            self._off_at = None  # a new branch from before the learner left the script
        idx = self._script_index(move)
        if idx is None and self.script_left():
            self._off_at = step
        g.apply(move)
        if idx is not None:
            self._taken[step] = idx

    def script_left(self) -> list[int]:
        """Indices of the lesson script's entries not yet played on this branch."""
        step = self.game.step
        if not self.script or (self._off_at is not None and step > self._off_at):
            return []
        used = {i for s, i in self._taken.items() if s < step}
        return [i for i in range(len(self.script)) if i not in used]

    def scripted(self, seat):
        """(index, move) of this seat's next scripted move, or None."""
        make = self.spec.lesson_move and registry.load(self.spec.lesson_move)
        for i in self.script_left()[:8]:
            entry = self.script[i]
            if entry[1] != seat:
                continue
            try:
                return i, make(self.game, *entry)
            except (ValueError, KeyError, TypeError):
                return None
        return None

    def _script_index(self, move):
        hit = self.scripted(move.player)
        return hit[0] if hit is not None and hit[1] == move else None

    def bot_move(self, seat):
        """The bot's move for ``seat``: the lesson script's when it has one, else the agent's choice."""
        g = self.game
        legal = g.legal_moves(seat)
        if not legal:
            raise ValueError(f"P{seat} has no legal move")
        hit = self.scripted(seat)
        if hit is not None and hit[1] in legal:
            return hit[1]
        return choose_for(self.agent, g, seat, self.rng, legal)  # a move for another seat: AgentError

    def _settle(self, before):
        """Bots still asked in the same simultaneous decision answer now (answers stay hidden until all are in)."""
        g = self.game
        while not g.over:
            d = g.decision
            same = (d.phase == before.phase and d.prompt == before.prompt and len(before.players) > 1
                    and set(d.players) < set(before.players))
            bots = [s for s in d.players if s in self.bots]
            if not same or not bots:
                return
            self.apply(self.bot_move(bots[0]))

    def _bots_decide(self):
        """Bots answer the current decision; a human seat asked must answer first (the sentence says who)."""
        g = self.game
        d = g.decision
        humans = [s for s in d.players if s not in self.bots]
        if humans:
            seat = self.seat
            if seat is not None and seat in humans:
                return f"Your move (P{seat}): choose one of the buttons below."
            if seat is None:
                return (f"Waiting for {', '.join(f'P{s}' for s in humans)} (not a bot): click a move, "
                        "or switch the seat to a bot.")
            shown = d.for_viewer(seat).players
            visible = [s for s in humans if s in shown]
            return f"Waiting for {', '.join(f'P{s}' for s in visible) or 'another player'}."
        self.apply(self.bot_move(d.players[0]))
        self._settle(d)
        return None

    def _bots_play_on(self):
        g = self.game
        n = 0
        while not g.over and n < PLAY_TO_END_CAP:
            d = g.decision
            if any(s not in self.bots for s in d.players):
                return
            self.apply(self.bot_move(d.players[0]))
            n += 1
