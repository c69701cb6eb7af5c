"""Random play, part 2 of 2: 1,000 seeded Chili Loco games at 3 and 5 players (see test_random_play.py)."""
import pytest

from .random_play import chunk_params, run_chunk

GAMES = {3: 500, 5: 500}


@pytest.mark.rule("LOCO-INFO-1")
@pytest.mark.parametrize("players,chunk", chunk_params(GAMES))
def test_random_play_odd_tables(players, chunk):
    run_chunk(players, chunk)
