"""All You Can Chili's registration: the spec, its options, its dotted paths, the ``chililab.aycc`` alias."""
import chililab
from chililab.engine import registry
from chililab.games import aycc


def test_registered_with_its_options_and_pictures():
    spec = registry.get("aycc")
    assert spec.title == "All You Can Chili" and spec.players == (2, 6) and spec.rule_prefix == "AYCC"
    assert spec.module is aycc and spec.flow is aycc.FLOW
    assert spec.options["inferno"].parse("yes") is True and spec.options["game_end"].choices == ("three_rounds",
                                                                                                  "first_to_50")
    for path in spec.dotted_paths():
        assert registry.load(path) is not None
    assert registry.spec_of_rule("AYCC-EX-1") is spec


def test_the_alias_reaches_the_package():
    import chililab.aycc as alias

    assert alias is aycc and chililab.aycc is aycc and "aycc" in chililab.__all__


def test_simulation_columns_of_a_finished_game():
    spec = registry.get("aycc")
    g = spec.new_game(players=3, seed=6)
    while not g.over:
        g.apply(g.legal_moves()[-1])
    stats = spec.sim_stats()
    row = stats.row(g)
    assert set(row) <= set(stats.names) and row["rounds"] == 3 and row["top_score"] == max(g.result.scores)
    assert g.result.how in stats.how
