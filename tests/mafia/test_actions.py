"""Action cards played on one's own turn (mafia.md section 2.6), from explicit decks."""
import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia
from chililab.games.mafia.rules.checks import score

from .helpers import gangs, in_hand, keys, pass_turn, rule, settle, two
from .test_hot_play import _gang_card, four

P1_HAND = ["Carolina", "Moruga", "Poblano", "Hungarian", "Jalapeno", "Whack"]


@rule("MAFIA-ACT-1")
def test_act_1_only_on_your_own_turn_discarded_first_and_an_action():
    g = two(["Jimmy", "Jimmy", "Ghost", "Ghost", "Habanero", "Tabasco"], ["Earner", *P1_HAND[:5]])
    card, = in_hand(g, 1, "Earner")
    before = g.fingerprint()
    with pytest.raises(IllegalMove) as e:
        g.apply(mafia.PlayAction(1, card))  # P0's turn
    assert e.value.rule == "MAFIA-ACT-1" and g.fingerprint() == before
    g = two(["Shakedown", "Jimmy", "Ghost", "Ghost", "Habanero", "Tabasco"], P1_HAND)
    card, = in_hand(g, 0, "Shakedown")
    g.apply(mafia.PlayAction(0, card, 1))
    v = g.view(None)
    assert v.discard[-1] == card and card not in v.hands[0] and len(v.hands[0]) == 6 and v.acted
    g.apply(mafia.EndTurn(0))
    assert g.phase != "PASS_DISCARD"  # an action was taken: no pass


@rule("MAFIA-ACT-SHAKEDOWN-1")
def test_act_shakedown_1_a_seeded_random_card_seen_by_the_two_involved():
    taken = set()
    for _ in range(2):
        g = two(["Shakedown", "Jimmy", "Ghost", "Ghost", "Habanero", "Tabasco"], P1_HAND, seed=5)
        card, = in_hand(g, 0, "Shakedown")
        g.apply(mafia.PlayAction(0, card, 1))
        v = g.view(None)
        assert len(v.hands[1]) == 5 and len(v.hands[0]) == 6
        new = next(c for c in v.hands[0] if c.key in ("carolina", "moruga", "poblano", "hungarian", "jalapeno",
                                                       "whack"))
        taken.add(new.id)
        assert str(new) in g.events(viewer=0)[-1].text and str(new) in g.events(viewer=1)[-1].text
    assert len(taken) == 1  # the same card on every replay of the seed


@rule("MAFIA-ACT-SHAKEDOWN-1")
def test_act_shakedown_1_the_victim_must_be_another_player_holding_a_card():
    g = two(["Shakedown", "Jimmy", "Ghost", "Ghost", "Habanero", "Tabasco"], P1_HAND)
    card, = in_hand(g, 0, "Shakedown")
    for target in (0, 2, None):
        with pytest.raises(IllegalMove) as e:
            g.apply(mafia.PlayAction(0, card, target))
        assert e.value.rule == "MAFIA-ACT-SHAKEDOWN-1"
    assert [m for m in g.legal_moves() if isinstance(m, mafia.PlayAction)] == [mafia.PlayAction(0, card, 1)]


def _passes(g, *codes):
    """Each turn in turn passes, discarding the named card from the active player's hand."""
    for code in codes:
        p = g.decision.players[0]
        pass_turn(g, in_hand(g, p, code)[0])


@rule("MAFIA-ACT-BAGMAN-1")
def test_act_bagman_1_keep_one_of_the_top_three_discards_bagman_on_top():
    g = two(["Bagman", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"], P1_HAND, rest=["Jimmy"] * 4 + ["Ghost"] * 4)
    _passes(g, "Ghost", "Hungarian", "Habanero", "Jalapeno")
    assert keys(g.view(None).discard) == ["ghost", "hungarian", "habanero", "jalapeno"]
    bagman, = in_hand(g, 0, "Bagman")
    ghost = g.view(None).discard[0]
    before = g.fingerprint()
    for bad in (mafia.PlayAction(0, bagman, take=ghost), mafia.PlayAction(0, bagman)):
        with pytest.raises(IllegalMove) as e:
            g.apply(bad)  # the 4th card from the top; keeping none while cards are seen
        assert e.value.rule == "MAFIA-ACT-BAGMAN-1" and g.fingerprint() == before
    habanero, held = g.view(None).discard[2], len(g.view(None).hands[0])
    g.apply(mafia.PlayAction(0, bagman, take=habanero))
    v = g.view(None)
    assert keys(v.discard) == ["ghost", "hungarian", "jalapeno", "bagman"] and habanero in v.hands[0]
    assert held == 8 and len(v.hands[0]) == 8 and v.acted  # Bagman out, Habanero in: no hand-limit discard


@rule("MAFIA-ACT-BAGMAN-1")
def test_act_bagman_1_an_empty_discard_pile_gives_nothing():
    g = two(["Bagman", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"], P1_HAND)
    bagman, = in_hand(g, 0, "Bagman")
    assert [m for m in g.legal_moves() if isinstance(m, mafia.PlayAction)] == [mafia.PlayAction(0, bagman)]
    g.apply(mafia.PlayAction(0, bagman))
    assert keys(g.view(None).discard) == ["bagman"] and len(g.view(None).hands[0]) == 5


@rule("MAFIA-ACT-EARNER-1")
def test_act_earner_1_draw_two_and_the_turn_goes_on():
    g = two(["Earner", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"], P1_HAND, rest=["Moruga", "Carolina"])
    earner, = in_hand(g, 0, "Earner")
    g.apply(mafia.PlayAction(0, earner))
    v = g.view(None)
    assert g.phase == "TURN_MAIN" and g.decision.players == (0,) and v.acted
    assert len(v.hands[0]) == 7 and keys(v.hands[0])[-2:] == ["moruga", "carolina"] and keys(v.discard) == ["earner"]
    assert any(e.kind == "draw" and "MAFIA-ACT-EARNER-1" in e.rules for e in g.events())


@rule("MAFIA-HAND-2")
def test_hand_2_earner_draws_obey_the_hand_limit():
    g = two(["Earner", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"], P1_HAND,
            rest=["Jimmy"] * 8 + ["Moruga", "Carolina"])
    _passes(g, "Ghost", "Hungarian", "Habanero", "Jalapeno")
    earner, = in_hand(g, 0, "Earner")
    assert len(g.view(None).hands[0]) == 8
    g.apply(mafia.PlayAction(0, earner))  # 7, then Moruga: 8, then a discard before Carolina
    assert g.phase == "DRAW" and g.decision.players == (0,) and len(g.view(None).hands[0]) == 8
    tabasco, = in_hand(g, 0, "Tabasco")
    g.apply(mafia.Discard(0, tabasco))
    v = g.view(None)
    assert g.phase == "TURN_MAIN" and len(v.hands[0]) == 8 and keys(v.discard)[-2:] == ["earner", "tabasco"]
    assert "carolina" in keys(v.hands[0])


@rule("MAFIA-DAWN-1")
def test_dawn_1_a_dawn_raid_drawn_by_an_earner_ends_the_turn():
    g = two(["Earner", "Ghost", "Ghost", "Ghost", "Jimmy", "Jimmy"], P1_HAND, rest=["Moruga"], raid_after=1)
    earner, = in_hand(g, 0, "Earner")
    g.apply(mafia.PlayAction(0, earner))
    assert g.phase == "DAWN_RAID" and "moruga" in keys(g.view(None).hands[0])
    settle(g)
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)


BOOST_FOUR = [["Booster", "Jimmy", "Jimmy", "Jimmy", "Habanero", "Tabasco"],
              ["Ghost", "Ghost", "Carolina", "Moruga", "Poblano", "Hungarian"],
              ["Ghost", "Jalapeno", "Hungarian", "Poblano", "Jimmy", "Whack"],
              ["Jalapeno", "Hungarian", "Poblano", "Jimmy", "Whack", "Sweet"]]


def _boost_four():
    """4 players from BOOST_FOUR: P0 forms its Jimmys, P1-P3 pass; turn 5 is P0's."""
    g = four(BOOST_FOUR, rest=["Hungarian"] * 4 + ["Poblano"] * 4)
    booster, = in_hand(g, 0, "Booster")
    with pytest.raises(IllegalMove) as e:
        g.apply(mafia.PlayAction(0, booster, pepper="ghost"))
    assert e.value.rule == "MAFIA-ACT-BOOSTER-2"
    assert not [m for m in g.legal_moves() if isinstance(m, mafia.PlayAction)]
    g.apply(mafia.Form(0, in_hand(g, 0, "Jimmy", "Jimmy", "Jimmy")))
    pass_turn(g)
    _passes(g, "Hungarian", "Jalapeno", "Jalapeno")
    assert g.view(None).turn == 5 and g.decision.players == (0,)
    return g, booster


@rule("MAFIA-ACT-BOOSTER-2")
def test_act_booster_2_not_in_the_first_round():
    g, booster = _boost_four()  # refused on turn 1 (inside), accepted on turn 5
    assert mafia.PlayAction(0, booster, pepper="ghost") in g.legal_moves()
    g.apply(mafia.PlayAction(0, booster, pepper="ghost"))
    assert g.phase == "TURN_MAIN"


@rule("MAFIA-ACT-BOOSTER-1")
def test_act_booster_1_everyone_gives_all_of_the_named_pepper_clockwise():
    g, booster = _boost_four()
    held = len(g.view(None).hands[0])
    g.apply(mafia.PlayAction(0, booster, pepper="ghost"))
    v = g.view(None)
    assert keys(v.hands[0]).count("ghost") == 3 and len(v.hands[0]) == held - 1 + 3
    assert [keys(v.hands[s]).count("ghost") for s in (1, 2, 3)] == [0, 0, 0]
    gives = [e.text for e in g.events() if e.kind == "boosted"]
    assert [t.split()[0] for t in gives] == ["P1", "P2"]  # clockwise from P0's left; P3 has none
    g.apply(mafia.EndTurn(0))
    assert g.phase != "PASS_DISCARD"


@rule("MAFIA-ACT-BOOSTER-1")
def test_act_booster_1_naming_an_absent_pepper_is_allowed_dec_35():
    g, booster = _boost_four()
    g.apply(mafia.PlayAction(0, booster, pepper="pepperx"))  # no Goodfellas: no Pepper X in the deck
    assert g.phase == "TURN_MAIN" and keys(g.view(None).discard)[-1] == "booster"
    with pytest.raises(IllegalMove) as e:
        g.apply(mafia.PlayAction(0, in_hand(g, 0, "Habanero")[0], pepper="ghost"))
    assert e.value.rule == "MAFIA-ACT-1"


@rule("MAFIA-HAND-2")
def test_hand_2_a_booster_at_eight_discards_before_each_card_beyond():
    g = two(["Booster", "Ghost", "Habanero", "Tabasco", "Jimmy", "Jimmy"],
            ["Ghost", "Ghost", "Ghost", "Hungarian", "Jalapeno", "Poblano"], rest=["Jimmy"] * 8)
    _passes(g, "Ghost", "Hungarian", "Habanero", "Jalapeno")
    booster, = in_hand(g, 0, "Booster")
    assert len(g.view(None).hands[0]) == 8 and g.view(None).turn == 5
    g.apply(mafia.PlayAction(0, booster, pepper="ghost"))  # 7, +1 Ghost = 8, then a discard before each next
    discards = 0
    while g.phase == "ACTION_RESOLVE":
        assert len(g.view(None).hands[0]) == 8
        g.apply(mafia.Discard(0, in_hand(g, 0, "Jimmy")[0]))
        discards += 1
    v = g.view(None)
    assert discards == 2 and len(v.hands[0]) == 8 and keys(v.hands[0]).count("ghost") == 3


@rule("MAFIA-ACT-SHAKEDOWN-1")
def test_act_shakedown_1_the_card_taken_is_hidden_from_the_other_players():
    hands = [["Shakedown", *BOOST_FOUR[0][1:]], *BOOST_FOUR[1:]]
    g = four(hands)
    shakedown, = in_hand(g, 0, "Shakedown")
    g.apply(mafia.PlayAction(0, shakedown, 1))
    taken = next(c for c in g.view(0).hands[0] if c not in in_hand(g, 0, *hands[0][1:]))
    assert taken not in g.view(None).hands[1] and len(g.view(None).hands[1]) == 5
    for seat, sees in ((0, True), (1, True), (2, False), (3, False)):
        text = g.events(viewer=seat)[-1].text
        assert "Shakedown" in text and (str(taken) in text) == sees


@rule("MAFIA-EX-1")
def test_ex_1_the_rulebook_turn_earner_bagman_two_gangs_and_a_whack():
    """The rulebook's example turn, at 2 players: Joe (P0), Kate (P1). Kate's earlier pass (discarding a
    Jimmy) leaves one more card in her hand than in the rulebook (a Poblano)."""
    g = two(["Jalapeno", "Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga"],
            ["Earner", "Jalapeno", "Sweet", "Tabasco", "Habanero", "Jimmy"],
            rest=["Hungarian", "Hungarian", "Whack", "Poblano", "Hungarian", "Hungarian",
                  "Jalapeno", "Bagman", "Moruga", "Carolina"])
    _passes(g, "Jalapeno", "Jimmy")  # Joe discards a Jalapeno, Kate a Jimmy
    g.apply(mafia.Form(0, in_hand(g, 0, "Tabasco", "Ghost", "Jimmy")))
    pass_turn(g)
    assert g.view(None).turn == 4 and keys(g.view(None).discard)[-2:] == ["jalapeno", "jimmy"]
    g.apply(mafia.PlayAction(1, in_hand(g, 1, "Earner")[0]))  # draws Jalapeno and Bagman
    jalapeno = g.view(None).discard[0]
    g.apply(mafia.PlayAction(1, in_hand(g, 1, "Bagman")[0], take=jalapeno))
    g.apply(mafia.Form(1, in_hand(g, 1, "Jalapeno", "Jalapeno", "Jalapeno")))
    g.apply(mafia.Form(1, in_hand(g, 1, "Sweet", "Tabasco", "Habanero")))
    whack = mafia.PlayHot(1, in_hand(g, 1, "Whack")[0], _gang_card(g, 1, "Habanero"), (_gang_card(g, 0, "Tabasco"),))
    g.apply(whack)
    g.apply(mafia.Decline(0))
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    v = g.view(None)
    assert [score(gang) for gang in v.gangs[1]] == [30, 14]
    assert gangs(g, 0) == [["ghost", "jimmy"]] and keys(v.discard)[-1] == "tabasco"
    assert keys(v.hands[1]) == ["poblano"]
    g.apply(mafia.EndTurn(1))  # no pass: the end-of-turn draw brings X and Y
    assert g.decision.players == (0,) and sorted(keys(g.view(None).hands[1])) == ["carolina", "moruga", "poblano"]
