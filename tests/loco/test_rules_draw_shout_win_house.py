"""Chili Loco clause tests: draw pile, public information, LOCO!, winning, signing, ties, house rules.

Clauses of shared/rules/loco.md sections 2.8-2.12: LOCO-DRAW-*, LOCO-INFO-*, LOCO-SHOUT-*,
LOCO-WIN-*, LOCO-SIGN-1, LOCO-TIE-1 and LOCO-HOUSE-*. Every test starts from an explicit
scenario (or an explicit deck) so the position is exact; races use the fixed reaction order
(first seat listed = quickest).
"""
import dataclasses
import json

import pytest
from chililab.loco import (
    Accept,
    AskHelp,
    Call,
    ChooseColour,
    ChooseTarget,
    Draw,
    HouseRule,
    Jump,
    Lay,
    Leave,
    Offer,
    Pass,
    Shout,
    StallPass,
    Touch,
    Vote,
)

from chililab import loco
from chililab.engine import ConfigError, IllegalMove
from chililab.games.loco.rules.view import PublicPending
from chililab.signing import sign

from .helpers import card, fixed, hand, held, lay, passes, rules_of, top

PR2 = ["everyone_else_draws_1", "reveal_hand"]


# ---------------------------------------------------------------- local helpers


def ids(cards):
    return sorted(c.id for c in cards)


def hand_ids(g, seat):
    return ids(held(g, seat))


def loco_window(g, shout=(), calls=None):
    """Answer the LOCO! window at this checkpoint: ``shout`` seats shout, ``calls`` {caller: target}, the rest pass.

    Returns the events of the move that resolved the window (answers are hidden until all are in)."""
    assert g.decision.phase == "CHECKPOINT", g.decision
    assert g.decision.players == tuple(range(g.view(None).players)), "a LOCO! window asks every seat"
    calls = calls or {}
    events = []
    for s in list(g.decision.players):
        if s in shout:
            m = Shout(s)
        elif s in calls:
            m = Call(s, calls[s])
        else:
            m = Pass(s)
        events = g.apply(m)
    return events


def lay_twin(g, seat, code):
    pair = tuple(c for c in held(g, seat) if c.code == code)
    assert len(pair) == 2, pair
    return g.apply(Lay(seat, pair))


def all_events(g, viewer=None):
    return g.events(viewer=viewer)


# ================================================================ 2.8 draw pile


@pytest.mark.rule("LOCO-DRAW-1")
def test_LOCO_DRAW_1_empty_draw_pile_reshuffles_play_pile_under_top():
    pile = ["R-Bell", "R-Cherry", "R-Ghost", "R-Cayenne", "R-Habanero",
            "G-Bell", "G-Cherry", "G-Ghost", "G-Cayenne", "Y-Bell"]
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["P-Cherry", "P-Jalapeno"], ["P-Cayenne", "P-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=pile, current=2, draw=[])
    top_card = g.view(None).pile[-1]
    under = set(ids(g.view(None).pile[:-1]))
    before = hand_ids(g, 2)
    assert g.view(None).draw_pile == ()
    ev = g.apply(Draw(2))
    assert "LOCO-DRAW-1" in rules_of(ev)
    assert g.view(None).pile == (top_card,)                      # the same top card, alone
    assert g.view(None).draw_size == 8                          # 10 - top - the card P2 drew
    assert len(hand_ids(g, 2)) == len(before) + 1
    drawn = set(hand_ids(g, 2)) - set(before)
    assert drawn <= under                                  # P2's card came from under the old top
    assert set(ids(g.view(None).draw_pile)) | drawn == under
    assert g.view(None).colour == "yellow"


@pytest.mark.rule("LOCO-DRAW-1")
def test_LOCO_DRAW_1_reshuffle_keeps_wild_colour_and_pending_effect():
    # P1 lays its second-to-last card, a Hot Sauce aimed at P2, and is caught for LOCO!:
    # the 2-card penalty needs a reshuffle while the Hot Sauce is pending on P2.
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["G-HotSauce", "G-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["R-Jalapeno", "R-Habanero"]],
                      pile=["R-Bell", "R-Cherry", "Y-Ghost", "NewRecipe"], colour="green", current=1, draw=[])
    lay(g, 1, "G-HotSauce")
    pend = g.view(None).pending
    assert pend == PublicPending("hot_sauce", 2, False, 2)
    ev = loco_window(g, calls={3: 1})
    assert "LOCO-DRAW-1" in rules_of(ev) and "LOCO-SHOUT-3" in rules_of(ev)
    assert len(held(g, 1)) == 3
    assert top(g) == "G-HotSauce" and len(g.view(None).pile) == 1
    assert g.view(None).pending == pend                         # the pending record is untouched
    assert g.view(None).colour == "green"
    assert g.decision.phase == "RESPONSE" and g.decision.players == (2,)

    # a wild top card keeps its chosen colour through a reshuffle
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["R-Cherry", "R-Jalapeno"], ["Y-Cayenne", "Y-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["R-Bell", "G-Cherry", "Y-Ghost", "NewRecipe"], colour="purple", current=2, draw=[])
    ev = g.apply(Draw(2))
    assert "LOCO-DRAW-1" in rules_of(ev)
    assert top(g) == "NewRecipe" and g.view(None).colour == "purple"


@pytest.mark.rule("LOCO-DRAW-2")
def test_LOCO_DRAW_2_penalty_larger_than_cards_left_is_forgiven():
    # the draw pile has 1 card; the play pile holds only the Reaper just laid, aimed at P2
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["R-Cherry", "R-Jalapeno"], ["Y-Cayenne", "Y-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["Reaper"], colour="green", current=2, draw=["R-Bell"],
                      pending={"kind": "reaper", "draw": 5, "skip": True})
    assert g.decision.phase == "RESPONSE" and g.decision.players == (2,)
    ev = g.apply(Accept(2))                                # no error is raised
    assert "LOCO-DRAW-2" in rules_of(ev)
    assert hand(g, 2) == ["R-Bell", "Y-Cayenne", "Y-Habanero"]   # drew 1, 4 forgiven
    assert any("4 forgiven" in e.text for e in ev)
    assert g.view(None).draw_pile == () and [c.code for c in g.view(None).pile] == ["Reaper"]
    assert g.view(None).pending is None
    assert g.view(None).current == 3 and g.decision.players == (3,)   # P2 was skipped


@pytest.mark.rule("LOCO-DRAW-2")
def test_LOCO_DRAW_2_hot_sauce_with_nothing_left_draws_zero_and_turn_goes_on():
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["R-Cherry", "R-Jalapeno"], ["Y-Cayenne", "G-Ghost"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["G-HotSauce"], current=2, draw=[],
                      pending={"kind": "hot_sauce", "draw": 4, "skip": False})
    ev = g.apply(Accept(2))
    assert "LOCO-DRAW-2" in rules_of(ev)
    assert hand(g, 2) == ["G-Ghost", "Y-Cayenne"]
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (2,)


@pytest.mark.rule("LOCO-DRAW-3")
def test_LOCO_DRAW_3_stall_pass_when_nothing_can_be_laid_drawn_or_taken():
    # P1 holds no card matching red Cherry, the draw pile is empty and the play pile is only its top
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["G-Bell", "Y-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=[])
    assert StallPass(1) in g.legal_moves()
    assert Draw(1) not in g.legal_moves()
    # P1 asks for help; P2 offers a card that P1 leaves, nobody else helps
    g.apply(AskHelp(1))
    g.apply(Offer(2, card(g, 2, "Y-Cayenne")))
    g.apply(Pass(3))
    g.apply(Pass(0))
    g.apply(Leave(1))
    assert hand(g, 2) == ["Y-Cayenne", "Y-Habanero"]
    assert g.decision.players == (1,) and StallPass(1) in g.legal_moves()
    ev = g.apply(StallPass(1))
    assert "LOCO-DRAW-3" in rules_of(ev)
    assert hand(g, 1) == ["G-Bell", "Y-Ghost"] and top(g) == "R-Cherry"
    assert g.view(None).current == 2 and g.decision.players == (2,)


@pytest.mark.rule("LOCO-DRAW-3")
def test_LOCO_DRAW_3_no_stall_pass_while_a_draw_or_a_lay_is_possible():
    # a card can still be drawn (the pile under the top can be reshuffled)
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["G-Bell", "Y-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["P-Cherry", "R-Cherry"], current=1, draw=[])
    assert StallPass(1) not in g.legal_moves()
    with pytest.raises(IllegalMove) as e:
        g.apply(StallPass(1))
    assert e.value.rule == "LOCO-TURN-2"
    # nothing to draw, but P1 holds a legal card
    g = loco.scenario(hands=[["P-Bell", "P-Ghost"], ["R-Bell", "Y-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["G-Jalapeno", "G-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=[])
    assert StallPass(1) not in g.legal_moves()
    fp = g.fingerprint()
    with pytest.raises(IllegalMove):
        g.apply(StallPass(1))
    assert g.fingerprint() == fp


# ================================================================ 2.8 public information


def _info_game():
    return loco.scenario(hands=[["G-Bell", "G-Ghost", "G-Cayenne"], ["R-Cherry", "R-Ghost"],
                                ["Y-Cayenne", "Y-Habanero", "Y-Bell", "Y-Ghost"], ["P-Jalapeno", "P-Habanero"]],
                         pile=["G-Cherry", "R-Bell"], current=1, draw=["P-Carolina", "G-Habanero"],
                         dir=-1)


@pytest.mark.rule("LOCO-INFO-1")
def test_LOCO_INFO_1_view_has_all_counts_but_only_own_card_ids():
    g = _info_game()
    for p in range(4):
        v = g.view(p)
        assert v.hand_counts == (3, 2, 4, 2)                # every hand's size is public
        assert set(v.hands) == {p} and ids(v.hands[p]) == hand_ids(g, p)
        visible = v.visible_card_ids()
        assert set(hand_ids(g, p)) <= visible
        for q in range(4):
            if q != p:
                assert not visible & set(hand_ids(g, q)), f"P{p} sees a card of P{q}"
        assert not visible & set(ids(g.view(None).draw_pile))
        # the active colour, the direction and the play pile are public
        assert v.colour == "red" and v.direction == -1
        assert [c.code for c in v.pile] == ["G-Cherry", "R-Bell"] and v.top.code == "R-Bell"
        assert v.draw_size == 2 and v.draw_pile is None
    teacher = g.view(None)
    assert set(teacher.hands) == {0, 1, 2, 3}


@pytest.mark.rule("LOCO-INFO-1")
def test_LOCO_INFO_1_drawn_cards_are_never_named_to_other_players():
    g = _info_game()
    g.apply(Draw(1))
    drawn = held(g, 1)[-1]
    assert drawn.code == "P-Carolina"
    # the drawer sees the card; the others only that a card was drawn
    mine = g.events(step=1, viewer=1)
    assert any(str(drawn) in e.text for e in mine)
    for q in (0, 2, 3):
        for e in g.events(viewer=q):
            assert str(drawn) not in e.text, e.text
            assert drawn.code not in e.text
            assert e.data is None or drawn.id not in e.data.get("cards", [])
        assert drawn.id not in g.view(q).visible_card_ids()
        assert g.view(q).hand_counts[1] == 3
    # a LOCO! penalty draw is hidden the same way
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Cherry"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Bell"], current=2, draw=["P-Carolina", "G-Habanero"], obligations=[1])
    loco_window(g, calls={0: 1})
    got = [c for c in held(g, 1) if c.code != "R-Cherry"]
    assert len(got) == 2
    for q in (0, 2, 3):
        text = " ".join(e.text for e in g.events(viewer=q))
        for c in got:
            assert str(c) not in text
            assert c.id not in g.view(q).visible_card_ids()
        assert all(e.data is None or "cards" not in e.data for e in g.events(viewer=q) if e.kind == "draw")


@pytest.mark.rule("LOCO-INFO-1")
def test_LOCO_INFO_1_help_offer_seen_by_offerer_until_touched_then_by_receiver():
    g = _info_game()
    g.apply(AskHelp(1))
    assert g.decision.players == (2,)                       # from the asker's left
    offered = card(g, 2, "Y-Bell")
    g.apply(Offer(2, offered))
    assert g.view(2).offers == ((2, offered),)
    for q in (0, 1, 3):
        assert g.view(q).offers == ((2, None),)
        assert offered.id not in g.view(q).visible_card_ids()
        assert all(str(offered) not in e.text for e in g.events(viewer=q))
    g.apply(Pass(3))
    g.apply(Pass(0))
    assert g.decision.players == (1,) and g.decision.phase == "HELP_ACCEPT"
    g.apply(Touch(1))
    assert offered in held(g, 1)
    assert offered.id in g.view(1).visible_card_ids()
    assert any(str(offered) in e.text for e in g.events(step=g.step, viewer=1))
    for q in (0, 3):
        assert offered.id not in g.view(q).visible_card_ids()
        assert all(str(offered) not in e.text for e in g.events(viewer=q))
    assert g.view(0).hand_counts == (3, 3, 3, 2)


@pytest.mark.rule("LOCO-INFO-1")
def test_LOCO_INFO_1_jump_in_holder_is_polled_in_secret():
    # the decision must not reveal who holds the twin of the top card
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Cherry", "P-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Cherry", "P-Habanero"]],
                      pile=["P-Cherry"], current=1, draw=["G-Habanero"])
    assert set(g.decision.players) == {1, 3}
    for q in (0, 2):
        assert g.view(q).decision.players == (1,)
    assert 3 in g.view(3).decision.players


def _bluff_game(p1_hand):
    return loco.scenario(hands=[["G-Bell", "G-Ghost"], p1_hand, ["Y-Cayenne", "Y-Habanero"],
                                ["P-Jalapeno", "P-Habanero"]],
                         pile=["R-Bell"], current=1, draw=["G-Cayenne", "R-Jalapeno"])


def _log_before_lay(g, viewer):
    return [e.text for s in range(1, g.step) for e in g.events(step=s, viewer=viewer)]


@pytest.mark.rule("LOCO-INFO-2")
def test_LOCO_INFO_2_drawing_and_asking_with_a_playable_card_is_never_flagged():
    # the same turn (draw, ask for help, get nothing, draw, lay) once holding a playable card, once not
    logs = []
    for p1 in (["R-Cherry", "G-Cherry"], ["Y-Cherry", "G-Cherry"]):
        g = _bluff_game(p1)
        g.apply(Draw(1))                                      # allowed although R-Cherry could be laid
        g.apply(AskHelp(1))
        passes(g)
        passes(g)
        passes(g)
        g.apply(Draw(1))
        lay(g, 1, "R-Jalapeno" if p1[0] == "Y-Cherry" else "R-Cherry")
        logs.append(g)
    with_playable, without = logs
    for q in (0, 2, 3):
        seen = [e for e in all_events(with_playable, viewer=q)]
        for e in seen:
            low = e.text.lower()
            assert "playable" not in low and "could" not in low and "bluff" not in low, e.text
            assert not e.data or not any("play" in str(k) for k in e.data), e.data
        # up to the lay, the other players' log is exactly the same whether P1 could have played or not
        assert _log_before_lay(with_playable, q) == _log_before_lay(without, q)
        v = with_playable.view(q)
        assert not any("play" in f.name and f.name != "players" for f in dataclasses.fields(v))


# ================================================================ 2.9 LOCO!


def _shout_game(**kw):
    return loco.scenario(hands=[["G-Bell", "G-Ghost", "G-Cayenne"], ["R-Ghost", "R-Ghost", "R-Bell"],
                                ["Y-Cayenne", "Y-Habanero", "R-Jalapeno"], ["P-Jalapeno", "P-Habanero", "R-Habanero"]],
                         pile=["G-Cherry", "R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost", "P-Bell", "P-Cayenne"],
                         **kw)


@pytest.mark.rule("LOCO-SHOUT-1")
def test_LOCO_SHOUT_1_twin_down_to_one_card_opens_obligation():
    g = _shout_game()
    ev = lay_twin(g, 1, "R-Ghost")
    assert hand(g, 1) == ["R-Bell"]
    assert "LOCO-SHOUT-1" in rules_of(ev)
    assert set(g.view(None).loco_open) == {1}
    # the window is answered by every seat at the checkpoint
    assert g.decision.phase == "CHECKPOINT" and g.decision.players == (0, 1, 2, 3)
    assert Shout(1) in g.legal_moves(1) and Call(0, 1) in g.legal_moves(0)


@pytest.mark.rule("LOCO-SHOUT-1")
def test_LOCO_SHOUT_1_giving_help_down_to_one_card_opens_obligation():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost", "Y-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["G-Cherry"], current=1, draw=["P-Cherry"])
    g.apply(AskHelp(1))
    g.apply(Offer(2, card(g, 2, "Y-Cayenne")))
    passes(g)
    passes(g)
    ev = g.apply(Touch(1))
    assert "LOCO-SHOUT-1" in rules_of(ev)
    assert set(g.view(None).loco_open) == {2}
    assert g.decision.phase == "CHECKPOINT"


@pytest.mark.rule("LOCO-SHOUT-2")
def test_LOCO_SHOUT_2_window_ends_with_the_first_following_turn():
    g = _shout_game()
    lay_twin(g, 1, "R-Ghost")
    loco_window(g)                              # nobody calls at the checkpoint after the lay
    assert g.view(None).current == 2 and g.decision.phase == "CHECKPOINT"   # P2's turn begins: still catchable
    assert 1 in g.view(None).loco_open
    loco_window(g)
    assert g.decision.players == (2,)
    lay(g, 2, "R-Jalapeno")                     # P2's turn ends
    loco_window(g)                              # the last chance, at the checkpoint after P2's card
    ev = g.events(step=g.step)
    assert "LOCO-SHOUT-2" in rules_of(ev)       # the window expired at the end of P2's turn
    assert g.view(None).loco_open == ()
    assert g.view(None).current == 3 and g.decision.players == (3,) and g.decision.phase == "TURN_MAIN"
    # P1 can no longer be caught: no window, and no call is accepted
    with pytest.raises(IllegalMove):
        g.apply(Call(0, 1))
    assert hand(g, 1) == ["R-Bell"]


@pytest.mark.rule("LOCO-SHOUT-2")
def test_LOCO_SHOUT_2_shout_discharges_the_obligation():
    g = _shout_game(reaction_model=fixed(1, 0))
    lay_twin(g, 1, "R-Ghost")
    ev = loco_window(g, shout=(1,))
    assert "LOCO-SHOUT-2" in rules_of(ev)
    assert g.view(None).loco_open == ()
    assert g.decision.players == (2,) and g.decision.phase == "TURN_MAIN"   # no more windows
    assert hand(g, 1) == ["R-Bell"]


@pytest.mark.rule("LOCO-SHOUT-2")
def test_LOCO_SHOUT_2_skipped_turn_counts_as_the_following_turn():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-HeatStroke", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["R-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"])
    lay(g, 1, "R-HeatStroke")
    assert 1 in g.view(None).loco_open
    loco_window(g)
    assert g.decision.phase == "CHECKPOINT" and g.view(None).current == 2   # P2's turn begins
    loco_window(g)
    g.apply(Accept(2))                                                    # P2 loses the turn
    assert g.view(None).loco_open == ()
    assert g.view(None).current == 3 and g.decision.players == (3,) and g.decision.phase == "TURN_MAIN"


@pytest.mark.rule("LOCO-SHOUT-2")
def test_LOCO_SHOUT_2_window_closes_early_when_owner_hand_changes():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost", "Y-Bell"], ["Y-Cayenne"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=2, draw=["P-Cherry"], obligations=[2])
    loco_window(g)
    ev = g.apply(Draw(2))                                                 # P2's hand size changes
    assert "LOCO-SHOUT-2" in rules_of(ev)
    assert g.view(None).loco_open == ()
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (2,)


@pytest.mark.rule("LOCO-SHOUT-3")
def test_LOCO_SHOUT_3_call_before_shout_costs_two_cards_once():
    g = _shout_game(reaction_model=fixed(3, 1))
    lay_twin(g, 1, "R-Ghost")
    # P3 calls, P1 shouts, and P0 calls as well: P3's call is first, only one penalty applies
    ev = loco_window(g, shout=(1,), calls={3: 1, 0: 1})
    assert "LOCO-SHOUT-3" in rules_of(ev)
    caught = [e for e in ev if e.kind == "caught"]
    assert len(caught) == 1 and caught[0].text.startswith("P3 calls LOCO on P1")
    assert len(held(g, 1)) == 3                                     # 1 + 2, not + 4
    assert hand(g, 1) == ["P-Cherry", "P-Ghost", "R-Bell"]
    assert g.view(None).loco_open == ()
    # a later call by P0 has no effect: there is no window any more
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (2,)
    with pytest.raises(IllegalMove):
        g.apply(Call(0, 1))


@pytest.mark.rule("LOCO-SHOUT-3")
def test_LOCO_SHOUT_3_shout_before_call_is_safe_and_call_alone_catches():
    g = _shout_game(reaction_model=fixed(1, 3))
    lay_twin(g, 1, "R-Ghost")
    ev = loco_window(g, shout=(1,), calls={3: 1})
    assert "LOCO-SHOUT-2" in rules_of(ev) and not [e for e in ev if e.kind == "caught"]
    assert hand(g, 1) == ["R-Bell"]
    # an uncontested call at a later checkpoint of the window (P2's turn start)
    g = _shout_game()
    lay_twin(g, 1, "R-Ghost")
    loco_window(g)
    ev = loco_window(g, calls={0: 1})
    assert "LOCO-SHOUT-3" in rules_of(ev)
    assert hand(g, 1) == ["P-Cherry", "P-Ghost", "R-Bell"]


@pytest.mark.rule("LOCO-SHOUT-4")
def test_LOCO_SHOUT_4_call_on_player_without_obligation_does_nothing():
    # P1 is on one card with an open LOCO!, so a window is open; P0 calls on P2, who has 4 cards
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero", "Y-Bell", "Y-Ghost"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=2, draw=["P-Cherry", "P-Ghost", "P-Bell"], obligations=[1])
    before = [hand(g, s) for s in range(4)]
    ev = loco_window(g, calls={0: 2})
    assert "LOCO-SHOUT-4" in rules_of(ev)
    assert [hand(g, s) for s in range(4)] == before
    assert g.view(None).draw_size == 3
    assert 1 in g.view(None).loco_open                                        # untouched as well


@pytest.mark.rule("LOCO-SHOUT-4")
def test_LOCO_SHOUT_4_call_on_player_who_already_shouted_does_nothing():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=2, draw=["P-Cherry", "P-Ghost", "P-Bell"], obligations=[1, 3])
    loco_window(g, shout=(1,))                    # P1 shouts; P3 does not, so P3's window stays open
    assert set(g.view(None).loco_open) == {3}
    g.apply(Draw(2))                              # the next checkpoint
    assert g.decision.phase == "CHECKPOINT"
    before = [hand(g, s) for s in range(4)]
    loco_window(g, calls={0: 1, 2: 1})            # calls on P1, who is on one card but has shouted
    assert [hand(g, s) for s in range(4)] == before
    assert set(g.view(None).loco_open) == {3}


@pytest.mark.rule("LOCO-SHOUT-5")
def test_LOCO_SHOUT_5_hot_potato_opens_obligations_for_everyone_on_one_card():
    # P0 lays Hot Potato: P1's single card goes to P2 and P3's single card goes to P0
    g = loco.scenario(hands=[["Potato", "G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero", "Y-Bell"],
                             ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=0, draw=["P-Cherry", "P-Ghost", "P-Bell", "P-Cayenne"],
                      reaction_model=fixed(0, 1, 2, 3))
    ev = lay(g, 0, "Potato")
    assert hand(g, 0) == ["P-Jalapeno"] and hand(g, 2) == ["R-Ghost"]
    assert [e.rules for e in ev if e.kind == "loco_open"] == [("LOCO-SHOUT-5",), ("LOCO-SHOUT-5",)]
    assert set(g.view(None).loco_open) == {0, 2}
    g.apply(ChooseColour(0, "red"))
    assert g.decision.phase == "CHECKPOINT" and "P0, P2" in g.decision.prompt
    # both windows are open at once: P1 catches P0 and P3 catches P2 at the same checkpoint
    ev = loco_window(g, calls={1: 0, 3: 2})
    assert len([e for e in ev if e.kind == "caught"]) == 2
    assert len(held(g, 0)) == 3 and len(held(g, 2)) == 3


@pytest.mark.rule("LOCO-SHOUT-5")
def test_LOCO_SHOUT_5_taco_trade_gives_the_partner_an_obligation():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["Taco", "R-Ghost", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"])
    lay(g, 1, "Taco")
    ev = g.apply(ChooseTarget(1, 3))
    assert hand(g, 1) == ["P-Jalapeno"] and hand(g, 3) == ["R-Bell", "R-Ghost"]
    assert "LOCO-SHOUT-5" in rules_of(ev)
    assert set(g.view(None).loco_open) == {1}


@pytest.mark.rule("LOCO-SHOUT-6")
def test_LOCO_SHOUT_6_back_to_one_card_means_a_new_obligation():
    g = loco.scenario(hands=[["R-ScotchBonnet", "G-Ghost", "G-Bell"], ["R-Bell"], ["R-Habanero", "Y-Habanero", "Y-Bell"],
                             ["R-Jalapeno", "P-Habanero", "P-Ghost"]],
                      pile=["R-Ghost"], current=1, draw=["R-Cherry", "R-Cayenne", "P-Bell"], obligations=[1])
    ev = loco_window(g, shout=(1,))
    assert "LOCO-SHOUT-2" in rules_of(ev) and g.view(None).loco_open == ()
    g.apply(Draw(1))
    g.apply(Draw(1))
    assert hand(g, 1) == ["R-Bell", "R-Cayenne", "R-Cherry"]
    lay(g, 1, "R-Bell")
    lay(g, 2, "R-Habanero")
    lay(g, 3, "R-Jalapeno")
    lay(g, 0, "R-ScotchBonnet")
    assert g.view(None).loco_open == () and g.decision.players == (1,)
    ev = lay(g, 1, "R-Cherry")
    assert "LOCO-SHOUT-1" in rules_of(ev)
    assert set(g.view(None).loco_open) == {1}
    assert g.decision.phase == "CHECKPOINT"
    loco_window(g, calls={2: 1})                        # and it can be caught again
    assert len(held(g, 1)) == 3


# ================================================================ 2.10 winning


@pytest.mark.rule("LOCO-WIN-1")
def test_LOCO_WIN_1_last_card_wins_and_nothing_else_resolves():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-HotSauce"], ["Y-Cayenne", "Y-HotSauce"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost"], obligations=[1])
    loco_window(g)                                       # P1 has not shouted, nobody calls yet
    before = [hand(g, s) for s in range(4)]
    ev = lay(g, 1, "R-HotSauce")
    assert "LOCO-WIN-1" in rules_of(ev)
    assert g.result is not None and g.result.winner == 1
    assert g.phase == "GAME_OVER" and g.decision.players == () and g.legal_moves() == []
    assert g.view(None).pending is None                       # P2 never faces the Hot Sauce
    assert [hand(g, s) for s in range(2, 4)] == before[2:] and hand(g, 0) == before[0]
    assert g.view(None).draw_size == 2
    # no LOCO penalty can follow, nor any other move
    for m in (Call(0, 1), Accept(2), Draw(2)):
        with pytest.raises(IllegalMove) as e:
            g.apply(m)
        assert e.value.rule == "LOCO-WIN-1"


@pytest.mark.rule("LOCO-WIN-2")
@pytest.mark.parametrize("last", ["Potato", "Taco", "Blender", "Reaper", "NewRecipe", "R-Slap", "R-Stir",
                                  "R-HeatStroke"])
def test_LOCO_WIN_2_action_or_wild_last_card_wins_without_effect(last):
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], [last], ["Y-Cayenne", "Y-Habanero", "Y-Ghost"],
                             ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost"], reaction_model=fixed(0, 1, 3, 2))
    before = [hand_ids(g, s) for s in range(4)]
    ev = lay(g, 1, last)
    assert "LOCO-WIN-2" in rules_of(ev) and "LOCO-WIN-1" in rules_of(ev)
    assert g.result.winner == 1 and g.result.how == "laid"
    assert [hand_ids(g, s) for s in (0, 2, 3)] == [before[0], before[2], before[3]]   # the hands do not move
    assert g.view(None).draw_size == 2                        # nobody draws (no slap, no Reaper)
    assert g.view(None).pending is None and g.view(None).direction == 1
    assert g.view(None).colour == "red"                       # no colour choice
    assert g.decision.players == () and g.legal_moves() == []


@pytest.mark.rule("LOCO-WIN-2")
def test_LOCO_WIN_2_milk_chaser_cannot_be_the_last_card():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["Milk"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"])
    assert not [m for m in g.legal_moves() if isinstance(m, Lay)]
    with pytest.raises(IllegalMove) as e:
        lay(g, 1, "Milk")
    assert e.value.rule == "LOCO-CARD-MILK-2"
    assert g.result is None


@pytest.mark.rule("LOCO-WIN-3")
def test_LOCO_WIN_3_last_card_by_jump_in_wins():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Cherry", "P-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Cherry"]],
                      pile=["P-Cherry"], current=1, draw=["G-Habanero"])
    assert set(g.decision.players) == {1, 3}
    jump = Jump(3, (card(g, 3, "P-Cherry"),))
    assert jump in g.legal_moves(3)
    g.apply(jump)
    ev = g.apply(Draw(1))                                 # P1's decision is discarded: the jump lands first
    assert "LOCO-WIN-3" in rules_of(ev)
    assert g.result.winner == 3 and g.result.how == "jumped"
    assert hand(g, 1) == ["P-Bell", "R-Cherry"] and g.view(None).draw_size == 1


@pytest.mark.rule("LOCO-WIN-3")
def test_LOCO_WIN_3_last_two_cards_as_a_twin_win():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["G-Cherry", "G-Cherry"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["G-Habanero"])
    pair = tuple(held(g, 1))
    ev = g.apply(Lay(1, pair))
    assert "LOCO-WIN-3" in rules_of(ev)
    assert g.result.winner == 1 and sorted(g.result.winning_cards) == ids(pair)


@pytest.mark.rule("LOCO-WIN-4")
@pytest.mark.parametrize("last", ["G-Bell", "Milk"])
def test_LOCO_WIN_4_win_by_giving_the_last_card(last):
    g = loco.scenario(hands=[[last], ["R-Ghost", "Y-Bell"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost"], obligations=[0])
    loco_window(g, shout=(0,))                            # P0 has shouted
    assert g.view(None).loco_open == ()
    g.apply(AskHelp(1))
    assert g.decision.players == (2,)
    g.apply(Pass(2))
    assert g.decision.players == (3,)
    g.apply(Pass(3))
    assert g.decision.players == (0,)
    given = held(g, 0)[0]
    g.apply(Offer(0, given))
    assert g.decision.phase == "HELP_ACCEPT" and g.decision.players == (1,)   # no race: P0 is protected
    ev = g.apply(Touch(1))
    assert "LOCO-WIN-4" in rules_of(ev)
    assert g.result.winner == 0 and g.result.how == "gave"
    assert g.result.winning_cards == (given.id,)
    assert given in held(g, 1)
    assert g.decision.players == ()


@pytest.mark.rule("LOCO-WIN-5")
def test_LOCO_WIN_5_caught_giver_draws_two_and_touched_card_goes_to_asker():
    g = loco.scenario(hands=[["G-Bell"], ["R-Cherry", "R-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Bell"], current=1, draw=["P-Cherry", "P-Ghost", "P-Cayenne"], obligations=[0],
                      reaction_model=fixed(2, 1))
    loco_window(g)                                        # P0 does not shout and nobody calls yet
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Pass(3))
    given = card(g, 0, "G-Bell")
    g.apply(Offer(0, given))
    # the unshouted give opens a race window for every seat
    assert g.decision.phase == "HELP_ACCEPT" and g.decision.players == (0, 1, 2, 3)
    g.apply(Touch(1))
    g.apply(Pass(0))
    g.apply(Call(2, 0))
    ev = g.apply(Pass(3))
    assert "LOCO-WIN-5" in rules_of(ev)
    assert g.result is None
    assert given in held(g, 1)
    assert hand(g, 0) == ["P-Cherry", "P-Ghost"]        # drew 2, gave its card away: 2 cards
    assert hand(g, 1) == ["G-Bell", "R-Cherry", "R-Ghost"]
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (1,)   # play continues


@pytest.mark.rule("LOCO-WIN-5")
def test_LOCO_WIN_5_caught_giver_gets_an_untouched_card_back():
    g = loco.scenario(hands=[["G-Bell"], ["R-Cherry", "R-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Bell"], current=1, draw=["P-Cherry", "P-Ghost", "P-Cayenne"], obligations=[0],
                      reaction_model=fixed(3, 1))
    loco_window(g)
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Pass(3))
    g.apply(Offer(0, card(g, 0, "G-Bell")))
    g.apply(Leave(1))
    g.apply(Pass(0))
    g.apply(Pass(2))
    ev = g.apply(Call(3, 0))
    assert "LOCO-WIN-5" in rules_of(ev)
    assert g.result is None
    assert hand(g, 0) == ["G-Bell", "P-Cherry", "P-Ghost"]
    assert hand(g, 1) == ["R-Cherry", "R-Ghost"]


@pytest.mark.rule("LOCO-WIN-5")
@pytest.mark.parametrize("order, giver_shouts", [((1, 2), False), ((0, 2, 1), True)])
def test_LOCO_WIN_5_touch_or_shout_before_the_call_wins(order, giver_shouts):
    g = loco.scenario(hands=[["G-Bell"], ["R-Cherry", "R-Ghost"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Bell"], current=1, draw=["P-Cherry", "P-Ghost", "P-Cayenne"], obligations=[0],
                      reaction_model=fixed(*order))
    loco_window(g)
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Pass(3))
    g.apply(Offer(0, card(g, 0, "G-Bell")))
    g.apply(Touch(1))
    g.apply(Shout(0) if giver_shouts else Pass(0))
    g.apply(Call(2, 0))
    g.apply(Pass(3))
    assert g.result is not None and g.result.winner == 0 and g.result.how == "gave"
    assert g.view(None).draw_size == 3                          # the late call cost nothing


@pytest.mark.rule("LOCO-WIN-6")
def test_LOCO_WIN_6_one_winner_with_winning_cards_and_no_scores():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"])
    last = card(g, 1, "R-Ghost")
    ev = lay(g, 1, "R-Ghost")
    assert "LOCO-WIN-6" in rules_of(ev)
    r = g.result
    assert r.winner == 1 and isinstance(r.winner, int)
    assert r.winning_cards == (last.id,)
    fields = {f.name for f in dataclasses.fields(r)}
    assert {"winners", "winning_cards"} <= fields and r.winners == (1,)
    assert r.scores is None                                # one winner, no scores
    assert not any(k in f for f in fields for k in ("point", "rank"))
    # the result survives the record round trip
    again = loco.replay(g.to_json())
    assert again.result == r and again.fingerprint() == g.fingerprint()


# ================================================================ signing
# the rules report the winning card; chililab.signing writes the registry (installed when chililab is imported)


@pytest.mark.rule("LOCO-SIGN-1")
def test_LOCO_SIGN_1_twin_win_signs_exactly_one_card_of_the_pair(tmp_path):
    path = tmp_path / "signed.jsonl"
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["G-Cherry", "G-Cherry"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["G-Habanero"], sign_registry=str(path))
    pair = tuple(held(g, 1))
    g.apply(Lay(1, pair))
    r = g.result
    assert sorted(r.winning_cards) == ids(pair)
    assert r.winning_card == min(ids(pair))                # the first card of the pair
    lines = path.read_text().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert set(entry) >= {"card_id", "winner", "date", "note"}
    assert entry["card_id"] == r.winning_card and entry["winner"] == 1
    assert entry["card_id"] in ids(pair)


@pytest.mark.rule("LOCO-SIGN-1")
def test_LOCO_SIGN_1_win_by_giving_signs_the_given_card_with_sign(tmp_path):
    path = tmp_path / "registry.jsonl"
    g = loco.scenario(hands=[["G-Bell"], ["R-Ghost", "Y-Bell"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"])
    with pytest.raises(ValueError):
        sign(g, str(path))                            # nobody has won yet
    given = card(g, 0, "G-Bell")
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Pass(3))
    g.apply(Offer(0, given))
    g.apply(Touch(1))
    assert g.result.winning_card == given.id
    entry = sign(g, str(path), note="gave it away")
    assert entry["card_id"] == given.id and entry["winner"] == 0 and entry["note"] == "gave it away"
    assert [json.loads(x) for x in path.read_text().splitlines()] == [entry]


@pytest.mark.rule("LOCO-SIGN-1")
def test_LOCO_SIGN_1_signing_has_no_effect_on_play(tmp_path):
    path = tmp_path / "signed.jsonl"

    def play(**kw):
        g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno"]],
                          pile=["R-Cherry"], current=1, draw=["P-Cherry"], **kw)
        lay(g, 1, "R-Ghost")
        return g

    signed, plain = play(sign_registry=str(path)), play()
    assert signed.fingerprint() == plain.fingerprint() and signed.result == plain.result
    assert len(path.read_text().splitlines()) == 1
    # the signed card is still a card of the game (it stays in the deck)
    assert signed.result.winning_card in signed.locations()
    # rebuilding the finished game from its record does not sign the card a second time
    loco.replay(signed.record)
    signed.undo()
    signed.redo()
    assert len(path.read_text().splitlines()) == 1


# ================================================================ 2.11 ties


def _slap_tie(seed, tie_method="coin_flip"):
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Slap", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost", "P-Bell"], seed=seed,
                      tie_method=tie_method, reaction_model=fixed(0, 1, [2, 3]))
    ev = lay(g, 1, "R-Slap")
    losers = [s for s in (2, 3) if len(held(g, s)) == 4]
    assert len(losers) == 1 and len(held(g, 5 - losers[0])) == 2   # exactly one of the tied draws
    return losers[0], ev


@pytest.mark.rule("LOCO-TIE-1")
def test_LOCO_TIE_1_coin_flip_with_same_seed_gives_same_loser():
    for seed in (3, 11):
        a, ev = _slap_tie(seed)
        b, _ = _slap_tie(seed)
        assert a == b
        assert "LOCO-TIE-1" in rules_of(ev)
    # a seeded uniform choice: over seeds, each tied player loses sometimes
    assert {_slap_tie(s)[0] for s in range(24)} == {2, 3}


@pytest.mark.rule("LOCO-TIE-1")
def test_LOCO_TIE_1_table_talk_and_rock_paper_scissors_are_the_same_seeded_choice():
    for seed in range(6):
        want = _slap_tie(seed)[0]
        assert _slap_tie(seed, "table_talk")[0] == want
        assert _slap_tie(seed, "rock_paper_scissors")[0] == want


@pytest.mark.rule("LOCO-TIE-1")
def test_LOCO_TIE_1_equal_latency_in_a_loco_race_is_settled_too():
    def run(seed):
        g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Bell"]],
                          pile=["R-Cherry"], current=2, draw=["P-Cherry", "P-Ghost"], obligations=[1], seed=seed,
                          reaction_model=fixed([1, 3]))
        ev = loco_window(g, shout=(1,), calls={3: 1})
        assert "LOCO-TIE-1" in rules_of(ev)
        return len(held(g, 1))
    outcomes = [run(s) for s in range(16)]
    assert outcomes == [run(s) for s in range(16)]         # reproducible per seed
    assert set(outcomes) == {1, 3}                          # shout first (safe) or call first (draws 2)


@pytest.mark.rule("LOCO-TIE-1")
def test_LOCO_TIE_1_table_vote_majority_then_seeded_choice():
    def run(votes, seed=0):
        g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Slap", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                                 ["P-Jalapeno", "P-Habanero"]],
                          pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost", "P-Bell"], seed=seed,
                          tie_method="table_vote")
        lay(g, 1, "R-Slap")
        assert g.decision.phase == "SLAP_RACE" and g.decision.players == (0, 1, 2, 3)   # every player votes
        ev = []
        for s in range(4):
            ev = g.apply(Vote(s, votes[s]))
        loser = [s for s in range(4) if len(held(g, s)) == (3 if s == 1 else 2) + 2]
        assert len(loser) == 1
        return loser[0], rules_of(ev)

    loser, rules = run({0: 2, 1: 2, 2: 3, 3: 2})
    assert loser == 2 and "LOCO-TIE-1" in rules
    tied = [run({0: 2, 1: 3, 2: 3, 3: 2}, seed)[0] for seed in range(16)]
    assert set(tied) == {2, 3}                               # falls back to a seeded choice among the tied
    assert tied == [run({0: 2, 1: 3, 2: 3, 3: 2}, seed)[0] for seed in range(16)]


# ================================================================ 2.12 house rules


@pytest.mark.rule("LOCO-HOUSE-1")
def test_LOCO_HOUSE_1_personal_recipes_off_by_default_and_carry_their_rules():
    g = loco.new_game(players=4, seed=1, dealer=0)
    assert len(g.locations()) == 112 and not {112, 113} & set(g.locations())
    g = loco.new_game(players=4, seed=1, dealer=0, personal_recipes=PR2)
    assert len(g.locations()) == 114 and {112, 113} <= set(g.locations())
    assert g.state.house[112].name == "everyone_else_draws_1"
    assert g.state.house[113].name == "reveal_hand"


@pytest.mark.rule("LOCO-HOUSE-1")
def test_LOCO_HOUSE_1_plug_in_callable_rule_on_one_card():
    def gift(api, layer, target):
        api.draw(layer, 0)

    rule = loco.register_house_rule(HouseRule("test_house1_plugin", "Nothing happens.", gift))
    g = loco.new_game(players=3, seed=2, dealer=0, personal_recipes=["terrible_accent", rule])
    assert g.options["personal_recipes"] == ["terrible_accent", "test_house1_plugin"]
    assert g.state.house[113] is rule and g.state.house[112].name == "terrible_accent"
    with pytest.raises(ConfigError):
        loco.new_game(players=3, seed=2, personal_recipes=["everyone_else_draws_1"])      # one rule per card
    with pytest.raises(ConfigError):
        loco.new_game(players=3, seed=2, personal_recipes=["everyone_else_draws_1", "no_such_rule"])


@pytest.mark.rule("LOCO-HOUSE-2")
def test_LOCO_HOUSE_2_personal_recipe_rule_first_then_colour():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["Y-Cherry"], current=1, draw=["P-Cherry", "P-Ghost", "P-Bell", "P-Cayenne"],
                      personal_recipes=PR2)
    assert Lay(1, (card(g, 1, "PR1"),)) in g.legal_moves()      # a wild: laid on anything (yellow top)
    ev = lay(g, 1, "PR1")
    assert "LOCO-HOUSE-2" in rules_of(ev) and "LOCO-HOUSE-4" in rules_of(ev)
    assert hand(g, 0) == ["G-Bell", "G-Ghost", "P-Bell"]
    assert hand(g, 2) == ["P-Cherry", "Y-Cayenne", "Y-Habanero"]
    assert hand(g, 3) == ["P-Ghost", "P-Habanero", "P-Jalapeno"]
    assert hand(g, 1) == ["R-Bell"]
    assert g.decision.phase == "COLOUR" and g.decision.players == (1,)   # the colour comes after the rule
    g.apply(ChooseColour(1, "green"))
    assert g.view(None).colour == "green"


@pytest.mark.rule("LOCO-HOUSE-2")
def test_LOCO_HOUSE_2_personal_recipe_is_dark_own_turn_only_and_cancellable():
    opts = {"personal_recipes": ["next_wild_or_draw3", "next_wild_or_draw3"]}
    # cannot be twinned
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "PR2", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno"]], pile=["R-Cherry"], current=1, draw=["P-Cherry"], **opts)
    with pytest.raises(IllegalMove) as e:
        g.apply(Lay(1, (card(g, 1, "PR1"), card(g, 1, "PR2"))))
    assert e.value.rule == "LOCO-TWIN-2"
    # only on one's own turn, never as a jump-in
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Bell", "R-Ghost"], ["PR1", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["PR2"], colour="red", current=1, draw=["P-Cherry"], **opts)
    assert g.decision.players == (1,)
    for m in (Lay(2, (card(g, 2, "PR1"),)), Jump(2, (card(g, 2, "PR1"),))):
        with pytest.raises(IllegalMove):
            g.apply(m)
    # its pending effect is cancelled by Milk Chaser
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell", "R-Ghost"], ["Milk", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry", "P-Ghost", "P-Bell"], **opts)
    lay(g, 1, "PR1")
    g.apply(ChooseColour(1, "yellow"))
    p = g.view(None).pending
    assert p is not None and p.kind == "pr_wild_or_draw3"
    ev = lay(g, 2, "Milk")
    assert "LOCO-CARD-MILK-3" in rules_of(ev)
    assert g.view(None).pending is None and hand(g, 2) == ["Y-Habanero"]
    assert [c.code for c in g.view(None).pile][-2:] == ["PR1", "Milk"]


@pytest.mark.rule("LOCO-HOUSE-3")
@pytest.mark.parametrize("flag", [{"changes_win": True}, {"immediate": False}, {"permanent_target": True}])
def test_LOCO_HOUSE_3_plug_in_breaking_the_constraints_is_refused(flag):
    name = "test_house3_" + next(iter(flag))
    with pytest.raises(ConfigError) as e:
        loco.register_house_rule(HouseRule(name, "Bad rule.", lambda api, layer, target: None, **flag))
    assert "LOCO-HOUSE-3" in str(e.value)
    with pytest.raises(ConfigError):
        loco.new_game(players=4, seed=1, personal_recipes=[name, "reveal_hand"])   # it was not registered


@pytest.mark.rule("LOCO-HOUSE-4")
def test_LOCO_HOUSE_4_everyone_else_draws_1_in_turn_order_with_reshuffle_and_forgiveness():
    # the draw pile has 1 card, the play pile only its top X = Y-Cherry
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["Y-Cherry"], current=1, draw=["P-Cherry"], personal_recipes=PR2)
    ev = lay(g, 1, "PR1")
    assert "LOCO-HOUSE-4" in rules_of(ev) and "LOCO-DRAW-1" in rules_of(ev) and "LOCO-DRAW-2" in rules_of(ev)
    assert hand(g, 2) == ["P-Cherry", "Y-Cayenne", "Y-Habanero"]     # the last draw-pile card
    assert hand(g, 3) == ["P-Habanero", "P-Jalapeno", "Y-Cherry"]    # X, after the reshuffle under PR1
    assert hand(g, 0) == ["G-Bell", "G-Ghost"]                       # 0: forgiven
    assert [c.code for c in g.view(None).pile] == ["PR1"] and g.view(None).draw_pile == ()
    draws = [e.data["seat"] for e in ev if e.kind == "draw"]
    assert draws == [2, 3, 0]                                         # turn order from next(layer)


@pytest.mark.rule("LOCO-HOUSE-4")
def test_LOCO_HOUSE_4_turn_order_follows_the_direction():
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero"]],
                      pile=["Y-Cherry"], current=1, draw=["P-Cherry", "P-Ghost"], dir=-1, personal_recipes=PR2)
    ev = lay(g, 1, "PR1")
    assert [e.data["seat"] for e in ev if e.kind == "draw"] == [0, 3, 2]
    assert hand(g, 0) == ["G-Bell", "G-Ghost", "P-Cherry"] and hand(g, 3) == ["P-Ghost", "P-Habanero", "P-Jalapeno"]
    assert hand(g, 2) == ["Y-Cayenne", "Y-Cherry", "Y-Habanero"]       # X, reshuffled from under PR1


@pytest.mark.rule("LOCO-HOUSE-5")
@pytest.mark.parametrize("audience", ["all", "layer_only"])
def test_LOCO_HOUSE_5_reveal_hand_shows_target_cards_at_that_moment(audience):
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR2", "R-Bell"], ["Y-Cayenne", "Y-Habanero"],
                             ["P-Jalapeno", "P-Habanero", "G-Cayenne"]],
                      pile=["Y-Cherry"], current=1, draw=["P-Cherry"], personal_recipes=PR2,
                      reveal_hand_audience=audience)
    lay(g, 1, "PR2")
    assert g.decision.phase == "TARGET" and g.decision.players == (1,)
    with pytest.raises(IllegalMove):
        g.apply(ChooseTarget(1, 1))
    shown = hand_ids(g, 3)
    ev = g.apply(ChooseTarget(1, 3))
    assert "LOCO-HOUSE-5" in rules_of(ev)
    assert g.decision.phase == "COLOUR" and g.decision.players == (1,)
    for q in range(4):
        rev = [e for e in g.events(viewer=q) if e.kind == "reveal"]
        assert len(rev) == 1
        sees = audience == "all" or q in (1, 3)
        if sees:
            assert rev[0].data["seat"] == 3 and sorted(rev[0].data["cards"]) == shown
            for c in held(g, 3):
                assert str(c) in rev[0].text
        else:
            assert rev[0].data is None
            assert all(str(c) not in rev[0].text for c in held(g, 3))
    # at this moment only: later views still hide P3's hand
    g.apply(ChooseColour(1, "purple"))
    assert not g.view(0).visible_card_ids() & set(hand_ids(g, 3))


@pytest.mark.rule("LOCO-HOUSE-6")
def test_LOCO_HOUSE_6_next_wild_or_draw3_accept_draws_three_then_turn():
    opts = {"personal_recipes": ["next_wild_or_draw3", "reveal_hand"]}
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell", "R-Ghost"], ["Y-Cayenne", "P-Habanero"],
                             ["P-Jalapeno", "G-Habanero"]],
                      pile=["Y-Cherry"], current=1, draw=["R-Cherry", "G-Cayenne", "Y-Bell", "P-Ghost"], **opts)
    lay(g, 1, "PR1")
    g.apply(ChooseColour(1, "purple"))
    assert g.view(None).pending == PublicPending("pr_wild_or_draw3", 3, False, 2)
    assert g.decision.phase == "RESPONSE" and g.decision.players == (2,)
    # no wild held: a plain card cannot answer it
    with pytest.raises(IllegalMove) as e:
        lay(g, 2, "P-Habanero")
    assert e.value.rule == "LOCO-HOUSE-6"
    ev = g.apply(Accept(2))
    assert "LOCO-HOUSE-6" in rules_of(ev)
    assert hand(g, 2) == ["G-Cayenne", "P-Habanero", "R-Cherry", "Y-Bell", "Y-Cayenne"]
    assert g.decision.phase == "TURN_MAIN" and g.decision.players == (2,)   # a normal turn follows
    assert {m.cards[0].code for m in g.legal_moves() if isinstance(m, Lay)} == {"P-Habanero"}
    lay(g, 2, "P-Habanero")
    assert g.view(None).current == 3


@pytest.mark.rule("LOCO-HOUSE-6")
def test_LOCO_HOUSE_6_any_wild_satisfies_it_as_the_turn_play():
    opts = {"personal_recipes": ["next_wild_or_draw3", "reveal_hand"]}
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["PR1", "R-Bell", "R-Ghost"], ["Taco", "Y-Cayenne", "P-Habanero"],
                             ["P-Jalapeno", "G-Habanero"]],
                      pile=["Y-Cherry"], current=1, draw=["R-Cherry", "G-Cayenne", "Y-Bell"], **opts)
    lay(g, 1, "PR1")
    g.apply(ChooseColour(1, "purple"))
    ev = lay(g, 2, "Taco")
    assert "LOCO-HOUSE-6" in rules_of(ev)
    assert g.view(None).pending is None and g.view(None).draw_size == 3
    g.apply(ChooseTarget(2, 0))
    g.apply(ChooseColour(2, "green"))
    assert g.view(None).current == 3


@pytest.mark.rule("LOCO-HOUSE-7")
def test_LOCO_HOUSE_7_terrible_accent_changes_nothing_but_the_log():
    def play(first):
        g = loco.scenario(hands=[["G-Bell", "G-Ghost"], [first, "R-Bell", "R-Ghost"], ["Y-Cayenne", "NewRecipe", "P-Bell"],
                                 ["P-Jalapeno", "G-Habanero"]],
                          pile=["Y-Cherry"], current=1, draw=["R-Cherry", "G-Cayenne"],
                          personal_recipes=["terrible_accent", "reveal_hand"])
        ev = lay(g, 1, first)
        ev += g.apply(ChooseColour(1, "purple"))
        return g, ev

    g, ev = play("PR1")
    assert [e.kind for e in ev if e.kind.startswith("accent")] == ["accent_on"]
    assert "LOCO-HOUSE-7" in rules_of(ev) and g.view(None).accent
    plain, _ = play("NewRecipe")         # the same play with a wild that does nothing else
    for attr in ("draw_pile", "colour", "direction", "current", "pending", "loco_open", "phase"):
        assert getattr(g.view(None), attr) == getattr(plain.view(None), attr), attr
    assert [hand(g, s) for s in range(4)] == [hand(plain, s) for s in range(4)]
    assert g.decision.players == plain.decision.players
    # accent_off when the next wild is laid
    ev = lay(g, 2, "NewRecipe")
    assert "accent_off" in [e.kind for e in ev] and not g.view(None).accent


@pytest.mark.rule("LOCO-HOUSE-8")
def test_LOCO_HOUSE_8_personal_recipe_starter_applied_by_the_dealer():
    hands = {1: ["R-Bell", "R-Cherry", "R-Ghost", "R-Cayenne", "R-Habanero", "R-Jalapeno"],
             2: ["Y-Bell", "Y-Cherry", "Y-Ghost", "Y-Cayenne", "Y-Habanero", "Y-Jalapeno"],
             3: ["P-Bell", "P-Cherry", "P-Ghost", "P-Cayenne", "P-Habanero", "P-Jalapeno"],
             0: ["G-Bell", "G-Cherry", "G-Ghost", "G-Cayenne", "G-Habanero", "G-Jalapeno"]}
    order = [hands[s][r] for r in range(6) for s in (1, 2, 3, 0)]
    head = order + ["PR1", "R-ScotchBonnet", "Y-ScotchBonnet", "P-ScotchBonnet"]
    used = {}
    for code in head:
        used[code] = used.get(code, 0) + 1
    used["G-Carolina"] = 1
    rest = []
    for c in loco.deck(True):
        if used.get(c.code):
            used[c.code] -= 1
        else:
            rest.append(c.code)
    deck = head + rest + ["G-Carolina"]                  # bottom card: green Carolina Reaper
    assert len(deck) == 114
    g = loco.new_game(players=4, seed=5, dealer=0, deck=deck, personal_recipes=PR2)
    ev = g.events(step=0)
    assert "LOCO-HOUSE-8" in rules_of(ev) and "LOCO-SETUP-5" in rules_of(ev)
    assert top(g) == "PR1"
    assert hand(g, 1) == sorted(hands[1] + ["R-ScotchBonnet"])
    assert hand(g, 2) == sorted(hands[2] + ["Y-ScotchBonnet"])
    assert hand(g, 3) == sorted(hands[3] + ["P-ScotchBonnet"])
    assert hand(g, 0) == sorted(hands[0])                # the dealer does not draw
    assert g.view(None).colour == "green"                     # from the bottom card, no colour decision
    assert g.decision.players == (1,) and g.decision.phase == "TURN_MAIN"
