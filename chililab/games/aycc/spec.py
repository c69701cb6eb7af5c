"""All You Can Chili's registration (its entry point in the ``chililab.games`` group, ``pyproject.toml``; see
:mod:`chililab.engine.registry`).

Data only: the simulation columns, pictures, lessons, move groups and the dashboard are dotted paths, imported
when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec

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
    tagline="serve or withdraw before you burn &middot; secret tolerances, a Neutral &middot; every event cites its rule",
    explorers=(Explorer("aycc_explorer.ipynb", "chililab.apps.aycc_explorer:app",
                        "All You Can Chili: probability explorer",
                        "Set up a table and see the burn-out odds and withdraw-or-serve values, exact beside "
                        "simulated; watch the simulation converge.",
                        browser=True),),
    tutorial="chililab.apps.aycc_tutorial:notebook",
    probability="chililab.apps.prob_lessons.aycc:NOTEBOOK",
    agents={"threshold": "chililab.agents.aycc_agents:ThresholdAgent",
            "exact": "chililab.agents.aycc_agents:ExactAgent"},
)
