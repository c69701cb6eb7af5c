"""Options (mafia.md section 0): bad values give a clear error naming the option; teams (MAFIA-TEAM-1)."""
import pytest

from chililab.engine import ConfigError
from chililab.games import mafia
from chililab.games.mafia.rules.options import DEFAULTS, OPTIONS, normalize_options, team_of

from .helpers import rule


@rule("MAFIA-SETUP-1")
def test_setup_1_player_count_and_team_validity():
    with pytest.raises(ConfigError, match=r"players.*2 to 8.*MAFIA-SETUP-1"):
        normalize_options({"players": 9})
    with pytest.raises(ConfigError, match=r"2-player game cannot be played in teams.*MAFIA-SETUP-1"):
        normalize_options({"players": 2, "mode": "team"})
    for n in range(2, 9):
        assert normalize_options({"players": n})["players"] == n
    with pytest.raises(ConfigError, match="players"):
        mafia.new_game(players=1)


@rule("MAFIA-TEAM-1")
def test_team_1_interleaved_seats():
    o = normalize_options({"players": 6, "mode": "team", "teams": 2})
    assert team_of(o) == (0, 1, 0, 1, 0, 1)  # 3 vs 3: A, B, A, B, A, B
    o = normalize_options({"players": 6, "mode": "team", "teams": 3})
    assert team_of(o) == (0, 1, 2, 0, 1, 2)  # 2 vs 2 vs 2
    with pytest.raises(ConfigError, match="MAFIA-TEAM-1"):
        normalize_options({"players": 5, "mode": "team"})
    assert normalize_options({"players": 4, "mode": "team"})["teams"] == [[0, 2], [1, 3]]


@rule("MAFIA-TEAM-1")
def test_team_1_explicit_teams_must_not_sit_side_by_side():
    assert normalize_options({"players": 4, "mode": "team", "teams": [[1, 3], [2, 0]]})["teams"] == [[1, 3], [0, 2]]
    for bad, words in (([[0, 1], [2, 3]], "side by side"), ([[0, 3], [1, 2]], "side by side"),
                       ([[0, 2], [1]], "every seat"), ([[0, 2, 4], [1, 3, 5, 6]], "every seat"),
                       ("AB", "number of teams")):
        with pytest.raises(ConfigError, match=words):
            normalize_options({"players": 4 if len(str(bad)) < 20 else 6, "mode": "team", "teams": bad})
    with pytest.raises(ConfigError, match="mode='team'"):
        normalize_options({"players": 4, "teams": 2})


@pytest.mark.parametrize("key, value", [
    ("mode", "teams"), ("advanced", "yes"), ("sweet_chili_2to4", 4), ("rumble_count_2to4", 6),
    ("dawn_raid_below_fraction", 2), ("dawn_raid_below_fraction", "a third"), ("dawn_raid_table", {"9": 3}),
    ("dawn_raid_table", [24]), ("pinch_insert", "top"), ("first_player", 4), ("first_player", True),
    ("interrupt_order", "loudest"), ("two_player_exchanges_per_turn", -1), ("colour", "red"),
])
def test_bad_options_name_the_option(key, value):
    with pytest.raises(ConfigError, match=key):
        normalize_options({"players": 4, key: value})


@pytest.mark.rule("MAFIA-SETUP-9")
def test_start_player_the_old_name_of_first_player_is_read():
    """Records saved before the rename (issue 20: one name for the first player in every game) still load."""
    assert normalize_options({"players": 4, "start_player": 2})["first_player"] == 2
    assert "start_player" not in normalize_options({"players": 4, "start_player": 2})
    with pytest.raises(ConfigError, match="start_player is the old name of first_player"):
        normalize_options({"players": 4, "start_player": 2, "first_player": 2})
    with pytest.raises(ConfigError, match="first_player must be a seat from 0 to 3"):
        normalize_options({"players": 4, "start_player": 4})


def test_options_are_json_and_every_option_is_described():
    import json

    o = normalize_options({"players": 4, "dawn_raid_below_fraction": 0.25, "dawn_raid_table": {4: 20}})
    assert o["dawn_raid_below_fraction"] == "1/4" and o["dawn_raid_table"] == {"4": 20}
    assert json.loads(json.dumps(o)) == o
    assert set(OPTIONS) == set(DEFAULTS) - {"players"}
    assert all(OPTIONS[k].default == DEFAULTS[k] for k in OPTIONS)
    assert OPTIONS["advanced"].parse("yes") is True and OPTIONS["pinch_insert"].parse("exact_middle") == "exact_middle"


def test_explicit_orders_are_checked():
    with pytest.raises(ConfigError, match="hot_properties=True"):
        mafia.new_game(players=4, seed=1, hp_deck=["Bribe"])
    with pytest.raises(ConfigError, match="no copy"):
        mafia.new_game(players=4, seed=1, deck=["Pepper X"])  # not in a base deck
    with pytest.raises(ConfigError, match="seed"):
        mafia.new_game(players=4, seed="7")


def test_deck_is_the_stacked_deck_and_deck_order_its_old_name():
    """docs/game-folder.md: a stacked deck is ``deck=`` (top first); ``deck_order=`` still means the same."""
    import pytest as _pytest

    from chililab.games import mafia as _mafia

    new = _mafia.new_game(players=2, seed=3, deck=["Ghost", "Whack"])
    old = _mafia.new_game(players=2, seed=3, deck_order=["Ghost", "Whack"])
    assert new.setup == old.setup and new.fingerprint() == old.fingerprint()
    with _pytest.raises(_mafia.ConfigError):
        _mafia.new_game(players=2, seed=3, deck=["Ghost"], deck_order=["Ghost"])
