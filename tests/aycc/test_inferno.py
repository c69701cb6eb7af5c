"""Inferno Mode (aycc.md section 2.9): one test per clause, from explicit positions, read through the public API."""
import pytest

from chililab.engine import IllegalMove
from chililab.games import aycc
from chililab.games.aycc.rules.moves import Copy, Decline, Diss, Endure, Eye, Fork, Reveal, Serve, Swap, Withdraw
from chililab.games.aycc.simstats import row
from chililab.games.aycc.text import describe

rule = pytest.mark.rule
HABI, PIRI, FUEGO, VASCO, NAGA, AL, GO = range(7)
HIDDEN_FIELDS = ("phase", "decision", "identities", "id_revealed")


def game(row, identities, tolerances, hands, **kw):
    """An Inferno scenario (character ids, dish codes); the dishes not placed make the deck (seeded shuffle)."""
    return aycc.scenario(row, identities, tolerances, hands, inferno=True, **kw)


def dish(g, p, code):
    """A dish of ``code`` in seat ``p``'s hand."""
    return next(d for d in g.view(None).hands[p] if d.code == code)


def refused(g, m, clause, words=""):
    """``m`` is refused with an IllegalMove naming ``clause`` (its reason holding ``words``), and nothing changes."""
    before = g.fingerprint()
    with pytest.raises(IllegalMove) as e:
        g.apply(m)
    assert e.value.rule == clause, e.value
    assert words in e.value.reason, e.value.reason
    assert g.fingerprint() == before


def kinds(g, viewer=None):
    return [e.kind for e in g.events(viewer=viewer)]


def public(view):
    """A view's fields but those a reveal changes (for 'nothing else changed' checks)."""
    return {k: v for k, v in vars(view).items() if k not in HIDDEN_FIELDS}


def vasco_table():
    """3 players: P0 King Naga, P1 Vasco Tabasco, P2 Fuego Fred; the Neutral is Piri Piri. P1 to play."""
    return game([VASCO, NAGA, PIRI, FUEGO], [NAGA, VASCO, FUEGO], [20, 18, 22],
                [["2", "3", "4", "5"], ["2", "4", "6", "3"], ["2", "3", "4", "5"]],
                piles={PIRI: ["6"], NAGA: ["3"]}, current=1)


@rule("AYCC-INFERNO-1")
def test_inferno_1_reveal_at_the_start_then_the_normal_turn():
    g = vasco_table()
    assert g.phase == "TURN_BEGIN" and g.legal_moves() == [Reveal(1), Decline(1)]
    refused(g, Serve(1, dish(g, 1, "2"), PIRI), "AYCC-INFERNO-1", "reveal")  # D1 comes first
    g.apply(Reveal(1))
    assert g.phase == "FORK" and g.decision.players == (1,)
    g.apply(Fork(1, PIRI, NAGA))
    assert g.phase == "ACTION" and g.decision.players == (1,)  # the same turn goes on
    refused(g, Reveal(1), "AYCC-INFERNO-2")
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))
    assert kinds(g)[-8:].count("reveal") == 1 and "fork" in kinds(g) and "serve" in kinds(g)
    v = g.view(None)
    assert v.current == 2 and v.heats[PIRI] == 2 and v.heats[NAGA] == 9


@rule("AYCC-INFERNO-1")
def test_inferno_1_no_reveal_without_inferno_or_after_the_start():
    g = aycc.scenario([VASCO, NAGA, PIRI], [NAGA, VASCO], [20, 18], [["2", "3"], ["2", "4"]], current=1)
    assert g.phase == "ACTION"  # no D1 in the base game
    refused(g, Reveal(1), "AYCC-INFERNO-1", "Inferno Mode")
    g = vasco_table()
    g.apply(Decline(1))
    assert g.phase == "ACTION"
    refused(g, Reveal(1), "AYCC-INFERNO-1", "start of your turn")
    refused(g, Swap(1, PIRI, NAGA), "AYCC-INFERNO-PIRI-1", "right after revealing")
    refused(g, Diss(1, 0, NAGA), "AYCC-INFERNO-KINGNAGA-1", "right after revealing")
    refused(g, Endure(1, 16), "AYCC-INFERNO-FUEGO-1", "right after revealing")
    refused(g, Copy(1, NAGA), "AYCC-INFERNO-GOCHUJANG-1", "right after revealing")


@rule("AYCC-INFERNO-2")
def test_inferno_2_no_ability_after_a_withdrawal():
    g = game([VASCO, NAGA, PIRI, FUEGO], [NAGA, VASCO, FUEGO], [20, 18, 22],
             [["2", "3"], ["2", "4"], ["2", "3"]], piles={VASCO: ["5", "6"]}, out={VASCO: "withdrawn"}, current=1)
    assert g.phase == "ACTION"  # D1 is not offered
    assert not any(isinstance(m, Reveal) for m in g.legal_moves())
    refused(g, Reveal(1), "AYCC-INFERNO-2", "once per round")


@rule("AYCC-INFERNO-2")
def test_inferno_2_once_per_round():
    g = game([AL, NAGA, PIRI, FUEGO], [NAGA, AL, FUEGO], [20, 18, 22],
             [["2", "3", "4", "5"], ["2", "4", "6", "3"], ["2", "3", "4", "5"]], current=1)
    g.apply(Reveal(1))  # Siesta: no choice, on to the normal turn
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))
    g.apply(Decline(2))
    g.apply(Serve(2, dish(g, 2, "2"), NAGA))
    g.apply(Decline(0))
    g.apply(Serve(0, dish(g, 0, "2"), PIRI))
    assert g.view(None).current == 1 and g.phase == "ACTION"  # revealed: no D1 any more this round
    refused(g, Reveal(1), "AYCC-INFERNO-2")


@rule("AYCC-INFERNO-3")
def test_inferno_3_the_identity_is_public_the_tolerance_is_not():
    g = vasco_table()
    g.apply(Reveal(1))
    for s in (None, 0, 1, 2):
        v = g.view(s)
        assert v.identities[1] == VASCO and v.id_revealed[1]
    for s in (0, 2):
        assert 1 not in g.view(s).tolerances and not g.view(s).tol_revealed[1]
    assert g.view(1).tolerances[1] == 18


@rule("AYCC-INFERNO-HABI-1")
def test_habi_1_green_frenzy_three_different_targets_then_draw_then_serve():
    g = game([HABI, NAGA, FUEGO, PIRI], [NAGA, HABI, FUEGO], [24, 23, 22],
             [["2", "3", "4", "5"], ["3", "2", "4", "5"], ["2", "3", "4", "5"]],
             deck=["6", "7", "1", "2", "3"], current=1)
    g.apply(Reveal(1))
    assert g.phase == "ABILITY" and Decline(1) in g.legal_moves()
    refused(g, Serve(1, dish(g, 1, "3"), HABI), "AYCC-INFERNO-HABI-1", "never your own")
    g.apply(Serve(1, dish(g, 1, "3"), FUEGO))
    refused(g, Serve(1, dish(g, 1, "2"), FUEGO), "AYCC-INFERNO-HABI-1", "different")
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))  # the Neutral is allowed
    assert len(g.view(1).hand) == 2  # no draw per frenzy dish
    g.apply(Serve(1, dish(g, 1, "4"), NAGA))
    v = g.view(None)
    assert g.phase == "ACTION" and [d.code for d in v.hands[1]] == ["5", "6", "7", "1"]  # drawn back to 4
    assert (v.heats[FUEGO], v.heats[PIRI], v.heats[NAGA]) == (3, 2, 4) and v.last_target == NAGA
    refused(g, Serve(1, dish(g, 1, "5"), NAGA), "AYCC-SERVE-2", "Last Target")
    g.apply(Serve(1, dish(g, 1, "5"), FUEGO))  # the normal turn: a full serve with its draw
    assert len(g.view(1).hand) == 4 and g.view(None).current == 2


@rule("AYCC-INFERNO-HABI-1")
def test_habi_1_the_frenzy_stops_when_the_round_ends():
    g = game([HABI, NAGA, PIRI], [HABI, NAGA], [20, 16], [["3", "2", "4", "5"], ["2", "3"]],
             piles={NAGA: ["6", "4", "4"]}, deck=["1", "1", "2", "2", "3", "3"], current=0,
             deals=[None, {"row": [HABI, NAGA, PIRI], "identities": [HABI, NAGA]}])
    g.apply(Reveal(0))
    g.apply(Serve(0, dish(g, 0, "3"), NAGA))  # 17 > 16: King Naga burns out, P0 is the last player
    ev = kinds(g)
    assert "burn_out" in ev and "last_player" in ev and "frenzy_end" not in ev
    assert g.view(None).round == 2 and g.view(None).round_points == (0, 0)
    assert g.view(None).history[0] == (0, 0)  # P0's pile was empty: 0 points, nothing under the Neutral


@rule("AYCC-INFERNO-PIRI-1")
def test_piri_1_fiery_dance_swaps_piles_tokens_stay():
    g = game([PIRI, NAGA, FUEGO, HABI, AL], [NAGA, FUEGO, HABI, PIRI], [18, 23, 20, 19],
             [["2", "3"], ["2", "3"], ["2", "3"], ["2", "3"]],
             piles={NAGA: ["4", "6"], FUEGO: ["5L", "7", "6", "4"]}, tokens={"lock": FUEGO}, current=3)
    g.apply(Reveal(3))
    assert Swap(3, NAGA, FUEGO) in g.legal_moves() and Swap(3, FUEGO, NAGA) == Swap(3, NAGA, FUEGO)  # one pair
    refused(g, Swap(3, NAGA, NAGA), "AYCC-INFERNO-PIRI-1", "two different")
    g.apply(Swap(3, NAGA, FUEGO))
    v = g.view(None)
    assert v.heats[NAGA] == 22 and v.status[NAGA] == "burnt"  # announced at once
    assert v.heats[FUEGO] == 10 and v.status[FUEGO] == "active" and v.lock == FUEGO
    assert [d.code for d in v.piles[NAGA]] == ["5L", "7", "6", "4"]  # card order kept
    assert g.phase == "ACTION" and kinds(g).index("swap") < kinds(g).index("burn_out")


@rule("AYCC-INFERNO-PIRI-1", "AYCC-INFERNO-ALAPENO-1")
def test_piri_1_siesta_blocks_a_swap_unless_the_option_is_off():
    for blocks in (True, False):
        g = game([PIRI, AL, NAGA, HABI], [AL, PIRI, NAGA], [18, 23, 20],
                 [["2", "3", "4", "5"], ["2", "3", "4", "5"], ["2", "3", "4", "5"]],
                 piles={AL: ["4"], NAGA: ["5"]}, siesta_blocks_swap=blocks)
        g.apply(Reveal(0))  # Al Apeno's Siesta
        g.apply(Serve(0, dish(g, 0, "2"), HABI))
        g.apply(Reveal(1))
        if blocks:
            refused(g, Swap(1, AL, NAGA), "AYCC-INFERNO-ALAPENO-1", "Siesta")
            assert all(AL not in (m.first, m.second) for m in g.legal_moves())
        else:
            g.apply(Swap(1, AL, NAGA))
            assert g.view(None).heats[AL] == 5


@rule("AYCC-INFERNO-FUEGO-1")
def test_fuego_1_look_at_three_take_one_the_rest_back_in_order():
    g = game([FUEGO, NAGA, HABI, PIRI], [NAGA, FUEGO, HABI], [20, 17, 21],
             [["2", "3"], ["2", "3"], ["2", "3"]], piles={FUEGO: ["6", "5", "5"]},
             undealt=[22, 16, 19, 18, 23, 24], current=1)
    g.apply(Reveal(1))
    assert g.view(1).looking == (22, 16, 19) and g.view(0).looking == () and g.view(2).looking == ()
    assert "look at: 22, 16, 19" in describe(g.view(1)) and "look at" not in describe(g.view(0))
    look = [e for e in g.events(viewer=1) if e.kind == "endure_look"][0]
    assert "22, 16, 19" in look.text
    seen = [e for e in g.events(viewer=0) if e.kind == "endure_look"][0]  # the look is private
    assert not any(str(t) in seen.text for t in (22, 16, 19)) and seen.data is None
    assert g.legal_moves() == [Endure(1, 22), Endure(1, 16), Endure(1, 19), Decline(1)]
    refused(g, Endure(1, 18), "AYCC-INFERNO-FUEGO-1", "looked at")
    refused(g, Endure(1, True), "AYCC-SETUP-1", "whole number")  # (True == 1 as a value: a record would not replay)
    g.apply(Endure(1, 22))
    v = g.view(None)
    assert v.tolerances[1] == 22 and v.tolerance_deck == (16, 19, 18, 23, 24)
    assert g.locations()["tol:17"] == ["out"] and g.phase == "ACTION"
    for s in (0, 2):
        assert 1 not in g.view(s).tolerances
        assert not any("22" in e.text or "17" in e.text for e in g.events(viewer=s) if e.kind == "endure")


@rule("AYCC-INFERNO-FUEGO-1", "AYCC-ICON-EYE-1")
def test_fuego_1_an_eye_peek_at_the_old_card_is_forgotten():
    """What P0's Eye saw was Fuego's old card: once it leaves the round, P0's view no longer claims it."""
    g = game([FUEGO, NAGA, HABI, PIRI], [NAGA, FUEGO, HABI], [20, 17, 21],
             [["3E", "2"], ["2", "3"], ["2", "3"]], piles={FUEGO: ["6", "5", "5"]},
             undealt=[22, 16, 19, 18, 23, 24], deck=["4", "4", "4", "4"], current=0)
    g.apply(Decline(0))
    g.apply(Serve(0, dish(g, 0, "3E"), HABI))
    g.apply(Eye(0, 1))
    assert g.view(0).tolerances[1] == 17 and g.view(0).peeks == ((1, 17),)
    g.apply(Reveal(1))
    g.apply(Endure(1, 22))
    assert 1 not in g.view(0).tolerances and g.view(0).peeks == ()
    assert g.view(1).tolerances[1] == 22


@rule("AYCC-INFERNO-FUEGO-1", "AYCC-BURN-1")
def test_fuego_1_a_lower_tolerance_burns_out_at_once():
    g = game([FUEGO, NAGA, HABI, PIRI], [NAGA, FUEGO, HABI], [20, 18, 21],
             [["2", "3"], ["2", "3"], ["2", "3"]], piles={FUEGO: ["6", "6", "6"]},
             undealt=[22, 16, 19, 17, 23, 24], current=1)
    g.apply(Reveal(1))
    g.apply(Endure(1, 16))
    v = g.view(None)
    assert v.status[FUEGO] == "burnt" and v.tolerances[1] == 16 and v.tol_revealed[1]


@rule("AYCC-INFERNO-VASCO-1")
def test_vasco_1_quick_fork_then_serve():
    g = vasco_table()
    g.apply(Reveal(1))
    assert Decline(1) in g.legal_moves()  # the Fork is optional, as an icon's
    refused(g, Fork(1, PIRI, PIRI), "AYCC-ICON-FORK-1")
    g.apply(Fork(1, PIRI, NAGA))  # the top dish of the Neutral onto King Naga
    v = g.view(None)
    assert v.heats[PIRI] == 0 and v.heats[NAGA] == 9 and v.last_target is None  # the Last Target does not move
    g.apply(Serve(1, dish(g, 1, "4"), NAGA))
    assert g.view(None).heats[NAGA] == 13


def naga_table(**kw):
    """3 players: P0 King Naga, P1 Habi Wasabi, P2 Al Apeno (Locked, with the Chili); the Neutral is Piri Piri."""
    return game([NAGA, HABI, AL, PIRI], [NAGA, HABI, AL], [18, 20, 21],
                [["2", "3", "4", "5"], ["2", "3"], ["2", "3"]],
                piles={AL: ["5L", "6C"], NAGA: ["6", "5", "6"]}, tokens={"lock": AL, "chili": AL}, **kw)


@rule("AYCC-INFERNO-KINGNAGA-1", "AYCC-ICON-LOCK-2", "AYCC-BURN-3")
def test_kingnaga_1_right_guess_forces_the_withdrawal_and_banks_7():
    g = naga_table()
    g.apply(Reveal(0))
    assert Diss(0, 2, AL) in g.legal_moves() and not any(m.guess == NAGA for m in g.legal_moves())
    refused(g, Diss(0, 0, HABI), "AYCC-INFERNO-KINGNAGA-1", "not yourself")
    refused(g, Diss(0, 2, NAGA), "AYCC-INFERNO-KINGNAGA-1", "cannot be named")
    g.apply(Diss(0, 2, AL))
    v = g.view(None)
    assert v.status[AL] == "withdrawn" and v.id_revealed[2] and v.tol_revealed[2]  # even though Locked
    assert v.round_points == (7, 0, 11) and v.scores == (7, 0, 11)  # dishes only: no Chili bonus
    assert g.phase == "ACTION" and g.decision.players == (0,)  # then P0's normal turn
    g.apply(Serve(0, dish(g, 0, "2"), NAGA))  # 19 > 18: King Naga burns out, the 7 are kept
    assert "burn_out" in kinds(g) and g.view(None).history[0][0] == 7  # (P1, the last player, ended the round)


def exact_table(tokens):
    """P2 (Al Apeno, tolerance 21) stands heat 21 exactly: 5 + 6 + 4 + 6, with the Chili token; a stacked deck."""
    return game([NAGA, HABI, AL, PIRI], [NAGA, HABI, AL], [18, 20, 21],
                [["2", "3", "4", "5"], ["2", "3"], ["2", "3"]],
                piles={AL: ["5L", "6C", "4", "6"], NAGA: ["6", "5", "6"]}, tokens=tokens, deck=["1", "7", "2", "3"])


@rule("AYCC-INFERNO-KINGNAGA-1", "AYCC-BONUS-2", "AYCC-BONUS-3")
def test_kingnaga_1_a_forced_withdrawal_at_the_tolerance_scores_the_exact_match():
    # "they score for their Dish Cards normally" [L214]: the dishes and the +10 of a total equal to the
    # tolerance [L108]; not the Chili's +5, which needs a voluntary withdrawal [L174] (NOTES.md)
    g = exact_table({"lock": AL, "chili": AL})
    g.apply(Reveal(0))
    g.apply(Diss(0, 2, AL))
    v = g.view(None)
    assert v.status[AL] == "withdrawn" and v.round_points == (7, 0, 31) and v.scores == (7, 0, 31)
    (w,) = [e for e in g.events() if e.kind == "withdraw"]
    assert w.data == {"seat": 2, "character": AL, "tolerance": 21, "points": 21, "chili": 0, "exact": 10,
                      "total": 31, "voluntary": False}
    assert w.rules == ("AYCC-WITHDRAW-2", "AYCC-BONUS-3", "AYCC-BONUS-2")
    assert w.text.endswith("must withdraw Al Apeno (tolerance 21, heat 21): 21 points + 10 (heat equals the "
                           "tolerance) = 31")


@rule("AYCC-BONUS-1", "AYCC-BONUS-2")
def test_the_same_pile_withdrawn_voluntarily_scores_both_bonuses():
    g = exact_table({"chili": AL})  # no Lock this time, and P2 on turn
    g.apply(Decline(0))
    g.apply(Serve(0, dish(g, 0, "2"), HABI))
    g.apply(Decline(1))
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))
    g.apply(Decline(2))
    g.apply(Withdraw(2))
    assert g.view(None).round_points == (0, 0, 21 + 10 + 5)


@rule("AYCC-INFERNO-KINGNAGA-1", "AYCC-BONUS-3")
def test_kingnaga_1_a_forced_withdrawal_under_the_tolerance_scores_the_dishes_only():
    g = exact_table({"lock": AL, "chili": AL})
    g.apply(Reveal(0))
    g.apply(Diss(0, 1, HABI))  # Habi Wasabi (tolerance 20) stands heat 0: 0 points, no bonus
    (w,) = [e for e in g.events() if e.kind == "withdraw"]
    assert (w.data["exact"], w.data["chili"], w.data["total"]) == (0, 0, 0)
    assert w.rules == ("AYCC-WITHDRAW-2", "AYCC-BONUS-3")


@rule("AYCC-INFERNO-KINGNAGA-2")
def test_kingnaga_2_a_wrong_guess_tells_nothing():
    g = naga_table()
    g.apply(Reveal(0))
    before = {s: public(g.view(s)) for s in (None, 0, 1, 2)}
    ids = {s: dict(g.view(s).identities) for s in (1, 2)}
    start = len(g.events())
    g.apply(Diss(0, 2, HABI))
    for s in (None, 0, 1, 2):
        assert public(g.view(s)) == before[s]
    assert {s: dict(g.view(s).identities) for s in (1, 2)} == ids  # P0 was revealed before the guess already
    assert 2 not in g.view(0).identities and 2 not in g.view(1).identities
    new = g.events()[start:]
    assert [e.kind for e in new] == ["diss"] and "Al Apeno" not in new[0].text
    assert AL not in new[0].data.values()


@rule("AYCC-INFERNO-KINGNAGA-1")
def test_kingnaga_1_no_reveal_with_nobody_to_name():
    g = naga_table(revealed=[1, 2])
    assert g.phase == "TURN_BEGIN" and g.legal_moves() == [Decline(0)]  # D1 is asked as ever: it tells nothing
    refused(g, Reveal(0), "AYCC-INFERNO-KINGNAGA-1", "nobody to name")
    assert g.view(1).decision == naga_table().view(1).decision  # the same question as when P0 could reveal


def siesta_table():
    """3 players: P0 King Naga, P1 Al Apeno, P2 Habi Wasabi; the Neutral is Piri Piri. P1 to play."""
    return game([AL, NAGA, HABI, PIRI], [NAGA, AL, HABI], [20, 22, 21],
                [["2", "3", "4", "5"], ["2", "3", "4", "5"], ["2F", "3", "4", "5"]],
                piles={AL: ["4"], NAGA: ["5"], HABI: ["3"]}, current=1)


@rule("AYCC-INFERNO-ALAPENO-1")
def test_alapeno_1_siesta_until_the_next_turn():
    g = siesta_table()
    g.apply(Reveal(1))
    assert g.view(2).siestas == {1: AL} and Withdraw(1) in g.legal_moves()  # Al himself may still withdraw
    assert "P1 takes a Siesta" in describe(g.view(2))
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))
    g.apply(Decline(2))
    refused(g, Serve(2, dish(g, 2, "3"), AL), "AYCC-INFERNO-ALAPENO-1", "Siesta")
    refused(g, Withdraw(2), "AYCC-INFERNO-ALAPENO-1", "withdraw")
    assert not any(isinstance(m, Withdraw) or getattr(m, "target", None) == AL for m in g.legal_moves())
    g.apply(Serve(2, dish(g, 2, "2F"), NAGA))
    refused(g, Fork(2, NAGA, AL), "AYCC-INFERNO-ALAPENO-1", "Siesta")  # no Fork lands on Al
    g.apply(Fork(2, AL, HABI))  # a Fork from Al is allowed
    g.apply(Decline(0))
    refused(g, Withdraw(0), "AYCC-INFERNO-ALAPENO-1")
    g.apply(Serve(0, dish(g, 0, "2"), PIRI))
    assert g.view(None).current == 1 and g.view(None).siestas == {}  # P1's next turn began: the Siesta is over
    assert "siesta_end" in kinds(g)
    g.apply(Serve(1, dish(g, 1, "3"), NAGA))
    g.apply(Decline(2))
    assert Withdraw(2) in g.legal_moves() and any(getattr(m, "target", None) == AL for m in g.legal_moves())


@rule("AYCC-INFERNO-ALAPENO-1", "AYCC-INFERNO-KINGNAGA-1")
def test_alapeno_1_a_forced_withdrawal_still_happens():
    g = game([AL, NAGA, HABI, PIRI], [NAGA, AL, HABI], [20, 22, 21],
             [["2", "3", "4", "5"], ["2", "3", "4", "5"], ["2", "3", "4", "5"]], piles={AL: ["4"]}, current=1)
    g.apply(Reveal(1))
    g.apply(Serve(1, dish(g, 1, "2"), PIRI))
    g.apply(Decline(2))
    g.apply(Serve(2, dish(g, 2, "2"), NAGA))
    g.apply(Reveal(0))
    g.apply(Diss(0, 2, HABI))
    assert g.view(None).status[HABI] == "withdrawn"  # DEC-15: the Siesta forbids only voluntary withdrawals


def go_table():
    """4 players: P0 King Naga, P1 Habi Wasabi (revealed), P2 Al Apeno, P3 Go Chu Jang; the Neutral is Fuego Fred."""
    return game([GO, NAGA, HABI, AL, FUEGO], [NAGA, HABI, AL, GO], [18, 20, 21, 17],
                [["2", "3"], ["2", "3"], ["2", "3"], ["2", "3", "4", "5"]], piles={GO: ["6", "5", "5"]},
                undealt=[22, 16, 19, 23, 24], revealed=[1], current=3)


@rule("AYCC-INFERNO-GOCHUJANG-1")
def test_gochujang_1_copy_the_neutral_fuego():
    g = go_table()
    g.apply(Reveal(3))
    assert g.legal_moves() == [Copy(3, NAGA), Copy(3, AL), Copy(3, FUEGO)]  # row order
    refused(g, Copy(3, HABI), "AYCC-INFERNO-GOCHUJANG-1", "revealed")
    refused(g, Copy(3, GO), "AYCC-INFERNO-GOCHUJANG-1", "not your own")
    refused(g, Copy(3, VASCO), "AYCC-INFERNO-GOCHUJANG-1", "row")
    g.apply(Copy(3, FUEGO))
    assert g.view(3).looking == (22, 16, 19)
    g.apply(Endure(3, 22))
    v = g.view(None)
    assert v.tolerances[3] == 22 and v.tolerance_deck == (16, 19, 23, 24) and v.identities[3] == GO
    assert not v.id_revealed[0] and not v.id_revealed[2]  # copying reveals nobody else


@rule("AYCC-INFERNO-GOCHUJANG-1")
def test_gochujang_1_your_means_the_copier():
    g = go_table()
    g.apply(Reveal(3))
    g.apply(Copy(3, NAGA))
    assert Diss(3, 0, NAGA) in g.legal_moves() and not any(m.guess == GO for m in g.legal_moves())
    g.apply(Diss(3, 0, NAGA))
    assert g.view(None).status[NAGA] == "withdrawn" and g.view(None).scores[3] == 7  # Go gains the 7
    g = go_table()
    g.apply(Reveal(3))
    g.apply(Copy(3, AL))
    assert g.view(None).siestas == {3: GO}  # the Siesta protects Go Chu Jang
    g.apply(Serve(3, dish(g, 3, "2"), NAGA))
    g.apply(Decline(0))
    refused(g, Withdraw(0), "AYCC-INFERNO-ALAPENO-1")
    refused(g, Serve(0, dish(g, 0, "2"), GO), "AYCC-INFERNO-ALAPENO-1")


@rule("AYCC-INFERNO-GOCHUJANG-2")
def test_gochujang_2_the_alias_in_a_position():
    g = game(["Go Chun Jang", "King Naga", "Piri Piri"], ["Go Chun Jang", "King Naga"], [18, 20],
             [["2", "3"], ["2", "3"]])
    assert g.view(None).identities[0] == GO
    g.apply(Reveal(0))
    assert g.legal_moves() == [Copy(0, NAGA), Copy(0, PIRI)]


@rule("AYCC-INFERNO-HABI-1", "AYCC-ICON-EYE-1", "AYCC-ICON-FORK-1")
def test_habi_1_each_frenzy_dish_is_a_full_serve_with_its_icon():
    g = game([HABI, NAGA, AL, PIRI], [NAGA, HABI, AL], [20, 22, 21],
             [["2", "3"], ["3E", "2F", "5L", "4"], ["2", "3"]], piles={PIRI: ["6"]}, current=1)
    g.apply(Reveal(1))
    g.apply(Serve(1, dish(g, 1, "3E"), NAGA))
    assert g.phase == "EYE"  # the Eye is asked inside the frenzy
    g.apply(Decline(1))
    g.apply(Serve(1, dish(g, 1, "2F"), AL))
    assert g.phase == "FORK"
    g.apply(Fork(1, PIRI, NAGA))
    assert g.phase == "ABILITY" and g.view(None).heats[NAGA] == 9 and g.view(None).last_target == AL
    refused(g, Serve(1, dish(g, 1, "5L"), AL), "AYCC-INFERNO-HABI-1", "different")
    g.apply(Serve(1, dish(g, 1, "5L"), PIRI))
    v = g.view(None)
    assert v.lock == PIRI and g.phase == "ACTION" and len(v.hands[1]) == 4


@rule("AYCC-INFERNO-HABI-1", "AYCC-INFERNO-ALAPENO-1")
def test_habi_1_no_frenzy_dish_for_a_character_in_a_siesta():
    g = game([HABI, NAGA, AL, PIRI], [AL, HABI, NAGA], [20, 22, 21],
             [["2", "3", "4", "5"], ["3", "2", "4", "5"], ["2", "3"]], current=0)
    g.apply(Reveal(0))  # Al Apeno's Siesta
    g.apply(Serve(0, dish(g, 0, "2"), PIRI))
    g.apply(Reveal(1))
    refused(g, Serve(1, dish(g, 1, "3"), AL), "AYCC-INFERNO-ALAPENO-1", "Siesta")
    assert {m.target for m in g.legal_moves() if isinstance(m, Serve)} == {NAGA}  # Piri holds the Last Target


@rule("AYCC-INFERNO-PIRI-1", "AYCC-ROUND-1")
def test_piri_1_a_swap_that_leaves_one_player_ends_the_round():
    g = game([PIRI, NAGA, HABI], [PIRI, NAGA], [20, 16], [["2", "3"], ["2", "3"]],
             piles={HABI: ["6", "6", "5"], NAGA: ["4"]}, current=0)
    g.apply(Reveal(0))
    g.apply(Swap(0, NAGA, HABI))  # King Naga: 17 > 16, burns out; P0 is the last player
    ev = kinds(g)
    assert ev.index("burn_out") < ev.index("last_player") and g.view(None).round == 2
    assert g.view(None).history[0] == (0 + 2 * 1, 0)  # P0's empty pile, + 2 for the 1 dish now under the Neutral


@rule("AYCC-INFERNO-KINGNAGA-1", "AYCC-GAME-2")
def test_kingnaga_1_the_7_points_may_end_a_first_to_50_game():
    g = naga_table(game_end="first_to_50", scores=[45, 30, 20])
    g.apply(Reveal(0))
    g.apply(Diss(0, 2, AL))  # P2 scores 11 (31), then P0 gains 7 (52): the game ends at once
    assert g.over and g.result.winners == (0,) and g.result.scores == (52, 30, 31)
    assert g.edge_counts.get(("ABILITY", "GAME_OVER")) == 1
    stats = row(g)  # the simulation's columns count it
    assert stats["right_disses"] == 1 and stats["withdrawals"] == 0  # the forced withdrawal is not voluntary
