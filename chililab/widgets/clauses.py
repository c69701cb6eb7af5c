"""Rule clause texts shipped with the package (each game's ``GameSpec.clauses``, e.g. ``chililab/data/clauses_<game>.json``).

Built from ``shared/rules/*.md`` by ``tools/extract_clauses.py``; users of an
installed chililab have no ``shared/`` folder, so the stepper reads these.
"""
from __future__ import annotations

from functools import cache

from chililab.engine import registry


@cache
def clauses(game: str) -> dict:
    """{clause ID: text} for one registered game; empty when not shipped."""
    return registry.get(game).clause_texts()


def clause_text(rule_id: str) -> str | None:
    """The catalogue text of a clause ID (its game is the one whose ``rule_prefix`` starts it), or None."""
    spec = registry.spec_of_rule(rule_id)
    return clauses(spec.name).get(rule_id) if spec else None
