"""``scenario(...)``: the exact position every chililab game builds under one name."""
from __future__ import annotations

import chililab_crazy_eights as c8
import pytest
from c8_helpers import HANDS3, codes, hand, three


@pytest.mark.rule("C8-DEAL-2")
def test_scenario_deals_the_hands_given_and_the_seat_left_of_the_dealer_plays_first():
    g = c8.scenario(HANDS3, dealer=2, turn_up="9H", deck=["KH"])
    assert [hand(g, s) for s in range(3)] == [sorted(h) for h in HANDS3]
    assert g.decision.players == (0,) and g.view(None).current == 0
    assert codes(g.view(0).me) == sorted(HANDS3[0]) and g.view(0).hands[1] is None  # P1's cards stay hidden
    same = three()  # the same cards through new_game's explicit deal
    assert g.fingerprint() == same.fingerprint()
    assert c8.replay(g.record).fingerprint() == g.fingerprint()


def test_scenario_refuses_a_short_hand_and_builds_nothing():
    with pytest.raises(c8.ConfigError, match="hands must give 3 hands of 5 cards"):
        c8.scenario([h[:4] for h in HANDS3], dealer=2)
