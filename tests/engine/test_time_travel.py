"""Snapshots and replay: goto anywhere, in any order, gives the very position that was played."""
import pickle
import random

from chililab import loco
from chililab.engine import Decision, Event
from chililab.engine.core import LazyDecision, LazyEvent


def test_goto_in_random_order_matches_the_positions_played():
    g = loco.new_game(players=4, seed=11, personal_recipes=["reveal_hand", "everyone_else_draws_1"])
    rng = random.Random(11)
    fps = [g.fingerprint()]
    while not g.over and g.step < 400:
        g.apply(rng.choice(g.legal_moves()))
        fps.append(g.fingerprint())
    last = g.step
    assert len([s for s in g._snapshots if s % g.SNAPSHOT_RECENT]) <= g.SNAPSHOT_RECENT // g.SNAPSHOT_EVERY
    for step in rng.sample(range(last + 1), 60) + [last, 0, last]:
        g.goto(step)
        assert g.fingerprint() == fps[step], step
        assert g.step == step and g.history_length == last
    for _ in range(30):  # undo one step at a time from the end
        g.undo()
        assert g.fingerprint() == fps[g.step]


def test_copies_share_no_state_and_draw_their_own_random_numbers():
    g = loco.new_game(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(50):
        g.apply(rng.choice(g.legal_moves()))
    c = g.copy()
    a = [g.state.rng.random() for _ in range(3)]
    b = [c.state.rng.random() for _ in range(3)]
    assert a == b  # the same generator state, drawn independently


def test_lazy_texts_read_like_plain_ones():
    e = LazyEvent("offer", ("P{} slides {} down", 1, "a card"), ("R-1",), frozenset({1}), ("P{} slides", 1), None)
    plain = Event("offer", "P1 slides a card down", ("R-1",), frozenset({1}), "P1 slides", None)
    assert e == plain and plain == e and hash(e) == hash(plain) and repr(e) == repr(plain)
    assert e.text == "P1 slides a card down" and tuple(e) == tuple(plain) and e[1] == plain[1]
    assert e._asdict() == plain._asdict() and str(e) == str(plain)
    assert e.for_viewer(0) == Event("offer", "P1 slides", ("R-1",))
    assert pickle.loads(pickle.dumps(e)) == plain
    d = LazyDecision("turn", (2, 0), "TURN_MAIN", ("P{}'s turn", 0), (0,))
    assert d.prompt == "P0's turn" and d == Decision("turn", (2, 0), "TURN_MAIN", "P0's turn", (0,))
    assert d.for_viewer(1) == Decision("turn", (0,), "TURN_MAIN", "P0's turn", None)
