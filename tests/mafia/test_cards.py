"""Components: the card tables and the deck for each table (mafia.md section 1, MAFIA-COMP-*, SETUP-2/3, promos)."""
from chililab.games.mafia.rules import cards as C
from chililab.games.mafia.rules import checks as gangs

from .helpers import count, opts, rule


@rule("MAFIA-COMP-1")
def test_comp_1_deck_for_3_and_6_players():
    d3 = C.deck(3, opts(3))
    assert len(d3) == 98 and C.dawn_raid() not in d3
    assert count(d3, "jimmy") == 10 and count(d3, "jimmy", icon=True) == 6
    assert count(d3, "whack") == 7 and count(d3, "fuggedaboutit") == 5
    d6 = C.deck(6, opts(6))
    assert len(d6) == 150 and C.dawn_raid() not in d6
    assert count(d6, "jimmy") == 16 and count(d6, "jimmy", icon=True) == 9


@rule("MAFIA-COMP-1")
def test_comp_1_every_count_of_the_tables():
    d4, d8 = C.deck(4, opts(4)), C.deck(8, opts(8))
    for key, _n, _s, n58, n24, i58, i24, _a, box in C.PEPPERS:
        if box == "base":
            assert (count(d8, key), count(d8, key, True)) == (n58, i58), key
            assert (count(d4, key), count(d4, key, True)) == (n24, i24), key
    for key, _n, kind, n58, n24, box in C.OTHERS:
        if box == "base" and kind != "dawn_raid":
            assert (count(d8, key), count(d4, key)) == (n58, n24), key
    assert sum(c.pepper for c in d8) == 90 and sum(c.pepper for c in d4) == 62


@rule("MAFIA-COMP-1")
def test_comp_1_sweet_chili_count_for_small_tables_is_an_option():
    for k in (5, 6, 8):
        assert count(C.deck(4, opts(4, sweet_chili_2to4=k)), "sweet") == k
    assert count(C.deck(5, opts(5, sweet_chili_2to4=5)), "sweet") == 8


@rule("MAFIA-COMP-2")
def test_comp_2_card_attributes():
    d4, d6 = C.deck(4, opts(4)), C.deck(6, opts(6))
    assert all(c.in_2to4 for c in d4)
    assert sum(not c.in_2to4 for c in d6) == 52
    for c in C.ALL_CARDS:
        if c.pepper:
            assert c.name and c.strength in range(1, 11) and isinstance(c.icon, bool)
        else:
            assert c.kind in {"action", "hot", "dawn_raid", "taste_me", "hot_property"} and c.strength is None
    assert len({c.id for c in C.ALL_CARDS}) == len(C.ALL_CARDS) == 224
    assert [c.id for c in C.ALL_CARDS] == list(range(224))


@rule("MAFIA-SETUP-2")
def test_setup_2_goodfellas_peppers_replace_five_base_peppers():
    d = C.deck(5, opts(5, goodfellas_peppers=True))
    assert count(d, "hungarian") == 0 and count(d, "padron") == 12 and count(d, "padron", icon=True) == 4
    assert count(d, "carolina") == 0 and count(d, "pepperx") == 4 and len(d) == 150
    assert not any(c.kind == "hot_property" for c in d)  # Hot Properties are not shuffled into the deck
    d4 = C.deck(4, opts(4, goodfellas_peppers=True))
    assert len(d4) == 98 and count(d4, "padron") == 8 and count(d4, "naga", icon=True) == 2
    for new, old in C.GOODFELLAS_REPLACES.items():
        assert C.STRENGTH[new] == C.STRENGTH[old] and count(d, old) == 0


@rule("MAFIA-SETUP-3")
def test_setup_3_yatsufusa_and_rumble():
    d = C.deck(4, opts(4, yatsufusa=True, rumble=True))
    assert count(d, "tabasco") == 0 and count(d, "yatsufusa") == 6 and count(d, "yatsufusa", icon=True) == 3
    assert count(d, "rumble") == 3 and len(d) == 101


@rule("MAFIA-PROMO-YATSU-1")
def test_promo_yatsu_1_replaces_tabasco_with_strength_6():
    d8 = C.deck(8, opts(8, yatsufusa=True))
    assert count(d8, "yatsufusa") == 8 and count(d8, "tabasco") == 0 and len(d8) == 150
    yats = [c for c in d8 if c.key == "yatsufusa"][:3]
    assert gangs.score(yats) == 36


@rule("MAFIA-PROMO-RUMBLE-1")
def test_promo_rumble_1_five_rumble_cards_for_5_players():
    d = C.deck(5, opts(5, rumble=True))
    assert count(d, "rumble") == 5 and len(d) == 155 and all(c.kind == "hot" for c in d if c.key == "rumble")


@rule("MAFIA-PROMO-RUMBLE-3")
def test_promo_rumble_3_no_configuration_makes_blank_cards():
    known = {row[0] for row in C.PEPPERS + C.OTHERS + C.HOT_PROPERTIES}
    assert {c.key for c in C.ALL_CARDS} == known and not any("blank" in k for k in known)
    for n in range(2, 9):
        for extra in ({}, {"rumble": True, "yatsufusa": True, "goodfellas_peppers": True}):
            for c in C.table_cards(n, opts(n, taste_me=True, hot_properties=True, **extra)):
                assert c.key in known


def test_hot_property_deck_has_16_cards_of_10_types():
    hp = C.hot_property_deck()
    assert len(hp) == 16 and len({c.key for c in hp}) == 10
    assert C.HP_WHEN["bribe"] == "anytime" and C.HP_WHEN["backup"] == "turn"


def test_cards_by_name_and_icon():
    assert C.parse_code("Ghost*") == ("ghost", True) and C.parse_code("Jalapeño") == ("jalapeno", None)
    assert C.parse_code("Whack 'Em") == ("whackem", None) and C.parse_code("fugg") == ("fuggedaboutit", None)
    pick = C.CardPicker(C.deck(4, opts(4)))
    assert pick.take("Jimmy*").icon and not pick.take("Jimmy-").icon
    import pytest

    with pytest.raises(ValueError, match="unknown Chili Mafia card"):
        C.parse_code("Bell")
    with pytest.raises(ValueError, match="no copy"):
        C.CardPicker(C.deck(4, opts(4))).take("Pepper X")  # not in a base deck


def test_card_ids_are_stable():
    """Records store card ids: the same id must mean the same card in every version and game."""
    assert (C.ALL_CARDS[0].key, C.ALL_CARDS[89].key, C.ALL_CARDS[90].key, C.ALL_CARDS[136].key) == (
        "sweet", "carolina", "pepperx", "fuggedaboutit")
    assert (C.ALL_CARDS[196].key, C.ALL_CARDS[197].key, C.ALL_CARDS[202].key, C.ALL_CARDS[223].key) == (
        "dawn_raid", "rumble", "taste_me", "snoop")
    assert C.card_by_id(75) is C.ALL_CARDS[75]
