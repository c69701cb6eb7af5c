"""Every rule clause of every game this package plays is named by at least one test.

The clause IDs are those of the game's rules reference carried in the package
(``chililab/data/rules_<game>.json``, read through the registry), so the check
needs nothing outside this repository. A clause counts as covered when its exact
ID (not followed by a digit) appears in a file under ``tests/``: the same
matching as the clause-coverage tool of the catalogue this project was developed
beside. The rule tests that name an ID build their position from explicit hands
or an explicit deck (``@pytest.mark.rule("LOCO-TWIN-4")``).

A game is checked when it is registered (an entry point in the ``chililab.games`` group) and its engine package
exists under ``chililab/games/``, so registering a game adds its clause list here. A package
still being built and not yet registered is not checked: registering it is the moment its
clauses must all be tested (Chili Mafia is registered: all 107 of its clauses).

Two kinds of file do not count as naming a clause: this file (it quotes IDs in
its own checks) and ``conftest.py`` files (configuration that quotes an ID as an
example).

One extra check runs only where the catalogue folder ``shared/`` sits beside the
repository: every clause ID of ``shared/rules/<game>.md`` is in the project's
reference. Without it that check is skipped and everything else runs.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chililab.engine import registry

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
TESTS = REPO / "tests"
GAMES = REPO / "chililab" / "games"
SHARED_RULES = REPO.parent / "shared" / "rules"

SUFFIXES = {".py", ".ipynb", ".json", ".txt", ".md", ".toml", ".cfg", ".yml", ".yaml"}
NOT_TESTS = {"conftest.py"}
ID = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)*-\d+$")


def engine_games() -> list[str]:
    """Registered games whose engine package exists: chililab/games/<name>/__init__.py."""
    return sorted(n for n in registry.names() if (GAMES / n / "__init__.py").is_file())


def clause_ids(game: str) -> list[str]:
    """The clause IDs of a game's rules reference; fails when the game ships none."""
    ids = list(registry.get(game).rules_reference().get("clauses", {}))
    if not ids:
        pytest.fail(f"chililab/games/{game} exists but its spec ships no rules reference with clauses",
                    pytrace=False)
    return ids


def checked_files(root: Path = TESTS, exclude=(HERE,)) -> list[Path]:
    """The files read for clause IDs, less this file and conftest.py files."""
    skip = {Path(p).resolve() for p in exclude}
    return sorted(p for p in root.rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES and p.resolve() not in skip and p.name not in NOT_TESTS
                  and "__pycache__" not in p.parts)


def gather_text(root: Path = TESTS, exclude=(HERE,)) -> str:
    return "\n".join(p.read_text(errors="ignore") for p in checked_files(root, exclude))


def missing_ids(ids, text) -> list[str]:
    """The exact ID, not followed by another digit (LOCO-TWIN-1 is not LOCO-TWIN-10)."""
    return [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", text)]


def catalogue_ids(path: Path) -> list[str]:
    """The bold clause IDs of a markdown clause catalogue (``- **LOCO-TWIN-4**: ...``)."""
    return sorted(set(re.findall(r"\*\*([A-Z]+-[A-Z0-9-]+-\d+)\*\*", path.read_text(encoding="utf-8"))))


# ---------------------------------------------------------------- the checker itself


def test_engine_games_found():
    games = engine_games()
    assert "loco" in games
    assert all((GAMES / g / "__init__.py").is_file() for g in games)


def test_the_reference_lists_every_loco_clause_once():
    ids = clause_ids("loco")
    assert len(ids) == len(set(ids)) >= 92      # the catalogue only ever grows (IDs are never renumbered)
    assert all(ID.match(i) for i in ids), [i for i in ids if not ID.match(i)]
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
    assert HERE in {p.resolve() for p in TESTS.rglob("*.py")} and HERE not in checked_files()


def test_catalogue_ids_reads_bold_ids(tmp_path):
    md = tmp_path / "x.md"
    md.write_text("- **LOCO-TWIN-4**: jump in\n  - test: LOCO-TWIN-5 is not bold\n- **LOCO-CARD-MILK-7**: help\n")
    assert catalogue_ids(md) == ["LOCO-CARD-MILK-7", "LOCO-TWIN-4"]


# ---------------------------------------------------------------- the coverage


@pytest.mark.parametrize("game", engine_games())
def test_every_clause_is_named_by_a_test(game):
    ids = clause_ids(game)
    missing = missing_ids(ids, gather_text())
    found = len(ids) - len(missing)
    assert not missing, (f"{game}: {found}/{len(ids)} clauses named by tests; "
                         f"{len(missing)} missing: {' '.join(missing)}")


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no shared/ catalogue beside the repository (optional check)")
@pytest.mark.parametrize("game", engine_games())
def test_every_catalogue_clause_is_in_the_reference(game):
    """The optional extra check: the shared catalogue's clause IDs all appear in the project's reference."""
    path = SHARED_RULES / f"{game}.md"
    assert path.is_file(), f"shared/rules/{game}.md is missing"
    theirs = catalogue_ids(path)
    assert theirs, f"no clause IDs in {path}"
    missing = sorted(set(theirs) - set(clause_ids(game)))
    assert not missing, f"{game}: clause IDs of the catalogue not in chililab/data/rules_{game}.json: {missing}"
