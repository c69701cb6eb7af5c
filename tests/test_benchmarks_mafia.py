"""The peers benchmark plays Chili Mafia beside Loco and reports its ratio; the win-rate script reports an interval."""
import json
import os
import subprocess
import sys

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks")


def test_peers_measures_mafia_beside_loco(tmp_path):
    out_json = tmp_path / "peers.json"
    out = subprocess.run([sys.executable, os.path.join(BENCH, "peers.py"), "--games", "2", "--rounds", "1",
                          "--engines", "chililab,chililab-mafia", "--json", str(out_json)],
                         check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out_json.read_text())["rows"]}
    mafia = rows["chililab-mafia"]
    assert mafia["label"].startswith("chililab Mafia") and mafia["ratio"] > 0
    assert mafia["clone_us"] > 0 and mafia["undo_us"] > 0 and mafia["decisions_per_game"] > 50


def test_the_win_rate_script_reports_a_confidence_interval():
    out = subprocess.run([sys.executable, os.path.join(BENCH, "mafia_agents.py"), "--games", "8", "--workers", "1"],
                         check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "rules (seat 0) vs 3 random: won" in out.stdout and "95% CI" in out.stdout


def test_wilson_interval():
    sys.path.insert(0, BENCH)
    try:
        from mafia_agents import wilson
    finally:
        sys.path.remove(BENCH)
    lo, hi = wilson(801, 1000)
    assert round(100 * lo, 1) == 77.5 and round(100 * hi, 1) == 82.5
    assert wilson(0, 0) == (0.0, 1.0)
