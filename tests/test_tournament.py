"""``chililab tournament`` (issue 26): seat-balanced line-ups, the rows on every backend, the standings,
the ratings module against hand-computed values, and bad input as one line with exit status 2."""
from __future__ import annotations

import math
from collections import Counter
from itertools import product

import numpy as np
import pytest

from chililab.cli import main
from chililab.engine.errors import ConfigError
from chililab.sim import save_results
from chililab.sim.ratings import bootstrap_ratings, bradley_terry, game_pairs, pairwise, wilson, win_shares
from chililab.sim.tournament import (
    base_lineups,
    games_of,
    lineups,
    load_tournament,
    standings,
    standings_text,
    tournament,
)


@pytest.fixture(scope="module")
def loco8():
    """Loco, 2 players, random against rules, 8 games (4 deals, each from both seats)."""
    return tournament("loco", "random,rules", games=8, players=2, seed=3, progress=False, workers=1)


# ------------------------------------------------------------------ line-ups


@pytest.mark.parametrize("agents, players", [(2, 2), (3, 2), (4, 4), (4, 3), (2, 4), (3, 4), (5, 2)])
def test_lineups_put_every_agent_in_every_seat_equally_often(agents, players):
    names = [f"a{i}" for i in range(agents)]
    cycle = len(base_lineups(names, players)) * players  # a whole cycle of base line-ups, each rotated
    games = lineups(names, players, 2 * cycle, seed=5)
    assert len(games) == 2 * cycle
    seats = Counter((seat, name) for _, _, line in games for seat, name in enumerate(line))
    for name in names:
        assert len({seats[(s, name)] for s in range(players)}) == 1, f"{name} is not in every seat equally often"
    per_agent = Counter(name for _, _, line in games for name in line)
    assert len(set(per_agent.values())) == 1  # after whole cycles, every agent played as often
    # each deal is played once in every rotation, the seed shared
    by_seed: dict = {}
    for seed, rotation, line in games:
        by_seed.setdefault(seed, []).append((rotation, line))
    assert sorted(by_seed) == list(range(5, 5 + 2 * cycle // players))
    for plays in by_seed.values():
        assert [r for r, _ in plays] == list(range(players))
        assert {line for _, line in plays} == {plays[0][1][-r:] + plays[0][1][:-r] if r else plays[0][1]
                                               for r in range(players)}


def test_lineups_with_as_many_agents_as_seats_rotate_one_line_up():
    assert [line for _, _, line in lineups("abcd", 4, 4)] == [tuple("abcd"), tuple("dabc"), tuple("cdab"),
                                                               tuple("bcda")]
    assert len(lineups("ab", 2, 3)) == 4  # rounded up to whole rotations


def test_a_field_puts_each_agent_alone_against_the_field_in_every_seat():
    lines = lineups(["s1", "s2"], 4, 16, field="f")
    for name in ("s1", "s2"):
        seats = [line.index(name) for _, _, line in lines if name in line]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2, 3, 3]  # every seat twice
    assert all(sorted(line).count("f") == 3 for _, _, line in lines)


def test_every_pair_meets_when_there_are_more_agents_than_seats():
    met = {frozenset(line) for _, _, line in lineups("abcd", 2, 12)}
    assert met == {frozenset(p) for p in product("abcd", repeat=2) if p[0] != p[1]}


# ------------------------------------------------------------------ runs


def test_small_run_gives_rows_a_table_and_ratings(loco8):
    df = loco8
    assert len(df) == 8 and list(df["match"]) == list(range(8))
    assert list(df["seed"]) == [3, 3, 4, 4, 5, 5, 6, 6] and list(df["rotation"]) == [0, 1] * 4
    assert list(df["agents"]) == ["random,rules", "rules,random"] * 4
    assert {"winners", "winner_agent", "steps", "winning_card"} <= set(df.columns)  # the game's own columns too
    assert df.attrs["kind"] == "tournament" and df.attrs["agents"] == ["random", "rules"]
    table = standings(df, resamples=50)
    assert list(table["agent"]) == ["random", "rules"] and list(table["games"]) == [8, 8]
    assert math.isclose(table["wins"].sum(), 8) and set(table["fair"]) == {0.5}
    assert table.loc[0, "rating"] == 1000 and table.loc[0, "rating_low"] == table.loc[0, "rating_high"] == 1000
    row = table.iloc[1]
    assert row.share_low <= row.share <= row.share_high and row.rating_low <= row.rating <= row.rating_high
    text = standings_text(df, table)
    assert "random" in text and "fair share: 50.0%" in text and "Bradley" in text


def test_same_seed_same_rows(loco8):
    again = tournament("loco", "random,rules", games=8, players=2, seed=3, progress=False, workers=2, chunk_size=1)
    assert again.equals(loco8)


def test_a_search_bot_plays_in_a_tournament():
    df = tournament("loco", "rules,search:5", games=2, players=2, seed=0, progress=False, workers=1)
    assert list(df["agents"]) == ["rules,search:5", "search:5,rules"]
    table = standings(df, resamples=20)
    assert list(table["agent"]) == ["rules", "search:5"] and table.attrs["anchor"] == "rules"
    assert table.loc[0, "rating"] == 1000 and np.isfinite(table["rating"]).all()


def test_dask_gives_the_same_rows_as_local(loco8):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    with LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        dask = tournament("loco", "random,rules", games=8, players=2, seed=3, progress=False, client=client,
                          chunk_size=3)
    assert dask.attrs["backend"] == "dask"
    dask.attrs["backend"] = "local"
    assert dask.equals(loco8)


def test_parquet_round_trip(loco8, tmp_path):
    path = save_results(loco8, tmp_path / "t.parquet")
    back = load_tournament(path)
    assert back.equals(loco8) and back.attrs["agents"] == ["random", "rules"]
    assert games_of(back) == games_of(loco8)


def test_load_refuses_a_simulation(tmp_path):
    from chililab.sim import simulate

    path = save_results(simulate("loco", n=2, players=2, progress=False, workers=1), tmp_path / "s.parquet")
    with pytest.raises(ConfigError, match="no tournament"):
        load_tournament(path)


def test_cli_prints_the_standings_and_saves(tmp_path, capsys):
    out = tmp_path / "t.parquet"
    assert main(["tournament", "loco", "--agents", "random,rules", "--games", "3", "--players", "2",
                 "--no-progress", "--resamples", "20", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "3 games asked: 4 played" in text and "fair share: 50.0%" in text and "rules" in text
    assert len(load_tournament(out)) == 4


def test_cli_a_bot_against_the_field(capsys):
    assert main(["tournament", "crazy_eights", "--agents", "search:4", "--field", "thumb", "--players", "3",
                 "--games", "3", "--no-progress", "--resamples", "10"]) == 0
    text = capsys.readouterr().out
    assert "search:4" in text and "thumb" in text and "fair share: 33.3%" in text


@pytest.mark.parametrize("args, words", [
    (["--agents", "random,bogus"], "unknown agent"),
    (["--agents", "rules", "--field", "rules"], "field agent"),
    (["--agents", "random"], "at least two agents"),
    (["--agents", "random,rules", "--games", "0"], "--games"),
    (["--agents", "random,search:abc"], "budget"),
    (["--agents", "random,random"], "named twice"),
    (["--agents", "random,rules", "--out", "/no/such/folder/t.parquet"], "does not exist"),
], ids=["unknown-agent", "field-twice", "one-agent", "no-games", "bad-budget", "twice", "bad-out"])
def test_bad_input_is_one_line_and_exit_2(args, words, capsys):
    assert main(["tournament", "loco", "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chililab: error:") and words in err


# ------------------------------------------------------------------ the ratings module


def test_two_agents_have_the_closed_form():
    # a beats b in 7 of 10 games: p = 0.7, a - b = 400 log10(0.7 / 0.3)
    games = [(("a", "b"), (0,))] * 4 + [(("b", "a"), (1,))] * 3 + [(("a", "b"), (1,))] * 2 + [(("b", "a"), (0,))]
    w = pairwise(games, ["a", "b"])
    assert w.tolist() == [[0, 7], [3, 0]]
    r = bradley_terry(w, anchor=1, prior=0)
    assert r[1] == 1000
    assert math.isclose(r[0] - r[1], 400 * math.log10(0.7 / 0.3), rel_tol=1e-8)
    # the prior is one drawn game: 7.5 of 11
    r = bradley_terry(w, anchor=1)
    assert math.isclose(r[0] - 1000, 400 * math.log10(7.5 / 3.5), rel_tol=1e-8)


def test_three_agents_of_known_strength_are_found_again():
    # expected results of strengths 4 : 2 : 1 (P(i beats j) = p_i / (p_i + p_j)), 600 comparisons a pair
    p = [4.0, 2.0, 1.0]
    w = np.array([[0 if i == j else 600 * p[i] / (p[i] + p[j]) for j in range(3)] for i in range(3)])
    r = bradley_terry(w, anchor=2, prior=0)
    assert np.allclose(r, [1000 + 400 * math.log10(4), 1000 + 400 * math.log10(2), 1000], atol=1e-6)


def test_a_multi_player_game_is_decomposed_into_pairs():
    index = {"a": 0, "b": 1, "c": 2, "d": 3}
    # a wins alone: a beats b, c and d; the losers are not compared
    assert game_pairs(("a", "b", "c", "d"), (0,), index).tolist() == [
        [0, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    # b and d share the win: they tie (half each) and each beats a and c
    assert game_pairs(("a", "b", "c", "d"), (1, 3), index).tolist() == [
        [0, 0, 0, 0], [1, 0, 1, 0.5], [0, 0, 0, 0], [1, 0.5, 1, 0]]
    # no winner: every pair ties; the same agent in two seats is not compared with itself
    assert game_pairs(("a", "b", "a"), (), index)[:2, :2].tolist() == [[0, 1.0], [1.0, 0]]


def test_win_shares_split_shared_wins_and_use_wilson():
    games = [(("a", "b", "c"), (0,)), (("b", "c", "a"), (0, 2)), (("c", "a", "b"), ())]
    s = win_shares(games, ["a", "b", "c"])
    assert (s["a"]["wins"], s["b"]["wins"], s["c"]["wins"]) == (1.5, 0.5, 0.0)
    assert s["a"]["seats"] == 3 and math.isclose(s["a"]["share"], 0.5)
    assert (s["a"]["low"], s["a"]["high"]) == wilson(1.5, 3)
    # Wilson by hand for 5 of 10: centre (0.5 + z²/20) / (1 + z²/10) = 0.5, half z/(1+z²/10) sqrt(0.025 + z²/400)
    z = 1.959963984540054
    half = z / (1 + z * z / 10) * math.sqrt(0.025 + z * z / 400)
    assert np.allclose(wilson(5, 10), (0.5 - half, 0.5 + half))


def test_bootstrap_is_seeded_and_covers_the_fit():
    games = [(("a", "b"), (0,))] * 12 + [(("a", "b"), (1,))] * 8 + [(("b", "a"), (0,))] * 5
    lo, hi = bootstrap_ratings(games, ["a", "b"], resamples=100, seed=1)
    lo2, hi2 = bootstrap_ratings(games, ["a", "b"], resamples=100, seed=1)
    assert lo.tolist() == lo2.tolist() and hi.tolist() == hi2.tolist()
    fit = bradley_terry(pairwise(games, ["a", "b"]))
    assert lo[0] == hi[0] == 1000 and lo[1] < fit[1] < hi[1]


def test_a_search_bot_plays_crazy_eights_a_game_of_another_package():
    pytest.importorskip("chililab_crazy_eights")
    df = tournament("crazy_eights", "random,thumb,search:5", games=6, players=3, seed=1, progress=False, workers=1)
    assert len(df) == 6 and set(df["seed"]) == {1, 2}
    table = standings(df, resamples=20)
    assert list(table["games"]) == [6, 6, 6] and math.isclose(table["wins"].sum(), 6)
    assert table.attrs["anchor"] == "random" and np.isfinite(table["rating"]).all()


def test_the_chart_draws_shares_and_ratings_with_intervals(loco8):
    pytest.importorskip("plotly")
    from chililab.viz import tournament_chart

    table = standings(loco8, resamples=20)
    fig = tournament_chart(table)
    bars, points = fig.data
    assert list(bars.x) == ["random", "rules"] and list(bars.y) == list(table["share"])
    assert list(points.y) == list(table["rating"]) and points.error_y.array is not None
    assert "8 games" in fig.layout.title.text


def test_the_notebook_section_runs(capsys):
    pytest.importorskip("plotly")
    from chililab.apps import tournament_cells as cells

    kinds = [kind for kind, _, _ in cells.section("loco", "random,rules", 2, "two bots")]
    assert kinds == ["markdown", "code", "code", "code"]
    cells.bots_tournament("loco", "random,rules", 2)
    assert "random,rules" in capsys.readouterr().out
    cells.bots_chart(standings(tournament("loco", "random,rules", games=2, players=2, progress=False), 10), "a,b")
