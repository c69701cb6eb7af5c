"""Random play: 1,000 seeded Chili Mafia games, 2 players: every check of tests/harness.py after every step (random_play.py)."""
import pytest

from .random_play import chunk_params, run_chunk


@pytest.mark.rule("MAFIA-2P-1")
@pytest.mark.parametrize("category,chunk", chunk_params("2p"))
def test_random_play(category, chunk):
    run_chunk(category, chunk)
