"""Gang arithmetic without a game: validity, type, scoring, tie-breaks, the Dawn Raid partition search."""
import random
from itertools import combinations

from chililab.games.mafia.rules import checks as G
from chililab.games.mafia.rules.cards import STRENGTH

from .helpers import cards_of, rule


@rule("MAFIA-GANG-2")
def test_gang_2_sweet_chili_is_wild_at_most_once():
    assert G.gang_type(["sweet", "ghost", "ghost", "ghost"]) == G.BROTHERHOOD
    assert G.gang_type(["sweet", "jimmy", "carolina"]) == G.MIXED
    assert not G.valid(["sweet", "sweet", "ghost"])
    assert G.why_invalid(["sweet", "sweet", "ghost"]) == "a gang may hold only 1 Sweet Chili"
    assert G.valid(["tabasco", "habanero", "sweet"]) and not G.valid(["ghost", "ghost", "habanero"])
    assert "all the same" in G.why_invalid(["ghost", "ghost", "habanero"])
    assert G.valid(["ghost", "ghost"]) and G.valid(["ghost", "habanero"]) and G.valid([])


@rule("MAFIA-GANG-3")
def test_gang_3_type_and_completeness():
    g = ["sweet", "ghost", "ghost"]
    assert G.complete(g) and G.gang_type(g) == G.BROTHERHOOD
    whacked = ["sweet", "ghost"]
    assert not G.complete(whacked) and G.gang_type(whacked) is None and G.valid(whacked)
    assert G.gang_type(whacked + ["habanero"]) == G.MIXED
    assert G.gang_type(["ghost"]) is None and G.gang_type(["ghost", "ghost", "habanero"]) is None


@rule("MAFIA-SCORE-2")
def test_score_2_the_rulebook_examples():
    mixed, bros, sweet_bros = (cards_of(4, g) for g in (
        ["Sweet", "Poblano", "Tabasco", "Moruga"], ["Ghost"] * 3, ["Sweet", "Habanero", "Habanero"]))
    assert (G.score(mixed), G.score(bros), G.score(sweet_bros)) == (19, 48, 30)
    assert G.score_keys(["jalapeno"] * 3) == 30 and G.score_keys(["sweet", "tabasco", "habanero"]) == 14


@rule("MAFIA-SCORE-1")
def test_score_1_incomplete_gangs_score_nothing():
    assert G.score_keys(["carolina", "moruga"]) == 0
    assert G.tally([cards_of(4, ["Carolina", "Moruga"])]) == (0, 0, 0)


@rule("MAFIA-SCORE-3")
def test_score_3_a_team_scores_the_gangs_of_all_its_members():
    g19 = cards_of(4, ["Sweet", "Poblano", "Tabasco", "Moruga"])
    g48 = cards_of(4, ["Ghost"] * 3)
    t = G.side_tallies([[g19], [], [g48], []], team_of=(0, 1, 0, 1))
    assert t[0].points == 67 and t[1].points == 0 and t[0].brotherhoods == 1 and t[0].peppers == 7


@rule("MAFIA-TIE-1")
def test_tie_1_brotherhoods_then_fewest_peppers_then_shared():
    assert G.winners({1: G.Tally(60, 2, 10), 2: G.Tally(60, 1, 8)}) == (1,)
    assert G.winners({1: G.Tally(60, 1, 9), 2: G.Tally(60, 1, 11)}) == (1,)
    assert G.winners({1: G.Tally(60, 1, 9), 2: G.Tally(60, 1, 9), 3: G.Tally(50, 3, 3)}) == (1, 2)
    assert G.winners({0: G.Tally(61, 0, 20), 1: G.Tally(60, 5, 3)}) == (0,)


@rule("MAFIA-DAWN-3")
def test_dawn_3_full_partition_forces_complete_gangs():
    m = ["ghost"] * 3 + ["habanero", "tabasco", "sweet"]
    assert G.must_be_complete(m)
    part = G.full_partition(m)
    assert sorted(map(sorted, part)) == [["ghost"] * 3, ["habanero", "sweet", "tabasco"]]
    assert not G.must_be_complete(["ghost"] * 3 + ["habanero", "tabasco"])
    assert G.must_be_complete(["ghost"] * 4 + ["habanero", "tabasco"])  # [Ghost x3] + [Ghost, Habanero, Tabasco]
    assert not G.must_be_complete(["sweet", "sweet", "ghost", "ghost"])
    assert G.must_be_complete([]) and not G.must_be_complete(["sweet"])


def _brute(keys):
    """A slow reference: try every way of splitting the multiset into complete valid gangs."""
    keys = sorted(keys)
    if not keys:
        return True
    first, rest = keys[0], keys[1:]
    for size in range(2, len(rest) + 1):
        for idx in combinations(range(len(rest)), size):
            gang = [first] + [rest[i] for i in idx]
            if G.valid(gang) and _brute([k for i, k in enumerate(rest) if i not in idx]):
                return True
    return False


@rule("MAFIA-DAWN-3")
def test_dawn_3_the_search_agrees_with_brute_force():
    rng = random.Random(3)
    names = ["sweet", "jimmy", "poblano", "ghost", "habanero", "tabasco"]
    for _ in range(300):
        m = [rng.choice(names) for _ in range(rng.randint(0, 8))]
        part = G.full_partition(m)
        assert (part is not None) == _brute(m), m
        if part is not None:
            assert sorted(k for g in part for k in g) == sorted(m)
            assert all(G.complete(g) and G.valid(g) for g in part)


def test_strengths_follow_the_rulebook():
    assert [STRENGTH[k] for k in ("sweet", "jimmy", "poblano", "hungarian", "jalapeno", "tabasco", "habanero",
                                  "ghost", "moruga", "carolina")] == list(range(1, 11))


@rule("MAFIA-SWEET-1")
def test_sweet_1_the_sweet_chili_moves_without_leaving_an_incomplete_gang():
    a = cards_of(4, ["Sweet", "Ghost", "Habanero", "Tabasco"])
    b = cards_of(4, ["Jimmy", "Jimmy"])
    assert G.sweet_move_problem(a, b) is None and G.gang_type(b + a[:1]) == G.BROTHERHOOD
    assert "incomplete" in G.sweet_move_problem(a[:3], b)
    assert G.sweet_move_problem(a[:1], b) is None  # her gang was only her: it simply goes
    assert "only 1 Sweet" in G.sweet_move_problem(a, cards_of(4, ["Sweet", "Ghost"]))
    assert "no Sweet" in G.sweet_move_problem(b, a)


@rule("MAFIA-DAWN-2")
def test_dawn_2_rearrangement_keeps_every_table_pepper_and_takes_nobody_elses():
    ghost1, hab, tab, ghost2, ghost3, ghost4, jimmy, other = cards_of(
        4, ["Ghost", "Habanero", "Tabasco", "Ghost", "Ghost", "Ghost", "Jimmy", "Poblano"])
    table, hand = [ghost1, hab, tab, ghost2, ghost3], [ghost4, jimmy]
    assert G.dawn_raid_problem(table, hand, [[ghost1, ghost2, ghost3, ghost4], [hab, tab, jimmy]]) is None
    rule_id, why = G.dawn_raid_problem(table, hand, [[ghost1, ghost2, ghost4], [hab, tab, jimmy]])
    assert rule_id == "MAFIA-DAWN-2" and "stay on the table" in why  # ghost3 back to the hand
    assert "not yours" in G.dawn_raid_problem(table, hand, [[ghost1, ghost2, ghost3], [hab, tab, other]])[1]
    assert "all the same" in G.dawn_raid_problem(table, hand, [[ghost1, ghost2, hab], [ghost3, tab]])[1]
    assert "two gangs" in G.dawn_raid_problem(table, hand, [[ghost1, ghost2, ghost3], [hab, tab, ghost1]])[1]
    whack = cards_of(4, ["Whack"])[0]
    assert "only Chili Peppers" in G.dawn_raid_problem(table, [whack], [[ghost1, ghost2, ghost3], [hab, tab, whack]])[1]


@rule("MAFIA-DAWN-3")
def test_dawn_3_a_submission_with_an_incomplete_gang_when_all_could_be_complete():
    g1, g2, g3, hab, tab, sweet = cards_of(4, ["Ghost", "Ghost", "Ghost", "Habanero", "Tabasco", "Sweet"])
    rule_id, why = G.dawn_raid_problem([g1, g2, g3, hab, tab], [sweet], [[g1, g2, g3, sweet], [hab, tab]])
    assert rule_id == "MAFIA-DAWN-3" and "complete" in why
    assert G.dawn_raid_problem([g1, g2, g3, hab, tab], [sweet], [[g1, g2, g3], [hab, tab, sweet]]) is None
    assert G.dawn_raid_problem([g1, g2, g3, hab, tab], [], [[g1, g2, g3], [hab, tab]]) is None


@rule("MAFIA-SCORE-2")
def test_score_2_explained_in_the_rulebooks_words():
    gangs = [cards_of(4, g) for g in (["Sweet", "Poblano", "Tabasco", "Moruga"], ["Ghost"] * 3,
                                       ["Sweet", "Habanero", "Habanero"], ["Carolina", "Moruga"])]
    assert G.explain_all(gangs) == [
        "Mixed Gang (Sweet Chili, Poblano, Tabasco, Moruga Scorpion): 1 + 3 + 6 + 9 = 19 points",
        "Brotherhood Gang (Ghost Pepper x3): (8 + 8 + 8) x 2 = 48 points",
        "Brotherhood Gang with a Sweet Chili (Sweet Chili, Habanero x2): (1 + 7 + 7) x 2 = 30 points",
        "Incomplete gang (Carolina Reaper, Moruga Scorpion): discarded at scoring, 0 points",
        "Total: 97 points"]
