"""``chililab play mafia`` and ``chililab simulate mafia``: options for mode, teams, expansion and promos."""
from __future__ import annotations

import io
import re
import sys

import pytest

from chililab import mafia
from chililab.agents import agent_rng, play_game
from chililab.cli import main
from chililab.games.mafia.bots import MafiaRuleAgent


def test_play_mafia_prints_each_event_with_its_rule_ids_and_is_reproducible(capsys):
    argv = ["play", "mafia", "--players", "4", "--seed", "5", "-o", "mode=team", "-o", "teams=2",
            "-o", "goodfellas_peppers=yes", "-o", "hot_properties=yes", "-o", "advanced=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert main(argv) == 0 and capsys.readouterr().out == out
    lines = out.splitlines()
    assert lines[0].startswith("# Chili Mafia: 4 players, seed 5, P0 rules, P1 rules, P2 rules, P3 rules, options {")
    assert "'mode': 'team'" in lines[0] and "'goodfellas_peppers': True" in lines[0]
    events = [ln for ln in lines if not ln.startswith("#")]
    assert events and all("[MAFIA-" in ln for ln in events), [ln for ln in events if "[MAFIA-" not in ln][:3]
    g = play_game(mafia.new_game(players=4, seed=5, mode="team", teams=2, goodfellas_peppers=True,
                                 hot_properties=True, advanced=True), MafiaRuleAgent(), agent_rng(5))
    assert len(events) == len(g.events()) and lines[-1].startswith(f"# {g.result}")


@pytest.mark.parametrize("options", [["-o", "taste_me=yes", "-o", "rumble=yes", "-o", "yatsufusa=yes"],
                                     ["-o", "mode=team", "-o", "teams=3"]])
def test_play_mafia_with_promos_and_three_teams(capsys, options):
    assert main(["play", "mafia", "--players", "6", "--seed", "2", "--agent", "random", *options]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("# Result(winners=")


def test_play_mafia_as_a_human_shows_only_that_seats_cards(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "mafia", "--players", "3", "--seed", "4", "--human", "1"]) == 0
    out = capsys.readouterr().out
    assert "events as P1 sees them" in out.splitlines()[0]
    assert "# P1 (you): " in out and "# your hand: " in out and "#    1) P1 " in out
    assert re.search(r"P1 picks [A-Z]", out) and not re.search(r"P0 picks [A-Z]", out)  # others' picks stay hidden
    assert "P0 picks a card" in out


def test_simulate_mafia_summarises_hot_and_action_cards(capsys):
    rc = main(["simulate", "mafia", "--games", "4", "--players", "4", "--agents", "rules,random,random,random",
               "--no-progress", "--workers", "1", "-o", "taste_me=true"])
    out = capsys.readouterr().out
    assert rc == 0
    for text in ("Chili Mafia: 4 games, 4 players", "P0   rules", "How the game was won", "the most points",
                 "Hot cards played", "Whack", "Action cards played", "Fuggedaboutit", "gangs formed",
                 "Hot cards neutralized (Fuggedaboutit)", "Taste Me cards drawn"):
        assert text in out, text


@pytest.mark.parametrize("argv,msg", [
    (["play", "mafia", "--players", "9"], "2 to 8 players"),
    (["play", "mafia", "-o", "mode=teams"], "mode must be one of individual, team"),
    (["play", "mafia", "--players", "5", "-o", "mode=team"], "cannot form 2 teams"),
    (["play", "mafia", "-o", "taste_me=maybe"], "taste_me must be true or false"),
    (["play", "mafia", "-o", "teams=2"], "set mode='team'"),
    (["simulate", "mafia", "--games", "1", "--agents", "genius"], "unknown agent 'genius' for Chili Mafia"),
])
def test_mafia_option_errors_exit_2_with_one_line(capsys, argv, msg):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("chililab: error: ") and msg in err and err.count("\n") == 1
