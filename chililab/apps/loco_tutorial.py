"""The code cells of ``notebooks/loco_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def``
line) as one notebook cell, and :func:`imports_source` (this module's
own imports between the markers below) as the first cell. A function's
parameters are the names the cell takes from earlier cells.
"""
from __future__ import annotations

import sys

# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab import loco
from chililab.games.loco.pictures import card_svg
from chililab.games.loco.tutorial import LESSONS, lesson, move, play
from chililab.widgets import FlowView, Stepper

from .cells import cell_source  # noqa: F401 - read here by tools/make_notebooks.py and its test
from .cells import imports_source as _imports_source

# -- end of notebook imports


def engine_decision():
    g = loco.new_game(players=4, seed=7)
    print(g.decision.prompt)
    g.legal_moves()


def engine_cards(g):
    # a seat's hand, drawn by the game's registered pictures (cards render themselves as SVG too)
    seat = g.decision.players[0]
    HTML(" ".join(card_svg(c, width=70) for c in g.view(seat).hand))


def engine_matching():
    # The stepper's buttons are the engine's legal moves for the seat:
    g = lesson("matching").build()
    for m in g.legal_moves(1):
        print(m)
    # and an illegal move is refused with the clause that forbids it, changing nothing
    from chililab.loco import IllegalMove
    fp = g.fingerprint()
    try:
        g.apply(move(g, "Lay", 1, "G-Ghost"))
    except IllegalMove as e:
        print("refused:", e.rule, "-", e)
    assert g.fingerprint() == fp


def engine_jump_in():
    # The jump-in poll is secret: P3 is asked together with P1, but P1's view does not say so.
    g = lesson("jump-in").build()
    print("everyone asked:", g.decision.players)
    print("P1 sees       :", g.view(1).decision.players)
    assert 3 in g.decision.players and 3 not in g.view(1).decision.players


def engine_milk():
    # Play the hint with the engine directly and read the events, each with its rule IDs:
    g = lesson("milk-chaser").build()
    for e in play(g, lesson("milk-chaser").script):
        print(e)


def flow_stepper():
    game = loco.new_game(players=4, seed=7)
    stepper = Stepper(game, seat=None)   # the teacher's view; every seat is a bot
    flow = FlowView(stepper=stepper)
    display(stepper, flow)


def flow_play(stepper, game):
    # let the bots finish the game; the stepper and the flow graph follow
    stepper.play_to_end()
    assert game.over
    print(game.result, "after", game.step, "moves")


def all_lessons():
    Stepper(lessons=LESSONS)


#: engine cells shown after a lesson: lesson key -> (cell id, function)
ENGINE_AFTER = {"matching": ("engine-matching", engine_matching), "jump-in": ("engine-jump-in", engine_jump_in),
                "milk-chaser": ("engine-milk", engine_milk)}


def imports_source() -> str:
    """The first cell: this module's imports between the markers."""
    return _imports_source(sys.modules[__name__])
