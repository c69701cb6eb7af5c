"""chililab.engine: the game-agnostic kernel (no Jupyter, widget or plotting imports)."""
from .core import Decision, Event, Game, Move, move_from_dict, on_game_over
from .errors import ChililabError, ConfigError, IllegalMove, RecordError
from .flow import Flow, Phase, Transition
from .machine import RulesBase
from .protocol import RulesState
from .reaction import (
                       FixedOrderReaction,
                       PeopleReaction,
                       ReactionModel,
                       SeededUniformReaction,
                       SkillReaction,
                       reaction_from_spec,
)
from .record import parse_record, replay_record
from .result import Result

__all__ = [
    "Decision", "Event", "Game", "Move", "move_from_dict", "on_game_over",
    "ChililabError", "ConfigError", "IllegalMove", "RecordError",
    "Flow", "Phase", "Transition", "RulesBase", "RulesState",
    "ReactionModel", "SeededUniformReaction", "SkillReaction", "FixedOrderReaction", "PeopleReaction", "reaction_from_spec",
    "parse_record", "replay_record", "Result",
]
