"""The Chili Loco tutorial (chililab.games.loco.lessons): every lesson builds an exact position,
asks the learner the decision its text talks about, and playing its hint cites the rules it teaches."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from chililab import loco
from chililab.engine import IllegalMove, registry
from chililab.games.loco.lessons import LESSONS, SECTIONS, lesson, move, play

from .helpers import hand, held, rules_of, sizes, top

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "seeds" / "chili-loco.txt"
CLAUSES = registry.get("loco").rules_reference()["clauses"]  # the rules reference the package carries
KEYS = [le.key for le in LESSONS]


def _norm(s):
    s = re.sub("[\u2018\u2019\u201c\u201d\"']", '"', s)
    return re.sub(r"\s+", " ", s).strip().lower()


@pytest.mark.parametrize("key", KEYS)
def test_lesson_builds_at_its_decision(key):
    le = lesson(key)
    g = le.build()
    assert g.phase == le.phase
    assert le.seat in g.decision.players, f"the learner P{le.seat} is not asked: {g.decision}"
    assert not g.over
    first = next(s for s in le.script if s[1] == le.seat)
    assert move(g, *first) in g.legal_moves(le.seat), "the hinted move is not one of the learner's buttons"
    # the learner's own view says it is their decision
    assert le.seat in g.view(le.seat).decision.players


@pytest.mark.parametrize("key", KEYS)
def test_hint_cites_the_lessons_rules(key):
    le = lesson(key)
    g = le.build()
    refused_rules = set()
    for spec in le.refused:
        fp = g.fingerprint()
        with pytest.raises(IllegalMove) as e:
            g.apply(move(g, *spec))
        assert g.fingerprint() == fp
        assert e.value.rule in le.rules, f"{spec} is refused by {e.value.rule}, not a rule this lesson names"
        assert move(g, *spec) not in g.legal_moves(spec[1])
        refused_rules.add(e.value.rule)
    start = g.step
    play(g, le.script)
    cited = rules_of(e for s in range(start + 1, g.step + 1) for e in g.events(step=s))
    if key in ("setup", "wild-starter"):  # these teach the deal: cited by the setup events (step 0)
        cited |= rules_of(g.events(step=0))
    missing = set(le.rules) - cited - refused_rules
    assert not missing, f"{key}: rules {missing} never cited after the hinted moves"


@pytest.mark.parametrize("key", KEYS)
def test_lesson_text_is_short_and_names_real_clauses(key):
    le = lesson(key)
    sentences = [s for s in re.split(r"(?<=[.!?])[\u201d\"]?\s+(?=[A-Z\u201c\"])", le.text) if s.strip()]
    assert 2 <= len(sentences) <= 6, sentences  # 2-5 sentences (a quote may end one inside another)
    assert le.rules and all(r in CLAUSES for r in le.rules), le.rules
    assert le.section in SECTIONS and le.title and le.hint


@pytest.mark.skipif(not RULEBOOK.exists(), reason="shared/seeds beside the repository is not present")
@pytest.mark.parametrize("key", KEYS)
def test_lesson_quotes_the_rulebook(key):
    book = _norm(RULEBOOK.read_text(encoding="utf-8"))
    quotes = re.findall("\u201c(.*?)\u201d", lesson(key).text)
    assert quotes, "each lesson quotes the rulebook"
    for q in quotes:
        for piece in q.split("[...]"):
            piece = _norm(piece).strip(" .,")
            if len(piece) > 12:
                assert piece in book, f"not in the rulebook: {piece!r}"


def test_every_rulebook_section_and_card_has_a_lesson():
    assert {le.section for le in LESSONS} == set(SECTIONS)
    for key in ("setup", "matching", "draw", "help", "twins", "jump-in", "salsa-slap", "stir", "hot-sauce",
                "stacking", "heat-stroke", "new-recipe", "reaper", "blender", "taco-trade", "hot-potato",
                "milk-chaser", "loco", "win", "win-by-giving", "personal-recipe"):
        assert key in KEYS
    assert len(set(KEYS)) == len(KEYS)


def test_tutorial_is_engine_layer():
    code = ("import sys, chililab.games.loco.lessons as t; t.LESSONS[0].build(); "
            "bad = [m for m in ('ipywidgets', 'plotly', 'IPython') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# -------------------------------------------------------- the decision each text talks about


@pytest.mark.rule("LOCO-TWIN-4")
def test_jump_in_lesson_polls_the_learner_in_secret():
    g = lesson("jump-in").build()
    assert set(g.decision.players) == {1, 3}
    assert any(isinstance(m, loco.Jump) for m in g.legal_moves(3))
    assert 3 not in g.view(1).decision.players  # P1 cannot tell that P3 was asked
    play(g, lesson("jump-in").script)
    assert top(g) == "P-Cherry" and g.view(None).current == 0


@pytest.mark.rule("LOCO-TWIN-7")
def test_landing_lesson_jumper_lands_first():
    g = lesson("landing").build()
    play(g, lesson("landing").script)
    assert top(g) == "P-Cherry" and "P-Bell" in hand(g, 1) and g.view(None).current == 0


@pytest.mark.rule("LOCO-MATCH-1")
def test_matching_lesson_buttons():
    g = lesson("matching").build()
    lays = {m.cards[0].code for m in g.legal_moves(1) if isinstance(m, loco.Lay) and len(m.cards) == 1}
    assert lays == {"G-Bell", "R-Ghost", "NewRecipe"}


@pytest.mark.rule("LOCO-TURN-8")
def test_stacking_lesson_is_a_response_window():
    g = lesson("stacking").build()
    legal = g.legal_moves(2)
    assert move(g, "Lay", 2, "Y-HotSauce") in legal and loco.Accept(2) in legal
    assert not any(isinstance(m, loco.Draw) for m in legal)
    n3 = len(held(g, 3))
    play(g, lesson("stacking").script)
    assert len(held(g, 3)) == n3 + 4


@pytest.mark.rule("LOCO-CARD-MILK-3")
def test_milk_lesson_cancels_the_stack():
    g = lesson("milk-chaser").build()
    before = sizes(g)
    play(g, lesson("milk-chaser").script)
    assert sizes(g) == [before[0], before[1], before[2], before[3] - 1]
    assert top(g) == "Milk" and g.view(None).colour == "yellow" and g.view(None).current == 0


@pytest.mark.rule("LOCO-CARD-BLENDER-1")
def test_blender_lesson_deals_four_each():
    g = lesson("blender").build()
    play(g, lesson("blender").script)
    assert sizes(g) == [4, 4, 4, 4]


@pytest.mark.rule("LOCO-CARD-TACO-1")
def test_taco_lesson_leaves_the_learner_on_one_card():
    g = lesson("taco-trade").build()
    play(g, lesson("taco-trade").script[:3])
    assert len(held(g, 1)) == 1 and len(held(g, 3)) == 5
    assert g.phase == "CHECKPOINT" and 1 in g.decision.players  # the LOCO! window


@pytest.mark.rule("LOCO-SHOUT-3")
def test_catch_lesson_penalises_the_forgetter():
    g = lesson("catch").build()
    assert loco.Call(0, 3) in g.legal_moves(0)
    play(g, lesson("catch").script)
    assert len(held(g, 3)) == 3


@pytest.mark.rule("LOCO-WIN-4")
def test_win_by_giving_lesson():
    g = lesson("win-by-giving").build()
    assert g.decision.players == (0,) and any(isinstance(m, loco.Offer) for m in g.legal_moves(0))
    play(g, lesson("win-by-giving").script)
    assert g.result.winner == 0 and g.result.how == "gave"


@pytest.mark.rule("LOCO-SETUP-6")
def test_setup_lesson_starts_anti_clockwise_at_dealers_right():
    g = lesson("setup").build()
    assert g.view(None).direction == -1 and g.view(None).current == 3 and top(g) == "Y-Stir"


@pytest.mark.rule("LOCO-SETUP-5")
def test_wild_starter_lesson_takes_bottom_colour():
    g = lesson("wild-starter").build()
    assert g.view(None).colour == "green" and g.decision.kind == "turn"


@pytest.mark.rule("LOCO-HOUSE-4")
def test_personal_recipe_lesson():
    g = lesson("personal-recipe").build()
    before = sizes(g)
    play(g, lesson("personal-recipe").script)
    assert sizes(g) == [before[0] + 1, before[1] - 1, before[2] + 1, before[3] + 1]


def test_unknown_lesson_key_is_a_readable_error():
    with pytest.raises(KeyError, match="no lesson"):
        lesson("nope")
