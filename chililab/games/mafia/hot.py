"""Hot-card arithmetic as pure functions (mafia.md sections 2.4, 2.5, 2.14): allowance, Pinch, Rumble.

The Hot-card procedure (declaration, defence window, effects) is built with the
turn; these are the numbers it needs, testable without a game.
"""
from __future__ import annotations

import math
import random

from .gangs import complete


def allowance(own_gangs, two_players: bool) -> int:
    """MAFIA-HOT-1, MAFIA-GANG-6, MAFIA-TEAM-4: Hot cards allowed this turn.

    One per complete gang in front of the player (incomplete gangs and a teammate's
    gangs give none); with 2 players, at most 1.
    """
    n = sum(1 for g in own_gangs if complete(g))
    return min(n, 1) if two_players else n


def pinch_index(n: int, rng: random.Random, mode: str = "middle_third_random") -> int:
    """MAFIA-HOT-PINCH-1 (DEC-3): how many cards lie above a Pinched pepper put into a deck of ``n``.

    Seeded uniform in ``[max(1, ceil(n/3)), max(1, floor(2n/3))]``: never in the top third,
    never on top; ``exact_middle`` puts it at ``floor(n/2)``. An empty deck is not asked
    (the pepper goes to the discard pile, MAFIA-HOT-PINCH-3).
    """
    if n < 1:
        raise ValueError("a Pinch into an empty draw deck goes to the discard pile instead")
    if mode == "exact_middle":
        return n // 2
    lo, hi = max(1, math.ceil(n / 3)), max(1, (2 * n) // 3)
    return min(rng.randint(lo, hi), n)


def rumble_wins(attacking_gang, target_gang) -> bool:
    """MAFIA-PROMO-RUMBLE-2: the attacking gang's plain strength total is at least the target gang's.

    Brotherhoods do not count double here; a Sweet Chili counts 1.
    """
    return sum(c.power for c in attacking_gang) >= sum(c.power for c in target_gang)


def rumble_choices(target_gang) -> list:
    """MAFIA-PROMO-RUMBLE-2, MAFIA-SWEET-2: the peppers a winning Rumble may discard (never a Sweet Chili)."""
    return [c for c in target_gang if not c.sweet]
