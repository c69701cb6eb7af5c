"""Goodfellas abilities on one's own turn (mafia.md section 2.12): Dancer, Gambler, Witch; from explicit decks."""
from chililab.games import mafia

from .helpers import gangs, in_hand, keys, pass_turn, rule, settle
from .test_abilities_play import declines, duel, refused
from .test_hot_play import _gang_card, _turn, four

GF = {"goodfellas_peppers": True}

DANCER = (["Padron*", "Ghost", "Jeanette-", "Jimmy-", "Tabasco-", "Poblano-"],
          ["Chipotle-", "Chipotle-", "Chipotle-", "Pepper X*", "Padron*", "Ghost"],
          [("Padron*", "Ghost", "Jeanette-"), ("Jimmy-", "Tabasco-", "Poblano-")],
          [("Chipotle-", "Chipotle-", "Chipotle-"), ("Pepper X*", "Padron*", "Ghost")])


@rule("MAFIA-GF-DANCER-1")
def test_gf_dancer_1_once_per_turn_into_another_gang_a_free_move():
    g = duel(*DANCER, rest=["Jimmy"] * 8, **GF)
    pad = _gang_card(g, 0, "Padron*")
    m = mafia.Dance(0, pad, 1)
    assert m in g.legal_moves()
    refused(g, mafia.Dance(0, pad, 0), "MAFIA-GF-DANCER-1", "another gang")
    refused(g, mafia.Dance(0, pad, 0, 1), "MAFIA-TEAM-3", "own gangs")
    g.apply(m)
    assert gangs(g, 0) == [["ghost", "jeanette"], ["jimmy", "tabasco", "poblano", "padron"]]  # hers left incomplete
    refused(g, mafia.Dance(0, pad, 0), "MAFIA-GF-DANCER-1", "once per turn")
    assert not any(isinstance(x, mafia.Dance) for x in g.legal_moves())
    g.apply(mafia.EndTurn(0))
    assert g.phase == "PASS_DISCARD"  # dancing is no action: the turn was a pass
    g.apply(mafia.Discard(0, in_hand(g, 0, "Jimmy")[0]))
    settle(g)
    pass_turn(g)
    assert mafia.Dance(0, pad, 0) in g.legal_moves()  # a new turn: she may dance again


@rule("MAFIA-GF-DANCER-1")
def test_gf_dancer_1_only_an_icon_padron_into_a_gang_that_stays_valid():
    g = duel(["Padron-", "Ghost", "Jeanette-", "Padron*", "Tabasco-", "Poblano-"], DANCER[1],
             [("Padron-", "Ghost", "Jeanette-"), ("Padron*", "Tabasco-", "Poblano-")], DANCER[3], **GF)
    refused(g, mafia.Dance(0, _gang_card(g, 0, "Padron-"), 1), "MAFIA-GF-DANCER-1", "no ability icon")
    refused(g, mafia.Dance(0, _gang_card(g, 0, "Padron*"), 0), "MAFIA-GF-DANCER-1", "break the rules")
    refused(g, mafia.Dance(0, _gang_card(g, 1, "Padron*"), 0), "MAFIA-GF-DANCER-1", "side")


@rule("MAFIA-GF-OUTLAW-1")
def test_gf_outlaw_1_silences_a_dancer_in_his_gang():
    g = duel(["Pepper X*", "Padron*", "Ghost", "Jimmy-", "Tabasco-", "Poblano-"], DANCER[1],
             [("Pepper X*", "Padron*", "Ghost"), ("Jimmy-", "Tabasco-", "Poblano-")], DANCER[3], **GF)
    refused(g, mafia.Dance(0, _gang_card(g, 0, "Padron*"), 1), "MAFIA-GF-OUTLAW-1", "silences")
    assert not any(isinstance(x, mafia.Dance) for x in g.legal_moves())


GAMBLER = (["Chipotle*", "Ghost", "Jeanette-", "Tabasco-", "Chipotle*", "Jimmy-"],
           ["Pepper X*", "Chipotle*", "Ghost", "Padron-", "Padron-", "Padron-"],
           [("Chipotle*", "Ghost", "Jeanette-", "Tabasco-")], [("Pepper X*", "Chipotle*", "Ghost")])


@rule("MAFIA-GF-GAMBLER-1")
def test_gf_gambler_1_discard_a_chipotle_and_draw_2_once_per_turn():
    g = duel(*GAMBLER, rest=["Jimmy"] * 4 + ["Naga*", "Poblano-"], **GF)
    chip = _gang_card(g, 0, "Chipotle*")
    hand = in_hand(g, 0, "Chipotle*")[0]
    assert {mafia.Gamble(0, chip), mafia.Gamble(0, hand)} <= set(g.legal_moves())
    before = g.view(None).hand_counts[0]
    g.apply(mafia.Gamble(0, chip))
    t = g.view(None)
    assert gangs(g, 0) == [["ghost", "jeanette", "tabasco"]] and t.discard[-1] == chip
    assert t.hand_counts[0] == before + 2 and {"naga", "poblano"} <= set(keys(t.hands[0]))
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)
    refused(g, mafia.Gamble(0, hand), "MAFIA-GF-GAMBLER-1", "1 Gambler per turn")
    g.apply(mafia.EndTurn(0))
    assert g.phase == "PASS_DISCARD"  # the Gambler is no action


@rule("MAFIA-GF-GAMBLER-1")
def test_gf_gambler_1_keeps_a_complete_gang_and_never_from_an_outlaw_gang():
    g = duel(["Chipotle*", "Ghost", "Jeanette-", "Pepper X*", "Chipotle*", "Tabasco-"], GAMBLER[1],
             [("Chipotle*", "Ghost", "Jeanette-"), ("Pepper X*", "Chipotle*", "Tabasco-")], GAMBLER[3], **GF)
    gangs_now = g.view(None).gangs[0]
    refused(g, mafia.Gamble(0, gangs_now[0][0]), "MAFIA-GF-GAMBLER-1", "incomplete")
    refused(g, mafia.Gamble(0, gangs_now[1][1]), "MAFIA-GF-OUTLAW-1", "silences")
    refused(g, mafia.Gamble(0, _gang_card(g, 1, "Chipotle*")), "MAFIA-GF-GAMBLER-1", "neither in P0's hand")
    assert not any(isinstance(x, mafia.Gamble) for x in g.legal_moves())


@rule("MAFIA-DAWN-1")
def test_dawn_1_a_gambler_drawing_the_dawn_raid_ends_the_turn():
    from .helpers import two

    g = two(*GAMBLER[:2], rest=["Jimmy"] * 4, raid_after=4, **GF)
    _turn(g, *GAMBLER[2])
    _turn(g, *GAMBLER[3])
    g.apply(mafia.Gamble(0, in_hand(g, 0, "Chipotle*")[0]))
    assert g.phase == "DAWN_RAID"
    settle(g)
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)


WITCH = (["Ghost", "Ghost", "Ghost", "Jeanette*", "Tabasco-", "Jeanette-"],
         ["Ghost", "Tabasco-", "Poblano-", "Naga*", "Chipotle-", "Padron-"],
         [("Ghost", "Ghost", "Ghost")], [("Ghost", "Tabasco-", "Poblano-"), ("Naga*", "Chipotle-", "Padron-")])


@rule("MAFIA-GF-WITCH-1")
def test_gf_witch_1_swaps_into_a_rival_gang_and_places_the_pepper_taken():
    g = duel(*WITCH, **GF)
    witch = in_hand(g, 0, "Jeanette*")[0]
    m = mafia.Bewitch(0, witch, _gang_card(g, 1, "Ghost"), 0)
    assert m in g.legal_moves()
    refused(g, mafia.Bewitch(0, in_hand(g, 0, "Jeanette-")[0], m.take, 0), "MAFIA-GF-WITCH-1", "no ability icon")
    refused(g, mafia.Bewitch(0, witch, _gang_card(g, 0, "Ghost"), 0), "MAFIA-GF-WITCH-1", "rival")
    refused(g, mafia.Bewitch(0, witch, _gang_card(g, 1, "Tabasco-"), 0), "MAFIA-GF-WITCH-1", "does not join")
    refused(g, mafia.Bewitch(0, witch, m.take, None, (in_hand(g, 0, "Tabasco-")[0], witch)), "MAFIA-GF-WITCH-1",
            "new gang")  # she cannot be one of the new gang's peppers too
    g.apply(m)
    assert gangs(g, 0) == [["ghost"] * 4] and gangs(g, 1)[0] == ["jeanette", "tabasco", "poblano"]
    assert g.phase == "TURN_MAIN" and g.view(None).acted  # an action, and no defence window
    g.apply(mafia.EndTurn(0))
    assert g.phase != "PASS_DISCARD"


@rule("MAFIA-GF-WITCH-1")
@rule("MAFIA-GF-LORD-1")
def test_gf_witch_1_takes_a_lord_into_a_new_gang_and_the_lord_draws_nothing():
    g = duel(*WITCH, **GF)
    before = g.view(None).hand_counts[1]
    hand = in_hand(g, 0, "Tabasco-", "Jeanette-")
    events = g.apply(mafia.Bewitch(0, in_hand(g, 0, "Jeanette*")[0], _gang_card(g, 1, "Naga*"), None, hand))
    assert gangs(g, 0)[1] == ["naga", "tabasco", "jeanette"] and gangs(g, 1)[1] == ["jeanette", "chipotle", "padron"]
    assert g.view(None).hand_counts[1] == before and "lord" not in [e.kind for e in events]


@rule("MAFIA-GF-WITCH-2")
def test_gf_witch_2_the_rival_gang_stays_valid_and_has_no_outlaw():
    g = duel(["Tabasco-", "Jimmy-", "Poblano-", "Jeanette*", "Chipotle-", "Chipotle-"],
             ["Ghost", "Ghost", "Ghost", "Pepper X*", "Tabasco-", "Poblano-"],
             [("Tabasco-", "Jimmy-", "Poblano-")], [("Ghost", "Ghost", "Ghost"), ("Pepper X*", "Tabasco-", "Poblano-")],
             **GF)
    witch = in_hand(g, 0, "Jeanette*")[0]
    refused(g, mafia.Bewitch(0, witch, _gang_card(g, 1, "Ghost"), 0), "MAFIA-GF-WITCH-2", "gang rules")
    refused(g, mafia.Bewitch(0, witch, _gang_card(g, 1, "Tabasco-"), 0), "MAFIA-GF-WITCH-2", "Outlaw")
    assert not any(isinstance(x, mafia.Bewitch) for x in g.legal_moves())


TEAM_HANDS = [["Carolina", "Jimmy-", "Jalapeno", "Turncoat", "Hungarian", "Hungarian"],
              ["Ghost", "Tabasco-", "Poblano-", "Hungarian", "Hungarian", "Hungarian"],
              ["Ghost", "Ghost", "Ghost", "Jimmy-", "Jimmy-", "Jimmy-"],
              ["Sweet", "Sweet", "Sweet", "Earner", "Earner", "Earner"]]
TEAM_REST = ["Bagman"] * 3 + ["Booster"] * 3 + ["Shakedown"] * 2


@rule("MAFIA-TEAM-5")
def test_team_5_a_turncoat_joins_a_teammates_gang():
    g = four(TEAM_HANDS, rest=TEAM_REST, mode="team")  # teams: P0 and P2, P1 and P3
    _turn(g, ("Carolina", "Jimmy-", "Jalapeno"))
    _turn(g, ("Ghost", "Tabasco-", "Poblano-"))
    _turn(g, ("Ghost", "Ghost", "Ghost"))
    pass_turn(g)
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Turncoat")[0], _gang_card(g, 0, "Carolina"),
                          (_gang_card(g, 1, "Ghost"),)))
    declines(g)
    assert mafia.Place(0, 0, (), 2) in g.legal_moves()
    events = g.apply(mafia.Place(0, 0, (), 2))
    assert gangs(g, 2) == [["ghost"] * 4] and "MAFIA-TEAM-5" in events[0].rules


@rule("MAFIA-TEAM-5")
def test_team_5_a_witch_places_her_catch_in_a_teammates_gang():
    hands = [["Jeanette*", "Jimmy-", "Jimmy-", "Jimmy-", "Chipotle-", "Chipotle-"],
             ["Ghost", "Tabasco-", "Poblano-", "Chipotle-", "Chipotle-", "Padron-"],
             ["Ghost", "Ghost", "Ghost", "Padron-", "Padron-", "Padron-"],
             ["Sweet", "Sweet", "Sweet", "Earner", "Earner", "Earner"]]
    g = four(hands, rest=TEAM_REST, mode="team", **GF)
    pass_turn(g, in_hand(g, 0, "Chipotle-")[0])
    _turn(g, ("Ghost", "Tabasco-", "Poblano-"))
    _turn(g, ("Ghost", "Ghost", "Ghost"))
    pass_turn(g)
    m = mafia.Bewitch(0, in_hand(g, 0, "Jeanette*")[0], _gang_card(g, 1, "Ghost"), 0, (), 2)
    assert m in g.legal_moves()
    events = g.apply(m)
    assert gangs(g, 2) == [["ghost"] * 4] and gangs(g, 1) == [["jeanette", "tabasco", "poblano"]]
    assert "MAFIA-TEAM-5" in events[0].rules


def to_final_round(g, keep):
    """Everyone passes (discarding hand cards other than ``keep``) until the deck runs out; then to P0's final turn."""
    while g.view(None).final_turns_left is None:
        p = g.decision.players[0]
        g.apply(mafia.EndTurn(p))
        while g.phase in ("PASS_DISCARD", "END_DRAW", "DAWN_RAID"):
            if g.phase == "DAWN_RAID":
                settle(g)
            else:
                g.apply(next(m for m in g.legal_moves() if m.card in g.view(None).hands[p] and m.card not in keep))
    while g.decision.players != (0,) or g.phase != "TURN_MAIN":
        pass_turn(g)


@rule("MAFIA-GF-GAMBLER-1")
@rule("MAFIA-GF-LORD-1")
def test_gf_gambler_and_lord_draw_nothing_in_the_final_round():
    from .test_abilities_play import hot

    g = duel(["Pepper X*", "Ghost", "Tabasco-", "Pinch", "Chipotle*", "Padron-"],
             ["Naga*", "Tabasco-", "Poblano-", "Padron-", "Padron-", "Padron-"],
             [("Pepper X*", "Ghost", "Tabasco-")], [("Naga*", "Tabasco-", "Poblano-")], **GF)
    keep = set(in_hand(g, 0, "Pinch", "Chipotle*"))
    to_final_round(g, keep)
    assert g.view(None).draw_size == 0 and gangs(g, 1) == [["naga", "tabasco", "poblano"]]
    refused(g, mafia.Gamble(0, in_hand(g, 0, "Chipotle*")[0]), "MAFIA-GF-GAMBLER-1", "final round")
    assert not any(isinstance(m, mafia.Gamble) for m in g.legal_moves())
    before = g.view(None).hand_counts[1]
    g.apply(hot(g, "Pinch", "Pepper X*", ["Naga*"]))
    events = []
    while g.phase == "DEFENSE":
        events += g.apply(mafia.Decline(g.decision.players[0]))
    assert g.view(None).hand_counts[1] == before and "nobody draws" in str(events[-1].text)
    assert g.view(None).discard[-1].key == "naga" and g.phase == "TURN_MAIN"
