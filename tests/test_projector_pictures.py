"""Projector mode in the table pictures (issue 22), without a browser: every game's table picture takes
``big``; without it the picture is what it always was; with it the learner's hand is drawn in big cards that
never overlap, each named in whole words; the dashboard's Big text switch reaches the stepper's table.
``tests/browser/test_projector.py`` measures the same pictures on the screen."""
from __future__ import annotations

import inspect
import re

import pytest

from chililab.apps.game import GameDashboard
from chililab.apps.parts import bots_until
from chililab.engine import registry

GAMES = [s for s in registry.specs() if "big" in inspect.signature(s.picture("table")).parameters]
NAME = re.compile(r'<text [^>]*class="chili-card-name"[^>]*>([^<]*)</text>')


def test_every_game_with_a_dashboard_draws_its_table_for_a_projector():
    assert {"loco", "mafia", "aycc"} <= {s.name for s in GAMES}


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
@pytest.mark.parametrize("seat", [0, None], ids=["player", "teacher"])
def test_big_draws_the_hand_in_big_named_cards_and_leaves_the_default_as_it_was(spec, seat):
    draw = spec.picture("table")
    for seed in (7, 8):
        view = bots_until(spec.new_game(players=4, seed=seed), 0).view(seat)
        assert draw(view) == draw(view, big=False)  # the default picture is unchanged
        big = draw(view, big=True)
        assert "chili-projector" in big and 'class="chili-hand-big"' in big and "chili-projector" not in draw(view)
        hand = big[big.index('class="chili-hand-big"'):]
        names = NAME.findall(hand)
        assert names, "no named card in the learner's hand"
        assert "chili-card-corner" not in hand.split("</g></g>", 1)[0]  # no abbreviated corner label


def test_loco_big_cards_name_each_card_whole_and_side_by_side():
    from chililab.games.loco.pictures.table import BIG_CW, BIG_GAP
    from chililab.games.loco.rules.cards import ALL_CARDS

    spec = registry.get("loco")
    view = bots_until(spec.new_game(players=4, seed=7), 0).view(0)
    big = spec.picture("table")(view, big=True)
    start = big.index('<g class="chili-hand-big">')
    cards = re.findall(r'<g transform="translate\(([\d.]+),[\d.]+\)"><svg [^>]*data-id="(\d+)"[^>]*>(.*?)</svg></g>',
                       big[start:])
    assert [int(i) for _, i, _ in cards] == [c.id for c in view.hands[0]]
    for _, card_id, body in cards:
        assert " ".join(NAME.findall(body)) == ALL_CARDS[int(card_id)].name
    xs = [float(x) for x, _, _ in cards]
    assert all(b - a >= BIG_CW + BIG_GAP - 0.01 for a, b in zip(xs, xs[1:]))  # no card covers another


def test_the_big_text_switch_redraws_the_table_for_a_projector():
    dash = GameDashboard("loco")
    assert "chili-projector" not in dash.stepper.w_table.value
    dash.big.value = True
    assert "chili-big" in dash._dom_classes and dash.stepper.big
    assert "chili-projector" in dash.stepper.w_table.value
    dash.stepper.refresh()
    assert "chili-projector" in dash.stepper.w_table.value  # every redraw keeps it
    dash.big.value = False
    assert "chili-big" not in dash._dom_classes and "chili-projector" not in dash.stepper.w_table.value


def test_the_other_games_cards_say_what_they_are_not_by_colour_alone():
    """Chili Mafia's peppers and All You Can Chili's dishes are coloured by heat, and each also prints its number
    (Chili Loco's colours carry symbols: tests/loco/test_colour_blind.py)."""
    from chililab.games.aycc.pictures import dish_svg
    from chililab.games.aycc.rules.cards import DEFAULT_DISHES
    from chililab.games.mafia.pictures import card_svg
    from chililab.games.mafia.rules.cards import ALL_CARDS

    for c in ALL_CARDS:
        texts = re.findall(r">([^<>]+)</text>", card_svg(c))
        assert (str(c.strength) in texts) if c.pepper else any(t.strip() for t in texts), c
    for d in DEFAULT_DISHES:
        assert str(d.flame) in re.findall(r">([^<>]+)</text>", dish_svg(d)), d
