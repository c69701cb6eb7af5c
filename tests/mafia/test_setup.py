"""Setup through the draft to the first turn (mafia.md section 2.1), from explicit decks."""
import json

import pytest

from chililab.engine import IllegalMove
from chililab.games import mafia

from .helpers import count, deal_order, draft, keys, rule

HANDS3 = [["Ghost", "Jimmy", "Whack", "Sweet", "Earner", "Poblano"],
          ["Tabasco", "Habanero", "Pinch", "Jimmy", "Bagman", "Moruga"],
          ["Carolina", "Turncoat", "Jalapeno", "Booster", "Hungarian", "Fugg"]]


def _locations_ok(g, total):
    where = g.locations()
    assert len(where) == total and all(len(p) == 1 for p in where.values())


@rule("MAFIA-SETUP-4")
def test_setup_4_dawn_raid_aside_and_6_cards_each():
    g = mafia.new_game(players=4, seed=1)
    v = g.view(None)
    assert v.phase == "DRAFT" and v.packet_counts == (6, 6, 6, 6) and v.draw_size == 74
    dealt = [c for p in v.packets.values() for c in p]
    assert len(dealt) == 24 and "dawn_raid" not in keys(dealt) + keys(v.draw_pile)
    _locations_ok(g, 99)  # the Dawn Raid is somewhere: set aside


@rule("MAFIA-DRAFT-1")
def test_draft_1_simultaneous_picks_passed_left():
    g = mafia.new_game(players=3, seed=2, deck=deal_order(HANDS3))
    assert [sorted(keys(g.view(s).packet)) for s in range(3)] == [
        sorted(keys(g.view(None).packets[s])) for s in range(3)]
    assert keys(g.view(0).packet) == ["ghost", "jimmy", "whack", "sweet", "earner", "poblano"]
    picked = []
    seen = []
    while g.phase == "DRAFT":
        packets = {s: g.view(s).packet for s in range(3)}
        seen.append(packets)
        choice = {s: packets[s][-1] for s in range(3)}
        picked.append(choice)
        for s in range(3):
            assert g.decision.kind == "window" and s in g.decision.players
            g.apply(mafia.Pick(s, choice[s]))
    assert len(seen) == 5  # picks 1-5 are chosen; the last card of each packet is simply taken
    v = g.view(None)
    assert v.hand_counts == (6, 6, 6) and v.phase == "TURN_MAIN"
    for k in range(1, 5):  # P1's pick k+1 came from the packet P0 held at pick k
        assert picked[k][1] in seen[k - 1][0] and picked[k][1] is not picked[k - 1][0]
        assert set(seen[k][1]) == set(seen[k - 1][0]) - {picked[k - 1][0]}
    assert set(v.hands[0]) == {picked[k][0] for k in range(5)} | set(seen[4][2]) - {picked[4][2]}


@rule("MAFIA-DRAFT-1")
def test_draft_1_refusals():
    g = mafia.new_game(players=3, seed=2, deck=deal_order(HANDS3))
    ghost = g.view(0).packet[0]
    with pytest.raises(IllegalMove, match="not in the packet") as e:
        g.apply(mafia.Pick(1, ghost))
    assert e.value.rule == "MAFIA-DRAFT-1"
    before = g.fingerprint()
    g.apply(mafia.Pick(0, ghost))
    with pytest.raises(IllegalMove, match="already picked"):
        g.apply(mafia.Pick(0, g.view(0).packet[1]))
    after = g.fingerprint()
    with pytest.raises(IllegalMove, match="seat"):
        g.apply(mafia.Pick(5, ghost))
    assert g.fingerprint() == after != before


@rule("MAFIA-DRAFT-1")
def test_draft_1_hidden_picks_and_packets():
    g = mafia.new_game(players=4, seed=5)
    first = g.view(0).packet[2]
    g.apply(mafia.Pick(0, first))
    for s in (1, 2, 3):
        v = g.view(s)
        assert v.answered == () and v.hands == {s: ()} and set(v.packets) == {s}
        assert first.id not in v.visible_card_ids()
        assert v.visible_card_ids() == {c.id for c in v.packet}
        assert set(g.decision.for_viewer(s).players) >= {s}
    assert g.view(0).answered == (0,)
    while g.phase == "DRAFT":
        for s in range(4):
            own = {c.id for c in g.view(s).packet} | {c.id for c in g.view(s).hand}
            assert g.view(s).visible_card_ids() == own
        for s in g.decision.players:
            g.apply(mafia.Pick(s, g.view(s).packet[0]))
        texts = [e.text for e in g.events(g.step, viewer=1)]
        assert not any(f"P{s} picks" in t and "a card" not in t for s in (0, 2, 3) for t in texts)
    for s in range(4):
        assert g.view(s).visible_card_ids() == {c.id for c in g.view(s).hand}


@rule("MAFIA-DRAFT-2")
def test_draft_2_two_players_keep_the_deal():
    hands = [["Ghost", "Jimmy", "Whack", "Sweet", "Earner", "Poblano"],
             ["Tabasco", "Habanero", "Pinch", "Jimmy", "Bagman", "Moruga"]]
    g = mafia.new_game(players=2, seed=3, deck=deal_order(hands))
    assert g.phase == "TURN_MAIN" and g.step == 0 and g.decision.kind == "turn"
    v = g.view(None)
    assert [keys(v.hands[s]) for s in (0, 1)] == [
        ["ghost", "jimmy", "whack", "sweet", "earner", "poblano"],
        ["tabasco", "habanero", "pinch", "jimmy", "bagman", "moruga"]]
    assert not any(e.kind == "pick" for e in g.events())
    assert v.draw_size == 87 and len(g.locations()) == 99


@rule("MAFIA-SETUP-5")
def test_setup_5_draw_deck_and_empty_discard():
    g = mafia.new_game(players=3, seed=4)
    draft(g)
    v = g.view(None)
    assert v.discard == () and v.draw_size == 98 - 18 + 1 and v.dawn_raid_drawn is False
    _locations_ok(g, 99)


@rule("MAFIA-SETUP-6")
@rule("MAFIA-PROMO-TASTE-1")
def test_setup_6_taste_me_inserted_before_the_dawn_raid():
    g = mafia.new_game(players=4, seed=6, taste_me=True)
    draft(g)
    v = g.view(None)
    pile = keys(v.draw_pile)
    assert v.draw_size == 81 and pile.count("taste_me") == 6
    assert all(count(h, "taste_me") == 0 for h in v.hands.values())
    assert pile.index("dawn_raid") == 80 - 26  # D = 74 + 6 = 80: 26 cards below
    other = mafia.new_game(players=4, seed=7, taste_me=True)
    draft(other)
    spots = [i for i, k in enumerate(keys(other.view(None).draw_pile)) if k == "taste_me"]
    assert spots != [i for i, k in enumerate(pile) if k == "taste_me"]  # seeded, random positions


@rule("MAFIA-SETUP-7")
def test_setup_7_dawn_raid_position():
    g = mafia.new_game(players=4, seed=8)
    draft(g)
    pile = keys(g.view(None).draw_pile)
    assert pile.index("dawn_raid") == 50 and len(pile) - 1 - 50 == 24
    for n, d in ((2, 86), (3, 80), (5, 120), (6, 114), (7, 108), (8, 102)):
        h = mafia.new_game(players=n, seed=n)
        draft(h)
        p = keys(h.view(None).draw_pile)
        assert len(p) == d + 1 and len(p) - 1 - p.index("dawn_raid") == d // 3, n
    t = mafia.new_game(players=4, seed=8, dawn_raid_table={"4": 10, "5": 3})
    draft(t)
    p = keys(t.view(None).draw_pile)
    assert len(p) - 1 - p.index("dawn_raid") == 10
    f = mafia.new_game(players=5, seed=8, dawn_raid_below_fraction="1/2")
    draft(f)
    p = keys(f.view(None).draw_pile)
    assert len(p) - 1 - p.index("dawn_raid") == 60


@rule("MAFIA-SETUP-8")
def test_setup_8_hot_property_deck():
    g = mafia.new_game(players=4, seed=9, hot_properties=True, hp_deck=["Bribe", "Snoop"])
    draft(g)
    v = g.view(None)
    assert v.hp_deck_size == 16 and v.hp_counts == (0, 0, 0, 0)
    assert keys(v.hp_deck)[:2] == ["bribe", "snoop"] and len({c.key for c in v.hp_deck}) == 10
    assert g.view(1).hp_deck is None and g.view(1).hp_deck_size == 16
    _locations_ok(g, 99 + 16)
    plain = mafia.new_game(players=4, seed=9)
    draft(plain)
    assert plain.view(None).hp_deck_size == 0


@rule("MAFIA-SETUP-9")
def test_setup_9_first_player():
    g = mafia.new_game(players=4, seed=10, first_player=2)
    draft(g)
    v = g.view(None)
    assert v.first_player == v.current == 2 and v.turn == 1
    assert g.decision.kind == "turn" and g.decision.players == (2,)
    starts = set()
    for seed in range(20):
        h = mafia.new_game(players=2, seed=seed)
        starts.add(h.view(None).first_player)
    assert starts == {0, 1}  # seeded random by default


def test_record_replay_undo_and_clone():
    g = mafia.new_game(players=5, seed=12, taste_me=True, hot_properties=True, rumble=True)
    prints = [g.fingerprint()]
    while g.phase == "DRAFT":
        for s in range(5):
            g.apply(g.legal_moves(s)[-1])
            prints.append(g.fingerprint())
    again = mafia.replay(json.loads(g.to_json()))
    assert again.fingerprint() == g.fingerprint() and again.view(None) == g.view(None)
    for k in range(len(prints) - 1, -1, -1):
        g.goto(k)
        assert g.fingerprint() == prints[k]
    g.goto(len(prints) - 1)
    assert g.fingerprint() == prints[-1]
    explicit = mafia.new_game(players=3, seed=2, deck=deal_order(HANDS3), hp_deck=["Bribe"],
                              hot_properties=True)
    assert mafia.replay(explicit.record).fingerprint() == explicit.fingerprint()


def test_flow_edges_taken_are_declared():
    g = mafia.new_game(players=3, seed=13)
    draft(g)
    assert g.edge_counts == {("BUILD", "DEAL"): 1, ("DEAL", "DRAFT"): 1, ("DRAFT", "DRAFT"): 4,
                             ("DRAFT", "FINALIZE"): 1, ("FINALIZE", "TURN_MAIN"): 1}
    graph = mafia.flow_graph()
    assert graph.graph["start"] == "BUILD" and all(r.startswith("MAFIA-") for *_, d in graph.edges(data=True)
                                                   for r in d["rules"])


@rule("MAFIA-TEAM-2")
def test_team_2_a_teammates_hand_is_never_in_a_view():
    g = mafia.new_game(players=4, seed=14, mode="team")
    assert g.view(None).teams == ((0, 2), (1, 3))
    while g.phase == "DRAFT":
        assert not g.view(0).visible_card_ids() & {c.id for c in g.view(None).packets[2]}
        for s in range(4):
            g.apply(g.legal_moves(s)[0])
    partner = {c.id for c in g.view(None).hands[2]}
    assert len(partner) == 6 and not g.view(0).visible_card_ids() & partner
    assert g.view(0).hand_counts[2] == 6


@rule("MAFIA-2P-1")
def test_2p_1_two_players_use_the_small_deck_and_no_draft():
    g = mafia.new_game(players=2, seed=15)
    assert len(g.locations()) == 99  # 98 cards and the Dawn Raid
    assert g.phase == "TURN_MAIN" and g.edge_counts.get(("DEAL", "FINALIZE")) == 1
    assert ("DEAL", "DRAFT") not in g.edge_counts and g.step == 0


def test_bad_records_are_refused_clearly():
    from chililab.engine import RecordError

    g = mafia.new_game(players=3, seed=16)
    g.apply(mafia.Pick(0, g.view(0).packet[0]))
    rec = g.record
    stolen = dict(rec, moves=[{"move": "Pick", "player": 1, "card": rec["moves"][0]["card"]}])
    with pytest.raises(RecordError, match="move 1"):
        mafia.replay(stolen)
    with pytest.raises(RecordError, match="players"):
        mafia.replay(dict(rec, options={**rec["options"], "players": 12}))
    with pytest.raises(RecordError, match="deck"):
        mafia.replay(dict(rec, setup={"deck": [196]}))  # the Dawn Raid is never in the shuffled deck
    with pytest.raises(RecordError, match="not a chililab saved game|for 'loco'"):
        mafia.replay(dict(rec, game="loco"))
