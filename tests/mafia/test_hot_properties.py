"""Hot Properties in play (mafia.md section 2.13, MAFIA-HAND-3, MAFIA-HOT-5): every scenario from explicit decks.

A player gets Hot Properties the way the rules give them: by forming gangs of 3 hand peppers
(MAFIA-HP-1), with the HP deck's order fixed by ``hp_deck``.
"""
import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia
from chililab.games.mafia.rules.cards import CardPicker

from .helpers import gangs, in_hand, keys, pass_turn, rule, two
from .test_hot_play import _gang_card, four

HP = {"hot_properties": True}


def _refused(g, move, clause, text=None):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


def hp(g, seat, code):
    """``seat``'s Hot Property for a code, from the teacher's view."""
    return CardPicker(g.view(None).hot_properties[seat]).take(code)


def form(g, seat, *codes):
    g.apply(mafia.Form(seat, in_hand(g, seat, *codes)))


def use(g, seat, code, **kw):
    return mafia.UseHP(seat, hp(g, seat, code), **kw)


def whack_table(p0_extra, p1_extra, hps, rest=(), **kw):
    """2 players: P0 forms [Ghost, Jalapeño, Jimmy] and P1 [Tabasco, Hungarian, Poblano] on their first turns (each
    drawing the next HP of ``hps``: P0 first); then it is P0's second turn. The draw deck starts with 4 Jalapeños
    (the two end-of-turn draws), then ``rest``."""
    g = two(["Ghost", "Jalapeno", "Jimmy", *p0_extra], ["Tabasco", "Hungarian", "Poblano", *p1_extra],
            rest=["Jalapeno"] * 4 + list(rest), hp_deck=hps, **HP, **kw)
    form(g, 0, "Ghost", "Jalapeno", "Jimmy")
    pass_turn(g)
    form(g, 1, "Tabasco", "Hungarian", "Poblano")
    pass_turn(g)
    return g


def whack(g, hot="Whack", attacker="Ghost", target="Tabasco"):
    return mafia.PlayHot(0, in_hand(g, 0, hot)[0], _gang_card(g, 0, attacker), (_gang_card(g, 1, target),))


# ---------------------------------------------------------------- drawing and holding (HP-1, HP-2, HAND-3)


@rule("MAFIA-HP-1")
def test_hp_1_a_new_gang_of_3_hand_peppers_draws_one_up_to_3_held():
    rest = ["Tabasco", "Earner", "Habanero", "Habanero", "Tabasco", "Tabasco", "Poblano", "Earner",
            "Habanero", "Habanero", "Poblano", "Poblano", "Poblano"]
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Carolina", "Moruga", "Sweet", "Jimmy",
            "Tabasco", "Hungarian"], rest=rest, hp_deck=["Backup", "Snoop", "Recruit", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    assert g.view(None).hp_counts == (1, 0) and g.view(None).hp_deck_size == 15
    form(g, 0, "Jimmy", "Jimmy", "Jimmy")
    assert keys(g.view(0).hot_properties[0]) == ["backup", "snoop"]
    pass_turn(g)
    pass_turn(g)  # P1 passes
    g.apply(mafia.PlayAction(0, in_hand(g, 0, "Earner")[0]))  # draws 2 Tabascos
    form(g, 0, "Tabasco", "Tabasco", "Tabasco")
    assert keys(g.view(0).hot_properties[0]) == ["backup", "snoop", "recruit"]
    pass_turn(g)
    pass_turn(g)
    g.apply(mafia.PlayAction(0, in_hand(g, 0, "Earner")[0]))
    form(g, 0, "Poblano", "Poblano", "Poblano")
    t = g.view(None)
    assert t.hp_counts == (3, 0) and t.hp_deck_size == 13  # holding 3: no fourth (DEC-21)
    assert any(e.kind == "hp_no_draw" and "at most 3" in str(e) for e in g.events())


@rule("MAFIA-HP-1")
def test_hp_1_adding_draws_nothing():
    g = two(["Ghost", "Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            hp_deck=["Backup"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    g.apply(mafia.Add(0, 0, in_hand(g, 0, "Ghost")))
    assert g.view(None).hp_counts == (1, 0) and gangs(g, 0) == [["ghost"] * 4]


@rule("MAFIA-HP-2")
def test_hp_2_face_down_only_their_owner_sees_them():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            hp_deck=["Kiss of Death", "Bribe"], **HP)
    events = g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Ghost")))
    kiss = hp(g, 0, "Kiss of Death")
    mine, theirs = g.view(0), g.view(1)
    assert mine.hot_properties == {0: (kiss,)} and theirs.hot_properties == {1: ()}
    assert theirs.hp_counts == (1, 0) and kiss.id not in theirs.visible_card_ids()
    drawn = next(e for e in events if e.kind == "hp_draw")
    assert "Kiss" in str(drawn.for_viewer(0)) and "Kiss" not in str(drawn.for_viewer(1))


@rule("MAFIA-HAND-3")
def test_hand_3_hot_properties_are_not_in_the_hand():
    """P1 holds 8 cards and 2 HPs: a Shakedown takes a hand card, never an HP; a draw at 8 asks exactly 1 discard."""
    g = two(["Poblano", "Poblano", "Habanero", "Habanero", "Carolina", "Shakedown"],
            ["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], hp_deck=["Backup", "Snoop"], **HP)
    pass_turn(g, discard=in_hand(g, 0, "Poblano")[0])
    form(g, 1, "Ghost", "Ghost", "Ghost")
    form(g, 1, "Jimmy", "Jimmy", "Jimmy")  # P1: 0 cards, 2 HPs
    pass_turn(g)
    while len(g.view(None).hands[1]) < 8:  # both pass; P0 keeps the Shakedown, P1 grows a card a round
        p = g.decision.players[0]
        g.apply(mafia.EndTurn(p))
        g.apply(mafia.Discard(p, next(c for c in g.view(None).hands[p] if c.key != "shakedown")))
        while g.phase == "END_DRAW":
            g.apply(mafia.Discard(p, next(c for c in g.view(None).hands[p] if c.key != "shakedown")))
    if g.decision.players[0] == 1:
        pass_turn(g, discard=g.view(None).hands[1][0])
    t = g.view(None)
    assert g.decision.players == (0,) and len(t.hands[1]) == 8 and t.hp_counts[1] == 2
    hand = set(t.hands[1])
    g.apply(mafia.PlayAction(0, in_hand(g, 0, "Shakedown")[0], 1))
    t = g.view(None)
    assert len(t.hands[1]) == 7 and t.hp_counts[1] == 2 and len(hand - set(t.hands[1])) == 1
    pass_turn(g)  # P0 acted: no discard; P1's turn next, with 7 cards
    p1 = g.view(None).hands[1]
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, p1[0]))  # the pass discard: 6 left, draws 2 -> 8
    assert g.phase == "TURN_MAIN" and len(g.view(None).hands[1]) == 8
    # P0 passes; then P1 (8 cards, 2 HPs) draws: one discard per card beyond 8, the HPs not counted
    pass_turn(g)
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, g.view(None).hands[1][0]))  # pass discard -> 7
    assert g.phase == "END_DRAW" and g.decision.players == (1,)  # 1st card entered (8); the 2nd asks a discard
    g.apply(mafia.Discard(1, g.view(None).hands[1][0]))
    assert g.phase == "TURN_MAIN" and len(g.view(None).hands[1]) == 8 and g.view(None).hp_counts[1] == 2


# ---------------------------------------------------------------- using them (HP-3, HP-4, HP-5)


@rule("MAFIA-HP-3")
def test_hp_3_revealed_resolved_and_put_at_the_bottom():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Tabasco", "Poblano", "Earner"], hp_deck=["Lucky Dime", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    form(g, 0, "Jimmy", "Jimmy", "Jimmy")
    dime = hp(g, 0, "Lucky Dime")
    events = g.apply(mafia.UseHP(0, dime))
    assert any(e.kind == "hp_use" and "Lucky Dime" in str(e.for_viewer(1)) for e in events)  # revealed to all
    g.apply(mafia.Decline(0))  # Lucky Dime drew a Tabasco: stop there
    t = g.view(None)
    assert t.hp_deck[-1] is dime and t.hot_properties[0] == (hp(g, 0, "Bribe"),)
    # an "anytime" card is not used on one's turn outside its moment; nor anything by a seat not asked
    _refused(g, mafia.UseHP(0, hp(g, 0, "Bribe")), "MAFIA-HP-3", "anytime")
    _refused(g, mafia.UseHP(1, dime), "MAFIA-HP-3")


@rule("MAFIA-HP-4")
def test_hp_4_a_use_whose_condition_is_false_has_no_effect():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Poblano"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Tabasco", "Poblano"], hp_deck=["Lucky Dime", "Make a Deal"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")  # 3 cards left in hand
    dime = hp(g, 0, "Lucky Dime")
    assert g.legal_moves().count(mafia.UseHP(0, dime)) == 1
    draw = g.view(None).draw_size
    g.apply(mafia.UseHP(0, dime))
    t = g.view(None)
    assert t.draw_size == draw and len(t.hands[0]) == 3 and t.hp_deck[-1] is dime and t.hot_properties[0] == ()
    assert any(e.kind == "hp_void" for e in g.events()) and g.phase == "TURN_MAIN"


@rule("MAFIA-HP-5")
def test_hp_5_discarded_at_the_end_never_scored():
    import random

    from chililab.games.mafia.rules.checks import side_tallies
    for seed in range(40):
        g = mafia.new_game(players=3, seed=seed, **HP)
        r = random.Random(seed)
        while g.phase != "SCORING" and not g.over:
            held = g.view(None).hp_counts
            g.apply(r.choice(g.legal_moves()))
        if sum(held) == 0:
            continue
        t = g.view(None)
        assert t.hp_counts == (0, 0, 0)
        tallies = side_tallies(t.gangs, (0, 1, 2))
        assert g.result.scores == tuple(tallies[s].points for s in range(3))
        assert sum(c.kind == "hot_property" for c in t.discard) >= sum(held)
        return
    raise AssertionError("no seeded game ended with a Hot Property held")


# ---------------------------------------------------------------- the defence window: "Easy, Pal!", Lifeline


@rule("MAFIA-HP-EASYPAL-1")
def test_hp_easypal_1_hand_peppers_worth_5_neutralize():
    g = whack_table(["Whack", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Sweet"], ["Backup", "Easy Pal"])
    g.apply(whack(g))
    assert g.phase == "DEFENSE" and g.decision.players == (1,)
    pal = hp(g, 1, "Easy Pal")
    _refused(g, mafia.UseHP(1, pal, cards=in_hand(g, 1, "Jimmy", "Sweet")), "MAFIA-HP-EASYPAL-1", "add up to 3")
    assert hp(g, 1, "Easy Pal") is pal  # a refused selection spends nothing
    g.apply(mafia.UseHP(1, pal, cards=in_hand(g, 1, "Jimmy", "Poblano")))
    t = g.view(None)
    assert gangs(g, 1) == [["tabasco", "hungarian", "poblano"]] and keys(t.discard[-3:]) == ["whack", "jimmy",
                                                                                              "poblano"]
    assert t.hp_deck[-1] is pal and t.hp_counts == (1, 0)
    assert g.phase == "NEUTRALIZED" and g.decision.players == (0,)  # P0 holds an HP: asked about Reconsider
    g.apply(mafia.Decline(0))
    assert g.phase == "TURN_MAIN"


@rule("MAFIA-HP-LIFELINE-1")
def test_hp_lifeline_1_a_fuggedaboutit_from_the_top_5_played_at_once():
    rest = ["Poblano", "Fuggedaboutit", "Jimmy", "Carolina", "Moruga", "Habanero"]
    g = whack_table(["Whack", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Sweet"], ["Backup", "Lifeline"], rest=rest)
    g.apply(whack(g))
    life = hp(g, 1, "Lifeline")
    assert mafia.UseHP(1, life) in g.legal_moves(1)
    g.apply(mafia.UseHP(1, life))
    assert g.phase == "DEFENSE" and g.decision.players == (1,)
    look = g.view(1).looking[1]
    assert keys(look) == ["poblano", "fuggedaboutit", "jimmy", "carolina", "moruga"] and g.view(0).looking == {}
    fugg = look[1]
    g.apply(mafia.Neutralize(1, fugg))
    t = g.view(None)
    assert keys(t.draw_pile[:5]) == ["poblano", "jimmy", "carolina", "moruga", "habanero"]
    assert keys(t.discard[-2:]) == ["whack", "fuggedaboutit"] and gangs(g, 1)[0][0] == "tabasco"
    assert g.phase == "NEUTRALIZED"


@rule("MAFIA-HP-LIFELINE-1")
def test_hp_lifeline_1_keep_it_then_still_answer():
    rest = ["Poblano", "Fuggedaboutit", "Jimmy"]
    g = whack_table(["Whack", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Sweet"], ["Backup", "Lifeline"], rest=rest)
    g.apply(whack(g))
    g.apply(use(g, 1, "Lifeline"))
    fugg = g.view(1).looking[1][1]
    g.apply(mafia.Keep(1, fugg))
    assert fugg in g.view(1).hand and g.phase == "DEFENSE" and g.decision.players == (1,)
    assert keys(g.view(None).draw_pile[:2]) == ["poblano", "jimmy"]
    g.apply(mafia.Decline(1))  # kept for later: the Whack goes through
    assert gangs(g, 1) == [["hungarian", "poblano"]]


# ---------------------------------------------------------------- after a Hot card: Reconsider, Kiss, Bribe, HOT-5


@rule("MAFIA-HP-RECONSIDER-1")
@rule("MAFIA-HOT-6")
def test_hp_reconsider_1_the_neutralized_hot_card_comes_back():
    g = whack_table(["Whack", "Ghost", "Ghost"], ["Fuggedaboutit", "Poblano", "Sweet"], ["Reconsider", "Backup"])
    w = in_hand(g, 0, "Whack")[0]
    g.apply(whack(g))
    g.apply(mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]))
    assert g.phase == "NEUTRALIZED" and g.decision.players == (0,)
    g.apply(use(g, 0, "Reconsider"))
    t = g.view(None)
    assert w in t.hands[0] and keys(t.discard[-1:]) == ["fuggedaboutit"] and g.phase == "TURN_MAIN"
    # MAFIA-HOT-6: it was played; one complete gang allows one Hot card a turn
    _refused(g, whack(g), "MAFIA-HOT-1")


@rule("MAFIA-HP-KISS-1")
def test_hp_kiss_1_discards_a_weak_pepper_of_the_attacking_gang():
    g = whack_table(["Whack", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Sweet"], ["Backup", "Kiss of Death"])
    g.apply(whack(g))
    g.apply(mafia.Decline(1))
    assert g.phase == "POST_HOT" and g.decision.players == (1,)
    kiss = hp(g, 1, "Kiss of Death")
    _refused(g, mafia.UseHP(1, kiss, take=_gang_card(g, 0, "Ghost")), "MAFIA-HP-KISS-1", "strength 5 or less")
    g.apply(mafia.UseHP(1, kiss, take=_gang_card(g, 0, "Jalapeno")))
    assert gangs(g, 0) == [["ghost", "jimmy"]] and gangs(g, 1) == [["hungarian", "poblano"]]
    assert g.phase == "TURN_MAIN" and keys(g.view(None).discard[-1:]) == ["jalapeno"]


@rule("MAFIA-HOT-5")
def test_hot_5_neutralized_only_reconsider_follows_else_kiss_then_the_turn():
    g = whack_table(["Whack", "Whack", "Ghost"], ["Fuggedaboutit", "Poblano", "Sweet"],
                    ["Reconsider", "Kiss of Death"])
    g.apply(whack(g))
    g.apply(mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]))
    assert g.phase == "NEUTRALIZED" and g.decision.players == (0,)  # the Reconsider window, not Kiss of Death
    g.apply(mafia.Decline(0))
    assert g.phase == "TURN_MAIN"
    g2 = whack_table(["Whack", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Sweet"], ["Reconsider", "Kiss of Death"])
    g2.apply(whack(g2))
    g2.apply(mafia.Decline(1))
    assert g2.phase == "POST_HOT" and g2.decision.players == (1,)  # after the effect: Kiss of Death
    assert g2.legal_moves(1)[0] == mafia.Decline(1)
    g2.apply(mafia.Decline(1))
    assert g2.phase == "TURN_MAIN" and g2.decision.players == (0,)


def three_pinch(hps):
    """3 players: P0 [Ghost x3], P1 [Tabasco, Habanero, Jimmy], P2 [Poblano x3] formed on their first turns (drawing
    ``hps`` in that order); P0 holds a Pinch and is on turn again."""
    hands = [["Ghost", "Ghost", "Ghost", "Pinch", "Moruga", "Carolina"],
             ["Tabasco", "Habanero", "Jimmy", "Jalapeno", "Jalapeno", "Hungarian"],
             ["Poblano", "Poblano", "Poblano", "Sweet", "Hungarian", "Jimmy"]]
    g = four(hands, **HP, hp_deck=hps)
    for seat, gang in enumerate(hands):
        form(g, seat, *gang[:3])
        pass_turn(g)
    return g


@rule("MAFIA-HP-BRIBE-1")
def test_hp_bribe_1_the_pinched_pepper_goes_to_the_bribers_hand():
    g = three_pinch(["Backup", "Snoop", "Bribe"])
    draw = g.view(None).draw_size
    tab = _gang_card(g, 1, "Tabasco")
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Pinch")[0], _gang_card(g, 0, "Ghost"), (tab,)))
    g.apply(mafia.Decline(1))
    g.apply(mafia.Decline(2))
    # I6: clockwise from the attacker's left, the attacker last; each seat the same prompt, a Decline
    assert g.phase == "POST_HOT" and g.decision.players == (1,)
    prompt = g.decision.prompt
    assert g.legal_moves(1) == [mafia.Decline(1)]
    g.apply(mafia.Decline(1))
    assert g.decision.players == (2,) and g.decision.prompt.replace("P2", "P1") == prompt
    g.apply(use(g, 2, "Bribe"))
    t = g.view(None)
    assert tab in t.hands[2] and t.draw_size == draw and g.phase == "TURN_MAIN" and g.decision.players == (0,)


@rule("MAFIA-HP-EASYPAL-1")
@rule("MAFIA-HP-4")
def test_hp_easypal_1_someone_elses_is_void_and_they_still_answer():
    """P0 Pinches P1's Tabasco; P2's "Easy, Pal!" protects only P2's own peppers: void, and P2 is asked again."""
    g = three_pinch(["Backup", "Snoop", "Easy Pal"])
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Pinch")[0], _gang_card(g, 0, "Ghost"), (_gang_card(g, 1, "Tabasco"),)))
    g.apply(mafia.Decline(1))
    pal = hp(g, 2, "Easy Pal")
    assert mafia.UseHP(2, pal) in g.legal_moves(2)
    _refused(g, mafia.UseHP(2, pal, cards=in_hand(g, 2, "Hungarian", "Jimmy")), "MAFIA-HP-4")
    g.apply(mafia.UseHP(2, pal))
    assert g.phase == "DEFENSE" and g.decision.players == (2,) and g.view(None).hp_deck[-1] is pal
    g.apply(mafia.Decline(2))
    assert gangs(g, 1) == [["habanero", "jimmy"]]


# ---------------------------------------------------------------- Recruit (FORM_ADD, and after a Turncoat)


@rule("MAFIA-HP-RECRUIT-1")
def test_hp_recruit_1_steals_the_added_pepper_into_a_new_gang():
    g = two(["Ghost", "Habanero", "Tabasco", "Jalapeno", "Moruga", "Moruga"],
            ["Carolina", "Carolina", "Carolina", "Jalapeno", "Jalapeno", "Sweet"],
            rest=["Poblano"] * 4, hp_deck=["Backup", "Recruit"], **HP)
    form(g, 0, "Ghost", "Habanero", "Tabasco")
    pass_turn(g)
    form(g, 1, "Carolina", "Carolina", "Carolina")
    pass_turn(g)
    jal = in_hand(g, 0, "Jalapeno")[0]
    g.apply(mafia.Add(0, 0, (jal,)))
    assert g.phase == "FORM_ADD" and g.decision.players == (1,)
    rec = hp(g, 1, "Recruit")
    _refused(g, mafia.UseHP(1, rec, take=jal, cards=in_hand(g, 1, "Jalapeno")), "MAFIA-HP-RECRUIT-1", "2 or more")
    g.apply(mafia.UseHP(1, rec, take=jal, cards=in_hand(g, 1, "Jalapeno", "Jalapeno")))
    t = g.view(None)
    assert gangs(g, 0) == [["ghost", "habanero", "tabasco"]] and gangs(g, 1)[-1] == ["jalapeno"] * 3
    assert t.hp_counts[1] == 0  # only 2 of the new gang's peppers came from P1's hand: no HP (DEC-22)
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)


# ---------------------------------------------------------------- "your turn" cards


@rule("MAFIA-HP-BACKUP-1")
def test_hp_backup_1_shuffled_pile_top_3_peppers_kept():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Whack", "Earner"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Tabasco", "Bagman"], hp_deck=["Backup", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    g.apply(mafia.PlayAction(0, in_hand(g, 0, "Earner")[0]))  # the pile: [Earner]
    backup = hp(g, 0, "Backup")
    before = g.view(None)
    g.apply(mafia.UseHP(0, backup))  # the top discard is no pepper: no effect (MAFIA-HP-4)
    t = g.view(None)
    assert t.discard == before.discard and t.hands == before.hands and t.hp_deck[-1] is backup
    assert any(e.kind == "hp_void" for e in g.events())


@rule("MAFIA-HP-BACKUP-1")
def test_hp_backup_1_keeps_the_peppers_among_the_top_3():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Moruga", "Moruga"], ["Carolina"] * 3 + ["Sweet", "Whack", "Earner"],
            rest=["Tabasco"] * 2 + ["Poblano"] * 2, hp_deck=["Backup", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    pass_turn(g, discard=in_hand(g, 0, "Jimmy")[0])  # acted: no discard needed; P1 passes next
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, in_hand(g, 1, "Whack")[0]))
    g.apply(mafia.EndTurn(0))  # P0 passes too, discarding a Moruga: the top discard is a pepper
    g.apply(mafia.Discard(0, in_hand(g, 0, "Moruga")[0]))
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, in_hand(g, 1, "Earner")[0]))
    g.apply(mafia.EndTurn(0))
    g.apply(mafia.Discard(0, in_hand(g, 0, "Moruga")[0]))
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, in_hand(g, 1, "Carolina")[0]))
    if g.phase == "END_DRAW":  # P1's hand limit: the first card goes
        g.apply(mafia.Discard(1, g.view(None).hands[1][0]))
    before = g.view(None).discard
    assert before[-1].pepper and len(before) == 6 and g.decision.players == (0,)
    hand = g.view(0).hand
    events = g.apply(use(g, 0, "Backup"))
    revealed = next(e for e in events if e.kind == "backup").data["revealed"]  # top first
    peppers = [i for i in revealed if mafia.card_by_id(i).pepper]
    others = [i for i in revealed if i not in peppers]
    dropped = []
    while g.phase == "HP_RESOLVE":  # 7 in hand: a discard before the card that would be the 9th (MAFIA-HAND-2)
        assert len(g.view(0).hand) == 8
        dropped.append(next(c for c in g.view(0).hand if c.id not in peppers))
        g.apply(mafia.Discard(0, dropped[-1]))
    t = g.view(None)
    assert set(peppers) <= {c.id for c in t.hands[0]} and len(t.hands[0]) == len(hand) + len(peppers) - len(dropped)
    assert sorted(c.id for c in t.discard) == sorted([c.id for c in before if c.id not in peppers]
                                                     + [c.id for c in dropped])
    top = [c.id for c in t.discard[len(t.discard) - len(dropped) - len(others):len(t.discard) - len(dropped)]]
    assert top[::-1] == others and g.phase == "TURN_MAIN"


@rule("MAFIA-HP-LUCKYDIME-1")
def test_hp_luckydime_1_a_non_pepper_throws_away_every_card_drawn():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Ghost", "Jimmy", "Earner", "Tabasco"], hp_deck=["Lucky Dime", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    form(g, 0, "Jimmy", "Jimmy", "Jimmy")
    g.apply(use(g, 0, "Lucky Dime"))
    assert g.phase == "HP_RESOLVE" and keys(g.view(0).hand) == ["ghost"]
    g.apply(mafia.DrawAgain(0))
    assert keys(g.view(0).hand) == ["ghost", "jimmy"]
    g.apply(mafia.DrawAgain(0))
    t = g.view(None)
    assert t.hands[0] == () and keys(t.discard[-3:]) == ["ghost", "jimmy", "earner"] and g.phase == "TURN_MAIN"
    assert keys(t.draw_pile[:1]) == ["tabasco"]


@rule("MAFIA-HP-LUCKYDIME-1")
def test_hp_luckydime_1_stop_and_keep():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Ghost", "Earner"], hp_deck=["Lucky Dime", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    form(g, 0, "Jimmy", "Jimmy", "Jimmy")
    g.apply(use(g, 0, "Lucky Dime"))
    g.apply(mafia.Decline(0))
    assert keys(g.view(0).hand) == ["ghost"] and g.phase == "TURN_MAIN"


@rule("MAFIA-HP-LUCKYDIME-1")
def test_hp_luckydime_1_the_dawn_raid_ends_the_turn_and_discards_the_draws():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy", "Jimmy"], ["Moruga"] * 3 + ["Sweet"] * 3,
            rest=["Ghost"], raid_after=1, hp_deck=["Lucky Dime", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    form(g, 0, "Jimmy", "Jimmy", "Jimmy")
    g.apply(use(g, 0, "Lucky Dime"))
    g.apply(mafia.DrawAgain(0))
    assert g.phase == "DAWN_RAID" and g.view(None).hands[0] == () and keys(g.view(None).discard[-1:]) == ["ghost"]


@rule("MAFIA-HP-DEAL-1")
def test_hp_deal_1_two_cards_each_way_after_the_first_round():
    g = two(["Ghost", "Ghost", "Ghost", "Jimmy", "Poblano", "Sweet"],
            ["Moruga", "Carolina", "Habanero", "Tabasco", "Jalapeno", "Hungarian"],
            rest=["Whack", "Pinch"] + ["Poblano"] * 6, hp_deck=["Make a Deal", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    _refused(g, use(g, 0, "Make a Deal", target=1), "MAFIA-HP-DEAL-1", "first round")
    pass_turn(g)
    pass_turn(g, discard=in_hand(g, 1, "Hungarian")[0])  # P1: 5 + 2 = 7 cards
    before = {s: set(g.view(None).hands[s]) for s in (0, 1)}
    g.apply(use(g, 0, "Make a Deal", target=1))
    assert g.phase == "HP_RESOLVE" and g.decision.players == (1,)
    given = in_hand(g, 1, "Moruga", "Carolina")
    g.apply(mafia.Give(1, given))
    assert set(given) <= set(g.view(0).hand) and g.decision.players == (0,)
    back = (given[0], in_hand(g, 0, "Jimmy")[0])
    g.apply(mafia.Give(0, back))
    t = g.view(None)
    assert set(t.hands[0]) == before[0] - {back[1]} | {given[1]}
    assert set(t.hands[1]) == before[1] - {given[1]} | {back[1]} and g.phase == "TURN_MAIN"


@rule("MAFIA-HP-SNOOP-1")
def test_hp_snoop_1_look_then_take_the_card_you_choose():
    g = two(["Ghost", "Ghost", "Ghost", "Shakedown", "Jimmy", "Jimmy"],
            ["Moruga", "Carolina", "Ghost", "Tabasco", "Jalapeno", "Hungarian"],
            rest=["Poblano"] * 4, hp_deck=["Snoop", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    shk = in_hand(g, 0, "Shakedown")[0]
    g.apply(use(g, 0, "Snoop", target=1, take=shk))
    assert g.phase == "HP_RESOLVE" and set(g.view(0).looking[0]) == set(g.view(None).hands[1])
    assert g.view(1).looking == {}
    ghost = in_hand(g, 1, "Ghost")[0]
    _refused(g, mafia.PlayAction(0, shk, 1, take=_gang_card(g, 0, "Ghost")), "MAFIA-HP-SNOOP-1")
    g.apply(mafia.PlayAction(0, shk, 1, take=ghost))
    t = g.view(None)
    assert ghost in t.hands[0] and ghost not in t.hands[1] and g.phase == "TURN_MAIN" and t.acted
    assert t.looking == {}


def turncoat_table():
    """2 players: P0 [Ghost, Habanero, Tabasco] (drew Backup), P1 [Jalapeño, Carolina, Jimmy] (drew Recruit);
    P0, on turn again, holds a Turncoat, 2 Morugas, a Poblano and a Hungarian; P1 a Hungarian, a Poblano, a Sweet."""
    g = two(["Ghost", "Habanero", "Tabasco", "Turncoat", "Moruga", "Moruga"],
            ["Jalapeno", "Carolina", "Jimmy", "Hungarian", "Poblano", "Sweet"],
            rest=["Poblano", "Hungarian", "Fuggedaboutit", "Bagman"], hp_deck=["Backup", "Recruit", "Snoop"], **HP)
    form(g, 0, "Ghost", "Habanero", "Tabasco")
    pass_turn(g)
    form(g, 1, "Jalapeno", "Carolina", "Jimmy")
    pass_turn(g)
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Turncoat")[0], _gang_card(g, 0, "Ghost"), (_gang_card(g, 1, "Jalapeno"),)))
    g.apply(mafia.Decline(1))
    assert g.phase == "HOT_RESOLVE"
    return g


@rule("MAFIA-HP-RECRUIT-1")
@rule("MAFIA-HOT-5")
def test_hp_recruit_1_after_a_turncoat_joins_an_existing_gang():
    g = turncoat_table()
    jal = g.view(None).turncoat
    g.apply(mafia.Place(0, 0))
    assert g.phase == "POST_HOT" and g.decision.players == (1,)  # the Recruit window, last of MAFIA-HOT-5 (3)
    g.apply(use(g, 1, "Recruit", take=jal, cards=in_hand(g, 1, "Hungarian", "Poblano")))
    assert gangs(g, 0) == [["ghost", "habanero", "tabasco"]] and gangs(g, 1)[-1] == ["jalapeno", "hungarian",
                                                                                        "poblano"]
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)


@rule("MAFIA-HP-1")
@pytest.mark.parametrize("hand_cards, drawn", [(("Moruga", "Poblano", "Hungarian"), 1), (("Moruga", "Poblano"), 0)])
def test_hp_1_a_turncoat_gang_draws_with_3_hand_peppers(hand_cards, drawn):
    """DEC-22: a Turncoat's new gang draws a Hot Property when 3 of its peppers came from the hand."""
    g = turncoat_table()
    g.apply(mafia.Place(0, None, in_hand(g, 0, *hand_cards)))
    assert g.view(None).hp_counts == (1 + drawn, 1) and g.phase == "TURN_MAIN"  # no Recruit window: nothing added


@rule("MAFIA-HP-1")
def test_hp_1_no_draw_in_the_final_round_nor_from_an_empty_deck():
    from chililab.games.mafia.rules.checks import hp_draw_problem
    assert hp_draw_problem(0, 16, False, 3) is None
    assert "final round" in hp_draw_problem(0, 16, True, 3)
    assert "at most 3" in hp_draw_problem(3, 16, False, 4)
    assert "empty" in hp_draw_problem(1, 0, False, 3)
    assert "from the hand" in hp_draw_problem(0, 16, False, 2)


@rule("MAFIA-HP-RECRUIT-1")
def test_hp_recruit_1_the_window_skips_the_adder_and_teammates():
    from chililab.games.mafia.rules.checks import bribe_order, recruit_order
    assert recruit_order(1, (0, 1, 0, 1), 4) == [2, 0] and recruit_order(1, (0, 1, 2, 3), 4) == [2, 3, 0]
    assert bribe_order(2, 4) == [3, 0, 1, 2]


@rule("MAFIA-HP-SNOOP-1")
def test_hp_snoop_1_with_a_booster_after_the_first_round():
    g = two(["Ghost", "Ghost", "Ghost", "Booster", "Jimmy", "Jimmy"],
            ["Moruga", "Carolina", "Jimmy", "Tabasco", "Jalapeno", "Hungarian"],
            rest=["Poblano"] * 4, hp_deck=["Snoop", "Bribe"], **HP)
    form(g, 0, "Ghost", "Ghost", "Ghost")
    booster = in_hand(g, 0, "Booster")[0]
    _refused(g, use(g, 0, "Snoop", target=1, take=booster), "MAFIA-ACT-BOOSTER-2")
    pass_turn(g)
    pass_turn(g, discard=in_hand(g, 1, "Moruga")[0])
    g.apply(use(g, 0, "Snoop", target=1, take=booster))
    assert set(g.view(0).looking[0]) == set(g.view(None).hands[1])
    g.apply(mafia.PlayAction(0, booster, pepper="jimmy"))
    t = g.view(None)
    assert "jimmy" not in keys(t.hands[1]) and keys(t.hands[0]).count("jimmy") == 3 and g.phase == "TURN_MAIN"


@rule("MAFIA-HOT-5")
def test_hot_5_the_lord_draws_before_the_kiss_of_death_window():
    """The catalogue's test: P0 Whacks P1's Naga Viper*; P1 (holding Kiss of Death) draws 1 card for the Lord
    first, and only then is offered Kiss of Death."""
    g = two(["Pepper X", "Chipotle-", "Jimmy", "Whack", "Ghost", "Ghost"],
            ["Naga*", "Tabasco", "Poblano", "Jimmy", "Sweet", "Ghost"],
            rest=["Poblano"] * 4 + ["Tabasco"], hp_deck=["Backup", "Kiss of Death"], goodfellas_peppers=True, **HP)
    form(g, 0, "Pepper X", "Chipotle", "Jimmy")
    pass_turn(g)
    form(g, 1, "Naga*", "Tabasco", "Poblano")
    pass_turn(g)
    hand = len(g.view(None).hands[1])
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Whack")[0], _gang_card(g, 0, "Pepper X"), (_gang_card(g, 1, "Naga"),)))
    g.apply(mafia.Decline(1))
    t = g.view(None)
    assert len(t.hands[1]) == hand + 1 and keys(t.hands[1])[-1] == "tabasco"  # the Lord's card first
    assert g.phase == "POST_HOT" and g.decision.players == (1,)  # then the Kiss of Death window
    g.apply(use(g, 1, "Kiss of Death", take=_gang_card(g, 0, "Chipotle")))
    assert gangs(g, 0) == [["pepperx", "jimmy"]] and g.phase == "TURN_MAIN"
@rule("MAFIA-HP-LIFELINE-1")
@rule("MAFIA-END-1")
def test_hp_lifeline_1_taking_the_decks_last_card_starts_the_final_round():
    """DEC-25: the whole deck is explicit, a Fuggedaboutit at its bottom; both players pass until 1 card is left.
    P1 Whacks P0, whose Lifeline takes that last card: the final round follows P1's turn."""
    from chililab.games.mafia.rules.cards import deck

    from .helpers import cards_of, deal_order, opts
    hands = [["Ghost", "Jalapeno", "Jimmy", "Poblano", "Poblano", "Sweet"],
             ["Tabasco", "Habanero", "Carolina", "Whack", "Hungarian", "Hungarian"]]
    dealt = cards_of(2, [c for h in hands for c in h])
    fugg = next(c for c in deck(2, opts(2)) if c.key == "fuggedaboutit")
    rest = [c for c in deck(2, opts(2)) if c not in dealt and c is not fugg] + [fugg]
    order = deal_order([dealt[:6], dealt[6:]], rest)
    g = mafia.new_game(players=2, seed=0, deck=order, first_player=0, dawn_raid_table={"2": len(rest) - 1},
                       hp_deck=["Lifeline", "Backup"], **HP)
    form(g, 0, "Ghost", "Jalapeno", "Jimmy")
    whack_card = in_hand(g, 1, "Whack")[0]
    while not (g.phase == "TURN_MAIN" and g.view(None).draw_size == 1):
        p = g.decision.players[0]
        if g.phase == "TURN_MAIN":
            if p == 1 and not g.view(None).gangs[1]:
                form(g, 1, "Tabasco", "Habanero", "Carolina")
            g.apply(mafia.EndTurn(p))
        elif g.phase == "DAWN_RAID":
            g.apply(g.legal_moves(p)[0])
        else:  # a pass discard or a hand-limit discard: never the Whack
            g.apply(mafia.Discard(p, next(c for c in g.view(None).hands[p] if c is not whack_card)))
    assert g.decision.players == (1,) and g.view(None).draw_pile == (fugg,) and g.view(None).final_turns_left is None
    g.apply(mafia.PlayHot(1, whack_card, _gang_card(g, 1, "Carolina"), (_gang_card(g, 0, "Ghost"),)))
    g.apply(use(g, 0, "Lifeline"))
    g.apply(mafia.Neutralize(0, fugg))
    t = g.view(None)
    assert t.draw_size == 0 and t.final_turns_left == 2 and gangs(g, 0)[0][0] == "ghost"
    assert any(e.kind == "final_round" for e in g.events())
