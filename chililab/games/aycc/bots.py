"""All You Can Chili bots that read only their seat's view: a threshold player and an exact player.

Both read their seat's view and nothing else.

**ThresholdAgent** (``"threshold"``), a rule of thumb around one number, the chance that one unknown
dish burns its own character out: :func:`~chililab.games.aycc.odds.burn_chance` of the seat's knowledge
(:func:`~chililab.games.aycc.odds.knowledge_from_view`), counted here in whole numbers straight from the view
(:func:`unseen_flames`: the flames of the dishes the seat has not seen), the same numbers as the
calculator's fractions without building its knowledge at every decision:

- a dish that brings its own character exactly to its tolerance is served to it at once (the +10
  waits for its next turn);
- else it *withdraws* when the chance that one unknown dish (a random card among those it has not
  seen) burns its character out is above ``level`` (default 1/10), when withdrawing is allowed;
- otherwise it *serves*: the highest-scoring dish its own character can take while the burn-out
  chance afterwards stays at or below ``level``; else its hottest dish to the active opponent
  character with the highest heat (the likeliest to burn, judged by heat alone); else its lowest dish
  wherever it may;
- the Eye looks at a random opponent; it declines every Fork;
- while its character holds the Lock token it cannot withdraw (AYCC-ICON-LOCK-2), now or at its next turn,
  so the two self-serves above (both wait for a withdrawal) are left out: it serves the others; nor does it
  serve itself a Lock dish, which would lock it (AYCC-ICON-LOCK-1).

**ExactAgent** (``"exact"``), the seat's :class:`~chililab.games.aycc.odds.Knowledge` read with the exact
calculator (Bayes over the other
seats' tolerances and identities, :mod:`chililab.games.aycc.odds`). Its yardstick is the *wait value*
(:func:`~chililab.games.aycc.odds.wait_value`): the expected score if each of the other players' next
serves lands on its character with chance 1 / (active characters but one), none from the next player
when it holds the Last Target, and then it withdraws.

- *withdraw* when withdrawing now scores at least the wait value, and at least the wait value after
  serving itself any dish of its hand, when withdrawing is allowed;
- otherwise *serve*: an exact match to itself, when that beats the wait value without it; else the
  (dish, opponent character) with the highest exact burn-out chance when that chance is at least 1/2;
  else the dish to itself whose wait value afterwards is highest, if it beats the wait value without
  it; else the best burn-out chance above 0; else its lowest dish to the character likeliest to be
  the Neutral (a dish there feeds no rival);
- the Eye looks at the opponent whose tolerance it is least sure of (the most spread distribution);
  a Fork moves a top dish onto an opponent character when that burns it out with chance 1/2 or more;
- the wait values end in a withdrawal, so while its character holds the Lock token (no withdrawal now nor
  at its next turn, :meth:`~chililab.games.aycc.odds.Knowledge.withdraw_problem`) it values no self-serve
  and serves the others, and it values no self-serve of a Lock dish (which would lock it). An opponent's
  Siesta forbids withdrawing now only (the legal moves then hold no withdrawal); it is over by the next
  turn, so the wait values stand.

Both withdraw only when the withdrawal is among the legal moves, and both read the Lock and the Siestas
from the view, as the player sees them.

Decisions neither knows (Inferno abilities) get a random legal move.
"""
from __future__ import annotations

from fractions import Fraction

from chililab.agents.base import Agent
from chililab.games.aycc.odds import (
    ImpossiblePosition,
    burn_chance,
    knowledge_from_view,
    posterior,
    wait_value,
    withdraw_value,
)
from chililab.games.aycc.odds.knowledge import kind_of
from chililab.games.aycc.rules.cards import CHARACTERS
from chililab.games.aycc.rules.moves import Decline, Eye, Fork, Serve, Withdraw

HALF = Fraction(1, 2)


def key(c: int) -> str:
    """A character id's key, the name the calculators use."""
    return CHARACTERS[c].key


def unseen_flames(view, composition: list[int]) -> tuple[list[int], int]:
    """How many dishes of each flame the seat of ``view`` has not seen (the deck and the other hands) and how
    many in all: ``composition[f]``, the dishes of ``view.dishes`` with flame ``f``, less every pile of the
    row, the own hand and the box. :func:`~chililab.games.aycc.odds.flame_odds` of the seat's knowledge is each
    count over the total. ImpossiblePosition when every dish is in sight (as ``flame_odds``)."""
    left = composition[:]
    piles = view.piles
    seen = 0
    for c in view.row:
        for d in piles[c]:
            left[d.flame] -= 1
        seen += len(piles[c])
    for more in (view.hand, view.box):
        for d in more:
            left[d.flame] -= 1
        seen += len(more)
    n = len(view.dishes) - seen
    if not n:
        raise ImpossiblePosition("every dish is in sight: no unknown dish is left to serve")
    return left, n


def flame_counts(dishes) -> list[int]:
    """``out[f]``: how many of ``dishes`` have flame ``f`` (0 up to the highest flame)."""
    out = [0] * (max(d.flame for d in dishes) + 1)
    for d in dishes:
        out[d.flame] += 1
    return out


class _AyccAgent(Agent):
    """The dispatch both bots share: the turn, the Eye, the Fork; anything else at random."""

    lazy_view = True  # reads the view's fields only while choosing

    def choose(self, view, legal_moves, rng):
        phase = view.phase
        if phase == "ACTION":
            return self.turn(view, legal_moves, rng)
        if phase == "EYE":
            eyes = [m for m in legal_moves if isinstance(m, Eye)]
            return self.eye(view, eyes, rng) if eyes else legal_moves[0]
        if phase == "FORK":
            forks = [m for m in legal_moves if isinstance(m, Fork)]
            return self.fork(view, forks, legal_moves) if forks else legal_moves[0]
        return rng.choice(legal_moves)

    def turn(self, view, legal, rng):
        raise NotImplementedError

    def eye(self, view, eyes, rng):
        return rng.choice(eyes)

    def fork(self, view, forks, legal):
        return next(m for m in legal if isinstance(m, Decline))


def _wait(k) -> Fraction:
    """The own character's wait value: each other player's serve before the next turn lands on it with
    chance 1 / (active characters but one: the Last Target holder); the next player's cannot when the
    Last Target is on it."""
    others = k.players - 1 - (k.last_target == k.character)
    return wait_value(k, max(0, others), Fraction(1, max(1, len(k.active) - 1)))


def _self_serves(k, serves):
    return [m for m in serves if key(m.target) == k.character]


class ThresholdAgent(_AyccAgent):
    """Withdraws when one unknown dish would burn it out with a chance above ``level`` (see the module)."""

    name = "threshold"

    def __init__(self, level: Fraction = Fraction(1, 10)):
        # 1/10: of the levels 0, 1/20, 1/10, 1/5, 1/4, 1/3, 1/2 against 3 random agents and 0, 1/10, 1/4,
        # 1/3, 1/2 against 3 exact agents (1,000 games each), the cautious ones won most; 0 and 1/20 did as
        # well as 1/10 within the intervals (chililab/prob/NOTES.md)
        self.level = Fraction(level)
        self._flames: tuple = ((), [])  # (a game's dishes, their flame_counts): counted once per composition

    def _unseen(self, view) -> tuple[list[int], int]:
        """:func:`unseen_flames` of ``view``, the composition's flames counted once per game's dishes."""
        dishes = view.dishes
        if dishes is not self._flames[0]:
            self._flames = (dishes, flame_counts(dishes))
        return unseen_flames(view, self._flames[1])

    def turn(self, view, legal, rng):
        me = view.me
        own: list[Serve] = []  # serves to the own character
        others: list[Serve] = []  # serves to the others
        withdraw = None  # the withdrawal
        for m in legal:
            if isinstance(m, Serve):
                (own if m.target == me else others).append(m)
            elif withdraw is None and isinstance(m, Withdraw):
                withdraw = m
        serves = own + others
        if view.status[me] != "active" or view.lock == me:  # out, or Locked: no plan ends in a withdrawal
            own = []
        own = [m for m in own if m.dish.icon != "lock"]  # a Lock dish would lock it (AYCC-ICON-LOCK-1/2)
        piles, tolerance = view.piles, view.my_tolerance
        h = sum(d.flame for d in piles[me])
        for m in own:
            if h + m.dish.flame == tolerance:  # an exact match
                return m
        if withdraw is not None and serves or own:
            try:
                left, n = self._unseen(view)
            except ImpossiblePosition:  # every dish is in sight: no unknown dish can come, so none is a risk
                left, n = [], 0
            p, q = self.level.numerator, self.level.denominator

            def risky(room: int) -> bool:  # P(one unknown dish has a flame above room) > level, in whole numbers
                return n > 0 and sum(left[max(room + 1, 0):]) * q > p * n

            if withdraw is not None and risky(tolerance - h):  # burn_chance(k, own character) > level
                return withdraw
            safe = [m for m in own if h + m.dish.flame <= tolerance and not risky(tolerance - h - m.dish.flame)]
            if safe:
                return max(safe, key=lambda m: (m.dish.score, m.dish.id))
        elif withdraw is not None:  # nothing to serve
            return withdraw
        if others:
            heat: dict = {}
            for m in others:
                if m.target not in heat:
                    heat[m.target] = sum(d.flame for d in piles[m.target])
            hottest = max(heat.values())
            return max((m for m in others if heat[m.target] == hottest), key=lambda m: (m.dish.flame, m.dish.id, m.target))
        return min(serves, key=lambda m: (m.dish.flame, m.dish.id, m.target))


class ExactAgent(_AyccAgent):
    """Withdraws or serves by the exact calculator's values and burn-out chances (see the module)."""

    name = "exact"

    def turn(self, view, legal, rng):
        k = knowledge_from_view(view)
        serves = [m for m in legal if isinstance(m, Serve)]
        withdraw = next((m for m in legal if isinstance(m, Withdraw)), None)
        mine = k.withdraw_problem(later=True) is None  # active, and no Lock: the wait values may end in a withdrawal
        own = _self_serves(k, serves) if mine else []
        h = k.heat(k.character)
        after = {m: k.after_serve(m.dish, k.character) for m in own if h + m.dish.flame <= k.tolerance}
        value = {m: _wait(a) for m, a in after.items() if a.withdraw_problem(later=True) is None}  # not a Lock dish
        top = max(value, key=lambda m: (value[m], m.dish.id), default=None)
        stay = _wait(k) if mine else 0
        best_own = max(stay, value[top]) if top is not None else stay
        if withdraw is not None and (not serves or withdraw_value(k) >= best_own):
            return withdraw
        if top is not None and h + top.dish.flame == k.tolerance and value[top] > stay:
            return top
        post = posterior(k)
        others = [m for m in serves if key(m.target) != k.character]
        chance = {m: burn_chance(k, key(m.target), dish=m.dish, post=post) for m in others}
        best = max(others, key=lambda m: (chance[m], m.dish.flame, m.dish.id, m.target), default=None)
        if best is not None and chance[best] >= HALF:
            return best
        if top is not None and value[top] > stay:
            return top
        if best is not None and chance[best] > 0:
            return best
        neutral = post.neutral()
        return max(serves, key=lambda m: (neutral.get(key(m.target), 0), -m.dish.flame, -m.dish.id, m.target))

    def eye(self, view, eyes, rng):
        post = posterior(knowledge_from_view(view))

        def spread(m):
            dist = post.tolerance(m.seat)
            mean = sum(t * p for t, p in dist.items())
            return sum(p * (t - mean) ** 2 for t, p in dist.items())
        return max(eyes, key=lambda m: (spread(m), -m.seat))

    def fork(self, view, forks, legal):
        k = knowledge_from_view(view)
        post = posterior(k)

        def chance(m):
            dest = key(m.dest)
            pile = k.piles[key(m.source)]
            if dest == k.character or not pile or m.source == m.dest:
                return Fraction(0)
            return post.below(dest, k.heat(dest) + kind_of(pile[-1]).flame)
        best = max(forks, key=lambda m: (chance(m), -m.source, -m.dest))
        return best if chance(best) >= HALF else next(m for m in legal if isinstance(m, Decline))
