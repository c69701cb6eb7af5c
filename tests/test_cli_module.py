"""``python3 -m chililab`` is the same command line as the ``chililab`` script."""
import subprocess
import sys


def test_python_m_chililab_plays_a_game_and_reports_errors():
    out = subprocess.run([sys.executable, "-m", "chililab", "play", "loco", "--players", "3", "--seed", "5"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    events = [ln for ln in out.stdout.splitlines() if ln and not ln.startswith("#")]
    assert events and all("[LOCO-" in ln for ln in events)
    bad = subprocess.run([sys.executable, "-m", "chililab", "play", "loco", "--players", "11"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "LOCO-SETUP-1" in bad.stderr and "Traceback" not in bad.stderr
