"""Chili Mafia's rules state declares every field once, with its initial value (chililab.engine.fields)."""
import random

import pytest

from chililab.games import mafia
from chililab.games.mafia.rules.options import normalize_options
from chililab.games.mafia.rules.state import MafiaState
from tests.harness import check_fields_declared

OPTION_SETS = [{"players": 2}, {"players": 4}, {"players": 6, "mode": "team"},
               {"players": 5, "advanced": True, "goodfellas_peppers": True, "hot_properties": True},
               {"players": 3, "yatsufusa": True, "rumble": True, "taste_me": True}]


def test_every_field_has_its_initial_value_in_fields():
    """``new()`` repeats no field: each is declared with its value (``setup``, an argument, with None)."""
    assert set(MafiaState.FIELDS) - set(MafiaState.FIELD_INITS) - set(MafiaState.KERNEL_FIELDS) == set()
    s = MafiaState.new_state(4, random.Random(0), None, normalize_options({"players": 4}))
    assert s.gangs == [(), (), (), ()] and s.hands == [[], [], [], []] and s.hands[0] is not s.hands[1]
    assert s.team_of == (0, 1, 2, 3) and s.current is None and s.setup is None


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_every_state_attribute_is_declared_and_cloned(options):
    g = mafia.new_game(seed=7, **options)
    check_fields_declared(g, random.Random(7), 300)
