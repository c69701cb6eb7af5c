"""``chililab play aycc`` and ``chililab simulate aycc``, with Inferno Mode as ``--inferno`` or ``-o inferno=yes``."""
import io
import sys

from chililab.cli import main


def test_play_aycc_prints_each_event_with_its_rule_ids(capsys):
    assert main(["play", "aycc", "--players", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("# All You Can Chili: 3 players, seed 5")
    events = [ln for ln in lines if not ln.startswith("#")]
    assert events and all("[AYCC-" in ln for ln in events)
    assert lines[-1].startswith("# ") and "after 3 round(s)" in lines[-1]


def test_inferno_is_a_flag_or_an_option(capsys):
    assert main(["play", "aycc", "--players", "4", "--seed", "2", "--inferno"]) == 0
    flag = capsys.readouterr().out
    assert main(["play", "aycc", "--players", "4", "--seed", "2", "-o", "inferno=yes"]) == 0
    assert capsys.readouterr().out == flag and "'inferno': True" in flag.splitlines()[0]
    assert main(["play", "aycc", "--players", "4", "--seed", "2", "-o", "game_end=first_to_50"]) == 0
    assert "first_to_50" in capsys.readouterr().out.splitlines()[0]


def test_play_aycc_as_a_human_shows_only_that_seats_secrets(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    assert main(["play", "aycc", "--players", "3", "--seed", "4", "--human", "1"]) == 0
    out = capsys.readouterr().out
    assert "events as P1 sees them" in out.splitlines()[0]
    assert "your secret identity" in out and "P0: your secret identity" not in out
    assert "# you are " in out and "P0 receives a secret identity" in out


def test_simulate_aycc_summarises_its_own_columns(capsys):
    assert main(["simulate", "aycc", "--games", "6", "--players", "4", "--no-progress", "--workers", "1",
                 "--inferno"]) == 0
    out = capsys.readouterr().out
    for text in ("All You Can Chili: 6 games, 4 players", "the most points after the last round", "burn-outs",
                 "voluntary withdrawals", "rounds won as the last player", "tolerances looked at (Eye)"):
        assert text in out, text


def test_bad_aycc_options_are_one_line_errors(capsys):
    assert main(["play", "aycc", "--players", "7"]) == 2
    assert "AYCC-SETUP-1" in capsys.readouterr().err
    assert main(["play", "aycc", "-o", "game_end=forever"]) == 2
    assert "game_end must be one of" in capsys.readouterr().err
