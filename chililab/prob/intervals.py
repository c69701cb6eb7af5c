"""Monte Carlo estimates with their confidence intervals.

Every exact calculator in :mod:`chililab.prob` has a Monte Carlo twin; a twin
returns :class:`Estimate` values: the sample estimate and an interval that
holds the true value with the stated confidence (99% unless told otherwise).

- a probability (a count of successes out of ``n`` samples) gets Wilson's score
  interval, which behaves well near 0 and 1 where the plain normal interval
  collapses to a single point;
- a mean of bounded values gets the normal interval ``mean ± z * s / sqrt(n)``.

An estimate keeps the sums it came from, so the estimates of two runs add up to the estimate of both
(``a + b``): an explorer's "simulate 100 more" adds a new run to the old ones.

>>> (proportion(3, 10) + proportion(2, 10)).value
0.25
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist


@dataclass(frozen=True)
class Estimate:
    """A simulated estimate: ``value`` from ``n`` samples, ``low``..``high`` at ``confidence``."""

    value: float
    low: float
    high: float
    n: int
    confidence: float = 0.99
    kind: str = "proportion"  #: "proportion" (Wilson interval) or "mean" (normal interval)
    total: float = 0.0  #: the sum of the samples (the successes of a proportion)
    total_sq: float = 0.0  #: the sum of their squares

    def __add__(self, other: Estimate) -> Estimate:
        """The estimate from the samples of both runs (same kind and confidence)."""
        if not isinstance(other, Estimate) or (other.kind, other.confidence) != (self.kind, self.confidence):
            return NotImplemented
        n = self.n + other.n
        if self.kind == "proportion":
            return proportion(round(self.total + other.total), n, self.confidence)
        return mean(self.total + other.total, self.total_sq + other.total_sq, n, self.confidence)

    def __contains__(self, x) -> bool:
        """``exact in estimate``: whether ``x`` lies inside the interval (ends included)."""
        return self.low <= float(x) <= self.high

    def __str__(self):
        return f"{self.value:.4f} ({100 * self.confidence:g}% interval {self.low:.4f}..{self.high:.4f}, n={self.n})"


def z_for(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for 0.95, about 2.576 for 0.99."""
    if not 0 < confidence < 1:
        raise ValueError(f"a confidence must lie strictly between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for the proportion ``successes / n``; (0, 1) when ``n`` is 0."""
    if n == 0:
        return 0.0, 1.0
    z = z_for(confidence)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # at p = 0 (or 1) the lower (upper) end is exactly 0 (1); rounding would leave a crumb
    return (0.0 if successes <= 0 else max(0.0, centre - half)), (1.0 if successes >= n else min(1.0, centre + half))


def proportion(successes: int, n: int, confidence: float = 0.99) -> Estimate:
    """The estimate of a probability from ``successes`` out of ``n`` samples, Wilson interval."""
    low, high = wilson(successes, n, confidence)
    return Estimate(successes / n if n else 0.0, low, high, n, confidence, "proportion", successes, successes)


def mean(total: float, total_sq: float, n: int, confidence: float = 0.99) -> Estimate:
    """The estimate of a mean from the sum and the sum of squares of ``n`` samples, normal interval."""
    if n < 2:
        raise ValueError("a mean's interval needs at least 2 samples")
    m = total / n
    var = max(0.0, (total_sq - n * m * m) / (n - 1))
    half = z_for(confidence) * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n, confidence, "mean", total, total_sq)
