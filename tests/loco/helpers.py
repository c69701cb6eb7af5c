"""Small helpers for building exact Chili Loco scenarios in tests."""
from chililab import loco
from chililab.loco import card_by_id


def fixed(*order):
    """Reaction model option: seats quickest first (a list entry = an exact tie)."""
    return {"model": "fixed", "order": [list(o) if isinstance(o, (list, tuple)) else o for o in order]}


def card(g, seat, code):
    """The physical card with this code in a seat's hand."""
    for c in g.state.hands[seat]:
        if c.code == code:
            return c
    raise AssertionError(f"P{seat} holds no {code}: {[c.code for c in g.state.hands[seat]]}")


def codes(cards):
    return [c.code for c in cards]


def hand(g, seat):
    return sorted(c.code for c in g.state.hands[seat])


def top(g):
    return g.state.pile[-1].code


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
