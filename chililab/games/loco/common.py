"""What every rules section of Chili Loco shares: pending effects, the result, move tables, wording."""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Result
from chililab.engine.core import seal

from .cards import ALL_CARDS, COLOURS, TWIN
from .moves import (
    Accept,
    AskHelp,
    Call,
    ChooseColour,
    ChooseTarget,
    Draw,
    Jump,
    Lay,
    Leave,
    Offer,
    Pass,
    Shout,
    StallPass,
    Touch,
    Vote,
)


@dataclass(frozen=True)
class Pending:
    """An effect aimed at the next player that has not hit them yet (loco.md section 0)."""

    kind: str  # hot_sauce | heat_stroke | reaper | pr_wild_or_draw3
    draw: int
    skip: bool
    target: int


@dataclass(frozen=True)
class LocoResult(Result):
    """LOCO-WIN-6: one winner, no scores. ``winning_card``: LOCO-SIGN-1."""

    winning_cards: tuple[int, ...] = ()
    winning_card: int = -1

    @property
    def turn(self) -> int:
        return self.turns

    def __str__(self):
        return f"P{self.winner} wins ({self.how} their last card)"


def _loco_result(winner, cards, card, how, turn):
    return LocoResult((winner,), None, how, turn, tuple(cards), card)


PENDING_RULE = {"hot_sauce": "LOCO-CARD-HOTSAUCE-3", "reaper": "LOCO-CARD-REAPER-2",
                "heat_stroke": "LOCO-CARD-HEATSTROKE-1", "pr_wild_or_draw3": "LOCO-HOUSE-6"}
PENDING_TEXT = {"hot_sauce": "Hot Sauce", "reaper": "Reaper", "heat_stroke": "Heat Stroke",
                "pr_wild_or_draw3": "Personal Recipe (wild or draw 3)"}


def _p(s):
    return f"P{s}"


def _cards_text(cards):
    return ", ".join(str(c) for c in cards) if cards else "nothing"


#: NAME[card id]: the card as texts show it, and TWIN_NAME[card id]: "a twin of <card>". Event texts
#: hold these strings rather than the cards: a text's arguments that are only strings and numbers
#: leave the garbage collector nothing to follow in the record (a card is a tracked object)
NAME = tuple(str(c) for c in ALL_CARDS)
TWIN_NAME = tuple(f"a twin of {c}" for c in ALL_CARDS)


class _CardsText:
    """Cards as an event's text shows them, formatted only when the text is read (see LazyEvent)."""

    __slots__ = ("cards",)

    def __init__(self, cards):
        self.cards = cards

    def __str__(self):
        return _cards_text(self.cards)


def _tables():
    """Moves are values: build each possible move once per seat and reuse it (speed)."""
    seats = range(10)
    lay1 = [tuple(Lay(p, (c,)) for c in ALL_CARDS) for p in seats]
    lay2 = [tuple(Lay(p, (c, TWIN[c.id])) if TWIN[c.id] is not None else None for c in ALL_CARDS) for p in seats]
    jump = [tuple(Jump(p, (c,)) for c in ALL_CARDS) for p in seats]
    offer = [tuple(Offer(p, c) for c in ALL_CARDS) for p in seats]
    return (lay1, lay2, jump, offer, [Draw(p) for p in seats], [AskHelp(p) for p in seats],
            [Accept(p) for p in seats], [StallPass(p) for p in seats], [Pass(p) for p in seats],
            [Shout(p) for p in seats], [Touch(p) for p in seats], [Leave(p) for p in seats],
            [tuple(Call(p, t) for t in seats) for p in seats], [tuple(Vote(p, t) for t in seats) for p in seats],
            [tuple(ChooseTarget(p, t) for t in seats) for p in seats],
            [tuple(ChooseColour(p, c) for c in COLOURS) for p in seats])


#: AUDIENCE[a][b]: the seats {a, b} as an event's audience, built once (a private event shares it)
AUDIENCE = tuple(tuple(frozenset((a, b)) for b in range(10)) for a in range(10))

(_LAY1, _LAY2, _JUMP, _OFFER, _DRAW, _ASK, _ACCEPT, _STALL, _PASS, _SHOUT, _TOUCH, _LEAVE, _CALL, _VOTE, _TARGET,
 _COLOUR) = _TABLES = _tables()
seal(m for table in _TABLES for row in table for m in (row if isinstance(row, tuple) else (row,)) if m is not None)

#: _LAY_OF[seat] and _OFFER_OF[seat]: {card: that seat's Lay of it}, {card: that seat's Offer of it}
_LAY_OF = tuple({m.cards[0]: m for m in row} for row in _LAY1)
_OFFER_OF = tuple({m.card: m for m in row} for row in _OFFER)
