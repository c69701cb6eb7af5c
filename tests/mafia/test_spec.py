"""Chili Mafia's spec (registered in BUILTIN): it starts games and parses options as the registry would."""
from chililab.engine import registry
from chililab.games.mafia.spec import SPEC


def test_spec_starts_games_and_parses_options():
    assert SPEC.name in registry.names()
    g = SPEC.new_game(players=2, seed=3, taste_me=SPEC.options["taste_me"].parse("yes"))
    assert g.phase == "TURN_MAIN" and g.options["taste_me"] is True
    assert SPEC.flow is SPEC.module.FLOW and SPEC.flow.game == "mafia"
    assert SPEC.options["mode"].choices == ("individual", "team")
    assert SPEC.replay(g.record).fingerprint() == g.fingerprint()
