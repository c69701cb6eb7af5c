"""Chili Loco moves: small frozen values with readable text (DESIGN.md, engine contract), and the
prebuilt move tables the rules hand out (each move built once per seat)."""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Move
from chililab.engine.core import seal

from .cards import ALL_CARDS, COLOURS, TWIN, Card


def _p(s):
    return f"P{s}"


@dataclass(frozen=True, slots=True)
class Lay(Move):
    """Lay one card, or two identical cream cards as a twin, on one's own turn (D2/D3)."""

    player: int
    cards: tuple[Card, ...]
    _card_fields = ("cards",)

    def __post_init__(self):
        if isinstance(self.cards, Card):
            object.__setattr__(self, "cards", (self.cards,))
        elif len(self.cards) == 2 and self.cards[1].id < self.cards[0].id:
            object.__setattr__(self, "cards", (self.cards[1], self.cards[0]))

    def __str__(self):
        if len(self.cards) == 2:
            return f"{_p(self.player)} lays a twin of {self.cards[0]}"
        return f"{_p(self.player)} lays {self.cards[0] if self.cards else 'no card'}"


@dataclass(frozen=True, slots=True)
class Jump(Move):
    """Jump in out of turn with the card identical to the top card (I1)."""

    player: int
    cards: tuple[Card, ...]
    _card_fields = ("cards",)

    def __post_init__(self):
        if isinstance(self.cards, Card):
            object.__setattr__(self, "cards", (self.cards,))

    def __str__(self):
        return f"{_p(self.player)} jumps in with {self.cards[0] if self.cards else 'no card'}"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw one card from the draw pile (LOCO-TURN-3)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} draws a card"


@dataclass(frozen=True, slots=True)
class AskHelp(Move):
    """Say "help" to the table (LOCO-HELP-1)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} asks for help"


@dataclass(frozen=True, slots=True)
class Accept(Move):
    """Accept the pending effect aimed at you (LOCO-TURN-9)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} accepts the effect"


@dataclass(frozen=True, slots=True)
class StallPass(Move):
    """End the turn without a card when nothing can be laid or drawn (LOCO-DRAW-3)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} cannot play or draw and passes"


@dataclass(frozen=True, slots=True)
class Offer(Move):
    """Slide one card face down to the player asking for help (LOCO-HELP-2)."""

    player: int
    card: Card
    _card_fields = ("card",)

    def __str__(self):
        return f"{_p(self.player)} offers {self.card} face down"


@dataclass(frozen=True, slots=True)
class Touch(Move):
    """Touch (take) the face-down card on offer now (LOCO-HELP-3)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} touches the offered card"


@dataclass(frozen=True, slots=True)
class Leave(Move):
    """Leave the face-down card on offer now; it goes back to its giver (LOCO-HELP-3)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} leaves the offered card"


@dataclass(frozen=True, slots=True)
class ChooseColour(Move):
    """Name the colour after a wild (LOCO-WILD-1)."""

    player: int
    colour: str

    def __str__(self):
        return f"{_p(self.player)} chooses {self.colour}"


@dataclass(frozen=True, slots=True)
class ChooseTarget(Move):
    """Choose a player: Taco Trade partner or reveal_hand target (D5)."""

    player: int
    target: int

    def __str__(self):
        return f"{_p(self.player)} chooses {_p(self.target)}"


@dataclass(frozen=True, slots=True)
class Shout(Move):
    """Shout LOCO! when down to one card (LOCO-SHOUT-2)."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} shouts LOCO!"


@dataclass(frozen=True, slots=True)
class Call(Move):
    """Call LOCO on another player who has not shouted (LOCO-SHOUT-3)."""

    player: int
    target: int

    def __str__(self):
        return f"{_p(self.player)} calls LOCO on {_p(self.target)}"


@dataclass(frozen=True, slots=True)
class Vote(Move):
    """Vote for who slapped last (table_vote, LOCO-SLAP-4)."""

    player: int
    target: int

    def __str__(self):
        return f"{_p(self.player)} votes that {_p(self.target)} slapped last"


@dataclass(frozen=True, slots=True)
class Slap(Move):
    """Slap the pile in a Salsa Slap race between people (reaction model ``people``, LOCO-SLAP-1, -2): the last
    slap to reach the table draws."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} slaps the pile"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Do nothing in a window: no jump, no offer, no shout or call."""

    player: int

    def __str__(self):
        return f"{_p(self.player)} passes"


MOVES: dict[str, type[Move]] = {cls.__name__: cls for cls in (Lay, Jump, Draw, AskHelp, Accept, StallPass, Offer, Touch, Leave,
                                       ChooseColour, ChooseTarget, Shout, Call, Vote, Pass, Slap)}


# ------------------------------------------------------------------ the prebuilt moves

def _tables():
    """Moves are values: build each possible move once per seat and reuse it (speed)."""
    from .options import MAX_PLAYERS  # options imports house_rules, which imports nothing of the moves

    seats = range(MAX_PLAYERS)
    lay1 = [tuple(Lay(p, (c,)) for c in ALL_CARDS) for p in seats]
    lay2 = [tuple(Lay(p, (c, t)) if (t := TWIN[c.id]) is not None else None for c in ALL_CARDS) for p in seats]
    jump = [tuple(Jump(p, (c,)) for c in ALL_CARDS) for p in seats]
    offer = [tuple(Offer(p, c) for c in ALL_CARDS) for p in seats]
    return (lay1, lay2, jump, offer, [Draw(p) for p in seats], [AskHelp(p) for p in seats],
            [Accept(p) for p in seats], [StallPass(p) for p in seats], [Pass(p) for p in seats],
            [Shout(p) for p in seats], [Touch(p) for p in seats], [Leave(p) for p in seats],
            [tuple(Call(p, t) for t in seats) for p in seats], [tuple(Vote(p, t) for t in seats) for p in seats],
            [tuple(ChooseTarget(p, t) for t in seats) for p in seats],
            [tuple(ChooseColour(p, c) for c in COLOURS) for p in seats], [Slap(p) for p in seats])


#: per seat (up to 10), every move it can make, built once and sealed (chililab.engine.core.seal):
#: _LAY1[seat][card id], _LAY2[seat][first twin's id] (None for a card without a twin), _JUMP[seat][card id],
#: _OFFER[seat][card id], _DRAW[seat] ..., _CALL[seat][target], _VOTE[seat][target], _TARGET[seat][target],
#: _COLOUR[seat][colour index], _SLAP[seat]
(_LAY1, _LAY2, _JUMP, _OFFER, _DRAW, _ASK, _ACCEPT, _STALL, _PASS, _SHOUT, _TOUCH, _LEAVE, _CALL, _VOTE, _TARGET,
 _COLOUR, _SLAP) = _TABLES = _tables()
seal(m for table in _TABLES for row in table for m in (row if isinstance(row, tuple) else (row,)) if m is not None)

#: _LAY_OF[seat] and _OFFER_OF[seat]: {card: that seat's Lay of it}, {card: that seat's Offer of it}
_LAY_OF = tuple({m.cards[0]: m for m in row} for row in _LAY1)
_OFFER_OF = tuple({m.card: m for m in row} for row in _OFFER)
