"""Running estimates: a Monte Carlo twin run in growing batches, and the estimate after each batch.

A lesson shows the law of large numbers at work: the simulated estimate after 10, 15, 22, ...,
10,000 samples, each with its 99% interval, closing in on the exact value. :func:`converge` runs
any twin of :mod:`chililab.prob` (``mc_*``) that way: each batch is one call of the twin with
its own share of the samples, all drawn from one seeded generator, and the estimates add up
(:class:`~chililab.prob.intervals.Estimate` keeps its sums), so the last estimate is the
estimate of every sample drawn.

>>> from chililab.games.loco.odds import mc_wild_chance, wild_chance
>>> runs = converge(mc_wild_chance, cards=1, samples=1000, seed=1)
>>> [e.n for e in runs]
[10, 15, 22, 32, 46, 68, 100, 147, 215, 316, 464, 681, 1000]
>>> wild_chance(1) in runs[-1]
True
"""
from __future__ import annotations

from .draws import check_samples, make_rng
from .intervals import Estimate, mean

FIRST = 10  #: samples before the first point of a curve
PER_DECADE = 6  #: points per tenfold growth of the samples


def steps(samples: int, first: int = FIRST, per_decade: int = PER_DECADE) -> list[int]:
    """The sample counts at which :func:`converge` records the estimate: ``first``, then
    ``per_decade`` points per factor 10 (evenly spaced on a log scale), ending at ``samples``.
    Every batch holds at least 2 samples (an interval needs them).

    >>> steps(100), steps(5)
    ([10, 15, 22, 32, 46, 68, 100], [5])
    """
    check_samples(samples)
    out: list[int] = []
    k = 0
    while True:
        n = round(first * 10 ** (k / per_decade))
        k += 1
        if n >= samples:
            break
        if not out or n - out[-1] >= 2:
            out.append(n)
    if out and samples - out[-1] < 2:
        out.pop()
    return out + [samples]


def converge(twin, *args, samples: int = 10_000, seed=0, pick=None, **kwargs) -> list[Estimate]:
    """The estimate after each batch of ``twin(*args, samples=batch, seed=generator, **kwargs)``.

    ``pick``: for a twin that returns more than one estimate (a distribution, a posterior), the
    function that takes the one to follow out of its result (``pick=lambda dist: dist[4]``).

    >>> from chililab.games.loco.odds import mc_hot_sauce_stack
    >>> runs = converge(mc_hot_sauce_stack, [1], unseen=2, sauces=1, milk=0, samples=50, pick=lambda d: d[4])
    >>> runs[-1].n, 0 < runs[-1].value < 1
    (50, True)
    """
    rng = make_rng(seed)
    out: list[Estimate] = []
    done = 0
    for n in steps(samples):
        got = twin(*args, samples=n - done, seed=rng, **kwargs)
        e = pick(got) if pick else got
        if not isinstance(e, Estimate):
            raise TypeError(f"converge follows one Estimate; this twin returns a {type(e).__name__}: "
                            "say which estimate to follow with pick=")
        out.append(e if not out else out[-1] + e)
        done = n
    return out


def sampled_mean(dist) -> Estimate:
    """The estimate of the mean outcome from a sampled distribution's counts (outcomes are numbers),
    with the normal 99% interval: e.g. the mean number of cards drawn.

    >>> from collections import Counter
    >>> from chililab.games.aycc.odds.montecarlo import SampledDistribution
    >>> sampled_mean(SampledDistribution(Counter({2: 3, 4: 1}), 4)).value
    2.5
    """
    total = sum(k * c for k, c in dist.counts.items())
    total_sq = sum(k * k * c for k, c in dist.counts.items())
    return mean(total, total_sq, dist.n, dist.confidence)
