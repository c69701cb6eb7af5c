"""Random play: 1,000 seeded Chili Mafia games, 3-4 players: every check of tests/harness.py after every step (random_play.py)."""
import pytest

from .random_play import chunk_params, run_chunk


@pytest.mark.rule("MAFIA-COMP-1")
@pytest.mark.parametrize("category,chunk", chunk_params("3-4p"))
def test_random_play(category, chunk):
    run_chunk(category, chunk)
