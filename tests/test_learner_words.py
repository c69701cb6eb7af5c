"""Words a 15-year-old reads (issue 22): no engine word on any game's dashboard, lesson or explorer.

Every registered game's dashboard (the Crazy Eights plug-in's too) is built in Python, played for some
seeded steps from a player's seat and from the teacher's, then to the end; after each, the text a visitor
can read is gathered from the widget tree (HTML with its tags stripped, tooltips and ``<details>`` bodies
included since they are one hover or click away; button, toggle and menu labels; descriptions and
placeholders) and checked against a list of engine words: phase codes, ``Result(``, ``Fraction(``, seats
counted from 0 (``P0``), open plurals (``card(s)``), "stall pass". Rule IDs may be read (behind "why?",
in tooltips), so they are taken out first: a code inside one (``LOCO-SETUP-2``) is not a phase code.
"""
from __future__ import annotations

import html
import random
import re

import ipywidgets as W
import pytest

from chililab.apps.explorers import explorers
from chililab.engine import Result, registry
from chililab.engine.words import people, result_words
from chililab.widgets import Stepper
from chililab.widgets.live import LiveRegion

GAMES = [s for s in registry.specs() if s.dashboard]
#: what no page may show: (pattern, what it is)
FORBIDDEN = [
    (r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", "a phase code (TURN_MAIN)"),
    (r"\bphase [A-Z]{3,}", "a phase named by its code"),
    (r"\bResult\(", "a result's repr"),
    (r"\bFraction\(", "a fraction's repr"),
    (r"\bP\d+\b", "a seat counted from 0 (P0)"),
    (r"\w\(s\)", "an open plural (card(s))"),
    (r"\bstall pass", "an engine word (stall pass)"),
    (r"\bC\(\d+, *\d+\)", "a binomial coefficient's notation"),
]
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")


def _texts(w, out: list[str]) -> list[str]:
    """The text of ``w`` and every child shown (a part with ``display: none`` is not on the page)."""
    if getattr(getattr(w, "layout", None), "display", None) == "none":
        return out
    if isinstance(w, (W.HTML, W.HTMLMath, W.Label)):
        out.append(w.value)
    if isinstance(w, LiveRegion):  # read aloud by a screen reader
        out.append(w.text)
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(w, name, None)
        if isinstance(value, str):
            out.append(value)
    if isinstance(w, (W.Dropdown, W.Select, W.ToggleButtons, W.RadioButtons)):
        out += [str(label) for label in w._options_labels]
    for child in getattr(w, "children", ()):
        _texts(child, out)
    return out


def visible_text(widget) -> str:
    """What a visitor can read on ``widget``'s page (see the module docstring)."""
    raw = "\n".join(_texts(widget, []))
    raw = re.sub(r"<(style|script)\b.*?</\1>", " ", raw, flags=re.S)
    raw = re.sub(r'\btitle="([^"]*)"', r"> \1 <", raw)  # a tooltip is read on hover
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def engine_words(text: str, spec) -> list[str]:
    """Every forbidden word in ``text``, with what it is; the game's own phase codes too (as whole words).
    Rule IDs are taken out first: a learner may read them, one click away."""
    text = RULE_ID.sub(" ", text)
    found = [f"{what}: {m.group(0)!r} in …{text[max(m.start() - 60, 0):m.end() + 30]!r}…"
             for pattern, what in FORBIDDEN for m in re.finditer(pattern, text)]
    labels = {w.lower() for p in spec.flow.phases.values() for w in (p.label or "").split()}
    for code in spec.flow.phases:
        if code.lower() in labels:  # "Deal", "Draft", "Scoring": a learner's word too, in any case
            continue
        found += [f"the phase code {code}: …{text[max(m.start() - 60, 0):m.end() + 30]!r}…"
                  for m in re.finditer(rf"\b{code}\b", text)]
    return found


def _play(stepper, steps: int, rng: random.Random) -> None:
    """Click ``steps`` seeded random move buttons (forward when the page shows none)."""
    for _ in range(steps):
        if stepper.game.over:
            return
        buttons = stepper.move_buttons
        if buttons:
            rng.choice(buttons).click()
        else:
            stepper.w_forward.click()


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_no_engine_word_on_a_dashboard_while_playing_and_at_the_end(spec):
    page = registry.load(spec.dashboard)()
    s = page.stepper
    rng = random.Random(22)
    checked = 0
    for seat in (0, None):  # a player's seat, then the teacher's view (every hand, the record)
        s.set_seat(seat)
        for _ in range(4):
            _play(s, 6, rng)
            assert engine_words(visible_text(page), spec) == []
            checked += 1
    s.w_end.click()
    assert s.game.over
    for seat in (None, 1):
        s.set_seat(seat)
        text = visible_text(page)
        assert engine_words(text, spec) == [] and "Game over" in text
    assert checked == 8


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_lesson_reads_in_a_learners_words(spec):
    for le in spec.lesson_list():
        s = Stepper(lesson=le)
        assert engine_words(visible_text(s), spec) == [], le.key
        s.close()


def _mafia_over(seed: int):
    g = registry.get("mafia").new_game(players=4, seed=seed)
    s = Stepper(g, seat=None, bots=[0, 1, 2, 3])
    s.play_to_end()
    return s


def test_the_mafia_game_over_says_who_won_with_how_many_points_and_shows_the_scores():
    s = _mafia_over(3)
    r = s.game.result
    assert isinstance(r, Result) and r.scores is not None
    line = visible_text(s.w_decision)
    best = max(r.scores)
    winner = r.scores.index(best)
    if r.how == "points":  # one winner, on points alone
        assert f"Player {winner + 1} wins with {best} points." in line
    assert "Result(" not in s.w_decision.value and "winners=" not in s.w_decision.value
    # the scores table: one row per seat, highest first, the winners in bold
    rows = re.findall(r"<tr( class=\"chili-won\")?><td>(Player \d+)</td><td>(-?\d+)</td></tr>", s.w_decision.value)
    assert sorted(name for _, name, _ in rows) == [f"Player {k}" for k in range(1, 5)]
    assert [int(v) for _, _, v in rows] == sorted(r.scores, reverse=True)
    assert {name for won, name, _ in rows if won} == {f"Player {w + 1}" for w in r.winners}
    # the table picture and the status line say it in the same words
    assert f"Game over: {result_words(r, registry.get('mafia').sim_stats().how)[0]}" in visible_text(s.w_table)


def test_the_issue_s_mafia_result_in_words():
    r = Result(winners=(3,), scores=(58, 57, 42, 72), how="points", turns=39)
    sentence, rows = result_words(r, registry.get("mafia").sim_stats().how)
    assert sentence == "Player 4 wins with 72 points."
    assert rows == [("Player 4", 72, True), ("Player 1", 58, False), ("Player 2", 57, False),
                    ("Player 3", 42, False)]
    tie = Result(winners=(0, 2), scores=(40, 31, 40, 12), how="shared", turns=30)
    assert result_words(tie, registry.get("mafia").sim_stats().how)[0] == "Player 1 and Player 3 share the win " \
                                                                            "with 40 points."
    broken = Result(winners=(1,), scores=(40, 40, 3, 12), how="brotherhoods", turns=30)
    assert result_words(broken, registry.get("mafia").sim_stats().how)[0] == (
        "Player 2 wins with 40 points (tie broken by Brotherhood gangs).")


def test_the_checker_catches_what_the_issue_names():
    spec = registry.get("loco")
    bad = ("phase TURN_MAIN · step 22; Result(winners=(3,), scores=(1,), how='points', turns=3); "
           "Fraction(1, 7); P0 draws 2 Hot Sauce(s); stall pass; C(112, 6); CHECKPOINT")
    found = " ".join(engine_words(bad, spec))
    for word in ("TURN_MAIN", "Result(", "Fraction(", "'P0'", "(s)", "stall pass", "C(112, 6)", "CHECKPOINT"):
        assert word in found, word
    assert engine_words(people("P0 draws 2 Hot Sauce(s)") + " LOCO-SETUP-2 Deal", spec) == []


def test_the_notebooks_prose_and_the_explorers_say_how_many_ways_not_c_or_fraction():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                prose = "".join(cell["source"])
                assert not re.search(r"\bC\(\d+|\bFraction\b|fractions\.", prose), (path.name, prose[:80])
    for spec in registry.specs():
        for ex in spec.explorers:
            how_to = getattr(registry.load(ex.app.partition(":")[0]), "HOW_TO", "")
            assert not re.search(r"\bC\(\d+|Fraction", how_to), ex.page


def _press(page) -> None:
    """One small simulation on an explorer page (its smallest "simulate more" button)."""
    buttons = getattr(page, "more", None) or getattr(getattr(page, "sim", None), "buttons", {})
    buttons[min(buttons)].click()


@pytest.mark.parametrize("ex", explorers(), ids=lambda e: e.page)
def test_no_engine_word_on_an_explorer_before_and_after_a_simulation(ex):
    kw = {"game": "aycc", "players": 3} if ex.page == "balance_explorer.ipynb" else {}
    page = registry.load(ex.app)(**kw)
    name = kw.get("game") or next(s.name for s in registry.specs() if ex in s.explorers)
    spec = registry.get(name)
    assert engine_words(visible_text(page), spec) == []
    _press(page)
    assert engine_words(visible_text(page), spec) == []


def test_a_refusal_after_the_game_ended_says_how_it_ended():
    s = _mafia_over(3)
    s.click(registry.get("mafia").module.EndTurn(0))
    said = visible_text(s.w_error)
    assert said.strip().startswith("Refused: the game is over. Player") and "Result(" not in said
