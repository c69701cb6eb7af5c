"""All You Can Chili's registration (listed in ``chililab/games/__init__.py`` ``BUILTIN``; see
:mod:`chililab.engine.registry`).

Data only: the simulation columns and the text picture are dotted paths, imported when asked for.
"""
from chililab.engine.registry import GameSpec

from .options import OPTIONS

_HERE = "chililab.games.aycc"

SPEC = GameSpec(
    name="aycc",
    title="All You Can Chili",
    package=_HERE,
    players=(2, 6),
    summary="Push your luck: serve dishes under secret tolerances, withdraw in time, and read the Neutral.",
    rule_prefix="AYCC",
    options=OPTIONS,
    sim=f"{_HERE}.simstats:STATS",
    clauses="data/rules_aycc.json",
    pictures={"text": f"{_HERE}.text:describe"},
    agents={"threshold": "chililab.agents.aycc_agents:ThresholdAgent",
            "exact": "chililab.agents.aycc_agents:ExactAgent"},
)
