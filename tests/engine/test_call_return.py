"""The kernel's sub-step call/return (``RulesBase.call`` / ``ret``): a draw entered from several places goes back to each."""
import random

import pytest

from chililab.engine import Flow, Phase, RulesBase, Transition, reaction_from_spec

T = Transition
FLOW = Flow("calls", [Phase("TURN", "a turn"), Phase("EFFECT", "an effect"), Phase("DRAW", "a draw")], [
    T("TURN", "DRAW", "draw on the turn", ("C-1",)), T("DRAW", "TURN", "back to the turn", ("C-1",)),
    T("TURN", "EFFECT", "an effect", ("C-2",)), T("EFFECT", "DRAW", "the effect draws", ("C-2",)),
    T("DRAW", "EFFECT", "back to the effect", ("C-2",)), T("EFFECT", "TURN", "effect over", ("C-2",)),
], start="TURN")


class Calls(RulesBase):
    flow = FLOW
    FIELDS = {"x": "value"}

    @classmethod
    def new(cls):
        s = cls.__new__(cls)
        s.init_kernel(2, random.Random(0), reaction_from_spec(None))
        s.x = 0
        return s


def test_nested_calls_return_innermost_first_along_declared_edges():
    s = Calls.new()
    s.go("EFFECT")
    s.call("DRAW", "EFFECT")
    assert (s.phase, s.returns) == ("DRAW", ("EFFECT",))
    assert s.ret() == "EFFECT" and s.returns == ()
    s.go("TURN")
    s.call("DRAW", "TURN")
    assert s.ret() == "TURN"
    edges = dict(zip(FLOW.edges, s.edge_counts))
    assert edges[("DRAW", "EFFECT")] == 1 and edges[("DRAW", "TURN")] == 1


def test_a_return_is_part_of_the_position_and_clones_apart():
    s = Calls.new()
    s.call("DRAW", "TURN")
    c = s.clone()
    assert c.key() == s.key()
    assert c.ret() == "TURN"
    assert s.returns == ("TURN",) and c.returns == () and c.key() != s.key()


def test_ret_without_call_and_undeclared_returns_are_errors():
    s = Calls.new()
    with pytest.raises(RuntimeError, match="without a call"):
        s.ret()
    s.call("DRAW", "DRAW")  # TURN -> DRAW is declared; the way back, DRAW -> DRAW, is not
    with pytest.raises(RuntimeError, match="undeclared transition"):
        s.ret()


def test_drop_returns_abandons_open_sub_steps():
    s = Calls.new()
    s.go("EFFECT")
    s.call("DRAW", "EFFECT")
    s.drop_returns()
    assert s.returns == ()
    with pytest.raises(RuntimeError):
        s.ret()
