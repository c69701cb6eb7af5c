"""Random play: 1,000 seeded All You Can Chili games, 2-6 players, Inferno Mode on: every check of
tests/harness.py after every step (see ``random_play.py``). Until Inferno Mode's abilities exist, these games
play as the base game; the same run then covers the abilities."""
import pytest

from .random_play import CHUNK, run_chunk

GAMES = 1000


@pytest.mark.rule("AYCC-TURN-1")
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_play(chunk):
    run_chunk(True, chunk)
