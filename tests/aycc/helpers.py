"""Small helpers for exact All You Can Chili positions in tests, reading games through the public API.

Tests read a game through ``g.view(None)`` (the teacher's view), ``g.view(p)``, ``g.decision``,
``g.phase``, ``g.events()`` and ``g.locations()``, never through ``g.state``.
"""
import pytest

from chililab.games import aycc
from chililab.games.aycc import Decline, Eye, Fork, Serve, Withdraw, character

rule = pytest.mark.rule

#: the default table of :func:`table`: 4 players, Piri Piri the Neutral
ROW = ["King Naga", "Fuego Fred", "Vasco Tabasco", "Go Chu Jang", "Piri Piri"]
IDS = ["King Naga", "Fuego Fred", "Vasco Tabasco", "Go Chu Jang"]
TOLS = [18, 23, 17, 20]


def cid(name) -> int:
    return character(name).id


def table(row=ROW, identities=IDS, tolerances=TOLS, hands=None, **kw):
    """A round in progress (``aycc.scenario``); by default seat s holds one plain dish of flame s + 2, P0 to play."""
    hands = hands if hands is not None else [[str(s + 2)] for s in range(len(identities))]
    kw.setdefault("piles", {})
    if "tokens" in kw:
        kw["tokens"] = dict(kw["tokens"])
    return aycc.scenario(row, identities, tolerances, hands, **kw)


def v(g):
    return g.view(None)


def heat(g, name) -> int:
    return v(g).heats[cid(name)]


def status(g, name) -> str:
    return v(g).status[cid(name)]


def pile(g, name) -> list[str]:
    return [str(d) for d in v(g).piles[cid(name)]]


def holder(g, token):
    c = getattr(v(g), token)
    return None if c is None else character(c).name


def hand(g, seat):
    return v(g).hands[seat]


def dish(g, seat, code):
    """The first dish of ``code`` in ``seat``'s hand."""
    fits = aycc.parse_code(code)
    return next(d for d in hand(g, seat) if fits(d))


def serve(g, seat, code, target):
    return g.apply(Serve(seat, dish(g, seat, code), cid(target)))


def withdraw(g, seat):
    return g.apply(Withdraw(seat))


def fork(g, seat, source, dest):
    return g.apply(Fork(seat, cid(source), cid(dest)))


def eye(g, seat, of):
    return g.apply(Eye(seat, of))


def decline(g, seat):
    return g.apply(Decline(seat))


def kinds(events):
    return [e.kind for e in events]


def rules_of(events):
    return {r for e in events for r in e.rules}
