"""The rules reference (data/rules.json): shape, learner texts a 15-year-old reads, every clause tested and cited."""
from __future__ import annotations

import re
from pathlib import Path

import chililab_crazy_eights as c8
import pytest

from chililab.engine import registry

REF = registry.get("crazy_eights").rules_reference()
CLAUSES = REF["clauses"]
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "chililab_crazy_eights"
# the notation chililab's own reference test refuses in learner texts (tests/test_rules_reference.py)
NOTATION = re.compile(r"[{}]|:=|next\(|\bDEC-\d|\b[Ss]ection \d|\[[ADL]\d*\]?|\bC8-[A-Z]|[≥≤]|\bdir\b"
                      r"|\b[a-z]+(?:_[a-z0-9]+)+\b|\bseat ?\+ ?1\b|\bP\d\b")


def test_every_clause_has_a_group_and_both_texts():
    assert len(CLAUSES) == 27
    for i, c in CLAUSES.items():
        assert re.fullmatch(r"C8-[A-Z]+-\d+", i)
        assert set(c) == {"section", "group", "learner", "engineer"}, i
        assert c["group"] == REF["sections"][c["section"]] and c["learner"].strip() and c["engineer"].strip()


@pytest.mark.parametrize("rule", sorted(CLAUSES))
def test_learner_text_carries_no_notation(rule):
    text = CLAUSES[rule]["learner"]
    found = [m.group(0) for m in NOTATION.finditer(text)] + [o for o in c8.OPTIONS if o in text]
    assert not found, f"{rule}: engine notation in the learner text: {found}"


def test_every_clause_is_named_by_a_test_and_cited_by_the_rules():
    tests = "\n".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    code = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    for i in CLAUSES:
        assert re.search(rf'mark\.rule\("{re.escape(i)}"\)', tests), f"no test names {i}"
        assert re.search(re.escape(i) + r"(?![0-9])", code), f"the rules never cite {i}"
    cited = set(re.findall(r'"(C8-[A-Z]+-\d+)"', code))
    assert cited <= set(CLAUSES), cited - set(CLAUSES)


def test_the_page_shows_the_learner_text():
    from chililab.widgets import clause_text

    assert clause_text("C8-PLAY-2") == CLAUSES["C8-PLAY-2"]["learner"]


def test_the_rules_modules_import_no_ui_or_heavy_library():
    rules = [p for p in PACKAGE.glob("*.py") if p.name != "dashboard.py"]
    for p in rules:
        text = p.read_text()
        for lib in ("ipywidgets", "plotly", "pandas", "IPython", "chililab.apps", "chililab.widgets"):
            assert not re.search(rf"^\s*(import|from) {re.escape(lib)}\b", text, re.M), f"{p.name} imports {lib}"
