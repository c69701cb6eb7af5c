"""Small statistics for the metrics, without scipy: intervals and tests a class can check by hand.

Every function takes plain numbers (or sequences) and returns plain floats.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> round(chi2_sf(3.841458820694124, 1), 4)
0.05
"""
from __future__ import annotations

import math
from collections.abc import Sequence

#: the two-sided 95% point of the standard normal distribution
Z95 = 1.959963984540054


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (nan, nan) when n is 0.

    Works for fractional ``successes`` (shared victories counted 1/k).
    """
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # P(a, x) by its power series, Q = 1 - P
        term = total = 1.0 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= x / k
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Q(a, x) by Lentz's continued fraction
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(log_front))


def chi2_sf(x: float, dof: int) -> float:
    """P(X > x) for a chi-square variable X with ``dof`` degrees of freedom."""
    return _gamma_q(dof / 2, x / 2)


def chi2_uniform(counts: Sequence[float]) -> tuple[float, float]:
    """Chi-square goodness of fit of ``counts`` against "every category equally likely": (statistic, p)."""
    k, n = len(counts), sum(counts)
    if k < 2 or n <= 0:
        return math.nan, math.nan
    e = n / k
    stat = sum((c - e) ** 2 / e for c in counts)
    return stat, chi2_sf(stat, k - 1)


def chi2_homogeneity(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Chi-square test that two count vectors (e.g. wins by seat) come from the same distribution: (statistic, p).

    Categories empty in both are left out.
    """
    pairs = [(x, y) for x, y in zip(a, b) if x + y > 0]
    na, nb = sum(x for x, _ in pairs), sum(y for _, y in pairs)
    if len(pairs) < 2 or na <= 0 or nb <= 0:
        return math.nan, math.nan
    n = na + nb
    stat = 0.0
    for x, y in pairs:
        col = x + y
        for obs, row in ((x, na), (y, nb)):
            e = row * col / n
            stat += (obs - e) ** 2 / e
    return stat, chi2_sf(stat, len(pairs) - 1)


def two_proportion_z(x1: float, n1: float, x2: float, n2: float) -> tuple[float, float]:
    """Two-sided two-proportion z test (pooled): (z, p); (nan, nan) when it cannot be computed."""
    if n1 <= 0 or n2 <= 0:
        return math.nan, math.nan
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (x2 / n2 - x1 / n1) / se
    return z, min(1.0, 2 * normal_sf(abs(z)))


def fisher_exact(a: int, b: int, c: int, d: int) -> float:
    """Two-sided Fisher exact p of the 2x2 table [[a, b], [c, d]]: the chance of a table at most as likely
    as this one, with the margins fixed."""
    r1, c1, n = a + b, a + c, a + b + c + d

    def logp(k):
        return (math.lgamma(r1 + 1) - math.lgamma(k + 1) - math.lgamma(r1 - k + 1)
                + math.lgamma(n - r1 + 1) - math.lgamma(c1 - k + 1) - math.lgamma(n - r1 - c1 + k + 1)
                - math.lgamma(n + 1) + math.lgamma(c1 + 1) + math.lgamma(n - c1 + 1))

    observed = logp(a)
    lo, hi = max(0, c1 - (n - r1)), min(r1, c1)
    total = sum(math.exp(lp) for lp in map(logp, range(lo, hi + 1)) if lp <= observed + 1e-7)
    return min(1.0, total)


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n, ties given their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def mann_whitney(x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """Two-sided Mann-Whitney U test (normal approximation with tie and continuity corrections): (U of x, p).

    Good from about ten values a side; identical samples give p = 1.
    """
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        return math.nan, math.nan
    values = [*x, *y]
    ranks = _ranks(values)
    u1 = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    n = n1 + n2
    ties: dict = {}
    for v in values:
        ties[v] = ties.get(v, 0) + 1
    tie_term = sum(t ** 3 - t for t in ties.values()) / (n * (n - 1)) if n > 1 else 0.0
    var = n1 * n2 / 12 * ((n + 1) - tie_term)
    if var <= 0:
        return u1, 1.0
    mean = n1 * n2 / 2
    z = (abs(u1 - mean) - 0.5) / math.sqrt(var)
    return u1, min(1.0, 2 * normal_sf(max(z, 0.0)))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (for many rows tested at once); nan stays nan."""
    idx = sorted((i for i, p in enumerate(pvalues) if not math.isnan(p)), key=lambda i: pvalues[i])
    m = len(idx)
    out = [math.nan] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(idx):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
