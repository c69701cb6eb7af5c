#!/usr/bin/env python3
"""Lay out every registered game's flow with Graphviz ``dot`` and write it as package data.

    python3 tools/make_flows.py            # (re)write chililab/data/flows/<game>.<key>.svg
    python3 tools/make_flows.py --check    # exit 1 if the committed files differ from a fresh layout

Run it after changing a game's flow declaration or the drawing attributes in
``chililab/viz/flow_layout.py``, and commit the files: dashboards draw flows from
them, without Graphviz (a browser under Pyodide has none). Needs ``pygraphviz``
(``python3 -m pip install -e '.[flows]'``). ``key`` is a hash of the DOT text, so a
stale file is never used: the old one is removed, a changed flow gets a new name.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chililab.engine import registry  # noqa: E402 (after the sys.path line)
from chililab.viz.flow_layout import FOLDER, dot_source, file_name, run_dot  # noqa: E402

OUT = ROOT / "chililab" / Path(*FOLDER)


def builtin(spec) -> bool:
    """A game of chililab itself (its picture goes to chililab/data/flows); a plug-in's goes to its own package."""
    return spec.package.split(".")[0] == "chililab"


def pictures(specs=None) -> dict[str, bytes]:
    """{file name: dot's SVG} of every built-in game's flow (or of ``specs``), laid out now."""
    out = {}
    for spec in (registry.specs() if specs is None else specs):
        if specs is None and not builtin(spec):
            continue
        dot = dot_source(spec.flow)
        out[file_name(spec.flow.game, dot)] = run_dot(dot)
    return out


def write_plugins() -> list[str]:
    """Write each plug-in game's picture into its own package's data/flows (stale ones of that game removed)."""
    import importlib

    done = []
    for spec in registry.specs():
        if builtin(spec):
            continue
        folder = Path(importlib.import_module(spec.package.split(".")[0]).__file__).parent.joinpath(*FOLDER)
        folder.mkdir(parents=True, exist_ok=True)
        fresh = pictures([spec])
        for old in folder.glob(f"{spec.flow.game}.*.svg"):
            if old.name not in fresh:
                old.unlink()
        for name, svg in fresh.items():
            (folder / name).write_bytes(svg)
            done.append(str(folder / name))
    return done


def differences(out: Path = OUT) -> list[str]:
    """What differs between the files in ``out`` and a fresh layout (empty: up to date)."""
    fresh = pictures()
    have = {p.name: p.read_bytes() for p in out.glob("*.svg")} if out.is_dir() else {}
    diff = [f"missing {n}" for n in sorted(fresh.keys() - have.keys())]
    diff += [f"stale {n}" for n in sorted(have.keys() - fresh.keys())]
    diff += [f"differs {n}" for n in sorted(fresh.keys() & have.keys()) if fresh[n] != have[n]]
    return diff


def write(out: Path = OUT) -> list[str]:
    """Write every picture into ``out`` and remove the ones no flow uses; return the names written."""
    out.mkdir(parents=True, exist_ok=True)
    fresh = pictures()
    for old in out.glob("*.svg"):
        if old.name not in fresh:
            old.unlink()
    for name, svg in fresh.items():
        (out / name).write_bytes(svg)
    return sorted(fresh)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh layout")
    args = ap.parse_args(argv)
    if args.check:
        diff = differences()
        for line in diff:
            print(line)
        return 1 if diff else 0
    for name in write():
        print(f"wrote {OUT.relative_to(ROOT) / name}")
    for path in write_plugins():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
