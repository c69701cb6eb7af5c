"""Issue 8 item 10: the player who asked for help may catch a giver who has not shouted LOCO!.

The rulebook on winning by giving: "If you hadn't shouted LOCO! yet and someone catches you before
then, you draw 2 instead and the game carries on." The asker is "someone" too: in the touch window
(decision I6) they may call LOCO on the giver, and the call takes effect as anyone's does
(LOCO-WIN-5, LOCO-SHOUT-3). The card stays on offer, so the asker then touches or leaves it.
Every position is built from explicit hands.
"""
import pytest
from chililab.loco import AskHelp, Call, Leave, Offer, Pass, Shout, Touch

from chililab import loco
from chililab.engine import IllegalMove

from .helpers import card, fixed, hand, rules_of


def _giving(order=(1, 0)):
    """P0 holds one card and has not shouted; P1 asks for help; P2 and P3 offer nothing; P0 slides its last card."""
    g = loco.scenario(hands=[["G-Bell"], ["R-Cherry", "R-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Bell"], current=1, draw=["P-Cherry", "P-Ghost", "P-Cayenne"], obligations=[0],
                      reaction_model=fixed(*order))
    for s in g.decision.players:              # the LOCO! window: P0 stays silent, nobody calls yet
        g.apply(Pass(s))
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Pass(3))
    given = card(g, 0, "G-Bell")
    g.apply(Offer(0, given))
    assert g.decision.phase == "HELP_ACCEPT" and g.decision.players == (0, 1, 2, 3)
    return g, given


@pytest.mark.rule("LOCO-WIN-5")
@pytest.mark.rule("LOCO-SHOUT-3")
def test_LOCO_WIN_5_the_asker_may_call_on_the_giver():
    g, _ = _giving()
    assert Call(1, 0) in g.legal_moves(1)
    assert set(g.legal_moves(1)) == {Touch(1), Leave(1), Call(1, 0)}
    assert Call(1, 2) not in g.legal_moves(1)     # only the giver can be caught here
    fp = g.fingerprint()
    with pytest.raises(IllegalMove):
        g.apply(Call(1, 2))
    assert g.fingerprint() == fp


@pytest.mark.rule("LOCO-WIN-5")
@pytest.mark.rule("LOCO-SHOUT-3")
@pytest.mark.parametrize("take", [True, False])
def test_LOCO_WIN_5_the_askers_call_catches_the_giver_who_draws_two(take):
    g, given = _giving()
    g.apply(Call(1, 0))
    g.apply(Pass(0))
    g.apply(Pass(2))
    ev = g.apply(Pass(3))
    caught = [e for e in ev if e.kind == "caught"]
    assert caught and {"LOCO-WIN-5", "LOCO-SHOUT-3"} <= rules_of(caught) and "P1 calls LOCO on P0" in caught[0].text
    assert hand(g, 0) == ["P-Cherry", "P-Ghost"]         # drew 2; the slid card is still on offer
    assert g.result is None and 0 not in g.state.obligations
    # the card is still on offer: now the asker alone touches or leaves it
    assert g.decision.phase == "HELP_ACCEPT" and g.decision.players == (1,)
    assert set(g.legal_moves(1)) == {Touch(1), Leave(1)}
    g.apply(Touch(1) if take else Leave(1))
    assert g.result is None                              # the game carries on
    if take:
        assert given in g.state.hands[1] and hand(g, 0) == ["P-Cherry", "P-Ghost"]
    else:
        assert given in g.state.hands[0] and hand(g, 1) == ["R-Cherry", "R-Ghost"]
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (1,)


@pytest.mark.rule("LOCO-WIN-5")
def test_LOCO_WIN_5_a_shout_before_the_askers_call_still_wins_by_giving():
    g, given = _giving(order=(0, 1))
    g.apply(Call(1, 0))
    g.apply(Shout(0))
    g.apply(Pass(2))
    ev = g.apply(Pass(3))
    assert "caught" not in {e.kind for e in ev} and any(e.kind == "shout" for e in ev)
    assert g.decision.players == (1,)
    g.apply(Touch(1))
    assert g.result.winner == 0 and g.result.how == "gave" and g.result.winning_card == given.id
