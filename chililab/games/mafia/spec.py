"""Chili Mafia's registration (listed in ``chililab/games/__init__.py`` ``BUILTIN``; see :mod:`chililab.engine.registry`).

Data only: the heavy parts (the rule-of-thumb agent, simulation columns, pictures) are dotted
paths, imported when asked for. Lessons, the table picture and the dashboard are added as they are built.
"""
from chililab.engine.registry import GameSpec

from .options import OPTIONS

_HERE = "chililab.games.mafia"

SPEC = GameSpec(
    name="mafia",
    title="Chili Mafia",
    package=_HERE,
    players=(2, 8),
    summary="A set-collection game: draft, form chili gangs, attack with Hot cards, survive the Dawn Raid.",
    rule_prefix="MAFIA",
    options=OPTIONS,
    agents={"rules": "chililab.agents.mafia_rules:MafiaRuleAgent"},
    bot="rules",
    sim=f"{_HERE}.simstats:STATS",
    pictures={"text": f"{_HERE}.text:describe"},
    clauses="data/rules_mafia.json",
)
