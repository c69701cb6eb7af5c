"""Chili Mafia plays exactly as before: 280 seeded random games (40 per option category) hash to a stored digest.

See ``tests/mafia/fingerprint.py`` for what is hashed: every decision, legal-move list (in order),
refusal of plausible illegal moves, move, event and (every few steps) view. A rewrite of the rules
for speed must leave the digest unchanged; a deliberate change of behaviour (a new event wording, a
rule fixed) updates ``EXPECTED`` in the same commit, saying why. Print the current digest with
``python3 -m tests.mafia.fingerprint``.
"""
from .fingerprint import CATEGORIES, GAMES_PER_CATEGORY, digest

EXPECTED = "ac74bf6a12e2ca0fb348f70d5b4ccefba313fc6539ce3bc7f9d480beea5ec74f"


def test_behaviour_fingerprint_unchanged():
    got, steps = digest()
    assert steps > 100 * GAMES_PER_CATEGORY * len(CATEGORIES)  # the games were really played
    assert got == EXPECTED, f"Chili Mafia's behaviour changed: digest {got} over {steps} steps"
