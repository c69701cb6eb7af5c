"""Small helpers for building exact Chili Loco scenarios in tests, and for reading them.

Tests read a game through its public API: ``g.view(None)`` (the teacher's view:
every hand, the pile, the draw pile, the pending effect, open LOCO! shouts ...),
``g.decision``, ``g.phase``, ``g.events()`` and ``g.result``, never through
``g.state``, so that the rules may change how they hold a position without the
tests changing. The readers below are shorthands over ``g.view(None)``.
"""
from chililab.loco import card_by_id

from chililab import loco


def fixed(*order):
    """Reaction model option: seats quickest first (a list entry = an exact tie)."""
    return {"model": "fixed", "order": [list(o) if isinstance(o, (list, tuple)) else o for o in order]}


def held(g, seat):
    """The cards in a seat's hand, in the order they were taken (a tuple, from the teacher's view)."""
    return g.view(None).hands[seat]


def card(g, seat, code):
    """The physical card with this code in a seat's hand."""
    for c in held(g, seat):
        if c.code == code:
            return c
    raise AssertionError(f"P{seat} holds no {code}: {codes(held(g, seat))}")


def codes(cards):
    return [c.code for c in cards]


def hand(g, seat):
    """A seat's hand as sorted card codes."""
    return sorted(c.code for c in held(g, seat))


def sizes(g):
    """How many cards each seat holds, as a list."""
    return list(g.view(None).hand_counts)


def top(g):
    """The code of the top card of the discard pile."""
    return g.view(None).top.code


def pile_codes(g):
    """The discard pile as codes, bottom first."""
    return codes(g.view(None).pile)


def draw_codes(g):
    """The draw pile as codes, bottom first (its top card is the last)."""
    return codes(g.view(None).draw_pile)


def draw_size(g):
    """How many cards the draw pile holds."""
    return g.view(None).draw_size


def ids_at(g, place):
    """Ids of the cards at ``place`` (``"hand2"``, ``"offer1"``, ``"draw"``, ``"pile"``), from
    ``g.locations()``: where every physical card is, read apart from the views (hidden-card checks)."""
    return {i for i, places in g.locations().items() if place in places}


def lay(g, seat, *card_codes):
    return g.apply(loco.Lay(seat, tuple(card(g, seat, c) for c in card_codes)))


def passes(g, seats=None):
    """Every still-asked seat in ``seats`` (default: all asked) passes."""
    for s in list(g.decision.players):
        if seats is None or s in seats:
            g.apply(loco.Pass(s))


def rules_of(events):
    return {r for e in events for r in e.rules}


def by_id(i):
    return card_by_id(i)
