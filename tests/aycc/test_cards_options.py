"""All You Can Chili components and options (aycc.md sections 0 and 1): dishes, characters, tolerances."""
from collections import Counter

import pytest

from chililab.engine import ConfigError
from chililab.games.aycc.rules import cards
from chililab.games.aycc.rules.cards import DishPicker, character, dishes, parse_code
from chililab.games.aycc.rules.options import normalize_options

rule = pytest.mark.rule


@rule("AYCC-COMP-1")
def test_the_default_components():
    d = dishes()
    assert len(d) == 47 and [x.id for x in d] == list(range(47))
    assert sum(x.flame for x in d) == 183 and sum(x.score for x in d) == 183
    stars = [(x.name, x.flame, x.score) for x in d if x.icon == "star"]
    assert stars == [("Latte", 1, 7), ("The Reaper", 7, 1)]
    assert Counter(x.icon for x in d) == {"none": 27, "eye": 5, "lock": 4, "fork": 5, "chili": 4, "star": 2}
    assert cards.TOLERANCES == tuple(range(16, 25))
    assert len(cards.CHARACTERS) == 7 and len({c.key for c in cards.CHARACTERS}) == 7
    assert cards.TOKENS == ("chili", "last_target", "lock")


@rule("AYCC-COMP-2")
def test_every_dish_has_flame_score_icon_and_name():
    for x in dishes():
        assert 1 <= x.flame <= 7 and x.icon in cards.ICONS and x.name
        assert x.score == x.flame or x.icon == "star"
    assert [x.name for x in dishes() if x.flame == 5 and x.icon == "fork"] == ["Dish 5F #1"]


@rule("AYCC-COMP-2")
def test_a_custom_composition_of_47_is_accepted():
    comp = [{"name": "Latte", "flame": 1, "score": 7, "icon": "star", "count": 2},
            {"name": "Plain", "flame": 4, "count": 45}]
    o = normalize_options({"dish_composition": comp})
    d = dishes(o["dish_composition"])
    assert len(d) == 47 and [x.name for x in d[:3]] == ["Latte #1", "Latte #2", "Plain #1"]
    assert d[2].score == 4 and d[2].icon == "none"
    assert dishes(o["dish_composition"]) is d  # one set of card objects per composition


@rule("AYCC-COMP-2")
@pytest.mark.parametrize("comp, words", [
    ([{"name": "Plain", "flame": 4, "count": 46}], "holds 46 cards, but the deck must have 47"),
    ([{"name": "Plain", "flame": 8, "count": 47}], "flame must be a whole number from 1 to 7"),
    ([{"name": "Plain", "flame": 4, "score": 6, "count": 47}], "only a star card scores other than its flame"),
    ([{"name": "Plain", "flame": 4, "icon": "moon", "count": 47}], "icon must be one of"),
    ([{"name": "Plain", "flame": 4, "count": 47, "colour": "red"}], "unknown keys"),
    ("lots of dishes", "must be a non-empty list"),
])
def test_a_bad_composition_is_refused_naming_the_clause(comp, words):
    with pytest.raises(ConfigError, match="AYCC-COMP-2") as e:
        normalize_options({"dish_composition": comp})
    assert words in str(e.value)


@rule("AYCC-COMP-2")
def test_a_non_standard_deck_size_needs_a_composition_of_that_size():
    o = normalize_options({"players": 2, "deck_size": 10, "dish_composition": [{"name": "P", "flame": 3, "count": 10}]})
    assert len(dishes(o["dish_composition"])) == 10
    with pytest.raises(ConfigError, match="deck must have 10"):
        normalize_options({"players": 2, "deck_size": 10})


@rule("AYCC-SETUP-1")
@pytest.mark.parametrize("players", [1, 7, "4", 4.0])
def test_players_outside_2_to_6_are_refused(players):
    with pytest.raises(ConfigError, match="AYCC-SETUP-1"):
        normalize_options({"players": players})


@rule("AYCC-SETUP-1")
@pytest.mark.parametrize("players", range(2, 7))
def test_2_to_6_players(players):
    assert normalize_options({"players": players})["players"] == players


@pytest.mark.parametrize("raw, words", [
    ({"game_end": "sudden_death"}, "game_end must be one of"), ({"rounds": 0}, "rounds must be"),
    ({"first_player": 4}, "first_player must be a seat from 0 to 3"), ({"inferno": "yes"}, "inferno must be"),
    ({"flavour": 1}, "unknown All You Can Chili option"), ({"language": "FR"}, "language must be"),
])
def test_bad_options_are_named(raw, words):
    with pytest.raises(ConfigError, match=words):
        normalize_options(raw)


def test_the_options_are_checked_by_what_the_spec_declares():
    """One place says the seat range and each option's type (the spec, issue 20): the game's own checks only add
    what a declaration cannot say, and both refuse the same way."""
    from chililab.games.aycc.spec import SPEC

    assert normalize_options({}) == {**SPEC.normalize({}), "players": 4}
    for raw in ({"players": 7}, {"rounds": True}, {"game_end": "x"}, {"rounds": "3"}):
        with pytest.raises(ConfigError) as ours:
            normalize_options(raw)
        with pytest.raises(ConfigError) as spec:
            SPEC.normalize(raw)
        assert str(ours.value) == str(spec.value)


@rule("AYCC-INFERNO-GOCHUJANG-2")
@pytest.mark.parametrize("name", ["Go Chun Jang", "Go Chu Jang", "go_chu_jang", "GO CHUN JANG", 6])
def test_go_chun_jang_is_go_chu_jang(name):
    assert character(name).key == "go_chu_jang" and character(name).name == "Go Chu Jang"


def test_an_unknown_character_is_refused():
    with pytest.raises(ValueError, match="unknown character"):
        character("Ghost Pepper")


@pytest.mark.parametrize("code, names", [
    ("5", ["Dish 5 #1", "Dish 5 #2", "Dish 5 #3", "Dish 5 #4"]), ("5E", ["Dish 5E #1"]), ("5L", ["Dish 5L #1"]),
    ("5F", ["Dish 5F #1"]), ("6C", ["Dish 6C #1"]), ("Latte", ["Latte"]), ("Reaper", ["The Reaper"]),
    ("the reaper", ["The Reaper"]), ("1*7", ["Latte"]), ("Dish 2 #3", ["Dish 2 #3"]),
])
def test_dish_codes(code, names):
    fits = parse_code(code)
    assert [x.name for x in dishes() if fits(x)] == names


@pytest.mark.parametrize("code", ["8", "5X", "", 5])
def test_bad_dish_codes(code):
    with pytest.raises(ValueError):
        parse_code(code)


def test_the_picker_hands_out_each_card_once():
    pick = DishPicker()
    assert str(pick.take("5F")) == "5F" and pick.take(0).name == "Dish 1 #1"
    with pytest.raises(ValueError, match="no copy"):
        pick.take("5F")
    with pytest.raises(ValueError, match="used twice"):
        pick.take(0)
