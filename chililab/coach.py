"""The coach: every legal move's chance to win from here, estimated from games played on, and why.

The coach reads one seat's :class:`~chililab.engine.worlds.Knowledge` (never the cards that seat cannot
see), deals the unseen cards at random into many worlds, plays each on after one of the seat's moves with
the game's rule bot in every seat (:class:`~chililab.agents.search.Search`: every move on the same deals,
so that their differences show early), and says in a sentence what the numbers mean. :meth:`Coach.think` runs for a
time limit and may be called again: each call adds games to the same estimates ("simulate more").

>>> from chililab.engine import registry
>>> g = registry.get("crazy_eights").new_game(players=3, seed=4)
>>> coach = Coach(g, g.decision.players[0], seed=1)
>>> advice = coach.think(seconds=None, iterations=30)
>>> advice.playouts, len(advice.rows) == len(g.legal_moves(g.decision.players[0]))
(30, True)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from chililab.agents.search import MoveEstimate, Search, SearchAgent
from chililab.control import move_label
from chililab.engine import registry
from chililab.engine.worlds import Knowledge

#: how long the first answer may take (seconds): the coach answers within 2 s on the classroom server
FIRST_ANSWER = 1.5
#: the most games a coach plays on for one decision (refining stops there)
MOST = 5_000


@dataclass(frozen=True)
class Row:
    """One move in the coach's list: its words, its chance (a share of the win) with a 95 % interval."""

    move: object
    label: str
    chance: float
    low: float
    high: float
    playouts: int


@dataclass(frozen=True)
class Advice:
    """What the coach says now: the moves best first, the one it would choose, and a sentence why."""

    seat: int
    rows: tuple[Row, ...]  # best chance first
    playouts: int
    sentence: str
    whose: str  # whose view the coach reasons from, in words
    pick: int = 0  # the row of the move the coach would choose (the search bot's choice)

    @property
    def best(self) -> Row:
        return self.rows[self.pick]


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def labels(spec, view, legal) -> list[str]:
    """Each legal move's words in the coach's list: its button's words, and where two buttons read alike (All You
    Can Chili's serves of different dishes are both "to King Naga" under their dish's group) the group's title
    first, without its rule or what the dish does ("serve a 7 to King Naga")."""
    out = [move_label(spec, view, m) for m in legal]
    if len(set(out)) == len(out) or not spec.move_group:
        return out
    group = registry.load(spec.move_group)
    twice = {w for w in out if out.count(w) > 1}

    def title(m) -> str:
        return group(view, m)[0].split(" \u00b7 ")[0].split(":")[0]

    return [f"{title(m)} {w}" if w in twice else w for m, w in zip(legal, out)]


class Coach:
    """Advice for ``seat``'s decision in ``game`` (a ``Game`` or a ``Playout``), from that seat's view only.

    ``seed``: the worlds' random seed (the same seed, the same numbers); ``bot``: the rollouts' agent name
    (default: the game's usual bot).
    """

    def __init__(self, game, seat: int, seed: int = 0, bot: str | None = None):
        state = game.state
        self.spec = registry.get(state.flow.game)
        self.seat = seat
        self.knowledge = Knowledge(state, seat)
        legal = state.legal_moves(seat)
        if not legal:
            raise ValueError(f"P{seat} has no decision to make now: the coach advises a seat that is asked")
        # whole games played on (no rollout cut short): the chances are chances to win, not a guess's
        agent = SearchAgent(1, game=self.spec.name, rollout="random" if bot == "random" else "rules", depth=None)
        self.search = Search(agent, self.knowledge, legal, random.Random(seed))
        self._view = self.knowledge.view()
        self._labels = dict(enumerate(labels(self.spec, self._view, legal)))

    @property
    def playouts(self) -> int:
        return self.search.done

    @property
    def finished(self) -> bool:
        return self.search.done >= MOST

    def think(self, seconds: float | None = FIRST_ANSWER, iterations: int | None = None) -> Advice:
        """Play more games on (for ``seconds``, or ``iterations`` of them, whichever ends first; at least one
        per move the first time) and return the advice so far."""
        most = MOST - self.search.done
        if iterations is not None:
            most = min(most, iterations)
        deadline = None if seconds is None else time.monotonic() + seconds
        if most > 0:
            self.search.run(most, deadline)
        return self.advice()

    def advice(self) -> Advice:
        ests = self.search.estimates()
        index = {id(m): i for i, m in enumerate(self.search.moves)}
        rows = sorted((self._row(e, self._labels[index[id(e.move)]]) for e in ests if e.playouts),
                      key=lambda r: (-r.chance, -r.playouts))
        chosen = self.search.choice() if rows else None
        pick = next((i for i, r in enumerate(rows) if r.move is chosen), 0)
        return Advice(self.seat, tuple(rows), self.search.done, self.sentence(rows, pick),
                      f"P{self.seat}'s own cards and what the whole table can see", pick)

    @staticmethod
    def _row(e: MoveEstimate, label: str) -> Row:
        return Row(e.move, label, e.mean, e.low, e.high, e.playouts)

    def sentence(self, rows, pick: int = 0) -> str:
        """Why the move it would choose, in a learner's words: its chance beside the next best, how sure that
        is, and what the seat can see that explains it (the game's ``coach_fact``, when it has one)."""
        if not rows:
            return "The coach has not played any game on yet."
        best = rows[0]
        n = best.playouts
        if len(rows) == 1:
            said = f"There is only one move here: {best.label}."
        elif pick != 0:
            usual = rows[pick]
            said = (f"Too close to call yet: \u201c{best.label}\u201d won {percent(best.chance)} of {n} games "
                    f"played on and \u201c{usual.label}\u201d {percent(usual.chance)}, a difference the luck of "
                    f"the deal could make. The coach keeps to the usual play, \u201c{usual.label}\u201d, until "
                    f"more games say otherwise.")
        else:
            second = rows[1]
            if best.low > second.high:
                how = "clearly better than"
            elif best.chance - second.chance >= 0.05:
                how = "better than, but not yet surely better than,"
            else:
                how = "about as good as"
            said = (f"Best so far: \u201c{best.label}\u201d won {percent(best.chance)} of the {n} games played on "
                    f"after it, {how} \u201c{second.label}\u201d ({percent(second.chance)} of {second.playouts}).")
        fact = self.fact()
        return f"{said} {fact}" if fact else said

    def fact(self) -> str:
        """One thing the seat can see that bears on the choice (the game's ``coach_fact(view)``), or ''."""
        path = getattr(self.spec, "coach_fact", None)
        if not path:
            return ""
        return registry.load(path)(self._view) or ""
