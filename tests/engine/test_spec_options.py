"""GameSpec.normalize: options checked against what the spec declares (names, seat range, types, choices)."""
import pytest

from chililab.engine import ConfigError
from chililab.engine.registry import GameSpec, Option

SPEC = GameSpec(
    name="toy", title="Toy", package="tests.engine.toy", players=(2, 5), default_players=3, rule_prefix="TOY",
    options={
        "fast": Option("play fast", False),
        "rounds": Option("how many rounds", 3),
        "colour": Option("the table's colour", "red", ("red", "blue")),
        "size": Option("cards a hand", 5, (4, 5, 6)),
        "name": Option("free text or a list", "x"),
        "dealer": Option("a seat, or None", None),
        "label": Option("text only", "a", types=(str,)),
        "anything": Option("no check", 0, types=()),
    })


def test_defaults_complete_the_options_and_raw_is_not_changed():
    raw = {"players": 4, "fast": True}
    o = SPEC.normalize(raw)
    assert raw == {"players": 4, "fast": True}
    assert o == {"players": 4, "fast": True, "rounds": 3, "colour": "red", "size": 5, "name": "x", "dealer": None,
                 "label": "a", "anything": 0}
    assert SPEC.normalize({})["players"] == 3
    assert GameSpec(name="t", title="T", package="p", players=(3, 4)).normalize({}) == {"players": 3}


def test_an_unknown_option_is_named_with_the_known_ones():
    raw = {"colour": "blue", "flavour": "hot"}
    with pytest.raises(ConfigError, match=r"unknown Toy option\(s\) \['flavour'\]; known options: \[.*'colour'"):
        SPEC.normalize(raw)
    assert raw == {"colour": "blue", "flavour": "hot"}


@pytest.mark.parametrize("n", [1, 6, 0, -3, True, 3.0, "3", None])
def test_a_seat_count_outside_the_declared_range_or_not_whole(n):
    with pytest.raises(ConfigError, match=r"^players: Toy needs 2 to 5 players, not .* \(TOY-SETUP-1\)$"):
        SPEC.normalize({"players": n})


def test_the_seat_range_is_the_specs_one_place():
    for n in range(2, 6):
        assert SPEC.normalize({"players": n})["players"] == n == SPEC.check_players(n)
    spec = GameSpec(name="t", title="T", package="p", players=(3, 6), players_rule="T-1: seven characters")
    with pytest.raises(ConfigError, match=r"needs 3 to 6 players, not 7 \(T-1: seven characters\)"):
        spec.check_players(7)


@pytest.mark.parametrize("key, value, words", [
    ("fast", "yes", "fast must be True or False, not 'yes'"), ("fast", 1, "fast must be True or False, not 1"),
    ("rounds", True, "rounds must be a whole number, not True"), ("rounds", 2.0, "rounds must be a whole number"),
    ("rounds", "3", "rounds must be a whole number"), ("colour", "green", "colour must be one of red, blue"),
    ("colour", 1, "colour must be one of"), ("size", 7, "size must be one of 4, 5, 6, not 7"),
    ("size", 5.0, "size must be a whole number"), ("label", 3, "label must be str, not 3"),
    ("dealer", None, None), ("name", ["a", "b"], None), ("anything", "text", None), ("rounds", None, "whole"),
])
def test_types_by_the_default_and_choices(key, value, words):
    raw = {key: value}
    if words is None:
        assert SPEC.normalize(raw)[key] == value
    else:
        with pytest.raises(ConfigError, match=words):
            SPEC.normalize(raw)
    assert raw == {key: value}


def test_not_a_mapping():
    with pytest.raises(ConfigError, match="must be a mapping"):
        SPEC.normalize([("players", 3)])


def test_the_builtin_games_declarations_accept_their_defaults():
    from chililab.engine import registry

    for spec in registry.specs():
        o = spec.normalize({})
        lo, hi = spec.players
        assert lo <= o["players"] <= hi and set(o) == {"players", *spec.options}
