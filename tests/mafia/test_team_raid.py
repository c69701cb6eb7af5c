"""Team mode (mafia.md sections 2.7 and 2.9): the team's joint Dawn Raid arrangement (MAFIA-DAWN-6), the hidden
hands around it (MAFIA-TEAM-2), Turncoat placements and Boosters across the team (MAFIA-TEAM-5).

4 players in two teams, seated interleaved: P0 and P2 against P1 and P3 (MAFIA-TEAM-1).
"""
import pytest

from chililab.engine import IllegalMove, RecordError
from chililab.games import mafia
from chililab.games.mafia.rules.cards import deck

from .helpers import gangs, in_hand, keys, opts, pass_turn, rule
from .test_hot_play import _gang_card, four

RAID_HANDS = [["Jimmy", "Jimmy", "Jimmy", "Sweet", "Poblano", "Earner"],
              ["Tabasco", "Moruga", "Carolina", "Poblano", "Bagman", "Shakedown"],
              ["Jimmy", "Ghost", "Habanero", "Poblano", "Tabasco", "Whack"],
              ["Jalapeno", "Jalapeno", "Poblano", "Moruga", "Carolina", "Fuggedaboutit"]]
DRAWN_BEFORE_RAID = 8  # four turns of 2 cards


def _refused(g, move, clause, text=None):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


def raid_table():
    """P0 forms [Jimmy x3], P1 passes, P2 forms [Jimmy, Ghost, Habanero], P3 passes; on P0's next turn P0
    passes discarding a Jimmy from its gang and draws the Dawn Raid: the catalogue's MAFIA-DAWN-6 table."""
    below = len(deck(4, opts(4, mode="team"))) - 24 - DRAWN_BEFORE_RAID
    g = four(RAID_HANDS, rest=["Hungarian"] * DRAWN_BEFORE_RAID, mode="team", dawn_raid_table={"4": below})
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    pass_turn(g)
    pass_turn(g, in_hand(g, 1, "Bagman")[0])
    g.apply(mafia.Form(2, in_hand(g, 2, "Jimmy", "Ghost", "Habanero")))
    pass_turn(g)
    pass_turn(g, in_hand(g, 3, "Fuggedaboutit")[0])
    g.apply(mafia.EndTurn(0))
    g.apply(mafia.Discard(0, _gang_card(g, 0, "Jimmy")))
    assert g.phase == "DAWN_RAID" and gangs(g, 0) == [["jimmy", "jimmy"]]
    assert gangs(g, 2) == [["jimmy", "ghost", "habanero"]] and gangs(g, 1) == gangs(g, 3) == []
    return g


def _catalogue_draft(g, seat=0):
    """[Jimmy x3] in front of P2, [Ghost, Habanero, Sweet from P0's hand] in front of P0."""
    jimmies = tuple(c for gang in g.view(None).gangs[0] + g.view(None).gangs[2] for c in gang if c.key == "jimmy")
    return mafia.Arrange.of(seat, [jimmies, (_gang_card(g, 2, "Ghost"), _gang_card(g, 2, "Habanero"),
                                             in_hand(g, 0, "Sweet")[0])], (2, 0))


@rule("MAFIA-DAWN-6")
def test_dawn_6_the_team_arranges_jointly_drawer_first_last_revision_final():
    g = raid_table()
    assert g.decision.players == (0, 1)  # the drawer heads its team; the other team starts at its lowest seat
    _refused(g, mafia.Arrange.of(2, []), "MAFIA-DAWN-6", "no decision")  # P2 revises after P0
    draft = _catalogue_draft(g)
    g.apply(draft)
    assert g.decision.players == (2, 1)
    keep = mafia.Arrange(2, draft.gangs, draft.owners)
    assert g.view(2).arrangements == {0: draft} and keep in g.legal_moves(2)  # P2 sees the draft it revises
    assert g.view(1).arrangements == {} and g.view(3).arrangements == {}  # the rivals do not
    g.apply(mafia.Arrange.of(1, []))
    g.apply(mafia.Arrange.of(3, []))
    assert g.phase == "DAWN_RAID" and g.decision.players == (2,) and g.edge_counts[("DAWN_RAID", "DAWN_RAID")] == 2
    g.apply(keep)  # P2 keeps P0's draft: the last revision is final
    assert gangs(g, 2) == [["jimmy", "jimmy", "jimmy"]] and gangs(g, 0) == [["ghost", "habanero", "sweet"]]
    assert "sweet" not in keys(g.view(None).hands[0]) and g.phase == "TURN_MAIN" and g.decision.players == (1,)
    ev = next(e for e in g.events(g.step) if e.kind == "arranged" and "P0, P2" in e.text)
    assert "MAFIA-DAWN-6" in ev.rules
    assert mafia.replay(g.to_json()).fingerprint() == g.fingerprint()  # gangs and owners recorded as id lists


@rule("MAFIA-DAWN-6")
def test_dawn_6_a_later_member_revises_the_draft_and_may_leave_a_teammates_pepper_out():
    g = raid_table()
    g.apply(_catalogue_draft(g))
    g.apply(mafia.Arrange.of(1, []))
    g.apply(mafia.Arrange.of(3, []))
    jimmies = [c for gang in g.view(None).gangs[0] + g.view(None).gangs[2] for c in gang if c.key == "jimmy"]
    ghost, habanero = _gang_card(g, 2, "Ghost"), _gang_card(g, 2, "Habanero")
    # P2 may not place P0's Poblano (not in the draft: only its owner adds it), nor put a gang before a rival
    _refused(g, mafia.Arrange.of(2, [jimmies, (ghost, habanero, in_hand(g, 0, "Poblano")[0])], (2, 0)),
             "MAFIA-DAWN-6", "not yours to place")
    _refused(g, mafia.Arrange.of(2, [jimmies, (ghost, habanero)], (2, 1)), "MAFIA-DAWN-6", "teammate")
    _refused(g, mafia.Arrange.of(2, [jimmies[:2], (ghost, habanero)], (2, 0)), "MAFIA-DAWN-2", "must stay")
    g.apply(mafia.Arrange.of(2, [(ghost, habanero), jimmies], (2, 2)))  # the Sweet Chili goes back to P0's hand
    assert gangs(g, 2) == [["ghost", "habanero"], ["jimmy"] * 3] and gangs(g, 0) == []
    assert "sweet" in keys(g.view(None).hands[0])


@rule("MAFIA-TEAM-2")
def test_team_2_during_the_raid_a_member_sees_the_teams_draft_but_never_a_teammates_hand():
    g = raid_table()
    p0_hand = {c.id for c in g.view(None).hands[0]}
    draft = _catalogue_draft(g)
    g.apply(draft)
    v = g.view(2)
    in_draft = {c.id for gang in draft.gangs for c in gang}
    assert set(v.hands) == {2} and v.visible_card_ids() & p0_hand == in_draft & p0_hand == {draft.gangs[1][2].id}
    assert g.view(0).answered == (0,) and v.answered == (0,) and g.view(1).answered == ()


@rule("MAFIA-TEAM-5")
def test_team_5_a_turncoat_joins_a_teammates_gang():
    hands = [["Ghost", "Habanero", "Tabasco", "Turncoat", "Booster", "Jalapeno"],
             ["Ghost", "Jimmy", "Poblano", "Jalapeno", "Moruga", "Carolina"],
             ["Ghost", "Ghost", "Ghost", "Jalapeno", "Jalapeno", "Sweet"],
             ["Fuggedaboutit", "Jalapeno", "Hungarian", "Poblano", "Jimmy", "Moruga"]]
    g = four(hands, rest=["Hungarian"] * 4 + ["Poblano"] * 4, mode="team")
    for seat, codes in ((0, ("Ghost", "Habanero", "Tabasco")), (1, ("Ghost", "Jimmy", "Poblano")),
                        (2, ("Ghost", "Ghost", "Ghost"))):
        g.apply(mafia.Form(seat, in_hand(g, seat, *codes)))
        pass_turn(g)
    pass_turn(g, in_hand(g, 3, "Hungarian")[0])
    m = mafia.PlayHot(0, in_hand(g, 0, "Turncoat")[0], _gang_card(g, 0, "Ghost"), (_gang_card(g, 1, "Ghost"),))
    g.apply(m)
    for s in (1, 2, 3):
        g.apply(mafia.Decline(s))
    place = mafia.Place(0, 0, (), 2)  # into gang 1 in front of teammate P2
    assert g.phase == "HOT_RESOLVE" and place in g.legal_moves()
    g.apply(place)
    assert gangs(g, 2) == [["ghost"] * 4] and gangs(g, 1) == [["jimmy", "poblano"]]

    # MAFIA-TEAM-5: a Booster takes from teammates too (turn 5, after the first round)
    g.apply(mafia.PlayAction(0, in_hand(g, 0, "Booster")[0], pepper="jalapeno"))
    assert [keys(g.view(None).hands[s]).count("jalapeno") for s in range(4)] == [5, 0, 0, 0]
    assert any(e.kind == "boosted" and e.text.startswith("P2 gives P0") for e in g.events(g.step))


@rule("MAFIA-DAWN-6")
def test_dawn_6_a_record_holds_gangs_as_id_lists_and_refuses_a_flat_one():
    g = raid_table()
    g.apply(_catalogue_draft(g))
    rec = g.record
    d = rec["moves"][-1]
    assert d["move"] == "Arrange" and d["owners"] == [2, 0] and [len(x) for x in d["gangs"]] == [3, 3]
    flat = dict(d, gangs=[i for gang in d["gangs"] for i in gang])
    with pytest.raises(RecordError, match=f"move {len(rec['moves'])} cannot be read"):
        mafia.replay(dict(rec, moves=rec["moves"][:-1] + [flat]))
    rival = dict(d, owners=[1, 0])
    with pytest.raises(RecordError, match="teammate"):
        mafia.replay(dict(rec, moves=rec["moves"][:-1] + [rival]))
