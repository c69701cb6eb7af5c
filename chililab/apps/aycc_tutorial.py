"""The code cells of ``notebooks/aycc_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def`` line) as one notebook cell,
and this module's imports between the markers as the first cell. A function's parameters are the names
the cell takes from earlier cells. The cell that plays the flow's game to its end is Loco's
(``loco_tutorial.flow_play``): it names no game.
"""
from __future__ import annotations

import sys

# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab.games import aycc
from chililab.games.aycc.pictures import table_svg
from chililab.games.aycc.tutorial import LESSONS, Position, lesson, move, play
from chililab.widgets import FlowView, Stepper

from .cells import imports_source as _imports_source

# -- end of notebook imports


def engine_decision():
    g = aycc.new_game(players=4, seed=7)
    print(g.decision.prompt)
    g.legal_moves()[:6]


def engine_views(g):
    # what one seat knows: its own identity and tolerance only; the teacher's view (None) knows everything
    seat = g.decision.players[0]
    mine, teacher = g.view(seat), g.view(None)
    print(f"P{seat} knows identities {mine.identities} and tolerances {mine.tolerances}")
    print(f"the teacher sees identities {teacher.identities} and tolerances {teacher.tolerances}")
    assert set(mine.tolerances) == {seat} and len(teacher.tolerances) == 4


def engine_table(g):
    # the table as that seat sees it (the game's registered picture): other identities and tolerances face down
    HTML(table_svg(g.view(g.decision.players[0]), width=760))


def engine_refusal():
    # An illegal move is refused with the clause that forbids it, and changes nothing:
    g = lesson("fuego-locked").build()
    fp = g.fingerprint()
    try:
        g.apply(move(g, "Withdraw", 0))
    except aycc.IllegalMove as e:
        print("refused:", e.rule, "-", e)
    assert g.fingerprint() == fp


def engine_withdraw():
    # Play the hint with the engine directly and read the events, each with its rule IDs:
    g = lesson("vasco-33").build()
    for e in play(g, lesson("vasco-33").script):
        print(e)
    assert g.view(None).scores[0] == 33


def flow_stepper():
    game = aycc.new_game(players=4, seed=7)
    stepper = Stepper(game, seat=None)   # the teacher's view; every seat is a bot
    flow = FlowView(stepper=stepper)
    display(stepper, flow)


def own_position():
    # the row (the character left over is the Neutral), who plays whom, tolerances, hands and piles (dish codes:
    # "5", "5E", "5L", "5F", "5C", "Latte", "Reaper"), the tokens; P0 to play
    mine = Position(row=["Habi Wasabi", "Al Apeno", "King Naga", "Piri Piri"],
                    identities=["Habi Wasabi", "Al Apeno", "King Naga"], tolerances=[19, 21, 17],
                    hands=[["6", "Reaper", "2C", "4"], ["3", "5"], ["7", "1"]],
                    piles={"Habi Wasabi": ["5", "6"], "Al Apeno": ["7", "4"], "King Naga": ["6", "5", "3"],
                           "Piri Piri": ["2", "3"]},
                    tokens={"last_target": "Al Apeno"})()
    for m in mine.legal_moves(0)[:8]:
        print(m)
    assert mine.decision.players == (0,) and mine.view(None).heats[4] == 14


def own_stepper(Stepper, mine):
    Stepper(mine, seat=0)   # play it: can you burn King Naga out (tolerance 17) without going over yourself?


def all_lessons():
    Stepper(lessons=LESSONS)


#: engine cells shown after a lesson: lesson key -> (cell id, function)
ENGINE_AFTER = {"vasco-33": ("engine-withdraw", engine_withdraw), "fuego-locked": ("engine-refusal", engine_refusal)}


def imports_source() -> str:
    """The first cell: this module's imports between the markers."""
    return _imports_source(sys.modules[__name__])
