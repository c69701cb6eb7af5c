"""Seeded random games with invariants checked after every step (chililab's harness ideas, self-contained):

(a) card conservation: every card of the game's decks in exactly one place (stock, a hand, the discard pile);
(b) legal moves: unique, all of the asked seat, non-empty while the game runs, each one applies to a copy;
(c) plausible illegal moves (other seats' moves, cards not in hand, draws and passes that are closed) raise
    IllegalMove with a clause ID and a reason, and change nothing;
(d) hidden information: a seat's view holds no other seat's cards, and no event it sees names them;
(e) record -> JSON -> replay gives the same fingerprint (every step in the first game, at the end of all);
(f) undo then redo returns to the same fingerprints;
(g) every game ends.
Where chililab's checkout is beside this package (``tests/harness.py``), its shared harness runs too.
"""
from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import chililab_crazy_eights as c8
import pytest
from chililab_crazy_eights import CARDS, Draw, Nominate, Pass, Play

CASES = [(players, opts) for players in (2, 3, 5, 6, 9) for opts in (
    {}, {"use_special_cards": True, "reshuffle": True}, {"reshuffle": True, "max_draw_cards": 2})]


def hidden_problems(g) -> list[str]:
    out = []
    full = g.view(None)
    for p in range(full.players):
        v = g.view(p)
        for q, h in enumerate(v.hands):
            if q != p and h is not None:
                out.append(f"P{p} sees P{q}'s hand")
        assert v.hands[p] == full.hands[p]
        others = {str(c) for q, h in enumerate(full.hands) if q != p for c in h}
        for e in g.events(g.step, viewer=p):
            if e.audience is not None and p not in e.audience:
                out.append(f"P{p} sees a private event {e}")
            if e.kind in ("draw", "penalty", "dealt") and e.audience is not None and p not in e.audience:
                out.append(f"P{p} sees {e}")
        for e in g.events(g.step, viewer=p):
            if e.kind in ("draw", "penalty", "dealt") and f"P{p} " not in e.text:
                if any(tok in others for tok in e.text.split()):
                    out.append(f"P{p} reads another seat's card in {e.text!r}")
    return out


def illegal_candidates(g, rng):
    d = g.decision
    n = g.view(None).players
    seat = d.players[0] if d.players else 0  # (after the end every move is refused)
    other = (seat + 1) % n
    yield Draw(other)
    yield Pass(other)
    yield Pass(seat)
    yield Draw(seat)
    yield Nominate(seat, "X")
    yield Nominate(seat, "H")
    yield Play(seat, CARDS[rng.randrange(len(CARDS))])
    yield Play(other, CARDS[rng.randrange(len(CARDS))])


def play_and_check(players, opts, seed, replay_every_step=False):
    g = c8.new_game(players=players, seed=seed, **opts)
    rng = random.Random(seed)
    crng = random.Random(f"checks {seed}")
    cards = 104 if players > 5 else 52
    while True:
        where = g.locations()
        assert len(where) == cards and all(len(v) == 1 for v in where.values()), "(a) conservation"
        assert not hidden_problems(g), hidden_problems(g)
        assert g.state.held == [sum(1 << c.id for c in h) for h in g.state.hands], "each hand's bit set is the hand"
        fp = g.fingerprint()
        legal = g.legal_moves()
        if g.over:
            assert legal == [] and g.decision.players == ()
            break
        assert legal and len(set(legal)) == len(legal), "(b)"
        assert all(m.player in g.decision.players for m in legal), "(b)"
        c = g.copy()
        c.apply(legal[crng.randrange(len(legal))])
        tried = 0
        for m in illegal_candidates(g, crng):
            if m in legal or tried >= 3:
                continue
            tried += 1
            with pytest.raises(c8.IllegalMove) as e:
                g.apply(m)
            assert e.value.rule.startswith("C8-") and e.value.reason, "(c)"
        assert g.fingerprint() == fp, "(b/c) the game changed"
        m = rng.choice(legal)
        g.apply(m)
        fp2 = g.fingerprint()
        g.undo()
        assert g.fingerprint() == fp, "(f) undo"
        g.redo()
        assert g.fingerprint() == fp2, "(f) redo"
        if replay_every_step:
            assert c8.replay(json.loads(g.to_json())).fingerprint() == fp2, "(e)"
        assert g.step < 5000, "(g) the game does not end"
    r = c8.replay(json.loads(g.to_json()))
    assert r.fingerprint() == g.fingerprint() and r.result == g.result, "(e)"
    return g


@pytest.mark.parametrize("players, opts", CASES)
def test_random_games_keep_every_invariant(players, opts):
    for k, seed in enumerate(range(3)):
        play_and_check(players, opts, seed, replay_every_step=(k == 0 and players <= 3))


def test_the_games_reach_every_ending_and_edge():
    hows, edges = set(), set()
    for seed in range(60):
        g = c8.new_game(players=2 + seed % 4, seed=seed, use_special_cards=seed % 2 == 0, reshuffle=seed % 3 == 0)
        rng = random.Random(seed)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        hows.add(g.result.how)
        edges |= {e for e, k in g.edge_counts.items() if k}
    assert hows == {"out", "turns", "blocked"}
    assert edges == {(t.src, t.dst) for t in c8.FLOW.transitions}


HARNESS = Path(__file__).resolve().parents[3] / "tests" / "harness.py"


@pytest.mark.skipif(not HARNESS.is_file(), reason="chililab's checkout (tests/harness.py) is not beside this package")
def test_chililabs_shared_harness():
    spec = importlib.util.spec_from_file_location("chililab_tests_harness", HARNESS)
    harness = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = harness  # (its dataclasses look their module up)
    spec.loader.exec_module(harness)

    def hidden(g):
        return hidden_problems(g)

    for players, opts in ((3, {}), (6, {"use_special_cards": True, "reshuffle": True})):
        report = harness.check_random_games(
            lambda seed, p=players, o=opts: c8.new_game(players=p, seed=seed, **o), range(6),
            card_count=lambda g: 104 if g.view(None).players > 5 else 52, replay=c8.replay,
            illegal_moves=illegal_candidates, hidden_check=hidden, all_moves_every=3, replay_every_step_every=6,
            replay_every_step_limit=60)
        assert report.games == 6 and report.illegal_moves_tried > 0
