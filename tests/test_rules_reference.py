"""Chili Loco's rules reference (``chililab/games/loco/data/rules.json``): every clause the page shows reads
like the rulebook.

Each clause has an ``engineer`` text (what the rules code follows) and a ``learner`` text (what the
stepper's log, the lessons and the notebooks show). Learner texts carry no engine notation: no braces,
no ``:=``, no ``next(``, no decision numbers (``DEC-20``), no catalogue sections, no clause IDs, no
option names of the game (``help_requests_per_turn_cap``; the two option names that are plain words,
``players`` and ``dealer``, are words of the rulebook too) and no other snake_case identifiers.
The rulebook's own words are quoted in curly quotes; where the rulebook folder is beside the
repository, every quote is checked against it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chililab.engine import registry
from chililab.games.loco.rules.options import DEFAULTS
from chililab.games.loco.spec import OPTIONS
from chililab.widgets import clause_text

REF = registry.get("loco").rules_reference()
CLAUSES = REF["clauses"]
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "chili-loco.txt"

OPTION_NAMES = sorted(n for n in {*OPTIONS, *DEFAULTS} if "_" in n)
NOTATION = re.compile(r"[{}]|:=|next\(|\bDEC-\d|\b[Ss]ection \d|\[[ADL]\d*\]?|\bLOCO-[A-Z]|[≥≤]|\bdir\b"
                      r"|\b[a-z]+(?:_[a-z0-9]+)+\b|\bseat ?\+ ?1\b|\bP\d\b")


def notation(text: str) -> list[str]:
    """The pieces of engine notation in a text (empty when it reads like the rulebook)."""
    found = [m.group(0) for m in NOTATION.finditer(text)]
    return found + [n for n in OPTION_NAMES if n in text and n not in found]


def _norm(s: str) -> str:
    s = re.sub("[\u2018\u2019\u201c\u201d\"']", '"', s)
    return re.sub(r"\s+", " ", s).strip().lower()


def test_every_clause_has_a_group_and_both_texts():
    sections = REF["sections"]
    assert len(CLAUSES) >= 92
    for i, c in CLAUSES.items():
        assert set(c) == {"section", "group", "learner", "engineer"}, i
        assert c["section"] in sections and c["group"] == sections[c["section"]], i
        assert c["learner"].strip() and c["engineer"].strip(), i


@pytest.mark.parametrize("rule", sorted(CLAUSES))
def test_learner_text_carries_no_notation(rule):
    text = CLAUSES[rule]["learner"]
    assert not notation(text), f"{rule}: engine notation in the learner text: {notation(text)}"
    assert text.count("\u201c") == text.count("\u201d"), f"{rule}: unbalanced quotation marks"


@pytest.mark.parametrize("text, piece", [
    ("Hot Sauce creates pending{hot_sauce, draw:2, skip:false} aimed at next(layer).", "{"),
    ("Stir the Pot reverses the direction (dir := −dir) right away. (DEC-26)", ":="),
    ("The first turn goes to next(dealer).", "next("),
    ("False calls cost nothing. (DEC-20)", "DEC-2"),
    ("Races use the reaction model, section 3.2.", "section 3"),
    ("Help may be asked up to help_requests_per_turn_cap times.", "help_requests_per_turn_cap"),
    ("A skipped turn counts (LOCO-TURN-6).", "LOCO-T"),
    ("The game needs players seats (2–10 [A]).", "[A]"),
    ("It is legal only while you hold ≥2 cards.", "≥"),
    ("Preset everyone_else_draws_1: each other player draws 1.", "everyone_else_draws_1"),
])
def test_the_notation_check_finds_engine_notation(text, piece):
    assert any(piece in f or f in piece for f in notation(text)), notation(text)


def test_the_notation_check_passes_the_rulebooks_words():
    assert notation("\u201cThere's no passing. Your turn only ends when you lay a card.\u201d Shout LOCO! "
                    "before the next player finishes their turn; the dealer deals 6 cards to each player.") == []


def test_the_engineer_texts_need_the_learner_texts():
    """The reason for the learner texts: about half of the engineer texts are engine notation."""
    assert sum(bool(notation(c["engineer"])) for c in CLAUSES.values()) >= 40


def test_the_page_shows_the_learner_text():
    for i, c in CLAUSES.items():
        assert clause_text(i) == c["learner"]
    assert registry.get("loco").clause_texts() == {i: c["learner"] for i, c in CLAUSES.items()}
    assert clause_text("LOCO-NOPE-1") is None


def test_the_decision_table_is_carried():
    ids = [row["id"] for row in REF["decisions"]]
    assert ids == ["D1", "D2", "D3", "D4", "D5", "I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8"]
    assert all(set(row) == {"id", "what", "who", "opens", "closes", "model"} for row in REF["decisions"])


@pytest.mark.rule("LOCO-WIN-5")
def test_the_decision_table_lets_the_asker_catch_the_giver():
    """Corrected from the catalogue (issue 8 item 10): the asker may call LOCO on an unshouted giver."""
    i6 = next(row for row in REF["decisions"] if row["id"] == "I6")
    assert "the asker included (call)" in i6["who"]
    assert "the asker included" in CLAUSES["LOCO-WIN-5"]["engineer"]
    assert "the player you are helping included" in CLAUSES["LOCO-WIN-5"]["learner"]
    fixed = {i for c in REF["corrections"] for i in c["ids"]}
    assert {"LOCO-WIN-5", "LOCO-SHOUT-3", "I6"} <= fixed
    assert fixed <= set(CLAUSES) | {row["id"] for row in REF["decisions"]}


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook (shared/seeds) beside the repository is not present")
@pytest.mark.parametrize("rule", sorted(CLAUSES))
def test_learner_quotes_are_the_rulebooks_words(rule):
    book = _norm(RULEBOOK.read_text(encoding="utf-8"))
    for q in re.findall("\u201c(.*?)\u201d", CLAUSES[rule]["learner"]):
        piece = _norm(q).strip(" .,")
        if len(piece) > 12:
            assert piece in book, f"{rule}: not in the rulebook: {piece!r}"
