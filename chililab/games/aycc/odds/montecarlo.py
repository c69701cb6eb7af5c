"""Monte Carlo twins of the exact calculators: the same questions answered by simulation.

Each twin deals the hidden cards at random, the way the game does, and keeps only the deals that
fit what the player saw (rejection sampling): the seats whose identity the player does not know
get the row's other characters in a random order, the character left over being the Neutral; the
seats whose tolerance it does not know get random tolerance cards among those it has not seen.
A deal is thrown away when an active character's owner would have a tolerance below the heat it
stood. An unknown dish is a random card among those the player has not seen.

Every twin takes ``samples`` (the number of kept deals) and ``seed`` (or a ``random.Random``), and
returns :class:`~chililab.prob.intervals.Estimate` values: the estimate and its 99% interval.

>>> from chililab.games.aycc.odds.knowledge import Knowledge, kinds
>>> k = Knowledge(seat=0, character="king_naga", tolerance=18,
...               row=("king_naga", "piri_piri", "fuego_fred"), piles={"king_naga": kinds("6 3 4")})
>>> e = mc_burn_chance(k, "king_naga", samples=2000, seed=1)
>>> e.n, 0 < e.low < e.value < e.high < 1
(2000, True)
"""
from __future__ import annotations

import random
from collections import Counter

from chililab.games.aycc.rules.cards import CHILI_BONUS, EXACT_BONUS, TOLERANCES
from chililab.prob.intervals import Estimate, mean, proportion

from .exact import _may_withdraw, _named, _odds
from .knowledge import ImpossiblePosition, Knowledge
from .posterior import NEUTRAL

#: a twin gives up after this many rejected deals per kept one: the position is (nearly) impossible
MAX_REJECTS = 1000


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def sample_deals(k: Knowledge, samples: int, seed=0):
    """Yield ``samples`` random deals that fit ``k``: ``(owner, tolerance)`` dicts, ``owner[c]`` the seat of
    character ``c`` (``None``: the Neutral) and ``tolerance[s]`` the tolerance of seat ``s``."""
    rng = _rng(seed)
    hidden = [s for s in range(k.players) if s != k.seat and s not in k.identities]
    free = [c for c in k.row if c != k.character and c not in k.identities.values()]
    unknown_tol = [s for s in range(k.players) if s != k.seat and s not in k.tolerances]
    values = sorted(set(TOLERANCES) - {k.tolerance} - set(k.tolerances.values()))
    low = min(TOLERANCES)  # a floor no higher than every tolerance card rules no deal out
    floors = [(c, k.floor(c)) for c in k.active if k.floor(c) > low]
    kept = tries = 0
    while kept < samples:
        tries += 1
        if tries > MAX_REJECTS * (kept + 1):
            raise ImpossiblePosition("almost no random deal fits what this player sees")
        rng.shuffle(free)
        owner = {c: s for s, c in k.identities.items()}
        owner.update(zip(free, hidden))
        owner[free[-1]] = None
        owner[k.character] = k.seat
        tol = dict(k.tolerances)
        tol[k.seat] = k.tolerance
        tol.update(zip(unknown_tol, rng.sample(values, len(unknown_tol))))
        if all(owner[c] is None or tol[owner[c]] >= f for c, f in floors):
            kept += 1
            yield owner, tol


def _unseen_list(k: Knowledge) -> list:
    return sorted(k.unseen().elements())


def mc_flame_odds(k: Knowledge, samples: int = 10_000, seed=0) -> SampledDistribution:
    """Twin of :func:`~chililab.games.aycc.odds.exact.flame_odds`: the flames of random unseen dishes."""
    rng = _rng(seed)
    pool = [d.flame for d in _unseen_list(k)]
    if not pool:
        raise ImpossiblePosition("every dish is in sight: no unknown dish is left to serve")
    return SampledDistribution(Counter(rng.choice(pool) for _ in range(samples)), samples)


def mc_burn_chance(k: Knowledge, target: str, dish=None, flame: int | None = None, samples: int = 10_000,
                   seed=0) -> Estimate:
    """Twin of :func:`~chililab.games.aycc.odds.exact.burn_chance` (and, flame by flame, of ``burn_curve``): the
    share of sampled deals (and unknown dishes) in which ``target`` burns out."""
    rng = _rng(seed)
    fixed = dish is not None or flame is not None
    odds = _odds(k, target, dish, flame)  # checks the target and the dish
    pool = [d.flame for d in _unseen_list(k)]
    h = k.heat(target)
    burnt = 0
    for owner, tol in sample_deals(k, samples, rng):
        f = next(iter(odds)) if fixed else rng.choice(pool)
        s = owner[target]
        burnt += s is not None and h + f > tol[s]
    return proportion(burnt, samples)


def mc_burn_table(k: Knowledge, samples: int = 10_000, seed=0) -> dict[str, Estimate]:
    """Twin of :func:`~chililab.games.aycc.odds.exact.burn_table`: one run of sampled deals for every active
    character, each drawing its own unknown dish."""
    rng = _rng(seed)
    targets = [c for c in k.row if c in k.active]
    for c in targets:
        _odds(k, c, None, None)
    pool = [d.flame for d in _unseen_list(k)]
    heats = {c: k.heat(c) for c in targets}
    burnt: Counter = Counter()
    for owner, tol in sample_deals(k, samples, rng):
        for c in targets:
            s = owner[c]
            burnt[c] += s is not None and heats[c] + rng.choice(pool) > tol[s]
    return {c: proportion(burnt[c], samples) for c in targets}


class SampledDistribution:
    """Counts of sampled outcomes; ``dist[key]`` is the :class:`Estimate` of P(key) (0 if never seen)."""

    def __init__(self, counts: Counter, n: int, confidence: float = 0.99):
        self.counts, self.n, self.confidence = counts, n, confidence

    def __getitem__(self, key) -> Estimate:
        return proportion(self.counts.get(key, 0), self.n, self.confidence)

    def keys(self):
        """The outcomes seen at least once."""
        return self.counts.keys()

    def at(self, confidence: float) -> SampledDistribution:
        """The same samples with intervals at another confidence (e.g. Bonferroni over many cells)."""
        return SampledDistribution(self.counts, self.n, confidence)


def mc_posterior(k: Knowledge, samples: int = 10_000, seed=0) -> tuple[dict, dict]:
    """Twin of :func:`~chililab.games.aycc.odds.posterior.posterior`: ``(seats, characters)``, where
    ``seats[s]`` estimates P(seat s is (character, tolerance)) and ``characters[c]`` P(c's owner has
    tolerance t), with ``NEUTRAL`` for P(c is the Neutral); both :class:`SampledDistribution`."""
    seats: dict[int, Counter] = {s: Counter() for s in range(k.players)}
    chars: dict[str, Counter] = {c: Counter() for c in k.row}
    for owner, tol in sample_deals(k, samples, seed):
        for c, s in owner.items():
            if s is None:
                chars[c][NEUTRAL] += 1
            else:
                seats[s][c, tol[s]] += 1
                chars[c][tol[s]] += 1
    return ({s: SampledDistribution(v, samples) for s, v in seats.items()},
            {c: SampledDistribution(v, samples) for c, v in chars.items()})


def _score(k: Knowledge, c: str, extra) -> int:
    """The own character ``c``'s score withdrawing after the dishes ``extra`` land on it (0: burnt out)."""
    heat = k.heat(c) + sum(d.flame for d in extra)
    if heat > k.tolerance:
        return 0
    chili = k.chili == c or any(d.icon == "chili" for d in extra)
    return k.points(c) + sum(d.score for d in extra) + EXACT_BONUS * (heat == k.tolerance) + CHILI_BONUS * chili


def _scores(k: Knowledge, dish, more: int, samples: int, seed):
    """Yield the scores of ``samples`` plays of "``more`` random unseen dishes (or the named one) land on
    my character, then I withdraw"."""
    rng = _rng(seed)
    c = _may_withdraw(k, later=True)
    if dish is not None and more != 1:
        raise ValueError("a named dish is one dish: use more=1")
    pool = [_named(k, dish)] if dish is not None else _unseen_list(k)
    if len(pool) < more:
        raise ImpossiblePosition(f"{more} more dishes cannot come from the {len(pool)} unseen")
    for _ in range(samples):
        yield _score(k, c, rng.sample(pool, more))


def _mean(scores, samples: int) -> Estimate:
    total = total_sq = 0
    for score in scores:
        total += score
        total_sq += score * score
    return mean(total, total_sq, samples)


def mc_wait_value(k: Knowledge, others: int, land, samples: int = 10_000, seed=0) -> Estimate:
    """Twin of :func:`~chililab.games.aycc.odds.exact.wait_value`: each of ``others`` serves lands on my
    character when a random number falls under ``land``; that many random unseen dishes, then I withdraw."""
    rng = _rng(seed)
    c = _may_withdraw(k, later=True)
    pool = _unseen_list(k)
    p = float(land)

    def plays():
        for _ in range(samples):
            n = min(len(pool), sum(rng.random() < p for _ in range(others)))
            yield _score(k, c, rng.sample(pool, n))
    return _mean(plays(), samples)


def mc_serve_value(k: Knowledge, dish=None, more: int = 1, samples: int = 10_000, seed=0) -> Estimate:
    """Twin of :func:`~chililab.games.aycc.odds.exact.serve_value`: the mean score of ``samples`` plays."""
    return _mean(_scores(k, dish, more, samples, seed), samples)


def mc_score_distribution(k: Knowledge, dish=None, more: int = 1, samples: int = 10_000,
                          seed=0) -> SampledDistribution:
    """Twin of :func:`~chililab.games.aycc.odds.exact.score_distribution`: how often each score came out."""
    return SampledDistribution(Counter(_scores(k, dish, more, samples, seed)), samples)
