"""All You Can Chili plays exactly as before: 500 seeded random games hash to a stored digest.

See ``tests/aycc/fingerprint.py`` for what is hashed (Inferno Mode in half the games, 2-6 players,
both game ends, another dish composition now and then; every move, event and view). A rewrite of
the rules or the kernel must leave the digest unchanged; a deliberate change of behaviour (a new
event wording, a rule fixed) updates ``EXPECTED`` in the same commit, saying why. Print the current
digest with ``python3 -m tests.aycc.fingerprint``.
"""
from .fingerprint import GAMES, digest

EXPECTED = "bf31c54866fca0ba76ca9d41a6712edfe99631d368cf192be1a75087af202103"


def test_behaviour_fingerprint_unchanged():
    got, steps = digest()
    assert steps > 50 * GAMES  # the games were really played
    assert got == EXPECTED, f"All You Can Chili's behaviour changed: digest {got} over {steps} steps"
