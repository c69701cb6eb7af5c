"""Chili Mafia: a set-collection game of chili gangs, Hot-card attacks and a Dawn Raid .

Rules: ``shared/rules/mafia.md`` (clause IDs MAFIA-...). Built so far: the
cards and decks, the options, the gang arithmetic (validity, scoring,
tie-breaks, the Dawn Raid partition search), the flow, setup, and the turn
(form, add, Sweet Chili moves, base Hot cards with the Fuggedaboutit
defence window, base Action cards, pass, draws, Dawn Raid, final round, scoring). Registered through
the ``chililab.games`` entry-point group (``spec.py``); ``import chililab.mafia`` reaches this package. Scoring on its
own, for lessons: ``score_gang``, ``explain_gang``, ``score_player``, ``explain_player`` (``rules/checks.py``).

>>> from chililab.games import mafia
>>> g = mafia.new_game(players=2, seed=7)
>>> g.phase, g.decision.kind
('TURN_MAIN', 'turn')
>>> p = g.decision.players[0]
>>> _ = g.apply(mafia.EndTurn(p))
>>> g.phase  # no action this turn: a pass, so a discard comes first
'PASS_DISCARD'
"""
from chililab.engine import ConfigError, IllegalMove, RecordError

from .rules.cards import ALL_CARDS, Card, card_by_id, deck, parse_code
from .rules.checks import as_gang, explain_gang, explain_player, score_gang, score_player, standing
from .rules.flow import FLOW
from .rules.game import MafiaGame, new_game, replay, scenario
from .rules.moves import (  # Hot Properties
    MOVES,
    Add,
    Arrange,
    Bewitch,
    Dance,
    Decline,
    Discard,
    DrawAgain,
    EndTurn,
    Exchange,
    Form,
    Gamble,
    Give,
    Guard,
    Keep,
    MovePepper,
    Neutralize,
    Pick,
    Place,
    PlayAction,
    PlayHot,
    UseHP,
)
from .rules.options import DEFAULTS, OPTIONS
from .rules.view import MafiaView


def flow_graph(counts=None):
    """Chili Mafia's flow as a networkx DiGraph (edges carry rule IDs)."""
    return FLOW.graph(counts)


__all__ = ["ALL_CARDS", "Card", "card_by_id", "deck", "parse_code", "FLOW", "flow_graph", "MafiaGame", "new_game",
           "replay", "scenario", "MOVES", "Pick", "Form", "Add",
           "MovePepper", "EndTurn", "Discard", "Arrange", "PlayHot", "Neutralize", "Decline", "Place", "PlayAction", "Guard", "Dance", "Gamble", "Bewitch", "Exchange", "DEFAULTS", "OPTIONS", "MafiaView", "ConfigError", "IllegalMove", "RecordError",
           "as_gang", "score_gang", "explain_gang", "score_player", "explain_player", "standing"]
__all__ += ["UseHP", "Keep", "Give", "DrawAgain"]
