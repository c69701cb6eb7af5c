"""All You Can Chili's registration (its entry point in the ``chililab.games`` group, ``pyproject.toml``; see
:mod:`chililab.engine.registry`).

Data only: the simulation columns, pictures, lessons, move groups and the dashboard are dotted paths, imported
when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec

from .rules.options import DEFAULTS, OPTIONS

_HERE = "chililab.games.aycc"

SPEC = GameSpec(
    name="aycc",
    title="All You Can Chili",
    package=_HERE,
    players=(2, 6),
    default_players=DEFAULTS["players"],
    players_rule="AYCC-SETUP-1: the characters in play are the players plus one, and there are 7",
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
    lessons=f"{_HERE}.lessons:LESSONS",
    lesson_move=f"{_HERE}.lessons:move",
    move_group=f"{_HERE}.movegroups:move_group",
    move_label=f"{_HERE}.movegroups:move_label",
    coach_fact=f"{_HERE}.coaching:coach_fact",
    words=f"{_HERE}.text:learner",
    dashboard="chililab.games.aycc.apps.dashboard:app",
    tagline="serve or withdraw before you burn &middot; secret tolerances, a Neutral &middot; every event cites its rule",
    explorers=(Explorer("aycc_explorer.ipynb", "chililab.games.aycc.apps.explorer:app",
                        "All You Can Chili: probability explorer",
                        "Set up a table and see the burn-out odds and withdraw-or-serve values, exact beside "
                        "simulated; watch the simulation converge.",
                        browser=True),),
    tutorial="chililab.games.aycc.apps.tutorial:notebook",
    probability="chililab.games.aycc.apps.probability:NOTEBOOK",
    agents={"threshold": "chililab.games.aycc.bots:ThresholdAgent",
            "exact": "chililab.games.aycc.bots:ExactAgent"},
)
