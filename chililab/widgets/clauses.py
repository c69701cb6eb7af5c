"""The learner text of each rule clause, as the stepper's log shows it.

The texts come from each game's rules reference shipped with the package
(``GameSpec.clauses``, e.g. ``chililab/data/rules_<game>.json``): the rulebook's
own words where it has them, plain sentences where it does not. The
reference's ``engineer`` texts (the precise statements the rules code follows)
are never shown on the page.
"""
from __future__ import annotations

from functools import cache

from chililab.engine import registry
from chililab.engine.words import fix_plurals


@cache
def clauses(game: str) -> dict:
    """{clause ID: text} for one registered game; empty when not shipped."""
    return registry.get(game).clause_texts()


def clause_text(rule_id: str) -> str | None:
    """The learner text of a clause ID (its game is the one whose ``rule_prefix`` starts it), or None. A plural
    the rulebook left open ("both Chili Pepper(s)") is written out."""
    spec = registry.spec_of_rule(rule_id)
    text = clauses(spec.name).get(rule_id) if spec else None
    return fix_plurals(text) if text else text
