"""The seed a new game starts from: given by the caller, or drawn fresh; checked either way."""
from __future__ import annotations

import random

from .errors import ConfigError
from .record import MAX_SEED


def game_seed(seed) -> int:
    """``seed`` checked (a whole number from 0 to ``MAX_SEED``), or a fresh one when it is ``None``.

    A negative seed would play as its absolute value (``random.seed(-7)`` is ``random.seed(7)``):
    one game, one seed, so it is refused.

    >>> game_seed(7)
    7
    >>> game_seed(True)
    Traceback (most recent call last):
    ...
    chililab.engine.errors.ConfigError: seed must be a whole number, not True
    """
    if seed is None:
        return random.SystemRandom().randrange(2**31)
    if type(seed) is not int:
        raise ConfigError(f"seed must be a whole number, not {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed}")
    return seed
