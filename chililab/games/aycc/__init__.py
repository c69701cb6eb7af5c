"""All You Can Chili: secret tolerances, a Neutral character, and the choice to withdraw or keep eating.

Rules: ``shared/rules/aycc.md`` (clause IDs AYCC-...). Being built: the cards
(``cards.py``) and the options (``options.py``) come first.
"""
from chililab.engine import ConfigError

from .cards import (CHARACTERS, DEFAULT_COMPOSITION, DEFAULT_DISHES, TOLERANCES, Character, Dish, DishPicker,
                    character, dish_by_id, dishes, heat, parse_code, points)
from .options import DEFAULTS, OPTIONS, normalize_options

__all__ = ["CHARACTERS", "DEFAULT_COMPOSITION", "DEFAULT_DISHES", "TOLERANCES", "Character", "Dish", "DishPicker",
           "character", "dish_by_id", "dishes", "heat", "parse_code", "points", "DEFAULTS", "OPTIONS",
           "normalize_options", "ConfigError"]
