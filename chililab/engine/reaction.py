"""Reaction models: who is quicker in a race (slaps, jump-ins, shouts).

Races are not decisions. Agents decide *whether* to take part; a reaction
model decides *when* each participant acts. Lower latency = earlier. Models
draw randomness only from the game's own RNG, so games replay exactly.
Each model has a JSON-able ``spec`` so it can live in a game's options.
"""
from __future__ import annotations

import math

from .errors import ConfigError


class ReactionModel:
    spec: dict

    def latencies(self, race: str, seats, rng) -> dict[int, float]:
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}({self.spec})"


class SeededUniformReaction(ReactionModel):
    """Every player equally quick in distribution: i.i.d. U(0, 1) latencies (default)."""

    def __init__(self):
        self.spec = {"model": "uniform"}

    def latencies(self, race, seats, rng):
        return {s: rng.random() for s in seats}


class SkillReaction(ReactionModel):
    """Seeded normal latency per seat: ``mu[seat]`` mean (lower = quicker), common ``sigma``."""

    def __init__(self, mu, sigma: float = 0.1):
        mu = [float(m) for m in mu]
        if not all(math.isfinite(m) for m in mu):
            raise ConfigError(f"SkillReaction: every mean in mu must be a finite number, not {mu}")
        if not (isinstance(sigma, (int, float)) and math.isfinite(sigma) and sigma >= 0):
            raise ConfigError(f"SkillReaction: sigma must be a finite number >= 0, not {sigma!r}")
        self.mu, self.sigma = mu, float(sigma)
        self.spec = {"model": "skill", "mu": mu, "sigma": self.sigma}

    def latencies(self, race, seats, rng):
        out = {}
        for s in seats:
            if s >= len(self.mu):
                raise ConfigError(f"SkillReaction has no mean for seat {s}")
            out[s] = rng.gauss(self.mu[s], self.sigma)
        return out


def _seat(x) -> int:
    """A seat of a fixed reaction order: a whole number from 0 (not 1.5, inf or true)."""
    if type(x) is not int or not 0 <= x < 1000:
        raise ConfigError(f"FixedOrderReaction: the order lists seats (whole numbers from 0), not {x!r}")
    return x


class FixedOrderReaction(ReactionModel):
    """Latencies follow a fixed list of seats, quickest first (for tests and teaching).

    An entry may be a list of seats that are exactly tied. Seats not listed come
    after every listed seat, in seat order.
    """

    def __init__(self, order):
        if not isinstance(order, (list, tuple)):
            raise ConfigError(f"FixedOrderReaction: order must be a list of seats, not {order!r}")
        norm = []
        for entry in order:
            norm.append(sorted(_seat(x) for x in entry) if isinstance(entry, (list, tuple)) else _seat(entry))
        self.order = norm
        self.spec = {"model": "fixed", "order": norm}
        self._rank = {}
        for i, entry in enumerate(norm):
            for s in (entry if isinstance(entry, list) else [entry]):
                self._rank[s] = float(i)

    def latencies(self, race, seats, rng):
        n = len(self.order)
        return {s: self._rank.get(s, n + s) for s in seats}


class PeopleReaction(ReactionModel):
    """People at one table race for real: who is quicker is the order in which their answers reached the table
    (the game's window collects them in that order, and the race is given it: ``arrivals``). A seat whose
    answer is not among them comes after every one that is, in seat order. For tables of people (a class's
    shared tables, :mod:`chililab.classes.tables`); with no arrivals it draws like the uniform model."""

    people = True

    def __init__(self):
        self.spec = {"model": "people"}

    def latencies(self, race, seats, rng, arrivals=None):
        if arrivals is None:
            return {s: rng.random() for s in seats}
        order = list(arrivals)
        return {s: float(order.index(s)) if s in order else float(len(order) + s) for s in seats}


def reaction_from_spec(spec) -> ReactionModel:
    """Build a model from a spec dict, or pass a model through."""
    if isinstance(spec, ReactionModel):
        return spec
    if spec is None:
        return SeededUniformReaction()
    if not isinstance(spec, dict) or "model" not in spec:
        raise ConfigError(f"reaction model must be a ReactionModel or a dict with 'model', not {spec!r}")
    kind = spec["model"]
    extra = set(spec) - {"model", "mu", "sigma", "order"}
    if extra:
        raise ConfigError(f"unknown reaction model keys: {sorted(extra)}")
    try:
        if kind == "uniform":
            return SeededUniformReaction()
        if kind == "skill":
            return SkillReaction(spec["mu"], spec.get("sigma", 0.1))
        if kind == "fixed":
            return FixedOrderReaction(spec["order"])
        if kind == "people":
            return PeopleReaction()
    except (KeyError, TypeError, ValueError, OverflowError) as e:
        raise ConfigError(f"bad reaction model spec {spec!r}: {e}") from None
    raise ConfigError(f"unknown reaction model {kind!r}: choose uniform, skill, fixed or people")
