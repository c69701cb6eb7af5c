"""Chili Loco's registration: what the layers above the rules need (see :mod:`chililab.engine.registry`).

Data only: the heavy parts (pictures, the rule-of-thumb agent, simulation
columns, lessons, the dashboard) are dotted paths, imported when asked for.
"""
from chililab.engine.registry import Explorer, GameSpec, Option

from .rules.options import DEFAULTS, PLAYERS, TIE_METHODS

_D = DEFAULTS
_HERE = "chililab.games.loco"

#: the ways a tie is settled (LOCO-SLAP-2), as the rulebook says them
TIE_WORDS = {"coin_flip": "a coin flip", "table_talk": "the table talks it out",
             "rock_paper_scissors": "rock-paper-scissors", "table_vote": "the table votes"}

OPTIONS = {
    "first_player": Option("the seat that takes the first turn, left of the dealer (sets the dealer; "
                           "default: a seeded random dealer)", None, label="First player"),
    "dealer": Option("the dealer's seat (default: a seeded random seat)", _D["dealer"], label="Dealer"),
    "tie_method": Option("how the table settles a tie, like who slapped last on a Salsa Slap",
                         _D["tie_method"], TIE_METHODS, label="Settling a tie", choice_labels=TIE_WORDS),
    "reaction_model": Option('who is quickest to slap, jump in or shout; the usual: everyone equally quick '
                             '(typed as code, e.g. {"model": "fixed", "order": [2, 0, 1, 3]})',
                             _D["reaction_model"], label="Who is quickest"),
    "personal_recipes": Option('the two Personal Recipe cards with the house rules you write on them '
                               '(typed as code, e.g. ["reveal_hand", "terrible_accent"]; the usual: left out)',
                               _D["personal_recipes"], label="Personal Recipe cards (house rule)"),
    "reveal_hand_audience": Option("who sees a hand shown by the \u201creveal your hand\u201d Personal Recipe",
                                   _D["reveal_hand_audience"], ("all", "layer_only"), label="Who sees a revealed hand",
                                   choice_labels={"all": "everyone", "layer_only": "only the player who laid it"}),
    "two_player_stir_skips": Option("with two players, Stir the Pot makes the other player miss a turn",
                                    _D["two_player_stir_skips"], label="Stir the Pot skips (2 players)"),
    "milk_requires_pending": Option("Milk Chaser may be laid only to cancel a card aimed at you, not as a plain wild",
                                    _D["milk_requires_pending"], label="Milk Chaser only against an attack"),
    "allow_self_jump_in": Option("a player may jump in on their own card with its exact twin",
                                 _D["allow_self_jump_in"], label="Jump in on your own card"),
    "help_requests_per_turn_cap": Option("how many times one player may ask for help in one turn",
                                         _D["help_requests_per_turn_cap"], label="Help requests per turn"),
    "sign_registry": Option('"off" or a file where the winning card is signed (LOCO-SIGN-1)', _D["sign_registry"],
                            host=True, label="Sign the winning card"),
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
    coach_fact=f"{_HERE}.coaching:coach_fact",
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
