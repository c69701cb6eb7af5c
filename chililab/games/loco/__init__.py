"""Chili Loco: an Uno-like shedding game with twins, jump-ins, Salsa Slaps and LOCO! shouts.

Rules: ``shared/rules/loco.md`` (clause IDs LOCO-...), implemented in :mod:`.rules` (one module per
rulebook section).

>>> from chililab import loco
>>> g = loco.new_game(players=4, seed=7)
>>> g.decision.kind
'turn'
"""
from chililab.engine import (
    ConfigError,
    FixedOrderReaction,
    IllegalMove,
    RecordError,
    SeededUniformReaction,
    SkillReaction,
)

from .rules.cards import ALL_CARDS, COLOURS, STANDARD, TWIN, Card, card_by_id, deck, parse_code
from .rules.flow import FLOW
from .rules.game import LocoGame, new_game, replay, scenario
from .rules.house_rules import PRESETS, HouseRule, register_house_rule
from .rules.moves import (
    MOVES,
    Accept,
    AskHelp,
    Call,
    ChooseColour,
    ChooseTarget,
    Draw,
    Jump,
    Lay,
    Leave,
    Offer,
    Pass,
    Shout,
    Slap,
    StallPass,
    Touch,
    Vote,
)
from .rules.pending import Pending
from .rules.view import LocoView
from .rules.winning import LocoResult

HOUSE_RULE_PRESETS = tuple(PRESETS)


def __getattr__(name):
    if name == "sign":  # compatibility alias: LOCO-SIGN-1's registry write now lives in chililab.signing
        from chililab.signing import sign

        return sign
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def flow_graph(counts=None):
    """Chili Loco's flow as a networkx DiGraph (edges carry rule IDs)."""
    return FLOW.graph(counts)


__all__ = [
    "ALL_CARDS", "COLOURS", "STANDARD", "TWIN", "Card", "card_by_id", "deck", "parse_code",
    "FLOW", "flow_graph", "LocoGame", "new_game", "replay", "scenario",
    "PRESETS", "HOUSE_RULE_PRESETS", "HouseRule", "register_house_rule",
    "MOVES", "Accept", "AskHelp", "Call", "ChooseColour", "ChooseTarget", "Draw", "Jump", "Lay", "Leave", "Offer",
    "Pass", "Shout", "StallPass", "Touch", "Vote", "Slap",
    "LocoResult", "Pending", "LocoView",
    "ConfigError", "IllegalMove", "RecordError", "FixedOrderReaction", "SeededUniformReaction", "SkillReaction",
]
