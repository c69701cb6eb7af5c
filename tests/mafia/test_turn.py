"""The turn (mafia.md sections 2.2 and 2.3): form, add, Sweet Chili moves, the pass, the end-of-turn draw."""
import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia

from .helpers import gangs, in_hand, keys, pass_turn, rule, two

P1_HAND = ["Carolina", "Moruga", "Poblano", "Hungarian", "Jalapeno", "Whack"]


def _refused(g, move, clause, text):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


@rule("MAFIA-GANG-1")
def test_gang_1_form_a_gang_from_three_hand_peppers():
    g = two(["Tabasco", "Habanero", "Sweet", "Ghost", "Ghost", "Whack"], P1_HAND)
    bad = in_hand(g, 0, "Ghost", "Ghost", "Habanero")
    _refused(g, mafia.Form(0, bad), "MAFIA-GANG-2", "all the same")
    _refused(g, mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost")), "MAFIA-GANG-1", "at least 3")
    _refused(g, mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Whack")), "MAFIA-GANG-1", "only Chili Peppers")
    _refused(g, mafia.Form(0, in_hand(g, 1, "Carolina", "Moruga", "Poblano")), "MAFIA-GANG-1", "not in P0's hand")
    assert not any(isinstance(m, mafia.Form) and m.cards == bad for m in g.legal_moves())
    g.apply(mafia.Form(0, in_hand(g, 0, "Sweet", "Habanero", "Tabasco")))  # any order is accepted
    assert gangs(g, 0) == [["sweet", "habanero", "tabasco"]] and g.view(None).hand_counts == (3, 6)
    assert g.decision.players == (0,) and g.phase == "TURN_MAIN"


@rule("MAFIA-TURN-1")
def test_turn_1_actions_any_number_of_times_in_any_order():
    g = two(["Jimmy", "Jimmy", "Jimmy", "Ghost", "Ghost", "Ghost"], P1_HAND, rest=["Jimmy", "Ghost"])
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Ghost")))
    assert g.view(None).hand_counts[0] == 0 and g.legal_moves() == [mafia.EndTurn(0)]
    pass_turn(g)
    pass_turn(g)  # P1 passes
    g.apply(mafia.Add(0, 1, in_hand(g, 0, "Ghost")))
    g.apply(mafia.Add(0, 0, in_hand(g, 0, "Jimmy")))
    assert gangs(g, 0) == [["jimmy"] * 4, ["ghost"] * 4] and g.decision.players == (0,)
    _refused(g, mafia.Pick(0, g.view(None).hands[0][0] if g.view(None).hands[0] else g.view(None).gangs[0][0][0]),
             "MAFIA-TURN-1", "not a move of a turn")


@rule("MAFIA-GANG-4")
def test_gang_4_add_peppers_to_a_gang():
    g = two(["Ghost", "Ghost", "Ghost", "Ghost", "Sweet", "Habanero"], P1_HAND)
    g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Ghost")))
    _refused(g, mafia.Add(0, 0, in_hand(g, 0, "Habanero")), "MAFIA-GANG-4", "all the same")
    _refused(g, mafia.Add(0, 1, in_hand(g, 0, "Ghost")), "MAFIA-GANG-4", "no gang number 1")
    assert g.is_legal(mafia.Add(0, 0, in_hand(g, 0, "Ghost", "Sweet")))  # in any order
    assert mafia.Add(0, 0, tuple(sorted(in_hand(g, 0, "Ghost", "Sweet")))) in g.legal_moves()
    g.apply(mafia.Add(0, 0, in_hand(g, 0, "Ghost")))
    g.apply(mafia.Add(0, 0, in_hand(g, 0, "Sweet")))
    assert gangs(g, 0) == [["ghost"] * 4 + ["sweet"]]


def _sweet_position():
    """P0: A = [Sweet, Ghost, Habanero], B = [Jimmy x3] formed on turn 1; Tabasco drawn for turn 2."""
    g = two(["Sweet", "Ghost", "Habanero", "Jimmy", "Jimmy", "Jimmy"], P1_HAND,
            rest=["Tabasco", "Carolina", "Ghost", "Ghost", "Moruga", "Jalapeno"])
    g.apply(mafia.Form(0, in_hand(g, 0, "Sweet", "Ghost", "Habanero")))
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    return g


@rule("MAFIA-SWEET-1")
def test_sweet_1_move_a_sweet_chili_between_gangs():
    g = _sweet_position()
    sweet = g.view(None).gangs[0][0][0]
    _refused(g, mafia.MovePepper(0, sweet, 1), "MAFIA-SWEET-1", "incomplete gang behind")
    assert not any(isinstance(m, mafia.MovePepper) for m in g.legal_moves())
    pass_turn(g)
    pass_turn(g)
    g.apply(mafia.Add(0, 0, in_hand(g, 0, "Tabasco")))
    assert mafia.MovePepper(0, sweet, 1) in g.legal_moves()
    g.apply(mafia.MovePepper(0, sweet, 1))
    assert gangs(g, 0) == [["ghost", "habanero", "tabasco"], ["jimmy"] * 3 + ["sweet"]]
    g.apply(mafia.MovePepper(0, sweet, 0))  # any number of times: back again (B keeps 3)
    assert gangs(g, 0)[0][-1] == "sweet"


@rule("MAFIA-GANG-5")
def test_gang_5_peppers_never_move_between_gangs():
    g = _sweet_position()
    ghost = g.view(None).gangs[0][0][1]
    _refused(g, mafia.MovePepper(0, ghost, 1), "MAFIA-GANG-5", "never move between gangs")
    _refused(g, mafia.MovePepper(0, in_hand(g, 1, "Carolina")[0], 0), "MAFIA-GANG-5", "not in a gang of P0")


@rule("MAFIA-TURN-2")
def test_turn_2_free_moves_only_is_a_pass():
    g = two(["Sweet", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"], P1_HAND,
            rest=["Jimmy", "Carolina", "Ghost", "Ghost", "Moruga", "Jalapeno"])
    g.apply(mafia.Form(0, in_hand(g, 0, "Sweet", "Ghost", "Habanero", "Tabasco")))
    pass_turn(g)
    pass_turn(g)
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    pass_turn(g)  # an action was taken: no pass discard
    assert g.view(None).hand_counts[0] == 3
    pass_turn(g)
    sweet = g.view(None).gangs[0][0][0]
    g.apply(mafia.MovePepper(0, sweet, 1))
    g.apply(mafia.EndTurn(0))
    assert g.phase == "PASS_DISCARD" and g.decision.players == (0,)


@rule("MAFIA-TURN-3")
def test_turn_3_a_pass_discards_from_hand_or_a_gang_then_draws():
    g = two(["Jimmy", "Jimmy", "Jimmy", "Ghost", "Habanero", "Tabasco"], P1_HAND, rest=["Jalapeno", "Jalapeno", "Hungarian", "Hungarian"])
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    pass_turn(g)
    g.apply(mafia.EndTurn(1))  # P1 did nothing
    assert g.phase == "PASS_DISCARD" and set(g.legal_moves()) == {mafia.Discard(1, c) for c in g.view(1).hand}
    _refused(g, mafia.Discard(1, g.view(None).gangs[0][0][0]), "MAFIA-TURN-3", "neither in P1's hand")
    whack = in_hand(g, 1, "Whack")[0]
    g.apply(mafia.Discard(1, whack))  # Hot and Action cards stay in hand and can be discarded
    v = g.view(None)
    assert v.discard == (whack,) and v.hand_counts[1] == 7 and v.current == 0
    jimmy = v.gangs[0][0][0]
    g.apply(mafia.EndTurn(0))
    assert mafia.Discard(0, jimmy) in g.legal_moves()
    g.apply(mafia.Discard(0, jimmy))  # from a gang: it is left incomplete
    v = g.view(None)
    assert gangs(g, 0) == [["jimmy", "jimmy"]] and v.discard[-1] == jimmy and v.hand_counts[0] == 7


@rule("MAFIA-TURN-5")
def test_turn_5_draw_two_then_the_next_player():
    g = two(["Jimmy", "Jimmy", "Jimmy", "Ghost", "Habanero", "Tabasco"], P1_HAND, rest=["Moruga", "Carolina"])
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    g.apply(mafia.EndTurn(0))
    v = g.view(None)
    assert sorted(keys(v.hands[0])) == ["carolina", "ghost", "habanero", "moruga", "tabasco"]
    assert v.current == 1 and v.turn == 2 and g.decision.players == (1,) and v.phase == "TURN_MAIN"
    assert [e.kind for e in g.events()[-2:]] == ["draw", "draw"]


@rule("MAFIA-TURN-4")
def test_turn_4_an_empty_hand_must_pass_without_discard():
    """P1 puts every hand pepper into a gang during the Dawn Raid, then starts a turn with no cards (DEC-6)."""
    for literal in (False, True):
        g = two(["Jimmy", "Jimmy", "Jimmy", "Ghost", "Ghost", "Ghost"],
                ["Habanero", "Tabasco", "Sweet", "Moruga", "Carolina", "Poblano"], raid_after=0,
                empty_hand_pass_discard=literal)
        g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
        g.apply(mafia.EndTurn(0))
        assert g.phase == "DAWN_RAID"
        g.apply(mafia.Arrange.of(1, [g.view(1).hand]))
        g.apply(mafia.Arrange.of(0, g.view(None).gangs[0]))
        assert g.view(None).hand_counts == (3, 0) and g.legal_moves() == [mafia.EndTurn(1)]
        g.apply(mafia.EndTurn(1))
        if literal:  # the literal reading: the pass discards from a gang
            assert g.phase == "PASS_DISCARD" and len(g.legal_moves()) == 6
        else:
            assert g.phase == "TURN_MAIN" and g.view(None).hand_counts == (3, 2) and g.view(None).current == 0


@rule("MAFIA-TEAM-3")
def test_team_3_form_and_add_in_front_of_a_teammate():
    for seed in range(200):  # a 4-player team game whose start player can form a gang after the draft
        g = mafia.new_game(players=4, seed=seed, mode="team", first_player=0)
        while g.phase == "DRAFT":
            for s in range(4):
                g.apply(g.legal_moves(s)[0])
        forms = [m for m in g.legal_moves() if isinstance(m, mafia.Form) and m.owner == 2]
        if forms:
            break
    else:
        raise AssertionError("no seed gives P0 a gang to form")
    assert {m.owner for m in g.legal_moves() if isinstance(m, mafia.Form)} == {None, 2}  # P2 is P0's teammate
    _refused(g, mafia.Form(0, forms[0].cards, 1), "MAFIA-TEAM-3", "not in front of P1")
    g.apply(forms[0])
    assert g.view(None).gangs[2] == (forms[0].cards,) and g.view(None).gangs[0] == ()
    assert "in front of P2" in str(g.events()[-1])
    adds = [m for m in g.legal_moves() if isinstance(m, mafia.Add)]
    assert all(m.owner == 2 for m in adds)  # P0 has no gang of its own: adds go to P2's
    _refused(g, mafia.Add(0, 0, forms[0].cards[:1]), "MAFIA-GANG-4", "P0 has no gang number 0")
