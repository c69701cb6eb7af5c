"""Bad input to Chili Mafia gets a clear error naming its clause, and changes nothing (issue 9, Tests).

The refusals the issue lists (an attack on a stronger pepper, a gang that is neither
Mixed nor Brotherhood, a second Sweet Chili, a Hot card beyond the allowance, a Dawn
Raid arrangement that loses a card), moves by the wrong seat or of the wrong shape,
and saved games that are corrupted, tampered with or come from another game.
"""
import json

import pytest

from chililab import loco
from chililab.engine import ConfigError, IllegalMove, RecordError
from chililab.games import mafia

from .helpers import in_hand, pass_turn, rule, two
from .test_hot_play import _gang_card, _whack, kate_and_joe


def _refused(g, move, clause, text):
    """``move`` is refused citing ``clause`` with a sentence matching ``text``; the game is unchanged."""
    before, view, legal = g.fingerprint(), g.view(None), g.legal_moves()
    with pytest.raises(IllegalMove, match=text) as e:
        g.apply(move)
    assert e.value.rule == clause
    assert (g.fingerprint(), g.view(None), g.legal_moves()) == (before, view, legal)
    return e.value


@rule("MAFIA-HOT-3")
def test_an_attack_on_a_stronger_pepper_is_refused():
    g = kate_and_joe()
    err = _refused(g, _whack(g, "Whack", "Habanero", "Ghost"), "MAFIA-HOT-3", "stronger")
    assert "(strength 8)" in str(err) and "attack (7)" in str(err)


@rule("MAFIA-GANG-2")
def test_a_gang_neither_mixed_nor_brotherhood_is_refused():
    g = two(["Ghost", "Ghost", "Habanero", "Jimmy", "Poblano", "Moruga"], ["Jalapeno"] * 6)
    _refused(g, mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Habanero")), "MAFIA-GANG-2", "Mixed|Brotherhood")


@rule("MAFIA-GANG-2")
def test_a_second_sweet_chili_is_refused():
    g = two(["Sweet", "Sweet", "Ghost", "Jimmy", "Poblano", "Moruga"], ["Jalapeno"] * 6)
    _refused(g, mafia.Form(0, in_hand(g, 0, "Sweet", "Sweet", "Ghost")), "MAFIA-GANG-2", "Sweet Chili")
    g.apply(mafia.Form(0, in_hand(g, 0, "Sweet", "Jimmy", "Poblano")))
    gang = g.view(None).gangs[0]
    add = mafia.Add(0, 0, in_hand(g, 0, "Sweet"))
    _refused(g, add, "MAFIA-GANG-4", "only 1 Sweet Chili")  # the add's clause: the result must stay valid
    assert g.view(None).gangs[0] == gang


@rule("MAFIA-HOT-1")
def test_a_hot_card_beyond_the_allowance_is_refused():
    g = kate_and_joe(p0_extra=("Whack", "Whack", "Fuggedaboutit"), p1_extra=("Carolina", "Moruga", "Poblano"))
    g.apply(_whack(g))
    g.apply(mafia.Decline(1))
    second = mafia.PlayHot(0, in_hand(g, 0, "Whack")[0], _gang_card(g, 0, "Habanero"), (_gang_card(g, 1, "Ghost"),))
    _refused(g, second, "MAFIA-HOT-1", "Hot card")


@rule("MAFIA-DAWN-2")
def test_a_dawn_raid_arrangement_must_keep_every_table_card():
    g = two(["Ghost", "Ghost", "Ghost", "Habanero", "Jimmy", "Poblano"], ["Jalapeno"] * 6, raid_after=0)
    g.apply(mafia.Form(0, in_hand(g, 0, "Ghost", "Ghost", "Ghost")))
    pass_turn_until_raid(g)
    table = list(g.view(None).gangs[0][0])
    lost = mafia.Arrange.of(0, [table[:2]])
    err = _refused(g, lost, "MAFIA-DAWN-2", ".")
    assert "Ghost" in str(err) or "ghost" in str(err)


def pass_turn_until_raid(g):
    p = g.decision.players[0]
    g.apply(mafia.EndTurn(p))
    assert g.phase == "DAWN_RAID"


@rule("MAFIA-TURN-1")
def test_a_move_by_a_seat_not_asked_or_of_another_game_is_refused():
    g = kate_and_joe()
    _refused(g, mafia.EndTurn(1), "MAFIA-TURN-1", "P1 has no decision")
    _refused(g, mafia.EndTurn(7), "MAFIA-SETUP-1", "not a move by a seat")
    with pytest.raises(IllegalMove):
        g.apply(loco.Pass(0))
    with pytest.raises(IllegalMove):
        g.apply("end my turn")


@rule("MAFIA-SETUP-1")
@pytest.mark.parametrize("options", [{"players": 9}, {"players": "4"}, {"mode": "teams!"},
                                     {"players": 4, "goodfellas_peppers": "yes"}, {"colour": "red"}])
def test_bad_options_are_config_errors(options):
    with pytest.raises(ConfigError):
        mafia.new_game(seed=1, **options)


def _played(turns=3):
    g = two(["Ghost", "Ghost", "Ghost", "Habanero", "Jimmy", "Poblano"], ["Jalapeno"] * 6, seed=3)
    for _ in range(turns):
        pass_turn(g)
    return g


@rule("MAFIA-SETUP-1")
def test_a_saved_game_replays_and_a_damaged_one_is_refused():
    g = _played()
    text = g.to_json()
    assert mafia.replay(text).fingerprint() == g.fingerprint()
    rec = json.loads(text)
    bad = []
    for mutate in (lambda r: r.update(game="loco"), lambda r: r["moves"].append({"type": "EndTurn", "player": 5}),
                   lambda r: r["moves"][0].update(type="Teleport"), lambda r: r.update(seed="x"),
                   lambda r: r["options"].update(players=12)):
        r = json.loads(text)
        mutate(r)
        bad.append(r)
    for r in bad:
        with pytest.raises((RecordError, ConfigError)):
            mafia.replay(r)
    with pytest.raises((RecordError, ConfigError)):
        mafia.replay(text[: len(text) // 2])
    with pytest.raises((RecordError, ConfigError)):
        mafia.replay(loco.new_game(players=3, seed=1).to_json())
    with pytest.raises((RecordError, ConfigError)):
        loco.replay(text)
    assert rec == json.loads(g.to_json())  # nothing above touched the game
