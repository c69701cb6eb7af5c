"""``benchmarks/sim_speed.py`` runs and prints every loop it documents (it measures; nothing is asserted about speed)."""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_speed_benchmark_prints_every_loop_of_each_game():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "sim_speed.py"), "--games", "aycc,loco",
                          "--n", "1", "--rounds", "1"], capture_output=True, text=True, timeout=300, check=False,
                         env={**os.environ, "PYTHONPATH": ROOT})
    assert out.returncode == 0, out.stderr
    loops = [" ".join(line.split()[1:-2]) for line in out.stdout.splitlines()[2:]]
    assert loops == ["raw", "sim random", "sim threshold", "raw on threshold games", "sim loop on threshold games",
                     "raw", "sim random", "sim rules", "raw on rules games", "sim loop on rules games"]
