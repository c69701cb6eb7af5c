"""The All You Can Chili table picture: what a seat may see and nothing more, piles drawn as dishes, heat against
a known tolerance, tokens, out characters, and the marks a lesson leaves."""
from __future__ import annotations

import random
import re

import pytest

from chililab.engine import registry
from chililab.games import aycc
from chililab.games.aycc.lessons import lesson, play
from chililab.games.aycc.pictures import dish_svg, game_html, table_svg
from chililab.games.aycc.rules.cards import CHARACTERS

AYCC = registry.get("aycc")
DISH = re.compile(r'data-dish="(\d+)"')
WHO = re.compile(r'data-who="P(\d):([a-z_]+)"')
TOL = re.compile(r'data-tol="P(\d):(\d+)"')
KEY = {c.key: c.id for c in CHARACTERS}


def _seen(svg):
    """(dish ids, {seat: character id}, {seat: tolerance}) a picture shows."""
    return ({int(i) for i in DISH.findall(svg)}, {int(s): KEY[k] for s, k in WHO.findall(svg)},
            {int(s): int(t) for s, t in TOL.findall(svg)})


def _check(g, seat):
    view, teacher = g.view(seat), g.view(None)
    svg = table_svg(view)
    dishes, who, tols = _seen(svg)
    assert dishes <= view.visible_dish_ids()
    assert {d.id for d in view.hand} <= dishes
    assert not dishes & {d.id for s, h in teacher.hands.items() if s != seat for d in h}
    assert who == view.identities  # own and revealed identities only, and each where it is true
    assert tols == view.tolerances  # own, revealed and seen with this seat's Eye, no other
    assert all(teacher.identities[s] == c for s, c in who.items())
    assert all(teacher.tolerances[s] == t for s, t in tols.items())
    assert 'data-neutral="1"' not in svg  # only the teacher is told which character is the Neutral
    return svg


@pytest.mark.parametrize("players, seed, inferno", [(2, 1, False), (3, 5, False), (4, 7, True), (6, 11, True)])
def test_a_seat_sees_its_own_secrets_and_no_other_along_a_whole_game(players, seed, inferno):
    g = aycc.new_game(players=players, seed=seed, inferno=inferno)
    rng = random.Random(seed)
    checked = 0
    while not g.over and checked < 400:
        for seat in range(players):
            _check(g, seat)
        g.apply(rng.choice(g.legal_moves()))
        checked += 1
    teacher = table_svg(g.view(None))
    assert 'data-viewer="teacher"' in teacher


def test_the_teacher_sees_every_secret_and_the_neutral():
    g = lesson("serve").build()
    svg = table_svg(g.view(None))
    dishes, who, tols = _seen(svg)
    v = g.view(None)
    assert who == v.identities and tols == v.tolerances
    assert {d.id for h in v.hands.values() for d in h} <= dishes
    assert 'data-character="piri_piri" data-status="active" data-neutral="1"' in svg and "Neutral (nobody)" in svg
    assert "undealt tolerances (top first)" in svg


def test_the_eye_shows_one_tolerance_to_the_one_who_looked():
    g = lesson("eye").build()
    play(g, lesson("eye").script)
    tol = g.view(None).tolerances[2]
    assert f'data-tol="P2:{tol}"' in table_svg(g.view(0)) and "your Eye saw Player 3&#x27;s tolerance" in table_svg(g.view(0))
    for seat in (1, 2):
        _check(g, seat)
    assert f'data-tol="P2:{tol}"' not in table_svg(g.view(1))


def test_piles_heat_tokens_and_out_characters_are_drawn():
    g = lesson("vasco-33").build()
    svg = table_svg(g.view(0))
    v = g.view(None)
    vasco = KEY["vasco_tabasco"]
    assert all(f'data-dish="{d.id}"' in svg for d in v.piles[vasco])
    assert "heat 17" in svg and "your tolerance: 17" in svg and "points 23" in svg and "7\u2605 Latte" in svg
    assert 'data-token="last_target"' in svg
    play(g, lesson("vasco-33").script)
    svg = table_svg(g.view(1))
    assert 'data-character="vasco_tabasco" data-status="withdrawn" data-who="P0:vasco_tabasco"' in svg
    assert "WITHDRAWN" in svg and 'data-tol="P0:17"' in svg and "33 pts" in svg
    g = lesson("naga-burns").build()
    play(g, lesson("naga-burns").script)
    assert "BURNT OUT" in table_svg(g.view(0)) and 'data-tol="P1:18"' in table_svg(g.view(0))
    g = lesson("fuego-locked").build()
    svg = table_svg(g.view(0))
    assert re.search(r'data-character="fuego_fred"[^>]*>.*?data-token="lock"', svg)
    g = lesson("siesta").build()
    play(g, lesson("siesta").script)
    assert 'data-token="siesta"' in table_svg(g.view(1))


def test_a_lessons_changes_are_marked():
    g = lesson("fork").build()
    before = g.view(0)
    play(g, lesson("fork").script)
    svg = table_svg(g.view(0), before=before)
    assert svg.count('class="chili-changed"') >= 2  # King Naga's pile and Piri Piri's
    assert 'class="chili-changed"' not in table_svg(g.view(0))


def test_the_teachers_bottom_seat_and_the_registered_pictures():
    g = lesson("serve").build()
    svg = table_svg(g.view(None), bottom=2)
    assert svg.rindex('data-seat="2"') > svg.rindex('data-seat="1"')  # P2 drawn last: at the bottom
    assert "Player 3&#x27;s hand (4)" in svg  # seat 2, as people count
    assert AYCC.picture("table") is table_svg and AYCC.picture("game") is game_html
    assert AYCC.picture("dish") is dish_svg and 'data-dish="6"' in dish_svg(aycc.dish_by_id(6))
    assert game_html(g, viewer=1) == table_svg(g.view(1), width=900)
