"""All You Can Chili's registration (listed in ``chililab/games/__init__.py`` ``BUILTIN``; see
:mod:`chililab.engine.registry`).

Data only: the simulation columns, pictures, lessons, move groups and the dashboard are dotted paths, imported
when asked for.
"""
from chililab.engine.registry import GameSpec

from .rules.options import OPTIONS

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
    clauses="data/rules.json",
    pictures={"dish": f"{_HERE}.pictures:dish_svg",
              "table": f"{_HERE}.pictures:table_svg",
              "game": f"{_HERE}.pictures:game_html",
              "text": f"{_HERE}.text:describe"},
    display={f"{_HERE}.rules.cards:Dish": ("image/svg+xml", "dish"),
             f"{_HERE}.rules.view:AyccView": ("text/html", "table"),
             f"{_HERE}.rules.game:AyccGame": ("text/html", "game")},
    lessons=f"{_HERE}.tutorial:LESSONS",
    lesson_move=f"{_HERE}.tutorial:move",
    move_group=f"{_HERE}.movegroups:move_group",
    dashboard="chililab.apps.aycc:app",
    agents={"threshold": "chililab.agents.aycc_agents:ThresholdAgent",
            "exact": "chililab.agents.aycc_agents:ExactAgent"},
)
