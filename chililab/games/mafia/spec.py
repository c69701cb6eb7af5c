"""Chili Mafia's registration (its entry point in the ``chililab.games`` group, ``pyproject.toml``; see :mod:`chililab.engine.registry`).

Data only: the rule-of-thumb agent, simulation columns, pictures, lessons, move groups and the dashboard are
dotted paths, imported when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec

from .rules.options import DEFAULTS, OPTIONS

_HERE = "chililab.games.mafia"

SPEC = GameSpec(
    name="mafia",
    title="Chili Mafia",
    package=_HERE,
    players=(2, 8),
    default_players=DEFAULTS["players"],
    summary="A set-collection game: draft, form chili gangs, attack with Hot cards, survive the Dawn Raid.",
    rule_prefix="MAFIA",
    options=OPTIONS,
    agents={"rules": "chililab.games.mafia.bots:MafiaRuleAgent"},
    bot="rules",
    sim=f"{_HERE}.simstats:STATS",
    clauses="data/rules.json",
    pictures={"card": f"{_HERE}.pictures:card_svg",
              "card_back": f"{_HERE}.pictures:card_back_svg",
              "table": f"{_HERE}.pictures:table_svg",
              "game": f"{_HERE}.pictures:game_html",
              "text": f"{_HERE}.text:describe"},
    display={f"{_HERE}.rules.cards:Card": ("image/svg+xml", "card"),
             f"{_HERE}.rules.view:MafiaView": ("text/html", "table"),
             f"{_HERE}.rules.game:MafiaGame": ("text/html", "game")},
    lessons=f"{_HERE}.lessons:LESSONS",
    lesson_move=f"{_HERE}.lessons:move",
    move_group=f"{_HERE}.movegroups:move_group",
    coach_fact=f"{_HERE}.coaching:coach_fact",
    words=f"{_HERE}.text:learner",
    dashboard="chililab.games.mafia.apps.dashboard:app",
    tagline="draft, form gangs, attack, survive the Dawn Raid &middot; every event cites its rule",
    explorers=(Explorer("mafia_explorer.ipynb", "chililab.games.mafia.apps.explorer:app",
                        "Chili Mafia: probability explorer",
                        "A Brotherhood in the opening hand or the draft, and the chance a Hot card can be defended: "
                        "exact beside simulated.",
                        browser=True),),
    tutorial="chililab.games.mafia.apps.tutorial:notebook",
    probability="chililab.games.mafia.apps.probability:NOTEBOOK",
)
