"""Inferno Mode's pure checks (``chililab.games.aycc.rules.checks``): who may reveal, what may be chosen."""
import pytest

from chililab.games.aycc.rules.checks import (
    AL,
    FUEGO,
    GO,
    HABI,
    NAGA,
    PIRI,
    VASCO,
    copy_choices,
    copy_problem,
    diss_guesses,
    diss_problem,
    diss_targets,
    endure_after,
    endure_look,
    endure_problem,
    frenzy_target_problem,
    reveal_problem,
    sleeper,
    swap_choices,
    swap_problem,
    withdraw_blocker,
)

rule = pytest.mark.rule
ROW = [HABI, PIRI, FUEGO, NAGA, GO]


@rule("AYCC-INFERNO-1")
def test_reveal_needs_inferno_and_the_start_of_the_turn():
    assert reveal_problem(True, True, False) is None
    assert reveal_problem(False, True, False)[0] == "AYCC-INFERNO-1"
    assert "start of your turn" in reveal_problem(True, True, True)[1]


@rule("AYCC-INFERNO-2")
def test_reveal_only_while_hidden():
    clause, why = reveal_problem(True, False, False)
    assert clause == "AYCC-INFERNO-2" and "once per round" in why


@rule("AYCC-INFERNO-GOCHUJANG-1")
def test_go_copies_row_characters_not_own_not_revealed():
    assert copy_choices(ROW, GO, {PIRI}) == [HABI, FUEGO, NAGA]
    assert copy_problem(VASCO, ROW, GO, ())[0] == "AYCC-INFERNO-GOCHUJANG-1"  # not in the row
    assert "not your own" in copy_problem(GO, ROW, GO, ())[1]
    assert "revealed" in copy_problem(PIRI, ROW, GO, {PIRI})[1]
    assert copy_problem(FUEGO, ROW, GO, {PIRI}) is None


@rule("AYCC-INFERNO-HABI-1")
def test_frenzy_targets_other_active_characters_each_once():
    active = {HABI, PIRI, FUEGO, NAGA}
    assert frenzy_target_problem(PIRI, HABI, active, ()) is None
    assert "never your own" in frenzy_target_problem(HABI, HABI, active, ())[1]
    assert frenzy_target_problem(GO, HABI, active, ())[0] == "AYCC-SERVE-3"
    assert "different" in frenzy_target_problem(PIRI, HABI, active, (PIRI,))[1]


@rule("AYCC-INFERNO-ALAPENO-1")
def test_siesta_protects_from_opponents_only():
    siestas = {1: AL, 3: GO}
    assert sleeper(AL, 2, siestas) == 1 and sleeper(AL, 1, siestas) is None and sleeper(PIRI, 2, siestas) is None
    assert withdraw_blocker(2, siestas) == 1 and withdraw_blocker(1, siestas) == 3
    assert withdraw_blocker(1, {1: AL}) is None  # Al Apeno may withdraw during his own Siesta


@rule("AYCC-INFERNO-PIRI-1")
def test_swap_pairs_and_the_siesta_option():
    active = [PIRI, AL, NAGA]
    assert swap_problem(PIRI, PIRI, active, 0, {}, True)[0] == "AYCC-INFERNO-PIRI-1"
    assert swap_problem(PIRI, FUEGO, active, 0, {}, True)[0] == "AYCC-SERVE-3"
    assert swap_problem(PIRI, AL, active, 0, {1: AL}, True)[0] == "AYCC-INFERNO-ALAPENO-1"
    assert swap_problem(PIRI, AL, active, 0, {1: AL}, False) is None
    assert swap_choices(active, 0, {1: AL}, True) == [(PIRI, NAGA)]
    assert swap_choices(active, 0, {1: AL}, False) == [(PIRI, AL), (PIRI, NAGA), (AL, NAGA)]


@rule("AYCC-INFERNO-FUEGO-1")
def test_fuego_looks_at_three_and_the_rest_go_back_in_order():
    undealt = [22, 16, 19, 24]
    assert endure_look(undealt) == [22, 16, 19] and endure_look([20]) == [20]
    assert endure_after(undealt, 17, 22) == (22, [16, 19, 24], 17)
    assert endure_after(undealt, 17, 16) == (16, [22, 19, 24], 17)
    assert endure_problem(24, undealt)[0] == "AYCC-INFERNO-FUEGO-1"  # 4th card: not looked at
    assert endure_problem(19, undealt) is None


@rule("AYCC-INFERNO-KINGNAGA-1")
def test_diss_names_a_hidden_other_player_and_a_row_character():
    assert diss_targets(0, [0, 2, 3]) == [2, 3]
    assert diss_guesses(ROW, NAGA) == [HABI, PIRI, FUEGO, GO]
    assert NAGA in diss_guesses(ROW, GO)  # a copying Go Chu Jang may name King Naga (DEC-24)
    assert "not yourself" in diss_problem(0, HABI, 0, [0, 2], ROW, NAGA)[1]
    assert "still secret" in diss_problem(1, HABI, 0, [0, 2], ROW, NAGA)[1]
    assert "cannot be named" in diss_problem(2, NAGA, 0, [0, 2], ROW, NAGA)[1]
    assert diss_problem(2, HABI, 0, [0, 2], ROW, NAGA) is None
