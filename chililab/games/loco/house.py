"""Personal Recipe house rules (LOCO-HOUSE-*): the rulebook's four examples and plug-ins."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from chililab.engine import ConfigError


@dataclass(frozen=True)
class HouseRule:
    """A rule for a Personal Recipe card.

    ``effect(api, layer, target)`` runs when the card is laid, before the
    colour choice. ``needs_target``: the layer first chooses another player.
    LOCO-HOUSE-3: a rule must act immediately, must not change the win
    condition, and must not target one player for the whole game.
    """

    name: str
    text: str
    effect: Callable
    needs_target: bool = False
    immediate: bool = True
    changes_win: bool = False
    permanent_target: bool = False


def _everyone_else_draws_1(api, layer, target):
    for seat in api.turn_order_from_next(layer):  # LOCO-HOUSE-4
        api.draw(seat, 1)


def _reveal_hand(api, layer, target):
    api.reveal(target)  # LOCO-HOUSE-5


def _next_wild_or_draw3(api, layer, target):
    api.set_pending("pr_wild_or_draw3", draw=3, skip=False)  # LOCO-HOUSE-6


def _terrible_accent(api, layer, target):
    api.accent_on()  # LOCO-HOUSE-7


PRESETS = {
    "everyone_else_draws_1": HouseRule("everyone_else_draws_1", "Everyone else draws 1 card.", _everyone_else_draws_1),
    "reveal_hand": HouseRule("reveal_hand", "Choose a player: they show their cards.", _reveal_hand, needs_target=True),
    "next_wild_or_draw3": HouseRule("next_wild_or_draw3", "The next player lays a wild or draws 3.", _next_wild_or_draw3),
    "terrible_accent": HouseRule("terrible_accent", "Talk in a terrible accent until the next wild.", _terrible_accent),
}
_REGISTRY: dict[str, HouseRule] = dict(PRESETS)


def register_house_rule(rule: HouseRule) -> HouseRule:
    """Make a plug-in rule available by name (checked against LOCO-HOUSE-3)."""
    if not isinstance(rule, HouseRule):
        raise ConfigError("a house rule must be a chililab.loco.HouseRule")
    if not rule.immediate:
        raise ConfigError(f"house rule {rule.name!r}: a Personal Recipe must happen immediately when played (LOCO-HOUSE-3)")
    if rule.changes_win:
        raise ConfigError(f"house rule {rule.name!r}: a Personal Recipe must not change how you win (LOCO-HOUSE-3)")
    if rule.permanent_target:
        raise ConfigError(f"house rule {rule.name!r}: a Personal Recipe must not target one player for the whole game (LOCO-HOUSE-3)")
    if rule.name in PRESETS and PRESETS[rule.name] is not rule:
        raise ConfigError(f"{rule.name!r} is a built-in preset name")
    _REGISTRY[rule.name] = rule
    return rule


def house_rule(name: str) -> HouseRule:
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown house rule {name!r}: presets are {sorted(PRESETS)}; register plug-ins with register_house_rule") from None
