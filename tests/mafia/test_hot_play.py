"""Hot cards in play (mafia.md sections 2.4, 2.5, 3.1 I2, 3.2): declaration, defence window, resolution."""
import random

import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia
from chililab.games.mafia.rules.cards import CardPicker
from chililab.games.mafia.rules.hot_cards import defence_order

from .helpers import deal_order, gangs, in_hand, keys, pass_turn, rule, settle, two


def _refused(g, move, clause, text=None):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


def _turn(g, *forms):
    """The active player forms each gang of codes, then ends the turn (the draw follows)."""
    p = g.decision.players[0]
    for codes in forms:
        g.apply(mafia.Form(p, in_hand(g, p, *codes)))
    pass_turn(g)


def _gang_card(g, seat, code):
    return CardPicker([c for gang in g.view(None).gangs[seat] for c in gang]).take(code)


def kate_and_joe(p0_extra=("Whack", "Pinch", "Fuggedaboutit"), p1_extra=("Fuggedaboutit", "Carolina", "Moruga"),
                 **kw):
    """The rulebook example's table, 2 players: Kate (P0) has [Sweet, Tabasco, Habanero], Joe (P1)
    [Tabasco, Ghost, Jimmy]; it is Kate's second turn."""
    g = two(["Sweet", "Tabasco", "Habanero", *p0_extra], ["Tabasco", "Ghost", "Jimmy", *p1_extra],
            rest=["Jalapeno"] * 4, **kw)
    _turn(g, ("Sweet", "Tabasco", "Habanero"))
    _turn(g, ("Tabasco", "Ghost", "Jimmy"))
    return g


def _whack(g, hot="Whack", attacker="Habanero", *targets, seat=0, rival=1):
    return mafia.PlayHot(seat, in_hand(g, seat, hot)[0], _gang_card(g, seat, attacker),
                         tuple(_gang_card(g, rival, t) for t in targets or ("Tabasco",)))


@rule("MAFIA-HOT-WHACK-1")
def test_hot_whack_1_kates_habanero_whacks_joes_tabasco():
    g = kate_and_joe()
    m = _whack(g)
    assert m in g.legal_moves()
    g.apply(m)
    assert g.phase == "DEFENSE" and g.decision.players == (1,) and g.view(1).attack == m
    g.apply(mafia.Decline(1))
    t = g.view(None)
    assert gangs(g, 1) == [["ghost", "jimmy"]] and keys(t.discard[-2:]) == ["whack", "tabasco"]
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,) and t.attack is None and t.acted


@rule("MAFIA-HOT-2")
def test_hot_2_an_invalid_declaration_spends_nothing():
    g = kate_and_joe()
    _refused(g, _whack(g, "Whack", "Habanero", "Ghost"), "MAFIA-HOT-3", "stronger")
    own = mafia.PlayHot(0, in_hand(g, 0, "Whack")[0], _gang_card(g, 1, "Ghost"), (_gang_card(g, 1, "Tabasco"),))
    _refused(g, own, "MAFIA-HOT-2", "attacker")
    fugg = mafia.PlayHot(0, in_hand(g, 0, "Fuggedaboutit")[0], _gang_card(g, 0, "Habanero"),
                         (_gang_card(g, 1, "Tabasco"),))
    _refused(g, fugg, "MAFIA-HOT-2", "not a Hot card")
    assert "whack" in keys(g.view(0).hand) and g.phase == "TURN_MAIN"


@rule("MAFIA-HOT-3")
def test_hot_3_targets_a_rival_non_sweet_pepper_no_stronger_than_the_attack():
    g = kate_and_joe()
    _refused(g, _whack(g, "Whack", "Habanero", "Tabasco", rival=0), "MAFIA-HOT-3", "rival gang")
    _refused(g, _whack(g, "Whack", "Habanero", "Sweet", rival=0), "MAFIA-HOT-3", "rival gang")
    _refused(g, _whack(g, "Whack", "Tabasco", "Jimmy", "Ghost"), "MAFIA-HOT-2", "1 distinct target")
    assert {(m.attacker.key, m.targets[0].key) for m in g.legal_moves() if isinstance(m, mafia.PlayHot)
            and m.card.key == "whack"} == {("habanero", "tabasco"), ("habanero", "jimmy"), ("tabasco", "tabasco"),
                                           ("tabasco", "jimmy")}  # the Sweet Chili (1) is too weak for any


@rule("MAFIA-HOT-3")
def test_hot_3_dec_9_an_incomplete_gang_may_attack():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Habanero", "Carolina"],
            ["Moruga", "Moruga", "Moruga", "Jalapeno", "Tabasco", "Sweet"],
            rest=["Whack", "Pinch", "Jalapeno", "Jalapeno", "Tabasco", "Tabasco", "Jalapeno", "Jalapeno"])
    _turn(g, ("Ghost", "Ghost", "Ghost"), ("Jimmy", "Habanero", "Carolina"))
    _turn(g, ("Moruga", "Moruga", "Moruga"))
    pass_turn(g, _gang_card(g, 0, "Jimmy"))  # P0 passes, discarding the Jimmy: [Habanero, Carolina] is incomplete
    pass_turn(g, in_hand(g, 1, "Sweet")[0])
    assert gangs(g, 0) == [["ghost"] * 3, ["habanero", "carolina"]]
    g.apply(_whack(g, "Whack", "Carolina", "Moruga"))
    g.apply(mafia.Decline(1))
    assert gangs(g, 1) == [["moruga", "moruga"]]


@rule("MAFIA-HOT-1")
def test_hot_1_two_players_one_hot_card_per_turn():
    g = kate_and_joe()
    g.apply(_whack(g))
    g.apply(mafia.Decline(1))
    pinch = _whack(g, "Pinch", "Habanero", "Jimmy")
    _refused(g, pinch, "MAFIA-HOT-1", "2 players")
    assert not any(isinstance(m, mafia.PlayHot) for m in g.legal_moves())


@rule("MAFIA-HOT-6")
def test_hot_6_a_neutralized_hot_card_still_counts():
    g = kate_and_joe()
    g.apply(_whack(g))
    fugg = in_hand(g, 1, "Fuggedaboutit")[0]
    assert mafia.Neutralize(1, fugg) in g.legal_moves()
    g.apply(mafia.Neutralize(1, fugg))
    t = g.view(None)
    assert gangs(g, 1) == [["tabasco", "ghost", "jimmy"]] and keys(t.discard[-2:]) == ["whack", "fuggedaboutit"]
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)
    _refused(g, _whack(g, "Pinch", "Habanero", "Jimmy"), "MAFIA-HOT-1", "has played 1")


@rule("MAFIA-ACT-FUGG-2")
def test_act_fugg_2_only_in_a_defence_window():
    g = kate_and_joe()
    _refused(g, mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]), "MAFIA-ACT-FUGG-2", "defence window")
    g.apply(_whack(g))
    _refused(g, mafia.Neutralize(0, in_hand(g, 0, "Fuggedaboutit")[0]), "MAFIA-HOT-4", "no decision")  # the attacker
    _refused(g, mafia.Neutralize(1, in_hand(g, 1, "Carolina")[0]), "MAFIA-ACT-FUGG-1", "not a Fuggedaboutit")


def four(hands, rest=(), seed=0, **options):
    """A 4-player game whose draft ends with exactly ``hands`` (6 codes per seat, in pick order), P0 first."""
    n = len(hands)
    dealt = [[hands[(o + k) % n][k] for k in range(6)] for o in range(n)]
    g = mafia.new_game(players=n, seed=seed, deck=deal_order(dealt, rest), first_player=0, **options)
    while g.phase == "DRAFT":
        k = g.view(None).pick - 1
        for s in range(n):
            g.apply(mafia.Pick(s, CardPicker(g.view(s).packet).take(hands[s][k])))
    return g


FOUR = [["Sweet", "Tabasco", "Habanero", "Whack", "Jalapeno", "Jalapeno"],
        ["Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga", "Poblano"],
        ["Fuggedaboutit", "Jalapeno", "Hungarian", "Poblano", "Ghost", "Jimmy"],
        ["Fuggedaboutit", "Jalapeno", "Hungarian", "Poblano", "Ghost", "Jimmy"]]


def _four_whacked(**options):
    """4 players from FOUR: P0 and P1 form, P2 and P3 pass, then P0's Habanero Whacks P1's Tabasco."""
    g = four(FOUR, rest=["Hungarian"] * 4 + ["Poblano"] * 4, **options)
    assert [keys(g.view(None).hands[s]) for s in range(4)] == [[c.lower() for c in h] for h in FOUR]
    _turn(g, ("Sweet", "Tabasco", "Habanero"))
    _turn(g, ("Tabasco", "Ghost", "Jimmy"))
    pass_turn(g, in_hand(g, 2, "Jalapeno")[0])
    pass_turn(g, in_hand(g, 3, "Jalapeno")[0])
    g.apply(_whack(g))
    return g


@rule("MAFIA-HOT-4")
@rule("MAFIA-ACT-FUGG-1")
def test_hot_4_every_other_seat_is_asked_in_turn_and_the_first_fuggedaboutit_closes_it():
    g = _four_whacked()
    prompts = []
    assert g.decision.players == (1,) and [m for m in g.legal_moves() if isinstance(m, mafia.Neutralize)] == []
    prompts.append(g.view(2).decision.prompt.split(". ")[0])
    g.apply(mafia.Decline(1))  # P1, the target, holds no Fuggedaboutit and is asked all the same
    assert g.phase == "DEFENSE" and g.decision.players == (2,)
    prompts.append(g.view(1).decision.prompt.split(". ")[0])
    assert prompts[0] == prompts[1]  # the same words for a seat with and without a Fuggedaboutit
    before = g.view(None).hand_counts
    g.apply(mafia.Neutralize(2, in_hand(g, 2, "Fuggedaboutit")[0]))  # P2, not the target, protects P1
    t = g.view(None)
    assert t.hand_counts[2] == before[2] - 1 and gangs(g, 1) == [["tabasco", "ghost", "jimmy"]]
    assert keys(t.discard[-2:]) == ["whack", "fuggedaboutit"] and g.phase == "TURN_MAIN"
    assert g.decision.players == (0,)  # P3 is never asked: one neutralization ends the window


@rule("MAFIA-HOT-4")
def test_hot_4_interrupt_orders():
    assert defence_order("clockwise_from_attacker_left", 2, 0, 5, random.Random(0)) == [3, 4, 0, 1]
    assert defence_order("target_first", 2, 0, 5, random.Random(0)) == [0, 1, 3, 4]
    shuffled = defence_order("seeded_random", 2, 0, 5, random.Random(7))
    assert sorted(shuffled) == [0, 1, 3, 4] and shuffled == defence_order("seeded_random", 2, 0, 5, random.Random(7))
    g = _four_whacked(interrupt_order="target_first")
    asked = []
    while g.phase == "DEFENSE":
        asked.append(g.decision.players[0])
        g.apply(mafia.Decline(asked[-1]))
    assert asked == [1, 2, 3] and gangs(g, 1) == [["ghost", "jimmy"]]


@rule("MAFIA-HOT-WHACKEM-1")
def test_hot_whackem_1_two_targets_in_one_gang_one_fuggedaboutit_stops_both():
    for neutralize in (False, True):
        g = two(["Ghost", "Ghost", "Ghost", "Whack Em", "Jalapeno", "Jalapeno"],
                ["Habanero", "Tabasco", "Sweet", "Fuggedaboutit", "Carolina", "Moruga"], rest=["Jalapeno"] * 4)
        _turn(g, ("Ghost", "Ghost", "Ghost"))
        _turn(g, ("Habanero", "Tabasco", "Sweet"))
        g.apply(_whack(g, "Whack Em", "Ghost", "Habanero", "Tabasco"))
        g.apply(mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]) if neutralize else mafia.Decline(1))
        after = [["habanero", "tabasco", "sweet"]] if neutralize else [["sweet"]]
        assert gangs(g, 1) == after
        top = ["whackem", "fuggedaboutit"] if neutralize else ["whackem", "habanero", "tabasco"]
        assert keys(g.view(None).discard[-len(top):]) == top


@rule("MAFIA-HOT-TURNCOAT-1")
def test_hot_turncoat_1_cap_8_and_the_placement_chosen_at_resolution():
    g = two(["Ghost", "Ghost", "Ghost", "Carolina", "Jimmy", "Jalapeno"],
            ["Moruga", "Ghost", "Sweet", "Habanero", "Jalapeno", "Jalapeno"],
            rest=["Turncoat", "Jalapeno", "Jalapeno", "Jalapeno"])
    _turn(g, ("Ghost", "Ghost", "Ghost"), ("Carolina", "Jimmy", "Jalapeno"))
    _turn(g, ("Moruga", "Ghost", "Sweet"))
    _refused(g, _whack(g, "Turncoat", "Carolina", "Moruga"), "MAFIA-HOT-TURNCOAT-1", "8 at most")
    g.apply(_whack(g, "Turncoat", "Carolina", "Ghost"))
    g.apply(mafia.Decline(1))
    assert g.phase == "HOT_RESOLVE" and g.view(1).turncoat.key == "ghost" and g.decision.players == (0,)
    assert set(g.legal_moves()) == {mafia.Place(0, 0), mafia.Place(0, 1)}  # no new gang: 1 pepper in hand
    _refused(g, mafia.Place(0, 2), "MAFIA-HOT-TURNCOAT-1", "does not join")
    _refused(g, mafia.Place(0, None, in_hand(g, 0, "Jalapeno")), "MAFIA-HOT-TURNCOAT-1", "2 or more")
    g.apply(mafia.Place(0, 0))
    assert gangs(g, 0)[0] == ["ghost"] * 4 and gangs(g, 1) == [["moruga", "sweet"]] and g.phase == "TURN_MAIN"


@rule("MAFIA-HOT-TURNCOAT-2")
def test_hot_turncoat_2_declared_only_with_somewhere_to_go():
    g = two(["Ghost", "Ghost", "Ghost", "Turncoat", "Carolina", "Carolina"],
            ["Jimmy", "Jimmy", "Jimmy", "Habanero", "Jalapeno", "Jalapeno"],
            rest=["Carolina", "Turncoat", "Tabasco", "Tabasco"])
    _turn(g, ("Ghost", "Ghost", "Ghost"))
    _turn(g, ("Jimmy", "Jimmy", "Jimmy"))
    # P0's hand: 2 Turncoats and 3 Carolinas: Jimmy joins no gang, and Carolina+Carolina+Jimmy is no gang
    assert not any(isinstance(m, mafia.PlayHot) for m in g.legal_moves())
    _refused(g, _whack(g, "Turncoat", "Ghost", "Jimmy"), "MAFIA-HOT-TURNCOAT-2", "nowhere to go")


@rule("MAFIA-HOT-PINCH-1")
def test_hot_pinch_1_into_the_middle_third_of_the_deck_the_same_for_the_same_seed():
    spots = []
    for _ in range(2):
        g = kate_and_joe(seed=5)
        n = g.view(None).draw_size
        m = _whack(g, "Pinch", "Habanero", "Tabasco")
        m_target = m.targets[0]
        g.apply(m)
        g.apply(mafia.Decline(1))
        pile = g.view(None).draw_pile
        spot = pile.index(m_target)
        assert len(pile) == n + 1 and max(1, -(-n // 3)) <= spot <= max(1, 2 * n // 3)
        spots.append(spot)
    assert spots[0] == spots[1]


@rule("MAFIA-HOT-PINCH-2")
def test_hot_pinch_2_after_the_dawn_raid_to_the_bottom():
    g = kate_and_joe(raid_after=2)  # P1's end draw met the Dawn Raid; now P0's turn
    assert g.view(None).dawn_raid_drawn and g.decision.players == (0,)
    assert gangs(g, 0) == [["sweet", "tabasco", "habanero"]] and gangs(g, 1) == [["tabasco", "ghost", "jimmy"]]
    m = _whack(g, "Pinch", "Habanero", "Tabasco")
    g.apply(m)
    g.apply(mafia.Decline(1))
    assert g.view(None).draw_pile[-1] == m.targets[0]


def _keep_the_pinch(g, p):
    """A discard for ``p`` (pass or hand limit) from the hand, never the Pinch."""
    return next(m for m in g.legal_moves() if m.card in g.view(None).hands[p] and m.card.key != "pinch")


@rule("MAFIA-HOT-PINCH-3")
def test_hot_pinch_3_with_an_empty_deck_onto_the_discard_pile():
    g = kate_and_joe(p0_extra=("Pinch", "Hungarian", "Hungarian"), p1_extra=("Hungarian",) * 3)
    while g.view(None).final_turns_left is None:  # everyone passes until the deck is empty
        p = g.decision.players[0]
        g.apply(mafia.EndTurn(p))
        while g.phase in ("PASS_DISCARD", "END_DRAW", "DAWN_RAID"):
            if g.phase == "DAWN_RAID":
                settle(g)
            else:
                g.apply(_keep_the_pinch(g, p))
    while g.decision.players != (0,) or g.phase != "TURN_MAIN":
        pass_turn(g)
    assert g.view(None).draw_size == 0 and gangs(g, 1)[0][0] == "tabasco"
    m = _whack(g, "Pinch", "Habanero", "Tabasco")
    g.apply(m)
    g.apply(mafia.Decline(1))
    assert g.view(None).discard[-2:] == (m.card, m.targets[0])


@rule("MAFIA-HOT-2")
@pytest.mark.parametrize("players", [2, 4])
def test_hot_2_listed_declarations_pass_the_full_check(players):
    """The listing builds declarations valid by construction; each one also passes the refusal check
    (read through ``g.state.refusal``: the listing is what ``check`` trusts)."""
    rng = random.Random(players)
    seen = 0
    for seed in range(3):
        g = mafia.new_game(players=players, seed=seed)
        while g.decision is not None and g.view(None).result is None:
            moves = g.legal_moves()
            hot = [m for m in moves if isinstance(m, mafia.PlayHot)]
            assert all(g.state.refusal(m) is None for m in hot)
            seen += len(hot)
            g.apply(rng.choice(hot or moves))
    assert seen > 0
