"""Random play: 1,000 seeded Chili Mafia games, team mode (4, 6 and 8 players; 2 or 3 teams): every check of tests/harness.py after every step (random_play.py)."""
import pytest

from .random_play import chunk_params, run_chunk


@pytest.mark.rule("MAFIA-TEAM-1")
@pytest.mark.parametrize("category,chunk", chunk_params("team"))
def test_random_play(category, chunk):
    run_chunk(category, chunk)
