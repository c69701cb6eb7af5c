#!/usr/bin/env python3
"""Extract the rule clause texts {ID: text} from the clause catalogues into the package.

The stepper widget shows the text of every clause an event cites. Users of an
installed chililab do not have ``shared/rules/*.md`` beside them, so the texts
ship inside the package as ``chililab/data/clauses_<game>.json`` (committed).
Re-run this after the catalogue changes; ``tests/test_clauses_data.py`` checks
that the committed file still matches the catalogue whenever ``shared/`` is
present beside the repository.

    python3 tools/extract_clauses.py                 # shared/ beside the repo, writes clauses_loco.json
    python3 tools/extract_clauses.py --rules DIR --game loco mafia aycc

A clause is a top-level bullet ``- **LOCO-TWIN-4**: text`` plus its sub-bullets,
up to its ``- test:`` line. The text is kept as written, minus markdown emphasis
and the rulebook line references (``[L45–L46]``).
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = ROOT.parent / "shared" / "rules"
DATA = ROOT / "chililab" / "data"

_HEAD = re.compile(r"^- \*\*([A-Z]+(?:-[A-Z0-9]+)*-\d+)\*\*:\s*(.*)$")
_SUB = re.compile(r"^\s+- (.*)$")
_LINEREF = re.compile(r"\s*\[L\d+[^\]]*\]")


def _clean(s: str) -> str:
    s = _LINEREF.sub("", s)
    s = s.replace("**", "").replace("`", "")
    return re.sub(r"\s+", " ", s).strip()


def extract(text: str) -> dict[str, str]:
    """{clause ID: plain text} from one catalogue's markdown."""
    out: dict[str, str] = {}
    cur = None
    parts: list[str] = []

    def close():
        if cur is not None:
            out[cur] = _clean(" ".join(parts))

    for line in text.splitlines():
        m = _HEAD.match(line)
        if m:
            close()
            cur, parts = m.group(1), [m.group(2)]
            continue
        if cur is None:
            continue
        sub = _SUB.match(line)
        if sub and not sub.group(1).startswith("test:"):
            parts.append("\u2022 " + sub.group(1))  # a sub-item of the clause itself
            continue
        close()  # its test, a blank line or the next section ends the clause
        cur, parts = None, []
    close()
    return out


def extract_game(rules_dir: Path, game: str) -> dict[str, str]:
    return extract((Path(rules_dir) / f"{game}.md").read_text(encoding="utf-8"))


def dump(clauses: dict[str, str]) -> str:
    return json.dumps(clauses, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="folder of the clause catalogues")
    ap.add_argument("--game", nargs="+", default=["loco"], help="catalogue names (loco, mafia, aycc)")
    ap.add_argument("--out", type=Path, default=DATA)
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    for game in a.game:
        clauses = extract_game(a.rules, game)
        path = a.out / f"clauses_{game}.json"
        path.write_text(dump(clauses), encoding="utf-8")
        print(f"{path}: {len(clauses)} clauses")


if __name__ == "__main__":
    main()
