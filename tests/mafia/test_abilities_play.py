"""Pepper abilities in attacks, played from explicit decks (mafia.md sections 2.4, 2.11, 2.12, 2.14).

Card codes: ``"Jimmy*"`` an icon copy, ``"Jimmy-"`` a plain one; a bare ``"Poblano"`` takes the first free
copy, which is an icon copy, so plain peppers are written with ``-`` wherever an ability would matter.
"""
import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia

from .helpers import gangs, in_hand, keys, rule, settle, two
from .test_hot_play import _gang_card, _turn

FILL = ["Earner", "Earner", "Shakedown", "Shakedown"]  # the two end-of-turn draws of the setup turns


def duel(p0, p1, mine, theirs, rest=FILL, **options):
    """2 players: P0 forms the gangs ``mine``, P1 the gangs ``theirs`` (codes from their hands); P0's turn."""
    g = two(p0, p1, rest=rest, **options)
    _turn(g, *mine)
    _turn(g, *theirs)
    return g


def refused(g, move, clause, text=None):
    before = g.fingerprint()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause and g.fingerprint() == before


def hot(g, card, attacker, targets, ability=None, partner=None, seat=0, rival=1):
    """A declaration by ``seat`` from codes: the Hot card in hand, the attacker (and partner) in its gangs."""
    return mafia.PlayHot(seat, in_hand(g, seat, card)[0], _gang_card(g, seat, attacker),
                         tuple(_gang_card(g, rival, t) for t in targets), ability,
                         None if partner is None else _gang_card(g, seat, partner))


def declines(g):
    """Everyone asked in the defence window lets the Hot card pass."""
    while g.phase == "DEFENSE":
        g.apply(mafia.Decline(g.decision.players[0]))


SIDEKICK = (["Jimmy*", "Ghost", "Tabasco", "Whack", "Jimmy-", "Sweet"],
            ["Carolina", "Habanero", "Poblano-", "Jalapeno", "Hungarian", "Hungarian"],
            [("Jimmy*", "Ghost", "Tabasco")], [("Carolina", "Habanero", "Poblano-")])


@rule("MAFIA-ADV-SIDEKICK-1")
def test_sidekick_1_jimmy_and_ghost_whack_a_carolina():
    g = duel(*SIDEKICK, advanced=True)
    m = hot(g, "Whack", "Jimmy*", ["Carolina"], "Sidekick", "Ghost")
    assert m in g.legal_moves()  # 2 + 8 = 10: the Ghost alone (8) could not
    assert not any(isinstance(x, mafia.PlayHot) and x.targets[0].key == "carolina" and x.ability is None
                   for x in g.legal_moves())
    refused(g, hot(g, "Whack", "Ghost", ["Carolina"]), "MAFIA-HOT-3", "stronger")
    refused(g, hot(g, "Whack", "Jimmy*", ["Carolina"], "Sidekick", "Tabasco"), "MAFIA-HOT-3", r"attack \(8\)")
    refused(g, mafia.PlayHot(0, m.card, m.attacker, m.targets, "Sidekick", _gang_card(g, 1, "Habanero")),
            "MAFIA-ADV-SIDEKICK-1", "his own gang")
    refused(g, mafia.PlayHot(0, m.card, m.attacker, m.targets, "Sidekick"), "MAFIA-ADV-SIDEKICK-1", "name the pepper")
    g.apply(m)
    declines(g)
    assert gangs(g, 1) == [["habanero", "poblano"]] and keys(g.view(None).discard[-2:]) == ["whack", "carolina"]


@rule("MAFIA-ADV-1")
def test_adv_1_only_icon_copies_and_only_in_advanced_mode():
    g = duel(*SIDEKICK)  # advanced mode off
    refused(g, hot(g, "Whack", "Jimmy*", ["Carolina"], "Sidekick", "Ghost"), "MAFIA-ADV-1", "advanced mode is off")
    assert not any(isinstance(x, mafia.PlayHot) and x.ability for x in g.legal_moves())
    p0 = ["Jimmy-", "Ghost", "Tabasco", "Whack", "Jimmy*", "Sweet"]
    g = duel(p0, SIDEKICK[1], [("Jimmy-", "Ghost", "Tabasco")], SIDEKICK[3], advanced=True)
    refused(g, hot(g, "Whack", "Jimmy-", ["Carolina"], "Sidekick", "Ghost"), "MAFIA-ADV-1", "no ability icon")
    refused(g, hot(g, "Whack", "Ghost", ["Carolina"], "Sidekick", "Tabasco"), "MAFIA-ADV-1", "no Sidekick ability")


@rule("MAFIA-ADV-2")
def test_adv_2_one_attacker_ability_per_attack():
    g = duel(["Jimmy*", "Ghost*", "Tabasco", "Whack", "Jimmy-", "Sweet"], SIDEKICK[1],
             [("Jimmy*", "Ghost*", "Tabasco")], SIDEKICK[3], advanced=True)
    refused(g, hot(g, "Whack", "Jimmy*", ["Carolina"], "Sniper", "Ghost*"), "MAFIA-ADV-2", "Sidekick and Sniper")
    refused(g, hot(g, "Whack", "Ghost*", ["Habanero"], "Bodyguard"), "MAFIA-ADV-2", "one of the abilities")
    g.apply(hot(g, "Whack", "Ghost*", ["Habanero"], "Sniper"))  # one ability: accepted
    assert g.phase == "DEFENSE"


TROUBLE = (["Tabasco*", "Habanero", "Jimmy-", "Whack", "Pinch", "Sweet"],
           ["Jalapeno", "Poblano-", "Habanero", "Fuggedaboutit", "Hungarian", "Hungarian"],
           [("Tabasco*", "Habanero", "Jimmy-")], [("Jalapeno", "Poblano-", "Habanero")])


@rule("MAFIA-ADV-TROUBLEMAKER-1")
def test_troublemaker_1_a_tabasco_whacks_two_of_strength_6_at_most():
    for neutralize in (False, True):
        g = duel(*TROUBLE, advanced=True)
        m = hot(g, "Whack", "Tabasco*", ["Poblano-", "Jalapeno"], "Troublemaker")  # listed in id order
        assert m in g.legal_moves()
        refused(g, hot(g, "Whack", "Habanero", ["Jalapeno", "Poblano-"], "Troublemaker"),
                "MAFIA-ADV-TROUBLEMAKER-1", "no Troublemaker ability")
        refused(g, hot(g, "Whack", "Tabasco*", ["Jalapeno", "Habanero"], "Troublemaker"),
                "MAFIA-HOT-3", "stronger")  # the cap 6 is the Tabasco's own strength (DEC-10)
        refused(g, hot(g, "Pinch", "Tabasco*", ["Jalapeno", "Poblano-"], "Troublemaker"),
                "MAFIA-ADV-TROUBLEMAKER-1", "plays a Whack")
        refused(g, hot(g, "Whack", "Tabasco*", ["Jalapeno", "Poblano-"]), "MAFIA-HOT-2", "1 distinct target")
        g.apply(m)
        g.apply(mafia.Neutralize(1, in_hand(g, 1, "Fuggedaboutit")[0]) if neutralize else mafia.Decline(1))
        assert gangs(g, 1) == [["jalapeno", "poblano", "habanero"]] if neutralize else [["habanero"]]


BODYGUARD = (["Carolina", "Jimmy-", "Jalapeno", "Whack", "Whack Em", "Pinch"],
             ["Poblano*", "Ghost", "Habanero", "Tabasco-", "Hungarian", "Hungarian"],
             [("Carolina", "Jimmy-", "Jalapeno")], [("Poblano*", "Ghost", "Habanero", "Tabasco-")])


@rule("MAFIA-ADV-BODYGUARD-1")
def test_bodyguard_1_the_poblano_dies_in_the_targets_place():
    g = duel(*BODYGUARD, advanced=True)
    g.apply(hot(g, "Whack", "Carolina", ["Ghost"]))
    declines(g)
    pob, ghost = _gang_card(g, 1, "Poblano*"), _gang_card(g, 1, "Ghost")
    assert g.phase == "BODYGUARD" and g.decision.players == (1,) and "Ghost" in g.view(1).decision.prompt
    assert set(g.legal_moves()) == {mafia.Guard(1, pob, ghost), mafia.Decline(1)}
    refused(g, mafia.Guard(1, pob, _gang_card(g, 1, "Habanero")), "MAFIA-ADV-BODYGUARD-1", "may save Ghost")
    refused(g, mafia.Guard(1, _gang_card(g, 0, "Jimmy-"), ghost), "MAFIA-ADV-BODYGUARD-1", "same gang")
    refused(g, mafia.Guard(0, pob, ghost), "MAFIA-ADV-BODYGUARD-1", "no decision")
    g.apply(mafia.Guard(1, pob, ghost))
    assert gangs(g, 1) == [["ghost", "habanero", "tabasco"]] and g.view(None).discard[-1] == pob
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)


@rule("MAFIA-ADV-BODYGUARD-1")
def test_bodyguard_1_dec_23_each_saves_one_target_and_never_himself():
    g = duel(*BODYGUARD, advanced=True)
    g.apply(hot(g, "Whack Em", "Carolina", ["Ghost", "Habanero"]))
    declines(g)
    pob, ghost = _gang_card(g, 1, "Poblano*"), _gang_card(g, 1, "Ghost")
    g.apply(mafia.Guard(1, pob, ghost))  # he saves the Ghost; nobody is left for the Habanero
    assert gangs(g, 1) == [["ghost", "tabasco"]] and keys(g.view(None).discard[-2:]) == ["poblano", "habanero"]
    g = duel(*BODYGUARD, advanced=True)
    g.apply(hot(g, "Whack", "Carolina", ["Poblano*"]))  # a targeted Bodyguard cannot stand in for himself
    declines(g)
    assert g.phase == "TURN_MAIN" and gangs(g, 1) == [["ghost", "habanero", "tabasco"]]
    g = duel(*BODYGUARD, advanced=True)
    g.apply(hot(g, "Whack", "Carolina", ["Ghost"]))
    declines(g)
    g.apply(mafia.Decline(1))  # the owner may let the target go
    assert gangs(g, 1) == [["poblano", "habanero", "tabasco"]]


@rule("MAFIA-ADV-BODYGUARD-2")
def test_bodyguard_2_not_against_a_pinch_or_a_turncoat():
    g = duel(*BODYGUARD, advanced=True)
    g.apply(hot(g, "Pinch", "Carolina", ["Ghost"]))
    declines(g)
    assert g.phase == "TURN_MAIN" and gangs(g, 1) == [["poblano", "habanero", "tabasco"]]
    p0 = ["Ghost", "Ghost", "Ghost", "Turncoat", "Jimmy-", "Jimmy-"]
    g = duel(p0, BODYGUARD[1], [("Ghost", "Ghost", "Ghost")], BODYGUARD[3], advanced=True)
    g.apply(hot(g, "Turncoat", "Ghost", ["Ghost"]))
    declines(g)
    assert g.phase == "HOT_RESOLVE" and g.view(None).turncoat.key == "ghost"


SNIPER = (["Ghost*", "Tabasco-", "Jimmy-", "Whack", "Sweet", "Jimmy-"],
          ["Poblano*", "Habanero", "Jalapeno", "Hungarian", "Hungarian", "Hungarian"],
          [("Ghost*", "Tabasco-", "Jimmy-")], [("Poblano*", "Habanero", "Jalapeno")])


@rule("MAFIA-ADV-SNIPER-1")
def test_sniper_1_no_bodyguard_against_her():
    g = duel(*SNIPER, advanced=True)
    m = hot(g, "Whack", "Ghost*", ["Habanero"], "Sniper")
    assert m in g.legal_moves() and hot(g, "Whack", "Ghost*", ["Habanero"]) in g.legal_moves()
    refused(g, hot(g, "Whack", "Tabasco-", ["Jalapeno"], "Sniper"), "MAFIA-ADV-SNIPER-1", "no Sniper ability")
    g.apply(m)
    declines(g)
    assert g.phase == "TURN_MAIN" and gangs(g, 1) == [["poblano", "jalapeno"]]
    g = duel(*SNIPER, advanced=True)
    g.apply(hot(g, "Whack", "Ghost*", ["Habanero"]))  # without the Sniper, the Bodyguard is asked
    declines(g)
    assert g.phase == "BODYGUARD"


GF_ADV = {"goodfellas_peppers": True, "advanced": True}


@rule("MAFIA-GF-OUTLAW-1")
def test_gf_outlaw_1_silences_the_bodyguard_and_the_sidekick_of_his_gang():
    g = duel(["Ghost", "Tabasco-", "Jimmy-", "Whack", "Sweet", "Jimmy-"],
             ["Pepper X*", "Poblano*", "Ghost", "Chipotle", "Chipotle", "Chipotle"],
             [("Ghost", "Tabasco-", "Jimmy-")], [("Pepper X*", "Poblano*", "Ghost")], **GF_ADV)
    g.apply(hot(g, "Whack", "Ghost", ["Ghost"]))
    declines(g)
    assert g.phase == "TURN_MAIN" and gangs(g, 1) == [["pepperx", "poblano"]]
    g = duel(["Pepper X*", "Jimmy*", "Tabasco-", "Whack", "Sweet", "Jimmy-"],
             ["Naga-", "Poblano-", "Ghost", "Chipotle", "Chipotle", "Chipotle"],
             [("Pepper X*", "Jimmy*", "Tabasco-")], [("Naga-", "Poblano-", "Ghost")], **GF_ADV)
    refused(g, hot(g, "Whack", "Jimmy*", ["Ghost"], "Sidekick", "Tabasco-"), "MAFIA-GF-OUTLAW-1", "silences")


@rule("MAFIA-GF-OUTLAW-2")
def test_gf_outlaw_2_his_own_gang_only():
    g = duel(["Pepper X*", "Jimmy-", "Tabasco-", "Whack", "Sweet", "Jimmy-"],
             ["Poblano*", "Ghost", "Jeanette-", "Chipotle", "Chipotle", "Chipotle"],
             [("Pepper X*", "Jimmy-", "Tabasco-")], [("Poblano*", "Ghost", "Jeanette-")], **GF_ADV)
    g.apply(hot(g, "Whack", "Pepper X*", ["Ghost"]))
    declines(g)
    assert g.phase == "BODYGUARD" and g.decision.players == (1,)  # the rival's Bodyguard still works


LORD = (["Pepper X*", "Ghost", "Tabasco-", "Pinch", "Whack Em", "Sweet"],
        ["Naga*", "Tabasco-", "Poblano-", "Jimmy-", "Jimmy-", "Jimmy-"],
        [("Pepper X*", "Ghost", "Tabasco-")], [("Naga*", "Tabasco-", "Poblano-")])


@rule("MAFIA-GF-LORD-1")
def test_gf_lord_1_a_pinched_lord_draws_his_owner_a_card():
    g = duel(*LORD, rest=FILL + ["Chipotle*"], goodfellas_peppers=True)
    before = g.view(None).hand_counts[1]
    naga = _gang_card(g, 1, "Naga*")
    g.apply(hot(g, "Pinch", "Pepper X*", ["Naga*"]))
    events = []
    while g.phase == "DEFENSE":
        events += g.apply(mafia.Decline(g.decision.players[0]))
    t = g.view(None)
    assert t.hand_counts[1] == before + 1 and keys(t.hands[1]).count("chipotle") == 1 and naga in t.draw_pile
    assert [e.kind for e in events][-3:] == ["pinch", "lord", "draw"] and "MAFIA-GF-LORD-1" in events[-1].rules
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)
    assert events[-1].audience == frozenset({1})  # the card drawn is named to P1 only


@rule("MAFIA-GF-LORD-1")
def test_gf_lord_1_not_when_silenced_by_the_outlaw():
    g = duel(LORD[0], ["Naga*", "Pepper X*", "Tabasco-", "Jimmy-", "Jimmy-", "Jimmy-"], LORD[2],
             [("Naga*", "Pepper X*", "Tabasco-")], goodfellas_peppers=True)
    before = g.view(None).hand_counts[1]
    g.apply(hot(g, "Pinch", "Pepper X*", ["Naga*"]))
    declines(g)
    assert g.view(None).hand_counts[1] == before and g.phase == "TURN_MAIN"


@rule("MAFIA-GF-1")
def test_gf_1_goodfellas_abilities_work_without_advanced_mode():
    g = duel(*LORD, goodfellas_peppers=True)  # advanced off: the Lord draws all the same
    before = g.view(None).hand_counts[1]
    g.apply(hot(g, "Pinch", "Pepper X*", ["Naga*"]))
    declines(g)
    assert g.view(None).hand_counts[1] == before + 1
    g = duel(["Jimmy*", "Ghost", "Tabasco-", "Whack", "Sweet", "Jimmy-"], LORD[1],
             [("Jimmy*", "Ghost", "Tabasco-")], LORD[3], goodfellas_peppers=True)
    refused(g, hot(g, "Whack", "Jimmy*", ["Naga*"], "Sidekick", "Ghost"), "MAFIA-ADV-1", "advanced mode is off")


@rule("MAFIA-HOT-5")
def test_hot_5_bodyguard_then_the_effect_then_the_lord_then_the_turn():
    g = duel(LORD[0], ["Naga*", "Ghost", "Poblano*", "Jimmy-", "Jimmy-", "Jimmy-"], LORD[2],
             [("Naga*", "Ghost", "Poblano*")], rest=FILL + ["Sweet"], **GF_ADV)
    g.apply(hot(g, "Whack Em", "Pepper X*", ["Naga*", "Ghost"]))
    events = []
    while g.phase == "DEFENSE":
        events += g.apply(mafia.Decline(g.decision.players[0]))
    assert g.phase == "BODYGUARD" and "Naga Viper*" in g.view(1).decision.prompt  # asked target by target
    events += g.apply(mafia.Decline(1))
    assert g.phase == "BODYGUARD" and "Ghost" in g.view(1).decision.prompt
    events += g.apply(mafia.Guard(1, _gang_card(g, 1, "Poblano*"), _gang_card(g, 1, "Ghost")))
    kinds = [e.kind for e in events if e.kind != "decline"]
    assert kinds == ["bodyguard", "bodyguard", "whack", "lord", "draw"]
    assert gangs(g, 1) == [["ghost"]] and keys(g.view(None).discard[-2:]) == ["naga", "poblano"]
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,)


@rule("MAFIA-DAWN-5")
def test_dawn_5_dec_17_a_lord_draws_the_dawn_raid_and_the_turn_goes_on():
    g = two(*LORD[:2], rest=FILL, raid_after=4, goodfellas_peppers=True)
    _turn(g, *LORD[2])
    _turn(g, *LORD[3])
    assert not g.view(None).dawn_raid_drawn and g.decision.players == (0,)
    before = g.view(None).hand_counts[1]
    g.apply(hot(g, "Pinch", "Pepper X*", ["Naga*"]))
    declines(g)
    assert g.phase == "DAWN_RAID" and g.view(None).dawn_raid_drawn
    settle(g)
    t = g.view(None)
    assert g.phase == "TURN_MAIN" and t.current == 0 and g.decision.players == (0,)
    assert t.hand_counts[1] == before  # the drawer gets no replacement for the raid


YATSU = (["Ghost", "Ghost", "Ghost", "Turncoat", "Whack", "Jimmy-"],
         ["Yatsufusa*", "Ghost", "Jimmy-", "Jimmy-", "Hungarian", "Hungarian"],
         [("Ghost", "Ghost", "Ghost")], [("Yatsufusa*", "Ghost", "Jimmy-")])


@rule("MAFIA-PROMO-YATSU-2")
def test_promo_yatsu_2_the_samurai_stops_turncoats_in_play():
    g = duel(*YATSU, yatsufusa=True)
    refused(g, hot(g, "Turncoat", "Ghost", ["Ghost"]), "MAFIA-PROMO-YATSU-2", "Samurai")
    assert not any(isinstance(m, mafia.PlayHot) and m.card.key == "turncoat" for m in g.legal_moves())
    g.apply(hot(g, "Whack", "Ghost", ["Ghost"]))
    declines(g)
    assert gangs(g, 1) == [["yatsufusa", "jimmy"]]
    g = duel(*YATSU, yatsufusa=True, samurai_ability=False)
    assert hot(g, "Turncoat", "Ghost", ["Ghost"]) in g.legal_moves()


@rule("MAFIA-PROMO-YATSU-2")
def test_promo_yatsu_2_a_samurai_in_an_outlaw_gang_is_silenced():
    g = duel(YATSU[0], ["Yatsufusa*", "Pepper X*", "Ghost", "Jimmy-", "Chipotle", "Chipotle"], YATSU[2],
             [("Yatsufusa*", "Pepper X*", "Ghost")], yatsufusa=True, goodfellas_peppers=True)
    m = hot(g, "Turncoat", "Ghost", ["Ghost"])
    assert m in g.legal_moves()


ALL_ON = [{"advanced": True, "goodfellas_peppers": True, "rumble": True, "yatsufusa": True},
          {"advanced": True, "goodfellas_peppers": True, "mode": "team"}]


@rule("MAFIA-ADV-1")
@rule("MAFIA-GF-1")
@pytest.mark.parametrize("players", [2, 4])
def test_random_play_with_every_ability_keeps_the_harness_invariants(players):
    """Advanced mode, Goodfellas and the promos together, through the shared harness (conservation, unique
    legal moves, refusals that change nothing, views, undo/redo, replay); the abilities do get played."""
    from ..harness import check_random_games
    from .test_random_play import card_count, hidden_check, plausible_moves

    played = set()

    def agent(g, moves, rng):
        m = rng.choice(moves)
        played.add(m.ability if isinstance(m, mafia.PlayHot) and m.ability else type(m).__name__)
        return m

    def make(seed):
        options = dict(ALL_ON[seed % 2])
        if players == 2:
            options.pop("mode", None)
        return mafia.new_game(players=players, seed=seed, **options)

    def plausible(g, rng):
        """The random-play file's plausible illegal moves, and ability moves that break a rule: a Dance, a
        Gamble or a Witch of a pepper without that ability, a Guard by a seat not asked, a Sidekick whose
        partner is a rival's pepper (first: the harness tries 3 a step)."""
        t = g.view(None)
        asked = g.decision.players[0] if g.decision and g.decision.players else 0
        mine = [c for gang in t.gangs[asked] for c in gang]
        theirs = [c for s in range(t.players) if s != asked for gang in t.gangs[s] for c in gang]
        plain = [c for c in mine if c.ability not in ("Dancer", "Gambler")]
        if plain:
            yield mafia.Dance(asked, plain[0], 0)
            yield mafia.Gamble(asked, plain[0])
        if theirs:
            hand = [c for c in t.hands[asked] if c.ability != "Witch"]
            if hand:
                yield mafia.Bewitch(asked, hand[0], theirs[0], 0)
            yield mafia.Guard((asked + 1) % t.players, theirs[0], theirs[-1])
        hots = [c for c in t.hands[asked] if c.kind == "hot"]
        if hots and mine and theirs:
            yield mafia.PlayHot(asked, hots[0], mine[0], (theirs[0],), "Sidekick", theirs[-1])
        yield from plausible_moves(g, rng)

    report = check_random_games(make, range(6), card_count=card_count, replay=mafia.replay, agent=agent,
                                illegal_moves=plausible, hidden_check=hidden_check,
                                state_key=lambda g: g.state.key(), replay_every_step_every=6)
    assert report.games == 6
    assert {"Guard", "Dance", "Gamble", "Bewitch", "Sidekick"} - played == set(), played


@rule("MAFIA-GF-LORD-1")
def test_gf_lord_1_each_lord_lost_draws_one():
    g = duel(LORD[0], ["Naga*", "Naga*", "Naga-", "Jimmy-", "Jimmy-", "Jimmy-"], LORD[2], [("Naga*", "Naga*", "Naga-")],
             rest=FILL + ["Sweet", "Jimmy"], goodfellas_peppers=True)
    before = g.view(None).hand_counts[1]
    lords = tuple(c for c in g.view(None).gangs[1][0] if c.icon)
    g.apply(mafia.PlayHot(0, in_hand(g, 0, "Whack Em")[0], _gang_card(g, 0, "Pepper X*"), lords))
    events = []
    while g.phase == "DEFENSE":
        events += g.apply(mafia.Decline(g.decision.players[0]))
    assert [e.kind for e in events][-5:] == ["whack", "lord", "draw", "lord", "draw"]
    assert g.view(None).hand_counts[1] == before + 2 and gangs(g, 1) == [["naga"]]
