"""``chililab metrics GAME`` for every game, the replayed decisiveness on real games, and its refusals."""
from __future__ import annotations

import re

import pandas as pd
import pytest

import chililab.sim
from chililab.cli import main
from chililab.engine import registry
from chililab.sim import load_results, simulate
from chililab.sim.metrics import compare, decisiveness


@pytest.mark.parametrize("game", registry.names())
def test_metrics_prints_every_table_for_each_game(game, capsys):
    assert main(["metrics", game, "--games", "4", "--players", "3", "--replays", "2", "--no-progress",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for title in ("Seat advantage", "every seat wins equally?", "Game length", "Decisiveness (2 games replayed)",
                  "Flow edges"):
        assert title in out
    assert re.findall(r"^  (P\d) ", out, re.M) == ["P0", "P1", "P2"]  # one line per seat


@pytest.mark.parametrize("game", registry.names())
def test_replayed_games_end_as_the_frame_says(game):
    df = simulate(game, n=6, seed=5, players=3, progress=False, workers=1)
    d = decisiveness(df, sample=3)
    assert len(d) == 3 and d.attrs["mismatched"] == 0
    assert d["decisive_at"].between(0, 1).all() and d["behind"].between(0, 1).all()
    assert (d["steps"].to_numpy() == df.set_index("seed").loc[d.index, "steps"].to_numpy()).all()


def test_compare_on_a_real_option_finds_the_longer_game(capsys):
    """Playing to 50 points instead of three rounds makes All You Can Chili longer (seeded, 60 games each)."""
    a = simulate("aycc", n=60, progress=False, workers=1)
    b = simulate("aycc", n=60, progress=False, workers=1, options={"game_end": "first_to_50"})
    t = compare(a, b).set_index("metric")
    assert t.loc["decisions", "verdict"] == "B longer"


def test_compare_prints_both_sets_and_a_verdict(tmp_path, capsys):
    out_file = tmp_path / "m.csv"
    assert main(["metrics", "aycc", "--games", "5", "--replays", "0", "--no-progress", "--workers", "1",
                 "--compare", "game_end=first_to_50", "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "=== option set B ===" in out and "In plain words:" in out and "Decisiveness" not in out
    table = pd.read_csv(out_file)
    assert table["option_set"].tolist() == ["A"] * 5 + ["B"] * 5
    assert table["options"].iloc[-1] == "{'game_end': 'first_to_50'}"


def test_out_saves_every_option_set_through_save_results(tmp_path, capsys):
    """Parquet keeps the dtypes and the run's settings: the file loads back as the two frames, labelled."""
    path = tmp_path / "teams.parquet"
    assert main(["metrics", "mafia", "--games", "4", "--replays", "0", "--no-progress", "--workers", "1",
                 "-o", "mode=team", "--compare", "taste_me=true", "--out", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("every team wins equally?") == 2 and "team P0+P2" in out
    assert f"# 8 rows written to {path}" in out
    table = load_results(path)
    a = simulate("mafia", n=4, players=4, agents="rules", options={"mode": "team"}, progress=False, workers=1)
    assert table["option_set"].tolist() == ["A"] * 4 + ["B"] * 4
    first = table[table["option_set"] == "A"].drop(columns=["option_set", "options"])
    pd.testing.assert_frame_equal(first, a, check_like=False)
    assert table.attrs["option_sets"] == {"A": {"mode": "team"}, "B": {"mode": "team", "taste_me": True}}
    assert table.attrs["teams"] == [[0, 2], [1, 3]] and table.attrs["game"] == "mafia"


BAD = [
    (["metrics", "loco", "-o", "no_such_option=1"], "no_such_option"),
    (["metrics", "aycc", "--compare", "game_end=forever"], "game_end must be one of"),
    (["metrics", "aycc", "--compare", "game_end=three_rounds"], "sets nothing new"),
    (["metrics", "loco", "--games", "0"], "--games must be from 1"),
    (["metrics", "loco", "--replays", "-1"], "--replays must be 0 or more"),
    (["metrics", "loco", "--out", "x.txt"], "end the file name with .parquet, .pq, .csv"),
    (["metrics", "loco", "--out", "/nonexistent/dir/x.csv"], "does not exist"),
    (["metrics", "chess"], "unknown game"),
    (["metrics", "mafia", "--players", "11"], "players"),
]


@pytest.mark.parametrize("argv, words", BAD, ids=[" ".join(a[1:]) for a, _ in BAD])
def test_bad_arguments_are_one_clear_line_before_any_game(argv, words, capsys, monkeypatch):
    def tripwire(*a, **k):
        raise AssertionError("a simulation started before the error was reported")

    monkeypatch.setattr(chililab.sim, "simulate", tripwire)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("chililab: error:") and words in err and "\n" not in err


def test_a_game_without_standings_gets_every_metric_but_decisiveness(capsys):
    """A toy game registered by a test: the metrics name no game, and say why decisiveness is missing."""
    from . import toy_nim

    registry.register(toy_nim.SPEC)
    try:
        assert main(["metrics", "nim", "--games", "6", "--players", "2", "--no-progress", "--workers", "1"]) == 0
    finally:
        registry.unregister("nim")
    out = capsys.readouterr().out
    assert "Seat advantage" in out and "Game length" in out
    assert "Decisiveness: not measured: " in out and "has no standing reader" in out
