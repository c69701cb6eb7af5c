"""Win shares and ratings of agents from many games: pure functions a class can check by hand.

A game is given as ``(seat_agents, winners)``: the agent name in each seat and the winning seats
(a shared win: several seats; no winner: an empty tuple).

* :func:`win_shares`: each agent's share of wins per seat it played (a win shared by k seats is 1/k
  to each), with a 95% :func:`wilson` interval; the fair share of a P-seat game is 1/P.
* :func:`pairwise`: the games as pairwise results (the Bradley–Terry decomposition of a multi-player
  game): every winning seat beats every losing seat (1 win); two seats that share a win tie (half a
  win each); two losers are not compared; a game without a winner is a tie of every pair. Two seats
  of the same agent are never compared.
* :func:`bradley_terry`: the maximum-likelihood strengths (P(i beats j) = p_i / (p_i + p_j)) by
  Hunter's MM algorithm, as Elo-like ratings: 400 * log10(p_i) anchored so that one agent is 1000
  (a rating difference d means P(win) = 1 / (1 + 10 ** (-d / 400))).
* :func:`bootstrap_ratings`: 95% intervals of the ratings from resampled games (seeded).

With two agents the fit has a closed form: p = wins of A / comparisons, and A's rating minus B's is
400 * log10(p / (1 - p)):

>>> games = [(("a", "b"), (0,))] * 3 + [(("a", "b"), (1,))]
>>> r = bradley_terry(pairwise(games, ["a", "b"]), prior=0)
>>> round(float(r[0] - r[1]), 2), round(400 * math.log10(0.75 / 0.25), 2)
(190.85, 190.85)

``prior``: a virtual drawn game between every two agents (half a win each way), so that an agent that
won (or lost) every comparison gets a finite rating; it weighs as one game among all those played.
``prior=0`` is the plain maximum-likelihood fit (infinite when an agent never lost or never won).
numpy comes with pandas (the ``sim`` extra).
"""
from __future__ import annotations

import math
import warnings
from collections.abc import Sequence

import numpy as np

from .metrics.stats import Z95, wilson

#: the rating of the anchor agent (``random``, else the first)
ANCHOR_RATING = 1000.0
#: Elo's scale: 400 rating points are a factor of 10 in the odds of winning
SCALE = 400.0

Game = tuple[Sequence[str], Sequence[int]]

__all__ = ["ANCHOR_RATING", "SCALE", "Z95", "bootstrap_ratings", "bradley_terry", "game_pairs", "pairwise",
           "win_shares", "wilson"]


def win_shares(games: Sequence[Game], agents: Sequence[str]) -> dict[str, dict]:
    """For each agent: ``seats`` (seat-games played), ``wins`` (its shares of wins, 1/k for a win shared by k
    seats), ``share`` (wins / seats) and ``low``/``high`` (the 95% Wilson interval of that share).

    >>> s = win_shares([(("a", "b"), (0,)), (("b", "a"), (0, 1))], ["a", "b"])
    >>> s["a"]["wins"], s["a"]["seats"], s["b"]["share"]
    (1.5, 2, 0.25)
    """
    seats = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0.0)
    for lineup, winners in games:
        for name in lineup:
            seats[name] += 1
        for w in winners:
            wins[lineup[w]] += 1.0 / len(winners)
    out = {}
    for name in agents:
        n = seats[name]
        lo, hi = wilson(wins[name], n)
        out[name] = {"seats": n, "wins": wins[name], "share": wins[name] / n if n else math.nan, "low": lo, "high": hi}
    return out


def game_pairs(lineup: Sequence[str], winners: Sequence[int], index: dict[str, int]) -> np.ndarray:
    """One game's pairwise results (module text) as a matrix W: W[i, j] = wins of agent i over agent j."""
    k = len(index)
    w = np.zeros((k, k))
    won = set(winners)
    seats = range(len(lineup))
    for s in seats:
        for t in seats:
            a, b = index[lineup[s]], index[lineup[t]]
            if s == t or a == b:
                continue
            if s in won and t not in won:
                w[a, b] += 1.0
            elif (s in won and t in won and s < t) or (not won and s < t):
                w[a, b] += 0.5
                w[b, a] += 0.5
    return w


def pairwise(games: Sequence[Game], agents: Sequence[str]) -> np.ndarray:
    """All games' pairwise results summed: W[i, j] = wins of ``agents[i]`` over ``agents[j]``."""
    index = {a: i for i, a in enumerate(agents)}
    total = np.zeros((len(agents), len(agents)))
    for lineup, winners in games:
        total += game_pairs(lineup, winners, index)
    return total


def bradley_terry(wins, anchor: int = 0, prior: float = 1.0, tol: float = 1e-10, max_iter: int = 100_000) -> np.ndarray:
    """Elo-like Bradley–Terry ratings from a pairwise win matrix (``wins[i, j]``: i's wins over j).

    Maximum likelihood by the MM algorithm (Hunter 2004): p_i <- W_i / sum_j N_ij / (p_i + p_j), with W_i
    i's wins and N_ij the comparisons of i and j, until no log-strength moves by ``tol``. Returned as
    ``ANCHOR_RATING + SCALE * log10(p_i / p_anchor)``. ``prior``: virtual drawn games between every two
    agents (module text). An agent compared with nobody gets NaN; with ``prior=0``, one that never lost
    gets +inf and one that never won -inf.
    """
    w = np.array(wins, dtype=float)
    k = len(w)
    if k and prior:
        w = w + prior / 2 * (1 - np.eye(k))
    n = w + w.T
    total = w.sum(axis=1)
    played = n.sum(axis=1) > 0
    p = np.where(played, 1.0, np.nan)
    ok = played & (total > 0) & (total < n.sum(axis=1))  # agents with a finite strength
    idx = np.flatnonzero(ok)
    if len(idx):
        sub_n = n[np.ix_(idx, idx)]
        sub_w = w[np.ix_(idx, idx)].sum(axis=1)  # wins against the agents of finite strength only
        q = np.ones(len(idx))
        for _ in range(max_iter):
            denom = (sub_n / (q[:, None] + q[None, :])).sum(axis=1)
            new = np.where(denom > 0, sub_w / np.where(denom > 0, denom, 1.0), q)
            if not (new > 0).all():  # (prior=0 only) an agent beat only agents of infinite strength
                q = new
                break
            new = new / math.exp(np.log(new).mean())
            done = np.max(np.abs(np.log(new) - np.log(q))) < tol
            q = new
            if done:
                break
        p[idx] = q
    p[played & ~ok & (total <= 0)] = 0.0
    p[played & ~ok & (total > 0)] = np.inf
    with np.errstate(divide="ignore", invalid="ignore"):
        logp = np.log10(p)
        base = logp[anchor] if k else 0.0
        if not np.isfinite(base):  # the anchor itself never won or never lost: anchor on the mean of the rest
            finite = logp[np.isfinite(logp)]
            base = finite.mean() if len(finite) else 0.0
        return ANCHOR_RATING + SCALE * (logp - base)


def bootstrap_ratings(games: Sequence[Game], agents: Sequence[str], resamples: int = 200, seed: int = 0,
                      anchor: int = 0, prior: float = 1.0, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """``level`` percentile intervals (low, high arrays, one entry per agent) of the :func:`bradley_terry`
    ratings, over ``resamples`` resamples of the games with replacement (numpy's generator seeded with ``seed``).

    >>> games = [(("a", "b"), (0,))] * 30 + [(("a", "b"), (1,))] * 10
    >>> lo, hi = bootstrap_ratings(games, ["a", "b"], resamples=50)
    >>> bool(lo[1] < bradley_terry(pairwise(games, ["a", "b"]))[1] < hi[1]), bool(lo[0] == hi[0] == 1000)
    (True, True)
    """
    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    if not games or not resamples:
        nan = np.full(k, np.nan)
        return nan, nan.copy()
    per_game = np.stack([game_pairs(lineup, winners, index) for lineup, winners in games])
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(len(games), np.full(len(games), 1 / len(games)), size=resamples)
    fits = np.array([bradley_terry(np.tensordot(c, per_game, axes=1), anchor, prior) for c in counts])
    tail = (1 - level) / 2 * 100
    finite = np.where(np.isfinite(fits), fits, np.nan)
    with warnings.catch_warnings():  # an agent never rated in any resample: NaN, without a warning
        warnings.simplefilter("ignore", RuntimeWarning)
        lo = np.nanpercentile(finite, tail, axis=0)
        hi = np.nanpercentile(finite, 100 - tail, axis=0)
    return lo, hi
