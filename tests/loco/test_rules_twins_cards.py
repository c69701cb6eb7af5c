"""Clause tests: twins and jump-ins (LOCO-TWIN-*), Salsa Slap (LOCO-SLAP-*), the card
library (LOCO-CARD-*) and the colour after a wild (LOCO-WILD-1).

Every position is built with ``loco.scenario`` (explicit hands, piles and draw pile;
unplaced cards are in the box), and races use FixedOrderReaction.
"""
import pytest
from chililab.loco import IllegalMove

from chililab import loco

from .helpers import card, codes, draw_size, fixed, hand, held, pile_codes, rules_of, sizes, top

# Filler cards: every code appears once in the whole file's scenarios of a game, so no
# filler is ever the twin of another card in play (its twin stays in the box).
F0 = ["R-Habanero", "G-Habanero", "Y-Habanero"]
F1 = ["R-Cayenne", "G-Cayenne", "Y-Cayenne"]
F2 = ["R-ScotchBonnet", "G-ScotchBonnet", "Y-ScotchBonnet"]
F3 = ["R-Jalapeno", "G-Jalapeno", "Y-Jalapeno"]
DRAW = ["P-Habanero", "P-Cayenne", "P-ScotchBonnet", "P-Jalapeno", "Y-Carolina", "G-Carolina", "R-Carolina",
        "Y-Ghost", "R-Ghost", "Y-Cherry"]


def sc(hands, pile, current, draw=DRAW, order=(0, 1, 2, 3), **kw):
    kw.setdefault("reaction_model", fixed(*order))
    return loco.scenario(hands=hands, pile=pile, current=current, draw=list(draw), seed=kw.pop("seed", 11), **kw)


def illegal(g, move, rule):
    """``move`` is refused citing ``rule``, is not offered, and changes nothing."""
    fp = g.fingerprint()
    assert move not in g.legal_moves()
    with pytest.raises(IllegalMove) as e:
        g.apply(move)
    assert e.value.rule == rule, (e.value.rule, e.value.reason)
    assert g.fingerprint() == fp
    return e.value


def lay1(g, seat, code):
    return loco.Lay(seat, (card(g, seat, code),))


def on_turn(g, seat):
    """``seat`` is the only player to decide, in its own turn (no jump poll)."""
    assert g.view(None).current == seat
    assert g.decision.players == (seat,)
    assert g.phase in ("TURN_MAIN", "RESPONSE")


# ====================================================================== 2.5 twins and jump-ins


@pytest.mark.rule("LOCO-TWIN-1")
def test_LOCO_TWIN_1_twin_is_one_play():
    g = sc([F0, ["G-Ghost", "G-Ghost"] + F1, F2, F3], ["R-Ghost"], current=1)
    twin = tuple(c for c in held(g, 1) if c.code == "G-Ghost")
    assert loco.Lay(1, twin) in g.legal_moves(1)
    ev = g.apply(loco.Lay(1, twin))
    assert "LOCO-TWIN-1" in rules_of(ev)
    assert len(held(g, 1)) == 5 - 2
    assert pile_codes(g)[-2:] == ["G-Ghost", "G-Ghost"]
    assert g.view(None).colour == "green"
    on_turn(g, 2)


@pytest.mark.rule("LOCO-TWIN-1")
def test_LOCO_TWIN_1_twin_must_match_the_top_card():
    # DEC-23: the pair is legal only if one of its cards is legal on the top card
    g = sc([F0, ["G-Cherry", "G-Cherry"] + F1, F2, F3], ["R-Ghost"], current=1)
    twin = tuple(c for c in held(g, 1) if c.code == "G-Cherry")
    illegal(g, loco.Lay(1, twin), "LOCO-MATCH-1")


@pytest.mark.rule("LOCO-TWIN-1")
def test_LOCO_TWIN_1_two_different_cream_cards_are_no_twin():
    g = sc([F0, ["R-Bell", "G-Bell"] + F1, F2, F3], ["R-Ghost"], current=1)
    pair = (card(g, 1, "R-Bell"), card(g, 1, "G-Bell"))
    illegal(g, loco.Lay(1, pair), "LOCO-TWIN-1")


@pytest.mark.rule("LOCO-TWIN-2")
def test_LOCO_TWIN_2_dark_cards_never_twin():
    g = sc([F0, ["R-HotSauce", "R-HotSauce"] + F1, F2, F3], ["R-Ghost"], current=1)
    pair = tuple(c for c in held(g, 1) if c.code == "R-HotSauce")
    illegal(g, loco.Lay(1, pair), "LOCO-TWIN-2")
    # no two-card lay of a dark card is ever offered
    assert all(len(m.cards) == 1 for m in g.legal_moves(1) if isinstance(m, loco.Lay))
    # a single Hot Sauce is fine
    g.apply(lay1(g, 1, "R-HotSauce"))
    assert g.view(None).pending.draw == 2


@pytest.mark.rule("LOCO-TWIN-3")
def test_LOCO_TWIN_3_slap_twin_one_race_loser_draws_4():
    g = sc([F0, ["Y-Slap", "Y-Slap"] + F1, F2, F3], ["Y-Bell"], current=1, order=(1, 2, 3, 0))
    before = sizes(g)
    twin = tuple(c for c in held(g, 1) if c.code == "Y-Slap")
    ev = g.apply(loco.Lay(1, twin))
    slaps = [e for e in ev if e.kind == "slap"]
    assert len(slaps) == 1  # one race for the pair
    assert {"LOCO-TWIN-3", "LOCO-SLAP-1"} <= set(slaps[0].rules)
    assert sizes(g) == [before[0] + 4, before[1] - 2, before[2], before[3]]
    on_turn(g, 2)


@pytest.mark.rule("LOCO-TWIN-4")
def test_LOCO_TWIN_4_jump_in_before_on_turn_player_acts():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1)
    # the holder is polled together with the on-turn player
    assert set(g.decision.players) == {1, 3}
    jump = loco.Jump(3, (card(g, 3, "P-Cherry"),))
    assert jump in g.legal_moves(3)
    assert loco.Pass(3) in g.legal_moves(3)
    # a player who does not hold the identical card cannot jump
    illegal(g, loco.Jump(0, (card(g, 0, "R-Habanero"),)), "LOCO-TWIN-4")
    # a card not identical to the top card is no jump-in
    illegal(g, loco.Jump(3, (card(g, 3, "R-Jalapeno"),)), "LOCO-TWIN-4")
    g.apply(jump)
    g.apply(loco.Draw(1))  # P1's own answer; the jump comes first
    assert pile_codes(g) == ["P-Cherry", "P-Cherry"]
    assert g.view(None).top_layer == 3
    assert len(held(g, 3)) == 3
    assert hand(g, 1) == sorted(["P-Bell"] + F1)
    on_turn(g, 0)


@pytest.mark.rule("LOCO-TWIN-4")
def test_LOCO_TWIN_4_window_closes_when_on_turn_player_lays():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1)
    g.apply(loco.Pass(3))
    g.apply(lay1(g, 1, "P-Bell"))
    assert top(g) == "P-Bell"
    on_turn(g, 2)  # P3 is no longer polled: the Cherry window is gone
    illegal(g, loco.Jump(3, (card(g, 3, "P-Cherry"),)), "LOCO-TWIN-4")


@pytest.mark.rule("LOCO-TWIN-4")
def test_LOCO_TWIN_4_window_opens_after_the_slap():
    # P0 lays Y-Slap; the slap race is over before the jump poll is asked
    g = sc([["Y-Slap"] + F0, F1, ["Y-Slap"] + F2, F3], ["Y-Bell"], current=0, order=(0, 1, 2, 3))
    ev = g.apply(lay1(g, 0, "Y-Slap"))
    assert any(e.kind == "slap" for e in ev)
    assert len(held(g, 3)) == 3 + 2  # slap penalty applied already
    assert g.phase == "TURN_MAIN" and set(g.decision.players) == {1, 2}


@pytest.mark.rule("LOCO-TWIN-5")
def test_LOCO_TWIN_5_play_continues_from_jumper_interrupted_keeps_draw():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1)
    g.apply(loco.Pass(3))
    g.apply(loco.Draw(1))
    drawn = held(g, 1)[-1]
    assert drawn.code == DRAW[0]
    assert set(g.decision.players) == {1, 3}  # polled again at the next checkpoint
    g.apply(loco.Jump(3, (card(g, 3, "P-Cherry"),)))
    ev = g.apply(loco.Draw(1))
    assert {"LOCO-TWIN-5"} <= rules_of(ev)
    assert drawn in held(g, 1)
    assert len(held(g, 1)) == 4 + 1  # the drawn card only; the second draw never happened
    assert top(g) == "P-Cherry" and g.view(None).top_layer == 3
    on_turn(g, 0)


@pytest.mark.rule("LOCO-TWIN-5")
def test_LOCO_TWIN_5_next_is_next_of_jumper_against_direction():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1, dir=-1)
    g.apply(loco.Jump(3, (card(g, 3, "P-Cherry"),)))
    g.apply(loco.Draw(1))
    on_turn(g, 2)  # next(P3) with dir = -1


@pytest.mark.rule("LOCO-TWIN-6")
def test_LOCO_TWIN_6_no_jump_on_dark_top():
    g = sc([F0, F1, ["R-HeatStroke"] + F2, F3], ["R-HeatStroke"], current=1)
    assert g.decision.players == (1,)
    assert not any(isinstance(m, loco.Jump) for m in g.legal_moves())
    illegal(g, loco.Jump(2, (card(g, 2, "R-HeatStroke"),)), "LOCO-TWIN-6")


@pytest.mark.rule("LOCO-TWIN-6")
def test_LOCO_TWIN_6_no_jump_after_dark_action_finished():
    # P0 lays R-HotSauce, P1 accepts (the action is over); P3 holds the identical Hot Sauce
    g = sc([["R-HotSauce"] + F0, F1, F2, ["R-HotSauce"] + F3], ["R-Bell"], current=0)
    g.apply(lay1(g, 0, "R-HotSauce"))
    g.apply(loco.Accept(1))
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    illegal(g, loco.Jump(3, (card(g, 3, "R-HotSauce"),)), "LOCO-TWIN-6")


@pytest.mark.rule("LOCO-TWIN-7")
def test_LOCO_TWIN_7_jumper_lands_first():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1, order=(3, 1))
    g.apply(lay1(g, 1, "P-Bell"))
    assert g.decision.players == (3,)  # P1's answer is kept hidden until P3 answers
    illegal(g, lay1(g, 1, "P-Bell"), "LOCO-TWIN-7")  # one answer per seat
    ev = g.apply(loco.Jump(3, (card(g, 3, "P-Cherry"),)))
    assert "LOCO-TWIN-7" in rules_of(ev)
    assert pile_codes(g) == ["P-Cherry", "P-Cherry"]
    assert g.view(None).top_layer == 3
    assert "P-Bell" in hand(g, 1) and len(held(g, 1)) == 4
    on_turn(g, 0)


@pytest.mark.rule("LOCO-TWIN-7")
def test_LOCO_TWIN_7_on_turn_card_lands_first():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1, order=(1, 3))
    g.apply(loco.Jump(3, (card(g, 3, "P-Cherry"),)))
    ev = g.apply(lay1(g, 1, "P-Bell"))
    assert "LOCO-TWIN-7" in rules_of(ev)
    assert pile_codes(g) == ["P-Cherry", "P-Bell"]
    assert "P-Cherry" in hand(g, 3) and len(held(g, 3)) == 4
    assert "P-Bell" not in hand(g, 1)
    on_turn(g, 2)  # the window on the old top card is gone


@pytest.mark.rule("LOCO-TWIN-8")
def test_LOCO_TWIN_8_self_jump_in():
    g = sc([F0, ["G-Bell", "G-Bell", "R-Bell"] + F1, F2, F3], ["G-Ghost"], current=1)
    g.apply(lay1(g, 1, "G-Bell"))
    assert g.view(None).current == 2 and set(g.decision.players) == {1, 2}
    g.apply(loco.Jump(1, (card(g, 1, "G-Bell"),)))
    g.apply(loco.Draw(2))
    assert pile_codes(g) == ["G-Ghost", "G-Bell", "G-Bell"]
    assert len(held(g, 2)) == 3  # P2's draw answer was overtaken
    on_turn(g, 2)


@pytest.mark.rule("LOCO-TWIN-8")
def test_LOCO_TWIN_8_self_jump_in_can_be_switched_off():
    g = sc([F0, ["G-Bell", "G-Bell", "R-Bell"] + F1, F2, F3], ["G-Ghost"], current=1, allow_self_jump_in=False)
    g.apply(lay1(g, 1, "G-Bell"))
    on_turn(g, 2)
    illegal(g, loco.Jump(1, (card(g, 1, "G-Bell"),)), "LOCO-TWIN-4")


@pytest.mark.rule("LOCO-TWIN-9")
def test_LOCO_TWIN_9_jump_in_slap_starts_new_race():
    # P0 lays Y-Slap (P3 slowest draws 2); P2 jumps in on P1's turn with the other Y-Slap
    g = sc([["Y-Slap"] + F0, ["P-Bell"] + F1, ["Y-Slap"] + F2, F3], ["Y-Bell"], current=0, order=(0, 1, 2, 3))
    ev = g.apply(lay1(g, 0, "Y-Slap"))
    assert [e.kind for e in ev].count("slap") == 1
    assert len(held(g, 3)) == 5
    assert set(g.decision.players) == {1, 2}
    g.apply(loco.Jump(2, (card(g, 2, "Y-Slap"),)))
    ev = g.apply(loco.Draw(1))
    slaps = [e for e in ev if e.kind == "slap"]
    assert len(slaps) == 1 and "LOCO-SLAP-1" in slaps[0].rules and "LOCO-TWIN-3" not in slaps[0].rules
    assert len(held(g, 3)) == 7  # a second, separate draw of 2
    assert pile_codes(g)[-2:] == ["Y-Slap", "Y-Slap"]
    on_turn(g, 3)  # next(P2)


@pytest.mark.rule("LOCO-TWIN-10")
def test_LOCO_TWIN_10_jump_in_is_one_card():
    g = sc([F0, ["P-Bell"] + F1, F2, ["P-Cherry"] + F3], ["P-Cherry"], current=1)
    two = loco.Jump(3, (card(g, 3, "P-Cherry"), card(g, 3, "R-Jalapeno")))
    illegal(g, two, "LOCO-TWIN-10")
    assert all(len(m.cards) == 1 for m in g.legal_moves(3) if isinstance(m, loco.Jump))


# ====================================================================== 2.6 Salsa Slap


@pytest.mark.rule("LOCO-SLAP-1")
def test_LOCO_SLAP_1_slowest_slapper_draws_2():
    g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=(1, 0, 3, 2))
    before = sizes(g)
    ev = g.apply(lay1(g, 1, "R-Slap"))
    assert "LOCO-SLAP-1" in rules_of(ev)
    assert sizes(g) == [before[0], before[1] - 1, before[2] + 2, before[3]]
    assert codes(held(g, 2)[-2:]) == DRAW[:2]


@pytest.mark.rule("LOCO-SLAP-1")
def test_LOCO_SLAP_1_the_layer_slaps_too():
    g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=(0, 2, 3, 1))
    g.apply(lay1(g, 1, "R-Slap"))
    assert sizes(g) == [3, 3 - 1 + 1 + 2, 3, 3]


@pytest.mark.rule("LOCO-SLAP-2")
def test_LOCO_SLAP_2_exact_tie_settled_by_tie_method():
    def run(seed):
        g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=(0, 1, [2, 3]), seed=seed)
        ev = g.apply(lay1(g, 1, "R-Slap"))
        grew = [s for s in range(4) if len(held(g, s)) > 3]
        assert len(grew) == 1 and grew[0] in (2, 3)
        assert len(held(g, grew[0])) == 5
        assert len(held(g, 0)) == 3 and len(held(g, 1)) == 3
        assert "LOCO-TIE-1" in rules_of(ev) and "LOCO-SLAP-2" in rules_of(ev)
        return grew[0], g.fingerprint()

    first = run(5)
    assert run(5) == first  # deterministic for the seed
    losers = {run(seed)[0] for seed in range(16)}
    assert losers == {2, 3}  # settled by the seeded coin flip, not by seat number


@pytest.mark.rule("LOCO-SLAP-2")
def test_LOCO_SLAP_2_reaction_model_decides_the_slowest():
    for order, loser in (((0, 1, 2, 3), 3), ((3, 2, 1, 0), 0), ((2, 3, 0, 1), 1)):
        g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=order)
        ev = g.apply(lay1(g, 1, "R-Slap"))
        assert "LOCO-TIE-1" not in rules_of(ev)
        assert sizes(g) == [5 if s == loser else 3 for s in range(4)]


@pytest.mark.rule("LOCO-SLAP-1")
@pytest.mark.rule("LOCO-SLAP-2")
def test_LOCO_SLAP_2_between_people_the_last_slap_to_reach_the_table_draws():
    """Reaction model ``people`` (a class's shared table): everyone slaps for real; the order the slaps reached the
    table is the race; the last draws (4 after a twin, as always); play goes on from the layer."""
    for order, loser in (((2, 0, 3, 1), 1), ((1, 3, 2, 0), 0), ((0, 1, 2, 3), 3)):
        g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, reaction_model={"model": "people"})
        g.apply(lay1(g, 1, "R-Slap"))
        assert g.phase == "SLAP_RACE" and set(g.decision.players) == {0, 1, 2, 3}
        assert g.legal_moves(2) == [loco.Slap(2)]
        illegal(g, loco.Pass(2), "LOCO-SLAP-1")
        for seat in order[:-1]:
            assert g.apply(loco.Slap(seat)) == []  # the race goes on until every slap is in
        illegal(g, loco.Slap(order[0]), "LOCO-SLAP-1")  # a seat slaps once
        ev = g.apply(loco.Slap(order[-1]))
        assert ev[0].text == "Slaps in the order they reached the table: " + ", ".join(f"P{s}" for s in order)
        assert {"LOCO-SLAP-1", "LOCO-SLAP-2"} <= rules_of(ev) and "LOCO-TIE-1" not in rules_of(ev)
        assert sizes(g) == [5 if s == loser else 3 for s in range(4)]
        on_turn(g, 2)


def test_the_people_model_keeps_other_races_in_arrival_order():
    """Under ``people`` a race is the arrival order it is given; seats not in it come after, in seat order."""
    from chililab.engine import reaction_from_spec

    m = reaction_from_spec({"model": "people"})
    assert m.spec == {"model": "people"}
    assert m.latencies("loco", [0, 1, 2, 3], None, arrivals=[3, 1]) == {3: 0.0, 1: 1.0, 0: 2.0, 2: 4.0}


@pytest.mark.rule("LOCO-SLAP-3")
def test_LOCO_SLAP_3_play_continues_from_layer():
    g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=(0, 2, 3, 1))
    g.apply(lay1(g, 1, "R-Slap"))
    assert len(held(g, 1)) == 3 - 1 + 1 + 2
    on_turn(g, 2)


@pytest.mark.rule("LOCO-SLAP-3")
def test_LOCO_SLAP_3_play_continues_from_layer_reversed():
    g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, order=(0, 1, 2, 3), dir=-1)
    g.apply(lay1(g, 1, "R-Slap"))
    assert len(held(g, 3)) == 5
    on_turn(g, 0)


@pytest.mark.rule("LOCO-SLAP-4")
def test_LOCO_SLAP_4_table_vote_majority():
    g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, tie_method="table_vote")
    g.apply(lay1(g, 1, "R-Slap"))
    assert g.phase == "SLAP_RACE" and set(g.decision.players) == {0, 1, 2, 3}
    illegal(g, loco.Pass(0), "LOCO-SLAP-4")
    for voter, target in ((0, 2), (1, 2), (2, 3)):
        assert g.apply(loco.Vote(voter, target)) == []  # hidden until all voted
        assert len(held(g, 2)) == 3
    ev = g.apply(loco.Vote(3, 2))
    assert "LOCO-SLAP-4" in rules_of(ev)
    assert sizes(g) == [3, 3, 5, 3]
    on_turn(g, 2)  # only the loser's choice changed: play continues from the layer


@pytest.mark.rule("LOCO-SLAP-4")
def test_LOCO_SLAP_4_vote_tie_is_settled():
    def run(seed):
        g = sc([F0, ["R-Slap"] + F1, F2, F3], ["R-Bell"], current=1, tie_method="table_vote", seed=seed)
        g.apply(lay1(g, 1, "R-Slap"))
        for voter, target in ((0, 2), (1, 3), (2, 3)):
            g.apply(loco.Vote(voter, target))
        ev = g.apply(loco.Vote(3, 2))
        assert "LOCO-TIE-1" in rules_of(ev)
        grew = [s for s in range(4) if len(held(g, s)) == 5]
        assert len(grew) == 1 and grew[0] in (2, 3)
        return grew[0]

    assert run(3) == run(3)


@pytest.mark.rule("LOCO-SLAP-5")
def test_LOCO_SLAP_5_last_card_slap_wins_without_slap():
    g = sc([F0, ["R-Slap"], F2, F3], ["R-Bell"], current=1, order=(0, 2, 3, 1))
    before = [hand(g, s) for s in range(4)]
    ev = g.apply(lay1(g, 1, "R-Slap"))
    assert g.result is not None and g.result.winner == 1
    assert "LOCO-WIN-2" in rules_of(ev)
    assert not any(e.kind == "slap" for e in ev)
    assert [hand(g, s) for s in (0, 2, 3)] == [before[0], before[2], before[3]]
    assert draw_size(g) == len(DRAW)


# ====================================================================== 2.7 card library


@pytest.mark.rule("LOCO-CARD-STIR-1")
def test_LOCO_CARD_STIR_1_reverses_right_away():
    g = sc([["G-Stir"] + F0, ["P-Stir"] + F1, F2, F3], ["P-Bell"], current=1)
    ev = g.apply(lay1(g, 1, "P-Stir"))
    assert "LOCO-CARD-STIR-1" in rules_of(ev)
    assert g.view(None).direction == -1
    on_turn(g, 0)
    g.apply(lay1(g, 0, "G-Stir"))  # same card: legal on P-Stir
    assert g.view(None).direction == 1
    on_turn(g, 1)


@pytest.mark.rule("LOCO-CARD-STIR-2")
def test_LOCO_CARD_STIR_2_two_players_other_is_next():
    g = sc([["R-Stir"] + F0, F1], ["R-Bell"], current=0)
    ev = g.apply(lay1(g, 0, "R-Stir"))
    assert "LOCO-CARD-STIR-2" in rules_of(ev)
    assert g.view(None).direction == -1
    on_turn(g, 1)


@pytest.mark.rule("LOCO-CARD-STIR-2")
def test_LOCO_CARD_STIR_2_two_player_stir_skips_option():
    g = sc([["R-Stir"] + F0, F1], ["R-Bell"], current=0, two_player_stir_skips=True)
    g.apply(lay1(g, 0, "R-Stir"))
    assert g.view(None).direction == -1
    on_turn(g, 0)


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-1")
def test_LOCO_CARD_HOTSAUCE_1_next_player_draws_2_then_plays():
    g = sc([F0, ["G-HotSauce"] + F1, ["G-Bell"] + F2, F3], ["G-Ghost"], current=1)
    ev = g.apply(lay1(g, 1, "G-HotSauce"))
    assert "LOCO-CARD-HOTSAUCE-1" in rules_of(ev)
    p = g.view(None).pending
    assert (p.kind, p.draw, p.skip, p.target) == ("hot_sauce", 2, False, 2)
    assert g.phase == "RESPONSE" and g.decision.players == (2,)
    g.apply(loco.Accept(2))
    assert len(held(g, 2)) == 4 + 2 and g.view(None).pending is None
    assert g.phase == "TURN_MAIN" and g.decision.players == (2,)
    g.apply(lay1(g, 2, "G-Bell"))
    on_turn(g, 3)


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-2")
def test_LOCO_CARD_HOTSAUCE_2_stack_any_colour():
    g = sc([F0, ["G-HotSauce"] + F1, ["Y-HotSauce"] + F2, F3], ["G-Ghost"], current=1)
    g.apply(lay1(g, 1, "G-HotSauce"))
    ev = g.apply(lay1(g, 2, "Y-HotSauce"))
    assert "LOCO-CARD-HOTSAUCE-2" in rules_of(ev)
    p = g.view(None).pending
    assert (p.kind, p.draw, p.target) == ("hot_sauce", 4, 3)
    assert len(held(g, 2)) == 3  # drew nothing; the stack was P2's play
    assert g.view(None).current == 3 and g.phase == "RESPONSE"
    g.apply(loco.Accept(3))
    assert len(held(g, 3)) == 3 + 4
    assert len(held(g, 2)) == 3


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-2")
def test_LOCO_CARD_HOTSAUCE_2_stack_grows_by_2_each_time():
    g = sc([["R-HotSauce"] + F0, ["G-HotSauce"] + F1, ["Y-HotSauce"] + F2, F3], ["G-Ghost"], current=1)
    g.apply(lay1(g, 1, "G-HotSauce"))
    g.apply(lay1(g, 2, "Y-HotSauce"))
    assert g.view(None).pending.draw == 4
    g.apply(loco.Accept(3))
    assert g.view(None).pending is None and len(held(g, 3)) == 7


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-3")
def test_LOCO_CARD_HOTSAUCE_3_only_hot_sauce_answers():
    g = sc([F0, F1, ["Reaper", "R-HeatStroke", "NewRecipe", "Y-Slap", "Y-Slap", "G-Stir"] + F2, F3],
           ["G-HotSauce"], current=2, pending={"kind": "hot_sauce", "draw": 2, "skip": False})
    for code in ("Reaper", "R-HeatStroke", "NewRecipe", "G-Stir"):
        illegal(g, lay1(g, 2, code), "LOCO-CARD-HOTSAUCE-3")
    twin = tuple(c for c in held(g, 2) if c.code == "Y-Slap")
    illegal(g, loco.Lay(2, twin), "LOCO-CARD-HOTSAUCE-3")
    assert set(g.legal_moves(2)) == {loco.AskHelp(2), loco.Accept(2)}
    illegal(g, loco.Draw(2), "LOCO-TURN-8")


@pytest.mark.rule("LOCO-CARD-HOTSAUCE-4")
def test_LOCO_CARD_HOTSAUCE_4_after_accepting_a_new_stack_starts():
    g = sc([F0, F1, ["R-HotSauce"] + F2, F3], ["G-HotSauce"], current=2,
           pending={"kind": "hot_sauce", "draw": 2, "skip": False})
    g.apply(loco.Accept(2))
    assert len(held(g, 2)) == 4 + 2
    ev = g.apply(lay1(g, 2, "R-HotSauce"))
    assert "LOCO-CARD-HOTSAUCE-1" in rules_of(ev) and "LOCO-CARD-HOTSAUCE-2" not in rules_of(ev)
    p = g.view(None).pending
    assert (p.kind, p.draw, p.target) == ("hot_sauce", 2, 3)
    assert g.view(None).current == 3 and g.phase == "RESPONSE"


@pytest.mark.rule("LOCO-CARD-HEATSTROKE-1")
def test_LOCO_CARD_HEATSTROKE_1_accept_loses_the_turn():
    g = sc([F0, ["Y-HeatStroke"] + F1, F2, F3], ["Y-Bell"], current=1)
    ev = g.apply(lay1(g, 1, "Y-HeatStroke"))
    assert "LOCO-CARD-HEATSTROKE-1" in rules_of(ev)
    p = g.view(None).pending
    assert (p.kind, p.draw, p.skip, p.target) == ("heat_stroke", 0, True, 2)
    p2 = hand(g, 2)
    g.apply(loco.Accept(2))
    assert hand(g, 2) == p2
    assert top(g) == "Y-HeatStroke" and g.view(None).colour == "yellow"
    on_turn(g, 3)
    assert g.phase == "TURN_MAIN"


@pytest.mark.rule("LOCO-CARD-HEATSTROKE-1")
def test_LOCO_CARD_HEATSTROKE_1_only_milk_cancels():
    g = sc([F0, F1, ["R-HeatStroke", "Y-HotSauce", "Reaper", "Milk"] + F2, F3], ["Y-HeatStroke"], current=2,
           pending={"kind": "heat_stroke", "draw": 0, "skip": True})
    for code in ("R-HeatStroke", "Y-HotSauce", "Reaper"):
        illegal(g, lay1(g, 2, code), "LOCO-CARD-HEATSTROKE-1")
    g.apply(lay1(g, 2, "Milk"))
    g.apply(loco.ChooseColour(2, "red"))
    assert g.view(None).pending is None
    on_turn(g, 3)


@pytest.mark.rule("LOCO-CARD-NEWRECIPE-1")
def test_LOCO_CARD_NEWRECIPE_1_choose_any_colour():
    g = sc([F0, ["NewRecipe"] + F1, ["P-Ghost", "R-Bell", "G-HotSauce"] + F2, F3], ["R-Ghost"], current=1)
    ev = g.apply(lay1(g, 1, "NewRecipe"))
    assert "LOCO-CARD-NEWRECIPE-1" in rules_of(ev)
    assert g.phase == "COLOUR" and g.decision.players == (1,)
    g.apply(loco.ChooseColour(1, "purple"))
    assert g.view(None).colour == "purple"
    on_turn(g, 2)
    illegal(g, lay1(g, 2, "R-Bell"), "LOCO-MATCH-4")
    illegal(g, lay1(g, 2, "G-HotSauce"), "LOCO-MATCH-4")
    assert lay1(g, 2, "P-Ghost") in g.legal_moves(2)


@pytest.mark.rule("LOCO-CARD-REAPER-1")
def test_LOCO_CARD_REAPER_1_colour_then_draw5_and_skip():
    g = sc([F0, ["Reaper"] + F1, F2, ["G-Bell", "R-Bell"] + F3], ["R-Ghost"], current=1)
    ev = g.apply(lay1(g, 1, "Reaper"))
    assert "LOCO-CARD-REAPER-1" in rules_of(ev)
    assert g.phase == "COLOUR"
    g.apply(loco.ChooseColour(1, "green"))
    p = g.view(None).pending
    assert (p.kind, p.draw, p.skip, p.target) == ("reaper", 5, True, 2)
    g.apply(loco.Accept(2))
    assert len(held(g, 2)) == 3 + 5
    on_turn(g, 3)
    assert g.phase == "TURN_MAIN"
    illegal(g, lay1(g, 3, "R-Bell"), "LOCO-MATCH-4")
    assert lay1(g, 3, "G-Bell") in g.legal_moves(3)


@pytest.mark.rule("LOCO-CARD-REAPER-2")
def test_LOCO_CARD_REAPER_2_reapers_do_not_stack():
    g = sc([F0, F1, ["Reaper", "R-HotSauce", "NewRecipe", "Milk"] + F2, F3], ["Reaper"], current=2,
           colour="red", pending={"kind": "reaper", "draw": 5, "skip": True})
    for code in ("Reaper", "R-HotSauce", "NewRecipe"):
        illegal(g, lay1(g, 2, code), "LOCO-CARD-REAPER-2")
    assert set(g.legal_moves(2)) == {lay1(g, 2, "Milk"), loco.AskHelp(2), loco.Accept(2)}


@pytest.mark.rule("LOCO-CARD-BLENDER-1")
def test_LOCO_CARD_BLENDER_1_pool_and_deal_from_left():
    hands = [["Blender", "G-Bell", "P-Ghost"] + F0, ["R-Bell", "Y-Bell"] + F1[:2], ["P-Bell"] + F2, F3]
    g = sc(hands, ["R-Ghost"], current=0)
    assert sizes(g) == [6, 4, 4, 3]  # 5, 4, 4, 3 once Blender is laid: 16 cards
    pool = sorted(c.id for s in range(4) for c in held(g, s) if c.code != "Blender")
    pile, draw = pile_codes(g), codes(g.view(None).draw_pile)
    ev = g.apply(lay1(g, 0, "Blender"))
    assert "LOCO-CARD-BLENDER-1" in rules_of(ev)
    assert sizes(g) == [4, 4, 4, 4]
    assert sorted(c.id for h in g.view(None).hands.values() for c in h) == pool
    assert pile_codes(g) == pile + ["Blender"] and codes(g.view(None).draw_pile) == draw
    # the colour is chosen after the deal
    assert g.phase == "COLOUR" and g.decision.players == (0,)
    g.apply(loco.ChooseColour(0, "yellow"))
    on_turn(g, 1)


@pytest.mark.rule("LOCO-CARD-BLENDER-1")
def test_LOCO_CARD_BLENDER_1_uneven_total_layers_left_first_regardless_of_dir():
    for d in (1, -1):
        hands = [["Blender", "G-Bell", "P-Ghost"] + F0, ["R-Bell"] + F1, ["P-Bell"] + F2, ["Y-Bell"] + F3]
        g = sc(hands, ["R-Ghost"], current=0, dir=d)
        g.apply(lay1(g, 0, "Blender"))
        assert sizes(g) == [4, 5, 4, 4]  # 17 cards: P1 (P0's left) gets the extra one


@pytest.mark.rule("LOCO-CARD-BLENDER-2")
def test_LOCO_CARD_BLENDER_2_last_card_wins_no_deal():
    g = sc([["Blender"], F1, F2, F3], ["R-Ghost"], current=0)
    before = [hand(g, s) for s in range(4)]
    ev = g.apply(lay1(g, 0, "Blender"))
    assert g.result is not None and g.result.winner == 0
    assert "LOCO-WIN-2" in rules_of(ev) and "LOCO-CARD-BLENDER-1" not in rules_of(ev)
    assert [hand(g, s) for s in (1, 2, 3)] == before[1:]


@pytest.mark.rule("LOCO-CARD-TACO-1")
def test_LOCO_CARD_TACO_1_swap_hands_with_chosen_player():
    g = sc([F0, ["Taco"] + F1, F2, ["R-Bell", "G-Bell", "Y-Bell", "P-Bell"] + F3], ["R-Ghost"], current=1)
    g.apply(lay1(g, 1, "Taco"))
    assert g.phase == "TARGET" and g.decision.players == (1,)
    illegal(g, loco.ChooseTarget(1, 1), "LOCO-CARD-TACO-1")
    h1, h3 = list(held(g, 1)), list(held(g, 3))
    assert (len(h1), len(h3)) == (3, 7)
    ev = g.apply(loco.ChooseTarget(1, 3))
    assert "LOCO-CARD-TACO-1" in rules_of(ev)
    assert sorted(held(g, 1)) == sorted(h3) and sorted(held(g, 3)) == sorted(h1)
    assert hand(g, 0) == sorted(F0) and hand(g, 2) == sorted(F2)
    g.apply(loco.ChooseColour(1, "green"))
    on_turn(g, 2)


@pytest.mark.rule("LOCO-CARD-POTATO-1")
def test_LOCO_CARD_POTATO_1_everyone_passes_left_regardless_of_dir():
    g = sc([F0, ["Potato", "R-Bell"] + F1, F2 + ["P-Bell"], F3[:2] + ["G-Bell", "Y-Bell"]], ["R-Ghost"],
           current=1, dir=-1)
    g.apply(lay1(g, 1, "Potato"))
    # hands right after the lay (before the effect) are A, B, C, D
    A, B, C, D = F0, ["R-Bell"] + F1, F2 + ["P-Bell"], F3[:2] + ["G-Bell", "Y-Bell"]
    assert hand(g, 1) == sorted(A) and hand(g, 2) == sorted(B)
    assert hand(g, 3) == sorted(C) and hand(g, 0) == sorted(D)
    assert g.phase == "COLOUR" and g.decision.players == (1,)
    g.apply(loco.ChooseColour(1, "red"))
    on_turn(g, 0)  # dir = -1 still applies to the turn order


@pytest.mark.rule("LOCO-CARD-MILK-1")
def test_LOCO_CARD_MILK_1_never_out_of_turn():
    g = sc([F0, F1 + ["R-Bell"], F2, ["Milk"] + F3], ["R-Ghost"], current=1)
    illegal(g, lay1(g, 3, "Milk"), "LOCO-CARD-MILK-1")


@pytest.mark.rule("LOCO-CARD-MILK-1")
def test_LOCO_CARD_MILK_1_not_even_by_a_polled_jumper():
    g = sc([F0, F1 + ["R-Bell"], F2, ["Milk", "P-Carolina"] + F3], ["P-Carolina"], current=1)
    assert set(g.decision.players) == {1, 3}
    illegal(g, lay1(g, 3, "Milk"), "LOCO-CARD-MILK-1")


@pytest.mark.rule("LOCO-CARD-MILK-1")
def test_LOCO_CARD_MILK_1_counts_as_the_play_for_the_turn():
    g = sc([F0, F1, ["Milk"] + F2, F3], ["Y-HeatStroke"], current=2,
           pending={"kind": "heat_stroke", "draw": 0, "skip": True})
    g.apply(lay1(g, 2, "Milk"))
    g.apply(loco.ChooseColour(2, "green"))
    on_turn(g, 3)
    assert len(held(g, 2)) == 3


@pytest.mark.rule("LOCO-CARD-MILK-2")
def test_LOCO_CARD_MILK_2_never_the_last_card():
    g = sc([F0, F1, ["Milk"], F3], ["R-Ghost"], current=2)
    illegal(g, lay1(g, 2, "Milk"), "LOCO-CARD-MILK-2")
    assert set(g.legal_moves(2)) == {loco.Draw(2), loco.AskHelp(2)}
    g.apply(loco.Draw(2))
    assert lay1(g, 2, "Milk") in g.legal_moves(2)  # legal again with 2 cards


@pytest.mark.rule("LOCO-CARD-MILK-2")
def test_LOCO_CARD_MILK_2_not_last_card_in_response_window_either():
    g = sc([F0, F1, ["Milk"], F3], ["G-HotSauce"], current=2, pending={"kind": "hot_sauce", "draw": 2, "skip": False})
    illegal(g, lay1(g, 2, "Milk"), "LOCO-CARD-MILK-2")


@pytest.mark.rule("LOCO-CARD-MILK-3")
@pytest.mark.rule("LOCO-CARD-MILK-4")
def test_LOCO_CARD_MILK_3_and_4_cancel_whole_hot_sauce_stack():
    g = sc([["R-HotSauce"] + F0, ["G-HotSauce"] + F1, ["Y-HotSauce"] + F2, ["Milk"] + F3], ["R-Ghost"], current=0)
    g.apply(lay1(g, 0, "R-HotSauce"))
    g.apply(lay1(g, 1, "G-HotSauce"))
    g.apply(lay1(g, 2, "Y-HotSauce"))
    assert g.view(None).pending.draw == 6 and g.view(None).pending.target == 3
    before, draw = sizes(g), draw_size(g)
    ev = g.apply(lay1(g, 3, "Milk"))
    assert {"LOCO-CARD-MILK-3", "LOCO-CARD-MILK-4"} <= rules_of(ev)
    assert g.view(None).pending is None
    assert g.phase == "COLOUR" and g.decision.players == (3,)
    g.apply(loco.ChooseColour(3, "purple"))
    assert sizes(g) == [before[0], before[1], before[2], before[3] - 1] and draw_size(g) == draw  # nobody drew
    # MILK-4: the cancelled cards stay under Milk Chaser; the chosen colour is active
    assert pile_codes(g) == ["R-Ghost", "R-HotSauce", "G-HotSauce", "Y-HotSauce", "Milk"]
    assert g.view(None).colour == "purple"
    on_turn(g, 0)
    assert g.phase == "TURN_MAIN"


@pytest.mark.rule("LOCO-CARD-MILK-3")
def test_LOCO_CARD_MILK_3_cancels_reaper_draw_and_skip():
    g = sc([F0, F1, ["Milk"] + F2, F3], ["Reaper"], current=2, colour="red",
           pending={"kind": "reaper", "draw": 5, "skip": True})
    ev = g.apply(lay1(g, 2, "Milk"))
    assert "LOCO-CARD-MILK-3" in rules_of(ev)
    g.apply(loco.ChooseColour(2, "yellow"))
    assert len(held(g, 2)) == 3 and draw_size(g) == len(DRAW)
    on_turn(g, 3)  # DEC-40: next(P2)
    assert g.phase == "TURN_MAIN"


@pytest.mark.rule("LOCO-CARD-MILK-5")
def test_LOCO_CARD_MILK_5_plain_wild_does_not_undo():
    g = sc([["Milk"] + F0, ["P-Stir"] + F1, F2, F3], ["P-Bell"], current=1)
    g.apply(lay1(g, 1, "P-Stir"))
    assert g.view(None).direction == -1
    on_turn(g, 0)
    ev = g.apply(lay1(g, 0, "Milk"))
    assert "LOCO-CARD-MILK-5" in rules_of(ev)
    assert g.view(None).direction == -1  # the reverse is not undone
    g.apply(loco.ChooseColour(0, "green"))
    assert g.view(None).colour == "green"
    on_turn(g, 3)


@pytest.mark.rule("LOCO-CARD-MILK-5")
def test_LOCO_CARD_MILK_5_slap_penalty_not_undone():
    g = sc([F0, ["R-Slap"] + F1, ["Milk"] + F2, F3], ["R-Bell"], current=1, order=(0, 1, 3, 2))
    g.apply(lay1(g, 1, "R-Slap"))
    assert len(held(g, 2)) == 4 + 2
    g.apply(lay1(g, 2, "Milk"))
    g.apply(loco.ChooseColour(2, "yellow"))
    assert len(held(g, 2)) == 4 + 2 - 1 and draw_size(g) == len(DRAW) - 2


@pytest.mark.rule("LOCO-CARD-MILK-5")
def test_LOCO_CARD_MILK_5_milk_requires_pending_option():
    g = sc([["Milk"] + F0, F1, F2, F3], ["P-Bell"], current=0, milk_requires_pending=True)
    illegal(g, lay1(g, 0, "Milk"), "LOCO-CARD-MILK-5")
    g2 = sc([["Milk"] + F0, F1, F2, F3], ["G-HotSauce"], current=0, milk_requires_pending=True,
            pending={"kind": "hot_sauce", "draw": 2, "skip": False})
    assert lay1(g2, 0, "Milk") in g2.legal_moves(0)


def _milk_then_pr(rule_name, effect):
    loco.register_house_rule(loco.HouseRule(name=rule_name, text="Try to undo the Milk Chaser.", effect=effect))
    g = sc([F0, ["Milk"] + F1, ["PR1"] + F2, F3], ["G-HotSauce", "Y-HotSauce"], current=1,
           pending={"kind": "hot_sauce", "draw": 4, "skip": False}, personal_recipes=[rule_name, rule_name])
    g.apply(lay1(g, 1, "Milk"))
    g.apply(loco.ChooseColour(1, "red"))
    return g


@pytest.mark.rule("LOCO-CARD-MILK-6")
def test_LOCO_CARD_MILK_6_house_rule_cannot_cancel_milk():
    calls = []

    def try_cancel(api, layer, target):
        calls.append(api.cancel_milk())

    g = _milk_then_pr("test_cancel_milk", try_cancel)
    assert g.view(None).pending is None and sizes(g) == [3, 3, 4, 3]
    ev = g.apply(lay1(g, 2, "PR1"))
    assert calls == [False]
    refused = [e for e in ev if e.kind == "refused"]
    assert len(refused) == 1 and "LOCO-CARD-MILK-6" in refused[0].rules
    # the Milk's effect stands: no pending effect is revived, nobody drew, P1 keeps its turn done
    assert g.view(None).pending is None
    assert sizes(g) == [3, 3, 3, 3] and draw_size(g) == len(DRAW)
    assert pile_codes(g) == ["G-HotSauce", "Y-HotSauce", "Milk", "PR1"]
    g.apply(loco.ChooseColour(2, "yellow"))
    on_turn(g, 3)
    assert g.phase == "TURN_MAIN"

    # same position with a house rule that does nothing: the state is identical (the fingerprints are not:
    # they cover the options too, and the two games name different house rules)
    g2 = _milk_then_pr("test_noop_rule", lambda api, layer, target: None)
    g2.apply(lay1(g2, 2, "PR1"))
    g2.apply(loco.ChooseColour(2, "yellow"))
    assert g2.state.key() == g.state.key()


@pytest.mark.rule("LOCO-CARD-MILK-7")
def test_LOCO_CARD_MILK_7_get_milk_by_help_and_lay_it():
    g = sc([["Milk"] + F0, F1, ["G-Bell"] + F2, F3], ["Reaper"], current=2, colour="green",
           pending={"kind": "reaper", "draw": 5, "skip": True})
    g.apply(loco.AskHelp(2))
    # helpers are asked from the asker's left: P3, P0, P1
    assert g.decision.players == (3,)
    g.apply(loco.Pass(3))
    g.apply(loco.Offer(0, card(g, 0, "Milk")))
    g.apply(loco.Pass(1))
    g.apply(loco.Touch(2))
    assert hand(g, 2) == sorted(["G-Bell", "Milk"] + F2)
    assert g.phase == "RESPONSE" and g.decision.players == (2,)
    ev = g.apply(lay1(g, 2, "Milk"))
    assert "LOCO-CARD-MILK-3" in rules_of(ev)
    g.apply(loco.ChooseColour(2, "green"))
    assert g.view(None).pending is None and hand(g, 2) == sorted(["G-Bell"] + F2)  # no draw 5
    assert draw_size(g) == len(DRAW)
    on_turn(g, 3)  # not skipped: P2's Milk was the play for the turn


# ====================================================================== LOCO-WILD-1


@pytest.mark.rule("LOCO-WILD-1")
def test_LOCO_WILD_1_colour_asked_after_taco_swap():
    g = sc([F0, ["Taco"] + F1, F2, ["R-Bell", "G-Bell"] + F3], ["R-Ghost"], current=1)
    g.apply(lay1(g, 1, "Taco"))
    assert g.phase == "TARGET"  # the swap partner first, no colour yet
    assert not any(isinstance(m, loco.ChooseColour) for m in g.legal_moves())
    ev = g.apply(loco.ChooseTarget(1, 3))
    kinds = [e.kind for e in ev]
    assert "taco" in kinds
    assert g.phase == "COLOUR" and g.decision.players == (1,)
    assert len(held(g, 1)) == 5  # hands already swapped when the colour is asked
    illegal(g, loco.ChooseColour(1, "orange"), "LOCO-WILD-1")
    ev = g.apply(loco.ChooseColour(1, "yellow"))
    assert "LOCO-WILD-1" in rules_of(ev)
    assert g.view(None).colour == "yellow"


@pytest.mark.rule("LOCO-WILD-1")
@pytest.mark.parametrize("wild", ["NewRecipe", "Reaper", "Blender", "Potato", "Milk", "PR1"])
def test_LOCO_WILD_1_every_wild_asks_layer_for_colour_after_effect(wild):
    kw = {"personal_recipes": ["everyone_else_draws_1", "everyone_else_draws_1"]} if wild == "PR1" else {}
    g = sc([F0, [wild] + F1, F2 + ["P-Bell"], F3], ["R-Ghost"], current=1, **kw)
    before = [list(h) for h in g.view(None).hands.values()]
    ev = g.apply(lay1(g, 1, wild))
    assert g.phase == "COLOUR" and g.decision.players == (1,)
    assert set(g.legal_moves()) == {loco.ChooseColour(1, c) for c in loco.COLOURS}
    # the wild's own effect has already happened
    if wild == "Reaper":
        assert g.view(None).pending is not None and g.view(None).pending.kind == "reaper"
    elif wild == "Blender":
        assert any(e.kind == "blender" for e in ev)
    elif wild == "Potato":
        assert list(held(g, 2)) == before[1][1:]
    elif wild == "PR1":
        assert sizes(g) == [4, 3, 5, 4]
    g.apply(loco.ChooseColour(1, "purple"))
    assert g.view(None).colour == "purple"
