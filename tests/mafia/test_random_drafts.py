"""Seeded random drafts for every table size and option set, checked after every pick.

Whole games go through the shared harness in ``test_random_play.py``; this plays every
option set's draft, pick by pick, with the harness's kind of checks:
card conservation, unique legal moves for the asked seats only, refused moves
leaving the fingerprint unchanged, views holding no hidden card, undo/redo and
JSON replay.
"""
import json
import random

import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia
from chililab.games.mafia.rules.cards import table_cards

OPTION_SETS = {"base": {}, "goodfellas": {"goodfellas_peppers": True, "hot_properties": True},
               "promos": {"yatsufusa": True, "rumble": True, "taste_me": True}, "teams": {"mode": "team"}}
TABLES = [(n, name) for name in OPTION_SETS for n in range(2, 9) if name != "teams" or n in (4, 6, 8)]


def _own(g, s):
    v = g.view(None)
    return {c.id for c in v.hands[s]} | {c.id for c in v.packets.get(s, ())} | {
        c.id for gs in v.gangs for gang in gs for c in gang} | {c.id for c in v.discard}


@pytest.mark.parametrize("players, name", TABLES)
def test_random_drafts(players, name):
    options = OPTION_SETS[name]
    for seed in range(4):
        g = mafia.new_game(players=players, seed=seed, **options)
        total = len(table_cards(players, g.options))
        rng = random.Random(seed)
        while True:
            where = g.locations()
            assert len(where) == total and all(len(p) == 1 for p in where.values())
            for s in range(players):
                assert g.view(s).visible_card_ids() <= _own(g, s)
            if g.phase != "DRAFT":
                break
            legal = g.legal_moves()
            assert len(set(legal)) == len(legal) and {m.player for m in legal} == set(g.decision.players)
            before = g.fingerprint()
            mover = rng.choice(g.decision.players)
            other = next(c for s in range(players) if s != mover for c in g.view(None).packets[s])
            with pytest.raises(IllegalMove) as e:
                g.apply(mafia.Pick(mover, other))
            assert e.value.rule and e.value.reason and g.fingerprint() == before
            g.apply(rng.choice(g.legal_moves(mover)))
            after = g.fingerprint()
            g.undo()
            assert g.fingerprint() == before
            g.redo()
            assert g.fingerprint() == after
        assert g.phase == "TURN_MAIN" and all(n == 6 for n in g.view(None).hand_counts)
        assert mafia.replay(json.loads(g.to_json())).fingerprint() == g.fingerprint()
