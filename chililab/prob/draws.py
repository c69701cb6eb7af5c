"""Shared pieces of the card-drawing questions: hypergeometric chances and seeded random draws.

A *hypergeometric* question: a pile holds ``total`` cards, ``good`` of them of one kind; ``drawn``
cards are taken at random without putting any back. How likely is it to get ``k`` good ones?

    P(k good) = C(good, k) * C(total - good, drawn - k) / C(total, drawn)

>>> hypergeometric(10, 3, 2, 1)   # 2 cards from 10, 3 good: exactly one good one
Fraction(7, 15)
>>> at_least_one(10, 3, 2)        # 1 - C(7, 2) / C(10, 2) = 1 - 21/45
Fraction(8, 15)
"""
from __future__ import annotations

import random
from fractions import Fraction
from math import comb


def check_draw(total: int, good: int, drawn: int) -> None:
    """Raise ``ValueError`` in plain words when the question is impossible."""
    for name, v in (("total", total), ("good", good), ("drawn", drawn)):
        if type(v) is not int or v < 0:
            raise ValueError(f"{name} must be a whole number 0 or more, not {v!r}")
    if good > total:
        raise ValueError(f"the pile holds {total} cards: {good} of one kind cannot be among them")
    if drawn > total:
        raise ValueError(f"cannot draw {drawn} cards from a pile of {total}")


def hypergeometric(total: int, good: int, drawn: int, k: int) -> Fraction:
    """P(exactly ``k`` good cards among ``drawn`` taken from ``total`` holding ``good``)."""
    check_draw(total, good, drawn)
    return Fraction(comb(good, k) * comb(total - good, drawn - k), comb(total, drawn)) if 0 <= k <= drawn else Fraction(0)


def at_least(total: int, good: int, drawn: int, k: int = 1) -> Fraction:
    """P(at least ``k`` good cards among ``drawn`` taken from ``total`` holding ``good``)."""
    check_draw(total, good, drawn)
    return 1 - sum((hypergeometric(total, good, drawn, j) for j in range(min(k, drawn + 1))), Fraction(0))


def at_least_one(total: int, good: int, drawn: int) -> Fraction:
    """P(at least one good card) = 1 - C(total - good, drawn) / C(total, drawn)."""
    return at_least(total, good, drawn, 1)


def make_rng(seed) -> random.Random:
    """A ``random.Random`` from a seed (or the generator itself): every twin is repeatable."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def check_samples(samples) -> None:
    if type(samples) is not int or samples < 2:
        raise ValueError(f"samples must be a whole number of at least 2, not {samples!r}")
