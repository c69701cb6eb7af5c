"""Chili Mafia moves: small frozen values with readable text (DESIGN.md, engine contract).

Each is a :class:`~chililab.engine.tuplemove.TupleMove`: its fields a ``typing.NamedTuple`` (``_Pick`` for
``Pick`` ...), used like a frozen dataclass, stored as a tuple (a turn lists some 16 moves each decision; a
tuple is built about four times faster).

Built: the draft's pick, the turn's form / add / Sweet Chili move / end, the
discards (pass discard, hand-limit discard), the Dawn Raid arrangement, and the Hot
cards (declaration, the defence window's answers, the Turncoat placement), and the
Action cards played on one's turn (``PlayAction``: Shakedown, Bagman, Earner, Booster).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from chililab.engine.tuplemove import TupleMove

from .cards import Card


def _names(cards) -> str:
    return ", ".join(map(str, cards))


def _before(m) -> str:
    return "" if m.owner is None else f" in front of P{m.owner}"


class _Pick(NamedTuple):
    player: int
    card: Card


class Pick(TupleMove, _Pick):
    """Take one card from the packet in front of you into your hand (MAFIA-DRAFT-1, decision D1)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} picks {self.card}"


class _Form(NamedTuple):
    player: int
    cards: tuple[Card, ...]
    owner: int | None = None


class Form(TupleMove, _Form):
    """Play 3 or more peppers from your hand as a new gang (MAFIA-GANG-1, an action).

    ``owner``: the seat it goes in front of; None = your own (team mode: a teammate's, MAFIA-TEAM-3).
    """

    __slots__ = ()
    _card_fields = ("cards",)

    def __str__(self):
        return f"P{self.player} forms a gang{_before(self)}: {_names(self.cards)}"


class _Add(NamedTuple):
    player: int
    gang: int
    cards: tuple[Card, ...]
    owner: int | None = None


class Add(TupleMove, _Add):
    """Add peppers from your hand to gang number ``gang`` (0 = first) in front of ``owner`` (MAFIA-GANG-4, an action).

    ``owner``: None = you; team mode: a teammate (MAFIA-TEAM-3).
    """

    __slots__ = ()
    _card_fields = ("cards",)

    def __str__(self):
        return f"P{self.player} adds {_names(self.cards)} to gang {self.gang + 1}{_before(self)}"


class _MovePepper(NamedTuple):
    player: int
    card: Card
    to: int
    owner: int | None = None


class MovePepper(TupleMove, _MovePepper):
    """Move a pepper of one of your gangs into gang number ``to`` in front of ``owner`` (None: you).

    Only a Sweet Chili may move (MAFIA-SWEET-1, a free move); team mode: among the team's gangs (MAFIA-TEAM-3).
    """

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} moves {self.card} to gang {self.to + 1}{_before(self)}"


class _EndTurn(NamedTuple):
    player: int


class EndTurn(TupleMove, _EndTurn):
    """End your turn (MAFIA-TURN-3/5): a pass discard follows when no action was taken, then the draw."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} ends the turn"


class _Discard(NamedTuple):
    player: int
    card: Card


class Discard(TupleMove, _Discard):
    """Discard a card: the pass discard (hand or gang, MAFIA-TURN-3) or the hand-limit discard (MAFIA-HAND-1)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} discards {self.card}"


class _Arrange(NamedTuple):
    player: int
    gangs: tuple[tuple[Card, ...], ...]
    owners: tuple[int, ...] | None = None


class Arrange(TupleMove, _Arrange):
    """A Dawn Raid arrangement (MAFIA-DAWN-2): the gangs, each a tuple of cards (a record holds them as id lists).

    ``owners``: team mode, the seat each gang goes in front of (MAFIA-DAWN-6, one per gang); None: all in
    front of the player. Build one from any sequences with :meth:`of`.
    """

    __slots__ = ()
    _card_lists = ("gangs",)
    _int_lists = ("owners",)

    @classmethod
    def of(cls, player: int, gangs, owners=None) -> Arrange:
        """An arrangement from gangs given as any sequences of cards (and owners as any sequence of seats)."""
        return cls(player, tuple(tuple(g) for g in gangs), None if owners is None else tuple(owners))

    def same(self) -> tuple:
        """What makes two arrangements the same for the rules: each gang's cards (with the seat it goes in front
        of), whatever the order of the gangs and of the cards in a gang. Only for a well-formed arrangement.

        >>> from .cards import ALL_CARDS
        >>> a, b, c = ALL_CARDS[75], ALL_CARDS[76], ALL_CARDS[8]
        >>> Arrange.of(0, [(a, b), (c,)]).same() == Arrange.of(0, [(c,), (b, a)]).same()
        True
        """
        owners = self.owners or (None,) * len(self.gangs)
        return tuple(sorted((-1 if o is None else o, tuple(sorted(c.id for c in g))) for g, o in zip(self.gangs, owners)))

    def __str__(self):
        gangs = self.gangs if isinstance(self.gangs, tuple) else ()
        owners = self.owners if isinstance(self.owners, tuple) and len(self.owners) == len(gangs) else None
        parts = [("" if owners is None else f"P{owners[i]}: ") + _names(g if isinstance(g, tuple) else ())
                 for i, g in enumerate(gangs)]
        return f"P{self.player} arranges " + (" | ".join(parts) or "no gang")


class _PlayHot(NamedTuple):
    player: int
    card: Card
    attacker: Card
    targets: tuple[Card, ...]
    ability: str | None = None
    partner: Card | None = None


class PlayHot(TupleMove, _PlayHot):
    """Play Hot card ``card``: ``attacker`` (a pepper of one of your gangs) attacks ``targets`` (MAFIA-HOT-2).

    The targets name the rival gang (all in the same gang; 2 only for a Whack 'Em, MAFIA-HOT-WHACKEM-1, or a
    Troublemaker's Whack). ``ability``: the one attacker ability used (MAFIA-ADV-2): ``"Sidekick"`` (with
    ``partner``, the pepper of the attacker's gang a ``Jimmy*`` teams up with), ``"Troublemaker"`` or
    ``"Sniper"``. A Rumble (MAFIA-PROMO-RUMBLE-1) attacks gang against gang: ``attacker`` is any pepper of the
    attacking gang and ``targets`` one pepper of the target gang, each naming its gang.
    """

    __slots__ = ()
    _card_fields = ("card", "attacker", "targets", "partner")

    def __str__(self):
        if getattr(self.card, "key", None) == "rumble":
            return f"P{self.player} plays {self.card}: the gang of {self.attacker} against the gang of " \
                   f"{_names(self.targets)}"
        who = f"{self.attacker} and {self.partner} (Sidekick)" if self.partner is not None else str(self.attacker)
        how = f" ({self.ability})" if self.ability not in (None, "Sidekick") else ""
        return f"P{self.player} plays {self.card}: {who}{how} attacks {_names(self.targets)}"


class _Neutralize(NamedTuple):
    player: int
    card: Card


class Neutralize(TupleMove, _Neutralize):
    """Answer a defence window with Fuggedaboutit ``card`` from your hand (MAFIA-ACT-FUGG-1)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} plays {self.card}"


class _Decline(NamedTuple):
    player: int


class Decline(TupleMove, _Decline):
    """Say no when asked: let the Hot card pass in its defence window (MAFIA-HOT-4), or sacrifice no
    Bodyguard (MAFIA-ADV-BODYGUARD-1)."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} lets it pass"


class _Place(NamedTuple):
    player: int
    gang: int | None
    cards: tuple[Card, ...] = ()
    owner: int | None = None


class Place(TupleMove, _Place):
    """Place the pepper a Turncoat took (MAFIA-HOT-TURNCOAT-1): into gang ``gang`` in front of ``owner``
    (None: you), or, with ``gang`` None, as a new gang with ``cards`` (2 or more peppers from your hand)."""

    __slots__ = ()
    _card_fields = ("cards",)

    def __str__(self):
        if self.gang is None:
            return f"P{self.player} forms a new gang with the turncoat and {_names(self.cards)}"
        return f"P{self.player} puts the turncoat into gang {self.gang + 1}{_before(self)}"


class _PlayAction(NamedTuple):
    player: int
    card: Card
    target: int | None = None
    take: Card | None = None
    pepper: str | None = None


class PlayAction(TupleMove, _PlayAction):
    """Play Action card ``card`` from your hand on your turn (MAFIA-ACT-1); ``target``: the seat a Shakedown
    robs (MAFIA-ACT-SHAKEDOWN-1); ``take``: the card a Bagman keeps from the top 3 of the (public) discard
    pile, None when the pile is empty (MAFIA-ACT-BAGMAN-1); ``pepper``: the pepper type a Booster names
    (a card key such as ``"ghost"``, MAFIA-ACT-BOOSTER-1)."""

    __slots__ = ()
    _card_fields = ("card", "take")

    def __str__(self):
        return (f"P{self.player} plays {self.card}" + ("" if self.target is None else f" on P{self.target}")
                + ("" if self.take is None else f" and keeps {self.take}")
                + ("" if self.pepper is None else f" naming {self.pepper}"))


# ---------------------------------------------------------------- abilities (attack helper: hot_cards.py, goodfellas.py)


class _Guard(NamedTuple):
    player: int
    card: Card
    target: Card


class Guard(TupleMove, _Guard):
    """Sacrifice Bodyguard ``card`` (a ``Poblano*`` of the targeted gang) in place of ``target``
    (MAFIA-ADV-BODYGUARD-1): the Poblano is discarded, the target stays."""

    __slots__ = ()
    _card_fields = ("card", "target")

    def __str__(self):
        return f"P{self.player}'s Bodyguard {self.card} dies in place of {self.target}"


class _Dance(NamedTuple):
    player: int
    card: Card
    to: int
    owner: int | None = None


class Dance(TupleMove, _Dance):
    """Move Dancer ``card`` (a ``De Padrón*`` of your side's gangs) into gang number ``to`` in front of
    ``owner`` (None: you), once per turn per Dancer (MAFIA-GF-DANCER-1, a free move)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player}'s Dancer {self.card} dances to gang {self.to + 1}{_before(self)}"


class _Gamble(NamedTuple):
    player: int
    card: Card


class Gamble(TupleMove, _Gamble):
    """Discard Gambler ``card`` (a ``Chipotle*`` from your hand, or from one of your gangs that keeps 3 or
    more) and draw 2 cards (MAFIA-GF-GAMBLER-1, a free move, once per turn)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} gambles: discards {self.card} and draws 2"


class _Bewitch(NamedTuple):
    player: int
    card: Card
    take: Card
    gang: int | None
    cards: tuple[Card, ...] = ()
    owner: int | None = None


class Bewitch(TupleMove, _Bewitch):
    """Play Witch ``card`` (a ``Madame Jeanette*`` from your hand) into a rival gang in place of ``take``,
    which you place at once (MAFIA-GF-WITCH-1/2, an action): into gang ``gang`` in front of ``owner``
    (None: you; a teammate, MAFIA-TEAM-5), or, with ``gang`` None, as a new gang with ``cards`` (2 or more
    peppers from your hand)."""

    __slots__ = ()
    _card_fields = ("card", "take", "cards")

    def __str__(self):
        where = (f"forms a new gang with it and {_names(self.cards)}" if self.gang is None
                 else f"puts it into gang {self.gang + 1}{_before(self)}")
        return f"P{self.player}'s Witch {self.card} takes the place of {self.take}; P{self.player} {where}"


# ---------------------------------------------------------------- 2 players (two_player.py)


class _Exchange(NamedTuple):
    player: int
    cards: tuple[Card, ...]


class Exchange(TupleMove, _Exchange):
    """2 players: discard the Hot cards ``cards`` from your hand and draw one card for each (MAFIA-2P-2, a free
    move, once per turn, not in the final round)."""

    __slots__ = ()
    _card_fields = ("cards",)

    def __str__(self):
        return f"P{self.player} trades {_names(self.cards)} for {len(self.cards)} new card(s)"


#: record name -> move class (looked up by name: typed Any, each class's own constructor is checked where it is named)
MOVES: dict[str, Any] = {cls.__name__: cls for cls in (Pick, Form, Add, MovePepper, EndTurn, Discard, Arrange, PlayHot, Neutralize,
                                       Decline, Place, PlayAction, Guard, Dance, Gamble, Bewitch, Exchange)}


# ---------------------------------------------------------------- Hot Properties (hot_properties.py)


class _UseHP(NamedTuple):
    player: int
    card: Card
    target: int | None = None
    take: Card | None = None
    cards: tuple[Card, ...] = ()


class UseHP(TupleMove, _UseHP):
    """Reveal and use your Hot Property ``card`` (MAFIA-HP-3): on your turn, or in the window its condition names.

    What it names depends on the card: ``target`` the other player (Make a Deal, Snoop); ``take`` a card (the
    pepper a Kiss of Death discards or a Recruit steals, the Shakedown or Booster a Snoop goes with); ``cards``
    peppers of your hand (discarded by "Easy, Pal!", joining a Recruit's new gang). With its condition not met it
    names nothing and has no effect (MAFIA-HP-4).
    """

    __slots__ = ()
    _card_fields = ("card", "take", "cards")

    def __str__(self):
        extra = ("" if self.target is None else f" on P{self.target}") + (
            "" if self.take is None else f" ({self.take})") + ("" if not self.cards else f" with {_names(self.cards)}")
        return f"P{self.player} uses {self.card}{extra}"


class _Keep(NamedTuple):
    player: int
    card: Card


class Keep(TupleMove, _Keep):
    """Take the Fuggedaboutit a Lifeline found into your hand instead of playing it now (MAFIA-HP-LIFELINE-1)."""

    __slots__ = ()
    _card_fields = ("card",)

    def __str__(self):
        return f"P{self.player} keeps {self.card}"


class _Give(NamedTuple):
    player: int
    cards: tuple[Card, ...]


class Give(TupleMove, _Give):
    """Make a Deal (MAFIA-HP-DEAL-1): give these 2 cards of your hand to the other player of the deal."""

    __slots__ = ()
    _card_fields = ("cards",)

    def __str__(self):
        return f"P{self.player} gives {_names(self.cards)}"




class _DrawAgain(NamedTuple):
    player: int


class DrawAgain(TupleMove, _DrawAgain):
    """Lucky Dime (MAFIA-HP-LUCKYDIME-1): every card drawn so far is a pepper; draw one more."""

    __slots__ = ()

    def __str__(self):
        return f"P{self.player} draws again"


MOVES.update({cls.__name__: cls for cls in (UseHP, Keep, Give, DrawAgain)})
