"""The tutorial notebook's code cells (chililab/games/loco/apps/tutorial.py) run as plain functions."""
from chililab import loco
from chililab.games.loco.apps import tutorial as cells
from chililab.widgets import Stepper


def test_each_cell_runs(capsys):
    cells.engine_decision()
    cells.engine_cards(loco.new_game(players=4, seed=7))
    for _, fn in cells.ENGINE_AFTER.values():
        fn()
    out = capsys.readouterr().out
    assert "refused: LOCO-" in out and "everyone asked:" in out and "LOCO-CARD-MILK" in out
    game = loco.new_game(players=4, seed=7)
    cells.flow_play(Stepper(game, seat=None), game)
    assert game.over and "after" in capsys.readouterr().out
    cells.flow_stepper()
    cells.all_lessons()


def test_cell_source_is_the_body_without_its_def_line():
    src = cells.cell_source(cells.engine_decision)
    assert src.splitlines()[0] == "g = loco.new_game(players=4, seed=7)"
    assert src.splitlines()[-1] == "g.legal_moves()" and "def " not in src
    src = cells.cell_source(cells.flow_play)
    assert src.startswith("# let the bots finish the game") and "    " not in src.splitlines()[1][:1]
    assert cells.imports_source().startswith("from IPython.display import HTML, display")
    assert "from chililab.widgets import FlowView, Stepper" in cells.imports_source()
