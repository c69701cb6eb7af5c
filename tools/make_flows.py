#!/usr/bin/env python3
"""Lay out every registered game's flow with Graphviz ``dot`` and write it as package data.

    python3 tools/make_flows.py            # (re)write <game package>/data/flows/<game>.<key>.svg
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
from chililab.viz.flow_layout import dot_source, file_name, folder, run_dot  # noqa: E402


def pictures() -> dict[Path, dict[str, bytes]]:
    """{folder: {file name: dot's SVG}}: every registered game's flow laid out now, for its package's folder."""
    out: dict[Path, dict[str, bytes]] = {}
    for spec in registry.specs():
        dot = dot_source(spec.flow)
        out.setdefault(Path(str(folder(spec.name))), {})[file_name(spec.flow.game, dot)] = run_dot(dot)
    return out


def _targets(out: Path | None) -> dict[Path, dict[str, bytes]]:
    fresh = pictures()
    if out is None:
        return fresh
    return {out: {n: svg for files in fresh.values() for n, svg in files.items()}}


def differences(out: Path | None = None) -> list[str]:
    """What differs between the committed files (or those in ``out``) and a fresh layout (empty: up to date)."""
    diff = []
    for where, fresh in _targets(out).items():
        have = {p.name: p.read_bytes() for p in where.glob("*.svg")} if where.is_dir() else {}
        diff += [f"missing {n}" for n in sorted(fresh.keys() - have.keys())]
        diff += [f"stale {n}" for n in sorted(have.keys() - fresh.keys())]
        diff += [f"differs {n}" for n in sorted(fresh.keys() & have.keys()) if fresh[n] != have[n]]
    return diff


def write(out: Path | None = None) -> list[Path]:
    """Write every picture (into each game's folder, or all into ``out``), remove the ones no flow uses;
    return the paths written."""
    written = []
    for where, fresh in _targets(out).items():
        where.mkdir(parents=True, exist_ok=True)
        for old in where.glob("*.svg"):
            if old.name not in fresh:
                old.unlink()
        for name, svg in fresh.items():
            (where / name).write_bytes(svg)
            written.append(where / name)
    return sorted(written)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh layout")
    args = ap.parse_args(argv)
    if args.check:
        diff = differences()
        for line in diff:
            print(line)
        return 1 if diff else 0
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
