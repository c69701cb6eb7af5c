"""Every rule clause of every game this package plays is named by at least one test.

Runs the logic of ``shared/tools/clause_coverage.py`` (the project's clause checker):
the clause IDs are the bold IDs of ``shared/rules/<game>.md``, and a clause counts as
covered when its exact ID (not followed by a digit) appears in a file under ``tests/``.
``shared/`` sits beside the repository (``<repo>/../shared``), in CI as on a developer
machine.

A game is checked when it is registered (``chililab.games.BUILTIN``) and its engine package
exists under ``chililab/games/``, so registering a game adds its clause list here. A package
still being built and not yet registered (Chili Mafia now) is not checked: its clauses are
not all played yet, and registering it is the moment they must all be tested.

Two kinds of file do not count as naming a clause: this file (it quotes IDs in its own
checks) and ``conftest.py`` files (configuration that quotes an ID as an example).
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
TESTS = REPO / "tests"
GAMES = REPO / "chililab" / "games"
SHARED = HERE.parents[2] / "shared"
RULES = SHARED / "rules"
TOOL = SHARED / "tools" / "clause_coverage.py"

# the suffixes the shared tool reads (clause_coverage.tests_text)
SUFFIXES = {".py", ".ipynb", ".json", ".txt", ".md", ".toml", ".cfg", ".yml", ".yaml"}
NOT_TESTS = {"conftest.py"}


def engine_games() -> list[str]:
    """Registered games whose engine package exists: chililab/games/<name>/__init__.py."""
    from chililab.engine import registry

    return sorted(n for n in registry.names() if (GAMES / n / "__init__.py").is_file())


def _need_shared():
    if not TOOL.is_file() or not RULES.is_dir():
        pytest.fail(f"shared/ is missing: expected the clause checker at {TOOL} and the rules at {RULES} "
                    "(shared/ must sit beside the repository clone, as in CI)", pytrace=False)


def load_tool():
    """Import shared/tools/clause_coverage.py as a module."""
    _need_shared()
    spec = importlib.util.spec_from_file_location("shared_clause_coverage", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def checked_files(root: Path = TESTS, exclude=(HERE,)) -> list[Path]:
    """The files the tool reads (same suffixes), less this file and conftest.py files."""
    skip = {Path(p).resolve() for p in exclude}
    return sorted(p for p in root.rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES and p.resolve() not in skip and p.name not in NOT_TESTS
                  and "__pycache__" not in p.parts)


def gather_text(root: Path = TESTS, exclude=(HERE,)) -> str:
    return "\n".join(p.read_text(errors="ignore") for p in checked_files(root, exclude))


def missing_ids(ids, text) -> list[str]:
    """The tool's matching: the exact ID, not followed by another digit (LOCO-TWIN-1 is not LOCO-TWIN-10)."""
    return [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", text)]


def clause_ids(tool, game) -> list[str]:
    path = RULES / f"{game}.md"
    if not path.is_file():
        pytest.fail(f"chililab/games/{game} exists but shared/rules/{game}.md does not: no clause list to check",
                    pytrace=False)
    return tool.clause_ids(game)


# ---------------------------------------------------------------- the checker itself


def test_shared_rules_present():
    _need_shared()
    assert sorted(p.stem for p in RULES.glob("*.md")), f"no clause catalogue in {RULES}"


def test_engine_games_found():
    games = engine_games()
    assert "loco" in games
    assert all((GAMES / g / "__init__.py").is_file() for g in games)


def test_checker_reads_every_clause_id_of_the_catalogue():
    tool = load_tool()
    ids = tool.clause_ids("loco")
    # one bold ID per clause bullet in the catalogue, and no duplicates lost
    bullets = re.findall(r"^\s*- \*\*(LOCO-[A-Z0-9-]+-\d+)\*\*", (RULES / "loco.md").read_text(), re.MULTILINE)
    assert len(ids) == len(set(bullets)) == len(bullets)
    assert len(ids) >= 92                       # the catalogue only ever grows (IDs are never renumbered)
    assert {"LOCO-TWIN-1", "LOCO-TWIN-10", "LOCO-CARD-HOTSAUCE-4", "LOCO-SIGN-1", "LOCO-TIE-1"} <= set(ids)


def test_checker_matches_exact_ids_only():
    text = "def test_LOCO_TWIN_1(): ...\n@pytest.mark.rule('LOCO-TWIN-10')\n'LOCO-CARD-MILK-7' LOCO-SHOUT-3."
    assert missing_ids(["LOCO-TWIN-1", "LOCO-TWIN-10", "LOCO-CARD-MILK-7", "LOCO-SHOUT-3", "LOCO-SHOUT-31"], text) \
        == ["LOCO-TWIN-1", "LOCO-SHOUT-31"]     # the underscore name alone does not count; 10 is not 1


def test_checker_ignores_this_file_and_conftest(tmp_path):
    (tmp_path / "sub").mkdir()
    me = tmp_path / "test_clause_coverage.py"
    me.write_text("'LOCO-WIN-1'")
    (tmp_path / "conftest.py").write_text("'LOCO-WIN-2'")
    (tmp_path / "sub" / "test_x.py").write_text("@pytest.mark.rule('LOCO-WIN-3')")
    (tmp_path / "sub" / "golden.json").write_text('{"rules": ["LOCO-WIN-4"]}')
    (tmp_path / "sub" / "notes.bin").write_text("LOCO-WIN-5")
    text = gather_text(tmp_path, exclude=(me,))
    assert missing_ids(["LOCO-WIN-1", "LOCO-WIN-2", "LOCO-WIN-3", "LOCO-WIN-4", "LOCO-WIN-5"], text) \
        == ["LOCO-WIN-1", "LOCO-WIN-2", "LOCO-WIN-5"]


def test_checker_agrees_with_the_shared_tool():
    """Everything found here is found by the tool itself (which reads this file too)."""
    tool = load_tool()
    ours, theirs = gather_text(), tool.tests_text(TESTS)
    for game in engine_games():
        ids = clause_ids(tool, game)
        assert set(missing_ids(ids, theirs)) <= set(missing_ids(ids, ours))
    assert HERE in {p.resolve() for p in TESTS.rglob("*.py")} and HERE not in checked_files()


# ---------------------------------------------------------------- the coverage


@pytest.mark.parametrize("game", engine_games())
def test_every_clause_is_named_by_a_test(game):
    tool = load_tool()
    ids = clause_ids(tool, game)
    assert ids, f"shared/rules/{game}.md lists no clause IDs"
    missing = missing_ids(ids, gather_text())
    found = len(ids) - len(missing)
    assert not missing, (f"{game}: {found}/{len(ids)} clauses named by tests; "
                         f"{len(missing)} missing: {' '.join(missing)}")
