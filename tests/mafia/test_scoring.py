"""Scoring helpers on their own (chililab.mafia.score_gang & co.): the rulebook's scoring example, words, totals."""
import pytest

from chililab import mafia


@pytest.mark.rule("MAFIA-SCORE-2")
def test_the_rulebooks_scoring_example_scores_19_48_and_30():
    example = [["Sweet", "Poblano", "Tabasco", "Moruga"], ["Ghost"] * 3, ["Sweet", "Habanero", "Habanero"]]
    assert [mafia.score_gang(g) for g in example] == [19, 48, 30]
    assert [mafia.explain_gang(g) for g in example] == [
        "Mixed Gang (Sweet Chili, Poblano, Tabasco, Moruga Scorpion): 1 + 3 + 6 + 9 = 19 points",
        "Brotherhood Gang (Ghost Pepper x3): (8 + 8 + 8) x 2 = 48 points",
        "Brotherhood Gang with a Sweet Chili (Sweet Chili, Habanero x2): (1 + 7 + 7) x 2 = 30 points",
    ]
    assert mafia.score_player(example) == 97


@pytest.mark.rule("MAFIA-SCORE-1")
def test_a_player_score_leaves_out_incomplete_gangs_and_says_so():
    gangs = [["Ghost", "Ghost", "Ghost"], ["Carolina", "Moruga"]]
    assert mafia.score_player(gangs) == 48
    assert tuple(mafia.standing(gangs)) == (48, 1, 3)
    text = mafia.explain_player(gangs).splitlines()
    assert text[1] == "Incomplete gang (Carolina Reaper, Moruga Scorpion): discarded at scoring, 0 points"
    assert text[-1] == "Total: 48 points (1 Brotherhood gang, 3 peppers in scored gangs)"


@pytest.mark.rule("MAFIA-SCORE-3")
def test_a_team_scores_the_gangs_of_all_its_members():
    p0, p2 = [["Sweet", "Poblano", "Tabasco", "Moruga"]], [["Ghost"] * 3]
    assert mafia.score_player(p0 + p2) == 67


def test_cards_ids_and_codes_are_the_same_gang_and_bad_input_is_refused():
    cards = mafia.as_gang(["Ghost", "Ghost", "Ghost"])
    assert mafia.score_gang(cards) == mafia.score_gang([c.id for c in cards]) == 48
    assert mafia.score_gang(["Ghost", "Ghost", "Habanero"]) == 0  # neither Mixed nor Brotherhood
    with pytest.raises(ValueError, match="not a Chili Pepper"):
        mafia.score_gang(["Ghost", "Whack", "Ghost"])
    with pytest.raises(ValueError, match="unknown Chili Mafia card"):
        mafia.score_gang(["Ghost", "Bell pepper"])
    with pytest.raises(ValueError, match="no copy"):
        mafia.score_gang(["Carolina"] * 5)  # the box holds 4
