"""Rule clause texts shipped with the package (``chililab/data/clauses_<game>.json``).

Built from ``shared/rules/*.md`` by ``tools/extract_clauses.py``; users of an
installed chililab have no ``shared/`` folder, so the stepper reads these.
"""
from __future__ import annotations

import json
from functools import cache
from importlib import resources

_PREFIX = {"LOCO": "loco", "MAFIA": "mafia", "AYCC": "aycc"}


@cache
def clauses(game: str) -> dict:
    """{clause ID: text} for one game ('loco', ...); empty when not shipped."""
    try:
        text = resources.files("chililab").joinpath("data", f"clauses_{game}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return json.loads(text)


def clause_text(rule_id: str) -> str | None:
    """The catalogue text of a clause ID like ``"LOCO-TWIN-4"``, or None if unknown."""
    game = _PREFIX.get(str(rule_id).split("-", 1)[0])
    return clauses(game).get(rule_id) if game else None
