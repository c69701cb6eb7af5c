"""The peers benchmark runs and reports; it measures speed but asserts none."""
import importlib.util
import json
import os
import random
import subprocess
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks")
PEERS = os.path.join(BENCH, "peers.py")


def peers(*args, timeout=300):
    return subprocess.run([sys.executable, PEERS, *args], check=False, capture_output=True, text=True, timeout=timeout)


def test_peers_prints_a_table_for_chililab_and_lean_uno_and_writes_json(tmp_path):
    out_json = tmp_path / "peers.json"
    out = peers("--games", "2", "--rounds", "1", "--engines", "chililab,lean-uno", "--json", str(out_json))
    assert out.returncode == 0, out.stderr
    header = next(ln for ln in out.stdout.splitlines() if ln.startswith("engine "))
    for column in ("decisions/s", "games/s", "decisions/game", "clone @100 (µs)", "undo @100 (µs)", "× chililab"):
        assert column in header
    rows = {r["engine"]: r for r in json.loads(out_json.read_text())["rows"]}
    assert set(rows) == {"chililab", "lean-uno"}
    assert rows["chililab"]["clone_us"] > 0 and rows["chililab"]["undo_us"] > 0
    assert rows["lean-uno"]["clone_us"] is None and "no clone" in rows["lean-uno"]["clone_na"]
    assert all(r["decisions_per_game"] > 0 for r in rows.values())


def test_baseline_revision_runs_as_its_own_row_in_markdown():
    if subprocess.run(["git", "-C", BENCH, "rev-parse", "HEAD"], check=False, capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    out = peers("--games", "1", "--rounds", "1", "--engines", "chililab", "--baseline", "HEAD", "--markdown")
    assert out.returncode == 0, out.stderr
    rows = [ln for ln in out.stdout.splitlines() if ln.startswith("| chililab Loco")]
    assert len(rows) == 2 and any("(`chililab@" in r for r in rows)
    assert "the decisions/s of chililab@" in out.stdout


@pytest.mark.skipif(not (importlib.util.find_spec("pyspiel") and importlib.util.find_spec("rlcard")),
                    reason="OpenSpiel or RLCard not installed (pip install -e '.[bench]')")
def test_peer_engines_run_when_installed():
    engines = "openspiel-crazy-eights,rlcard-uno-env,rlcard-uno-game"
    out = peers("--games", "2", "--rounds", "1", "--engines", engines)
    assert out.returncode == 0, out.stderr
    for name in engines.split(","):
        assert any(ln.startswith(name) for ln in out.stdout.splitlines()), name
    assert "allow_step_back=True" in out.stdout and "crazy_eights" in out.stdout


def test_every_game_has_a_playout_row_and_the_targets_are_paired_ratios(tmp_path):
    out_json = tmp_path / "peers.json"
    engines = "chililab,chililab-playout,chililab-aycc-playout,chililab-sim-rules"
    out = peers("--games", "2", "--rounds", "2", "--engines", engines, "--json", str(out_json))
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out_json.read_text())["rows"]}
    assert set(rows) == set(engines.split(","))
    # the same seeds on both paths of one game: the same number of decisions
    assert rows["chililab"]["decisions_per_game"] == rows["chililab-playout"]["decisions_per_game"]
    assert rows["chililab-playout"]["undo_us"] is None and rows["chililab-playout"]["clone_us"] > 0
    lines = [ln for ln in out.stdout.splitlines() if "target ≥" in ln]
    assert any(ln.strip().startswith("Chili Loco's playout path / its Game API:") for ln in lines), out.stdout
    assert any("All You Can Chili's playout / Chili Loco's playout" in ln for ln in lines)
    assert any("rule bots" in ln for ln in lines)
    assert all(("met" in ln) != ("missed" in ln) for ln in lines)


def test_the_baseline_targets_are_set_against_the_baseline_rows_game_api():
    sys.path.insert(0, BENCH)
    try:
        import peers
    finally:
        sys.path.remove(BENCH)

    def row(name, rates):
        return {"engine": name, "rounds": [{"round": k, "decisions": r, "seconds": 1.0} for k, r in enumerate(rates)]}

    rows = [row("chililab", [150, 160]), row("chililab-playout", [300, 330]), row("chililab@abc123", [100, 100])]
    lines = peers.target_lines(rows)
    assert "Chili Loco's Game API / itself at abc123: 1.55× (rounds 1.50–1.60×; target ≥ 1.5×: met)" in lines
    assert "Chili Loco's playout path / its Game API at abc123: 3.15× (rounds 3.00–3.30×; target ≥ 4×: missed)" in lines
    assert not any("at abc123" in ln for ln in peers.target_lines(rows[:2]))  # no baseline row: no such target


def test_the_layers_script_measures_a_simulation_beside_its_bare_moves():
    out = subprocess.run([sys.executable, os.path.join(BENCH, "layers.py"), "--game", "loco", "--games", "2",
                          "--rounds", "1", "--agents", "rules"], capture_output=True, text=True, timeout=300, cwd=BENCH)
    assert out.returncode == 0, out.stderr
    for layer in ("the same moves: play only", "simulation, quiet (rules agents)", "simulation, listening",
                  "random loop (random games)", "the simulation / the random loop"):
        assert layer in out.stdout, layer


def test_the_layers_script_splits_a_decision_for_any_game():
    out = subprocess.run([sys.executable, os.path.join(BENCH, "layers.py"), "--game", "aycc", "--games", "3",
                          "--rounds", "1", "--profile"], capture_output=True, text=True, timeout=300, cwd=BENCH)
    assert out.returncode == 0, out.stderr
    for layer in ("setup", "playout: play only", "+ legal_moves()", "Game API, GC off", "by module"):
        assert layer in out.stdout, layer
    assert "aycc/rules/" in out.stdout  # the profile names the rules modules the time goes to


def test_unknown_engine_is_refused():
    out = peers("--engines", "chililab,nosuch")
    assert out.returncode == 2 and "nosuch" in out.stderr


def test_lean_uno_keeps_every_card_and_ends():
    spec = importlib.util.spec_from_file_location("lean_uno", os.path.join(BENCH, "lean_uno.py"))
    lean_uno = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lean_uno)
    for seed in range(5):
        g = lean_uno.UnoGame(players=4, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
            assert sum(map(len, g.hands)) + len(g.discard) + len(g.draw_pile) == 108
        assert not g.hands[g.winner]


def test_table_load_plays_tables_through_a_restart_and_loses_no_move(tmp_path):
    """benchmarks/table_load.py, small: 2 tables of 2 students for 12 s, the service restarted half-way (6 s was too
    short on a busy machine for every student to be back and see the last moves before the end)."""
    out_json = tmp_path / "table_load.json"
    out = subprocess.run([sys.executable, os.path.join(BENCH, "table_load.py"), "--tables", "2", "--per-table", "2",
                          "--minutes", "0.2", "--think", "0.05", "--quiet", "--json", str(out_json)],
                         check=False, capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "move-to-screen p50" in out.stdout and "lobby round trip" in out.stdout
    r = json.loads(out_json.read_text())
    for key in ("moves", "moves_per_s", "latency_p50_s", "latency_p95_s", "latency_max_s", "errors", "lost",
                "lost_races", "lobby_p50_s", "lobby_idle_p50_s", "ratio_p50", "ratio_p95", "restart"):
        assert key in r, key
    assert r["moves"] > 0 and r["latency_p50_s"] > 0 and r["not_shown"] == 0
    assert r["lost"] == 0 and r["errors"] == 0, (r["error_examples"], r["lost_examples"])
    assert r["restart"] and r["restart"]["students_back"] >= 1 and r["reconnects"] >= 1
    assert r["restart"]["around_lost"] == 0
    assert "Exception in callback" not in out.stderr
