"""House rules: Personal Recipe cards (loco.md 2.12, LOCO-HOUSE-*): the rulebook's four examples and plug-ins."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chililab.engine import ConfigError
from chililab.engine.bounds import brief

from .cards import cards_text
from .pending import Effect, Pending

if TYPE_CHECKING:
    from .base import LocoBase


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
    api.set_pending(Effect.PR_WILD_OR_DRAW3, draw=3, skip=False)  # LOCO-HOUSE-6


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
        raise ConfigError(f"house rule {brief(rule.name)}: a Personal Recipe must happen immediately when played (LOCO-HOUSE-3)")
    if rule.changes_win:
        raise ConfigError(f"house rule {brief(rule.name)}: a Personal Recipe must not change how you win (LOCO-HOUSE-3)")
    if rule.permanent_target:
        raise ConfigError(f"house rule {brief(rule.name)}: a Personal Recipe must not target one player for the whole game (LOCO-HOUSE-3)")
    if rule.name in PRESETS and PRESETS[rule.name] is not rule:
        raise ConfigError(f"{brief(rule.name)} is a built-in preset name")
    _REGISTRY[rule.name] = rule
    return rule


def house_rule(name: Any) -> HouseRule:
    """The house rule called ``name`` (a preset or a registered plug-in); ConfigError for anything else."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown house rule {brief(name)}: presets are {sorted(PRESETS)}; register plug-ins with register_house_rule") from None


class HouseAPI:
    """What a Personal Recipe rule may do (LOCO-HOUSE-3, LOCO-CARD-MILK-6)."""

    def __init__(self, state: LocoBase, layer: int):
        self._s = state
        self.layer = layer
        self.players = state.n

    def turn_order_from_next(self, layer):
        s = self._s
        seat = s.next_seat(layer)
        out = []
        while seat != layer:
            out.append(seat)
            seat = s.next_seat(seat)
        return out

    def draw(self, seat, n):
        self._s._draw(seat, n, ("LOCO-HOUSE-4",))

    def reveal(self, seat):
        s = self._s
        cards = tuple(s.hands[seat])
        aud = None if s.opts["reveal_hand_audience"] == "all" else frozenset((self.layer, seat))
        s.event("reveal", f"P{seat} shows their hand: {cards_text(cards)}", ("LOCO-HOUSE-5",), aud,
                 f"P{seat} shows their hand to P{self.layer}", {"seat": seat, "cards": tuple([c.id for c in cards])})

    def set_pending(self, kind, draw=0, skip=False):
        s = self._s
        if kind != Effect.PR_WILD_OR_DRAW3:
            raise ValueError("house rules may only set the pr_wild_or_draw3 pending effect")
        target = s.next_seat(self.layer)
        s.pending = Pending(kind, int(draw), bool(skip), target)
        s.event("pending", f"Personal Recipe: P{target} must lay a wild or draw {draw}", ("LOCO-HOUSE-6",))

    def accent_on(self):
        self._s.accent = True
        self._s.event("accent_on", "Everyone talks in a terrible accent until the next wild", ("LOCO-HOUSE-7",))

    def cancel_milk(self):
        """Refused: nothing may cancel Milk Chaser (LOCO-CARD-MILK-6)."""
        self._s.event("refused", "A house rule tried to cancel Milk Chaser: refused, Milk Chaser cannot be "
                       "cancelled", ("LOCO-CARD-MILK-6",))
        return False
