"""A search bot for every game: determinised Monte Carlo search over worlds its seat cannot tell apart.

The bot never sees the game. It is handed its seat's :class:`~chililab.engine.worlds.Knowledge` (the
position with every card it cannot see put in a fixed order) and its legal moves. Each *iteration*:

1. deal the unseen cards at random into a world (:meth:`Knowledge.world`: a whole position that agrees with
   everything the seat sees, see :mod:`chililab.engine.worlds` for the model);
2. pick one of its legal moves by UCB1 (the move with the best mean so far, plus a bonus for moves tried
   less often), and play it in that world on the playout path;
3. play the world on (a *rollout*) with the game's rule bot in every seat (or random moves), to the end of
   the game or for ``depth`` decisions, and score it for the seat: its share of the win (1 for a win alone,
   1/k for a win shared by k seats, 0 for a loss).

It plays the move tried most often. Its strength is its iteration budget; :data:`LEVELS` names three.
The same statistics are what the coach shows: :meth:`SearchAgent.analyse` returns, for every legal move,
its playouts and mean score, with an interval.

Why not a tree below the seat's own move: every other seat's move depends on cards the seat cannot see, so
a tree below it would mix worlds; the rollouts' rule bots stand in for the others' replies. This is flat
determinised search ("perfect information Monte Carlo" with UCB1 at the root) - the stated model.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from chililab.engine import registry
from chililab.engine.errors import ConfigError

from .base import Agent

#: named strengths: the iterations each level spends on one decision
LEVELS = {"easy": 50, "medium": 200, "hard": 800}
#: the most iterations a search bot may be asked for (a typed name cannot tie up a server)
MAX_ITERATIONS = 20_000
#: the exploration constant of UCB1 (scores are shares of a win, between 0 and 1)
EXPLORE = 0.7


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
                 depth: int | str | None = "game"):
        if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
            raise ConfigError(f"a search bot's budget is 1 to {MAX_ITERATIONS:,} iterations, not {iterations!r}")
        if depth != "game" and depth is not None and (type(depth) is not int or depth < 1):
            raise ConfigError(f"a search bot's rollout depth is a whole number of decisions or None, not {depth!r}")
        if rollout not in ("rules", "random"):
            raise ConfigError(f"a search bot's rollouts are 'rules' or 'random', not {rollout!r}")
        self.iterations = iterations
        self.game = game
        self.rollout = rollout
        self.depth = depth
        self.name = f"search:{iterations}"
        self._policy: Agent | None = None

    def __getstate__(self):  # picklable for worker processes: the rule bot is built again there
        d = dict(self.__dict__)
        d["_policy"] = None
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
        best = max(self.analyse(knowledge, legal_moves, rng), key=lambda e: (e.playouts, e.mean))
        return best.move

    def analyse(self, knowledge, legal_moves, rng: random.Random, iterations: int | None = None,
                progress=None) -> list[MoveEstimate]:
        """Every legal move's estimate after ``iterations`` (default: the budget) worlds, best first.

        ``progress(done)``, when given, is called after each iteration (a coach's bar).
        """
        seat = knowledge.seat
        moves = list(legal_moves)
        k = len(moves)
        visits = [0] * k
        totals = [0.0] * k
        policy = self._rollout_agent(knowledge.state)
        budget = self.iterations if iterations is None else iterations
        for it in range(budget):
            if it < k:
                i = it  # every move once first
            else:
                logn = math.log(it)
                i = max(range(k), key=lambda j: totals[j] / visits[j] + EXPLORE * math.sqrt(logn / visits[j]))
            world = knowledge.world(rng)
            world.play(moves[i])
            totals[i] += self._play_out(world, seat, policy, rng)
            visits[i] += 1
            if progress is not None:
                progress(it + 1)
        out = []
        for m, n, t in zip(moves, visits, totals):
            lo, hi = wilson(t, n)
            out.append(MoveEstimate(m, n, t / n if n else 0.0, lo, hi))
        out.sort(key=lambda e: (-e.playouts, -e.mean))
        return out

    def _play_out(self, world, seat: int, policy: Agent | None, rng: random.Random) -> float:
        """Play ``world`` on and score it for ``seat``."""
        depth = self.depth
        if depth == "game":
            depth = getattr(type(world), "SEARCH_DEPTH", None)
        steps = 0
        make_view = type(world).seat_view if policy is not None else None
        while world.result is None:
            if depth is not None and steps >= depth:
                return float(world.estimate(seat))
            for s in tuple(world.decision.players):
                if world.result is not None or s not in world.decision.players:
                    break
                legal = world.legal_moves(s)
                if policy is None or len(legal) == 1:
                    move = legal[0] if len(legal) == 1 else rng.choice(legal)
                else:
                    view = make_view(world, s)
                    move = policy.choose(view, legal, rng)
                    view._close()
                world.play(move)
                steps += 1
        return share(world.result, seat)


def make_search(spec_name: str, budget: str = "") -> SearchAgent:
    """The search bot of a game for an agent name's budget part (``"search:400"``, ``"search:hard"``)."""
    return SearchAgent(parse_budget(budget) if budget else LEVELS["medium"], game=spec_name)
