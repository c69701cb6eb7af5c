"""Exact chances for Chili Mafia, as fractions, each with a Monte Carlo twin (``mc_*``).

The deck depends on the number of players (MAFIA-COMP-1): 98 cards for 2-4 players (the cards
with the pepper icon on two corners, 6 Sweet Chilis by default), 150 for 5-8; options such as
``goodfellas_peppers`` change it (MAFIA-SETUP-2/3). The Dawn Raid is set aside before the deal.

**Brotherhood.** A gang is a Brotherhood when it has 3 peppers or more and its peppers other than
the Sweet Chili (at least 2) all share a name; a gang holds at most one Sweet Chili (MAFIA-GANG-2/3).
So a set of cards *holds a Brotherhood* when it has 3 peppers of one name, or 2 of one name and a
Sweet Chili.

- :func:`brotherhood_chance`: a random set of ``cards`` cards from the table's deck holds a
  Brotherhood. With ``cards=6``: the 6 cards dealt to one player. That is the opening hand with 2
  players (no draft, MAFIA-DRAFT-2), and also the opening hand after the draft with 3 or more
  players when the picks do not depend on what the cards are (random picks): the deal is random,
  so the 6 cards a seat ends with are then 6 random cards of the deck (the twin
  :func:`mc_drafted_brotherhood_chance` plays the draft to check it).
- :func:`draft_brotherhood_chance`: the 6 x players cards dealt for the draft hold a Brotherhood
  somewhere (the makings of one reach the table's draft).
- :func:`packet_brotherhood_chance`: at least one seat is dealt a packet of 6 holding a
  Brotherhood (exact for 2 to 4 players; the count grows too fast beyond).
- :func:`defend_chance`: a Hot card can be defended: at least one Fuggedaboutit among the hidden
  hands of the players who may play one (MAFIA-ACT-FUGG-1: anyone but the attacker), given what
  one player has seen.

>>> brotherhood_chance(6, cards=2)   # two cards never make a gang of 3
Fraction(0, 1)
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb, factorial, perm

from chililab.games.mafia.rules.cards import HAND_SIZE, SWEET, Card, dawn_raid, deck, parse_code
from chililab.games.mafia.rules.checks import BROTHERHOOD, gang_type
from chililab.games.mafia.rules.options import normalize_options
from chililab.prob.draws import at_least_one, check_samples, make_rng
from chililab.prob.intervals import Estimate, proportion

FUGG = "fuggedaboutit"
EXACT_PACKETS = 4  #: packet_brotherhood_chance counts exactly up to this many players


def table_deck(players: int, options: dict | None = None) -> tuple[Card, ...]:
    """The cards shuffled and dealt at a table of ``players`` (the game's own deck builder).

    >>> len(table_deck(4)), len(table_deck(5))
    (98, 150)
    """
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of Chili Mafia options, not {options!r}")
    if options and "players" in options:
        raise ValueError("give the number of players as players=, not inside options")
    return deck(players, normalize_options({**(options or {}), "players": players}))


def _cards(cards, pile: int) -> None:
    if type(cards) is not int or cards < 0:
        raise ValueError(f"the number of cards must be a whole number 0 or more, not {cards!r}")
    if cards > pile:
        raise ValueError(f"{cards} cards cannot come from a deck of {pile}")


def _poly_mul(a: list[int], b: list[int], top: int) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:top + 1 - i]):
                out[i + j] += x * y
    return out


def _no_brotherhood(counts: Counter, sweets: int, others: int, cards: int) -> int:
    """The number of sets of ``cards`` cards with no Brotherhood.

    Without a Sweet Chili a set may hold up to 2 copies of each name; with one (or more) at most 1
    of each name. A polynomial's x^k coefficient counts the ways to take k cards.
    """
    total = 0
    for s in range(min(sweets, cards) + 1):
        poly = [comb(others, j) for j in range(others + 1)][:cards + 1]  # the cards that are not peppers
        limit = 2 if s == 0 else 1
        for c in counts.values():
            poly = _poly_mul(poly, [comb(c, j) for j in range(limit + 1)], cards)
        rest = cards - s
        total += comb(sweets, s) * (poly[rest] if rest < len(poly) else 0)
    return total


def brotherhood_chance(players: int, cards: int = HAND_SIZE, options: dict | None = None) -> Fraction:
    """P(``cards`` random cards of the deck for ``players`` players hold a Brotherhood).

    Count the sets with no Brotherhood and take them away: P = 1 - (sets without) / C(deck, cards).

    >>> float(brotherhood_chance(2, cards=3)) > 0
    True
    """
    d = table_deck(players, options)
    _cards(cards, len(d))
    names = Counter(c.key for c in d if c.pepper and not c.sweet)
    sweets = sum(c.sweet for c in d)
    others = sum(not c.pepper for c in d)
    return 1 - Fraction(_no_brotherhood(names, sweets, others, cards), comb(len(d), cards))


def draft_brotherhood_chance(players: int, options: dict | None = None) -> Fraction:
    """P(the 6 x ``players`` cards dealt for the draft hold a Brotherhood between them)."""
    return brotherhood_chance(players, HAND_SIZE * players, options)


def _compositions(m: int, parts: int):
    """Every way to write ``m`` as ``parts`` ordered counts (n_0, n_1, ...)."""
    if parts == 1:
        yield (m,)
        return
    for first in range(m + 1):
        for rest in _compositions(m - first, parts - 1):
            yield (first, *rest)


def _spread(state: tuple, copies: int, cap, sweets: bool = False) -> Counter:
    """Give out up to ``copies`` copies of one card type among the packets of ``state``.

    ``state`` is a sorted tuple of ((cards so far, holds a Sweet Chili), how many such packets);
    ``cap(fill, sweet)`` is the most copies one packet may take; ``sweets``: the copies are Sweet
    Chilis (a packet taking one now holds one). Packets alike in the state are
    alike for the future, so only how many of them take 0, 1, 2 ... copies matters: that happens in
    m! / (n_0! n_1! ...) ways. Returns the new states with their number of ways.
    """
    out: Counter = Counter()

    def walk(i, packets: Counter, ways: int, taken: int, fact: int):
        if i == len(state):
            if taken <= copies:
                out[tuple(sorted(packets.items()))] += ways * (perm(copies, taken) // fact)
            return
        (fill, sweet), m = state[i]
        top = min(cap(fill, sweet), HAND_SIZE - fill)
        for ns in _compositions(m, top + 1):
            new = packets.copy()
            labels, got, f = factorial(m), 0, 1
            for j, n in enumerate(ns):
                if n:
                    new[fill + j, sweet or (sweets and j > 0)] += n
                    labels //= factorial(n)
                    got += j * n
                    f *= factorial(j) ** n
            walk(i + 1, new, ways * labels, taken + got, fact * f)

    walk(0, Counter(), 1, 0, 1)
    return out


def _any(fill, sweet) -> int:
    return HAND_SIZE


def _pepper_cap(fill, sweet) -> int:
    """Copies of one pepper name a packet may hold without a Brotherhood: 2, or 1 beside a Sweet Chili."""
    return 1 if sweet else 2


def packet_brotherhood_chance(players: int, options: dict | None = None) -> Fraction:
    """P(at least one of the ``players`` packets of 6 cards, as dealt, holds a Brotherhood).

    With 2 players: at least one player's opening hand holds one; with 3 or more: some seat finds
    one in the packet it is dealt before the draft. Counted exactly: deal the card types one by one
    into the packets, never letting a packet hold a Brotherhood (at most 2 of a name, or at most 1
    once it holds a Sweet Chili), and take that count from all the deals. The count grows fast with
    the packets (about 2 s of work at 4 players, 13 s at 5, over a minute at 6), so it is exact for
    2 to 4 players only; for more use the twin :func:`mc_packet_brotherhood_chance`, or the bounds
    p <= P <= players * p with p = ``brotherhood_chance(players)`` (one packet; the union bound).

    >>> p = packet_brotherhood_chance(2)   # at least one of the two opening hands
    >>> brotherhood_chance(2) < p < 2 * brotherhood_chance(2)
    True
    """
    d = table_deck(players, options)
    if players > EXACT_PACKETS:
        raise ValueError(f"the exact count for {players} packets is too large (it is exact for 2 to {EXACT_PACKETS} "
                         "players); use mc_packet_brotherhood_chance, or the bounds p <= P <= players * p "
                         "with p = brotherhood_chance(players)")
    names = Counter(c.key for c in d if c.pepper and not c.sweet)
    state: Counter = _spread((((0, False), players),), sum(c.sweet for c in d), _any, sweets=True)
    for copies in names.values():
        new: Counter = Counter()
        for st, ways in state.items():
            for nxt, w in _spread(st, copies, _pepper_cap).items():
                new[nxt] += ways * w
        state = new
    # the cards that are not peppers fill every packet up to 6: perm(others, need) / prod (6 - fill)! ways
    others = sum(not c.pepper for c in d)
    good = 0
    for st, ways in state.items():
        need = sum((HAND_SIZE - fill) * m for (fill, _s), m in st)
        if need <= others:
            fact = 1
            for (fill, _s), m in st:
                fact *= factorial(HAND_SIZE - fill) ** m
            good += ways * (perm(others, need) // fact)
    deals = perm(len(d), HAND_SIZE * players) // factorial(HAND_SIZE) ** players
    return 1 - Fraction(good, deals)


def mc_packet_brotherhood_chance(players: int, options: dict | None = None, samples: int = 10_000,
                                 seed=0) -> Estimate:
    """Twin of :func:`packet_brotherhood_chance`: deal the packets and look at each."""
    d = table_deck(players, options)
    _cards(HAND_SIZE * players, len(d))
    check_samples(samples)
    rng = make_rng(seed)
    hits = 0
    for _ in range(samples):
        dealt = rng.sample(d, HAND_SIZE * players)
        hits += any(holds_brotherhood(dealt[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(players))
    return proportion(hits, samples)


def holds_brotherhood(cards) -> bool:
    """Do these cards hold a Brotherhood? Each candidate (3 of a name, or 2 and a Sweet Chili) is
    checked with the game's own gang rules (``gang_type``).

    >>> from chililab.games.mafia.rules.cards import of_key
    >>> holds_brotherhood([*of_key("ghost")[:2], of_key("sweet")[0]])
    True
    """
    by_name: dict[str, list] = {}
    for c in cards:
        if c.pepper:
            by_name.setdefault(c.key, []).append(c)
    sweets = by_name.pop(SWEET, [])
    for same in by_name.values():
        gang = same[:3] if len(same) >= 3 else same[:2] + sweets[:1]
        if len(gang) == 3 and gang_type(gang) == BROTHERHOOD:
            return True
    return False


def mc_brotherhood_chance(players: int, cards: int = HAND_SIZE, options: dict | None = None, samples: int = 10_000,
                          seed=0) -> Estimate:
    """Twin of :func:`brotherhood_chance`: the share of random sets of ``cards`` cards holding one."""
    d = table_deck(players, options)
    _cards(cards, len(d))
    check_samples(samples)
    rng = make_rng(seed)
    return proportion(sum(holds_brotherhood(rng.sample(d, cards)) for _ in range(samples)), samples)


def mc_draft_brotherhood_chance(players: int, options: dict | None = None, samples: int = 10_000,
                                seed=0) -> Estimate:
    """Twin of :func:`draft_brotherhood_chance`."""
    return mc_brotherhood_chance(players, HAND_SIZE * players, options, samples, seed)


def drafted_hand(d, players: int, rng) -> list:
    """Seat 0's opening hand: deal 6 cards to each seat, then (3 players or more) draft with random
    picks: each seat takes one random card of its packet and passes the rest left (MAFIA-DRAFT-1)."""
    order = list(d)
    rng.shuffle(order)
    packets = [order[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(players)]
    if players == 2:
        return packets[0]
    hand: list = []
    while packets[0]:
        packet = packets[0]
        hand.append(packet.pop(rng.randrange(len(packet))))
        for s in range(1, players):
            packets[s].pop(rng.randrange(len(packets[s])))
        packets = [packets[(s - 1) % players] for s in range(players)]
    return hand


def mc_drafted_brotherhood_chance(players: int, options: dict | None = None, samples: int = 10_000,
                                  seed=0) -> Estimate:
    """Twin of ``brotherhood_chance(players)`` that plays the deal and the draft with random picks
    (:func:`drafted_hand`) and looks at seat 0's opening hand."""
    d = table_deck(players, options)
    _cards(HAND_SIZE * players, len(d))
    check_samples(samples)
    rng = make_rng(seed)
    return proportion(sum(holds_brotherhood(drafted_hand(d, players, rng)) for _ in range(samples)), samples)


# ---------------------------------------------------------------- can a Hot card be defended?


def _unseen(players: int, hidden, seen, options) -> tuple[int, int]:
    """(cards unseen, Fuggedaboutits unseen), after checking the question."""
    table = list(table_deck(players, options)) + [dawn_raid()]
    if not isinstance(hidden, (list, tuple)) or not hidden:
        raise ValueError(f"hidden lists the hand size of each player who may defend, not {hidden!r}")
    if len(hidden) > players - 1:
        raise ValueError(f"at most {players - 1} players (all but the attacker) may defend, not {len(hidden)}")
    for h in hidden:
        if type(h) is not int or not 0 <= h <= 8:
            raise ValueError(f"a hand holds 0 to 8 cards (MAFIA-HAND-1), not {h!r}")
    if isinstance(seen, str) or not isinstance(seen, (list, tuple)):
        raise ValueError(f"seen is a list of card names like ['Whack', 'Ghost'], not {seen!r}")
    have = Counter(c.key for c in table)
    got = Counter(parse_code(c)[0] if isinstance(c, str) else c.key for c in seen)
    for key, n in got.items():
        if n > have[key]:
            raise ValueError(f"the deck for {players} players holds {have[key]} {key!r} card(s), not {n}")
    unseen = len(table) - len(seen)
    if sum(hidden) > unseen:
        raise ValueError(f"the defenders hold {sum(hidden)} cards but only {unseen} cards are out of sight")
    return unseen, have[FUGG] - got[FUGG]


def defend_chance(players: int, hidden, seen=(), options: dict | None = None) -> Fraction:
    """P(at least one Fuggedaboutit is among the hidden hands of the players who may defend).

    The model, from one player's seat: ``seen`` lists every card this player has seen outside the
    draw deck and the other hands (its own hand, the discard pile, the gangs on the table, the Dawn
    Raid once drawn); ``hidden`` gives the hand size of each player who may play a Fuggedaboutit
    (anyone but the attacker, MAFIA-ACT-FUGG-1). Every other card of the table is out of sight,
    and every way to share those cards between the draw deck and the hidden hands is equally
    likely. With U cards out of sight, F Fuggedaboutits among them and H cards in the defenders'
    hands: P = 1 - C(U - F, H) / C(U, H). Left out: Hot Properties ("Easy, Pal!", Lifeline) and
    any reading of the other players' choices.

    >>> defend_chance(2, hidden=[1])   # 2 players: 99 cards, 5 Fuggedaboutits, one hidden card
    Fraction(5, 99)
    """
    unseen, fuggs = _unseen(players, hidden, seen, options)
    return at_least_one(unseen, fuggs, sum(hidden))


def mc_defend_chance(players: int, hidden, seen=(), options: dict | None = None, samples: int = 10_000,
                     seed=0) -> Estimate:
    """Twin of :func:`defend_chance`: deal the out-of-sight cards at random and look at the
    defenders' hands."""
    unseen, fuggs = _unseen(players, hidden, seen, options)
    check_samples(samples)
    rng = make_rng(seed)
    pool = [True] * fuggs + [False] * (unseen - fuggs)
    hits = 0
    for _ in range(samples):
        rng.shuffle(pool)
        at, found = 0, False
        for h in hidden:
            found = found or any(pool[at:at + h])
            at += h
        hits += found
    return proportion(hits, samples)
