"""Small helpers for exact Chili Mafia scenarios in tests, reading the game through its public API.

Tests read a game through ``g.view(None)`` (the teacher's view), ``g.view(p)``,
``g.decision``, ``g.phase``, ``g.events()`` and ``g.locations()``, never through ``g.state``.
"""
from chililab.games import mafia
from chililab.games.mafia.cards import CardPicker, deck
from chililab.games.mafia.options import normalize_options

rule = __import__("pytest").mark.rule


def opts(players=4, **kw):
    return normalize_options({"players": players, **kw})


def keys(cards):
    return [c.key for c in cards]


def count(cards, key, icon=None):
    return sum(c.key == key and (icon is None or c.icon == icon) for c in cards)


def deal_order(hands, rest=()):
    """A deck order (top first) that deals ``hands`` (6 codes per seat): one card at a time from seat 0."""
    n = len(hands)
    return [hands[k % n][k // n] for k in range(6 * n)] + list(rest)


def cards_of(players, codes, **options):
    """Physical cards for codes, from the deck of this table."""
    pick = CardPicker(deck(players, opts(players, **options)))
    return [pick.take(c) for c in codes]


def draft(g, choose=lambda packet: packet[0]):
    """Play the whole draft: each seat picks ``choose(its packet)``; returns the packets seen, per pick."""
    seen = []
    while g.phase == "DRAFT":
        packets = {s: g.view(s).packet for s in range(g.view(None).players)}
        seen.append(packets)
        for s, p in packets.items():
            g.apply(mafia.Pick(s, choose(p)))
    return seen
