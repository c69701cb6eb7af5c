"""Run Python code in a fresh interpreter where some packages cannot be imported, as on a machine without them.

A meta-path finder placed first refuses the named top-level packages (and everything under them)
with ``ModuleNotFoundError``, exactly what ``import`` raises for a package that is not installed;
``importlib.util.find_spec`` sees the same. The child prints nothing of its own: the caller reads
its exit code, stdout and stderr.

>>> r = run_blocked("import json; print('ok')", ["json"])
>>> r.returncode != 0 and "ModuleNotFoundError" in r.stderr
True
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PRELUDE = """\
import sys
BLOCKED = {blocked!r}

class _Blocker:
    '''Refuse the blocked packages as if they were not installed.'''

    def find_spec(self, name, path=None, target=None):
        if name.partition('.')[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked by the test)", name=name)
        return None

sys.meta_path.insert(0, _Blocker())
for _m in [m for m in sys.modules if m.partition('.')[0] in BLOCKED]:
    del sys.modules[_m]
"""


def run_blocked(code: str, blocked, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``code`` in a new interpreter (this checkout first on ``sys.path``) with ``blocked`` not importable."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    src = PRELUDE.format(blocked=sorted(set(blocked))) + code
    return subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=timeout)
