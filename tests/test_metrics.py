"""The metrics of chililab.sim.metrics against numbers worked out by hand, and the tests against known answers."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from chililab.sim.metrics import (
    compare,
    compare_text,
    game_decisiveness,
    game_length,
    metrics_text,
    occurrences,
    seat_advantage,
    stats,
    team_advantage,
    teams_of,
    winners,
)


def frame(**cols):
    n = len(next(iter(cols.values())))
    base = {"seed": list(range(n)), "players": 3, "agents": "rules,rules,rules", "steps": [10] * n, "turns": [5] * n}
    return pd.DataFrame({**base, **cols})


# ---------------------------------------------------------------- seat advantage


def test_shared_victory_counts_one_kth_and_chi_square_by_hand():
    df = frame(winners=["0", "0", "1", "0,2"], winner=[0, 0, 1, None])
    t = seat_advantage(df)
    # P0: 1 + 1 + 1/2 = 2.5 wins of 4; P1: 1; P2: 1/2
    assert t["wins"].tolist() == [2.5, 1.0, 0.5]
    assert t["share"].tolist() == [0.625, 0.25, 0.125]
    # expected 4/3 each: (7/6)^2 + (1/3)^2 + (5/6)^2 = 78/36, over 4/3 -> 1.625; 2 dof: p = exp(-1.625 / 2)
    assert t.attrs["chi2"] == pytest.approx(1.625)
    assert t.attrs["p"] == pytest.approx(math.exp(-0.8125))
    assert (t.attrs["games"], t.attrs["unknown"]) == (4, 0)


def team_frame(cells):
    """A 4-player team game's frame (teams P0+P2 against P1+P3) with these ``winners`` cells."""
    df = frame(winners=cells).assign(players=4, agents="rules,rules,rules,rules", how="points")
    df.attrs.update(game="mafia", players=4, options={"mode": "team"}, teams=[[0, 2], [1, 3]])
    return df


def test_team_advantage_counts_a_win_shared_by_k_teams_one_kth_and_chi_square_by_hand():
    t = team_advantage(team_frame(["0,2", "1,3", "1,3", "0,1,2,3", ""]))
    # T0: 1 + 1/2; T1: 2 + 1/2, of 4 games with known winners (the empty cell is unknown)
    assert t.index.tolist() == ["T0", "T1"] and t["seats"].tolist() == ["P0+P2", "P1+P3"]
    assert t["wins"].tolist() == [1.5, 2.5] and t["share"].tolist() == [0.375, 0.625]
    # expected 2 each: (0.5^2 + 0.5^2) / 2 = 0.25; 1 dof: p = erfc(sqrt(0.25 / 2))
    assert t.attrs["chi2"] == pytest.approx(0.25)
    assert t.attrs["p"] == pytest.approx(math.erfc(math.sqrt(0.125)))
    assert (t.attrs["games"], t.attrs["unknown"]) == (4, 1)


def test_one_team_winning_everything_is_a_team_advantage_the_seats_cannot_show():
    df = team_frame(["0,2"] * 40)
    seats, teams = seat_advantage(df), team_advantage(df)
    assert teams.attrs["p"] < 1e-6 and teams["share"].tolist() == [1.0, 0.0]
    assert seats["share"].tolist() == [0.5, 0.0, 0.5, 0.0]
    text = metrics_text(df)
    assert "Team advantage" in text and "  T0   P0+P2" in text
    assert "every team wins equally? chi2 = 40.00, p < 0.001: the teams differ" in text


def test_teams_come_from_the_game_when_the_frame_does_not_record_them():
    df = team_frame(["0,2"])
    del df.attrs["teams"]
    assert teams_of(df) == ((0, 2), (1, 3))
    df.attrs["options"] = {}
    assert teams_of(df) is None and team_advantage(df) is None and "Team advantage" not in metrics_text(df)


def test_compare_puts_the_teams_beside_the_seats():
    a, b = team_frame(["0,2"] * 30 + ["1,3"] * 30), team_frame(["0,2"] * 55 + ["1,3"] * 5)
    t = compare(a, b).set_index("metric")
    assert t.loc["team P0+P2", "A"] == 0.5 and t.loc["team P0+P2", "B"] == pytest.approx(55 / 60)
    assert t.loc["team P0+P2", "verdict"] == "B wins more" and t.loc["all teams alike", "test"] == "chi2"
    assert "all teams alike" not in compare(frame(winner=[0, 1]), frame(winner=[1, 0]))["metric"].tolist()


def test_winner_column_alone_leaves_unrecorded_shared_wins_out():
    t = seat_advantage(frame(winner=[0, 2, None, 2]))
    assert t["wins"].tolist() == [1.0, 0.0, 2.0]
    assert (t.attrs["games"], t.attrs["unknown"]) == (3, 1)


@pytest.mark.parametrize("cell, seats", [(2, (2,)), (2.0, (2,)), (float("nan"), ()), (None, ()), (pd.NA, ()), ("[0, 3]", (0, 3)),
                                         ((1, 2), (1, 2)), ("", ())])
def test_winning_seats_are_read_from_any_cell_form(cell, seats):
    assert winners(pd.DataFrame({"winners": [cell]})) == [seats]


def test_wilson_interval_by_hand():
    lo, hi = stats.wilson(0, 10)
    z2 = stats.Z95 ** 2
    assert lo == 0 and hi == pytest.approx(z2 / (10 + z2))  # x = 0: upper bound z^2 / (n + z^2)
    lo, hi = stats.wilson(5, 10)
    assert (lo + hi) / 2 == pytest.approx(0.5)  # symmetric around one half
    t = seat_advantage(frame(winner=[0] * 10))
    assert t.loc["P0", "high"] == pytest.approx(1.0) and t.loc["P1", "low"] == 0.0
    assert t.loc["P1", "high"] == pytest.approx(z2 / (10 + z2))


# ---------------------------------------------------------------- length and occurrences


def test_game_length_by_hand():
    t = game_length(frame(winner=[0, 1, 2, 0], steps=[10, 20, 30, 40], turns=[1, 1, 1, 5]))
    d = t.loc["decisions"]
    assert (d["mean"], d["median"], d["min"], d["max"]) == (25, 25, 10, 40)
    assert d["q25"] == 17.5 and d["q75"] == 32.5  # linear interpolation between the 2nd/3rd ranked values
    assert t.loc["turns", "mean"] == 2 and t.loc["turns", "median"] == 1


def test_occurrences_by_hand():
    df = frame(winner=[0, 1, 2, 0], **{"event:slap": [0, 2, 0, 1], "edge:LAND->SLAP_RACE": [1, 1, 1, 1]})
    t = occurrences(df)
    slap = t.loc["slap"]
    assert (slap["kind"], slap["total"], slap["per game"], slap["games"], slap["share"]) == ("event", 3, 0.75, 2, 0.5)
    assert t.loc["LAND -> SLAP_RACE", "share"] == 1.0


def test_occurrences_use_the_game_labels_and_thresholds():
    df = frame(winner=[0, 1, 2, 0], max_hot_sauce=[2, 4, 6, 0], how=["laid", "gave", "laid", "laid"])
    df.attrs["game"] = "loco"
    t = occurrences(df)
    stack = t.loc["games with a Hot Sauce stack of 4+"]
    assert (stack["games"], stack["share"]) == (2, 0.5)
    assert t.loc["wins by giving", "games"] == 1


# ---------------------------------------------------------------- decisiveness


def test_decisiveness_by_hand():
    # scores after each of 4 decisions; P0 wins. Leaders: {0,1}, {0}, {1}, {0}, {0}
    d = game_decisiveness([(0, 0), (1, 0), (1, 2), (3, 2), (4, 2)], {0})
    assert d == {"decisive_at": 0.75, "behind": 0.25, "lead_changes": 2}


def test_a_tie_at_the_end_is_clear_only_at_the_end_and_a_wire_to_wire_win_from_the_start():
    assert game_decisiveness([(0, 0), (1, 0), (1, 1)], {0})["decisive_at"] == 1.0
    assert game_decisiveness([(1, 0), (2, 0), (3, 1)], {0}) == {"decisive_at": 0.0, "behind": 0.0, "lead_changes": 0}
    assert game_decisiveness([(1, 1), (2, 2)], {0, 1})["decisive_at"] == 0.0  # a shared win: both lead


# ---------------------------------------------------------------- the tests themselves


def test_two_proportion_z_and_fisher_by_hand():
    z, p = stats.two_proportion_z(30, 100, 50, 100)
    assert z == pytest.approx(0.2 / math.sqrt(0.4 * 0.6 * 0.02))
    assert p == pytest.approx(math.erfc(z / math.sqrt(2)))
    # margins 4/4 of 8: P(a) = C(4,a) C(4,4-a) / 70 = 1,16,36,16,1 / 70; a = 3 and as unlikely: 34/70
    assert stats.fisher_exact(3, 1, 1, 3) == pytest.approx(34 / 70)


def test_chi_square_and_mann_whitney_by_hand():
    assert stats.chi2_sf(3.0, 2) == pytest.approx(math.exp(-1.5))
    assert stats.chi2_sf(3.841458820694124, 1) == pytest.approx(0.05)
    assert stats.mann_whitney([1, 2, 3], [4, 5, 6])[0] == 0  # no x above any y
    assert stats.mann_whitney([1, 2], [1, 2]) == (2.0, 1.0)
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_the_tests_agree_with_scipy_when_it_is_there():
    sp = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(3)
    x, y = rng.integers(0, 30, 40).tolist(), rng.integers(5, 35, 55).tolist()
    assert stats.mann_whitney(x, y)[1] == pytest.approx(sp.mannwhitneyu(x, y, method="asymptotic").pvalue)
    assert stats.chi2_sf(17.3, 6) == pytest.approx(sp.chi2.sf(17.3, 6))
    assert stats.fisher_exact(12, 5, 3, 14) == pytest.approx(sp.fisher_exact([[12, 5], [3, 14]]).pvalue)
    assert stats.chi2_homogeneity([10, 20, 30], [15, 15, 30])[1] == pytest.approx(
        sp.chi2_contingency([[10, 20, 30], [15, 15, 30]])[1])


def synthetic(seed, mean_steps, p0, n=300):
    """n games: decisions ~ Normal(mean_steps, 10); seat 0 wins with chance p0, else seats 1 and 2 alike."""
    rng = np.random.default_rng(seed)
    seat = np.where(rng.random(n) < p0, 0, rng.integers(1, 3, n))
    return frame(winner=seat.tolist(), steps=rng.normal(mean_steps, 10, n).round().tolist(),
                 turns=rng.integers(10, 20, n).tolist())


def test_a_real_difference_is_flagged():
    t = compare(synthetic(1, 100, 1 / 3), synthetic(2, 108, 0.5)).set_index("metric")
    assert t.loc["decisions", "verdict"] == "B longer" and t.loc["decisions", "p adj"] < 0.001
    assert t.loc["P0", "verdict"] == "B wins more"
    assert t.loc["turns", "verdict"] == "no clear difference"  # the same distribution on both sides


def test_the_verdict_in_plain_words():
    text = compare_text(compare(synthetic(1, 100, 1 / 3), synthetic(2, 108, 0.5)), "house rule off", "on")
    assert "A: house rule off" in text
    assert "- length decisions: B longer" in text and "- win share P0: B wins more" in text
    assert "turns" not in text.split("In plain words:")[1]
    null = compare_text(compare(synthetic(1, 100, 1 / 3), synthetic(2, 100, 1 / 3)), "a", "b")
    assert "no metric differs beyond chance" in null


def test_a_null_difference_is_not_flagged():
    t = compare(synthetic(1, 100, 1 / 3), synthetic(2, 100, 1 / 3))
    assert (t["verdict"] == "no clear difference").all(), t[["metric", "p", "verdict"]]


def test_seats_of_different_table_sizes_are_not_compared():
    b = synthetic(2, 100, 1 / 3).assign(players=4)
    with pytest.raises(ValueError, match="3- and 4-player"):
        compare(synthetic(1, 100, 1 / 3), b)


def test_in_a_team_game_the_lead_is_a_team_s():
    # seats 0+2 against 1+3, standings already summed per team; team {1, 3} leads, then {0, 2} for good
    s = [(0, 0, 0, 0), (1, 2, 1, 2), (5, 2, 5, 2), (6, 2, 6, 2)]
    d = game_decisiveness(s, {0, 2}, teams=((0, 2), (1, 3)))
    assert d == {"decisive_at": 2 / 3, "behind": 1 / 3, "lead_changes": 1}
