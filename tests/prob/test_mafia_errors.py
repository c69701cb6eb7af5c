"""An impossible Chili Mafia question raises a clear error (ValueError, or the game's ConfigError)."""
import pytest

from chililab.engine import ConfigError
from chililab.games.mafia.odds import (
    brotherhood_chance,
    defend_chance,
    mc_defend_chance,
    packet_brotherhood_chance,
    table_deck,
)


@pytest.mark.parametrize("call, words", [
    (lambda: brotherhood_chance(4, cards=99), "deck of 98"),
    (lambda: brotherhood_chance(4, cards=-1), "whole number"),
    (lambda: brotherhood_chance(4, options="goodfellas"), "dict"),
    (lambda: brotherhood_chance(4, options={"players": 5}), "players="),
    (lambda: defend_chance(4, hidden=[]), "hand size"),
    (lambda: defend_chance(4, hidden=[6, 6, 6, 6]), "at most 3 players"),
    (lambda: defend_chance(4, hidden=[9]), "0 to 8"),
    (lambda: defend_chance(4, hidden=[6], seen="Fugg"), "list of card names"),
    (lambda: defend_chance(4, hidden=[6], seen=["Fugg"] * 6), "holds 5"),
    (lambda: defend_chance(4, hidden=[6], seen=["Pepper X"]), "holds 0"),
    (lambda: defend_chance(4, hidden=[6], seen=["Chili Dog"]), "unknown Chili Mafia card"),
    # 92 of the 99 cards in sight: 7 are left, too few for a hand of 8
    (lambda: defend_chance(2, hidden=[8], seen=[c.key for c in table_deck(2)][:92]), "only 7 cards"),
    (lambda: mc_defend_chance(4, hidden=[6], samples=0), "samples"),
    (lambda: packet_brotherhood_chance(5), "too large"),
])
def test_impossible_questions_raise(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_player_count_and_options_are_the_games():
    with pytest.raises(ConfigError, match="2 to 8 players"):
        brotherhood_chance(9)
    with pytest.raises(ConfigError, match="unknown Chili Mafia option"):
        brotherhood_chance(4, options={"jokers": True})
