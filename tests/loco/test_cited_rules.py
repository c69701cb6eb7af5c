"""Events cite the rule that actually fired: an ordinary lay cites the matching rule that allowed it
(LOCO-MATCH-1..4), not LOCO-TURN-2 ("There is no passing"); a win cites the winning rules, not the
winning-card bookkeeping of LOCO-SIGN-1. Every position is built from explicit hands."""
import pytest

from chililab import loco

from .helpers import card, lay


def _lay_rules(g, seat, code):
    return next(e for e in lay(g, seat, code) if e.kind == "lay").rules


def _table(p1, pile, **kw):
    return loco.scenario(hands=[["G-Bell", "G-Ghost"], p1, ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Ghost"]],
                         pile=pile, current=1, draw=["Y-Jalapeno", "R-Cayenne"], **kw)


@pytest.mark.rule("LOCO-MATCH-1")
@pytest.mark.parametrize("code", ["G-Bell", "R-Ghost"])
def test_a_pepper_lay_cites_LOCO_MATCH_1(code):
    g = _table(["G-Bell", "R-Ghost", "Y-Cherry"], ["R-Bell"])
    assert _lay_rules(g, 1, code) == ("LOCO-MATCH-1",)


@pytest.mark.rule("LOCO-MATCH-2")
def test_a_coloured_action_lay_cites_LOCO_MATCH_2():
    g = _table(["R-Stir", "Y-Cherry", "Y-Bell"], ["R-Bell"])
    assert _lay_rules(g, 1, "R-Stir") == ("LOCO-MATCH-2",)


@pytest.mark.rule("LOCO-MATCH-3")
def test_a_wild_lay_cites_LOCO_MATCH_3():
    g = _table(["NewRecipe", "Y-Cherry", "Y-Bell"], ["R-Bell"])
    assert _lay_rules(g, 1, "NewRecipe") == ("LOCO-MATCH-3",)


@pytest.mark.rule("LOCO-MATCH-4")
def test_a_lay_on_a_wild_cites_LOCO_MATCH_4():
    g = _table(["R-Ghost", "Y-Cherry", "Y-Bell"], ["G-Bell", "NewRecipe"], colour="red")
    assert _lay_rules(g, 1, "R-Ghost") == ("LOCO-MATCH-4",)


@pytest.mark.rule("LOCO-TURN-2")
def test_no_ordinary_lay_cites_LOCO_TURN_2():
    g = _table(["G-Bell", "R-Ghost", "Y-Cherry"], ["R-Bell"])
    events = lay(g, 1, "R-Ghost")
    assert all("LOCO-TURN-2" not in e.rules for e in events)


@pytest.mark.rule("LOCO-WIN-1")
@pytest.mark.rule("LOCO-SIGN-1")
def test_a_win_by_laying_does_not_cite_the_signing_bookkeeping():
    g = _table(["R-Ghost"], ["R-Bell"])
    win = next(e for e in lay(g, 1, "R-Ghost") if e.kind == "win")
    assert "LOCO-WIN-1" in win.rules and "LOCO-SIGN-1" not in win.rules
    assert g.result.winning_card == win.data["card"]    # the signed card is still reported


@pytest.mark.rule("LOCO-WIN-4")
@pytest.mark.rule("LOCO-SIGN-1")
def test_a_win_by_giving_does_not_cite_the_signing_bookkeeping():
    g = loco.scenario(hands=[["G-Bell"], ["R-Ghost", "Y-Bell"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"], obligations=[])
    given = card(g, 0, "G-Bell")
    g.apply(loco.AskHelp(1))
    g.apply(loco.Pass(2))
    g.apply(loco.Pass(3))
    g.apply(loco.Offer(0, given))
    win = next(e for e in g.apply(loco.Touch(1)) if e.kind == "win")
    assert win.rules == ("LOCO-WIN-4", "LOCO-WIN-6") and g.result.winning_card == given.id
