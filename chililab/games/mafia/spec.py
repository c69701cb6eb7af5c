"""Chili Mafia's registration, ready for when the game can be played to its end (see ``NOTES.md``).

Not listed in ``chililab/games/__init__.py`` ``BUILTIN`` yet: a game without its Hot and
Action cards is not Chili Mafia, and must not appear on dashboards, in the CLI or in simulations. Agents,
pictures, lessons, simulation columns and the dashboard are added as they are built.
"""
from chililab.engine.registry import GameSpec

from .options import OPTIONS

SPEC = GameSpec(
    name="mafia",
    title="Chili Mafia",
    package="chililab.games.mafia",
    players=(2, 8),
    summary="A set-collection game: draft, form chili gangs, attack with Hot cards, survive the Dawn Raid.",
    rule_prefix="MAFIA",
    options=OPTIONS,
    clauses="data/rules_mafia.json",
)
