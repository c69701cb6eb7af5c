"""The code cells of ``notebooks/aycc_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def`` line) as one notebook cell,
and this module's imports between the markers as the first cell. A function's parameters are the names
the cell takes from earlier cells. The cell that plays the flow's game to its end is Loco's
(``loco_tutorial.flow_play``): it names no game.
"""
from __future__ import annotations

import sys

from chililab.apps.cells import cell_source, flow_play, lesson_cells
from chililab.apps.cells import imports_source as _imports_source
from chililab.games.aycc import lessons as lessons_module

# isort: split
# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab.games import aycc
from chililab.games.aycc.lessons import LESSONS, Position, lesson, move, play
from chililab.games.aycc.pictures import table_svg
from chililab.widgets import FlowView, Stepper

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


# ------------------------------------------------------------------ the notebook: texts and their order

AYCC_INTRO = """# All You Can Chili, step by step

This notebook walks through the All You Can Chili rulebook one section at a time. Each section
quotes the rule and then shows a **prepared position** in a *stepper*:

- the **table** as your seat sees it: the row of characters with their dishes, heat and tokens; your own
  secret identity, tolerance and hand face up; everyone else's identity and tolerance face down (unless
  revealed, or seen with your own Eye) and their hands as backs;
- the **decision** in words, and your **legal moves as buttons**: click one to play it;
- **forward** lets the bots make the next decision, **back** undoes, the **slider** jumps anywhere,
  **play to end** lets the bots finish;
- the **seat** menu switches between the players' views and the teacher's view (everything, the Neutral
  included);
- the **log** cites the rule clause behind every event: click an ID such as `AYCC-SERVE-2` to read it.

Each lesson has a *Hint*. When you play it, the stepper says **Done** with what happened; a move the
rules refuse is answered with the reason and its clause. The rulebook's worked examples (Vasco Tabasco's
33, Go Chu Jang's 15, King Naga burned out, Piri Piri the Neutral, Fuego Fred locked) are lessons."""

AYCC_SECTION_TEXT = {
    lessons_module.SETUP: "Each round the table lays out one character more than there are players; each player gets a "
                         "secret identity, a secret tolerance and four dishes. The character nobody plays is the "
                         "**Neutral**.",
    lessons_module.TURN: "On your turn you serve a dish or withdraw your character; there is no passing.",
    lessons_module.SERVE: "A dish goes under any character still in the round, except the one holding the Last "
                         "Target token; then you draw back up to 4.",
    lessons_module.WITHDRAW: "Withdraw before you burn: your character leaves the round and you score its dishes.",
    lessons_module.BONUS: "+5 with the Chili token, +10 when the heat exactly matches your tolerance.",
    lessons_module.BURN: "Over your tolerance you burn out and score nothing this round. The Neutral has no tolerance.",
    lessons_module.ROUND: "The round ends when one player is left, or when every dish is gone.",
    lessons_module.ICONS: "Some dishes carry an icon: the Eye, the Lock, the Fork, the Chili, or a star value.",
    lessons_module.INFERNO: "In Inferno Mode you may reveal your secret identity at the start of your turn and use its "
                           "ability, once per round.",
    lessons_module.WHY: "Which move wins most often? In these lessons the **coach** opens by itself: it plays each "
                       "move on many times, with the cards you cannot see dealt at random, and lists each move's "
                       "chance to win, with the exact odds where they can be counted.",
}

AYCC_OWN = """## Build your own position

Dishes are written by code: `5` a plain dish of flame 5, `5E`, `5L`, `5F`, `5C` with the Eye, Lock, Fork
or Chili icon, `Latte` (flame 1, 7 points) and `Reaper` (flame 7, 1 point). Characters are written by
name. A `Position` takes the row, who plays whom (the row's other character is the Neutral), the
tolerances, the hands, the piles (bottom first) and the tokens; `before` plays moves first, written as
short specs such as `("Serve", 0, "5F", "King Naga")` or `("Withdraw", 1)`. Change them and run the cells
again."""


def notebook() -> list[tuple[str, str, str]]:
    """The tutorial notebook's cells, ``(kind, id, source)`` (``GameSpec.tutorial``)."""
    return [
        ("markdown", "intro", AYCC_INTRO),
        ("code", "imports", imports_source()),
        ("markdown", "engine-md", """## The engine underneath

A game is a session: `g.decision` says who must choose, `g.legal_moves()` lists the choices,
`g.apply(move)` plays one and returns events that cite rules, and `g.view(seat)` is what one seat may
see. The table picture draws a view, so it cannot show a secret the seat does not know."""),
        ("code", "engine-decision", cell_source(engine_decision)),
        ("code", "engine-views", cell_source(engine_views)),
        ("code", "engine-table", cell_source(engine_table)),
        *lesson_cells(lessons_module, AYCC_SECTION_TEXT, ENGINE_AFTER),
        ("markdown", "flow-md", """## The flow of a turn

Every All You Can Chili game runs through the same phases. The flow graph is drawn from the very
declaration the engine runs on; the current phase is lit and edge widths grow with how often each
transition was taken."""),
        ("code", "flow-stepper", cell_source(flow_stepper)),
        ("code", "flow-play", cell_source(flow_play)),
        ("markdown", "own-md", AYCC_OWN),
        ("code", "own-position", cell_source(own_position)),
        ("code", "own-stepper", cell_source(own_stepper)),
        ("markdown", "all-md", """## Every lesson in one place

The same lessons behind a menu, as the dashboard shows them."""),
        ("code", "all-lessons", cell_source(all_lessons)),
    ]
