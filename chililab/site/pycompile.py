"""Byte-compile the site's wheels at build time with the site's own Pyodide, run by Node.

Pyodide's CPython (3.13) is not the build machine's, so the bytecode is made by the runtime
the site ships: the npm ``pyodide`` package from the cache runs under Node, mounts a work
folder and runs :func:`chililab.site.wheel_pyc.compile_wheel` on every wheel and on the
standard library (the npm package ships it as source: a third of ``import IPython`` in the
browser was compiling standard modules). Nothing is fetched. Without ``node`` the site ships the wheels as they are (the browser then compiles
every module as it imports it, a few seconds on each visit) and the build says so.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

from chililab.site import wheel_pyc
from chililab.site.runtime import read_member

STDLIB_ZIP = "python_stdlib.zip"
#: the npm package's files Node needs to start Pyodide
NODE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", STDLIB_ZIP, "pyodide-lock.json", "package.json")

#: Node: start Pyodide from argv[1], mount argv[2] as /w, run /w/compile.py (it reads /w/jobs.json)
NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
const [runtime, work] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtime + "/" });
py.FS.mkdirTree("/w");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/w");
py.runPython("exec(open('/w/compile.py').read())");
"""

#: Python, in Pyodide: compile every job of /w/jobs.json, write the counts to /w/done.json
DRIVER = """
import json
jobs = json.load(open('/w/jobs.json'))
done = {dst: compile_wheel('/w/' + src, '/w/' + dst, prefix) for src, dst, prefix in jobs}
json.dump(done, open('/w/done.json', 'w'))
"""


class CompileError(RuntimeError):
    """Pyodide under Node failed to compile the wheels."""


def compile_wheels(wheels: list[Path], tarball: Path, work: Path, log=print) -> tuple[list[Path], Path | None]:
    """The byte-compiled copies of ``wheels`` and of the runtime's standard library (in ``work/out``).

    Without Node: ``wheels`` unchanged and no standard library (the npm package's, as source)."""
    node = shutil.which("node")
    if node is None:
        log("site: no `node` on this machine: the wheels ship uncompiled (each visit compiles them in the browser)")
        return list(wheels), None
    runtime, inbox, outbox = work / "runtime", work / "in", work / "out"
    for d in (runtime, inbox, outbox):
        d.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in NODE_FILES:
            (runtime / name).write_bytes(read_member(tar, f"package/{name}"))
    jobs = [[f"in/{STDLIB_ZIP}", f"out/{STDLIB_ZIP}", wheel_pyc.STDLIB]]
    shutil.copy2(runtime / STDLIB_ZIP, inbox / STDLIB_ZIP)
    for w in wheels:
        shutil.copy2(w, inbox / w.name)
        jobs.append([f"in/{w.name}", f"out/{w.name}", wheel_pyc.SITE_PACKAGES])
    (work / "jobs.json").write_text(json.dumps(jobs))
    (work / "compile.py").write_text(Path(wheel_pyc.__file__).read_text() + DRIVER)
    done = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT, str(runtime), str(work)],
                          capture_output=True, text=True)
    if done.returncode or not (work / "done.json").is_file():
        raise CompileError(f"byte-compiling the wheels in Pyodide under Node failed ({done.returncode}):\n"
                           f"{(done.stdout + done.stderr)[-4000:]}")
    counts = json.loads((work / "done.json").read_text())
    log(f"site: byte-compiled {sum(counts.values())} modules in {len(wheels)} wheels and the standard library "
        "with Pyodide (Node)")
    return [outbox / w.name for w in wheels], outbox / STDLIB_ZIP
