"""The game-balance explorer without a browser: its option forms come from the registry (named and explained
as the rulebook says them), its games are simulate()'s games, its findings are sentences over metrics'
compare() (whose tests are one click away), an empty chart asks for a press, and refusals change nothing."""
from __future__ import annotations

import html
import re

import pandas as pd
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
    assert "press simulate to start" in page.sim.status.value


def test_the_games_and_the_tests_are_simulate_and_compare():
    page = balance_explorer.app(game="aycc", players=3, agents="threshold")
    page.simulate(10)
    page.simulate(10)
    assert page.games == 20 and "20</b> games of each set" in page.sim.status.value
    assert "20</b> games of each set" in page.summary.value
    fa, fb = page.frame_pair()
    ref_a = simulate("aycc", agents="threshold", n=20, players=3, progress=False, workers=1)
    ref_b = simulate("aycc", agents="threshold", n=20, players=3, options={"inferno": True}, progress=False, workers=1)
    assert fa.equals(ref_a.reindex(columns=fa.columns)) and fb.equals(ref_b.reindex(columns=fb.columns))
    table = compare(ref_a, ref_b)
    for r in table.itertuples(index=False):
        assert html.escape(r.verdict) in page.table.value
    # the findings in sentences first; the tests one click away, folded
    turns = table[table["metric"] == "turns"].iloc[0]
    change = abs(turns.B - turns.A) / turns.A
    assert re.search(rf"With Inferno Mode, games are about {change:.0%} (shorter|longer) \({turns.B:.1f} turns on "
                     rf"average instead of {turns.A:.1f}\); the difference (is larger than chance would explain|could be "
                     "chance)", html.unescape(page.summary.value)), page.summary.value
    assert page.tests.selected_index is None and page.tests.children == (page.table,)
    assert "Show the tests" in page.tests.get_title(0) and page.tests.layout.display is None
    seats = page.seat_chart.figure["data"]
    assert [t["name"] for t in seats] == ["A", "B", "fair share"] and None not in seats[0]["y"]
    assert sum(seats[0]["y"]) == pytest.approx(1)
    lengths = page.length_chart.figure["data"]
    assert [sum(t["y"]) for t in lengths] == pytest.approx([1, 1])


@pytest.mark.parametrize("game, where, option, text, says", [
    ("aycc", "B", "rounds", "many", "set B, Rounds: must be a whole number"),
    ("aycc", "B", "deck_size", "10", "“Dish cards in the deck” must be a whole number from 16"),
    ("aycc", "A", "dish_composition", "[1, 2]", "set A: “Dish cards”"),
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
    labels, values = zip(*page.agents.options)
    assert values[0] == "random" and "threshold" in values
    assert labels[0] == "at random" and all("_" not in x for x in labels)  # the menu reads as words
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


def _shown(page) -> str:
    """The options form as a visitor reads it: labels, explanations, the choices of each menu."""
    import ipywidgets as W

    out, todo = [], [page.form_box]
    while todo:
        w = todo.pop()
        if isinstance(w, W.HTML):
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", w.value)))
        if isinstance(w, W.Dropdown):
            out += list(w._options_labels)
        if isinstance(w, W.Text):
            out.append(w.value + " " + w.placeholder)
        todo += list(getattr(w, "children", ()))
    return " ".join(out)


@pytest.mark.parametrize("game", [s.name for s in registry.specs()])
def test_the_options_are_named_and_explained_as_the_rulebook_does(game):
    spec = registry.get(game)
    page = balance_explorer.app(game=game)
    shown = _shown(page)
    for name, option in spec.options.items():
        if option.host:
            continue
        assert option.label and option.help, name  # every game declares both where its options are declared
        assert option.label in shown and option.help in shown, name
        assert not re.search(rf"\b{name}\b", shown) or name in option.label.lower(), name  # no code name
        for c in option.choices:
            assert option.choice_words(c) in page.forms["A"][name]._options_labels
    # a text box starts empty (the game's usual value): no default written as code ({"model": "uniform"})
    assert all(w.value == "" for w in page.forms["A"].values() if hasattr(w, "placeholder"))


def test_loco_s_house_rules_read_as_the_rulebook_names_them():
    page = balance_explorer.app(game="loco", b={"milk_requires_pending": True, "tie_method": "table_vote"})
    shown = _shown(page)
    for code in ("tie_method", "milk_requires_pending", '{"model": "uniform"}', "coin_flip"):
        assert code not in shown, code
    assert "Milk Chaser only against an attack" in shown and "Settling a tie" in shown and "a coin flip" in shown
    assert page.forms["B"]["tie_method"].label == "the table votes"
    said = html.unescape(page.msg.value)
    assert "Set A: the usual rules. Set B: " in said
    assert "Milk Chaser only against an attack: yes" in said and "Settling a tie: the table votes" in said


def test_findings_are_sentences_a_teacher_reads():
    spec = registry.get("loco")
    table = pd.DataFrame(
        [("win share", "P0", 0.25, 0.26, "z", 0.8, 1.0, "no clear difference"),
         ("win share", "all seats alike", float("nan"), float("nan"), "chi2", 0.9, 1.0, "no clear difference"),
         ("length", "turns", 50.0, 44.0, "Mann-Whitney", 0.0001, 0.001, "B shorter"),
         ("effect", "Milk Chaser cancels", 0.4, 1.4, "Mann-Whitney", 0.0001, 0.002, "B more"),
         ("flow edge", "TURN_MAIN -> LAND", 20.0, 25.0, "Mann-Whitney", 0.0001, 0.003, "B more")],
        columns=["group", "metric", "A", "B", "test", "p", "p adj", "verdict"])
    fair = pd.DataFrame({"share": [0.25] * 4}, index=[f"P{s}" for s in range(4)])
    fair.attrs["p"] = 0.7
    unfair = pd.DataFrame({"share": [0.4, 0.2, 0.2, 0.2]}, index=[f"P{s}" for s in range(4)])
    unfair.attrs["p"] = 0.001
    said = balance_explorer.findings(spec, table, {"A": fair, "B": unfair}, {}, {"milk_requires_pending": True})
    assert said[0] == ("With Milk Chaser only against an attack, games are about 12% shorter (44.0 turns on average "
                       "instead of 50.0); the difference is larger than chance would explain.")
    assert said[1] == "Set A: no seat wins clearly more often than the others."
    assert said[2].startswith("Set B: Player 1 wins most often, 40% of the games where a fair share would be 25%")
    assert said[3] == ("Milk Chaser cancels: 1.40 a game instead of 0.40; the difference is larger than chance "
                       "would explain.")
    assert said[4] == ("1 of the game's steps (the arrows of its flow picture) happen more or less often (Lay, draw or "
                       "ask for help \u2192 Cards land); the difference is larger than chance would explain.")
    chance = table.assign(**{"p adj": 0.4, "verdict": "no clear difference"})
    assert balance_explorer.findings(spec, chance, {"A": fair, "B": fair}, {}, {})[0].endswith(
        "the difference could be chance: simulate more games to tell.")
    # the tests' table names the seats as people count them, folded behind its accordion title
    shown = balance_explorer.compare_html(table, spec.flow)
    assert "Player 1" in shown and ">P0<" not in shown and "TURN_MAIN" not in shown


def test_an_empty_chart_asks_for_a_press_and_draws_no_axis():
    page = balance_explorer.app(game="aycc")
    for chart in (page.seat_chart, page.length_chart):
        fig = chart.figure
        assert fig["data"] == []  # no bar of None over an axis Plotly would run from 0 to 400%
        assert fig["layout"]["xaxis"]["visible"] is False and fig["layout"]["yaxis"]["visible"] is False
        assert [a["text"] for a in fig["layout"]["annotations"]] == ["press simulate to start"]
    assert page.tests.layout.display == "none" and page.summary.value == ""
    page.simulate(10)
    assert page.seat_chart.figure["data"] and page.seat_chart.figure["layout"]["yaxis"].get("visible") is not False
    assert page.seat_chart.figure["data"][0]["x"][0] == "Player 1"
