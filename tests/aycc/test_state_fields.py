"""All You Can Chili's rules state declares every field once (chililab.engine.fields), and its phase tables are
the composition of its sections' declarations (chililab.engine.phases)."""
import random

import pytest

from chililab.engine.phases import compose
from chililab.games import aycc
from chililab.games.aycc.rules.options import normalize_options
from chililab.games.aycc.rules.state import SECTIONS, AyccState
from tests.harness import check_fields_declared

#: what a new state cannot know before its first round is dealt (setup.py) or its session passes in
ROUND_FIELDS = {"row", "status", "owner", "identity", "neutral", "tol", "tol_deck", "tol_out", "id_revealed",
                "tol_revealed", "peeks", "deck", "hands", "piles", "box", "chili", "last_target", "lock",
                "ability", "frenzy", "siesta"}
OPTION_SETS = [{"players": 2}, {"players": 4}, {"players": 6, "inferno": True},
               {"players": 3, "inferno": True, "game_end": "first_to_50"}]


def test_game_start_fields_have_their_initial_value_in_fields():
    no_init = set(AyccState.FIELDS) - set(AyccState.FIELD_INITS) - set(AyccState.KERNEL_FIELDS)
    assert no_init == ROUND_FIELDS | {"table", "serves"}
    s = AyccState.new_state(3, random.Random(0), None, normalize_options({"players": 3}))
    assert s.round == 1 and s.scores == [0, 0, 0] and s.round_points == [0, 0, 0]
    assert s.scores is not s.round_points and s.history == [] and s.serving is None and s.setup is None
    assert s.opts["players"] == 3 and (s.start, s.current, s.turn) == (0, 0, 0)


def test_the_first_round_sets_every_round_field():
    g = aycc.new_game(players=4, seed=3)
    assert all(f in g.state.__dict__ for f in ROUND_FIELDS)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_every_state_attribute_is_declared_and_cloned(options):
    g = aycc.new_game(seed=11, **options)
    check_fields_declared(g, random.Random(11), 300)


def test_tables_are_the_composition_of_the_sections():
    ph = compose(SECTIONS)
    assert AyccState.AUTOMATIC == ph.automatic and AyccState.LEGAL == ph.legal
    assert AyccState.ACTIONS["TURN_BEGIN"] == "_on_begin" and AyccState.AUTOMATIC["TURN_BEGIN"] == "_turn_begin"
    assert AyccState.PHASE_RULES["EYE"] == "AYCC-ICON-EYE-1"
    # every phase of the flow where a seat decides is one section's
    asking = {p for p in AyccState.LEGAL}
    assert asking == {"ACTION", "EYE", "FORK", "TURN_BEGIN", "ABILITY"}
    assert set(AyccState.REFUSALS) == asking == set(AyccState.PHASE_RULES)
