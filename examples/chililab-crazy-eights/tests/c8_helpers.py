"""Building exact positions and reading them through the public API (view(None), decision, events)."""
from __future__ import annotations

import chililab_crazy_eights as c8
import pytest
from chililab_crazy_eights.tutorial import move

HANDS3 = [["5H", "KC", "3D", "JS", "7C"], ["4C", "6D", "TS", "2H", "QD"], ["9C", "AD", "3S", "5S", "6C"]]


def three(hands=None, turn_up="9H", deck=(), **opts):
    """Three players, P2 deals, so P0 plays first."""
    return c8.new_game(players=3, seed=0, dealer=2, hands=hands or HANDS3, turn_up=turn_up, deck=deck, **opts)


def two(hands, turn_up="9H", deck=(), **opts):
    """Two players, P1 deals, so P0 plays first (7 cards each)."""
    return c8.new_game(players=2, seed=0, dealer=1, hands=hands, turn_up=turn_up, deck=deck, **opts)


def play(g, name, seat, *args):
    return g.apply(move(g, name, seat, *args))


def codes(cards):
    return sorted(c.code for c in cards)


def hand(g, seat):
    return codes(g.view(None).hands[seat])


def kinds(events):
    return [e.kind for e in events]


def refused(g, m, rule):
    """``m`` raises IllegalMove citing ``rule`` with a reason, and nothing changes."""
    fp, step = g.fingerprint(), g.step
    with pytest.raises(c8.IllegalMove) as e:
        g.apply(m)
    assert e.value.rule == rule, e.value
    assert e.value.reason and "[" not in e.value.reason
    assert g.fingerprint() == fp and g.step == step
    assert not g.is_legal(m)
    return e.value
