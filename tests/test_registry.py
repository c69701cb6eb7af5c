"""The game registry: lookups by name, every spec's dotted paths, and a toy game picked up by every layer."""
from __future__ import annotations

import re

import pytest

from chililab import cli
from chililab.engine import ConfigError, registry
from chililab.engine.registry import GameSpec, Option
from chililab.sim import simulate, summary_text

from . import toy_nim


@pytest.fixture
def nim():
    registry.register(toy_nim.SPEC)
    yield toy_nim.SPEC
    registry.unregister("nim")


def test_unknown_game_is_a_clear_config_error():
    with pytest.raises(ConfigError, match=f"unknown game 'uno': known games are {', '.join(registry.names())}$"):
        registry.get("uno")
    with pytest.raises(ConfigError, match="unknown game"):
        simulate("uno", n=1, progress=False)
    assert registry.spec_of_rule("LOCO-TWIN-4").name == "loco" and registry.spec_of_rule("XYZ-1") is None


@pytest.mark.parametrize("spec", registry.specs(), ids=lambda s: s.name)
def test_every_dotted_path_of_every_spec_loads(spec):
    assert spec.dotted_paths()
    for path in spec.dotted_paths():
        assert registry.load(path) is not None, path
    for name in spec.agent_names:
        assert callable(spec.agent(name).choose)
    assert spec.clause_texts()
    assert bool(spec.lesson_list()) == bool(spec.lessons)  # a spec that names lessons has some
    g = spec.new_game(seed=1)
    assert spec.replay(g.record).record == g.record
    if "table" in spec.pictures:
        assert spec.picture("table")(g.view(None)).startswith("<svg")
    if "text" in spec.pictures:
        assert spec.picture("text")(g.view(0)).startswith("# ")
    for name, opt in spec.options.items():
        assert opt.help and isinstance(opt, Option), name


def test_options_parse_what_a_person_types():
    spec = registry.get("loco")
    assert spec.options["two_player_stir_skips"].parse(" Yes ") is True
    assert spec.options["help_requests_per_turn_cap"].parse("3") == 3
    assert spec.options["personal_recipes"].parse('["reveal_hand", "terrible_accent"]') == ["reveal_hand",
                                                                                             "terrible_accent"]
    with pytest.raises(ConfigError, match="must be one of coin_flip"):
        spec.options["tie_method"].parse("fast")
    with pytest.raises(ConfigError, match="unknown agent 'genius' for Chili Loco: choose from rules, random"):
        spec.agent("genius")


def test_register_refuses_what_is_not_a_spec():
    with pytest.raises(TypeError):
        registry.register({"name": "x"})
    assert GameSpec("x", "X", "x").dotted_paths() == []


def test_a_registered_toy_game_is_simulated(nim):
    assert "nim" in registry.names()
    df = simulate("nim", n=5, seed=3, players=3, options={"stones": 5}, progress=False, workers=1)
    assert list(df.seed) == [3, 4, 5, 6, 7] and (df["stones_left"] == 0).all()
    assert (df["event:win"] == 1).all() and "edge:TAKE->OVER" in df.columns and (df["edge:TAKE->OVER"] == 1).all()
    assert set(df["how"]) == {"last"}
    text = summary_text(df)
    assert text.startswith("Toy Nim: 5 games") and "took the last stone" in text and "LOCO" not in text


def test_a_game_outside_the_kernel_has_no_playout_path_and_says_so(nim):
    with pytest.raises(ConfigError, match="no playout path"):
        registry.get("nim").new_playout(2, 1, stones=5)


def test_a_registered_toy_game_is_played_and_simulated_by_the_cli(nim, capsys):
    for command in ("play", "simulate"):
        assert cli.main([command, "--help"]) == 0
        assert "{" + ",".join(registry.names()) + "}" in capsys.readouterr().out and registry.names()[-1] == "nim"
    assert cli.main(["play", "nim", "--players", "2", "--seed", "4", "-o", "stones=4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Toy Nim: 2 players, seed 4, P0 random, P1 random, options {'stones': 4}")
    assert re.search(r"P\d wins  \[NIM-2\]", out)
    assert cli.main(["simulate", "nim", "--games", "3", "--no-progress", "--workers", "1", "--players", "2"]) == 0
    assert "Toy Nim: 3 games" in capsys.readouterr().out
    assert cli.main(["play", "nim", "-o", "stones=many"]) == 2
    assert "stones must be a whole number, not 'many'" in capsys.readouterr().err


def test_unregistered_toy_game_is_gone(capsys):
    assert "nim" not in registry.names()
    assert cli.main(["play", "nim"]) == 2
    assert "unknown game 'nim'" in capsys.readouterr().err


def test_threads_that_first_ask_for_a_game_at_once_all_get_it():
    """The first load of the installed games is done once; other threads wait for it (the table service and a
    page's push thread may ask at the same moment): no "unknown game" for a thread that came a moment later."""
    import subprocess
    import sys

    code = ("import threading\nfrom chililab.engine import registry\nout = []\n"
            "ts = [threading.Thread(target=lambda: out.append(registry.get('loco').title)) for _ in range(8)]\n"
            "[t.start() for t in ts]\n[t.join() for t in ts]\nprint(sorted(set(out)), len(out))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.strip() == "['Chili Loco'] 8", r.stderr[-2000:]
