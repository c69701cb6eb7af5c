"""No drift between the two paths: the teaching ``Game`` and the ``Playout`` play the same games.

For every registered game, thousands of seeded random games (seat counts and options varied) are played on
both paths at once: at every step both list the same legal moves (every seat asked), the same random pick is
played on both, and at the end both hold the same result and the same position (``key()``). On the way the
playout is replaced by a clone now and then (search copies it), and some playouts listen: their events
equal the Game's, step by step. A playout turned back into a Game (``to_game``) has the Game's fingerprint.

``CHILILAB_PLAYOUT_GAMES`` sets the number of games per game (default 10,000, split into shards that run in
parallel).
"""
from __future__ import annotations

import os
import random

import pytest

from chililab.engine import registry

GAMES_PER_GAME = int(os.environ.get("CHILILAB_PLAYOUT_GAMES", "10000"))
SHARDS = 20

#: option sets each game cycles through (with the seat count), every one a real table's rules
VARIANTS = {
    "loco": [{}, {"tie_method": "table_vote"}, {"two_player_stir_skips": True, "milk_requires_pending": True},
             {"allow_self_jump_in": False, "help_requests_per_turn_cap": 2}, {"reveal_hand_audience": "layer_only"},
             {"reaction_model": {"model": "people"}}],
    "mafia": [{}, {"advanced": True}, {"goodfellas_peppers": True}, {"hot_properties": True, "taste_me": True},
              {"rumble": True, "yatsufusa": True}, {"mode": "team"}, {"interrupt_order": "seeded_random"},
              {"empty_hand_pass_discard": True, "pinch_insert": "exact_middle"}],
    "aycc": [{}, {"inferno": True}, {"game_end": "first_to_50"}, {"siesta_blocks_swap": False},
             {"inferno": True, "game_end": "first_to_50"}],
    "crazy_eights": [{}, {"use_special_cards": True}, {"reshuffle": True, "max_draw_cards": 2},
                     {"use_special_cards": True, "reshuffle": True}],
}
#: seat counts each game cycles through (short tables weigh as much as long ones)
SEATS = {"loco": (2, 3, 4, 5, 6), "mafia": (2, 3, 4, 5, 6), "aycc": (2, 3, 4, 5, 6), "crazy_eights": (2, 3, 4, 5)}
#: a game that runs past this many moves is a bug in itself (the longest seeded games are far shorter)
MAX_STEPS = 200_000


def config(name: str, k: int) -> tuple[int, dict]:
    """The seat count and options of game ``k`` (a team game needs an even table of at least 4)."""
    seats = SEATS[name][k % len(SEATS[name])]
    opts = dict(VARIANTS[name][(k // len(SEATS[name])) % len(VARIANTS[name])])
    if opts.get("mode") == "team":
        seats = 4 if seats < 6 else 6
    return seats, opts


def play_both(name: str, k: int) -> None:
    spec = registry.get(name)
    seats, opts = config(name, k)
    g = spec.new_game(seats, k, **opts)
    listen = k % 10 == 0
    p = g.playout(listen=listen)
    rng = random.Random(f"playout-paths-{name}-{k}")
    while not g.over:
        assert not p.over, (name, k, g.step)
        legal = g.legal_moves()
        fast = p.legal_moves()
        assert fast == legal, (name, k, g.step, "legal moves differ")
        i = rng.randrange(len(legal))
        g.apply(legal[i])
        p.play(fast[i])
        if g.step % 97 == 0:
            p = p.clone()
        assert g.step < MAX_STEPS, (name, k)
    assert p.over and p.result == g.result and p.step == g.step, (name, k)
    assert p.state.key() == g.state.key(), (name, k)
    assert p.edge_counts == g.edge_counts, (name, k)
    if listen:
        assert [[tuple(e) for e in step] for step in p.log] == [[tuple(e) for e in step] for step in g.log], (name, k)
    if k % 50 == 0:
        assert p.to_game().fingerprint() == g.fingerprint(), (name, k)


def _cases():
    for name in ("loco", "mafia", "aycc", "crazy_eights"):
        if name not in registry.names():  # the example game is a package of its own
            continue
        for shard in range(SHARDS):
            yield pytest.param(name, shard, id=f"{name}-{shard}")


@pytest.mark.parametrize(("name", "shard"), list(_cases()))
def test_the_playout_plays_every_seeded_game_as_the_game_does(name, shard):
    per = -(-GAMES_PER_GAME // SHARDS)  # a run of seeds per shard: every shard meets every seat count and option set
    for k in range(shard * per, min(GAMES_PER_GAME, (shard + 1) * per)):
        play_both(name, k)


def test_a_quiet_playout_makes_no_event_and_a_listening_one_every_event():
    spec = registry.get("loco")
    quiet = spec.new_playout(4, 3)
    assert quiet.state.events is None and not quiet.listening
    with pytest.raises(ValueError, match="does not listen"):
        quiet.events()
    rng = random.Random(3)
    listening = spec.new_playout(4, 3, listen=True)
    for _ in range(40):
        m = rng.choice(listening.legal_moves())
        listening.play(m)
        quiet.play(m)  # Loco's moves are values built once: the same object is legal in both
        assert quiet.state.events is None
    assert len(listening.log) == 41 and listening.events()
    assert quiet.state.key() == listening.state.key()


def test_a_clone_is_independent_and_apply_checks_what_play_trusts():
    from chililab.engine import IllegalMove

    p = registry.get("aycc").new_playout(3, 5)
    c = p.clone()
    before = c.state.key()
    rng = random.Random(5)
    stale: list = []
    while not stale:  # play on until a move of the start is no longer legal
        p.play(rng.choice(p.legal_moves()))
        now = p.legal_moves()
        stale = [m for m in c.legal_moves() if m not in now]
    assert c.state.key() == before and c.step == 0 and p.step >= 1
    key, step = p.state.key(), p.step
    with pytest.raises(IllegalMove):
        p.apply(stale[0])
    assert p.state.key() == key and p.step == step
    p.apply(p.legal_moves()[0])
    assert p.step == step + 1


def test_a_playout_refuses_what_the_game_refuses_and_changes_nothing():
    """Bad input: a foreign object, a look-alike subclass of a legal move, a move of another seat."""
    from chililab.engine import IllegalMove

    p = registry.get("aycc").new_playout(3, 2)
    legal = p.legal_moves()
    key, step = p.state.key(), p.step
    cls = type(legal[0])
    look_alike = type(cls.__name__, (cls,), {"__slots__": ()})(*legal[0])  # a subclass holding the same fields
    for bad in (object(), "serve", look_alike):
        with pytest.raises(IllegalMove):
            p.apply(bad)
        assert p.check(bad) is not None
        assert p.state.key() == key and p.step == step
    assert p.check(legal[0]) is None


def test_a_playout_that_ends_signs_the_winning_card_like_a_game(tmp_path):
    """LOCO-SIGN-1 on the playout path: the game-over hooks (installed when chililab is imported) act on a
    playout's end, so a simulation's games sign too, as they did when simulations played Games."""
    import json

    path = tmp_path / "registry.jsonl"
    p = registry.get("loco").new_playout(3, 11, sign_registry=str(path))
    rng = random.Random(11)
    while not p.over:
        assert not path.exists()
        p.play(rng.choice(p.legal_moves()))
    entry = json.loads(path.read_text().splitlines()[-1])
    assert entry["card_id"] == p.result.winning_card and entry["winner"] == p.result.winner
