#!/usr/bin/env python3
"""Compare a game's rules reference with a markdown clause catalogue, and add the clauses it lacks.

The package carries each game's rules reference, ``chililab/games/<game>/data/rules.json``:
per clause its section and group, the ``engineer`` text the rules code follows and
the ``learner`` text people read. The reference is the project's own: its texts are
edited by hand (and may correct the catalogue; see its ``corrections``). This tool
only helps keep its clause IDs in step with a catalogue such as ``shared/rules/<game>.md``:

    python3 tools/rules_reference.py ../shared/rules/loco.md            # report
    python3 tools/rules_reference.py ../shared/rules/loco.md --add-missing

A catalogue clause is a top-level bullet ``- **LOCO-TWIN-4**: text`` plus its
sub-bullets, up to its ``- test:`` line, under a heading ``### 2.5 Group``.
``--add-missing`` adds each new ID with the catalogue's text as its engineer text
and an empty learner text, which ``tests/test_rules_reference.py`` refuses until
someone writes it.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "chililab" / "games"

_HEAD = re.compile(r"^- \*\*([A-Z]+(?:-[A-Z0-9]+)*-\d+)\*\*:\s*(.*)$")
_GROUP = re.compile(r"^### (\d+\.\d+) (.*)$")
_SUB = re.compile(r"^\s+- (.*)$")
_LINEREF = re.compile(r"\s*\[L\d+[^\]]*\]")


def _clean(s: str) -> str:
    s = _LINEREF.sub("", s).replace("**", "").replace("`", "")
    return re.sub(r"\s+", " ", s).strip()


def extract(text: str) -> dict[str, dict]:
    """{clause ID: {"section", "group", "engineer"}} from a catalogue's markdown."""
    out: dict[str, dict] = {}
    section = group = cur = None
    parts: list[str] = []

    def close():
        if cur is not None:
            out[cur] = {"section": section, "group": group, "engineer": _clean(" ".join(parts))}

    for line in text.splitlines():
        g = _GROUP.match(line)
        m = _HEAD.match(line)
        sub = _SUB.match(line)
        if g:
            close()
            section, group, cur = g.group(1), g.group(2).strip(), None
        elif m:
            close()
            cur, parts = m.group(1), [m.group(2)]
        elif cur is not None and sub and not sub.group(1).startswith("test:"):
            parts.append("\u2022 " + sub.group(1))  # a sub-item of the clause itself
        elif cur is not None:
            close()  # its test, a blank line or the next section ends the clause
            cur = None
    close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("catalogue", type=Path, help="a markdown clause catalogue, e.g. ../shared/rules/loco.md")
    ap.add_argument("--game", help="the game (default: the catalogue's file name)")
    ap.add_argument("--add-missing", action="store_true", help="add the catalogue's new clause IDs")
    a = ap.parse_args(argv)
    path = GAMES / (a.game or a.catalogue.stem) / "data" / "rules.json"
    ref = json.loads(path.read_text(encoding="utf-8"))
    theirs = extract(a.catalogue.read_text(encoding="utf-8"))
    ours = ref["clauses"]
    missing = [i for i in theirs if i not in ours]
    differ = [i for i in theirs if i in ours and theirs[i]["engineer"] != ours[i]["engineer"]]
    print(f"{path.name}: {len(ours)} clauses; the catalogue has {len(theirs)}, {len(missing)} not in the reference"
          + (": " + " ".join(missing) if missing else ""))
    if differ:
        print(f"engineer texts that differ from the catalogue ({len(differ)}): {' '.join(differ)}")
    if a.add_missing and missing:
        for i in missing:
            ours[i] = {**theirs[i], "learner": ""}
            ref["sections"].setdefault(theirs[i]["section"], theirs[i]["group"])
        path.write_text(json.dumps(ref, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"added {len(missing)} clauses with empty learner texts to {path}: write them")
    return 1 if missing and not a.add_missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
