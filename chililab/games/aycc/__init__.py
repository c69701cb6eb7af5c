"""All You Can Chili: secret tolerances, a Neutral character, and the choice to withdraw or keep eating.

Rules: ``shared/rules/aycc.md`` (clause IDs AYCC-...), in :mod:`chililab.games.aycc.rules`: the
cards (``rules/cards.py``), options (``rules/options.py``), flow (``rules/flow.py``), one module per
rulebook section (``setup``, ``turn``, ``serving``, ``withdrawing``, ``burning_out``, ``end_of_round``,
``icons``, ``inferno``, assembled in ``rules/state.py``), views (``rules/view.py``) and the session
(``rules/game.py``). Inferno Mode plugs in through the hooks of ``rules/base.py``; ``NOTES.md`` records
the decisions taken where the rulebook leaves a gap.

>>> from chililab.games import aycc
>>> g = aycc.new_game(players=3, seed=7)
>>> g.phase, g.decision.kind
('ACTION', 'turn')
"""
from chililab.engine import ConfigError, IllegalMove, RecordError

from .rules.cards import (
    CHARACTERS,
    DEFAULT_COMPOSITION,
    DEFAULT_DISHES,
    TOLERANCES,
    Character,
    Dish,
    DishPicker,
    character,
    dish_by_id,
    dishes,
    heat,
    parse_code,
    points,
)
from .rules.end_of_round import AyccResult
from .rules.flow import FLOW
from .rules.game import AyccGame, new_game, replay, scenario
from .rules.moves import MOVES, Copy, Decline, Diss, Endure, Eye, Fork, Reveal, Serve, Swap, Withdraw
from .rules.options import DEFAULTS, OPTIONS, normalize_options
from .rules.view import AyccView


def flow_graph(counts=None):
    """All You Can Chili's flow as a networkx DiGraph (edges carry rule IDs)."""
    return FLOW.graph(counts)


__all__ = ["CHARACTERS", "DEFAULT_COMPOSITION", "DEFAULT_DISHES", "TOLERANCES", "Character", "Dish", "DishPicker",
           "character", "dish_by_id", "dishes", "heat", "parse_code", "points", "AyccResult", "FLOW", "flow_graph",
           "AyccGame", "new_game", "replay", "scenario", "MOVES", "Serve", "Withdraw", "Eye", "Fork", "Decline",
           "Reveal", "Copy", "Swap", "Endure", "Diss",
           "DEFAULTS", "OPTIONS", "normalize_options", "AyccView", "ConfigError", "IllegalMove", "RecordError"]
