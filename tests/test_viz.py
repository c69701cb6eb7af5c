"""Chili Loco's pictures (card SVGs, table pictures: no hidden card leaks), flow pictures (Graphviz), charts."""
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from chililab.loco import ALL_CARDS

from chililab import loco
from chililab.engine import registry
from chililab.games.loco.pictures import card_back_svg, card_kinds, card_svg, game_html, table_svg
from chililab.games.loco.pictures.cards import BORDER

from .loco.helpers import card, held, ids_at

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
    own = ids_at(g, f"hand{viewer}")
    assert own <= shown  # the viewer's hand is drawn face up
    visible_codes = {c.code for c in ALL_CARDS if c.id in view.visible_card_ids()}
    for q in range(view.players):
        if q == viewer:
            continue
        for c in map(loco.card_by_id, ids_at(g, f"hand{q}")):
            assert c.id not in shown
            if c.code not in visible_codes:  # a twin on the pile may share the code
                assert c.code not in svg, f"P{q}'s {c.code} leaks into P{viewer}'s picture"
    for giver in range(view.players):
        if giver != viewer:
            assert not ids_at(g, f"offer{giver}") & shown
    return svg


def test_INFO_table_of_a_players_view_shows_no_other_hand():
    """LOCO-INFO-1: a player's picture holds only their own cards (plus the public pile)."""
    g = seeded_midgame()
    assert g.phase == "HELP_ACCEPT" and g.view(None).offers  # face-down offers are open
    for p in range(4):
        svg = _assert_view_picture_holds_only_the_view(g, p)
        counts = [int(e.get("data-seat")) for e in parse(svg).iter() if e.get("data-seat") is not None]
        assert sorted(counts) == [0, 1, 2, 3]
    teacher = table_svg(g.view(None))
    every = set().union(*(ids_at(g, f"hand{s}") for s in range(4)))
    assert every <= _ids_in(teacher)


def test_INFO_help_offers_are_face_down_to_the_asker():
    """LOCO-INFO-1: help offers are seen only by their offerer until touched."""
    g = loco.scenario(hands=[["R-Bell", "G-Ghost"], ["Y-Cherry", "P-Cayenne"], ["G-Habanero", "Y-Ghost"]],
                      pile=["P-Bell"], current=0, draw=["R-Ghost", "G-Bell"])
    g.apply(loco.AskHelp(0))
    g.apply(loco.Offer(1, card(g, 1, "Y-Cherry")))
    g.apply(loco.Offer(2, card(g, 2, "Y-Ghost")))
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
    assert "Hot Sauce on Player 2: draw 2" in "".join(pend.itertext())
    assert next(e for e in root.iter() if e.get("class") == "chili-direction").get("data-direction") == "anticlockwise"
    assert next(e for e in root.iter() if e.get("class") == "chili-colour").get("data-colour") == "red"
    loco_chips = [e for e in root.iter() if e.get("class") == "chili-loco-open"]
    assert len(loco_chips) == 1
    seat2 = next(e for e in root.iter() if e.get("data-seat") == "2")
    assert any(e.get("class") == "chili-loco-open" for e in seat2.iter())


def test_result_is_drawn_and_game_html_matches_view():
    g = loco.scenario(hands=[["R-Bell"], ["G-Ghost", "Y-Cherry"]], pile=["R-Cherry"], current=0)
    g.apply(loco.Lay(0, (held(g, 0)[0],)))
    assert g.result is not None and g.result.winner == 0
    svg = game_html(g, viewer=1)
    assert svg == table_svg(g.view(1))
    root = parse(svg)
    res = next(e for e in root.iter() if e.get("class") == "chili-result")
    assert res.get("data-winner") == "0" and "Player 1 wins" in "".join(res.itertext())
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

def _toy_flow():
    from chililab.engine import Flow, Phase, Transition

    return Flow("toy", [Phase("A", "deal"), Phase("B", "someone chooses", "turn"), Phase("C", "several answer", "window"),
                        Phase("D", "over")],
                [Transition("A", "B", "dealt", ("TOY-1",)), Transition("B", "C", "call", ("TOY-2", "TOY-3")),
                 Transition("C", "B", "answered", ("TOY-4",)), Transition("B", "B", "again", ("TOY-5",)),
                 Transition("C", "D", "won", ())], "A")


def _flows():
    from chililab.engine.registry import specs

    return [(spec.name, spec.flow) for spec in specs()] + [("toy", _toy_flow())]


def _groups(svg, cls):
    """{data key: <g> element} of the phases (``data-phase``) or transitions (``data-edge``) of a flow SVG."""
    key = "data-phase" if cls == "phase" else "data-edge"
    return {g.get(key): g for g in parse(svg).iter(f"{SVG}g") if (g.get("class") or "").split()[:1] == [cls]}


def _text(el):
    return "\n".join(t for t in el.itertext())


@pytest.mark.parametrize("name,flow", _flows(), ids=[n for n, _ in _flows()])
def test_flow_svg_draws_every_phase_and_transition_with_its_rule_ids(name, flow):
    from chililab.engine.words import phase_label
    from chililab.viz.flow import flow_svg

    svg = flow_svg(flow)
    phases, edges = _groups(svg, "phase"), _groups(svg, "transition")
    assert set(phases) == set(flow.phases)
    assert set(edges) == {f"{t.src}->{t.dst}" for t in flow.transitions}
    for t in flow.transitions:
        g = edges[f"{t.src}->{t.dst}"]
        assert (g.get("data-src"), g.get("data-dst")) == (t.src, t.dst)
        label = " ".join(x.text or "" for x in g.iter(f"{SVG}text")).split()
        assert label == t.label.split()  # the label dot placed: the transition's words (wrapped)
        title = g.find(f"{SVG}title").text
        assert all(r in title for r in t.rules)  # the rule IDs on hover
        assert f"{phase_label(flow, t.src)} → {phase_label(flow, t.dst)}: {t.label}" in title
        assert g.find(f"{SVG}path") is not None and g.find(f"{SVG}polygon") is not None  # a line and its arrowhead
    for p in flow.phases.values():
        g = phases[p.name]
        drawn = " ".join(x.text or "" for x in g.iter(f"{SVG}text")).split()
        assert drawn == phase_label(flow, p.name).split()  # the learner's name, never the code
        tip = g.find(f"{SVG}title").text  # the hover tooltip lists the rules of every way out
        assert p.text in tip and tip.startswith(phase_label(flow, p.name) + ":")
        for t in flow.transitions:
            if t.src == p.name:
                assert f"→ {phase_label(flow, t.dst)}: {t.label}" in tip and all(r in tip for r in t.rules)
        assert g.get("tabindex") == "0"  # focusable: a click opens its panel
    # one panel per phase (shown on hover or click by CSS), holding the same rules
    panels = {g.get("data-phase"): g for g in parse(svg).iter(f"{SVG}g") if g.get("class") == "phase-rules"}
    assert set(panels) == set(flow.phases)
    for t in flow.transitions:
        assert all(r in _text(panels[t.src]) for r in t.rules)
    # no phase code anywhere a person reads it (drawn text and tooltips), unless it is also a learner's word
    words = {w for p in flow.phases.values() for w in phase_label(flow, p.name).split()}
    codes = {p for p in flow.phases if p not in words and p.capitalize() not in words}
    seen = " ".join(x.text or "" for x in parse(svg).iter() if x.tag in (f"{SVG}text", f"{SVG}title"))
    seen = re.sub(r"\b[A-Z0-9]+(-[A-Z0-9]+)+\b", "", seen)  # rule IDs (AYCC-ICON-EYE-1) may hold a code's word
    assert not {c for c in codes if re.search(rf"\b{c}\b", seen)}


def test_decision_phases_look_different_from_automatic_ones():
    from chililab.viz.flow import flow_svg

    flow = loco.FLOW
    phases = _groups(flow_svg(flow), "phase")

    def look(name):
        shape = next(c for c in phases[name] if c.tag in (f"{SVG}ellipse", f"{SVG}polygon", f"{SVG}path"))
        return shape.tag, shape.get("fill"), phases[name].get("class")

    assert look("TURN_MAIN") != look("LAND") and look("CHECKPOINT") != look("ADVANCE")
    assert look("TURN_MAIN") != look("CHECKPOINT") != look("HELP_ACCEPT")
    automatic = {look(n) for n, p in flow.phases.items() if p.decision is None}
    assert len(automatic) == 1 and automatic.pop()[2] == "phase kind-automatic"
    legend = "".join(parse(flow_svg(flow)).itertext())
    assert "automatic" in legend and "window" in legend and "how often the transition was taken" in legend


def test_flow_is_laid_out_once_per_declaration():
    from chililab.viz import flow as F

    F._template.cache_clear()
    toy = _toy_flow()
    a = F.flow_svg(toy)
    F.flow_svg(_toy_flow(), counts={("A", "B"): 3}, current="C")  # an equal declaration: same layout
    F.flow_svg(toy, current="B")
    assert F._template.cache_info().misses == 1 and F._template.cache_info().hits == 2
    assert F.flow_svg(toy) == a


def _without_style(svg):
    return re.sub(r"<style>.*?</style>", "", re.sub(r'\bchili-flow-[0-9a-f]{10}\b ?', "", svg), flags=re.DOTALL)


def test_highlight_changes_only_the_style():
    from chililab.viz.flow import flow_svg, highlight_style

    flow = loco.FLOW
    plain = flow_svg(flow)
    lit = flow_svg(flow, current="LAND")
    other = flow_svg(flow, current="TURN_MAIN")
    assert lit != plain and lit != other
    assert _without_style(lit) == _without_style(plain) == _without_style(other)  # same drawing, other CSS
    style = highlight_style("LAND", ".view")
    assert style.startswith("<style>") and style.endswith("</style>")
    assert '.view svg.chili-flowsvg g.phase[data-phase="LAND"]' in style
    assert '.view svg.chili-flowsvg g.transition[data-src="LAND"]' in style  # its ways out
    assert "TURN_MAIN" not in style and highlight_style("TURN_MAIN") != highlight_style("LAND")


def test_counts_set_line_widths_and_show_the_width_legend():
    from chililab.viz.flow import edge_widths, flow_svg, width_css

    flow = loco.FLOW
    counts = {("CHECKPOINT", "TURN_MAIN"): 100, ("SETUP", "STARTER"): 1}
    w = edge_widths(flow, counts)
    assert w[("CHECKPOINT", "TURN_MAIN")] > w[("SETUP", "STARTER")] > 0 == w[("LAND", "EFFECT")]
    css = width_css(flow, counts)
    assert 'g.transition[data-edge="LAND->EFFECT"] path{stroke-dasharray' in css  # never taken: dotted
    drawn = {e: float(px) for e, px in re.findall(r'data-edge="([^"]+)"\] path\{stroke-width:([\d.]+)px', css)}
    assert drawn == pytest.approx({"CHECKPOINT->TURN_MAIN": w[("CHECKPOINT", "TURN_MAIN")],
                                   "SETUP->STARTER": w[("SETUP", "STARTER")]}, abs=0.06)
    assert "g.legend-width{display:inline}" in css and "g.legend-width{display:none}" in flow_svg(flow)
    svg = flow_svg(flow, counts=counts)
    assert _without_style(re.sub(r"\ntaken [\d,]+ times?", "", svg)) == _without_style(flow_svg(flow))
    tip = _groups(svg, "transition")["CHECKPOINT->TURN_MAIN"].find(f"{SVG}title").text
    assert tip.endswith("taken 100 times")
    assert flow_svg(flow, counts=counts) != flow_svg(flow, counts={("SETUP", "STARTER"): 1})


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
