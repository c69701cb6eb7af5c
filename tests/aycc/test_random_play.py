"""Random play: 1,000 seeded All You Can Chili games, 2-6 players, base game: every check of tests/harness.py
after every step (cards, tolerances, identities and tokens conserved; hidden information; legal and illegal
moves; undo/redo and JSON replay fingerprints; every game ends). The plugs are in ``random_play.py``."""
import pytest

from .random_play import CHUNK, run_chunk

GAMES = 1000


@pytest.mark.rule("AYCC-GAME-1")
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_play(chunk):
    run_chunk(False, chunk)
