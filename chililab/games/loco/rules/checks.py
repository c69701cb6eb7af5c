"""Pure checks of Chili Loco's rules: functions of cards and numbers, no rules state (bots and odds import them).

- :func:`matches`: the matching rule (LOCO-MATCH-1..4);
- :func:`milk_allowed`, :func:`may_lay`: Milk Chaser's limits (LOCO-CARD-MILK-2, -5) and the two together;
- :func:`answers_pending`: which cards answer a pending effect (``pending.EFFECTS``);
- :data:`MATCHING`, :data:`TWIN_MATCHING`, :data:`ANSWERS`: the same rules as tables, built once (the
  rules' hot paths read them).
"""
from __future__ import annotations

from .cards import COLOURS, TWIN, Card
from .cards import deck as make_deck
from .pending import EFFECTS


def matches(card: Card, colour: str | None, top: Card | None) -> bool:
    """LOCO-MATCH-1..4: a wild always matches; another card matches the active colour, or the top
    card's name (pepper or action) unless the top card is a wild."""
    return card.wild or card.colour == colour or (top is not None and not top.wild and top.name == card.name)


def milk_allowed(hand_size: int, aimed_at_layer: bool, requires_pending: bool) -> bool:
    """Milk Chaser is never the last card (LOCO-CARD-MILK-2); at a ``milk_requires_pending`` table it
    only answers an effect aimed at the layer (LOCO-CARD-MILK-5)."""
    return hand_size >= 2 and (aimed_at_layer or not requires_pending)


def may_lay(card: Card, hand_size: int, colour: str | None, top: Card | None, aimed_at_layer: bool = False,
            requires_pending: bool = False) -> bool:
    """May a card be laid on one's own turn? The matching rule and Milk Chaser's limits together."""
    if card.name == "Milk Chaser":
        return milk_allowed(hand_size, aimed_at_layer, requires_pending)
    return matches(card, colour, top)


def answers_pending(kind: str, card: Card) -> bool:
    """May ``card`` answer a pending effect of ``kind``, Milk Chaser aside (its limits are the seat's:
    LOCO-CARD-MILK-2, -5)? Only a Hot Sauce stacks on a Hot Sauce, a wild answers a Personal Recipe's
    wild-or-draw-3; Reapers and Heat Strokes are not answered (LOCO-TURN-8, HOTSAUCE-2/3, REAPER-2, HOUSE-6)."""
    by = EFFECTS[kind].answered_by
    if card.name == "Milk Chaser":
        return False
    return card.name in by or ("wild" in by and card.wild)


_CARDS = make_deck(True)
MILK = next(c for c in _CARDS if c.name == "Milk Chaser")
#: the first card of each twin pair (its twin has the larger id): a twin is laid as (first, second)
FIRST_OF_TWIN = frozenset(c for c in _CARDS if (t := TWIN[c.id]) is not None and t.id > c.id)

#: ANSWERS[pending kind]: the cards besides Milk Chaser that answer it (a table built from the rule)
ANSWERS = {kind: frozenset(c for c in _CARDS if answers_pending(kind, c)) for kind in EFFECTS}

#: MATCHING[colour][top card id]: every card that :func:`matches` there (a table built from the rule)
MATCHING = {colour: tuple(frozenset(c for c in _CARDS if matches(c, colour, top)) for top in _CARDS)
            for colour in COLOURS}
#: TWIN_MATCHING[colour][top card id]: the matching cards that are the first of a twin pair
TWIN_MATCHING = {colour: tuple(m & FIRST_OF_TWIN for m in row) for colour, row in MATCHING.items()}
