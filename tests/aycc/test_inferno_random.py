"""Random play with Inferno Mode and its own illegal moves: the shared harness (``random_play.py``'s plugs) with
plausible ability moves that break a rule (a reveal out of place or by another seat, a copy of one's own or a
revealed character, a swap with itself or an out character, an undealt tolerance not looked at, a guess about
oneself or a revealed player). Every check of tests/harness.py after every step; a game with ``siesta_blocks_swap``
off now and then."""
import random

import pytest

from chililab.games import aycc
from chililab.games.aycc.rules.moves import Copy, Diss, Endure, Reveal, Swap

from ..harness import check_random_games
from .random_play import card_count, hidden_check, options, plausible_moves

CHUNKS, GAMES = 4, 25


def make(seed):
    return aycc.new_game(seed=seed, siesta_blocks_swap=bool(seed % 3), **options(seed, True))


def ability_moves(g, rng):
    """Ability moves that look possible but break a rule (two at random), then the base game's plausible moves."""
    mine = list(_ability_moves(g, rng))
    rng.shuffle(mine)
    yield from mine[:2]
    yield from plausible_moves(g, rng)


def _ability_moves(g, rng):
    t = g.view(None)
    n, row = t.players, list(t.row)
    p = g.decision.players[0] if g.decision and g.decision.players else 0
    yield Reveal(rng.randrange(n))  # refused unless it is that seat's D1
    yield Copy(p, t.identities[p])  # never one's own
    revealed = [t.identities[s] for s in range(n) if t.id_revealed[s]]
    if revealed:
        yield Copy(p, rng.choice(revealed))
    yield Swap(p, row[0], row[0])
    outs = [c for c in row if t.status[c] != "active"]
    if outs:
        yield Swap(p, outs[0], row[-1])
    hidden_tols = t.tolerance_deck[3:] + tuple(t.tolerances.values())
    if hidden_tols:
        yield Endure(p, rng.choice(hidden_tols))
    yield Diss(p, p, rng.choice(row))
    shown = [s for s in range(n) if t.id_revealed[s] and s != p]
    if shown:
        yield Diss(p, shown[0], rng.choice(row))


@pytest.mark.rule("AYCC-INFERNO-1")
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_inferno_random_play_with_illegal_ability_moves(chunk):
    start = 2_000_000 + chunk * GAMES
    report = check_random_games(make, range(start, start + GAMES), card_count=card_count, replay=aycc.replay,
                                illegal_moves=ability_moves, hidden_check=hidden_check,
                                state_key=lambda g: g.state.key(), illegal_per_step=4, replay_every_step_every=GAMES)
    assert report.games == GAMES and report.illegal_moves_tried > 2 * report.steps


@pytest.mark.rule("AYCC-INFERNO-1")
def test_inferno_random_play_takes_every_ability_edge():
    """100 seeded random Inferno games take every transition into and out of ABILITY (but the rare game end)."""
    taken: dict = {}
    for seed in range(100):
        g = aycc.new_game(players=2 + seed % 5, seed=seed, inferno=True)
        rng = random.Random(seed)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        for e, k in g.edge_counts.items():
            taken[e] = taken.get(e, 0) + k
    want = {e for e in aycc.FLOW.edges if "ABILITY" in e and e != ("ABILITY", "GAME_OVER")}
    assert want <= {e for e, k in taken.items() if k}, want - set(taken)
