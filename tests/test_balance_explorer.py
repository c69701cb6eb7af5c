"""The game-balance explorer without a browser: its option forms come from the registry, its games
are simulate()'s games, its tests are metrics' compare(), and refusals change nothing."""
from __future__ import annotations

import html

import pytest

from chililab.apps import balance_explorer
from chililab.engine import registry
from chililab.sim import simulate
from chililab.sim.metrics import compare


def test_the_forms_are_the_games_registered_options():
    page = balance_explorer.app()
    spec = registry.get("loco")
    assert set(page.forms["A"]) == {k for k, o in spec.options.items() if not o.host}
    assert "sign_registry" not in page.forms["B"]  # a host option (a file) is never a visitor's
    assert page.changed == {"A": {}, "B": {"allow_self_jump_in": False}}
    assert page.agents.value == "rules" and page.games == 0
    assert page.seat_chart.figure["data"][0]["y"] == [None] * 4 and "press play" in page.sim.status.value


def test_the_games_and_the_tests_are_simulate_and_compare():
    page = balance_explorer.app(game="aycc", players=3, agents="threshold")
    page.simulate(10)
    page.simulate(10)
    assert page.games == 20 and "20</b> games of each set" in page.sim.status.value
    fa, fb = page.frame_pair()
    ref_a = simulate("aycc", agents="threshold", n=20, players=3, progress=False, workers=1)
    ref_b = simulate("aycc", agents="threshold", n=20, players=3, options={"inferno": True}, progress=False, workers=1)
    assert fa.equals(ref_a.reindex(columns=fa.columns)) and fb.equals(ref_b.reindex(columns=fb.columns))
    table = compare(ref_a, ref_b)
    for r in table.itertuples(index=False):
        assert html.escape(r.verdict) in page.table.value
    real = int((~table["verdict"].isin(["no clear difference", "not testable"])).sum())
    assert f"<b>{real}</b> of {len(table)} metrics differ" in page.summary.value
    seats = page.seat_chart.figure["data"]
    assert [t["name"] for t in seats] == ["A", "B", "fair share"] and None not in seats[0]["y"]
    assert sum(seats[0]["y"]) == pytest.approx(1)
    lengths = page.length_chart.figure["data"]
    assert [sum(t["y"]) for t in lengths] == pytest.approx([1, 1])


@pytest.mark.parametrize("game, where, option, text, says", [
    ("aycc", "B", "rounds", "many", "option set B, rounds: must be a whole number"),
    ("aycc", "B", "deck_size", "10", "deck_size must be a whole number from 16"),
    ("aycc", "A", "dish_composition", "[1, 2]", "option set A: dish_composition"),
    ("mafia", "B", "teams", "3", "cannot form 3 teams"),
])
def test_nonsense_gets_a_sentence_and_changes_nothing(game, where, option, text, says):
    page = balance_explorer.app(game=game, b={"mode": "team"} if game == "mafia" else None)
    page.simulate(10)
    before = (page.settings, dict(page.seat_chart.figure), page.table.value, page.games)
    page.forms[where][option].value = text
    assert "err" in page.msg.value and says in html.unescape(page.msg.value), page.msg.value
    assert (page.settings, page.seat_chart.figure, page.table.value, page.games) == before
    page.simulate(10)  # the games go on with the settings shown before
    assert page.games == 20


def test_another_game_rebuilds_the_forms_and_starts_afresh():
    page = balance_explorer.app(players=8)
    page.game.value = "aycc"
    assert page.players.value == 6 and page.players.max == 6  # All You Can Chili seats 2 to 6
    assert set(page.forms["B"]) == set(registry.get("aycc").options) and page.changed["B"] == {"inferno": True}
    assert page.agents.options[0] == "random" and "threshold" in page.agents.options
    page.forms["B"]["inferno"].value = False
    assert "the same" in page.msg.value  # allowed: the differences are then chance alone


def test_a_page_holds_a_bounded_number_of_games_and_a_press_a_bounded_time(monkeypatch):
    monkeypatch.setattr(balance_explorer, "MOST", 15)
    page = balance_explorer.app(game="aycc", agents="random")
    page.simulate(10)
    page.simulate(10)
    assert page.games == 15
    page.simulate(10)
    assert page.games == 15 and "at most 15 games" in page.msg.value
    monkeypatch.setattr(balance_explorer, "SECONDS", 0)
    page.forms["B"]["rounds"].value = "2"
    page.simulate(100)
    assert page.games == balance_explorer.CHUNK and "stopped after 0 s" in page.sim.status.value


def test_without_pandas_a_press_says_so_and_changes_nothing(monkeypatch):
    import sys

    page = balance_explorer.app(game="aycc")
    monkeypatch.setitem(sys.modules, "pandas", None)  # what an interpreter without pandas does on import
    page.simulate(10)
    assert page.games == 0 and "needs pandas" in page.msg.value and "chililab[sim]" in page.msg.value
