"""Random play, part 1 of 2: 1,000 seeded Chili Loco games at 2, 4 and 6 players (LOCO-INFO-1 and all clauses).

The shared harness (tests/harness.py) checks after every step: cards conserved,
legal moves unique and applicable, plausible illegal moves refused with the
state unchanged, no view holding a hidden card, undo/redo, record -> JSON ->
replay, and that every game ends. Options vary by seed (tests/loco/random_play.py):
Personal Recipes, every tie_method (table_vote included), allow_self_jump_in,
two_player_stir_skips, milk_requires_pending, help caps, reaction models, dealers.

Part 2 (test_random_play_odd_tables.py) plays 1,000 more at 3 and 5 players.
Games come in chunks of 5 so that each file has many test items: pytest-xdist
(--dist loadfile) hands out the files with the most items first, so the two long
files start early, one on each worker.
"""
import pytest

from chililab import loco

from ..harness import HarnessFailure, check_random_games
from . import random_play as rp
from .random_play import chunk_params, run_chunk

GAMES = {2: 340, 4: 330, 6: 330}


@pytest.mark.rule("LOCO-INFO-1")
@pytest.mark.parametrize("players,chunk", chunk_params(GAMES))
def test_random_play(players, chunk):
    run_chunk(players, chunk)


# ---------------------------------------------------------------- the harness can fail

def _broken(patch):
    """A game factory whose games carry one injected fault."""
    def make(seed):
        g = rp.make_game_factory(4)(seed)
        patch(g)
        return g
    return make


def _run(make, **kw):
    args = {"card_count": rp.card_count, "replay": loco.replay, "agent": rp.weighted_agent,
                "illegal_moves": rp.plausible_moves, "hidden_check": rp.hidden_check, "state_key": lambda g: g.state.key()}
    args.update(kw)
    return check_random_games(make, range(3), **args)


def _dup_card(g):
    real = g.locations
    g.locations = lambda: {**real(), 0: ["hand0", "draw"]}


def _lax_apply(g):
    real = g.apply
    g.apply = lambda m: real(m) if g.is_legal(m) else []


def _teacher_views(g):
    real = g.view
    g.view = lambda p: real(None)


def _dup_moves(g):
    real = g.legal_moves
    g.legal_moves = lambda p=None: real(p) + real(p)[:1]


def _lazy_undo(g):
    g.undo = lambda: None


@pytest.mark.parametrize("patch,check", [(_dup_card, "a"), (_dup_moves, "b"), (_lax_apply, "c"),
                                         (_teacher_views, "d"), (_lazy_undo, "f")])
def test_the_harness_catches_injected_faults(patch, check):
    with pytest.raises(HarnessFailure) as e:
        _run(_broken(patch))
    assert e.value.check == check and e.value.seed == 0
    assert loco.replay(e.value.record).step == e.value.step


def test_the_harness_catches_a_replay_that_differs_and_a_game_that_does_not_end():
    with pytest.raises(HarnessFailure) as e:
        _run(rp.make_game_factory(4), replay=lambda rec: loco.replay({**rec, "moves": rec["moves"][:-1]}))
    assert e.value.check == "e"
    with pytest.raises(HarnessFailure) as e:
        _run(rp.make_game_factory(4), step_cap=20)
    assert e.value.check == "g" and e.value.step == 20
