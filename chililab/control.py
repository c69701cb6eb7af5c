"""The stepper's controller: a game at a table of humans and bots, without any widget.

:class:`Controller` holds what a stepper needs besides its pictures: the game,
the viewer's seat (``None``: the teacher), which seats bots play and with which
agent, the lesson script the bots follow while the learner does, and the marks
that make "back" undo a whole action (a click and the bots' answers). Every
method returns a sentence for the status line (or ``None``) and raises
``ValueError`` (``IllegalMove``, ``ConfigError`` ...) for a refused action, so
the widgets only draw and relay. It names no game: agents, lessons and
replays come from the registry.

Two seats matter: ``seat`` is the *viewer* (``None``: the teacher, who sees
every hand) and ``you`` is the seat the person *plays* (the lesson's learner,
or the seat the game was dealt for). In the teacher's view the bots still play
every seat but ``you``, so "bots reply at once" never runs past the next
decision of ``you``. In a lesson, :meth:`lesson_state` says when the script
the hint describes has been played through ("done"): bots then stop, so the
page can pause where the rule fired.

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
from chililab.engine.words import people, result_words, seat_name, seat_names

PLAY_TO_END_CAP = 3000
#: the move group of moves the rules allow that cannot have an effect now (see ``GameSpec.move_group``)
OTHER = "other moves"


def make_agent(agent, game: str):
    """A bot with ``choose(view, legal_moves, rng)``: ``agent`` itself when it has ``choose``, else the
    registered game's agent of that name (``None``: the game's usual bot)."""
    if agent is not None and hasattr(agent, "choose"):
        return agent
    spec = registry.get(game)
    return spec.agent(spec.bot if agent is None else agent)


def _seats(game) -> int:
    return game.view(None).players


def learner_text(spec, text) -> str:
    """Engine text (an event, a prompt, a refusal) as a learner reads it: seats as people count them, plurals
    written out (:func:`chililab.engine.words.people`), then the game's own words (``GameSpec.words``).

    >>> learner_text(registry.get("loco"), "P0 draws 2 card(s)")
    'Player 1 draws 2 cards'
    """
    text = people(text)
    return registry.load(spec.words)(text) if spec.words else text


def game_over_words(spec, result) -> tuple[str, list[tuple[str, int, bool]]]:
    """A finished game's sentence and scores table (:func:`chililab.engine.words.result_words`), with the
    game's words for how it ended (its simulation columns' ``how``)."""
    stats = spec.sim_stats()
    return result_words(result, stats.how if stats is not None else None)


def group_moves(spec, moves, view_of) -> list[tuple[str, list, str | None]]:
    """``moves`` as (group title, moves, rule ID or None) in the game's order, one move per distinct text, each
    grouped by the game's ``move_group`` as its player sees the table (``view_of(seat)``); see
    :meth:`Controller.move_groups`."""
    group = spec.move_group and registry.load(spec.move_group)
    out: dict[str, tuple[list, str | None]] = {}
    seen = set()
    views: dict = {}
    for m in moves:
        label = str(m)
        if label in seen:
            continue
        seen.add(label)
        if group:
            if m.player not in views:
                views[m.player] = view_of(m.player)
            title, rule = group(views[m.player], m)
        else:
            title, rule = "", None
        out.setdefault(title, ([], rule))[0].append(m)
    order = list(getattr(group, "ORDER", ()))

    def rank(title):  # a title in ORDER, or one that starts with an ORDER title and a space, sorts with it
        return next((i for i, o in enumerate(order) if title == o or title.startswith(o + " ")), len(order))

    titles = sorted(out, key=lambda t: (t == OTHER, rank(t)))
    return [(t, out[t][0], out[t][1]) for t in titles]


def move_label(spec, view, move) -> str:
    """A move button's words as its player (who sees ``view``) reads them: the game's ``move_label``, else the
    move's text in a learner's words."""
    if spec.move_label:
        return registry.load(spec.move_label)(view, move)
    return learner_text(spec, str(move))


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

    def set_bots_agent(self, agent) -> None:
        """The bots' agent from now on (a name of one of the game's agents, or an agent); ConfigError for an
        unknown name, and nothing changes then."""
        built = make_agent(agent, self.spec.name)
        self._agent, self.agent = agent, built

    def load_game(self, game, seat=None, bots=None, lesson=None, you=None):
        """Sit at another game (a lesson's position, a loaded record); bots: every seat but ``you`` by default.

        ``you``: the seat the person plays (default: ``seat``; in the teacher's view ``seat`` is None
        and ``you`` may still name a seat, e.g. the lesson's learner)."""
        self.game = game
        self.spec = registry.spec_of(game)
        self.agent = make_agent(self._agent, self.spec.name)
        self.lesson = lesson
        self.seat = seat
        self.you = seat if you is None else you
        self.rng = random.Random(self._bot_seed if self._bot_seed is not None else game.seed)
        self.marks: set[int] = set()
        self.script = list(lesson.script) if lesson is not None else []
        self._taken: dict[int, int] = {}  # step -> script index consumed there
        self._off_at = None  # step at which the human left the script
        self.start = game.step  # where the lesson (or the loaded game) begins
        self.bots = self._others(self.you) if bots is None else set(bots)

    def load_lesson(self, lesson, teacher=False):
        """Start a lesson (or its key): its position, the learner's seat is ``you``; bots follow its script.

        ``teacher``: keep the teacher's view (every hand) while the learner's seat is the one played."""
        if isinstance(lesson, str):
            lesson = self.spec.lesson(lesson)
        self.load_game(lesson.build(), seat=None if teacher else lesson.seat, lesson=lesson, you=lesson.seat)
        return lesson

    def read_record(self, text: str):
        """The game a pasted record (JSON text) describes, checked to fit this table, or ``ValueError``
        with a sentence a visitor can read. Nothing changes here (see :meth:`load_text`)."""
        game = self.spec.replay(text)
        players = _seats(game)
        for role, s in (("you look from", self.seat), ("you play", self.you)):
            if s is not None and not 0 <= s < players:
                raise ValueError(f"this saved game has {players} players, so there is no {seat_name(s)} (the seat "
                                 f"{role}): choose a seat from {seat_name(0)} to {seat_name(players - 1)} or the "
                                 "teacher's view, then load again")
        return game

    def load_text(self, text: str):
        """Load a saved game (record JSON) of the same game; the seats stay. A record that cannot be
        shown here raises before anything changes."""
        self.load_game(self.read_record(text), seat=self.seat, you=self.you)
        return f"Loaded a saved game of {_seats(self.game)} players."

    def set_seat(self, seat):
        """Look from another seat (None = teacher, who keeps playing ``you``). A player's seat becomes ``you``;
        bots: every seat but ``you``."""
        self.seat = seat
        if seat is not None:
            self.you = seat
        self.bots = self._others(self.you)

    def set_bot(self, seat: int, on: bool, auto: bool = False):
        """A bot plays ``seat`` (``on``), or a person does (who clicks its moves in the teacher's view).

        With ``auto`` the game never waits for a seat just made a bot: if it is asked now, the bot answers at once
        (following the lesson script, as any bot does) and the bots play on until a person must decide."""
        (self.bots.add if on else self.bots.discard)(seat)
        g = self.game
        if not (on and auto) or g.over or self.lesson_state() == "done" or seat not in g.decision.players:
            return None
        was = self.lesson_state()

        def run():
            d = g.decision
            self.apply(self.bot_move(seat))
            self._settle(d)
            self._bots_play_on()
            return self.lesson_news(was)
        return self._marked(run)

    def _others(self, seat) -> set:
        return set(range(_seats(self.game))) - ({seat} if seat is not None else set())

    @property
    def humans(self) -> set:
        return set(range(_seats(self.game))) - self.bots

    def moves(self) -> list:
        """The moves the viewer may click now: a player's own; the teacher's: those of the deciding seats
        no bot plays (of every deciding seat when bots play them all)."""
        g = self.game
        if g.over:
            return []
        if self.seat is not None:
            return g.legal_moves(self.seat)
        if not self.humans:
            return g.legal_moves()
        return [m for s in g.decision.players if s not in self.bots for m in g.legal_moves(s)]

    def words(self, text) -> str:
        """Engine text as a learner reads it (:func:`learner_text`)."""
        return learner_text(self.spec, text)

    def label(self, move) -> str:
        """A move button's words: the game's ``move_label`` for it (as its player sees the table), else the
        move's text in a learner's words."""
        return move_label(self.spec, self.game.view(move.player), move)

    def game_over(self) -> tuple[str, list[tuple[str, int, bool]]]:
        """The finished game's sentence and scores table (:func:`game_over_words`)."""
        return game_over_words(self.spec, self.game.result)

    def move_groups(self) -> list[tuple[str, list, str | None]]:
        """The clickable moves as (group title, moves, rule ID or None) in the game's order, one move per
        distinct text (two identical cards make one button). The last group, "other moves", holds
        moves the rules allow but that cannot have an effect now; its rule says what they do."""
        return group_moves(self.spec, self.moves(), self.game.view)

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
        """A human's move; bots asked in the same simultaneous decision answer; with ``auto`` bots play on
        (never past the next decision of a human seat, nor past a lesson's "done").

        In a lesson the sentence says when it is done, or gives the hint when the move left the script."""
        def run():
            before = self.game.decision
            was = self.lesson_state()
            self.apply(move)
            self._settle(before)
            if auto:
                self._bots_play_on()
            return self.lesson_news(was)
        return self._marked(run)

    def lesson_news(self, was) -> str | None:
        """A sentence when the lesson's state changed from ``was``: done, or left the script."""
        now = self.lesson_state()
        if now == was or self.lesson is None:
            return None
        if now == "done":
            return f"Done: {self.lesson_summary()}"
        if now == "off":
            return (f"That is not the move this lesson asks for, so the bots now play on their own. "
                    f"Hint: {self.words(self.lesson.hint)} (\u21ba try again starts the lesson over.)")
        return None

    def explain(self, err) -> str:
        """A refused move in words: the engine's reason and clause, plus the lesson's hint in a lesson."""
        if self.game.over:  # the engine's refusal names its result object: say how the game ended instead
            return f"Refused: the game is over. {self.game_over()[0]}"
        # the reason alone: the rule it cites is shown beside it, one click away (its words and its ID)
        text = f"Refused: {self.words(getattr(err, 'reason', None) or str(err))}"
        if self.lesson is not None and self.lesson_state() == "playing":
            text += f". Hint: {self.words(self.lesson.hint)}"
        return text

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
            return f"The game is over: {self.game_over()[0]}"
        was = self.lesson_state()
        return self._marked(lambda: self._bots_decide() or self.lesson_news(was))

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

    def lesson_state(self) -> str | None:
        """None (no lesson), "playing", "done" (every script entry played on this branch) or "off"
        (a human left the script)."""
        if self.lesson is None or not self.script:
            return None
        step = self.game.step
        if self._off_at is not None and step > self._off_at:
            return "off"
        used = {i for s, i in self._taken.items() if s < step}
        return "done" if len(used) == len(self.script) else "playing"

    def lesson_event(self):
        """(step, index, event) of the line where the lesson's rule fired, as the viewer sees it: since the
        lesson began, the last event citing the lesson's first-listed rule that any event cites (else the
        last event); None before any event."""
        g = self.game
        rules = list(self.lesson.rules) if self.lesson is not None else []
        last, best, rank = None, None, len(rules)
        for step in range(self.start + 1, g.step + 1):
            for i, e in enumerate(g.events(step=step, viewer=self.seat)):
                last = (step, i, e)
                r = min((rules.index(x) for x in e.rules if x in rules), default=len(rules))
                if r < len(rules) and r <= rank:
                    best, rank = last, r
        return best or last

    def lesson_summary(self) -> str:
        """What just happened, in one sentence: the event where the lesson's rule fired."""
        hit = self.lesson_event()
        if hit is None:
            return self.words(self.lesson.title)
        text = self.words(hit[2].text).rstrip(".")
        return f"{text[:1].upper()}{text[1:]}."

    def script_left(self) -> list[int]:
        """Indices of the lesson script's entries not yet played on this branch."""
        step = self.game.step
        if not self.script or (self._off_at is not None and step > self._off_at):
            return []
        used = {i for s, i in self._taken.items() if s < step}
        return [i for i in range(len(self.script)) if i not in used]

    def scripted(self, seat):
        """(index, move) of this seat's next scripted move, or None."""
        if not self.spec.lesson_move:  # a game without lesson moves follows no script
            return None
        make = registry.load(self.spec.lesson_move)
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
            raise ValueError(f"{seat_name(seat)} has no legal move")
        hit = self.scripted(seat)
        if hit is not None and hit[1] in legal:
            return hit[1]
        return choose_for(self.agent, g, seat, self.rng, legal)  # a move for another seat: AgentError

    def _settle(self, before):
        """Bots still asked in the same simultaneous decision answer now (answers stay hidden until all are in)."""
        g = self.game
        while not g.over and self.lesson_state() != "done":
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
                return f"Your move ({seat_name(seat)}): choose one of the buttons below."
            if seat is None:
                return (f"Waiting for {seat_names(humans)} (not a bot): click a move, "
                        "or make that seat a bot.")
            shown = d.for_viewer(seat).players
            visible = [s for s in humans if s in shown]
            return f"Waiting for {seat_names(visible) if visible else 'another player'}."
        self.apply(self.bot_move(d.players[0]))
        self._settle(d)
        return None

    def _bots_play_on(self):
        g = self.game
        n = 0
        if not self.humans:
            return  # nobody to wait for: one decision per click (the teacher watching bots only)
        while not g.over and n < PLAY_TO_END_CAP and self.lesson_state() != "done":
            d = g.decision
            if any(s not in self.bots for s in d.players):
                return
            self.apply(self.bot_move(d.players[0]))
            n += 1
