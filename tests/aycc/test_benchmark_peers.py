"""The peers benchmark plays All You Can Chili beside Loco and reports its ratio (issue 10 asks for >= 1/3).

Nothing here asserts a speed: the run must work and report a positive ratio, clone and undo times."""
import json
import os
import subprocess
import sys

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "benchmarks")


def test_peers_measures_aycc_beside_loco(tmp_path):
    out_json = tmp_path / "peers.json"
    out = subprocess.run([sys.executable, os.path.join(BENCH, "peers.py"), "--games", "3", "--rounds", "1",
                          "--engines", "chililab,chililab-aycc", "--json", str(out_json)],
                         check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out_json.read_text())["rows"]}
    aycc = rows["chililab-aycc"]
    assert aycc["label"].startswith("chililab All You Can Chili") and aycc["ratio"] > 0
    assert aycc["decisions_per_game"] > 30
