"""Pending effects, declared once (loco.md section 0; the cards of section 2.7 and house rule LOCO-HOUSE-6).

A pending effect is aimed at the next player and has not hit them yet: a Hot Sauce (draw 2, stacked by
more Hot Sauces), a Heat Stroke (lose the turn), a Reaper (draw 5 and lose the turn) or the
``next_wild_or_draw3`` Personal Recipe (lay a wild or draw 3). Its kind is one of the :class:`Effect`
constants, and :data:`EFFECTS` says, per kind, everything the rules, the pictures and the bots need to
know about it: its name in texts, the clause that refuses a wrong answer, the clause of accepting it
and which cards answer it (Milk Chaser aside, whose limits are the seat's: LOCO-CARD-MILK-2, -5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

EffectKind = Literal["hot_sauce", "heat_stroke", "reaper", "pr_wild_or_draw3"]


class Effect:
    """The kinds of pending effect (``Pending.kind``; plain strings, as records and views store them)."""

    HOT_SAUCE: Final = "hot_sauce"
    HEAT_STROKE: Final = "heat_stroke"
    REAPER: Final = "reaper"
    PR_WILD_OR_DRAW3: Final = "pr_wild_or_draw3"


@dataclass(frozen=True)
class Pending:
    """An effect aimed at the next player that has not hit them yet (loco.md section 0)."""

    kind: str  # one of the Effect constants
    draw: int
    skip: bool
    target: int


@dataclass(frozen=True)
class EffectRules:
    """What one kind of pending effect is.

    ``text``: its name in event texts and prompts; ``short``: on the table picture's banner;
    ``refused_rule`` and ``refusal``: the clause and the learner's reason when a card that does not answer
    it is laid against it; ``accept_rule``: the clause of accepting it (LOCO-TURN-9 is cited too);
    ``answered_by``: the card names that answer it besides Milk Chaser (``"wild"``: any wild but Milk Chaser).
    """

    text: str
    short: str
    refused_rule: str
    refusal: str
    accept_rule: str
    answered_by: tuple[str, ...] = ()


#: EFFECTS[kind]: the rules of each kind of pending effect
EFFECTS: Final[dict[str, EffectRules]] = {
    Effect.HOT_SAUCE: EffectRules(
        "Hot Sauce", "Hot Sauce", "LOCO-CARD-HOTSAUCE-3",
        "Only a Hot Sauce (any colour) or Milk Chaser can answer a pending Hot Sauce",
        "LOCO-CARD-HOTSAUCE-1", ("Hot Sauce",)),
    Effect.REAPER: EffectRules(
        "Reaper", "Reaper", "LOCO-CARD-REAPER-2",
        "Reapers do not stack: against a Reaper only Milk Chaser, help or accepting is possible",
        "LOCO-CARD-REAPER-1"),
    Effect.HEAT_STROKE: EffectRules(
        "Heat Stroke", "Heat Stroke", "LOCO-CARD-HEATSTROKE-1",
        "Only Milk Chaser cancels a Heat Stroke; otherwise accept losing the turn",
        "LOCO-CARD-HEATSTROKE-1"),
    Effect.PR_WILD_OR_DRAW3: EffectRules(
        "Personal Recipe (wild or draw 3)", "Personal Recipe", "LOCO-HOUSE-6",
        "Lay a wild, or accept and draw 3",
        "LOCO-HOUSE-6", ("wild",)),
}

#: the kinds, in the order the rules list them
KINDS: Final = tuple(EFFECTS)
