"""Lazy seat views (the simulation's fast path): the same fields as the full view, nothing hidden more.

An agent with ``lazy_view`` gets the game's own seat view (Loco's
:class:`~chililab.games.loco.rules.view.LocoSeatView`, All You Can Chili's
:class:`~chililab.games.aycc.rules.view.AyccSeatView`, Chili Mafia's :class:`~chililab.games.mafia.rules.view.MafiaSeatView`:
each field computed when read) or, for a game without one,
:class:`~chililab.engine.lazyview.ViewOnDemand` (the full view, built on the first read). These tests check that every field equals the full view's, that
nothing reachable from the accessor holds another seat's hidden cards or leads to the game, that a
view is dead once its decision is answered, and that agents choose the same moves either way.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from chililab.agents import RandomAgent, agent_rng, play_game
from chililab.agents.runner import seat_view
from chililab.engine import Game, registry
from chililab.engine.lazyview import LazyView, ViewOnDemand
from chililab.games.aycc.rules import view as aycc_view
from chililab.games.loco.rules import view as loco_view
from chililab.games.mafia.rules import view as mafia_view

RULE_AGENT = {"loco": "rules", "mafia": "rules", "aycc": "threshold"}


def _positions(game: str, seeds=(1, 2), every: int = 7, **options):
    """Games part played by random moves, stopped every ``every`` steps (the game at that point)."""
    spec = registry.get(game)
    for seed in seeds:
        g = spec.new_game(4, seed, **options)
        rng = random.Random(seed)
        while not g.over:
            if g.step % every == 0:
                yield g
            g.apply(rng.choice(g.legal_moves()))


def _walk(obj, seen=None):
    """Every object reachable from ``obj`` through containers, dataclass fields, ``__dict__`` and slots."""
    seen = set() if seen is None else seen
    if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None))) or callable(obj):
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, dict):
        kids = [*obj.keys(), *obj.values()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        kids = list(obj)
    elif dataclasses.is_dataclass(obj):
        kids = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    else:
        kids = list(getattr(obj, "__dict__", {}).values())
        kids += [getattr(obj, s, None) for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())
                 if s not in ("__dict__", "__weakref__")]
    for k in kids:
        yield from _walk(k, seen)


#: game -> (its view module, its lazy seat view, the full view's properties that are fields of the seat view)
SEAT_VIEWS = {"loco": (loco_view, loco_view.LocoSeatView, ("hand",)),
              "aycc": (aycc_view, aycc_view.AyccSeatView, ("hand", "me", "my_tolerance")),
              "mafia": (mafia_view, mafia_view.MafiaSeatView, ("hand",))}
#: Mafia options whose views hold more: teams (teammates' Dawn Raid drafts), Hot Properties (Snoop, Lifeline looks)
MAFIA_MORE = {"mode": "team", "advanced": True, "goodfellas_peppers": True, "hot_properties": True}


@pytest.mark.parametrize("game,options", [("loco", {}), ("aycc", {}), ("aycc", {"inferno": True}), ("mafia", {}),
                                          ("mafia", MAFIA_MORE)])
def test_seat_view_fields_are_the_full_views(game, options):
    module, cls, extra = SEAT_VIEWS[game]
    full_cls = type(registry.get(game).new_game(4, 0).view(0))
    assert list(module.FIELDS) == [f.name for f in dataclasses.fields(full_cls)]
    assert set(cls.FIELDS) == {*module.FIELDS, *extra}
    for g in _positions(game, every={"loco": 7, "aycc": 3, "mafia": 5}[game], **options):
        for seat in range(4):
            lazy, full = g.state.seat_view(seat), g.view(seat)
            assert type(lazy) is cls
            for name in cls.FIELDS:
                assert getattr(lazy, name) == getattr(full, name), name
            assert not lazy.teacher


def test_loco_seat_view_helpers_are_the_full_views():
    for g in _positions("loco"):
        for seat in range(4):
            lazy, full = g.state.seat_view(seat), g.view(seat)
            assert lazy.visible_card_ids() == full.visible_card_ids()


def test_aycc_seat_view_helpers_are_the_full_views():
    for g in _positions("aycc", seeds=(3,), every=5):
        for seat in range(4):
            lazy, full = g.state.seat_view(seat), g.view(seat)
            assert lazy.visible_dish_ids() == full.visible_dish_ids() and lazy.active() == full.active()


def test_mafia_seat_view_helpers_are_the_full_views():
    for g in _positions("mafia", seeds=(3,), every=5, **MAFIA_MORE):
        for seat in range(4):
            lazy, full = g.state.seat_view(seat), g.view(seat)
            assert (lazy.visible_card_ids(), lazy.packet, lazy.discard_top) == \
                (full.visible_card_ids(), full.packet, full.discard_top)


def test_views_on_demand_are_the_full_views():
    for g in _positions("mafia", seeds=(3,), every=11):  # any game's full view: Mafia's, asked through ViewOnDemand
        for seat in range(4):
            lazy, full = ViewOnDemand(g.state, seat), g.view(seat)
            for f in dataclasses.fields(full):
                assert getattr(lazy, f.name) == getattr(full, f.name), f.name
            assert lazy.hand == full.hand


def test_a_loco_seat_view_reaches_no_other_seats_hidden_cards():
    for g in _positions("loco", seeds=(4, 5), every=5):
        for seat in range(4):
            lazy = g.state.seat_view(seat)
            for name in dir(lazy):  # read everything an agent can read
                if not name.startswith("_"):
                    getattr(lazy, name)
            lazy._close()
            own = {c.id for c in g.state.hands[seat]}
            public = {c.id for c in g.state.pile}
            shown = {c.id for giver, c in g.state.offers if giver == seat}
            for x in _walk(lazy):
                assert not isinstance(x, (Game, type(g.state), random.Random)), f"the view leads to {type(x)}"
                if hasattr(x, "id") and hasattr(x, "colour"):  # a card
                    assert x.id in own | public | shown, f"seat {seat} reaches hidden card {x!r}"
            assert lazy.draw_pile is None and set(lazy.hands) == {seat}


def _read_and_closed(st, seat):
    """``seat``'s lazy view with every field an agent can read read, then closed: nothing in it leads to the game."""
    lazy = st.seat_view(seat)
    for name in dir(lazy):  # read everything an agent can read
        if not name.startswith("_") and not callable(getattr(type(lazy), name, None)):
            getattr(lazy, name)
    lazy._close()
    for x in _walk(lazy):
        assert not isinstance(x, (Game, type(st), random.Random)), f"the view leads to {type(x)}"
    return lazy


def test_an_aycc_seat_view_reaches_no_hidden_card_nor_the_game():
    for g in _positions("aycc", seeds=(4,), every=4, inferno=True):
        st = g.state
        for seat in range(4):
            lazy = _read_and_closed(st, seat)
            assert set(lazy.hands) == {seat} and lazy.deck is None and lazy.neutral is None
            assert lazy.tolerance_deck is None
            hidden = [s for s in range(4) if s != seat and not st.id_revealed[s]]
            assert not set(hidden) & set(lazy.identities)


def test_a_mafia_seat_view_reaches_no_hidden_card_nor_the_game():
    for g in _positions("mafia", seeds=(4,), every=4, **MAFIA_MORE):
        st = g.state
        for seat in range(4):
            lazy = _read_and_closed(st, seat)
            assert lazy.visible_card_ids() == g.view(seat).visible_card_ids()
            assert set(lazy.hands) == {seat} and set(lazy.hot_properties) == {seat}
            assert lazy.draw_pile is None and lazy.hp_deck is None


@pytest.mark.parametrize("game", ["loco", "mafia", "aycc"])
def test_a_view_is_read_only_and_dead_once_answered(game):
    g = registry.get(game).new_game(4, 1)
    seat = g.decision.players[0]
    view = seat_view(g.state, seat)
    assert view.phase == g.view(seat).phase
    with pytest.raises(AttributeError, match="read-only"):
        view.phase = "X"
    with pytest.raises(AttributeError, match="read-only"):
        del view.phase
    view._close()
    assert view.phase == g.view(seat).phase  # what was read stays
    fresh = seat_view(g.state, seat)
    fresh._close()
    with pytest.raises(RuntimeError, match="already answered"):
        _ = fresh.hand_counts


@pytest.mark.parametrize("game", ["loco", "mafia", "aycc"])
def test_random_agents_build_no_view(game, monkeypatch):
    spec = registry.get(game)
    g = spec.new_game(4, 2)
    built = []
    cls = type(g.state)
    full = cls.view
    monkeypatch.setattr(cls, "view", lambda self, seat: built.append(seat) or full(self, seat))
    play_game(g, RandomAgent(), agent_rng(2))
    assert g.over and g.step > 20
    assert built == []


class _FullViews:
    """The same agent with the full view (``lazy_view`` off): what every agent got before lazy views."""

    def __init__(self, inner):
        self.inner, self.name = inner, inner.name

    def choose(self, view, legal_moves, rng):
        assert not isinstance(view, (LazyView, ViewOnDemand))
        return self.inner.choose(view, legal_moves, rng)


@pytest.mark.parametrize("game", ["loco", "mafia", "aycc"])
def test_agents_choose_the_same_moves_with_lazy_and_full_views(game):
    spec = registry.get(game)
    for seed in (0, 1, 2):
        agents = [spec.agent(RULE_AGENT[game]), RandomAgent(), spec.agent(RULE_AGENT[game]), RandomAgent()]
        assert all(a.lazy_view for a in agents)
        lazy = play_game(spec.new_game(4, seed), agents, agent_rng(seed))
        full = play_game(spec.new_game(4, seed), [_FullViews(a) for a in agents], agent_rng(seed))
        assert lazy.record == full.record and lazy.step > 10
