"""Exact chances for Chili Loco, as fractions, each with a Monte Carlo twin (``mc_*``).

The deck (LOCO-COMP-1): 112 cards, 114 with the two Personal Recipe cards. An opening hand is
6 cards dealt from the shuffled deck (LOCO-SETUP-2): every set of 6 cards is equally likely.

- :func:`twin_chance`: the hand holds a **twin**, two identical cards. The rules call two cards
  identical when they share name and colour; only cream cards (the 64 peppers and the 8 Salsa
  Slaps) can be twinned (LOCO-TWIN-1/2), and each comes in exactly 2 copies: 36 possible pairs.
- :func:`wild_chance`: the hand holds at least ``at_least`` wild cards (16 wilds, 18 with the
  Personal Recipes).
- :func:`playable_chance`: the hand holds a card that may be laid on a given top card with the
  matching rules (LOCO-MATCH-1..4: the active colour, or the top card's name unless it is a wild,
  or any wild; Milk Chaser only with 2 cards or more, LOCO-CARD-MILK-2). The hand comes from the
  deck without the top card.
- :func:`hot_sauce_stack`: how many cards end up drawn when a Hot Sauce is laid and the others
  answer it (LOCO-CARD-HOTSAUCE-1/2, LOCO-CARD-MILK-3). The model is in the function's docstring.

>>> twin_chance(2)        # 36 twin pairs among the C(112, 2) = 6216 pairs of cards
Fraction(3, 518)
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from chililab.games.aycc.odds.montecarlo import SampledDistribution
from chililab.prob.draws import at_least, check_samples, make_rng
from chililab.prob.intervals import Estimate, proportion

from .rules.cards import COLOURS, Card, deck, parse_code
from .rules.checks import may_lay

HOT_SAUCE = "Hot Sauce"
MILK = "Milk Chaser"
HAND = 6  #: cards in an opening hand (LOCO-SETUP-2)


def _deck(personal_recipes: bool) -> tuple[Card, ...]:
    if type(personal_recipes) is not bool:
        raise ValueError(f"personal_recipes must be True or False, not {personal_recipes!r}")
    return deck(personal_recipes)


def _hand_size(cards, pile: int) -> None:
    if type(cards) is not int or cards < 0:
        raise ValueError(f"a hand holds a whole number of cards, 0 or more, not {cards!r}")
    if cards > pile:
        raise ValueError(f"a hand of {cards} cards cannot come from {pile} cards")


def _twin_key(card: Card):
    """Cards with the same key are identical and may be twinned (cream only); ``None`` for the others."""
    return (card.name, card.colour) if card.cream else None


# ---------------------------------------------------------------- twins


def twin_chance(cards: int = HAND, personal_recipes: bool = False) -> Fraction:
    """P(a hand of ``cards`` random cards holds at least one twin: two identical cream cards).

    Count the hands with **no** twin: pick j of the 36 pairs to show one card each (2 ways each:
    which copy), and fill the rest with dark cards, which can never twin. So
    P(no twin) = sum over j of C(36, j) * 2^j * C(dark, cards - j) / C(all, cards).

    >>> round(float(twin_chance(6)), 4)    # about one opening hand in twelve
    0.0854
    """
    d = _deck(personal_recipes)
    _hand_size(cards, len(d))
    pairs = len({_twin_key(c) for c in d if c.cream})
    dark = sum(not c.cream for c in d)
    none = sum(comb(pairs, j) * 2 ** j * comb(dark, cards - j) for j in range(min(pairs, cards) + 1))
    return 1 - Fraction(none, comb(len(d), cards))


def mc_twin_chance(cards: int = HAND, personal_recipes: bool = False, samples: int = 10_000, seed=0) -> Estimate:
    """Twin of :func:`twin_chance`: deal ``samples`` random hands and count those with a twin.

    >>> e = mc_twin_chance(6, samples=2000, seed=1)
    >>> twin_chance(6) in e
    True
    """
    d = _deck(personal_recipes)
    _hand_size(cards, len(d))
    check_samples(samples)
    rng = make_rng(seed)
    hits = 0
    for _ in range(samples):
        keys = [_twin_key(c) for c in rng.sample(d, cards) if c.cream]
        hits += len(set(keys)) < len(keys)
    return proportion(hits, samples)


# ---------------------------------------------------------------- wilds


def wild_chance(cards: int = HAND, at_least_wilds: int = 1, personal_recipes: bool = False) -> Fraction:
    """P(a hand of ``cards`` random cards holds at least ``at_least_wilds`` wild cards).

    A hypergeometric chance: 16 wilds among 112 cards (18 among 114 with the Personal Recipes).

    >>> wild_chance(1)      # one card: 16 wilds out of 112
    Fraction(1, 7)
    """
    d = _deck(personal_recipes)
    _hand_size(cards, len(d))
    _count("at_least_wilds", at_least_wilds)
    return at_least(len(d), sum(c.wild for c in d), cards, at_least_wilds)


def mc_wild_chance(cards: int = HAND, at_least_wilds: int = 1, personal_recipes: bool = False, samples: int = 10_000,
                   seed=0) -> Estimate:
    """Twin of :func:`wild_chance`: the share of random hands with at least ``at_least_wilds`` wilds."""
    d = _deck(personal_recipes)
    _hand_size(cards, len(d))
    _count("at_least_wilds", at_least_wilds)
    check_samples(samples)
    rng = make_rng(seed)
    return proportion(sum(sum(c.wild for c in rng.sample(d, cards)) >= at_least_wilds for _ in range(samples)),
                      samples)


def _count(name, v) -> None:
    if type(v) is not int or v < 0:
        raise ValueError(f"{name} must be a whole number 0 or more, not {v!r}")


# ---------------------------------------------------------------- playable on a top card


def _top(top, colour, d) -> tuple[Card, str]:
    """The physical top card for a code like ``"R-Bell"`` (or a card) and the active colour."""
    if isinstance(top, Card):
        card = top
        if card not in d:
            raise ValueError(f"{card} is not in this deck (the Personal Recipes need personal_recipes=True)")
    else:
        name, col = parse_code(top)  # raises for a card that does not exist
        found = next((c for c in d if c.name == name and c.colour == col), None)
        if found is None:
            raise ValueError(f"{top!r} is not in this deck (the Personal Recipes need personal_recipes=True)")
        card = found
    if card.wild:
        if colour not in COLOURS:
            raise ValueError(f"a wild top card needs the colour chosen for it, one of {COLOURS}, not {colour!r}")
        return card, colour
    if colour not in (None, card.colour):
        raise ValueError(f"the active colour of a coloured top card is its own colour ({card.colour}), not {colour!r}")
    assert card.colour is not None  # a card that is not wild has a colour
    return card, card.colour


def playable_cards(top, colour: str | None = None, cards: int = HAND, personal_recipes: bool = False,
                   milk_requires_pending: bool = False) -> tuple[int, int]:
    """(cards that may be laid on ``top``, cards the hand comes from): the deck without the top card.

    >>> playable_cards("R-Bell")   # 23 other red cards, 6 Bells of other colours, 16 wilds; of 111
    (45, 111)
    """
    d = _deck(personal_recipes)
    card, active = _top(top, colour, d)
    rest = [c for c in d if c is not card]
    _hand_size(cards, len(rest))
    good = sum(may_lay(c, cards, active, card, False, milk_requires_pending) for c in rest)
    return good, len(rest)


def playable_chance(top, colour: str | None = None, cards: int = HAND, personal_recipes: bool = False,
                    milk_requires_pending: bool = False) -> Fraction:
    """P(a hand of ``cards`` random cards holds a card that may be laid on ``top``), no effect pending.

    ``top`` is a card code (``"R-Bell"``, ``"G-HotSauce"``, ``"NewRecipe"``); on a wild top card
    name the ``colour`` chosen for it. The hand comes from the 111 other cards; with ``cards`` of
    them, P = 1 - C(111 - good, cards) / C(111, cards), ``good`` the cards that match.

    >>> playable_chance("NewRecipe", "red", cards=2)   # 24 red cards + 15 other wilds: 39 of 111
    Fraction(1183, 2035)
    """
    good, pile = playable_cards(top, colour, cards, personal_recipes, milk_requires_pending)
    return at_least(pile, good, cards, 1)


def mc_playable_chance(top, colour: str | None = None, cards: int = HAND, personal_recipes: bool = False,
                       milk_requires_pending: bool = False, samples: int = 10_000, seed=0) -> Estimate:
    """Twin of :func:`playable_chance`: random hands from the other cards, each card tested with the
    game's own matching rule."""
    d = _deck(personal_recipes)
    card, active = _top(top, colour, d)
    rest = [c for c in d if c is not card]
    _hand_size(cards, len(rest))
    check_samples(samples)
    rng = make_rng(seed)
    hits = sum(any(may_lay(c, cards, active, card, False, milk_requires_pending) for c in rng.sample(rest, cards))
               for _ in range(samples))
    return proportion(hits, samples)


# ---------------------------------------------------------------- the Hot Sauce stack


def _check_stack(hands, unseen, sauces, milk, mine):
    if not isinstance(hands, (list, tuple)) or not hands:
        raise ValueError(f"hands lists the hand size of each answering player in play order, not {hands!r}")
    for h in hands:
        if type(h) is not int or h < 1:
            raise ValueError(f"every answering player holds at least 1 card (0 cards has won), not {h!r}")
    for name, v in (("unseen", unseen), ("sauces", sauces), ("mine", mine)):
        _count(name, v)
    if milk not in (0, 1) or type(milk) not in (int, bool):
        raise ValueError(f"milk is 1 if the one Milk Chaser is among the unseen cards, else 0; not {milk!r}")
    if sauces + mine > 7:
        raise ValueError(f"there are 8 Hot Sauces: with one laid, {sauces} unseen and {mine} in your hand "
                         "are too many")
    if sauces + milk > unseen:
        raise ValueError(f"{sauces} Hot Sauces and {int(milk)} Milk Chaser cannot hide among {unseen} unseen cards")
    if sum(hands) > unseen:
        raise ValueError(f"the answering players hold {sum(hands)} hidden cards, more than the {unseen} unseen")


def _play_stack(hands, counts, milks, mine) -> int:
    """Cards drawn when each player holds ``counts[i]`` Hot Sauces (and a Milk Chaser if ``milks[i]``)."""
    counts, sizes = list(counts) + [mine], list(hands) + [None]
    order = len(counts)
    stack, i = 1, 0
    while True:
        if counts[i]:
            counts[i] -= 1
            stack += 1
            if sizes[i] is not None:
                sizes[i] -= 1
        elif i < len(milks) and milks[i] and sizes[i] >= 2:
            return 0
        else:
            return 2 * stack
        i = (i + 1) % order


def hot_sauce_stack(hands, unseen: int, sauces: int, milk: int = 1, mine: int = 0) -> dict[int, Fraction]:
    """The distribution of the number of cards drawn after you lay a Hot Sauce (0: a Milk Chaser
    cancelled the stack).

    The model, from your seat: the players who answer, in play order, hold ``hands`` cards (their
    hand sizes, which everyone sees). Their cards are a random share of the ``unseen`` cards (the
    draw pile and the other hands: every card you have not seen), among which ``sauces`` Hot Sauces
    and ``milk`` (0 or 1) Milk Chaser; every way to deal them is equally likely. Each player, when
    the stack reaches them, stacks a Hot Sauce if they hold one (the stack grows by 2 cards,
    LOCO-CARD-HOTSAUCE-2); otherwise lays the Milk Chaser if they hold it and 2 cards or more
    (nobody draws, LOCO-CARD-MILK-3); otherwise draws 2 per Hot Sauce in the stack. If everyone
    stacks, the stack comes back to you: you stack with the ``mine`` Hot Sauces you still hold, and
    so on round the table. Left out: players who choose not to stack, help requests, and a draw
    pile too small for the penalty (LOCO-DRAW-2).

    >>> hot_sauce_stack([1], unseen=2, sauces=1, milk=0)   # the other stacks half the time; then you draw 4
    {2: Fraction(1, 2), 4: Fraction(1, 2)}
    """
    _check_stack(hands, unseen, sauces, milk, mine)
    out: Counter = Counter()
    plain = unseen - sauces - milk

    def deal(i, s, m, p, counts, milks, weight):
        if i == len(hands):
            out[_play_stack(hands, counts, milks, mine)] += weight
            return
        h = hands[i]
        total = comb(s + m + p, h)
        for a in range(min(s, h) + 1):
            for b in range(min(m, h - a) + 1):
                ways = comb(s, a) * comb(m, b) * comb(p, h - a - b)
                if ways:
                    deal(i + 1, s - a, m - b, p - (h - a - b), counts + (a,), milks + (b,),
                         weight * Fraction(ways, total))

    deal(0, sauces, int(milk), plain, (), (), Fraction(1))
    return dict(sorted(out.items()))


def mc_hot_sauce_stack(hands, unseen: int, sauces: int, milk: int = 1, mine: int = 0, samples: int = 10_000,
                       seed=0) -> SampledDistribution:
    """Twin of :func:`hot_sauce_stack`: deal the answering players' hands at random from the unseen
    cards, play the stack out, and count how often each number of cards is drawn (``dist[k]`` is
    the estimate of P(k cards drawn), 0 if never seen)."""
    _check_stack(hands, unseen, sauces, milk, mine)
    check_samples(samples)
    rng = make_rng(seed)
    pool = ["sauce"] * sauces + ["milk"] * int(milk) + ["other"] * (unseen - sauces - int(milk))
    seen: Counter = Counter()
    for _ in range(samples):
        rng.shuffle(pool)
        counts, milks, at = [], [], 0
        for h in hands:
            part = pool[at:at + h]
            at += h
            counts.append(part.count("sauce"))
            milks.append("milk" in part)
        seen[_play_stack(hands, counts, milks, mine)] += 1
    return SampledDistribution(seen, samples)
