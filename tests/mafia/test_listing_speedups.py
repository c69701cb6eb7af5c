"""The fast ways the legal-move listing is built give exactly what the plain definitions give.

The fingerprint (``test_behaviour_fingerprint.py``) checks whole games; these compare each shortcut with
its plain definition on many random hands and gangs, including the odd cases random play rarely reaches.
"""
import random
from itertools import combinations

import pytest

from chililab.games.mafia.rules import checks as gangs
from chililab.games.mafia.rules.cards import ALL_CARDS
from chililab.games.mafia.rules.checks import full_partition, valid
from chililab.games.mafia.rules.turn import _gang_shape, _joining_at, _names

PEPPERS = [c for c in ALL_CARDS if c.pepper]


def _plain_joining(peppers, gang):
    """Every subset of ``peppers`` (combinations order) that joins ``gang`` validly; a new gang needs 3+."""
    least = 1 if gang else 3
    return tuple(combo for k in range(least, len(peppers) + 1) for combo in combinations(peppers, k)
                 if valid(gang + combo))


def _joining(peppers, gang):
    """What the turn's listing builds its Form (``gang`` empty) and Add moves from."""
    return tuple(tuple(peppers[i] for i in ix) for ix in _joining_at(_names(peppers), _gang_shape(gang), 1 if gang else 3))


def _hand_and_gang(r):
    pool = r.sample(PEPPERS, 16)
    names = r.sample(sorted({c.key for c in pool}), r.randint(1, 4))  # few names: Brotherhoods and pairs happen
    pool = [c for c in PEPPERS if c.key in names] if r.random() < 0.5 else pool
    cards = r.sample(pool, min(len(pool), r.randint(0, 12)))
    hand = tuple(sorted(cards[:r.randint(0, min(8, len(cards)))]))
    gang = tuple(cards[len(hand):])[:r.randint(0, 5)]
    return hand, gang


@pytest.mark.rule("MAFIA-GANG-2")
def test_joining_lists_every_valid_subset_in_combinations_order():
    r = random.Random(5)
    for _ in range(3000):
        hand, gang = _hand_and_gang(r)
        assert _joining(hand, gang) == _plain_joining(hand, gang), (hand, gang)



def _partitions(cases, order):
    """``full_partition`` of each case, searched in ``order`` from empty caches."""
    gangs._search.cache_clear()
    gangs._NO_PARTITION.clear()
    return {i: full_partition(cases[i]) for i in order}


@pytest.mark.rule("MAFIA-DAWN-3")
def test_the_partition_search_answers_alike_whatever_it_searched_before():
    # gangs._search remembers failures by their sorted counts (a reordering of the names fails alike), so what it
    # searched before must change no answer, nor which partition it finds first
    r = random.Random(11)
    names = sorted({c.key for c in PEPPERS if not c.sweet})
    cases = []
    for _ in range(300):
        keys = [k for k in r.sample(names, r.randint(1, 6)) for _ in range(r.randint(1, 4))]
        cases.append(keys + ["sweet"] * r.choice((0, 0, 1, 2)))
    forward = _partitions(cases, range(len(cases)))
    assert any(v is None for v in forward.values()) and any(v for v in forward.values())
    assert _partitions(cases, reversed(range(len(cases)))) == forward
    for i in range(0, len(cases), 10):
        assert _partitions(cases, [i]) == {i: forward[i]}
