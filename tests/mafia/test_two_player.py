"""The 2-player Hot-card exchange (mafia.md section 2.10, MAFIA-2P-2; DEC-30), from explicit decks."""
import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia

from .helpers import in_hand, keys, rule, settle, two

P0 = ["Whack", "Whack", "Pinch", "Ghost", "Ghost", "Ghost"]
P1 = ["Jimmy", "Poblano", "Tabasco", "Carolina", "Moruga", "Hungarian"]


def _refused(g, move, clause, text=None):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


def exchanges(g, seat=0):
    return [m for m in g.legal_moves(seat) if isinstance(m, mafia.Exchange)]


@rule("MAFIA-2P-2")
def test_2p_2_discard_two_hot_cards_draw_two_once_per_turn():
    g = two(P0, P1, rest=["Jalapeno", "Habanero", "Sweet"])
    m = mafia.Exchange(0, in_hand(g, 0, "Pinch", "Whack"))
    assert m in g.legal_moves()  # listed with its cards in id order
    g.apply(m)
    t = g.view(None)
    assert sorted(keys(t.hands[0])) == ["ghost", "ghost", "ghost", "habanero", "jalapeno", "whack"]
    assert keys(t.discard[-2:]) == ["pinch", "whack"] and g.phase == "TURN_MAIN" and g.decision.players == (0,)
    assert [e.rules for e in g.events(g.step) if e.kind == "exchange"] == [("MAFIA-2P-2",)]
    assert exchanges(g) == []
    _refused(g, mafia.Exchange(0, in_hand(g, 0, "Whack")), "MAFIA-2P-2", "1 time")  # a second exchange this turn
    assert mafia.replay(g.to_json()).fingerprint() == g.fingerprint()


@rule("MAFIA-2P-2")
def test_2p_2_each_choice_listed_once_and_only_hot_cards_from_ones_hand():
    g = two(P0, P1)
    assert sorted(sorted(keys(m.cards)) for m in exchanges(g)) == [
        ["pinch"], ["pinch", "whack"], ["pinch", "whack", "whack"], ["whack"], ["whack", "whack"]]
    ghost, whack = in_hand(g, 0, "Ghost", "Whack")
    _refused(g, mafia.Exchange(0, (ghost,)), "MAFIA-2P-2", "Hot cards")
    _refused(g, mafia.Exchange(0, ()), "MAFIA-2P-2", "1 or more")
    _refused(g, mafia.Exchange(0, (whack, whack)), "MAFIA-2P-2", "different")
    _refused(g, mafia.Exchange(1, (whack,)), "MAFIA-2P-2", "own turn")  # not P1's turn
    g.apply(mafia.Exchange(0, tuple(reversed(in_hand(g, 0, "Whack", "Whack")))))  # any copies, any order


@rule("MAFIA-2P-2")
def test_2p_2_is_a_free_move_not_an_action():
    g = two(P0, P1)
    g.apply(mafia.Exchange(0, in_hand(g, 0, "Pinch")))
    g.apply(mafia.EndTurn(0))
    assert g.phase == "PASS_DISCARD"  # nothing else done: the turn is a pass (MAFIA-TURN-3)


@rule("MAFIA-2P-2")
def test_2p_2_the_option_sets_how_often_and_a_new_turn_allows_it_again():
    g = two(P0, ["Whack", *P1[1:]], two_player_exchanges_per_turn=2)
    g.apply(mafia.Exchange(0, in_hand(g, 0, "Pinch")))
    g.apply(mafia.Exchange(0, in_hand(g, 0, "Whack")))
    _refused(g, mafia.Exchange(0, in_hand(g, 0, "Whack")), "MAFIA-2P-2", "2 time")
    off = two(P0, P1, two_player_exchanges_per_turn=0)
    assert exchanges(off) == []
    g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Ghost")))
    g.apply(mafia.EndTurn(0))
    settle(g)
    assert g.decision.players == (1,) and [keys(m.cards) for m in exchanges(g, 1)] == [["whack"]]


@rule("MAFIA-2P-2")
@rule("MAFIA-DAWN-1")
def test_2p_2_a_dawn_raid_drawn_in_the_exchange_ends_the_turn():
    g = two(P0, P1, rest=["Jalapeno"], raid_after=1)
    g.apply(mafia.Exchange(0, in_hand(g, 0, "Whack", "Pinch")))
    assert g.phase == "DAWN_RAID" and "jalapeno" in keys(g.view(None).hands[0])
    settle(g)
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)


def _discard_keeping_hot(g, p):
    hand = g.view(None).hands[p]
    return mafia.Discard(p, next((c for c in hand if c.kind != "hot"), hand[0]))


@rule("MAFIA-2P-2")
@rule("MAFIA-END-2")
def test_2p_2_no_exchange_in_the_final_round():
    g = two(P0, P1)
    while not (g.view(None).final_turns_left is not None and g.phase == "TURN_MAIN" and g.decision.players == (0,)):
        p = g.decision.players[0]
        g.apply(mafia.EndTurn(p))
        while g.phase in ("PASS_DISCARD", "END_DRAW", "DAWN_RAID"):
            asked = g.decision.players
            g.apply(g.legal_moves(asked[0])[0] if g.phase == "DAWN_RAID" else _discard_keeping_hot(g, asked[0]))
    whack = in_hand(g, 0, "Whack")
    assert exchanges(g) == []
    _refused(g, mafia.Exchange(0, whack), "MAFIA-2P-2", "final round")
