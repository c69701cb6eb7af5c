"""The kernel's one legality check (RulesBase.check): each step and hook, on the toy game (tests/engine/toy.py)."""
import pytest

from chililab.engine import IllegalMove
from chililab.engine.core import SEALED, seal

from .toy import Bid, Claim, Pass, ToyGame, ToyState


def new(players=3, seed=1):
    return ToyGame({"players": players}, seed)


def refused(g, m):
    """The refusal of ``m`` (the kernel's: Game._admit, then RulesBase.check), checking that Game.apply raises it
    and changes nothing."""
    before = g.fingerprint()
    err = g._admit(m)
    assert isinstance(err, IllegalMove) and err.move is m
    with pytest.raises(IllegalMove):
        g.apply(m)
    assert g.fingerprint() == before
    return err


def test_a_sealed_move_altered_after_the_rules_made_it_is_refused_until_restored():
    g = new()
    m = g.legal_moves(0)[2]  # Bid(0, 2): the very object handed out, legal by the fast path
    assert g.state.check(m) is None
    seal([m])
    try:
        object.__setattr__(m, "amount", 7)
        err = refused(g, m)
        assert err.rule == "TOY-2" and "altered" in err.reason  # ALTERED_RULE unset: MOVE_RULE
        object.__setattr__(m, "amount", 2)
        assert g._admit(m) is None
    finally:
        del SEALED[id(m)]


def test_a_listed_object_is_accepted_without_comparing_and_an_equal_move_through_the_list():
    g = new()
    listed = g.legal_moves()
    assert g.state.handed_out(listed[0]) and not g.state.handed_out(Bid(0, 0))
    assert g.state.check(Bid(0, 0)) is None  # equal, not the same object: the legal list
    assert refused(g, Bid(0, 3)).rule == "TOY-2"  # not one of the moves: fallback, MOVE_RULE
    assert "not one of the moves open to P0" in g.state.check(Bid(0, 3)).reason


def test_not_a_seat_and_a_bool_seat_get_the_seat_rule():
    g = new()
    for m in (Bid(3, 0), Bid(-1, 0), Bid(True, 0), Bid("0", 0)):
        err = refused(g, m)
        assert err.rule == "TOY-1" and "not a move by a seat of this 3-player game" in err.reason


def test_an_answered_seat_gets_the_answered_rule_and_a_seat_not_asked_the_phase_rule():
    g = new()
    g.apply(Bid(1, 2))
    err = refused(g, Bid(1, 0))
    assert err.rule == "TOY-2" and "already answered" in err.reason
    for s in (0, 2):
        g.apply(Bid(s, 0))  # P1 leads; P2 is asked first in CLAIM
    assert g.state.phase == "CLAIM" and g.decision.players == (2,)
    err = refused(g, Claim(0))
    assert err.rule == "TOY-3" and err.reason == "P0 has no decision to make now: P2 must answer"


def test_after_game_over_every_move_gets_the_over_rule():
    g = new(players=2)
    while not g.over:
        g.apply(g.legal_moves()[0])
    err = refused(g, Pass(0))
    assert err.rule == "TOY-5" and err.reason.startswith("The game is over: ")


class Hooked(ToyState):
    """Every hook overridden, each refusing one thing, to show where it runs."""

    FIELDS = {}
    OVER_TEXT = "over ({result})"

    def refuse_early(self, m):
        return IllegalMove("EARLY", "amount 9", m) if getattr(m, "amount", 0) == 9 else None

    def refuse_move(self, m, p):
        return IllegalMove("MOVE", "amount 8", m) if getattr(m, "amount", 0) == 8 else None

    def wrong_player(self, m, p):
        return IllegalMove("WRONG", f"P{p} waits", m)

    def refuse_asked(self, m, p):
        return IllegalMove("ASKED", "amount 6", m) if getattr(m, "amount", 0) == 6 else None

    def fallback(self, m, p):
        return IllegalMove("FALLBACK", "no", m)


class HookedGame(ToyGame):
    def _make_state(self):
        return Hooked.new(self.options, self.seed)


def test_each_hook_runs_at_its_step_in_order():
    g = HookedGame({"players": 3}, 1)
    assert refused(g, Bid(7, 9)).rule == "EARLY"  # before the seat check
    assert refused(g, Bid(7, 8)).rule == "TOY-1"  # refuse_move: after it
    assert refused(g, Bid(0, 8)).rule == "MOVE"
    g.apply(Bid(1, 0))
    assert refused(g, Bid(1, 6)).rule == "WRONG"  # refuse_asked only for a seat asked
    assert refused(g, Bid(0, 6)).rule == "ASKED"
    assert refused(g, Bid(0, 5)).rule == "FALLBACK"
    assert g.state.check(Bid(0, 1)) is None
    while not g.over:
        g.apply(g.legal_moves()[0])
    assert refused(g, Bid(0, 1)).reason.startswith("over (")
    assert refused(g, Bid(0, 9)).rule == "EARLY"  # refuse_early runs even after the game is over


def test_a_refusal_without_the_move_is_made_to_name_it():
    class Refusing(ToyState):
        FIELDS = {}
        REFUSALS = {"BID": "_why"}

        def _why(self, m):
            return IllegalMove("TOY-2", "bids are 0, 1 or 2")  # names no move

    class G(ToyGame):
        def _make_state(self):
            return Refusing.new(self.options, self.seed)

    g = G({"players": 3}, 1)
    err = refused(g, Bid(0, 4))
    assert err.reason == "bids are 0, 1 or 2"
