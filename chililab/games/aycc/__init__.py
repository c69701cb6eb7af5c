"""All You Can Chili: secret tolerances, a Neutral character, and the choice to withdraw or keep eating.

Rules: ``shared/rules/aycc.md`` (clause IDs AYCC-...). The cards (``cards.py``), options
(``options.py``), flow (``flow.py``), the base game's rules (``setup.py``, ``turn.py``,
``serve.py``, ``end.py``, assembled in ``state.py``), views (``view.py``) and the session
(``game.py``). Inferno Mode plugs in through the hooks of ``base.py``; ``NOTES.md`` records the
decisions taken where the rulebook leaves a gap.

>>> from chililab.games import aycc
>>> g = aycc.new_game(players=3, seed=7)
>>> g.phase, g.decision.kind
('ACTION', 'turn')
"""
from chililab.engine import ConfigError, IllegalMove, RecordError

from .cards import (
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
from .end import AyccResult
from .flow import FLOW
from .game import AyccGame, new_game, replay, scenario
from .moves import MOVES, Copy, Decline, Diss, Endure, Eye, Fork, Reveal, Serve, Swap, Withdraw
from .options import DEFAULTS, OPTIONS, normalize_options
from .view import AyccView


def flow_graph(counts=None):
    """All You Can Chili's flow as a networkx DiGraph (edges carry rule IDs)."""
    return FLOW.graph(counts)


__all__ = ["CHARACTERS", "DEFAULT_COMPOSITION", "DEFAULT_DISHES", "TOLERANCES", "Character", "Dish", "DishPicker",
           "character", "dish_by_id", "dishes", "heat", "parse_code", "points", "AyccResult", "FLOW", "flow_graph",
           "AyccGame", "new_game", "replay", "scenario", "MOVES", "Serve", "Withdraw", "Eye", "Fork", "Decline",
           "Reveal", "Copy", "Swap", "Endure", "Diss",
           "DEFAULTS", "OPTIONS", "normalize_options", "AyccView", "ConfigError", "IllegalMove", "RecordError"]
