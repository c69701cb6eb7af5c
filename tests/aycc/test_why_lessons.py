"""All You Can Chili's coach (issue 26): its exact figures (``coaching.py``, the spec's ``coach_fact``) and the
"why this move?" lessons, where the coach's numbers are the point.

The figures are the probability module's own (:mod:`chililab.games.aycc.odds`), read from the seat's view only,
and they agree with the worlds the coach plays on; in each lesson the coach, with a fixed seed and a budget of
about a second, ranks the scripted move first and clearly ahead (its interval's low end above the next move's
high end).
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from chililab.coach import Coach
from chililab.engine import registry
from chililab.games.aycc.coaching import chance, coach_fact, figures, sentence
from chililab.games.aycc.lessons import LESSONS, WHY, lesson, lessons_in, move, play
from chililab.games.aycc.odds import burn_chance, knowledge_from_view, serve_value, withdraw_value
from chililab.games.aycc.rules.cards import CHARACTERS
from chililab.widgets import Stepper

from ..lesson_helpers import (
    follow_hint,
    fresh_widgets,  # noqa: F401 - an autouse fixture: every test starts without widgets
)
from .test_worlds import scramble

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

WHY_KEYS = ("why-withdraw", "why-big-dish", "why-not-the-hottest")
#: the coach's first two rows in each lesson, seed 0 and 3,000 games played on: (chance, low, high) in %
NUMBERS = {"why-withdraw": ((70, 63, 75), (42, 36, 48)),
           "why-big-dish": ((63, 59, 67), (43, 39, 47)),
           "why-not-the-hottest": ((68, 65, 72), (57, 53, 61))}
#: positions for the figures: the lessons' own, an opponent's character near its limit, the Lock, a character out
FACT_KEYS = (*WHY_KEYS, "naga-burns", "fuego-locked", "still-serving", "vasco-33")


# ------------------------------------------------------------------ the exact figures


@pytest.mark.parametrize("key", FACT_KEYS)
def test_the_figures_are_the_odds_modules(key):
    le = lesson(key)
    g = le.build()
    view = g.view(le.seat)
    k = knowledge_from_view(view)
    f = figures(k)
    me = k.character
    if me in k.active:
        assert f.own == me and f.burn == burn_chance(k, me)
        assert f.burning == sum(n for kind, n in k.unseen().items() if k.heat(me) + kind.flame > k.tolerance)
        assert f.burn == Fraction(f.burning, f.unseen) and f.unseen == sum(k.unseen().values())
        assert f.withdraw == (None if k.withdraw_problem() else withdraw_value(k))
        assert f.serve == (None if k.withdraw_problem(later=True) else serve_value(k))
    else:
        assert f.own is f.burn is f.withdraw is f.serve is None
    targets = [c for c in k.row if c in k.active and c not in (me, k.last_target)]
    if k.hand and targets:
        best = max(burn_chance(k, c, dish=d) for d in k.hand for c in targets)
        d, c, p = f.hit
        assert p == best == burn_chance(k, c, dish=d) and c in targets
    said = coach_fact(view)
    assert said == sentence(f) and said.endswith(".")
    if f.hit is not None and f.hit[2]:
        assert f"with probability {chance(f.hit[2])} (exact" in said
    if f.burning:
        assert f"{chance(f.burn)} (exact: {f.burning} of the {f.unseen} dishes you have not seen" in said
    if f.withdraw is not None:
        assert f"withdrawing now scores {f.withdraw}" in said
    for words in ("P0", "P1", "AYCC-", "_"):
        assert words not in said
    assert registry.get("aycc").coach_fact and Coach(g, le.seat).fact() == said


def test_the_lesson_texts_quote_the_exact_figures():
    k = knowledge_from_view(lesson("why-withdraw").build().view(0))
    f = figures(k)
    assert (f.burning, f.unseen, chance(f.burn), f.withdraw, serve_value(k)) == (22, 32, "69%", 18, 8)
    assert "22 of the 32" in lesson("why-withdraw").text and "worth 8 points on average against 18" in \
        lesson("why-withdraw").text
    k = knowledge_from_view(lesson("why-big-dish").build().view(0))
    assert [chance(burn_chance(k, "king_naga", dish=d)) for d in k.hand[::2]] == ["60%", "20%"]
    k = knowledge_from_view(lesson("why-not-the-hottest").build().view(0))
    seven = next(d for d in k.hand if d.flame == 7)
    assert [chance(burn_chance(k, c, dish=seven)) for c in ("king_naga", "piri_piri")] == ["67%", "22%"]
    for key, words in (("why-big-dish", ("60%", "20%")), ("why-not-the-hottest", ("67%", "22%"))):
        assert all(w in lesson(key).text for w in words)


def test_the_fact_reads_only_what_the_seat_sees():
    """The same sentence for two positions that differ only in cards the seat cannot see (hands, deck, identities,
    tolerances, the Neutral), and none for the teacher's view."""
    rng = random.Random(4)
    for key in FACT_KEYS:
        le = lesson(key)
        st = le.build().state
        for _ in range(3):
            other = scramble(st, le.seat, rng)
            assert coach_fact(other.view(le.seat)) == coach_fact(st.view(le.seat))
        assert coach_fact(st.view(None)) == ""


def test_the_worlds_the_coach_plays_on_agree_with_the_figures():
    """In the coach's own worlds (its seat's knowledge dealt again at random), how often one more unknown dish burns
    the seat's character out, and how often the hand's surest dish burns its target out, agree with the exact
    figures inside 99% intervals (Bonferroni over the comparisons)."""
    checks = []
    samples = 3000
    for key in ("why-withdraw", "why-big-dish", "why-not-the-hottest"):
        le = lesson(key)
        g = le.build()
        coach = Coach(g, le.seat, seed=0)
        f = figures(knowledge_from_view(g.view(le.seat)))
        dish, target, p = f.hit
        me = g.view(le.seat).me
        cid = next(c.id for c in CHARACTERS if c.key == target)
        rng = random.Random(5)
        own = hit = 0
        for _ in range(samples):
            w = coach.knowledge.world(rng)
            unseen = [d for q, h in enumerate(w.hands) if q != le.seat for d in h] + list(w.deck)
            if w.heats[me] + rng.choice(unseen).flame > w.tol[le.seat]:
                own += 1
            owner = w.owner[cid]
            if owner is not None and w.heats[cid] + dish.flame > w.tol[owner]:
                hit += 1
        checks += [(f.burn, own), (p, hit)]
    z = 3.0  # two-sided 99% over six comparisons (1 - 0.01 / 6 per comparison)
    for p, hits in checks:
        p = float(p)
        half = z * (p * (1 - p) / samples) ** 0.5 + 1e-9
        assert abs(hits / samples - p) <= half, (p, hits / samples, checks)


# ------------------------------------------------------------------ the lessons


def test_the_why_lessons_are_a_section_of_coach_lessons():
    assert [le.key for le in lessons_in(WHY)] == list(WHY_KEYS)
    assert [le.key for le in LESSONS if le.coach] == list(WHY_KEYS)
    for le in lessons_in(WHY):
        assert "chance to win" in le.text and "dealt again at random" in le.text and "Exactly" in le.text


@pytest.fixture(scope="module")
def advice():
    """The coach's advice in each lesson: seed 0 (the stepper's), 3,000 games played on (about a second)."""
    out = {}
    for key in WHY_KEYS:
        le = lesson(key)
        g = le.build()
        out[key] = (g, Coach(g, le.seat, seed=0).think(seconds=None, iterations=3000))
    return out


@pytest.mark.parametrize("key", WHY_KEYS)
def test_the_coach_ranks_the_lessons_move_first_and_clearly_ahead(key, advice):
    le = lesson(key)
    g, a = advice[key]
    first, second = a.rows[:2]
    assert a.pick == 0 and first.move == move(g, *le.script[0])
    assert first.low > second.high  # clearly ahead: the luck of the deal cannot explain the difference
    assert a.sentence.startswith("Best so far") and "clearly better than" in a.sentence
    got = tuple(tuple(round(100 * x) for x in (r.chance, r.low, r.high)) for r in (first, second))
    assert got == NUMBERS[key]


@pytest.mark.parametrize("key", WHY_KEYS)
def test_the_script_plays_the_clauses_the_lesson_cites(key):
    le = lesson(key)
    g = le.build()
    assert g.phase == le.phase and g.decision.players == (le.seat,) and le.coach
    fired = {r for e in play(g, le.script) for r in e.rules}
    assert le.rules[0] in fired


@pytest.mark.parametrize("key", WHY_KEYS)
def test_the_stepper_opens_the_coach_and_the_lesson_reaches_done(key):
    le = lesson(key)
    s = Stepper(lesson=le, auto=True)
    panel = s.w_coach
    assert panel.w_switch.value is True and "chili-coach-list" in panel.w_out.value
    assert panel.coach is not None and panel.coach.seat == le.seat
    label = panel.coach.advice().rows[0].label
    assert label in panel.w_out.value  # the ranked list, best first, shows the lesson's move on top
    follow_hint(s)
    assert s.ctl.lesson_state() == "done"


def test_the_threshold_bot_plays_when_every_dish_is_in_sight():
    """No unknown dish can come (the deck and the other hands are empty): nothing is a risk, so the bot does not
    withdraw for fear of one; it used to fail there, and the coach's games played on reach such positions."""
    g = lesson("exhaustion").build()
    view = g.view(0)
    assert view.deck_size == 0 and sum(view.hand_counts) == 1
    chosen = registry.get("aycc").agent("threshold").choose(view, g.legal_moves(0), random.Random(1))
    assert chosen in g.legal_moves(0) and type(chosen).__name__ == "Serve"


def test_the_coachs_list_tells_serves_of_different_dishes_apart():
    g = lesson("naga-burns").build()
    labels = [r.label for r in Coach(g, 0, seed=1).think(seconds=None, iterations=40).rows]
    assert len(set(labels)) == len(labels) == len(g.legal_moves(0))
    assert "serve a 7 to King Naga" in labels and "withdraw: score your dishes and leave the round" in labels
