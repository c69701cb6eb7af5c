"""What chililab's generic layers find of the plug-in: registry, options, pictures, agents, sim, lessons, flow."""
from __future__ import annotations

import inspect
import random

import chililab_crazy_eights as c8
import pytest

from chililab.engine import registry

SPEC = registry.get("crazy_eights")


def test_the_spec_is_found_through_the_entry_point():
    assert "crazy_eights" in registry.names() and SPEC.package == "chililab_crazy_eights"
    for path in SPEC.dotted_paths():
        registry.load(path)
    assert SPEC.options["use_special_cards"].parse("yes") is True
    assert {k: o.default for k, o in SPEC.options.items()} == {k: v for k, v in c8.DEFAULTS.items() if k != "players"}
    assert registry.spec_of_rule("C8-PLAY-1") is SPEC


def test_pictures_are_svg_strings():
    g = c8.new_game(players=4, seed=3)
    for seat in (None, 0, 2):
        svg = SPEC.picture("table")(g.view(seat), width=600)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "bottom" in inspect.signature(SPEC.picture("table")).parameters
    assert SPEC.picture("card")(c8.card("QS")).startswith("<svg")
    assert "your cards" in SPEC.picture("text")(g.view(1))
    # a seat's picture shows its own cards and no other seat's
    v = g.view(1)
    svg = SPEC.picture("table")(v)
    for q, h in enumerate(g.view(None).hands):
        for c in h:
            assert (f'data-card="{c.code}"' in svg) == (q == 1 or c is v.top) or c.code in {x.code for x in v.me}


def test_the_bots_play_whole_games():
    from chililab.agents.runner import play_game

    for agent in ("thumb", "random"):
        g = c8.new_game(players=4, seed=5)
        play_game(g, [SPEC.agent(agent) for _ in range(4)], random.Random(5))
        assert g.over


def test_the_rule_of_thumb_bot_beats_random_play():
    from chililab.sim import simulate

    df = simulate("crazy_eights", agents="thumb,random,random,random", n=60, seed=0, players=4, workers=1,
                  progress=False)
    wins = df["winners"].astype(str).str.split(",").apply(lambda w: "0" in w).mean()
    assert wins > 0.35  # a random seat wins about a quarter


def test_lessons_play_their_script_and_refuse_their_refused_move():
    lessons = SPEC.lesson_list()
    assert [le.key for le in lessons] == ["follow", "eight", "draw", "two"]
    make = registry.load(SPEC.lesson_move)
    for le in lessons:
        g = le.build()
        assert g.phase == le.phase and g.decision.players == (le.seat,)
        for spec, rule in zip(le.refused, le.refusal):
            with pytest.raises(c8.IllegalMove) as e:
                g.apply(make(g, *spec))
            assert e.value.rule == rule
        fired = []
        for spec in le.script:
            fired += [r for e in g.apply(make(g, *spec)) for r in e.rules]
        assert le.rules[0] in fired, le.key


def test_the_flow_picture_is_shipped_in_the_package():
    from chililab.viz.flow_layout import dot_source, file_name, layout_svg, shipped

    dot = dot_source(c8.FLOW)
    svg = shipped("crazy_eights", dot)
    assert svg is not None and layout_svg(c8.FLOW) == svg
    from importlib import resources

    assert resources.files("chililab_crazy_eights").joinpath("data", "flows", file_name("crazy_eights", dot)).is_file()
