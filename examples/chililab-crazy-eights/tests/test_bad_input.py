"""Bad input: refused with a clause ID and a learner-readable reason, and nothing changes."""
from __future__ import annotations

import json

import chililab_crazy_eights as c8
import pytest
from c8_helpers import HANDS3, refused, three
from chililab_crazy_eights import CARDS, Draw, Nominate, Pass, Play, card


@pytest.mark.rule("C8-PLAY-1")
def test_two_copies_of_a_card_are_one_move():
    hands = [["5H", "5H", "KC", "3D", "JS"], ["4C"] * 5, ["9C"] * 5, ["AD"] * 5, ["3S"] * 5, ["6C"] * 5]
    with pytest.raises(c8.ConfigError, match="3 times"):
        c8.new_game(players=6, seed=0, dealer=5, hands=hands)
    hands = [["5H", "5H", "KC", "3D", "JS"], ["4C", "4C", "6D", "6D", "QD"], ["9C", "9C", "AD", "AD", "3S"],
             ["3S", "6C", "6C", "7D", "7D"], ["2S", "2S", "TD", "TD", "KS"], ["KS", "JD", "JD", "QS", "QS"]]
    g = c8.new_game(players=6, seed=0, dealer=5, hands=hands, turn_up="9H")
    fives = [c for c in g.view(None).hands[0] if c.code == "5H"]
    assert len(fives) == 2 and fives[0].id != fives[1].id
    plays = [m for m in g.legal_moves() if isinstance(m, Play)]
    assert [m.card.code for m in plays] == ["5H"] and plays[0].card.id == min(c.id for c in fives)
    e = refused(g, Play(0, max(fives, key=lambda c: c.id)), "C8-PLAY-1")
    assert "two" in e.reason


@pytest.mark.parametrize("m, rule", [(None, "C8-NEXT-1"), (3, "C8-NEXT-1"), (Draw(True), "C8-NEXT-1"),
                                     (Draw(-1), "C8-NEXT-1"), (Play(0, "5H"), "C8-PLAY-1"), (Play(0, 14), "C8-PLAY-1"),
                                     (Nominate(0, 2), "C8-EIGHT-1")])
def test_moves_that_are_not_moves(m, rule):
    refused(three(), m, rule)


def test_the_wrong_seat_in_a_nomination_and_after_the_end():
    g = three(hands=[["8S", "KC", "3D", "JS", "7C"], *HANDS3[1:]])
    g.apply(Play(0, card("8S")))
    refused(g, Nominate(1, "H"), "C8-NEXT-1")
    refused(g, Pass(0), "C8-EIGHT-1")
    g = three(max_turns=1)
    g.apply(Play(0, card("5H")))
    assert g.over
    refused(g, Draw(1), "C8-END-1")


def test_bad_options_and_setups_are_config_errors():
    for kw in ({"max_draw_cards": 0}, {"max_turns": 0}, {"reshuffle": "yes"}, {"players": 1}, {"colour": 1},
               {"dealer": 5}, {"hands": HANDS3}, {"dealer": 0, "hands": [["5H"]] * 3}, {"deck": ["ZZ"]},
               {"dealer": 2, "hands": [["5H"] * 5, *HANDS3[1:]]}):
        with pytest.raises(c8.ConfigError):
            c8.new_game(**{"players": 3, "seed": 0, **kw})


def test_a_record_with_a_bad_setup_or_move_is_a_record_error():
    g = three()
    g.apply(Draw(0))
    rec = json.loads(g.to_json())
    assert c8.replay(rec).fingerprint() == g.fingerprint()
    for bad in ({**rec, "setup": {"dealer": 9}}, {**rec, "setup": {"draws": [99]}},
                {**rec, "moves": [{"move": "Pass", "player": 0}]}, {**rec, "moves": [{"move": "Play", "player": 0,
                                                                                       "card": 500}]},
                {**rec, "options": {**rec["options"], "max_turns": -1}}):
        with pytest.raises(c8.RecordError):
            c8.replay(bad)
    assert len(CARDS) == 104
