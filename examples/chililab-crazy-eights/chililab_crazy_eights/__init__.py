"""Crazy Eights with the rules and options of OpenSpiel's ``crazy_eights``, as a chililab plug-in.

Registered under the ``chililab.games`` entry point (``spec.py``); rule clauses C8-... are in
``data/rules.json``; ``NOTES.md`` maps OpenSpiel's actions and chance nodes onto chililab's moves.

>>> import chililab_crazy_eights as c8
>>> g = c8.new_game(players=3, seed=7)
>>> g.phase, g.decision.kind
('TURN', 'turn')
"""
from chililab.engine import ConfigError, IllegalMove, RecordError

from .cards import CARDS, Card, card, card_by_id, penalty
from .end import C8Result
from .flow import FLOW
from .game import C8Game, new_game, replay, scenario
from .moves import MOVES, Draw, Nominate, Pass, Play, from_action, to_action
from .options import DEFAULTS, OPTIONS, normalize_options
from .view import C8View

__all__ = ["CARDS", "Card", "card", "card_by_id", "penalty", "C8Result", "FLOW", "C8Game", "new_game", "replay", "scenario",
           "MOVES", "Draw", "Nominate", "Pass", "Play", "from_action", "to_action", "DEFAULTS", "OPTIONS",
           "normalize_options", "C8View", "ConfigError", "IllegalMove", "RecordError"]
