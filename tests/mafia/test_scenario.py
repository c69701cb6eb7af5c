"""Chili Mafia's ``scenario(...)``: an exact position with hands, gangs, discard pile, draw deck and Hot Properties
placed (mafia.md section 0, Tests), recorded as the game's setup, refused clearly when it is not a position."""
import json

import pytest

from chililab.engine import ConfigError, RecordError
from chililab.games import mafia
from chililab.games.mafia.rules.checks import score

from .helpers import keys, rule

JOE_GANG = ["Tabasco", "Ghost", "Jimmy"]
KATE = ["Earner", "Jalapeno", "Sweet", "Tabasco", "Habanero", "Whack"]


def kate_and_joe(**kw):
    """MAFIA-EX-1's table: 4 players, Kate is P1 and Joe P2, a turn after the first round (t > N)."""
    return mafia.scenario(
        hands=[["Poblano", "Hungarian"], KATE, ["Carolina"], ["Moruga", "Poblano"]],
        current=1, turn=6,
        gangs=[[], [], [JOE_GANG], []],
        # bottom first: with the Earner played on it, the top 3 hold one Jalapeno (the Bagman is set aside)
        discard=["Hungarian", "Poblano", "Jalapeno", "Jimmy"],
        draw=["Jalapeno", "Bagman", "Moruga", "Carolina", "Dawn Raid", "Whack"], **kw)


def card_in(cards, key):
    return next(c for c in cards if c.key == key)


@rule("MAFIA-EX-1")
def test_the_rulebook_example_turn_from_an_exact_position():
    g = kate_and_joe()
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    v = g.view(None)
    assert v.turn == 6 and v.current == 1 and keys(v.hands[1]) == [k.lower() for k in KATE]
    hand = lambda: g.view(1).hands[1]  # noqa: E731
    g.apply(mafia.PlayAction(1, card_in(hand(), "earner")))  # draws the Jalapeno and the Bagman
    assert sorted(keys(hand())) == sorted(["jalapeno", "sweet", "tabasco", "habanero", "whack", "jalapeno", "bagman"])
    top3 = g.view(None).discard[-3:]
    g.apply(mafia.PlayAction(1, card_in(hand(), "bagman"), take=card_in(top3, "jalapeno")))
    jal = [c for c in hand() if c.key == "jalapeno"]
    g.apply(mafia.Form(1, tuple(jal)))
    g.apply(mafia.Form(1, tuple(card_in(hand(), k) for k in ("sweet", "tabasco", "habanero"))))
    gangs = g.view(None).gangs
    attacker = card_in(gangs[1][1], "habanero")
    target = card_in(gangs[2][0], "tabasco")
    g.apply(mafia.PlayHot(1, card_in(hand(), "whack"), attacker, (target,)))
    while g.phase == "DEFENSE":  # nobody holds a Fuggedaboutit: every asked seat declines
        g.apply(mafia.Decline(g.decision.players[0]))
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    v = g.view(None)
    assert sorted(score(gang) for gang in v.gangs[1]) == [14, 30]
    assert [keys(gang) for gang in v.gangs[2]] == [["ghost", "jimmy"]] and v.discard[-1] is target
    g.apply(mafia.EndTurn(1))  # not a pass: no discard, the end-of-turn draw brings X and Y
    assert sorted(keys(g.view(None).hands[1])) == ["carolina", "moruga"]
    assert g.decision.players == (2,) and g.view(None).turn == 7


def test_the_position_is_recorded_and_replays():
    g = kate_and_joe(seed=3)
    g.apply(mafia.PlayAction(1, card_in(g.view(1).hands[1], "earner")))
    rec = json.loads(json.dumps(g.record))
    assert set(rec["setup"]) == {"scenario"} and rec["setup"]["scenario"]["current"] == 1
    h = mafia.replay(rec)
    assert h.fingerprint() == g.fingerprint() and h.step == 1


def test_cards_not_placed_are_out_of_play_and_the_dawn_raid_not_placed_was_drawn():
    g = mafia.scenario(hands=[["Ghost", "Ghost", "Ghost"], ["Whack"]], draw=["Jimmy", "Poblano"])
    v = g.view(None)
    assert v.dawn_raid_drawn and keys(v.removed) == ["dawn_raid"] and len(v.draw_pile) == 2
    places = g.locations()
    assert sorted(p for ps in places.values() for p in ps) == ["draw", "draw", "hand0", "hand0", "hand0", "hand1", "out"]
    g = kate_and_joe()
    assert not g.view(None).dawn_raid_drawn and g.view(None).removed == ()


@rule("MAFIA-SETUP-9")
def test_first_player_defaults_to_current_and_may_be_set():
    assert kate_and_joe().view(None).first_player == 1
    assert kate_and_joe(first_player=3).view(None).first_player == 3


@rule("MAFIA-HP-2")
def test_hot_properties_are_placed_face_down_and_stay_hidden():
    g = mafia.scenario(hands=[["Ghost"], ["Jimmy"], ["Poblano"]], hps=[["Bribe", "Snoop"], [], ["Lifeline"]],
                       hp_deck=["Recruit", "Backup"], draw=["Whack"], hot_properties=True, goodfellas_peppers=True)
    assert keys(g.view(0).hot_properties[0]) == ["bribe", "snoop"] and set(g.view(0).hot_properties) == {0}
    assert g.view(1).hot_properties == {1: ()} and g.view(1).hp_counts == (2, 0, 1)
    assert g.view(None).hp_deck_size == 2 and keys(g.view(None).hp_deck) == ["recruit", "backup"]
    assert g.view(2).hp_deck is None
    assert all("snoop" not in json.dumps(repr(vars(g.view(s)))) for s in (1, 2))


@pytest.mark.parametrize("kw, words", [
    ({"hands": [["Dawn Raid"], []]}, "Dawn Raid cannot be in a hand"),
    ({"hands": [["Ghost"], []], "gangs": [[["Whack", "Ghost", "Ghost"]], []]}, "Whack cannot be in a gang"),
    ({"hands": [["Ghost", "Ghost", "Ghost", "Ghost"], []], "gangs": [[["Ghost", "Ghost"]], []]},
     "bad gang 1 of P0: no copy of 'Ghost' is left"),
    ({"hands": [[], []], "gangs": [[["Ghost", "Jimmy", "Jimmy"]], []]}, "all the same .Brotherhood. or all different"),
    ({"hands": [[], []], "gangs": [[["Sweet", "Sweet", "Ghost"]], []]}, "only 1 Sweet Chili"),
    ({"hands": [[], []], "gangs": [[[]], []]}, "at least 1 pepper"),
    ({"hands": [["Ghost"] * 3 + ["Jimmy"] * 3 + ["Poblano"] * 3, []]}, "holds 9 cards: a hand holds at most 8"),
    ({"hands": [["Ghost"], []], "hps": [["Bribe"], []]}, "bad Hot Properties of P0"),
    ({"hands": [["Ghost"], []], "current": 2}, "current must be a seat from 0 to 1"),
    ({"hands": [["Ghost"], []], "turn": 0}, "turn must be a whole number from 1"),
    ({"hands": [["Ghost"], []], "gangs": [[]]}, "one entry per seat"),
    ({"hands": [["Chipotle"], []]}, "bad hand of P0"),
    ({"hands": [["Frog"], []]}, "unknown Chili Mafia card 'Frog'"),
    ({"hands": [["Ghost"]]}, "players: Chili Mafia needs 2 to 8 players, not 1"),
    ({"hands": "Ghost"}, "players"),
    ({"hands": [["Ghost"], []], "discard": "Ghost"}, "discard pile must be a list of cards"),
])
def test_a_position_that_is_not_one_is_refused_by_name(kw, words):
    with pytest.raises(ConfigError, match=words):
        mafia.scenario(**kw)


def test_too_many_hot_properties_are_refused():
    with pytest.raises(ConfigError, match="at most 3"):
        mafia.scenario(hands=[[], []], hps=[["Bribe", "Snoop", "Recruit", "Backup"], []], hot_properties=True)


@pytest.mark.parametrize("corrupt, words", [
    (lambda sc: sc["hands"][0].append(sc["hands"][0][0]), "placed twice"),
    (lambda sc: sc["hands"][0].append(99999), "card id 99999 is not a card of this table"),
    (lambda sc: sc["gangs"][2][0].append(sc["hands"][1][1]), "Jalape.o .card id [0-9]+. is placed twice"),
    (lambda sc: sc.update(current="1"), "current must be a seat"),
    (lambda sc: sc.pop("turn"), "exactly the keys"),
    (lambda sc: sc.update(draw="top"), "draw must be a list of card ids"),
])
def test_a_corrupted_saved_position_is_refused_on_replay(corrupt, words):
    rec = json.loads(json.dumps(kate_and_joe().record))
    corrupt(rec["setup"]["scenario"])
    with pytest.raises(RecordError, match=words):
        mafia.replay(rec)


def test_the_old_stacked_deck_setup_still_loads_and_cannot_be_mixed_with_a_scenario():
    g = mafia.new_game(players=2, seed=1, deck=["Ghost"] * 4 + ["Jimmy"] * 4)
    assert mafia.replay(g.record).fingerprint() == g.fingerprint()
    rec = json.loads(json.dumps(kate_and_joe().record))
    rec["setup"]["deck"] = [1, 2]
    with pytest.raises(RecordError, match="a setup with a scenario holds nothing else"):
        mafia.replay(rec)
