"""benchmarks/prob_speed.py runs and prints its table (it measures speed; nothing here asserts a time)."""
import os
import subprocess
import sys

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "benchmarks", "prob_speed.py")


def test_prob_speed_prints_every_position():
    out = subprocess.run([sys.executable, SCRIPT, "--rounds", "1", "--calls", "2", "--samples", "200"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    for name in ("two", "three_eye", "four", "six", "six_hidden", "slowest exact query"):
        assert name in out.stdout
