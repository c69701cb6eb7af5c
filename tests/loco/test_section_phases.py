"""Chili Loco's phase tables are composed from one declaration per rulebook section (chililab.engine.phases)."""
from chililab.engine.phases import TABLES, compose
from chililab.games.loco.rules.flow import FLOW
from chililab.games.loco.rules.state import SECTIONS, LocoState


def test_the_tables_are_the_composition_of_the_sections():
    ph = compose(SECTIONS)
    for table, attr in (("automatic", "AUTOMATIC"), ("windows", "WINDOWS"), ("actions", "ACTIONS"),
                        ("legal", "LEGAL"), ("refusals", "REFUSALS")):
        assert getattr(LocoState, attr) == getattr(ph, table)


def test_every_method_a_section_names_is_its_own():
    """A section declares only phases whose methods it defines (the rule's code is in its section's module)."""
    for sec in SECTIONS:
        ph = sec.__dict__.get("SECTION_PHASES")
        if ph is None:
            continue
        for table in TABLES:
            for phase, name in getattr(ph, table).items():
                if table != "clauses":
                    assert name in sec.__dict__, f"{sec.__name__} names {name} for {phase} but does not define it"


def test_every_phase_that_asks_has_its_legal_moves_and_refusal_in_one_section():
    asking = {p for p, ph in FLOW.phases.items() if ph.decision is not None}
    owners = {p: [s.__name__ for s in SECTIONS if "SECTION_PHASES" in s.__dict__ and p in s.SECTION_PHASES.legal]
              for p in asking}
    assert all(len(v) == 1 for v in owners.values()), owners
    assert set(LocoState.LEGAL) == set(LocoState.REFUSALS) == asking
