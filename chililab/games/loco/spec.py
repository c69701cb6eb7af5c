"""Chili Loco's registration: what the layers above the rules need (see :mod:`chililab.engine.registry`).

Data only: the heavy parts (pictures, the rule-of-thumb agent, simulation
columns, lessons, the dashboard) are dotted paths, imported when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec, Option

from .rules.options import DEFAULTS, PLAYERS, TIE_METHODS

_D = DEFAULTS
_HERE = "chililab.games.loco"

OPTIONS = {
    "first_player": Option("the seat that takes the first turn, left of the dealer (sets the dealer; "
                           "default: a seeded random dealer)", None),
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
    players=PLAYERS,
    default_players=_D["players"],
    summary="An Uno-like shedding game with twins, jump-ins, Salsa Slaps, asking for help and LOCO! shouts.",
    rule_prefix="LOCO",
    options=OPTIONS,
    agents={"rules": f"{_HERE}.bots:LocoRuleAgent"},
    bot="rules",
    sim=f"{_HERE}.simstats:STATS",
    pictures={"card": f"{_HERE}.pictures.cards:card_svg",
              "card_back": f"{_HERE}.pictures.cards:card_back_svg",
              "table": f"{_HERE}.pictures.table:table_svg",
              "game": f"{_HERE}.pictures.table:game_html",
              "text": f"{_HERE}.pictures.text:describe"},
    display={f"{_HERE}.rules.cards:Card": ("image/svg+xml", "card"),
             f"{_HERE}.rules.view:LocoView": ("text/html", "table"),
             f"{_HERE}.rules.game:LocoGame": ("text/html", "game")},
    clauses="data/rules.json",
    lessons=f"{_HERE}.lessons:LESSONS",
    lesson_move=f"{_HERE}.lessons:move",
    move_group=f"{_HERE}.movegroups:move_group",
    dashboard=f"{_HERE}.apps.dashboard:app",
    tagline="play against bots &middot; one rule at a time &middot; every event cites its rule",
    explorers=(Explorer("loco_explorer.ipynb", f"{_HERE}.apps.explorer:app",
                        "Chili Loco: probability explorer",
                        "Twins, wilds and playable cards in a hand, and the Hot Sauce stack: exact chances beside "
                        "simulated ones; simulate more and watch them converge.",
                        browser=True),),
    tutorial=f"{_HERE}.apps.tutorial:notebook",
    probability=f"{_HERE}.apps.probability:NOTEBOOK",
)
