"""Chili Mafia's coach (issue 26): the "why this move?" lessons, where the coach's numbers are the point, and the
coach's fact (``coaching.py``, the spec's ``coach_fact``).

In each lesson the coach, with the stepper's seed (0) and a budget of well under a second, ranks the lesson's move
first and surely ahead (the low end of its 95 % range above the next move's high end) and would choose it; the
lesson plays to "done" and its stepper opens the coach. The fact counts the Hot cards and Fuggedaboutits the seat
cannot see from its view alone: the same whatever the hidden cards are, and the same as the cards really hidden.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from chililab.coach import Coach
from chililab.control import Controller
from chililab.engine import registry
from chililab.games.mafia.bots import MafiaRuleAgent
from chililab.games.mafia.coaching import HOT, chance_none, coach_fact
from chililab.games.mafia.lessons import LESSONS, WHY, lesson, lessons_in, move, play
from chililab.widgets import Stepper

from ..lesson_helpers import (
    follow_hint,
    fresh_widgets,  # noqa: F401 - an autouse fixture: every test starts without widgets
)
from .test_worlds import scramble

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

#: each lesson's games played on (all moves together): enough to separate the moves, well under a second each
BUDGET = {"why-fuggedaboutit": 400, "why-whack": 1400}
#: the coach's first two rows in each lesson with seed 0 and that budget: (chance, low, high) in %
NUMBERS = {"why-fuggedaboutit": ((96, 93, 98), (52, 45, 59)),
           "why-whack": ((62, 56, 69), (14, 10, 20))}
#: positions for the fact: the lessons' own and others (the draft, a team, a defence, the final round, Hot Properties)
FACT_KEYS = (*BUDGET, "draft", "team", "fuggedaboutit", "final-round", "reconsider", "whack")


# ------------------------------------------------------------------ the lessons


def test_the_section_is_last_and_opens_the_coach():
    why = lessons_in(WHY)
    assert [le.key for le in why] == list(BUDGET)
    assert LESSONS[-len(why):] == why  # the end of the lesson list
    assert [le.key for le in LESSONS if le.coach] == list(BUDGET)
    for le in why:
        assert "chance" not in le.hint or "coach" in le.hint
        assert "dealt again at random" in le.text and "how often you win" in le.text


@pytest.fixture(scope="module")
def advice():
    """The coach's advice in each lesson: seed 0 (the stepper's) and the lesson's budget."""
    out = {}
    for key, n in BUDGET.items():
        le = lesson(key)
        g = le.build()
        out[key] = (g, Coach(g, le.seat, seed=0).think(seconds=None, iterations=n))
    return out


@pytest.mark.parametrize("key", BUDGET)
def test_the_coach_surely_favours_the_lessons_move(key, advice):
    le = lesson(key)
    g, a = advice[key]
    assert g.phase == le.phase and g.decision.players == (le.seat,)
    first, second = a.rows[:2]
    assert first.move == move(g, *le.script[0]), [(r.label, round(r.chance, 3)) for r in a.rows]
    assert first.low > second.high, (first, second)  # surely better, not just ahead
    assert a.pick == 0 and a.sentence.startswith("Best so far") and "clearly better than" in a.sentence
    got = tuple(tuple(round(100 * x) for x in (r.chance, r.low, r.high)) for r in (first, second))
    assert got == NUMBERS[key]


def test_the_rule_of_thumb_would_keep_the_fuggedaboutit():
    """The rule bot keeps its Fuggedaboutit for its strongest gang (the attack costs 9 points, not 15); the coach's
    numbers say play it, as no Hot card is left that could attack later."""
    le = lesson("why-fuggedaboutit")
    g = le.build()
    view = g.view(le.seat)
    usual = MafiaRuleAgent().choose(view, g.legal_moves(le.seat), random.Random(0))
    assert usual == move(g, "Decline", 0)
    assert "none is a Hot card" in coach_fact(view)


def test_the_whack_lesson_weighs_the_points():
    """The texts' scores: P1 leads 42 to 31; whacking the Moruga costs P1 9 points, a Poblano 18."""
    from chililab.games.mafia.bots import loss, points

    le = lesson("why-whack")
    v = le.build().view(None)
    assert [sum(map(points, v.gangs[s])) for s in (0, 1)] == [31, 42]
    mixed, poblanos = v.gangs[1]
    moruga = next(c for c in mixed if c.key == "moruga")
    assert loss(mixed, (moruga,)) == 9 and loss(poblanos, (poblanos[0],)) == 18
    assert "42 points to 31" in le.text and "(3 + 3 + 3) x 2 = 18" in le.text


@pytest.mark.parametrize("key", BUDGET)
def test_the_script_plays_to_done_and_fires_the_first_rule(key):
    le = lesson(key)
    g = le.build()
    assert le.rules[0] in {r for e in play(g, le.script) for r in e.rules}
    c = Controller(le.build(), seat=le.seat, lesson=le)
    first = c.scripted(le.seat)
    assert first is not None and first[0] == 0
    c.click(first[1], auto=True)
    assert c.lesson_state() == "done", c.lesson_state()
    assert not c.game.over


@pytest.mark.parametrize("key", BUDGET)
def test_the_stepper_opens_the_coach_and_the_lesson_reaches_done(key):
    le = lesson(key)
    s = Stepper(lesson=le, auto=True)
    try:
        panel = s.w_coach
        assert panel.w_switch.value is True and panel.coach is not None and panel.coach.seat == le.seat
        assert "chili-coach-list" in panel.w_out.value and "chili-coach-pick" in panel.w_out.value
        assert panel.coach.advice().rows[0].label in panel.w_out.value
        follow_hint(s)
        assert s.ctl.lesson_state() == "done"
    finally:
        s.close()


# ------------------------------------------------------------------ the fact


def _hidden(le):
    """The cards really hidden from the lesson's seat (other hands, packets in the draft, the draw deck but the
    Dawn Raid), from the full state."""
    g = le.build()
    st, seat = g.state, le.seat
    seen = g.view(seat).visible_card_ids()
    cards = [c for s in range(st.n) if s != seat for c in st.hands[s]]
    cards += [c for s in range(st.n) if s != seat and g.phase == "DRAFT" for c in st.packets[s]]
    cards += [c for c in st.draw if c.kind != "dawn_raid"]
    return g, [c for c in cards if c.id not in seen]


def _some(n: int, what: str) -> str:
    return {0: f"none is a {what}", 1: f"1 is a {what}"}.get(n, f"{n} are {what}s")


@pytest.mark.parametrize("key", FACT_KEYS)
def test_the_fact_counts_the_cards_really_hidden(key):
    le = lesson(key)
    g, hidden = _hidden(le)
    k = Counter(c.key for c in hidden)
    said = coach_fact(g.view(le.seat))
    assert said.startswith(f"Of the {len(hidden)} cards you cannot see")
    assert _some(sum(k[x] for x in HOT), "Hot card") in said and _some(k["fuggedaboutit"], "Fuggedaboutit") in said
    for words in ("MAFIA-", "_", "Player 1"):
        assert words not in said
    assert registry.get("mafia").coach_fact and Coach(g, le.seat).fact() == said


def test_the_chance_of_a_fuggedaboutit_is_the_worlds():
    """In the Whack lesson P1 holds 3 of the 7 cards the learner cannot see, one of them a Fuggedaboutit: the
    fact's 43% is 3/7, and in the coach's own worlds P1 holds it that often (inside a 99% interval)."""
    le = lesson("why-whack")
    g = le.build()
    assert 1 - chance_none(7, 1, 3) == pytest.approx(3 / 7)
    assert "P1 holds 3 of them: the chance that P1 holds the Fuggedaboutit is 43%." in coach_fact(g.view(0))
    coach, rng, n = Coach(g, 0, seed=0), random.Random(2), 2000
    held = sum(any(c.key == "fuggedaboutit" for c in coach.knowledge.world(rng).hands[1]) for _ in range(n))
    assert abs(held / n - 3 / 7) < 2.6 * (3 / 7 * 4 / 7 / n) ** 0.5


def test_the_fact_reads_only_what_the_seat_sees():
    """The same sentence for positions that differ only in cards the seat cannot see, and none for the teacher."""
    rng = random.Random(4)
    for key in FACT_KEYS:
        le = lesson(key)
        st = le.build().state
        for _ in range(3):
            other = scramble(st, le.seat, rng)
            assert coach_fact(other.view(le.seat)) == coach_fact(st.view(le.seat))
        assert coach_fact(st.view(None)) == ""
