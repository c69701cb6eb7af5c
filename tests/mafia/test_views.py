"""What a player sees during the turn (mafia.md section 0, MAFIA-TEAM-2): own hand, every gang, counts."""
from chililab.games import mafia

from .helpers import in_hand, pass_turn, rule, two


@rule("MAFIA-TEAM-2")
def test_team_2_a_teammate_sees_no_hand_but_their_own():
    g = mafia.new_game(players=4, seed=4, mode="team", first_player=0)
    while g.phase == "DRAFT":
        for s in range(4):
            g.apply(g.legal_moves(s)[0])
    for _ in range(6):
        t = g.view(None)
        for s in range(4):
            v = g.view(s)
            mate = (s + 2) % 4  # interleaved teams: seats s and s + 2
            assert set(v.hands) == {s} and v.hand == t.hands[s]
            assert not {c.id for c in t.hands[mate]} & v.visible_card_ids()
            assert v.hand_counts == t.hand_counts and v.draw_pile is None and v.hp_deck is None
        pass_turn(g)


def test_a_view_shows_gangs_counts_discard_top_draw_size_and_whose_turn():
    g = two(["Jimmy", "Jimmy", "Jimmy", "Ghost", "Habanero", "Whack"], ["Carolina", "Moruga", "Poblano",
                                                                      "Hungarian", "Jalapeno", "Whack"])
    jimmies = in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")
    g.apply(mafia.Form(0, jimmies))
    pass_turn(g)
    whack = in_hand(g, 1, "Whack")[0]
    g.apply(mafia.EndTurn(1))
    g.apply(mafia.Discard(1, whack))
    v = g.view(1)
    assert v.gangs[0] == (jimmies,) and v.hand_counts == (5, 7) and v.discard_top == whack
    assert v.current == 0 and v.draw_size == 87 - 4 and len(v.hand) == 7 and 0 not in v.hands
