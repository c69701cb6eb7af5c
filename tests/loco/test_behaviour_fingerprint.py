"""Chili Loco plays exactly as before: 200 seeded random games hash to a stored digest.

See ``tests/loco/fingerprint.py`` for what is hashed. A rewrite of the rules or
the kernel must leave the digest unchanged; a deliberate change of behaviour
(a new event wording, a rule fixed) updates ``EXPECTED`` in the same commit,
saying why. Print the current digest with ``python3 -m tests.loco.fingerprint``.
"""
from .fingerprint import GAMES, digest

EXPECTED = "a7e9c8166cf0f734109a85f2a768a71f7acbfae790f8e4442e7168af1a035b8b"


def test_behaviour_fingerprint_unchanged():
    got, steps = digest()
    assert steps > 100 * GAMES  # the games were really played
    assert got == EXPECTED, f"Chili Loco's behaviour changed: digest {got} over {steps} steps"
