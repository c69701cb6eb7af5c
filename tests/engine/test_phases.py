"""The kernel's phase tables composed from rulebook sections (chililab.engine.phases)."""
import pytest

from chililab.engine.phases import Phases, compose


class Base:
    SECTION_PHASES = Phases(automatic={"SETUP": "_setup"}, legal={"TURN": "_turn_moves"},
                            clauses={"TURN": "X-TURN-1"})


class Expansion(Base):
    SECTION_PHASES = Phases(legal={"TURN": "_expanded_moves"}, wraps=frozenset({"TURN"}),
                            open_check=frozenset({"TURN"}))


class Rogue(Base):
    SECTION_PHASES = Phases(legal={"TURN": "_rogue_moves"})


class Plain(Base):
    pass  # inherits SECTION_PHASES but declares none of its own


def test_sections_join_in_order_and_a_declared_wrap_takes_over():
    ph = compose((Base, Plain, Expansion))
    assert ph.automatic == {"SETUP": "_setup"}
    assert ph.legal == {"TURN": "_expanded_moves"}
    assert ph.clauses == {"TURN": "X-TURN-1"}
    assert ph.open_check == {"TURN"}


def test_taking_over_a_phase_without_declaring_it_is_refused():
    with pytest.raises(TypeError, match=r"Rogue declares legal\['TURN'\], which Base declares already"):
        compose((Base, Rogue))


def test_mafia_tables_are_the_composition_of_its_sections():
    from chililab.games.mafia.rules.state import SECTIONS, MafiaState

    ph = compose(SECTIONS)
    assert MafiaState.LEGAL == ph.legal and MafiaState.AUTOMATIC == ph.automatic
    assert "DRAFT" in MafiaState.WINDOWS
