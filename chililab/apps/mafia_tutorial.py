"""The code cells of ``notebooks/mafia_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def`` line) as one notebook cell,
and this module's imports between the markers as the first cell. A function's parameters are the names
the cell takes from earlier cells. The cell that plays the flow's game to its end is Loco's
(``loco_tutorial.flow_play``): it names no game.
"""
from __future__ import annotations

import sys

# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab.apps.mafia import GangCalculator
from chililab.games import mafia
from chililab.games.mafia.pictures import table_svg
from chililab.games.mafia.rules import checks
from chililab.games.mafia.rules.cards import of_key
from chililab.games.mafia.tutorial import LESSONS, Position, example_turn, lesson, move, play
from chililab.widgets import FlowView, Stepper
from chililab.widgets.guided import GuidedReplay

from .cells import imports_source as _imports_source

# -- end of notebook imports


def engine_decision():
    g = mafia.new_game(players=2, seed=7)
    print(g.decision.prompt)
    g.legal_moves()[:6]


def engine_table(g):
    # the table as P0 sees it: P1's hand face down, every gang face up (the game's registered picture)
    HTML(table_svg(g.view(0), width=760))


def engine_refusal():
    # An illegal move is refused with the clause that forbids it, and changes nothing:
    g = lesson("whack").build()
    fp = g.fingerprint()
    try:
        g.apply(move(g, "PlayHot", 0, "Whack", "Habanero", 1, "Ghost"))
    except mafia.IllegalMove as e:
        print("refused:", e.rule, "-", e)
    assert g.fingerprint() == fp


def engine_defence():
    # Play the hint with the engine directly and read the events, each with its rule IDs:
    g = lesson("fuggedaboutit").build()
    for e in play(g, lesson("fuggedaboutit").script):
        print(e)


def example():
    GuidedReplay(*example_turn(), title="Kate's turn (Joe is P0, Kate is P1): press next")


def scoring():
    # The rulebook's scoring example, with the scoring helpers:
    sweet, poblano, tabasco, moruga = (of_key(k)[0] for k in ("sweet", "poblano", "tabasco", "moruga"))
    ghosts = of_key("ghost")[:3]
    for line in checks.explain_all([(sweet, poblano, tabasco, moruga), ghosts]):
        print(line)
    assert checks.tally([(sweet, poblano, tabasco, moruga), ghosts]).points == 19 + 48


def calculator():
    GangCalculator(("sweet", "habanero", "habanero"))   # pick more peppers; the score follows


def flow_stepper():
    game = mafia.new_game(players=4, seed=7)
    stepper = Stepper(game, seat=None)   # the teacher's view; every seat is a bot
    flow = FlowView(stepper=stepper)
    display(stepper, flow)


def own_position():
    # two hands of 6 (P0 first), the top of the draw deck, and moves played before you sit down
    mine = Position([["Ghost", "Ghost", "Ghost", "Sweet", "Whack", "Jimmy"],
                     ["Tabasco", "Habanero", "Jimmy", "Poblano", "Carolina", "Moruga"]],
                    rest=["Jalapeno", "Jalapeno", "Jalapeno", "Jalapeno"],
                    before=[("Form", 0, "Ghost", "Ghost", "Ghost"), ("EndTurn", 0),
                            ("Form", 1, "Tabasco", "Habanero", "Jimmy"), ("EndTurn", 1)])()
    for m in mine.legal_moves(0)[:8]:
        print(m)
    assert mine.decision.players == (0,) and len(mine.view(None).gangs[0]) == 1


def own_stepper(Stepper, mine):
    Stepper(mine, seat=0)   # play it: move the Sweet Chili, or Whack P1's Habanero with a Ghost


def all_lessons():
    Stepper(lessons=LESSONS)


#: engine cells shown after a lesson: lesson key -> (cell id, function)
ENGINE_AFTER = {"form": ("engine-refusal", engine_refusal), "fuggedaboutit": ("engine-defence", engine_defence)}

def imports_source() -> str:
    """The first cell: this module's imports between the markers."""
    return _imports_source(sys.modules[__name__])
