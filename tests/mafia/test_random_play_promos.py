"""Random play: 1,000 seeded Chili Mafia games, every promo together: Taste Me, Rumble and Yatsufusa (2-8 players): every check of tests/harness.py after every step (random_play.py)."""
import pytest

from .random_play import chunk_params, run_chunk


@pytest.mark.rule("MAFIA-SETUP-3")
@pytest.mark.parametrize("category,chunk", chunk_params("promos"))
def test_random_play(category, chunk):
    run_chunk(category, chunk)
