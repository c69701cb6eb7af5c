"""Hidden information (aycc.md section 0): what each seat's view, events and text picture hold."""
import json

from chililab.engine import registry
from chililab.games import aycc
from chililab.games.aycc.text import describe

from .helpers import eye, rule, serve, table, v, withdraw


@rule("AYCC-SETUP-6")
def test_a_seat_sees_only_its_own_identity_tolerance_and_hand():
    g = aycc.new_game(players=5, seed=21)
    t = v(g)
    for s in range(5):
        w = g.view(s)
        assert w.identities == {s: t.identities[s]} and w.tolerances == {s: t.tolerances[s]}
        assert w.hands == {s: t.hands[s]} and w.hand_counts == t.hand_counts
        assert w.neutral is None and w.tolerance_deck is None and w.deck is None and w.undealt_count == 4
        assert not w.peeks and not any(w.id_revealed) and not any(w.tol_revealed)


@rule("AYCC-ICON-EYE-1")
def test_an_eye_look_is_known_to_the_looker_alone_and_stays_after_a_new_turn():
    g = table(hands=[["3E"], ["3"], ["4"], ["5"]])
    serve(g, 0, "3E", "Piri Piri")
    eye(g, 0, 2)
    serve(g, 1, "3", "King Naga")
    assert g.view(0).tolerances == {0: 18, 2: 17}
    assert all(2 not in g.view(s).tolerances for s in (1, 3))
    assert all(e.data is None for e in g.events(viewer=1) if e.kind == "eye")


@rule("AYCC-WITHDRAW-2")
def test_revealed_identities_and_tolerances_are_public():
    g = table(current=1, piles={"Fuego Fred": ["6"]})
    withdraw(g, 1)
    for s in range(4):
        assert g.view(s).identities.get(1) == v(g).identities[1] and g.view(s).tolerances.get(1) == 23
        assert g.view(s).id_revealed[1] and g.view(s).tol_revealed[1]


def test_private_events_reach_others_as_public_text_only():
    g = aycc.new_game(players=3, seed=8)
    while g.step < 30 and not g.over:
        g.apply(g.legal_moves()[-1])
    for s in range(3):
        for e in g.events(viewer=s):
            if e.kind in ("deal", "draw", "eye") and e.data is not None:
                assert e.data["seat"] == s


def test_the_text_picture_shows_only_what_the_seat_may_see():
    g = table(hands=[["2"], ["3"], ["4"], ["5"]])
    text = describe(g.view(0))
    assert "King Naga [P0 (you)]" in text and "Fuego Fred [?]" in text and "Piri Piri [?]" in text
    assert "you are King Naga, tolerance 18; your hand: 2" in text and "23" not in text
    teacher = describe(v(g))
    assert "Piri Piri [Neutral]" in teacher and "Fuego Fred [P1]" in teacher
    assert registry.get("aycc").picture("text")(g.view(2)).count("(you)") == 1


def test_a_view_is_a_snapshot_and_serialises():
    g = aycc.new_game(players=2, seed=3)
    w = g.view(0)
    g.apply(g.legal_moves()[-1])
    assert w.phase == "ACTION" and w.decision.players == (w.current,)
    assert json.dumps({"heats": w.heats, "scores": w.scores, "row": w.row})
