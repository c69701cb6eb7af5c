"""Every command-line error is one line on stderr and exit status 2, before any game is played.

Each call below ended in a traceback before (some only after the whole simulation or game had
run). Playing is replaced by a tripwire, so a call that starts a game fails the test.
"""
from __future__ import annotations

import sys

import pytest

import chililab.agents
import chililab.sim
from chililab.cli import main
from chililab.sim import MAX_GAMES, max_workers

BAD = [
    (["simulate", "loco", "--games", "3", "--csv", "/nonexistent/dir/x.csv"], "does not exist"),
    (["simulate", "loco", "--games", "3", "--csv", "/"], "is a folder"),
    (["simulate", "loco", "--games", "3", "-o", 'reaction_model={"model": "fixed", "order": [1e999, 0, 1, 2]}'],
     "whole numbers"),
    (["play", "loco", "-o", 'reaction_model={"model": "fixed", "order": [1e999, 0, 1, 2]}'], "whole numbers"),
    (["play", "loco", "--seed", "1", "-o", "sign_registry=/nonexistent/dir/reg.jsonl"], "does not exist"),
    (["simulate", "loco", "-o", "sign_registry=/nonexistent/dir/reg.jsonl"], "does not exist"),
    (["simulate", "loco", "--games", "1000000000000"], f"from 1 to {MAX_GAMES:,}"),
    (["simulate", "loco", "--games", str(MAX_GAMES + 1)], f"from 1 to {MAX_GAMES:,}"),
    # issue 23 item 4: nothing to play, no file named, files the system refuses (root passes os.access there)
    (["simulate", "loco", "--games", "0"], f"from 1 to {MAX_GAMES:,}"),
    (["simulate", "loco", "--games", "2", "--out", ""], "--out needs a file name"),
    (["simulate", "loco", "--games", "2", "--csv", " "], "--csv needs a file name"),
    (["metrics", "loco", "--games", "2", "--out", ""], "--out needs a file name"),
    (["simulate", "loco", "--games", "2", "--out", "/proc/x.csv"], "cannot be written here"),
    (["simulate", "loco", "--games", "2", "--csv", "/sys/x.csv"], "cannot be written here"),
    (["simulate", "loco", "--workers", str(max_workers() + 1)], f"from 1 to {max_workers()}"),
    (["simulate", "loco", "--workers", "0"], f"from 1 to {max_workers()}"),
    (["simulate", "loco", "--players", "11"], "players"),
]


@pytest.fixture
def no_play(monkeypatch):
    """Fail the test if a game is played or a simulation started."""
    def tripwire(*a, **k):
        raise AssertionError("a game was played before the error was reported")

    monkeypatch.setattr(chililab.agents, "play_game", tripwire)
    monkeypatch.setattr(chililab.sim, "simulate", tripwire)


def _one_line_exit_2(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert out == "", f"something was printed (a game started?): {out[:300]!r}"
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("chililab: error: "), err
    return lines[0]


@pytest.mark.parametrize("argv,needle", BAD, ids=[" ".join(a)[:60] for a, _ in BAD])
def test_bad_call_is_one_line_and_exit_2_before_playing(argv, needle, capsys, no_play):
    assert needle in _one_line_exit_2(argv, capsys)


def test_dask_backend_without_distributed_names_the_extra(monkeypatch, capsys, no_play):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    line = _one_line_exit_2(["simulate", "loco", "--backend", "dask"], capsys)
    assert "distributed" in line and "chililab[dask]" in line


def test_a_writable_csv_is_accepted(tmp_path, capsys):
    """The control: the same checks let a good call through (and the file is written)."""
    out = tmp_path / "x.csv"
    assert main(["simulate", "loco", "--games", "2", "--workers", "1", "--no-progress", "--csv", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 3


def test_random_bots_say_what_they_are_for(capsys):
    """Random bots' numbers (most games won by giving, ~2,000 decisions) are not how people play: the
    summary says so and names the game's rule-of-thumb bot; a run with that bot has no such note."""
    assert main(["simulate", "loco", "--games", "2", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "random bots pick any legal move" in out and "--agents rules" in out
    assert main(["simulate", "loco", "--games", "2", "--workers", "1", "--no-progress", "--agents", "rules"]) == 0
    assert "random bots" not in capsys.readouterr().out


def test_readme_first_simulation_uses_the_rule_of_thumb_bots():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    first = next(line for line in readme.splitlines() if line.startswith("chililab simulate"))
    assert "--agents rules" in first
