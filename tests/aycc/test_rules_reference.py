"""All You Can Chili's rules reference (``chililab/games/aycc/data/rules.json``), in the format of the other games'.

Each clause has its section and group, the ``engineer`` text the rules code follows and a ``learner``
text in the rulebook's words (quoted) or plain sentences, with no engine notation.
"""
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from chililab.engine import registry
from chililab.games.aycc import FLOW
from chililab.games.aycc.rules.options import DEFAULTS

REF = json.loads(resources.files("chililab.games.aycc").joinpath("data/rules.json").read_text(encoding="utf-8"))
CLAUSES = REF["clauses"]
CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "rules" / "aycc.md"
RULEBOOK = CATALOGUE.parents[1] / "seeds" / "all-you-can-chili.txt"
OPTION_NAMES = sorted(n for n in DEFAULTS if "_" in n)


def test_every_clause_has_a_group_and_both_texts():
    assert REF["game"] == "aycc" and len(CLAUSES) == 64  # the catalogue's 63 and AYCC-ROUND-6 (NOTES.md)
    for i, c in CLAUSES.items():
        assert re.fullmatch(r"AYCC(?:-[A-Z0-9]+)+-\d+", i), i
        assert set(c) == {"section", "group", "learner", "engineer"}, i
        assert REF["sections"][c["section"]] == c["group"], i
        assert c["learner"].strip() and c["engineer"].strip(), i


@pytest.mark.parametrize("rule", sorted(CLAUSES))
def test_learner_texts_name_no_clause_decision_or_option(rule):
    t = CLAUSES[rule]["learner"]
    assert not re.search(r"AYCC-|DEC-\d|\[[ADL]\d*\]|[{}≥≤]|\b[a-z]+_[a-z0-9_]+\b|\bP\d\b|\b[Ss]ection \d", t), t
    assert not [n for n in OPTION_NAMES if n in t]
    assert t.count("\u201c") == t.count("\u201d"), rule


def test_the_registry_shows_the_learner_texts():
    assert registry.get("aycc").clause_texts() == {i: c["learner"] for i, c in CLAUSES.items()}


def test_the_flow_cites_only_clauses_of_the_reference():
    cited = {r for t in FLOW.transitions for r in t.rules}
    assert cited <= set(CLAUSES), sorted(cited - set(CLAUSES))


def test_the_decision_table_is_carried():
    assert [row["id"] for row in REF["decisions"]] == ["D1", "D2", "D3", "D4", "D5", "A1", "A2", "A3"]
    assert all(set(row) == {"id", "what", "who", "opens", "closes", "model"} for row in REF["decisions"])


def test_added_clauses_are_listed_as_corrections():
    fixed = {i for c in REF["corrections"] for i in c["ids"]}
    assert "AYCC-ROUND-6" in fixed and fixed <= set(CLAUSES)
    groups = [c["group"] for c in CLAUSES.values()]
    assert list(CLAUSES).index("AYCC-ROUND-6") == list(CLAUSES).index("AYCC-ROUND-5") + 1  # end of its group
    assert groups == sorted(groups, key=list(REF["sections"].values()).index)


@pytest.mark.skipif(not CATALOGUE.is_file(), reason="no shared/ catalogue beside the repository (optional check)")
def test_the_reference_holds_every_catalogue_clause():
    theirs = set(re.findall(r"^- \*\*(AYCC-[A-Z0-9-]+-\d+)\*\*", CATALOGUE.read_text(encoding="utf-8"), re.M))
    assert len(theirs) == 63 and theirs <= set(CLAUSES)


def _norm(s):
    return re.sub(r"\s+", " ", re.sub("[\u2018\u2019\u201c\u201d\"']", '"', s)).strip().lower()


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook (shared/seeds) beside the repository is not present")
def test_learner_quotes_are_the_rulebooks_words():
    book = _norm(RULEBOOK.read_text(encoding="utf-8"))
    for i, c in CLAUSES.items():
        for q in re.findall("\u201c(.*?)\u201d", c["learner"]):
            piece = _norm(q).strip(" .,")
            assert len(piece) <= 12 or piece in book, f"{i}: not in the rulebook: {piece!r}"
