"""Hot-card arithmetic as pure checks: allowance, Pinch position, Rumble (the procedure comes with the turn)."""
import random

from chililab.games.mafia.rules import checks as H

from .helpers import cards_of, rule


@rule("MAFIA-GANG-6")
@rule("MAFIA-HOT-1")
def test_hot_1_one_hot_card_per_complete_gang():
    gangs = [cards_of(4, g) for g in (["Ghost"] * 3, ["Jimmy", "Poblano", "Tabasco"], ["Carolina", "Jimmy"])]
    assert H.allowance(gangs, two_players=False) == 2  # the incomplete gang gives none
    assert H.allowance(gangs[2:], two_players=False) == 0
    three = gangs[:2] + [cards_of(4, ["Habanero"] * 3)]
    assert H.allowance(three, two_players=True) == 1  # 2 players: one Hot card per turn


@rule("MAFIA-TEAM-4")
def test_team_4_a_teammates_gangs_give_no_hot_card():
    teammate_gangs = [cards_of(4, ["Ghost"] * 3), cards_of(4, ["Jimmy"] * 3)]
    assert H.allowance([], two_players=False) == 0 and H.allowance(teammate_gangs, two_players=False) == 2


@rule("MAFIA-HOT-PINCH-1")
def test_pinch_1_into_the_middle_never_near_the_top():
    spots = {H.pinch_index(30, random.Random(s)) for s in range(200)}
    assert min(spots) >= 10 and max(spots) <= 20 and len(spots) > 5
    assert H.pinch_index(30, random.Random(7)) == H.pinch_index(30, random.Random(7))
    assert H.pinch_index(30, random.Random(7), "exact_middle") == 15
    assert {H.pinch_index(n, random.Random(n)) for n in (1, 2)} == {1}  # never on top of a tiny deck


@rule("MAFIA-PROMO-RUMBLE-2")
def test_rumble_2_plain_totals_and_never_a_sweet_chili():
    attack = cards_of(4, ["Ghost", "Habanero", "Tabasco"])
    assert H.rumble_wins(attack, cards_of(4, ["Carolina", "Moruga"]))  # 21 against 19
    assert not H.rumble_wins(attack, cards_of(4, ["Ghost", "Ghost", "Ghost"]))  # 21 against 24, not doubled
    sweet_gang = cards_of(4, ["Sweet", "Jimmy", "Jimmy"])
    assert [c.key for c in H.rumble_choices(sweet_gang)] == ["jimmy", "jimmy"]
