"""A probability query about a position that cannot exist raises ImpossiblePosition with a clear sentence."""
import pytest

from chililab.games.aycc.odds import ImpossiblePosition, Knowledge, burn_chance, kinds, posterior, withdraw_value
from chililab.prob.intervals import mean, proportion, wilson

ROW = ("king_naga", "piri_piri", "fuego_fred")
ROW4 = ("king_naga", "piri_piri", "fuego_fred", "al_apeno")


def know(**kw):
    base = dict(seat=0, character="king_naga", tolerance=18, row=ROW)
    base.update(kw)
    return Knowledge(**base)


@pytest.mark.parametrize("kw, words", [
    (dict(tolerance=25), "from 16 to 24"),
    (dict(tolerance=15), "from 16 to 24"),
    (dict(tolerances={1: 18}), "repeats"),
    (dict(tolerances={1: 30}), "from 16 to 24"),
    (dict(piles={"king_naga": kinds("7 7 6")}), "above its tolerance 18"),
    (dict(identities={1: "piri_piri"}, tolerances={1: 16}, piles={"piri_piri": kinds("7 7 3")}),
     "above its tolerance 16"),
    (dict(stood={"king_naga": 19}), "above its tolerance 18"),
    (dict(piles={"king_naga": kinds("Latte"), "piri_piri": kinds("Latte")}), "composition has 1"),
    (dict(hand=kinds("7 7 7"), piles={"piri_piri": kinds("7 7")}), "composition has 4"),
    (dict(deck_size=30, hand_sizes={1: 4}), "out of this player's sight"),
    (dict(active={"king_naga", "fuego_fred"}), "piri_piri is out"),
    (dict(identities={1: "king_naga"}), "cannot be"),
    (dict(seat=2), "not a seat"),
    (dict(character="habi_wasabi"), "not a seat"),
    (dict(chili="habi_wasabi"), "not a character of the row"),
    (dict(row=("king_naga", "king_naga", "piri_piri")), "different characters"),
])
def test_impossible_positions_raise(kw, words):
    with pytest.raises(ImpossiblePosition, match=words):
        know(**kw)


def test_impossible_position_is_a_value_error():
    assert issubclass(ImpossiblePosition, ValueError)


def test_no_deal_fits():
    # 3 players, my tolerance 24; all three other characters stand heat 23: two of them have owners, who
    # would need two tolerances >= 23, but only 23 is left.
    k = Knowledge(seat=0, character="habi_wasabi", tolerance=24, row=("habi_wasabi",) + ROW,
                  piles={c: kinds(p) for c, p in zip(ROW, ("7 6 5 5", "7 6 6 4", "7 6 4 4 2"))})
    with pytest.raises(ImpossiblePosition, match="no deal"):
        posterior(k)
    with pytest.raises(ImpossiblePosition, match="no deal"):
        burn_chance(k, "piri_piri")


def test_out_own_character_has_no_withdraw_value():
    k = know(active={"piri_piri", "fuego_fred"}, piles={"king_naga": kinds("7 7 6")})
    with pytest.raises(ValueError, match="out of the round"):
        withdraw_value(k)


def test_intervals():
    lo, hi = wilson(801, 1000)  # the Mafia benchmark's number: 77.5-82.5%
    assert (round(lo, 3), round(hi, 3)) == (0.775, 0.825)
    assert wilson(0, 0) == (0.0, 1.0)
    e = proportion(0, 100)
    z2 = 2.5758 ** 2  # Wilson's upper end at 0 successes is z^2 / (n + z^2)
    assert e.low == 0 and e.high == pytest.approx(z2 / (100 + z2), abs=1e-4) and 0 in e
    e = mean(total=10 * 5, total_sq=10 * 25, n=10)  # ten samples of 5: no spread
    assert (e.value, e.low, e.high) == (5, 5, 5)
    with pytest.raises(ValueError):
        proportion(1, 10, confidence=1.0)


def test_estimates_of_two_runs_add_up():
    a, b = proportion(30, 100), proportion(10, 100)
    assert (a + b) == proportion(40, 200)
    m1 = mean(total=10.0, total_sq=24.0, n=5)   # samples 1, 1, 2, 3, 3
    m2 = mean(total=12.0, total_sq=30.0, n=5)   # samples 2, 2, 2, 3, 3
    both = m1 + m2
    assert both == mean(total=22.0, total_sq=54.0, n=10) and both.value == 2.2
    with pytest.raises(TypeError):
        a + m1
