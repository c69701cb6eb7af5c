"""The kernel runs a game that is not Chili Loco: tests/engine/toy.py."""
import random

import pytest

from chililab.engine import IllegalMove, RulesState
from chililab.engine.fields import undeclared

from .toy import FLOW, Bid, Claim, Pass, ToyGame, replay


def new(players=3, seed=1, **opts):
    return ToyGame({"players": players, **opts}, seed)


def play_out(g, rng):
    while not g.over:
        g.apply(rng.choice(g.legal_moves()))


def test_random_games_end_with_a_result_and_count_only_declared_edges():
    for seed in range(20):
        g = new(players=2 + seed % 4, seed=seed)
        play_out(g, random.Random(seed))
        r = g.result
        assert r.how == "three rounds" and r.turns == 3 and max(r.scores) == r.scores[r.winners[0]]
        assert g.legal_moves() == [] and g.decision.players == ()
        assert set(g.edge_counts) <= set(FLOW.edges)
        assert g.edge_counts[("SCORE", "BID")] == 2 and g.edge_counts[("SCORE", "GAME_OVER")] == 1


def test_simultaneous_window_hides_answers_until_the_last_is_in():
    g = new(players=3)
    assert g.decision.kind == "window" and g.decision.players == (0, 1, 2)
    g.apply(Bid(1, 2))
    assert g.state.partial and g.decision.players == (0, 2)
    assert g.view(0)["answered"] == [] and g.view(1)["answered"] == [1] and g.view(None)["answered"] == [1]
    with pytest.raises(IllegalMove):
        g.apply(Bid(1, 0))  # answered once
    g.apply(Bid(0, 0))
    assert g.public_steps() == [0]  # steps holding hidden answers are not public
    g.apply(Bid(2, 1))
    assert not g.state.partial and g.phase == "CLAIM" and g.public_steps() == [0, 3]
    assert any(e.kind == "bids" and "(1, 2)" in e.text for e in g.events(3))


def test_ordered_pass_asks_one_seat_at_a_time_from_the_leaders_left():
    g = new(players=3)
    for s, a in ((0, 0), (1, 2), (2, 1)):
        g.apply(Bid(s, a))
    asked = []
    while g.phase == "CLAIM":
        asked.append(g.decision.players)
        g.apply(Pass(g.decision.players[0]))
    assert asked == [(2,), (0,), (1,)]  # leader P1 last
    assert g.view(None)["scores"] == (0, 3, 0) and g.phase == "BID"  # SCORE ran by itself
    assert g.edge_counts[("CLAIM", "CLAIM")] == 2


def test_claim_ends_the_pass_and_a_tie_is_raced():
    g = new(players=3, reaction={"model": "fixed", "order": [[0, 2]]})
    for s in range(3):
        g.apply(Bid(s, 2))
    tie = [e for e in g.events(3) if e.kind == "tie"]
    assert len(tie) == 1 and tie[0].rules == ("TOY-6",)
    leader = g.state.leader
    first = (leader + 1) % 3
    g.apply(Claim(first))
    assert g.view(None)["scores"][first] == 6 and g.state.pass_queue == []  # the kernel's ordered pass is over


def test_record_replay_undo_redo_and_copy():
    g = new(players=4, seed=5)
    rng = random.Random(5)
    fps = [g.fingerprint()]
    while not g.over:
        g.apply(rng.choice(g.legal_moves()))
        fps.append(g.fingerprint())
    assert replay(g.to_json()).fingerprint() == fps[-1]
    c = g.copy()
    for k in range(len(fps) - 1, 0, -1):
        g.undo()
        assert g.fingerprint() == fps[k - 1]
    g.goto(len(fps) - 1)
    assert g.fingerprint() == fps[-1] == c.fingerprint()


def test_undeclared_transition_is_refused():
    st = new().state
    with pytest.raises(RuntimeError, match="undeclared transition BID -> GAME_OVER"):
        st.go("GAME_OVER")


def test_state_fields_are_all_declared_and_clone_is_independent():
    g = new(players=3)
    st = g.state
    assert isinstance(st, RulesState) and undeclared(st) == set()
    g.apply(Bid(0, 1))
    c = st.clone()
    assert c.key() == st.key() and c.answers == st.answers and c.answers is not st.answers
    c.scores[0] = 99
    assert st.scores[0] == 0 and c.key() != st.key()
