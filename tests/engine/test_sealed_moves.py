"""Moves cannot be forged or altered (issue 23 item 2): the probe of every registered game.

Seeded random games of each registered game; at every decision the probe offers the game objects that only
pretend to be moves, and a handed-out move altered with ``object.__setattr__``:

(a) an object whose ``__eq__`` answers True to everything (with a legal move's ``__hash__``, ``player`` and a
    forged ``__class__``);
(b) an instance of a subclass of a legal move's class, with the same values;
(c) a ``namedtuple`` look-alike with the same class name and values, and a tuple whose ``__class__`` is forged;
(d) a legal move from ``legal_moves()`` altered with ``object.__setattr__`` (its player made another seat's):
    where the class is sealed (a tuple), the alteration itself must fail;
(e) a legal move of another seat (one listed at an earlier decision, by a seat not asked now);
(f) an object of the genuine class whose last field holds a value that equals everything.

Each must raise :class:`IllegalMove` and change nothing: ``fingerprint()``, ``to_json()``, the step and the
views are the same after as before, and the game still saves and replays at the end. The old kernel accepted
(a) and (c) in All You Can Chili, Mafia and Loco's windows, and (d) in All You Can Chili.
"""
from __future__ import annotations

import collections
import json
import random

import pytest

from chililab.engine import IllegalMove, registry
from chililab.engine.core import move_fields

GAMES = 4  # seeded games per registered game
POSITIONS = 60  # decisions probed per game (the rest of the game is played without probing)
#: options of each game's probed tables (the others: their defaults): Inferno Mode's reveals in half the games
OPTIONS = {"aycc": ({}, {"inferno": True})}


class EqualsAll:
    """Equal to everything, hashed as ``like``, claiming ``like``'s class and player."""

    def __init__(self, like):
        self._like = like
        self.player = getattr(like, "player", 0)

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return hash(self._like)

    @property  # type: ignore[misc]
    def __class__(self):
        return type(self._like)

    def __getattr__(self, name):
        return getattr(self._like, name)


_SUBCLASSES: dict[type, type] = {}


def _subclass(cls: type) -> type:
    sub = _SUBCLASSES.get(cls)
    if sub is None:
        ns: dict = {"__slots__": ()} if issubclass(cls, tuple) else {}
        sub = _SUBCLASSES[cls] = type(cls.__name__, (cls,), ns)
    return sub


def _values(m) -> list:
    return [getattr(m, f) for f in move_fields(type(m))]


def _forged_class_tuple(m):
    """A tuple of ``m``'s values whose ``__class__`` says it is ``m``'s class."""
    cls = type(m)
    fake = type(cls.__name__, (tuple,), {"__class__": property(lambda self: cls),
                                         **{f: property(lambda self, i=i: tuple.__getitem__(self, i))
                                            for i, f in enumerate(move_fields(cls))}})
    return fake(_values(m))


def _with_last_field(m, value):
    """An object of ``m``'s very class, its last field ``value`` (built around the class's constructor)."""
    cls = type(m)
    vals = _values(m)
    vals[-1] = value
    if issubclass(cls, tuple):
        return tuple.__new__(cls, vals)
    obj = object.__new__(cls)
    for f, v in zip(move_fields(cls), vals):
        object.__setattr__(obj, f, v)
    return obj


def _pretenders(m, stale):
    """(label, object) for each pretender built from the legal move ``m`` (``stale``: another seat's move)."""
    cls = type(m)
    out = [("a: equals everything", EqualsAll(m)),
           ("b: subclass", _subclass(cls)(*_values(m))),
           ("c: namedtuple look-alike", collections.namedtuple(cls.__name__, move_fields(cls))(*_values(m))),
           ("c: tuple with a forged class", _forged_class_tuple(m)),
           ("f: a value equal to everything", _with_last_field(m, EqualsAll(_values(m)[-1])))]
    if stale is not None:
        out.append(("e: another seat's move", stale))
    return out


def _snapshot(g, views: bool):
    shot = (g.step, g.fingerprint(), g.to_json())
    if views:
        shot += tuple(repr(g.view(p)) for p in [None, *range(g.state.n)])
    return shot


def _try(g, move, tally, label, before, spec):
    """Offer ``move``: it must raise IllegalMove and change nothing. Returns the game to go on with (a fault
    is counted, and the probe goes on from the game as saved before)."""
    try:
        g.apply(move)
    except IllegalMove:
        pass
    except Exception as e:  # noqa: BLE001 - the old kernel let the rules raise after changing the state
        tally["raised"].append(f"{label}: {type(e).__name__}")
    else:
        tally["accepted"].append(label)
    if g.step != before[0] or g.fingerprint() != before[1]:
        tally["changed"].append(label)
        g = spec.replay(json.loads(before[2]))
    return g


def _alter(g, m, tally, before, spec):
    """(d): ``m``, handed out by legal_moves(), with its player made another seat's."""
    other = (m.player + 1) % g.state.n
    try:
        object.__setattr__(m, "player", other)
    except AttributeError:  # sealed: a tuple cannot be altered
        assert m.player != other
        tally["sealed"] += 1
        return g
    try:
        tally["altered tried"] += 1
        return _try(g, m, tally, "d: altered", before, spec)
    finally:  # a prebuilt move is shared by every game of the process: put its value back
        object.__setattr__(m, "player", other - 1 if other else g.state.n - 1)


def probe(name: str):
    spec = registry.get(name)
    tally: dict = {"positions": 0, "accepted": [], "raised": [], "changed": [], "sealed": 0, "altered tried": 0}
    for k in range(GAMES):
        options = OPTIONS.get(name, ({},))[k % len(OPTIONS.get(name, ({},)))]
        g = spec.new_game(seed=1000 + k, **options)
        rng = random.Random(k)
        earlier: list = []  # moves listed at earlier decisions
        for _ in range(3000):
            if g.over:
                break
            legal = g.legal_moves()
            if g.step < POSITIONS:
                tally["positions"] += 1
                asked = set(g.decision.players)
                stale = next((x for x in reversed(earlier) if x.player not in asked), None)
                before = _snapshot(g, views=not g.step % 10)
                m = rng.choice(legal)
                for label, fake in _pretenders(m, stale):
                    g = _try(g, fake, tally, label, before, spec)
                g = _alter(g, m, tally, before, spec)
                if _snapshot(g, views=not g.step % 10) != before:  # counted; the probe goes on from the saved game
                    tally["changed"].append("to_json or a view")
                    g = spec.replay(json.loads(before[2]))
                legal = g.legal_moves()
                earlier = (earlier + legal)[-50:]
            g.apply(rng.choice(legal))
        record = json.loads(g.to_json())  # the game still saves, and its record replays to the same game
        assert spec.replay(record).fingerprint() == g.fingerprint()
    return tally


@pytest.mark.parametrize("name", registry.names())
def test_no_forged_or_altered_move_is_accepted_or_changes_anything(name):
    tally = probe(name)
    assert tally["positions"] >= 100
    assert tally["accepted"] == [] and tally["raised"] == [] and tally["changed"] == []
    assert tally["sealed"] + tally["altered tried"] == tally["positions"]


if __name__ == "__main__":  # python3 -m tests.engine.test_sealed_moves: the probe's numbers per game
    for n in registry.names():
        t = probe(n)
        print(n, {k: (len(v) if isinstance(v, list) else v) for k, v in t.items()})


def test_a_move_built_by_the_caller_is_kept_as_the_games_own_copy():
    from chililab.games import loco

    g = loco.new_game(players=3, seed=1)
    listed = g.legal_moves()[0]
    mine = type(listed)(listed.player, listed.cards)  # a mutable dataclass move, not the one handed out
    g.apply(mine)
    saved = g.to_json()
    object.__setattr__(mine, "player", 2)  # altered after it was applied: the game's record does not change
    assert g.moves[0] is not mine and g.moves[0] == listed and g.to_json() == saved
    assert loco.replay(json.loads(saved)).fingerprint() == g.fingerprint()


def test_a_tuple_move_is_not_equal_to_a_look_alike_that_forges_its_class():
    from chililab.games.mafia.rules.moves import EndTurn

    m = EndTurn(0)
    fake = type("EndTurn", (tuple,), {"__class__": property(lambda self: EndTurn)})((0,))
    assert fake.__class__ is EndTurn and m != fake and not m == fake  # noqa: SIM201 - both operators are asked
