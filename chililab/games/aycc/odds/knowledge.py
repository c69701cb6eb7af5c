"""What one All You Can Chili player knows: the input of every calculator in :mod:`chililab.games.aycc.odds`.

A :class:`Knowledge` holds exactly what one seat may see (aycc.md section 0, Information):

- its own seat, character and tolerance, and its hand;
- the row of characters in play, every pile (piles are public), which characters are still active,
  and the three tokens;
- the identities and tolerances it has learnt: revealed by a withdrawal or a burn-out, an identity
  revealed in Inferno Mode, a tolerance seen with the Eye;
- the deck size and the other players' hand sizes;
- in Inferno Mode, the Siestas in force (public, as the view shows them).

Whether the player may withdraw now (:meth:`Knowledge.withdraw_problem`) follows from what it sees: not
while its character holds the Lock token, nor during an opponent's Siesta (AYCC-WITHDRAW-1).

Nothing else: no other hand, no undealt tolerance, no Neutral. Dishes are compared by their
:class:`Kind` (flame, score, icon): two plain 5s are the same thing to a player. Building a
``Knowledge`` checks that the position can exist, and raises :class:`ImpossiblePosition` (a
``ValueError``) with a sentence saying why not: a tolerance outside 16..24 or used twice, an
active character above a tolerance the player knows, more dishes of a kind than the composition
has, a deck and hands that do not add up to the cards the player has not seen.

>>> k = Knowledge(seat=0, character="king_naga", tolerance=18,
...               row=("king_naga", "piri_piri", "fuego_fred"),
...               piles={"king_naga": kinds("6 3 4")}, hand=kinds("7 2 5F 1"))
>>> k.heat("king_naga"), k.points("king_naga"), k.players
(13, 13, 2)
>>> sum(k.unseen().values())
40
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Set
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from chililab.games.aycc.rules.cards import TOLERANCES, dishes, parse_code
from chililab.games.aycc.rules.checks import withdraw_blocker


class ImpossiblePosition(ValueError):
    """A probability query about a position that cannot exist in the game."""


class Kind(NamedTuple):
    """What a player sees of a dish card: its flame, its score (star cards differ) and its icon."""

    flame: int
    score: int
    icon: str

    def __str__(self):
        if self.icon == "star":
            return {(1, 7): "Latte", (7, 1): "Reaper"}.get((self.flame, self.score), f"{self.flame}*{self.score}")
        return f"{self.flame}{dict(eye='E', lock='L', fork='F', chili='C').get(self.icon, '')}"


def kind_of(dish) -> Kind:
    """The :class:`Kind` of an engine dish (anything with ``flame``, ``score`` and ``icon``)."""
    return dish if isinstance(dish, Kind) else Kind(dish.flame, dish.score, dish.icon)


def composition_counts(composition=None) -> Counter:
    """How many cards of each kind a composition holds: ``None`` (the engine's default, table 1.2), the
    engine's ``dish_composition`` entries, or the dish cards themselves (a view's ``dishes``)."""
    if composition and hasattr(composition[0], "flame"):
        return Counter(kind_of(d) for d in composition)
    return Counter(kind_of(d) for d in dishes(composition))


def kinds(codes: str, composition=None) -> tuple[Kind, ...]:
    """Kinds from the engine's dish codes separated by spaces: ``kinds("5 5C Latte Reaper")``."""
    table = dishes(composition)
    out = []
    for code in codes.split():
        fits = parse_code(code)
        found = next((d for d in table if fits(d)), None)
        if found is None:
            raise ValueError(f"no dish of the composition fits the code {code!r}")
        out.append(kind_of(found))
    return tuple(out)


@dataclass(frozen=True, eq=False)
class Knowledge:
    """What the player in ``seat`` knows (see the module docstring). Checked when built.

    ``row``: the characters in play (players + 1, keys such as ``"king_naga"``); ``piles``: each
    character's pile, oldest first (a missing character has an empty pile); ``active``: the
    characters still in the round (``None``: all); ``identities`` and ``tolerances``: what this
    player has learnt about other seats; ``hand_sizes`` (other seats) and ``deck_size``: ``None``
    when unknown, then their sum is not checked; ``stood``: the highest heat an active character
    has stood so far when it was higher than now (a Fork can take a dish away again), by default
    its heat; ``composition``: the engine's ``dish_composition`` option (``None``: table 1.2) or the
    game's dish cards; ``box``: dishes set out of the round face up (an engine scenario's box);
    ``siestas``: Inferno Mode's Siestas in force, {seat: the character its Siesta protects}.
    """

    seat: int
    character: str
    tolerance: int
    row: tuple[str, ...]
    piles: dict = field(default_factory=dict)
    #: None when built means every character of the row; __post_init__ makes it a frozenset, so readers never see None
    active: Set[str] = None  # type: ignore[assignment]
    hand: tuple = ()
    identities: dict = field(default_factory=dict)
    tolerances: dict = field(default_factory=dict)
    hand_sizes: dict | None = None
    deck_size: int | None = None
    chili: str | None = None
    lock: str | None = None
    last_target: str | None = None
    stood: dict = field(default_factory=dict)
    composition: object = None
    box: tuple = ()
    siestas: dict = field(default_factory=dict)
    _all: Counter = field(init=False, repr=False)  # the composition's cards by kind

    def __post_init__(self):
        s = object.__setattr__
        s(self, "row", tuple(self.row))
        s(self, "piles", {c: tuple(kind_of(d) for d in self.piles.get(c, ())) for c in self.row})
        s(self, "active", frozenset(self.row if self.active is None else self.active))
        s(self, "hand", tuple(kind_of(d) for d in self.hand))
        s(self, "identities", dict(self.identities))
        s(self, "tolerances", dict(self.tolerances))
        s(self, "stood", dict(self.stood))
        s(self, "box", tuple(kind_of(d) for d in self.box))
        s(self, "siestas", dict(self.siestas))
        s(self, "_all", composition_counts(self.composition))
        check(self)

    # ------------------------------------------------------------ derived facts

    @property
    def players(self) -> int:
        """The number of players: one character fewer than the row."""
        return len(self.row) - 1

    def heat(self, c: str) -> int:
        """The flame total of ``c``'s pile (AYCC-SERVE-5)."""
        return sum(d.flame for d in self.piles[c])

    def points(self, c: str) -> int:
        """The score total of ``c``'s pile (star values count, AYCC-ICON-STAR-1)."""
        return sum(d.score for d in self.piles[c])

    def floor(self, c: str) -> int:
        """The least tolerance ``c``'s owner can have: the highest heat ``c`` stood while active (0 if out)."""
        return max(self.heat(c), self.stood.get(c, 0)) if c in self.active else 0

    def owner(self, c: str) -> int | None:
        """The seat this player knows owns ``c`` (itself included), or ``None``."""
        if c == self.character:
            return self.seat
        return next((s for s, x in self.identities.items() if x == c), None)

    def withdraw_problem(self, later: bool = False) -> tuple[str, str] | None:
        """Why this player may not voluntarily withdraw its own character now, as (clause, sentence), or None.

        ``later=True``: at its next turn, as far as it can see now. The Lock token stays until a Lock dish is
        served to another character, so it forbids a later withdrawal too; a Siesta ends before the player's
        next turn (it lasts until its owner's next turn begins), so it forbids withdrawing now only.
        """
        c = self.character
        if c not in self.active:
            return "AYCC-WITHDRAW-1", f"{c} is out of the round already: only an active character withdraws"
        if self.lock == c:
            return "AYCC-ICON-LOCK-2", (f"{c} holds the Lock token, and a character with the Lock cannot "
                                        "withdraw (the token moves on only when a Lock dish is served to "
                                        "another character)")
        s = None if later else withdraw_blocker(self.seat, self.siestas)
        if s is not None:
            return "AYCC-INFERNO-ALAPENO-1", f"P{s} is taking a Siesta: nobody else may withdraw until P{s}'s next turn"
        return None

    def seen(self) -> Counter:
        """The dishes this player has seen: every pile, the own hand and the box, by kind."""
        out = Counter(self.hand)
        out.update(self.box)
        for pile in self.piles.values():
            out.update(pile)
        return out

    def after_serve(self, dish, target: str) -> Knowledge:
        """What this player knows after serving ``dish`` from its hand to ``target`` (before drawing): the
        dish on the pile, the Last Target token there, the Chili or Lock token too if the dish has that icon."""
        kind = kind_of(dish)
        if kind not in self.hand:
            raise ValueError(f"{kind} is not in the hand {[str(d) for d in self.hand]}")
        if target not in self.active:
            raise ValueError(f"{target} is not an active character: it cannot be served")
        hand = list(self.hand)
        hand.remove(kind)
        piles = dict(self.piles)
        piles[target] = piles[target] + (kind,)
        chili = target if kind.icon == "chili" else self.chili
        lock = target if kind.icon == "lock" else self.lock
        return replace(self, hand=tuple(hand), piles=piles, last_target=target, chili=chili, lock=lock)

    def unseen(self) -> Counter:
        """The dishes this player has not seen (the deck and the other hands together), by kind."""
        left = Counter(self._all)
        left.subtract(self.seen())
        return +left


def check(k: Knowledge) -> None:
    """Raise :class:`ImpossiblePosition` unless ``k`` describes a position the game can reach."""
    n = len(k.row)
    if n < 3 or len(set(k.row)) != n:
        raise ImpossiblePosition(f"the row must hold 3 or more different characters (players + 1), not {k.row}")
    if k.character not in k.row or type(k.seat) is not int or not 0 <= k.seat < n - 1:
        raise ImpossiblePosition(f"seat {k.seat} with {k.character!r} is not a seat of this {n - 1}-player row")
    for c in set(k.piles) | k.active | set(k.stood) | {x for x in (k.chili, k.lock, k.last_target) if x} | \
            set(k.siestas.values()):
        if c not in k.row:
            raise ImpossiblePosition(f"{c!r} is not a character of the row {k.row}")
    _check_people(k)
    _check_tolerances(k)
    _check_dishes(k)


def _check_people(k: Knowledge) -> None:
    seats = range(k.players)
    for s, c in k.identities.items():
        if s == k.seat or s not in seats or c not in k.row or c == k.character:
            raise ImpossiblePosition(f"seat {s} cannot be {c!r}: not another seat's character of this row")
    if len(set(k.identities.values())) != len(k.identities):
        raise ImpossiblePosition("two seats cannot have the same character")
    for s in k.tolerances:
        if s == k.seat or s not in seats:
            raise ImpossiblePosition(f"seat {s} is not another seat of this {k.players}-player game")
    for s, c in k.siestas.items():
        if s not in seats or k.owner(c) not in (s, None):
            raise ImpossiblePosition(f"seat {s} cannot take a Siesta protecting {c}: a Siesta protects the "
                                     "character of the seat that takes it")
    for c in k.row:
        if c not in k.active:
            s = k.owner(c)
            if s is None or (s != k.seat and s not in k.tolerances):
                raise ImpossiblePosition(f"{c} is out, so its owner and tolerance were revealed: "
                                         "give them in identities and tolerances")
    if len(k.row) - len(k.active) > k.players:
        raise ImpossiblePosition("the Neutral never leaves the round: at least one character is active")


def _check_tolerances(k: Knowledge) -> None:
    known = [k.tolerance, *k.tolerances.values()]
    for t in known:
        if t not in TOLERANCES:
            raise ImpossiblePosition(f"a tolerance is a card from 16 to 24, not {t!r}")
    if len(set(known)) != len(known):
        raise ImpossiblePosition(f"each tolerance card exists once, but {sorted(known)} repeats one")
    for c in k.active:
        s = k.owner(c)
        t = k.tolerance if s == k.seat else k.tolerances.get(s)
        if t is not None and k.floor(c) > t:
            raise ImpossiblePosition(f"{c} is still active at heat {k.floor(c)}, above its tolerance {t}: "
                                     "it would have burnt out")


def _check_dishes(k: Knowledge) -> None:
    have = k._all
    for kind, count in k.seen().items():
        if count > have.get(kind, 0):
            raise ImpossiblePosition(f"{count} dishes {kind} are in sight but the composition has {have.get(kind, 0)}")
    if k.deck_size is not None and k.hand_sizes is not None:
        others = sum(v for s, v in k.hand_sizes.items() if s != k.seat)
        unseen = sum(k.unseen().values())
        if k.deck_size < 0 or any(not 0 <= v <= 4 for v in k.hand_sizes.values()) or k.deck_size + others != unseen:
            raise ImpossiblePosition(f"a deck of {k.deck_size} and other hands of {others} make {k.deck_size + others} "
                                     f"cards, but {unseen} dishes are out of this player's sight")
    if len(k.hand) > 4:
        raise ImpossiblePosition(f"a hand holds at most 4 dishes, not {len(k.hand)}")
