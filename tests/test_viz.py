"""Chili Loco's pictures (card SVGs, table pictures: no hidden card leaks), viz flow figures and charts."""
import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from chililab import loco
from chililab.loco import ALL_CARDS
from chililab.engine import registry
from chililab.games.loco.pictures import card_back_svg, card_kinds, card_svg, game_html, table_svg
from chililab.games.loco.pictures.cards import BORDER

SVG = "{http://www.w3.org/2000/svg}"


def parse(s):
    return ET.fromstring(s)


def card_nodes(root):
    """Every element carrying a card identity (face-up cards)."""
    return [e for e in root.iter() if e.get("data-card") is not None]


def seeded_midgame(players=4, seed=7, steps=40, rseed=1):
    """A seeded game played by a seeded random policy to the middle (help offers open for seed 7)."""
    g = loco.new_game(players=players, seed=seed)
    rng = random.Random(rseed)
    for _ in range(steps):
        if g.result is not None:
            break
        p = g.decision.players[0]
        g.apply(rng.choice(g.legal_moves(p)))
    assert g.result is None
    return g


# ------------------------------------------------------------------ cards

def test_every_card_svg_is_wellformed_and_names_its_code():
    for c in ALL_CARDS:
        root = parse(card_svg(c))
        assert root.tag == SVG + "svg"
        assert root.get("class") == "chili-card"
        assert root.get("data-card") == c.code
        assert root.get("data-id") == str(c.id)
        assert root.get("data-border") == c.border
        assert root.find(SVG + "title").text == str(c)


def test_card_svg_accepts_codes_and_width():
    root = parse(card_svg("G-Ghost", width=120))
    assert root.get("data-card") == "G-Ghost"
    assert float(root.get("width")) == 120
    assert float(root.get("height")) > 120  # portrait


def test_nineteen_kinds_all_drawn_differently():
    kinds = card_kinds()
    assert len(kinds) == 19  # 8 peppers, 4 actions, 6 wilds, Personal Recipe
    bodies = {re.sub(r'data-[a-z]+="[^"]*"|<title>.*?</title>|aria-label="[^"]*"', "", card_svg(c)) for c in kinds}
    assert len(bodies) == 19
    # the Jalapeño keeps its ñ and is readable text
    jal = next(c for c in kinds if c.name == "Jalapeño")
    assert "Jalapeño" in "".join(parse(card_svg(jal)).itertext())


def _border_fill(svg):
    root = parse(svg)
    rect = next(e for e in root.iter(SVG + "rect") if e.get("width") == "100" and e.get("height") == "140")
    return rect.get("fill")


def test_cream_and_dark_borders_differ():
    cream = [c for c in ALL_CARDS if c.cream]
    dark = [c for c in ALL_CARDS if not c.cream]
    assert {_border_fill(card_svg(c)) for c in cream} == {BORDER["cream"]}
    assert {_border_fill(card_svg(c)) for c in dark} == {BORDER["dark"]}
    assert BORDER["cream"].lower() != BORDER["dark"].lower()
    slap = next(c for c in ALL_CARDS if c.code == "Y-Slap")  # the cream action
    assert _border_fill(card_svg(slap)) == BORDER["cream"]


def test_face_down_backs_carry_no_identity():
    back = card_back_svg(70)
    root = parse(back)
    assert "chili-card" in root.get("class") and "chili-card-back" in root.get("class")
    # the back of every card is the very same markup
    assert {card_svg(c, face_up=False) for c in ALL_CARDS} == {back}
    assert not card_nodes(root)
    assert not any(a.startswith("data-") for e in root.iter() for a in e.attrib)
    for c in ALL_CARDS:
        assert c.code not in back
    for name in {c.name for c in ALL_CARDS}:
        assert name not in back
    assert ' id="' not in back


def test_text_is_escaped_and_highlight_is_a_ring():
    s = card_svg("R-Bell", title='<script>"&"</script>')
    assert parse(s).find(SVG + "title").text == '<script>"&"</script>'
    plain, lit = card_svg("R-Bell"), card_svg("R-Bell", highlight=True)
    assert lit != plain and parse(lit).get("data-card") == "R-Bell"


def test_the_registry_names_these_pictures():
    spec = registry.get("loco")
    c = ALL_CARDS[5]
    assert spec.picture("card")(c) == card_svg(c)
    assert spec.picture("card_back")() == card_back_svg()


# ------------------------------------------------------------------ table

def _ids_in(svg):
    return {int(e.get("data-id")) for e in card_nodes(parse(svg))}


def _assert_view_picture_holds_only_the_view(g, viewer):
    view = g.view(viewer)
    svg = table_svg(view)
    root = parse(svg)
    assert root.get("class") == "chili-table"
    shown = _ids_in(svg)
    assert shown <= view.visible_card_ids()
    own = {c.id for c in g.state.hands[viewer]}
    assert own <= shown  # the viewer's hand is drawn face up
    visible_codes = {c.code for c in ALL_CARDS if c.id in view.visible_card_ids()}
    for q in range(view.players):
        if q == viewer:
            continue
        for c in g.state.hands[q]:
            assert c.id not in shown
            if c.code not in visible_codes:  # a twin on the pile may share the code
                assert c.code not in svg, f"P{q}'s {c.code} leaks into P{viewer}'s picture"
    for giver, c in g.state.offers:
        if giver != viewer:
            assert c.id not in shown
    return svg


def test_INFO_table_of_a_players_view_shows_no_other_hand():
    """LOCO-INFO-1: a player's picture holds only their own cards (plus the public pile)."""
    g = seeded_midgame()
    assert g.state.phase == "HELP_ACCEPT" and g.state.offers  # face-down offers are open
    for p in range(4):
        svg = _assert_view_picture_holds_only_the_view(g, p)
        counts = [int(e.get("data-seat")) for e in parse(svg).iter() if e.get("data-seat") is not None]
        assert sorted(counts) == [0, 1, 2, 3]
    teacher = table_svg(g.view(None))
    every = {c.id for h in g.state.hands for c in h}
    assert every <= _ids_in(teacher)


def test_INFO_help_offers_are_face_down_to_the_asker():
    """LOCO-INFO-1: help offers are seen only by their offerer until touched."""
    g = loco.scenario(hands=[["R-Bell", "G-Ghost"], ["Y-Cherry", "P-Cayenne"], ["G-Habanero", "Y-Ghost"]],
                      pile=["P-Bell"], current=0, draw=["R-Ghost", "G-Bell"])
    g.apply(loco.AskHelp(0))
    g.apply(loco.Offer(1, next(c for c in g.state.hands[1] if c.code == "Y-Cherry")))
    g.apply(loco.Offer(2, next(c for c in g.state.hands[2] if c.code == "Y-Ghost")))
    asker = table_svg(g.view(0))
    assert "Y-Cherry" not in asker and "Y-Ghost" not in asker
    assert asker.count("chili-card-back") >= 2 and 'class="chili-offers"' in asker
    giver = table_svg(g.view(1))
    assert 'data-card="Y-Cherry"' in giver and "Y-Ghost" not in giver
    for p in range(3):
        _assert_view_picture_holds_only_the_view(g, p)


def _seat_classes(svg):
    return {int(e.get("data-seat")): e.get("class") for e in parse(svg).iter() if e.get("data-seat") is not None}


def test_deciding_seats_are_highlighted_and_secret_polls_stay_secret():
    """LOCO-TWIN-4: the twin's holder is polled in secret with the on-turn player."""
    g = loco.scenario(hands=[["R-Bell", "G-Ghost"], ["Y-Cherry", "G-Bell"], ["P-Cherry", "Y-Ghost"]],
                      pile=["P-Cherry"], current=0)
    assert set(g.decision.players) == {0, 2}
    own = _seat_classes(table_svg(g.view(0)))
    assert "chili-deciding" in own[0] and "chili-deciding" not in own[2]
    holder = _seat_classes(table_svg(g.view(2)))
    assert "chili-deciding" in holder[2] and "chili-deciding" in holder[0]
    teacher = _seat_classes(table_svg(g.view(None)))
    assert "chili-deciding" in teacher[0] and "chili-deciding" in teacher[2]
    assert "chili-deciding" not in teacher[1]


def test_pending_direction_loco_and_colour_are_drawn():
    g = loco.scenario(hands=[["R-Bell", "G-Ghost"], ["G-Ghost", "Y-Cherry"], ["Y-Bell"]], pile=["R-HotSauce"],
                      current=1, pending={"kind": "hot_sauce", "draw": 2, "skip": False}, dir=-1, obligations=[2])
    svg = table_svg(g.view(0))
    root = parse(svg)
    pend = next(e for e in root.iter() if e.get("class") == "chili-pending")
    assert pend.get("data-kind") == "hot_sauce" and pend.get("data-target") == "1"
    assert "Hot Sauce on P1: draw 2" in "".join(pend.itertext())
    assert next(e for e in root.iter() if e.get("class") == "chili-direction").get("data-direction") == "anticlockwise"
    assert next(e for e in root.iter() if e.get("class") == "chili-colour").get("data-colour") == "red"
    loco_chips = [e for e in root.iter() if e.get("class") == "chili-loco-open"]
    assert len(loco_chips) == 1
    seat2 = next(e for e in root.iter() if e.get("data-seat") == "2")
    assert any(e.get("class") == "chili-loco-open" for e in seat2.iter())


def test_result_is_drawn_and_game_html_matches_view():
    g = loco.scenario(hands=[["R-Bell"], ["G-Ghost", "Y-Cherry"]], pile=["R-Cherry"], current=0)
    g.apply(loco.Lay(0, (g.state.hands[0][0],)))
    assert g.result is not None and g.result.winner == 0
    svg = game_html(g, viewer=1)
    assert svg == table_svg(g.view(1))
    root = parse(svg)
    res = next(e for e in root.iter() if e.get("class") == "chili-result")
    assert res.get("data-winner") == "0" and "P0 wins" in "".join(res.itertext())
    assert "chili-winner" in _seat_classes(svg)[0]
    assert registry.get("loco").picture("table")(g.view(1)) == svg


@pytest.mark.parametrize("players", [2, 3, 5, 6, 8, 10])
def test_table_draws_every_player_count(players):
    g = seeded_midgame(players=players, seed=11, steps=12, rseed=3)
    for viewer in (None, players - 1):
        svg = table_svg(g.view(viewer), width=700)
        root = parse(svg)
        assert float(root.get("width")) == 700
        assert sorted(_seat_classes(svg)) == list(range(players))
        if viewer is not None:
            _assert_view_picture_holds_only_the_view(g, viewer)


# ------------------------------------------------------------------ flow

def _trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def test_flow_figure_one_node_per_phase_and_current_highlighted():
    from chililab.viz.flow import CURRENT_COLOUR, CURRENT_SIZE, flow_figure

    graph = loco.flow_graph()
    fig = flow_figure(graph, current="TURN_MAIN")
    nodes = _trace(fig, "phases")
    names = [row[0] for row in nodes.customdata]
    assert names == list(graph.nodes) and len(names) == len(set(names)) == 15
    i = names.index("TURN_MAIN")
    assert nodes.marker.size[i] == CURRENT_SIZE and nodes.marker.color[i] == CURRENT_COLOUR
    assert [k for k, s in enumerate(nodes.marker.size) if s == CURRENT_SIZE] == [i]
    assert [k for k, c in enumerate(nodes.marker.color) if c == CURRENT_COLOUR] == [i]
    # decision phases look different from automatic ones
    sym = dict(zip(names, nodes.marker.symbol))
    assert sym["TURN_MAIN"] != sym["LAND"] and sym["CHECKPOINT"] != sym["ADVANCE"]
    assert len({sym[n] for n in graph.nodes if graph.nodes[n]["decision"] is None}) == 1


def test_flow_edges_hover_with_rule_ids_and_arrows():
    from chililab.viz.flow import flow_figure

    graph = loco.flow_graph()
    fig = flow_figure(graph)
    hov = _trace(fig, "transitions")
    assert len(hov.hovertext) == graph.number_of_edges()
    text = "\n".join(hov.hovertext)
    for u, v, d in graph.edges(data=True):
        assert f"{u} → {v}" in text
        for r in d["rules"]:
            assert r in text
    drawn = [tuple(e) for t in fig.data if t.meta and "edges" in t.meta for e in t.meta["edges"]]
    assert sorted(drawn) == sorted(graph.edges)
    assert len(fig.layout.annotations) == graph.number_of_edges()  # one arrowhead each
    # rules of the edges leaving the current phase are printed on the picture
    fig2 = flow_figure(graph, current="LAND")
    shown = "".join(_trace(fig2, "transitions").text)
    assert "LOCO-SLAP-1" in shown and "LOCO-WIN-1" in shown and "LOCO-HELP-4" not in shown


def test_flow_layout_is_deterministic_and_generic():
    from chililab.engine import Flow, Phase, Transition
    from chililab.viz.flow import flow_figure, layered_layout

    graph = loco.flow_graph()
    a = flow_figure(graph, current="LAND").to_plotly_json()
    b = flow_figure(graph, current="LAND").to_plotly_json()
    assert json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)
    pos = layered_layout(graph)
    assert len(set(pos.values())) == len(pos) == 15
    small = Flow("toy", [Phase("A", "a"), Phase("B", "b", "turn"), Phase("C", "c")],
                 [Transition("A", "B", "go", ("X-1",)), Transition("B", "C", "on", ("X-2",)),
                  Transition("C", "B", "back", ("X-3",)), Transition("B", "B", "again", ("X-4",))], "A").graph()
    p = layered_layout(small)
    assert p["A"][0] < p["B"][0] < p["C"][0]
    fig = flow_figure(small, current="C", edge_text="rules")
    assert "X-3" in "".join(_trace(fig, "transitions").hovertext)


def test_flow_counts_set_edge_widths():
    from chililab.viz.flow import flow_figure

    graph = loco.flow_graph()
    fig = flow_figure(graph, counts={("CHECKPOINT", "TURN_MAIN"): 100, ("SETUP", "STARTER"): 1})
    width_of = {}
    for t in fig.data:
        for e in (t.meta or {}).get("edges", []) if isinstance(t.meta, dict) else []:
            width_of[tuple(e)] = (t.line.width, t.line.dash)
    assert width_of[("CHECKPOINT", "TURN_MAIN")][0] > width_of[("SETUP", "STARTER")][0]
    assert width_of[("LAND", "EFFECT")][1] == "dot"  # never observed
    assert "taken 100 times" in "".join(_trace(fig, "transitions").hovertext)


def test_highlight_changes_only_the_highlight():
    from chililab.viz.flow import current_of, flow_figure, highlight

    graph = loco.flow_graph()
    fig = flow_figure(graph, current="SETUP")
    before = fig.to_plotly_json()
    n = len(fig.data)
    assert highlight(fig, "LAND") is fig
    after = fig.to_plotly_json()
    assert len(fig.data) == n and current_of(fig) == "LAND"
    assert json.dumps(before["layout"], sort_keys=True, default=str) == json.dumps(after["layout"], sort_keys=True,
                                                                                    default=str)
    for tb, ta in zip(before["data"], after["data"]):
        if ta.get("name") == "phases":
            for key in ("x", "y", "text", "customdata"):
                assert list(tb[key]) == list(ta[key])
            assert tb["marker"]["symbol"] == ta["marker"]["symbol"]
            assert tb["marker"]["size"] != ta["marker"]["size"]
        elif ta.get("name") == "transitions":
            for key in ("x", "y", "hovertext", "customdata"):
                assert list(tb[key]) == list(ta[key])
        else:
            assert json.dumps(tb, sort_keys=True, default=str) == json.dumps(ta, sort_keys=True, default=str)
    # same as drawing it lit from the start
    fresh = flow_figure(graph, current="LAND").to_plotly_json()
    assert json.dumps(fresh, sort_keys=True, default=str) == json.dumps(after, sort_keys=True, default=str)


def test_highlight_works_on_a_figure_widget():
    pytest.importorskip("anywidget")
    import plotly.graph_objects as go

    from chililab.viz.flow import current_of, flow_figure, highlight

    w = go.FigureWidget(flow_figure(loco.flow_graph(), current="SETUP"))
    n = len(w.data)
    highlight(w, "COLOUR")
    assert len(w.data) == n and current_of(w) == "COLOUR"


# ------------------------------------------------------------------ charts

def _sim_frame():
    pd = pytest.importorskip("pandas")
    return pd.DataFrame({
        "winner": [0, 1, 1, 2, None],
        "players": [3] * 5,
        "steps": [50, 70, 60, 80, 90],
        "turns": [10, 14, 12, 16, 18],
        "edge:CHECKPOINT->TURN_MAIN": [8, 10, 9, 12, 13],
        "edge:TURN_MAIN->LAND": [5, 6, 5, 7, 7],
        "edge:LAND->GAME_OVER": [1, 1, 1, 1, 0],
    })


def test_charts_from_a_simulation_frame():
    from chililab.viz import edge_counts, edge_frequency, length_histogram, wins_by_seat

    df = _sim_frame()
    fig = wins_by_seat(df)
    bar = fig.data[0]
    assert list(bar.x) == ["P0", "P1", "P2"]
    assert list(bar.customdata) == [1, 2, 1] and abs(sum(bar.y) - 1) < 1e-9
    h = length_histogram(df)
    assert list(h.data[0].x) == [10, 14, 12, 16, 18]
    assert edge_counts(df) == {("CHECKPOINT", "TURN_MAIN"): 52, ("TURN_MAIN", "LAND"): 30, ("LAND", "GAME_OVER"): 4}
    ef = edge_frequency(df)
    assert list(ef.data[0].y)[-1] == "CHECKPOINT → TURN_MAIN"  # most frequent on top
    assert abs(ef.data[0].x[-1] - 52 / 5) < 1e-9


# ------------------------------------------------------------------ layering

def test_viz_imports_no_widgets():
    code = ("import sys, chililab.viz, chililab.viz.flow, chililab.viz.charts;"
            "bad = [m for m in ('ipywidgets', 'IPython') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_game_pictures_import_no_widget_or_plotly_code():
    code = ("import sys, chililab.games.loco.pictures;"
            "bad = [m for m in ('ipywidgets', 'IPython', 'plotly', 'chililab.viz', 'chililab.widgets') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
