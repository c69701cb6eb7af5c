"""Abilities and Hot-card targets as pure checks (the Hot-card procedure comes with the turn)."""
from chililab.games.mafia.rules import checks as A

from .helpers import cards_of, opts, rule

BASE, ADV = opts(4), opts(4, advanced=True)
GF = opts(5, goodfellas_peppers=True)
GF_ADV = opts(5, goodfellas_peppers=True, advanced=True)
YATSU = opts(4, yatsufusa=True)


@rule("MAFIA-HOT-2")
@rule("MAFIA-HOT-3")
def test_hot_3_target_strength_at_most_the_attack():
    hab, ghost, tab = cards_of(4, ["Habanero", "Ghost", "Tabasco"])
    assert A.target_problem("whack", A.attack_strength(hab), ghost, [ghost], BASE)[0] == "MAFIA-HOT-3"
    assert A.target_problem("whack", A.attack_strength(hab), tab, [tab], BASE) is None
    carolina, jimmy, moruga = cards_of(4, ["Carolina", "Jimmy", "Moruga"])
    assert A.target_problem("whack", A.attack_strength(carolina), moruga, [moruga], BASE) is None


@rule("MAFIA-SWEET-2")
def test_sweet_2_never_a_hot_card_target():
    sweet, ghost = cards_of(4, ["Sweet", "Ghost"])
    assert A.target_problem("whack", 10, sweet, [sweet, ghost], BASE)[0] == "MAFIA-SWEET-2"


@rule("MAFIA-HOT-TURNCOAT-1")
def test_turncoat_1_takes_strength_8_at_most():
    carolina, moruga, ghost = cards_of(4, ["Carolina", "Moruga", "Ghost"])
    assert A.target_problem("turncoat", 10, moruga, [moruga], BASE)[0] == "MAFIA-HOT-TURNCOAT-1"
    assert A.target_problem("turncoat", 10, ghost, [ghost], BASE) is None
    assert A.target_problem("whack", 10, moruga, [moruga], BASE) is None


@rule("MAFIA-PROMO-YATSU-2")
def test_promo_yatsu_2_the_samurai_blocks_turncoat_only():
    yats, ghost, jimmy = cards_of(4, ["Yatsufusa*", "Ghost", "Jimmy"], yatsufusa=True)
    gang = [yats, ghost, jimmy]
    for target in gang:
        assert A.target_problem("turncoat", 10, target, gang, YATSU)[0] == "MAFIA-PROMO-YATSU-2"
        assert A.target_problem("whack", 10, target, gang, YATSU) is None
    assert A.target_problem("turncoat", 10, ghost, gang, {**YATSU, "samurai_ability": False}) is None
    plain = cards_of(4, ["Yatsufusa-"], yatsufusa=True)[0]
    assert A.target_problem("turncoat", 10, ghost, [plain, ghost, jimmy], YATSU) is None


@rule("MAFIA-ADV-1")
def test_adv_1_abilities_on_icon_cards_in_advanced_mode_only():
    jimmy_star, jimmy, ghost = cards_of(4, ["Jimmy*", "Jimmy-", "Ghost"])
    gang = [jimmy_star, jimmy, ghost]
    assert A.sidekick_problem(jimmy, ghost, gang, ADV)[0] == "MAFIA-ADV-1"
    assert A.sidekick_problem(jimmy_star, ghost, gang, ADV) is None
    assert A.sidekick_problem(jimmy_star, ghost, gang, BASE)[0] == "MAFIA-ADV-1"


@rule("MAFIA-ADV-SIDEKICK-1")
def test_sidekick_1_joint_strength_with_a_pepper_of_his_gang():
    jimmy, ghost, tab, carolina, other = cards_of(4, ["Jimmy*", "Ghost", "Tabasco", "Carolina", "Ghost"])
    gang = [jimmy, ghost, tab]
    assert A.sidekick_problem(jimmy, ghost, gang, ADV) is None
    strength = A.attack_strength(jimmy, ghost)
    assert strength == 10 and A.target_problem("whack", strength, carolina, [carolina], ADV) is None
    assert A.sidekick_problem(jimmy, other, gang, ADV)[0] == "MAFIA-ADV-SIDEKICK-1"
    assert A.sidekick_problem(jimmy, jimmy, gang, ADV)[0] == "MAFIA-ADV-SIDEKICK-1"


@rule("MAFIA-ADV-TROUBLEMAKER-1")
def test_troublemaker_1_targets_6_at_most():
    jal, hab = cards_of(4, ["Jalapeno", "Habanero"])
    assert A.target_problem("whack", 8, jal, [jal, hab], ADV, troublemaker=True) is None
    assert A.target_problem("whack", 8, hab, [jal, hab], ADV, troublemaker=True)[0] == "MAFIA-ADV-TROUBLEMAKER-1"


@rule("MAFIA-GF-1")
def test_gf_1_goodfellas_abilities_without_advanced_mode():
    naga, = cards_of(5, ["Naga*"], goodfellas_peppers=True)
    jimmy, = cards_of(5, ["Jimmy*"], goodfellas_peppers=True)
    assert A.active(naga, [naga], GF) and not A.active(jimmy, [jimmy], GF)
    assert not A.active(naga, [naga], {**GF, "goodfellas_abilities": False})
    assert A.active(jimmy, [jimmy], GF_ADV)


@rule("MAFIA-GF-OUTLAW-1")
def test_gf_outlaw_1_silences_the_rest_of_his_gang():
    px, pob, ghost = cards_of(5, ["Pepper X*", "Poblano*", "Ghost*"], goodfellas_peppers=True)
    gang = [px, pob, ghost]
    assert not A.active(pob, gang, GF_ADV) and not A.active(ghost, gang, GF_ADV)
    assert A.active(px, gang, GF_ADV) and A.active(pob, [pob, ghost], GF_ADV)
    assert A.active(pob, gang, {**GF_ADV, "goodfellas_abilities": False})  # an Outlaw without his ability


@rule("MAFIA-GF-OUTLAW-2")
def test_gf_outlaw_2_only_his_own_gang():
    px, jimmy, pob, ghost, tab = cards_of(5, ["Pepper X*", "Jimmy*", "Poblano*", "Ghost", "Tabasco"],
                                          goodfellas_peppers=True)
    outlaw_gang, other_gang = [px, jimmy, ghost], [pob, tab]
    assert not A.active(jimmy, outlaw_gang, GF_ADV) and A.active(pob, other_gang, GF_ADV)


@rule("MAFIA-HOT-TURNCOAT-2")
def test_turncoat_2_only_with_somewhere_to_put_the_target():
    from chililab.games.mafia.rules import checks as G

    jimmy, = cards_of(4, ["Jimmy"])
    mine = [cards_of(4, ["Ghost", "Ghost", "Ghost"])]
    whack = cards_of(4, ["Whack"])
    assert G.turncoat_problem(jimmy, mine, whack)[0] == "MAFIA-HOT-TURNCOAT-2"
    assert G.turncoat_problem(jimmy, mine + [cards_of(4, ["Tabasco", "Poblano"])], []) is None
    assert G.turncoat_problem(jimmy, mine, cards_of(4, ["Jimmy", "Jimmy"])) is None
    ghost, = cards_of(4, ["Ghost"])
    assert G.placements(ghost, mine, []) == ([0], False)  # MAFIA-HOT-TURNCOAT-1: into [Ghost x3]


GF_WITCH = opts(5, goodfellas_peppers=True)


@rule("MAFIA-GF-WITCH-1")
def test_witch_1_swap_and_place_the_taken_pepper():
    from chililab.games.mafia.rules import checks as G

    witch, ghost, tab, pob = cards_of(5, ["Jeanette*", "Ghost", "Tabasco", "Poblano"], goodfellas_peppers=True)
    mine = [cards_of(5, ["Ghost", "Ghost", "Ghost"], goodfellas_peppers=True)]
    assert A.witch_swap_problem(witch, [ghost, tab, pob], ghost, GF_WITCH) is None
    assert G.gang_type([witch, tab, pob]) == G.MIXED and G.placements(ghost, mine, []) == ([0], False)
    plain, = cards_of(5, ["Jeanette-"], goodfellas_peppers=True)
    assert A.witch_swap_problem(plain, [ghost, tab, pob], ghost, GF_WITCH)[0] == "MAFIA-GF-WITCH-1"


@rule("MAFIA-GF-WITCH-2")
def test_witch_2_the_rival_gang_stays_valid_and_no_outlaw():
    witch, g1, g2, g3 = cards_of(5, ["Jeanette*", "Ghost", "Ghost", "Ghost"], goodfellas_peppers=True)
    problem = A.witch_swap_problem(witch, [g1, g2, g3], g1, GF_WITCH)
    assert problem[0] == "MAFIA-GF-WITCH-2" and "gang rules" in problem[1]
    px, tab, pob = cards_of(5, ["Pepper X*", "Tabasco", "Poblano"], goodfellas_peppers=True)
    assert "Outlaw" in A.witch_swap_problem(witch, [px, tab, pob], tab, GF_WITCH)[1]
    sweet, = cards_of(5, ["Sweet"], goodfellas_peppers=True)
    assert A.witch_swap_problem(witch, [sweet, tab, pob], sweet, GF_WITCH) is None  # she may take a Sweet Chili


@rule("MAFIA-ADV-2")
def test_adv_2_one_attacker_ability_per_attack():
    assert A.declared_abilities_problem(["Sidekick", "Sniper"])[0] == "MAFIA-ADV-2"
    assert A.declared_abilities_problem(["Troublemaker"]) is None and A.declared_abilities_problem([]) is None


@rule("MAFIA-ADV-BODYGUARD-1")
def test_bodyguard_1_a_poblano_dies_in_the_targets_place():
    pob, ghost, hab, tab = cards_of(4, ["Poblano*", "Ghost", "Habanero", "Tabasco"])
    gang = [pob, ghost, hab, tab]
    assert A.bodyguards("whack", [ghost], gang, ADV) == [pob]
    assert A.bodyguards("whack", [pob], gang, ADV) == []  # a targeted Bodyguard cannot stand in
    assert A.bodyguards("whackem", [ghost, hab], gang, ADV) == [pob]
    assert A.bodyguards("whack", [ghost], gang, BASE) == []  # advanced mode only


@rule("MAFIA-ADV-BODYGUARD-2")
def test_bodyguard_2_not_against_pinch_turncoat_or_rumble():
    pob, ghost = cards_of(4, ["Poblano*", "Ghost"])
    assert all(A.bodyguards(h, [ghost], [pob, ghost], ADV) == [] for h in ("pinch", "turncoat", "rumble"))


@rule("MAFIA-ADV-SNIPER-1")
def test_sniper_1_the_bodyguard_is_useless_against_her():
    pob, hab, tab = cards_of(4, ["Poblano*", "Habanero", "Tabasco"])
    assert A.bodyguards("whack", [hab], [pob, hab, tab], ADV, sniper=True) == []
    assert A.bodyguards("whack", [hab], [pob, hab, tab], ADV) == [pob]


@rule("MAFIA-GF-LORD-1")
def test_lord_1_lost_to_a_hot_card_draws_one():
    naga, ghost, px = cards_of(5, ["Naga*", "Ghost", "Pepper X*"], goodfellas_peppers=True)
    assert A.lord_draws(naga, [naga, ghost], True, GF)
    assert not A.lord_draws(naga, [naga, ghost], False, GF)  # taken by a Witch, say
    assert not A.lord_draws(naga, [naga, ghost, px], True, GF)  # silenced by the Outlaw


@rule("MAFIA-GF-DANCER-1")
def test_dancer_1_moves_into_another_gang_leaving_hers_incomplete():
    pad, ghost, pob, jimmy, tab = cards_of(5, ["Padron*", "Ghost", "Poblano", "Jimmy", "Tabasco"],
                                           goodfellas_peppers=True)
    a, b = [pad, ghost, pob], [jimmy, tab]
    assert A.dancer_problem(pad, a, b, GF) is None
    assert A.dancer_problem(pad, a, [jimmy, jimmy], GF)[0] == "MAFIA-GF-DANCER-1"  # would break a Brotherhood
    plain, = cards_of(5, ["Padron-"], goodfellas_peppers=True)
    assert A.dancer_problem(plain, [plain, ghost, pob], b, GF)[0] == "MAFIA-GF-DANCER-1"


@rule("MAFIA-GF-GAMBLER-1")
def test_gambler_1_leaves_no_incomplete_gang():
    chip, ghost, pob, tab = cards_of(5, ["Chipotle*", "Ghost", "Poblano", "Tabasco"], goodfellas_peppers=True)
    assert A.gambler_problem(chip, [chip, ghost, pob, tab], GF) is None
    assert "incomplete" in A.gambler_problem(chip, [chip, ghost, pob], GF)[1]
    assert A.gambler_problem(chip, None, GF) is None  # from the hand
    px, = cards_of(5, ["Pepper X*"], goodfellas_peppers=True)
    assert A.gambler_problem(chip, [chip, px, ghost, pob], GF) is not None  # silenced in the Outlaw's gang
