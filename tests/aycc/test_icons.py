"""The special icons (aycc.md 2.8): Eye, Lock, Fork, Chili and star cards."""
import pytest

from chililab.games.aycc import Eye, IllegalMove, Withdraw

from .helpers import cid, decline, eye, fork, heat, holder, kinds, pile, rule, serve, status, table, v

ROW = ["Habi Wasabi", "Piri Piri", "Fuego Fred", "Al Apeno", "King Naga"]
IDS = ["Habi Wasabi", "Fuego Fred", "Al Apeno", "King Naga"]  # Piri Piri is the Neutral
TOLS = [19, 23, 21, 18]


def icons(**kw):
    kw.setdefault("row", ROW)
    kw.setdefault("identities", IDS)
    kw.setdefault("tolerances", TOLS)
    return table(**kw)


@rule("AYCC-ICON-EYE-1")
def test_the_eye_shows_one_opponents_tolerance_to_the_server_only():
    g = icons(hands=[["2"], ["3E"], ["4"], ["5"]], current=1)
    before = {s: g.view(s) for s in range(4)}
    serve(g, 1, "3E", "King Naga")
    assert g.phase == "EYE" and g.decision.players == (1,)
    assert {m.seat for m in g.legal_moves() if type(m) is Eye} == {0, 2, 3}
    events = eye(g, 1, 2)
    assert g.view(1).tolerances == {1: 23, 2: 21} and g.view(1).peeks == ((2, 21),)
    assert 2 not in g.view(1).identities  # the character is not revealed
    for s in (0, 2, 3):
        assert g.view(s).tolerances == before[s].tolerances and g.view(s).peeks == ()
    seen = [e for e in events if e.kind == "eye"][0]
    assert "21" in seen.text and "21" not in seen.for_viewer(0).text and seen.for_viewer(0).data is None


@rule("AYCC-ICON-EYE-1")
def test_the_eye_may_be_declined_and_never_looks_at_oneself_or_a_revealed_tolerance():
    g = icons(piles={"Fuego Fred": ["5"]}, out={"Fuego Fred": "withdrawn"}, hands=[["3E"], ["3"], ["4"], ["5"]])
    serve(g, 0, "3E", "King Naga")
    for bad in (Eye(0, 0), Eye(0, 1)):
        with pytest.raises(IllegalMove) as e:
            g.apply(bad)
        assert e.value.rule == "AYCC-ICON-EYE-1"
    decline(g, 0)
    assert g.view(0).peeks == () and holder(g, "last_target") == "King Naga"


@rule("AYCC-ICON-LOCK-1")
def test_the_lock_token_moves_to_the_served_character():
    g = icons(tokens={"lock": "Habi Wasabi"}, hands=[["5L"], ["3L"], ["4"], ["5"]])
    serve(g, 0, "5L", "Piri Piri")
    assert holder(g, "lock") == "Piri Piri"
    events = serve(g, 1, "3L", "Fuego Fred")
    assert holder(g, "lock") == "Fuego Fred" and "lock" in kinds(events)


@rule("AYCC-ICON-LOCK-1")
def test_a_lock_served_to_the_holder_leaves_it_there():
    g = icons(tokens={"lock": "Fuego Fred"}, hands=[["5L"], ["3"], ["4"], ["5"]])
    events = serve(g, 0, "5L", "Fuego Fred")
    assert holder(g, "lock") == "Fuego Fred" and "keeps the Lock token" in events[1].text


@rule("AYCC-ICON-LOCK-2")
def test_the_locked_character_cannot_withdraw_voluntarily():
    g = icons(hands=[["5L"], ["3"], ["4"], ["5"]], current=0)
    serve(g, 0, "5L", "Fuego Fred")
    assert g.decision.players == (1,) and all(type(m).__name__ == "Serve" for m in g.legal_moves())
    with pytest.raises(IllegalMove) as e:
        g.apply(Withdraw(1))
    assert e.value.rule == "AYCC-ICON-LOCK-2"


@rule("AYCC-ICON-LOCK-3")
def test_forking_the_lock_dish_leaves_the_token():
    g = icons(piles={"Fuego Fred": ["5L"]}, tokens={"lock": "Fuego Fred"}, hands=[["2"], ["3"], ["4F"], ["5"]],
              current=2)
    serve(g, 2, "4F", "King Naga")
    fork(g, 2, "Fuego Fred", "Al Apeno")
    assert pile(g, "Al Apeno") == ["5L"] and pile(g, "Fuego Fred") == [] and holder(g, "lock") == "Fuego Fred"


@rule("AYCC-ICON-FORK-1")
def test_the_fork_moves_one_top_dish_to_another_character():
    g = icons(piles={"King Naga": ["3", "6"], "Piri Piri": ["1"]}, hands=[["2"], ["2F"], ["4"], ["5"]], current=1)
    serve(g, 1, "2F", "Piri Piri")
    assert g.phase == "FORK" and g.decision.kind == "choice"
    events = fork(g, 1, "King Naga", "Piri Piri")
    assert heat(g, "King Naga") == 3 and heat(g, "Piri Piri") == 1 + 2 + 6
    assert pile(g, "Piri Piri") == ["1", "2F", "6"] and holder(g, "last_target") == "Piri Piri"
    assert kinds(events) == ["fork", "last_target", "draw"]


@rule("AYCC-ICON-FORK-1")
def test_the_fork_card_itself_may_move_and_a_moved_icon_does_not_trigger_again():
    g = icons(piles={"Fuego Fred": ["2C"]}, tokens={"chili": "Habi Wasabi", "last_target": "Al Apeno"},
              hands=[["2"], ["5F"], ["4"], ["5"]], current=1)
    serve(g, 1, "5F", "King Naga")
    fork(g, 1, "King Naga", "Habi Wasabi")  # the Fork dish itself
    assert pile(g, "Habi Wasabi") == ["5F"] and holder(g, "last_target") == "King Naga"
    serve(g, 2, "4", "Piri Piri")
    g2 = icons(piles={"Fuego Fred": ["2C"]}, tokens={"chili": "Habi Wasabi"}, hands=[["2"], ["5F"], ["4"], ["5"]],
               current=1)
    serve(g2, 1, "5F", "King Naga")
    events = fork(g2, 1, "Fuego Fred", "Piri Piri")
    assert holder(g2, "chili") == "Habi Wasabi" and "chili" not in kinds(events) and "fork" in kinds(events)


@rule("AYCC-ICON-FORK-2")
def test_a_forked_dish_can_burn_out_its_new_character():
    g = icons(piles={"King Naga": ["7", "4", "4"], "Piri Piri": ["5"]}, hands=[["2"], ["2F"], ["4"], ["5"]],
              current=1)
    serve(g, 1, "2F", "Fuego Fred")
    events = fork(g, 1, "Piri Piri", "King Naga")
    assert heat(g, "King Naga") == 20 and status(g, "King Naga") == "burnt" and "burn_out" in kinds(events)
    assert heat(g, "Piri Piri") == 0 and g.decision.players == (2,)


@rule("AYCC-ICON-CHILI-1")
def test_the_chili_token_moves_only_to_a_different_character():
    g = table(tokens={"chili": "Go Chu Jang"}, hands=[["2C"], ["3C"], ["4"], ["5"]])
    serve(g, 0, "2C", "Vasco Tabasco")
    assert holder(g, "chili") == "Vasco Tabasco"
    events = serve(g, 1, "3C", "Piri Piri")
    assert holder(g, "chili") == "Piri Piri" and "AYCC-ICON-CHILI-1" in events[1].rules


@rule("AYCC-ICON-CHILI-2")
def test_forking_the_chili_dish_leaves_the_token():
    g = table(piles={"Go Chu Jang": ["4C"]}, tokens={"chili": "Go Chu Jang"}, hands=[["2F"], ["3"], ["4"], ["5"]])
    serve(g, 0, "2F", "King Naga")
    fork(g, 0, "Go Chu Jang", "Piri Piri")
    assert pile(g, "Go Chu Jang") == [] and holder(g, "chili") == "Go Chu Jang"


@rule("AYCC-ICON-STAR-1")
@pytest.mark.parametrize("star, h, points", [("Latte", 6, 12), ("Reaper", 12, 6)])
def test_star_cards_count_flames_for_heat_and_stars_for_points(star, h, points):
    g = table(piles={"Go Chu Jang": [star, "5"]}, current=3)
    assert heat(g, "Go Chu Jang") == h and v(g).pile_points[cid("Go Chu Jang")] == points
    events = g.apply(Withdraw(3))
    assert events[0].data["points"] == points and events[0].data["exact"] == 0
