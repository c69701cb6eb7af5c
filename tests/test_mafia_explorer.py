"""The Chili Mafia probability explorer without a browser: exact values from chililab.games.mafia.odds,
simulated ones converging on them, and refusals that change nothing."""
from __future__ import annotations

import html

import pytest

from chililab.games.mafia import odds as mafia
from chililab.games.mafia.apps import explorer as mafia_explorer


def test_the_opening_hand_is_exact_as_six_random_cards_and_simulated_by_playing_the_draft():
    page = mafia_explorer.app(seed=4)
    assert page.current.key == "drafted" and page.exact == {"a Brotherhood": mafia.brotherhood_chance(4)}
    assert page.answer_chart.figure["data"][0]["y"] == [float(mafia.brotherhood_chance(4))]
    assert "opening hand of 6 cards" in page.ask.value and "draft" in page.msg.value
    for n in (10, 100, 10_000):
        page.simulate(n)
    run = page.runs["a Brotherhood"]
    assert run.n == 10_110 and mafia.brotherhood_chance(4) in run.estimate
    xs = page.converge_chart.figure["data"][2]["x"]
    assert {10, 110, 10_110} <= set(xs) and xs == sorted(set(xs)) and len(xs) > 15  # points inside each press


@pytest.mark.parametrize("question, values, exact", [
    ("hand", {"players": 2, "cards": 9}, lambda: mafia.brotherhood_chance(2, 9)),
    ("hand", {"players": 3, "goodfellas": True, "sweet": 8},
     lambda: mafia.brotherhood_chance(3, 6, {"goodfellas_peppers": True, "sweet_chili_2to4": 8})),
    ("draft", {"players": 5}, lambda: mafia.draft_brotherhood_chance(5)),
    ("packet", {"players": 2}, lambda: mafia.packet_brotherhood_chance(2)),
    ("defend", {"players": 5, "defenders": 2, "hand": 3, "fugg_seen": 1, "other_seen": 10},
     lambda: mafia.defend_chance(5, [3, 3], ["Fuggedaboutit"] + ["Whack"] * 10)),
])
def test_each_question_shows_its_calculators_value(question, values, exact):
    page = mafia_explorer.app(seed=2, question=question, **values)
    assert list(page.exact.values()) == [exact()]
    page.simulate(100)
    assert "100</b> samples" in page.sim.status.value and "99% interval" in page.numbers.value


def test_which_other_cards_were_seen_does_not_change_the_defence():
    p = {"players": 4, "fugg_seen": 2, "other_seen": 7}
    seen = mafia_explorer.seen_cards(p)
    assert sum(c.key == "fuggedaboutit" for c in seen) == 2 and len(seen) == 9
    assert mafia.defend_chance(4, [6, 6], seen) == mafia.defend_chance(4, [6, 6], ["fuggedaboutit"] * 2 + ["ghost"] * 5
                                                                         + ["whack"] * 2)


@pytest.mark.parametrize("question, widget, value, says", [
    ("defend", "fugg_seen", 6, "holds 5 Fuggedaboutits, not 6"),
    ("defend", "defenders", 4, "at most 3 players"),
    ("packet", "players", 5, "too large for 5 packets"),
    ("defend", "other_seen", 120, "only"),
])
def test_nonsense_gets_a_sentence_and_changes_nothing(question, widget, value, says):
    page = mafia_explorer.app(seed=1, question=question, players=4, hand=8)
    page.simulate(10)
    before = (page.current, page.values, page.exact, dict(page.answer_chart.figure), page.runs, page.sim_n)
    page.params[widget].value = value
    assert "err" in page.msg.value and says in html.unescape(page.msg.value), page.msg.value
    assert (page.current, page.values, page.exact, page.answer_chart.figure, page.runs, page.sim_n) == before
