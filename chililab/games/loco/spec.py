"""Chili Loco's registration: what the layers above the rules need (see :mod:`chililab.engine.registry`).

Data only: the heavy parts (pictures, the rule-of-thumb agent, simulation
columns, lessons, the dashboard) are dotted paths, imported when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec, Option

from .options import DEFAULTS, TIE_METHODS

_D = DEFAULTS
_HERE = "chililab.games.loco"

OPTIONS = {
    "dealer": Option("the dealer's seat (default: a seeded random seat)", _D["dealer"]),
    "tie_method": Option("how a tied Salsa Slap is settled", _D["tie_method"], TIE_METHODS),
    "reaction_model": Option('who is quickest in races, e.g. {"model": "fixed", "order": [2, 0, 1, 3]}',
                             _D["reaction_model"]),
    "personal_recipes": Option('"off" or two house rules for the Personal Recipe cards, '
                               'e.g. ["reveal_hand", "terrible_accent"]', _D["personal_recipes"]),
    "reveal_hand_audience": Option("who sees a hand shown by the reveal_hand house rule",
                                   _D["reveal_hand_audience"], ("all", "layer_only")),
    "two_player_stir_skips": Option("with two players, Stir the Pot skips the other player",
                                    _D["two_player_stir_skips"]),
    "milk_requires_pending": Option("Milk Chaser may be laid only against a pending effect",
                                    _D["milk_requires_pending"]),
    "allow_self_jump_in": Option("a player may jump in on their own card", _D["allow_self_jump_in"]),
    "help_requests_per_turn_cap": Option("most help requests in one turn", _D["help_requests_per_turn_cap"]),
    "sign_registry": Option('"off" or a file where the winning card is signed (LOCO-SIGN-1)', _D["sign_registry"],
                            host=True),
}

SPEC = GameSpec(
    name="loco",
    title="Chili Loco",
    package=_HERE,
    players=(2, 10),
    summary="An Uno-like shedding game with twins, jump-ins, Salsa Slaps, asking for help and LOCO! shouts.",
    rule_prefix="LOCO",
    options=OPTIONS,
    agents={"rules": "chililab.agents.loco_rules:LocoRuleAgent"},
    bot="rules",
    sim=f"{_HERE}.simstats:STATS",
    pictures={"card": f"{_HERE}.pictures.cards:card_svg",
              "card_back": f"{_HERE}.pictures.cards:card_back_svg",
              "table": f"{_HERE}.pictures.table:table_svg",
              "game": f"{_HERE}.pictures.table:game_html",
              "text": f"{_HERE}.pictures.text:describe"},
    display={f"{_HERE}.cards:Card": ("image/svg+xml", "card"),
             f"{_HERE}.view:LocoView": ("text/html", "table"),
             f"{_HERE}.game:LocoGame": ("text/html", "game")},
    clauses="data/rules.json",
    lessons=f"{_HERE}.tutorial:LESSONS",
    lesson_move=f"{_HERE}.tutorial:move",
    move_group=f"{_HERE}.movegroups:move_group",
    dashboard="chililab.apps.loco:app",
    tagline="play against bots &middot; one rule at a time &middot; every event cites its rule",
    explorers=(Explorer("loco_explorer.ipynb", "chililab.apps.loco_explorer:app",
                        "Chili Loco: probability explorer",
                        "Twins, wilds and playable cards in a hand, and the Hot Sauce stack: exact chances beside "
                        "simulated ones; simulate more and watch them converge.",
                        browser=True),),
    tutorial="chililab.apps.loco_tutorial:notebook",
    probability="chililab.apps.prob_lessons.loco:NOTEBOOK",
)
