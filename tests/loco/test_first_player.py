"""``first_player`` (the vocabulary every game shares): the seat left of the dealer, normalised to ``dealer``."""
import pytest

from chililab import loco


@pytest.mark.parametrize("players, first", [(2, 0), (4, 0), (4, 3), (7, 5)])
def test_first_player_takes_the_first_turn_and_is_stored_as_the_dealer(players, first):
    g = loco.new_game(players=players, seed=11, first_player=first)
    same = loco.new_game(players=players, seed=11, dealer=(first - 1) % players)
    assert "first_player" not in g.options and g.options["dealer"] == (first - 1) % players
    assert g.record == same.record and g.fingerprint() == same.fingerprint()
    turns = [e for e in g.events(0) if e.kind == "turn"]
    reversed_start = any(e.kind == "reverse" for e in g.events(0))
    if not reversed_start and players > 2:  # a Stir the Pot starter turns play the other way (LOCO-SETUP-6)
        assert turns and f"P{first}'s turn begins" == turns[0].text


def test_first_player_none_is_a_seeded_random_dealer():
    assert loco.new_game(seed=5, first_player=None).record == loco.new_game(seed=5).record


@pytest.mark.parametrize("kw, words", [({"first_player": 4}, "first_player must be a seat from 0 to 3"),
                                       ({"first_player": True}, "first_player must be a seat"),
                                       ({"first_player": 1, "dealer": 2}, "first_player=1 means dealer=0")])
def test_a_bad_first_player_is_refused(kw, words):
    with pytest.raises(loco.ConfigError, match=words):
        loco.new_game(players=4, seed=1, **kw)


def test_a_record_keeps_the_dealer_and_replays():
    g = loco.new_game(players=3, seed=2, first_player=2)
    assert loco.replay(g.record).fingerprint() == g.fingerprint()
