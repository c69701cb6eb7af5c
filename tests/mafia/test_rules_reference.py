"""Chili Mafia's rules reference (``chililab/games/mafia/data/rules.json``), in the format of Chili Loco's.

Each clause has its section and group, the ``engineer`` text the rules code follows and a
``learner`` text in the rulebook's words. Until Mafia is registered, the registry's
reference tests do not read this file, so these checks do.
"""
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from chililab.games.mafia import FLOW

REF = json.loads(resources.files("chililab.games.mafia").joinpath("data/rules.json").read_text(encoding="utf-8"))
CLAUSES = REF["clauses"]
CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "rules" / "mafia.md"


def test_every_clause_has_a_group_and_both_texts():
    assert REF["game"] == "mafia" and len(CLAUSES) == 107
    for i, c in CLAUSES.items():
        assert re.fullmatch(r"MAFIA(?:-[A-Z0-9]+)+-\d+", i), i
        assert set(c) == {"section", "group", "learner", "engineer"}, i
        assert REF["sections"][c["section"]] == c["group"], i
        assert c["learner"].strip() and c["engineer"].strip(), i


def test_learner_texts_name_no_clause_decision_or_option():
    for i, c in CLAUSES.items():
        t = c["learner"]
        assert not re.search(r"MAFIA-|DEC-\d|\[[ADL]\d*\]|[{}≥≤]|\b[a-z]+_[a-z0-9_]+\b", t), (i, t)
        assert t.count("\u201c") == t.count("\u201d"), i


def test_the_flow_cites_only_clauses_of_the_reference():
    cited = {r for t in FLOW.transitions for r in t.rules}
    assert cited <= set(CLAUSES), sorted(cited - set(CLAUSES))


def test_the_decision_table_is_carried():
    ids = [row["id"] for row in REF["decisions"]]
    assert ids == ["D1", "D2", "D3", "D4", "D5"] + [f"I{k}" for k in range(1, 11)]
    assert all(set(row) == {"id", "what", "who", "opens", "closes", "model"} for row in REF["decisions"])


@pytest.mark.skipif(not CATALOGUE.is_file(), reason="no shared/ catalogue beside the repository (optional check)")
def test_the_reference_holds_every_catalogue_clause():
    theirs = set(re.findall(r"^- \*\*(MAFIA-[A-Z0-9-]+-\d+)\*\*", CATALOGUE.read_text(encoding="utf-8"), re.M))
    assert theirs == set(CLAUSES)


RULEBOOK = CATALOGUE.parents[1] / "seeds" / "chili-mafia.txt"


def _norm(s):
    return re.sub(r"\s+", " ", re.sub("[\u2018\u2019\u201c\u201d\"']", '"', s)).strip().lower()


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook (shared/seeds) beside the repository is not present")
def test_learner_quotes_are_the_rulebooks_words():
    book = _norm(RULEBOOK.read_text(encoding="utf-8"))
    for i, c in CLAUSES.items():
        for q in re.findall("\u201c(.*?)\u201d", c["learner"]):
            piece = _norm(q).strip(" .,")
            assert len(piece) <= 12 or piece in book, f"{i}: not in the rulebook: {piece!r}"
