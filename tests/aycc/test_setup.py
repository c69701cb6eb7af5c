"""All You Can Chili setup (aycc.md 2.1): the row, identities, tolerances, hands, tokens, the first player."""
import pytest

from chililab.games import aycc
from chililab.games.aycc import Serve, Withdraw

from .helpers import cid, kinds, rule, v


@rule("AYCC-COMP-2")
def test_the_game_header_reports_a_custom_composition():
    comp = [{"name": "Latte", "flame": 1, "score": 7, "icon": "star", "count": 2},
            {"name": "Plain", "flame": 4, "count": 45}]
    g = aycc.new_game(players=3, seed=1, dish_composition=comp)
    head = g.events()[0]
    assert head.kind == "composition" and "2 x Latte (1/7*)" in head.text and "45 x Plain (4)" in head.text
    assert head.data["composition"] == g.options["dish_composition"] and len(v(g).dishes) == 47
    assert sorted(d.name for d in v(g).dishes)[:2] == ["Latte #1", "Latte #2"]
    g2 = aycc.replay(g.to_json())
    assert type(g2) is type(g) and g2.fingerprint() == g.fingerprint()


@rule("AYCC-COMP-2")
def test_a_non_standard_deck_size_is_reported_as_such():
    g = aycc.new_game(players=2, seed=1, deck_size=12, dish_composition=[{"name": "P", "flame": 3, "count": 12}])
    assert "non-standard" in g.events()[0].text and not g.events()[0].data["standard"]
    assert v(g).deck_size == 12 - 8


@rule("AYCC-SETUP-2")
def test_inferno_and_the_game_end_are_fixed_for_the_whole_game():
    g = aycc.new_game(players=3, seed=5, game_end="three_rounds")
    with pytest.raises(TypeError):
        g.options["inferno"] = True  # the options are read-only once the game has started
    assert not v(g).inferno and v(g).game_end == "three_rounds"
    assert not hasattr(aycc, "set_option") and "inferno" not in aycc.MOVES  # no move toggles it


@rule("AYCC-SETUP-3")
def test_each_round_has_a_row_of_players_plus_one_characters():
    g = aycc.new_game(players=4, seed=3, rounds=2)
    rows = []
    while not g.over:
        t = v(g)
        if not rows or rows[-1][0] != t.round:
            rows.append((t.round, t.row, t.status))
        g.apply(g.legal_moves()[-1])
    assert [r for r, _, _ in rows] == [1, 2]
    for _, row, status in rows:
        assert len(row) == len(set(row)) == 5
        assert sorted(c for c in range(7) if status[c] == "") == sorted(set(range(7)) - set(row))
    assert len([e for e in g.events() if e.kind == "row"]) == 2


@rule("AYCC-SETUP-3")
def test_a_round_is_dealt_from_freshly_shuffled_decks():
    g = aycc.new_game(players=4, seed=3, rounds=2, deals=[{"row": ["King Naga", "Fuego Fred", "Vasco Tabasco",
                                                                   "Go Chu Jang", "Piri Piri"]}])
    first = {s: v(g).hands[s] for s in range(4)}
    while v(g).round == 1:
        g.apply(g.legal_moves()[-1])
    assert {s: v(g).hands[s] for s in range(4)} != first
    assert sum(map(len, v(g).piles)) == 0 and v(g).deck_size == 47 - 16


@rule("AYCC-SETUP-4")
def test_identities_are_dealt_and_the_leftover_is_the_neutral():
    g = aycc.new_game(players=4, seed=11)
    t = v(g)
    owned = set(t.identities.values())
    assert len(owned) == 4 and owned < set(t.row)
    assert t.neutral in t.row and t.neutral not in owned
    assert g.locations()[f"id:{aycc.CHARACTERS[t.neutral].key}"] == ["neutral"]


@rule("AYCC-SETUP-5")
def test_six_players_get_a_tolerance_and_four_dishes_each():
    g = aycc.new_game(players=6, seed=2)
    t = v(g)
    assert len(t.tolerances) == 6 and t.undealt_count == 3 and len(t.tolerance_deck) == 3
    assert sorted([*t.tolerances.values(), *t.tolerance_deck]) == list(range(16, 25))
    assert t.hand_counts == (4,) * 6 and t.deck_size == 47 - 24


@rule("AYCC-SETUP-5")
def test_an_explicit_deal():
    g = aycc.new_game(players=2, seed=2, deals=[{"row": ["Habi Wasabi", "Al Apeno", "Piri Piri"],
                                                 "identities": ["Al Apeno", "Habi Wasabi"], "tolerances": [19, 22, 16],
                                                 "hands": [["5", "5F", "Latte", "1"], ["7", "Reaper", "2C", "3"]],
                                                 "deck": ["6L"]}], first_player=0)
    t = v(g)
    assert t.identities == {0: cid("Al Apeno"), 1: cid("Habi Wasabi")} and t.neutral == cid("Piri Piri")
    assert t.tolerances == {0: 19, 1: 22} and t.tolerance_deck[0] == 16
    assert [str(d) for d in t.hands[0]] == ["5", "5F", "Latte", "1"] and str(t.deck[0]) == "6L"


@rule("AYCC-SETUP-6")
def test_tokens_start_unplaced_and_a_seat_knows_only_its_own_secrets():
    g = aycc.new_game(players=4, seed=9)
    t = v(g)
    assert (t.chili, t.last_target, t.lock) == (None, None, None)
    assert {g.locations()[f"token:{k}"][0] for k in ("chili", "last_target", "lock")} == {"supply"}
    mine = g.view(1)
    assert mine.identities == {1: t.identities[1]} and mine.tolerances == {1: t.tolerances[1]}
    assert mine.neutral is None and mine.hands.keys() == {1}
    dealt = [e for e in g.events(viewer=1) if e.kind == "deal"]
    assert [e.data is not None for e in dealt] == [s == 1 for s in range(4)]  # only its own deal in full


@rule("AYCC-SETUP-7")
def test_play_goes_clockwise_from_the_first_player():
    g = aycc.new_game(players=4, seed=4, first_player=3)
    order = []
    for _ in range(6):
        p = g.decision.players[0]
        order.append(p)
        g.apply(next(m for m in g.legal_moves() if type(m) is Serve))
        while g.phase in ("EYE", "FORK"):
            g.apply(g.legal_moves()[-1])
    assert order == [3, 0, 1, 2, 3, 0]
    assert kinds(g.events(0))[-1] == "start" and g.events(0)[-1].data["seat"] == 3


@rule("AYCC-SETUP-7")
def test_the_first_player_is_a_seeded_draw_without_the_option():
    starts = {v(aycc.new_game(players=4, seed=s)).start for s in range(20)}
    assert len(starts) > 1 and v(aycc.new_game(players=4, seed=7)).start == v(aycc.new_game(players=4, seed=7)).start


def test_withdraw_is_offered_first_then_one_serve_per_dish_kind_and_target():
    g = aycc.new_game(players=2, seed=1, first_player=0, deals=[{
        "row": ["Habi Wasabi", "Al Apeno", "Piri Piri"], "identities": ["Al Apeno", "Habi Wasabi"],
        "hands": [["5", "5", "Latte", "1"], ["7", "Reaper", "2C", "3"]]}])
    legal = g.legal_moves()
    assert legal[0] == Withdraw(0)
    serves = [(str(m.dish), m.target) for m in legal[1:]]
    assert len(serves) == len(set(serves)) == 3 * 3  # two plain 5s are one choice


def test_a_record_saved_with_the_old_option_name_start_player_still_loads():
    """The first player's option was called ``start_player`` (now ``first_player``, docs/game-folder.md)."""
    g = aycc.new_game(players=3, seed=5, first_player=2)
    for _ in range(5):
        g.apply(g.legal_moves()[0])
    rec = g.record
    old = dict(rec, options={("start_player" if k == "first_player" else k): v for k, v in rec["options"].items()})
    h = aycc.replay(old)
    assert h.options == g.options and h.options["first_player"] == 2 and "start_player" not in h.options
    assert h.view(None) == g.view(None)
    assert aycc.new_game(players=3, seed=5, start_player=2).view(None) == aycc.new_game(
        players=3, seed=5, first_player=2).view(None)
    with pytest.raises(aycc.ConfigError, match="old name of first_player"):
        aycc.new_game(players=3, start_player=1, first_player=1)
