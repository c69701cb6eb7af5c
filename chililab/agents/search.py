"""A search bot for every game: determinised Monte Carlo search over worlds its seat cannot tell apart.

The bot never sees the game. It is handed its seat's :class:`~chililab.engine.worlds.Knowledge` (the
position with every card it cannot see put in a fixed order) and its legal moves. Each *round*:

1. deal the unseen cards at random into a world (:meth:`Knowledge.world`: a whole position that agrees with
   everything the seat sees, see :mod:`chililab.engine.worlds` for the model);
2. play each legal move in a copy of that world, then play the game on (a *rollout*) with the game's rule
   bot in every seat (or random moves), every move's rollout with the same random numbers, to the end of
   the game or for ``depth`` decisions (then the game's ``estimate(seat)`` scores it);
3. score each for the seat: its share of the win (1 for a win alone, 1/k for a win shared by k seats).

Its budget is the number of rollouts per decision (:data:`LEVELS` names three). It plays the rule bot's own
choice unless another move did better over the same rounds by more than :data:`MARGIN` standard errors of the
paired difference: with a small budget it plays like the rule bot, with a larger one it corrects it where the
games played on say so. The same statistics are what the coach shows (:class:`Search`, :mod:`chililab.coach`).

Why not a tree below the seat's own move: every other seat's move depends on cards the seat cannot see, so a
tree below it would mix worlds; the rollouts' rule bots stand in for the others' replies. This is flat
determinised search (perfect-information Monte Carlo over sampled worlds, a one-step rollout improvement of
the rule bot) - the stated model.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from chililab.engine import registry
from chililab.engine.errors import ConfigError
from chililab.engine.lazyview import ViewOnDemand

from .base import Agent

#: named strengths: the iterations each level spends on one decision
LEVELS = {"easy": 50, "medium": 200, "hard": 800}
#: the most iterations a search bot may be asked for (a typed name cannot tie up a server)
MAX_ITERATIONS = 20_000
#: how many standard errors of the paired difference a move must beat the rollout policy's own choice by
MARGIN = 2.0
#: how many of the positions it decided in a search bot remembers (to play the rule bot's move in one it meets
#: again: free moves that undo each other cannot make it go round in a circle)
REMEMBER = 512


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move's statistics after a search: ``playouts`` worlds played after it, ``mean`` its mean
    score for the seat (a share of the win), ``low``/``high`` a 95 % Wilson interval of that share."""

    move: Any
    playouts: int
    mean: float
    low: float
    high: float


def wilson(total: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``total / n`` (``total`` may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    p = total / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def share(result, seat: int) -> float:
    """The seat's share of the win in a finished game (1/k when k seats share it)."""
    winners = result.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def parse_budget(text: str) -> int:
    """Iterations from ``"200"`` or a level name (``"hard"``); ConfigError for anything else."""
    t = str(text).strip().lower()
    if t in LEVELS:
        return LEVELS[t]
    if not t.isdigit():
        raise ConfigError(f"a search bot's budget is a whole number of iterations or one of {', '.join(LEVELS)}, "
                          f"not {t[:40]!r}")
    n = int(t)
    if not 1 <= n <= MAX_ITERATIONS:
        raise ConfigError(f"a search bot's budget is 1 to {MAX_ITERATIONS:,} iterations, not {n:,}")
    return n


class SearchAgent(Agent):
    """Determinised Monte Carlo search (module docstring) with a budget of ``iterations`` per decision.

    ``rollout``: ``"rules"`` (the game's rule bot plays every seat in the rollouts: its rules state's
    ``SEARCH_ROLLOUT`` agent name when it has one, else the spec's default bot) or ``"random"``;
    ``depth``: the most decisions a rollout plays before it is scored by the game's ``estimate(seat)``
    (None: to the end of the game; ``"game"``: the game's own ``SEARCH_DEPTH``, a class attribute of its
    rules state, None when it has none). ``game``: the registered game's name (for its rule bot).
    """

    name = "search"
    #: what the runner hands this agent instead of a view: its seat's Knowledge
    sees = "knowledge"

    def __init__(self, iterations: int = LEVELS["medium"], game: str | None = None, rollout: str = "rules",
                 depth: int | str | None = "game", margin: float | None = None):
        if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
            raise ConfigError(f"a search bot's budget is 1 to {MAX_ITERATIONS:,} iterations, not {iterations!r}")
        if depth != "game" and depth is not None and (type(depth) is not int or depth < 1):
            raise ConfigError(f"a search bot's rollout depth is a whole number of decisions or None, not {depth!r}")
        if rollout not in ("rules", "random"):
            raise ConfigError(f"a search bot's rollouts are 'rules' or 'random', not {rollout!r}")
        self.iterations = iterations
        self.margin = MARGIN if margin is None else float(margin)
        self.game = game
        self._seen: dict[int, None] = {}  # positions it has decided in (hashes of its knowledge), newest last
        self.rollout = rollout
        self.depth = depth
        self.name = f"search:{iterations}"
        self._policy: Agent | None = None

    def __getstate__(self):  # picklable for worker processes: the rule bot is built again there
        d = dict(self.__dict__)
        d["_policy"] = None
        d["_seen"] = {}
        return d

    def _rollout_agent(self, state) -> Agent | None:
        if self.rollout == "random":
            return None
        if self._policy is None:
            name = self.game or state.flow.game
            spec = registry.get(name)
            bot = getattr(type(state), "SEARCH_ROLLOUT", None) or spec.bot  # a game's rules may name another
            self._policy = spec.agent(bot) if bot != "random" else None
        return self._policy

    # ------------------------------------------------------------ choosing
    def choose(self, knowledge, legal_moves, rng):
        if len(legal_moves) == 1:
            return legal_moves[0]
        search = Search(self, knowledge, legal_moves, rng)
        if self._again(knowledge):
            # a position it has already decided in (a free move undone, e.g. a Sweet Chili moved back): the rule
            # bot's move, so a search that finds two free moves equally good cannot go round in a circle
            a = search.anchor
            return legal_moves[a] if a is not None else rng.choice(legal_moves)
        search.run(self.iterations)
        return search.choice()

    def _again(self, knowledge) -> bool:
        """True when the bot has decided in this very position before (and remembers it from now on)."""
        key = hash(knowledge.key())
        seen = self._seen
        if key in seen:
            return True
        seen[key] = None
        if len(seen) > REMEMBER:
            del seen[next(iter(seen))]
        return False

    def analyse(self, knowledge, legal_moves, rng: random.Random, iterations: int | None = None,
                progress=None) -> list[MoveEstimate]:
        """Every legal move's estimate after ``iterations`` (default: the budget) worlds, most played first.

        ``progress(done)``, when given, is called after each iteration.
        """
        search = Search(self, knowledge, legal_moves, rng)
        search.run(self.iterations if iterations is None else iterations, progress=progress)
        return search.estimates()

    @staticmethod
    def _pick(world, seat: int, legal: list, policy: Agent, rng: random.Random):
        """The rollout policy's move for ``seat`` in ``world`` (its view built as the runner builds it)."""
        if getattr(policy, "lazy_view", False) is True:
            view = (getattr(type(world), "seat_view", None) or ViewOnDemand)(world, seat)
            move = policy.choose(view, legal, rng)
            view._close()
            return move
        return policy.choose(world.view(seat), legal, rng)

    def _play_out(self, world, seat: int, policy: Agent | None, rng: random.Random) -> float:
        """Play ``world`` on and score it for ``seat``."""
        depth: int | None = getattr(type(world), "SEARCH_DEPTH", None) if self.depth == "game" else self.depth  # type: ignore[assignment]
        steps = 0
        lazy = policy is not None and getattr(policy, "lazy_view", False) is True
        make_view = (getattr(type(world), "seat_view", None) or ViewOnDemand) if lazy else None
        while world.result is None:
            if depth is not None and steps >= depth:
                return float(world.estimate(seat))
            for s in tuple(world.decision.players):
                if world.result is not None or s not in world.decision.players:
                    break
                legal = world.legal_moves(s)
                if policy is None or len(legal) == 1:
                    move = legal[0] if len(legal) == 1 else rng.choice(legal)
                elif make_view is not None:
                    view = make_view(world, s)
                    move = policy.choose(view, legal, rng)
                    view._close()
                else:
                    move = policy.choose(world.view(s), legal, rng)
                world.play(move)
                steps += 1
        return share(world.result, seat)


class Search:
    """One decision's search, run a little at a time: :meth:`run` adds rounds to what is known.

    A *round* deals one world and plays every legal move in it, each followed by a rollout with the same
    random numbers (common random numbers: the moves are compared on the same deal and the same luck, so a
    difference between two moves shows after far fewer games than with a world per move). The rollout
    policy's own choice here is the *anchor*: the search plays another move only when that move has done
    better than the anchor by more than :data:`MARGIN` standard errors of their paired difference.
    """

    def __init__(self, agent: SearchAgent, knowledge, legal_moves, rng: random.Random):
        self.agent = agent
        self.knowledge = knowledge
        self.moves = list(legal_moves)
        self.rng = rng
        k = len(self.moves)
        self.totals = [0.0] * k
        self.diffs = [0.0] * k  # the sum over rounds of (this move's score - the anchor's)
        self.squares = [0.0] * k  # ... and of its square
        self.rounds = 0
        self._policy = agent._rollout_agent(knowledge.state)
        self.anchor = self._anchor()

    def _anchor(self) -> int | None:
        policy = self._policy
        if policy is None or len(self.moves) < 2:
            return None
        st = self.knowledge.state
        move = self.agent._pick(st, self.knowledge.seat, self.moves, policy, random.Random(0))
        return next((i for i, m in enumerate(self.moves) if m == move), None)

    @property
    def done(self) -> int:
        """Rollouts played so far (a round plays one per move)."""
        return self.rounds * len(self.moves)

    def run(self, iterations: int, deadline: float | None = None, progress=None) -> int:
        """Play rounds until about ``iterations`` more rollouts (at least one round), or until
        ``time.monotonic()`` passes ``deadline``; return how many rollouts were played. ``progress(done)``
        is called after each round."""
        agent, knowledge, rng, policy = self.agent, self.knowledge, self.rng, self._policy
        seat, moves = knowledge.seat, self.moves
        k = len(moves)
        answer = None if policy is None else (lambda w, q, legal: agent._pick(w, q, legal, policy, rng))
        rounds = max(1, iterations // k)
        played = 0
        while played < rounds and (deadline is None or self.rounds == 0 or time.monotonic() < deadline):
            world = knowledge.world(rng, answer)
            luck = rng.getrandbits(64)
            scores = []
            for m in moves:
                w = world.clone()
                w.events = None
                w.play(m)
                scores.append(agent._play_out(w, seat, policy, random.Random(luck)))
            a = self.anchor
            base = scores[a] if a is not None else 0.0
            for i, x in enumerate(scores):
                self.totals[i] += x
                d = x - base
                self.diffs[i] += d
                self.squares[i] += d * d
            self.rounds += 1
            played += 1
            if progress is not None:
                progress(self.done)
        return played * k

    def estimates(self) -> list[MoveEstimate]:
        """Every move's estimate so far, the best mean first."""
        n = self.rounds
        out = []
        for m, t in zip(self.moves, self.totals):
            lo, hi = wilson(t, n)
            out.append(MoveEstimate(m, n, t / n if n else 0.0, lo, hi))
        out.sort(key=lambda e: -e.mean)
        return out

    def choice(self):
        """The move to play: the best mean, where it beats the anchor surely enough; else the anchor."""
        n = self.rounds
        best = max(range(len(self.moves)), key=lambda i: (self.totals[i], i == self.anchor))
        a = self.anchor
        if a is None or best == a or n < 2:
            return self.moves[best if a is None or n >= 2 else a]
        mean = self.diffs[best] / n
        var = max(0.0, self.squares[best] / n - mean * mean) * n / (n - 1)
        return self.moves[best] if mean > self.agent.margin * math.sqrt(var / n) else self.moves[a]


def make_search(spec_name: str, budget: str = "") -> SearchAgent:
    """The search bot of a game for an agent name's budget part (``"search:400"``, ``"search:hard"``)."""
    return SearchAgent(parse_budget(budget) if budget else LEVELS["medium"], game=spec_name)
