"""Rumble in play (mafia.md section 2.14, DEC-15): a Hot card of gang against gang, from explicit decks."""
from chililab.games import mafia

from .helpers import gangs, in_hand, keys, rule
from .test_abilities_play import declines, duel, refused
from .test_hot_play import _gang_card

# P0: [Ghost, Habanero, Tabasco] (raw 21); P1: [Carolina, Moruga, Sweet] (raw 20) and [Ghost x3] (raw 24)
RUMBLE = (["Ghost", "Habanero", "Tabasco-", "Rumble", "Whack", "Jimmy-"],
          ["Carolina", "Moruga", "Sweet", "Ghost", "Ghost", "Ghost"],
          [("Ghost", "Habanero", "Tabasco-")], [("Carolina", "Moruga", "Sweet"), ("Ghost", "Ghost", "Ghost")])


def rumble(g, mine, theirs, seat=0, rival=1, **kw):
    """A Rumble by ``seat``: the gang of its pepper ``mine`` against the rival gang of ``theirs``."""
    return mafia.PlayHot(seat, in_hand(g, seat, "Rumble")[0], _gang_card(g, seat, mine),
                         (_gang_card(g, rival, theirs),), **kw)


@rule("MAFIA-PROMO-RUMBLE-2")
@rule("MAFIA-SWEET-2")
def test_rumble_2_the_stronger_gang_discards_a_pepper_of_the_attackers_choice():
    g = duel(*RUMBLE, rumble=True)
    listed = {(m.attacker, m.targets) for m in g.legal_moves() if isinstance(m, mafia.PlayHot)
              and m.card.key == "rumble"}
    assert listed == {(min(g.view(0).gangs[0][0]), (min(gang),)) for gang in g.view(0).gangs[1]}  # gang vs gang
    g.apply(rumble(g, "Habanero", "Moruga"))  # any pepper names its gang
    declines(g)
    carolina, moruga, sweet = (_gang_card(g, 1, c) for c in ("Carolina", "Moruga", "Sweet"))
    assert g.phase == "HOT_RESOLVE" and g.decision.players == (0,) and "21 against 20" in g.view(0).decision.prompt
    assert set(g.legal_moves()) == {mafia.Discard(0, carolina), mafia.Discard(0, moruga)}  # never the Sweet Chili
    refused(g, mafia.Discard(0, sweet), "MAFIA-SWEET-2", "never discard a Sweet Chili")
    refused(g, mafia.Discard(0, _gang_card(g, 1, "Ghost")), "MAFIA-PROMO-RUMBLE-2", "target gang")
    g.apply(mafia.Discard(0, carolina))
    assert gangs(g, 1) == [["moruga", "sweet"], ["ghost"] * 3] and keys(g.view(None).discard[-2:]) == ["rumble",
                                                                                                       "carolina"]
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)


@rule("MAFIA-PROMO-RUMBLE-2")
def test_rumble_2_a_weaker_gang_spends_the_card_for_nothing():
    g = duel(*RUMBLE, rumble=True)
    m = rumble(g, "Ghost", "Ghost")  # 21 against [Ghost x3], 24
    assert any(x.card.key == "rumble" and x.targets[0].key == "ghost" for x in g.legal_moves()
               if isinstance(x, mafia.PlayHot))  # it may be declared: the sums count at resolution (DEC-15)
    g.apply(m)
    events = []
    while g.phase == "DEFENSE":
        events += g.apply(mafia.Decline(g.decision.players[0]))
    assert "21 against 24" in str(events[-1].text) and "nothing happens" in str(events[-1].text)
    assert gangs(g, 1) == [["carolina", "moruga", "sweet"], ["ghost"] * 3] and g.view(None).discard[-1] == m.card
    refused(g, mafia.PlayHot(0, in_hand(g, 0, "Whack")[0], _gang_card(g, 0, "Ghost"), (_gang_card(g, 1, "Ghost"),)),
            "MAFIA-HOT-1", "has played 1")  # the Rumble used the turn's allowance


@rule("MAFIA-PROMO-RUMBLE-2")
def test_rumble_2_raw_sums_brotherhoods_not_doubled():
    g = duel(["Ghost", "Tabasco-", "Sweet", "Rumble", "Jimmy-", "Jimmy-"],
             ["Jalapeno", "Jalapeno", "Jalapeno", "Hungarian", "Hungarian", "Hungarian"],
             [("Ghost", "Tabasco-", "Sweet")], [("Jalapeno", "Jalapeno", "Jalapeno")], rumble=True)
    g.apply(rumble(g, "Ghost", "Jalapeno"))  # 15 against 15 (a Brotherhood scores 30, but a Rumble counts 15)
    declines(g)
    assert g.phase == "HOT_RESOLVE" and "15 against 15" in g.view(0).decision.prompt


@rule("MAFIA-PROMO-RUMBLE-1")
def test_rumble_1_a_hot_card_neutralized_by_fuggedaboutit_with_no_ability():
    g = duel(RUMBLE[0], ["Carolina", "Moruga", "Sweet", "Fuggedaboutit", "Jimmy-", "Jimmy-"], RUMBLE[2],
             [("Carolina", "Moruga", "Sweet")], rumble=True, advanced=True)
    refused(g, rumble(g, "Ghost", "Moruga", ability="Sniper"), "MAFIA-PROMO-RUMBLE-1", "no pepper ability")
    g.apply(rumble(g, "Ghost", "Moruga"))
    assert g.phase == "DEFENSE"
    g.apply(mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]))
    assert gangs(g, 1) == [["carolina", "moruga", "sweet"]] and keys(g.view(None).discard[-2:]) == ["rumble",
                                                                                                    "fuggedaboutit"]


@rule("MAFIA-ADV-BODYGUARD-2")
def test_bodyguard_2_not_against_a_rumble():
    g = duel(RUMBLE[0], ["Poblano*", "Tabasco-", "Jimmy-", "Hungarian", "Hungarian", "Hungarian"], RUMBLE[2],
             [("Poblano*", "Tabasco-", "Jimmy-")], rumble=True, advanced=True)
    g.apply(rumble(g, "Ghost", "Tabasco-"))
    declines(g)
    assert g.phase == "HOT_RESOLVE"  # straight to the attacker's choice: no Bodyguard is asked
    g.apply(mafia.Discard(0, _gang_card(g, 1, "Tabasco-")))
    assert gangs(g, 1) == [["poblano", "jimmy"]]


@rule("MAFIA-GF-LORD-1")
def test_gf_lord_1_a_lord_lost_to_a_rumble_draws():
    g = duel(["Ghost", "Jeanette", "Tabasco-", "Rumble", "Jimmy-", "Jimmy-"],
             ["Naga*", "Poblano-", "Sweet", "Chipotle", "Chipotle", "Chipotle"],
             [("Ghost", "Jeanette", "Tabasco-")], [("Naga*", "Poblano-", "Sweet")], rumble=True,
             goodfellas_peppers=True)
    before = g.view(None).hand_counts[1]
    g.apply(rumble(g, "Ghost", "Naga*"))  # 21 against 13
    declines(g)
    events = g.apply(mafia.Discard(0, _gang_card(g, 1, "Naga*")))
    assert [e.kind for e in events][-2:] == ["lord", "draw"] and g.view(None).hand_counts[1] == before + 1
