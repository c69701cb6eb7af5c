"""The exact distribution of the other players' identities and tolerances, given one player's knowledge.

The model (the deal of aycc.md AYCC-SETUP-4 and AYCC-SETUP-5, nothing else):

- the identity cards of the row are dealt uniformly: every way to give the seats different
  characters of the row is equally likely, and the character left over is the Neutral;
- the tolerance cards 16..24 are dealt uniformly without replacement, one per seat;
- what the player saw rules deals out: its own character and tolerance, every identity and
  tolerance it has learnt, and every active character's heat: a character still active after
  standing heat ``h`` has an owner whose tolerance is at least ``h`` (the Neutral has no tolerance
  and never burns out, so it rules nothing out).

Bayes' rule then gives each consistent deal the same probability, so a probability is a count of
consistent deals over the count of all of them. The count is done cleverly, not deal by deal:
for each choice of the Neutral (see :func:`posterior` for the seats seen with the Eye), the
tolerances left are counted by a product. If the seats with unknown tolerances must get
values at least ``b1 >= b2 >= ...`` out of the values nobody has seen, the first seat has
``n(b1)`` choices (the unseen values ``>= b1``), the second ``n(b2) - 1`` (one is taken, and it was
``>= b2`` too), and so on: ``n(b1) * (n(b2) - 1) * (n(b3) - 2) ...``.

The model is the deal: it does not read anything into how players served or withdrew. In Inferno
Mode, Fuego Fred's swap of tolerance cards is not modelled (his new card was chosen, not dealt).
"""
from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import factorial

from chililab.games.aycc.rules.cards import TOLERANCES

from .knowledge import ImpossiblePosition, Knowledge

#: the key of a character's distribution that stands for "this character is the Neutral"
NEUTRAL = None


@dataclass(frozen=True)
class Posterior:
    """Counts of the deals consistent with what one player knows; read as exact fractions.

    ``total``: the number of consistent deals (identities and tolerances of the other seats);
    ``seats[s]``: for each (character, tolerance) of seat ``s``, how many deals give it;
    ``characters[c]``: for each tolerance of ``c``'s owner (``NEUTRAL``: ``c`` is the Neutral), how
    many deals give it.
    """

    total: int
    seats: dict
    characters: dict

    def _frac(self, counts: Counter) -> dict:
        return {key: Fraction(v, self.total) for key, v in sorted(counts.items(), key=_order) if v}

    def joint(self, seat: int) -> dict:
        """P(seat ``seat`` is character c and has tolerance t), keyed by ``(c, t)``."""
        return self._frac(self.seats[seat])

    def identity(self, seat: int) -> dict:
        """P(seat ``seat`` is character c), keyed by character."""
        out: Counter = Counter()
        for (c, _t), v in self.seats[seat].items():
            out[c] += v
        return self._frac(out)

    def tolerance(self, seat: int) -> dict:
        """P(seat ``seat``'s tolerance is t), keyed by tolerance."""
        out: Counter = Counter()
        for (_c, t), v in self.seats[seat].items():
            out[t] += v
        return self._frac(out)

    def character(self, c: str) -> dict:
        """P(``c``'s owner has tolerance t) keyed by t, and P(``c`` is the Neutral) keyed by ``NEUTRAL``."""
        return self._frac(self.characters[c])

    def neutral(self) -> dict:
        """P(c is the Neutral) for each character c of the row."""
        return {c: Fraction(v[NEUTRAL], self.total) for c, v in self.characters.items() if v[NEUTRAL]}

    def below(self, c: str, limit: int) -> Fraction:
        """P(``c`` is a player's character whose tolerance is below ``limit``): it burns out at heat ``limit``."""
        return Fraction(sum(v for t, v in self.characters[c].items() if t is not NEUTRAL and t < limit), self.total)


def _order(item):
    key = item[0]
    return (1, "") if key is NEUTRAL else (0, key)


def posterior(k: Knowledge) -> Posterior:
    """The exact :class:`Posterior` of ``k`` (see the module docstring); ImpossiblePosition if no deal fits.

    The seats whose identity and tolerance are both unknown are interchangeable: once the Neutral and
    the characters of the seats whose tolerance was seen with the Eye are chosen, the other characters
    go to those seats in any of their ``m!`` orders, with the same tolerance count for each order. So
    the count walks through at most (characters left) x (Eye orders) cases, never the ``m!`` orders.
    """
    opponents = [s for s in range(k.players) if s != k.seat]
    hidden = [s for s in opponents if s not in k.identities]
    eyed = [s for s in hidden if s in k.tolerances]          # tolerance seen, identity not
    anon = [s for s in hidden if s not in k.tolerances]      # neither known: interchangeable
    named = [s for s in k.identities if s not in k.tolerances]  # identity known (Inferno), tolerance not
    free = [c for c in k.row if c != k.character and c not in k.identities.values()]
    values = sorted(set(TOLERANCES) - {k.tolerance} - set(k.tolerances.values()))
    for c in free:
        if c not in k.active:
            raise ImpossiblePosition(f"{c} is out but its owner is not known: an out character is revealed")
    floors = {c: k.floor(c) for c in k.row}
    orders = factorial(len(anon))
    share = orders // len(anon) if anon else 0  # the orders in which one given seat has one given character
    memo: dict = {}
    seats: dict[int, Counter] = {s: Counter() for s in range(k.players)}
    chars: dict[str, Counter] = {c: Counter() for c in k.row}
    total = 0
    for neutral in free:
        rest = [c for c in free if c != neutral]
        for eye_chars in permutations(rest, len(eyed)):
            if any(k.tolerances[s] < floors[c] for s, c in zip(eyed, eye_chars)):
                continue
            others = [c for c in rest if c not in eye_chars]
            key = tuple(sorted([floors[c] for c in others] + [floors[k.identities[s]] for s in named], reverse=True))
            if key not in memo:
                memo[key] = _tolerance_counts(key, values)
            deals, marginal = memo[key]
            if not deals:
                continue
            weight = orders * deals
            total += weight
            chars[neutral][NEUTRAL] += weight
            owner = dict(k.identities)
            owner.update(zip(eyed, eye_chars))
            for s, t in k.tolerances.items():
                seats[s][owner[s], t] += weight
                chars[owner[s]][t] += weight
            for s in named:
                c = k.identities[s]
                for t, v in zip(values, marginal[floors[c]]):
                    if v:
                        seats[s][c, t] += orders * v
                        chars[c][t] += orders * v
            for c in others:
                for t, v in zip(values, marginal[floors[c]]):
                    if v:
                        chars[c][t] += orders * v
                        for s in anon:
                            seats[s][c, t] += share * v
    if not total:
        raise ImpossiblePosition("no deal of identities and tolerances fits what this player sees: "
                                 "too many active characters stand heats above the tolerances left")
    seats[k.seat][k.character, k.tolerance] = total
    chars[k.character][k.tolerance] = total
    return Posterior(total, seats, chars)


def _count(bounds: tuple, values: list) -> int:
    """How many ways give the seats different ``values``, seat i one ``>= bounds[i]`` (bounds descending)."""
    ways = 1
    size = len(values)
    for i, b in enumerate(bounds):
        choices = size - bisect_left(values, b) - i
        if choices <= 0:
            return 0
        ways *= choices
    return ways


def _tolerance_counts(bounds: tuple, values: list) -> tuple[int, dict]:
    """The number of tolerance deals for ``bounds``, and for each bound b, the deals giving a seat of
    bound b each value (a tuple aligned with ``values``)."""
    marginal = {}
    for b in set(bounds):
        rest = list(bounds)
        rest.remove(b)
        rest_t = tuple(rest)
        marginal[b] = tuple(_count(rest_t, values[:i] + values[i + 1:]) if a >= b else 0
                            for i, a in enumerate(values))
    return _count(bounds, values), marginal
