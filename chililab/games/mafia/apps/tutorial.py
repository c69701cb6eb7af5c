"""The code cells of ``notebooks/mafia_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def`` line) as one notebook cell,
and this module's imports between the markers as the first cell. A function's parameters are the names
the cell takes from earlier cells. The cell that plays the flow's game to its end is Loco's
(``loco_tutorial.flow_play``): it names no game.
"""
from __future__ import annotations

import sys

from chililab.apps.cells import cell_source, flow_play, lesson_cells
from chililab.apps.cells import imports_source as _imports_source
from chililab.games.mafia import lessons as lessons_module

# isort: split
# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab.games import mafia
from chililab.games.mafia.apps.dashboard import GangCalculator
from chililab.games.mafia.lessons import LESSONS, Position, example_turn, lesson, move, play
from chililab.games.mafia.pictures import table_svg
from chililab.games.mafia.rules import checks
from chililab.games.mafia.rules.cards import of_key
from chililab.widgets import FlowView, Stepper
from chililab.widgets.guided import GuidedReplay

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
    GuidedReplay(*example_turn(), title="Kate's turn (Joe is Player 1, Kate is Player 2): press next")


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


# ------------------------------------------------------------------ the notebook: texts and their order

MAFIA_INTRO = """# Chili Mafia, step by step

This notebook walks through the Chili Mafia rulebook one section at a time. Each section
quotes the rule and then shows a **prepared position** in a *stepper*:

- the **table** as your seat sees it: your hand face up, other hands and Hot Properties face down with
  their counts, every gang face up in front of its owner, framed and labelled Mixed, Brotherhood or
  incomplete with its points;
- the **decision** in words, and your **legal moves as buttons**: click one to play it;
- **forward** lets the bots make the next decision, **back** undoes, the **slider** jumps anywhere,
  **play to end** lets the bots finish;
- the **seat** menu switches between the players' views and the teacher's view (everything);
- the **log** cites the rule clause behind every event: click an ID such as `MAFIA-GANG-1` to read it.

Each lesson has a *Hint*. When you play it, the stepper says **Done** with what happened; a move the
rules refuse is answered with the reason and its clause."""

MAFIA_SECTION_TEXT = {
    lessons_module.SETUP: "Pull out the Dawn Raid, shuffle, deal 6 cards each, then draft: pick one card, pass the "
                          "rest to your left, until everyone has 6.",
    lessons_module.GANGS: "Gangs of 3 or more peppers score at the end: **Mixed** (all different) or **Brotherhood** "
                          "(all the same, scored twice).",
    lessons_module.SWEET: "The Sweet Chili is the wild pepper: one per gang, and it may move between your gangs.",
    lessons_module.TURN: "No action on your turn is a pass: discard one card. Every turn ends by drawing 2.",
    lessons_module.HAND: "Never more than 8 cards in hand.",
    lessons_module.HOT: "Hot cards attack a rival gang: one Hot card per complete gang of yours each turn.",
    lessons_module.DEFENCE: "Anyone but the attacker may stop a Hot card with a Fuggedaboutit.",
    lessons_module.ACTIONS: "Action cards are played on your own turn (Fuggedaboutit whenever a Hot card needs it).",
    lessons_module.RAID: "Somewhere in the bottom of the deck waits the Dawn Raid: when it is drawn, everyone "
                         "rearranges their gangs at once, in secret.",
    lessons_module.END: "The last card starts the final round: one more turn each, without drawing. Then score.",
    lessons_module.TEAMS: "Teams of equal size, teammates not side by side, sharing gangs and points.",
    lessons_module.TWO: "Two players: no draft, the small deck, and one Hot card per turn.",
    lessons_module.ADVANCED: "In advanced mode the peppers with the ability icon have a special ability: the "
                             "Sidekick, the Bodyguard, the Troublemaker and the Sniper.",
    lessons_module.GOODFELLAS: "The Goodfellas expansion brings five new characters; those with the icon have an "
                               "ability: the Dancer, the Gambler, the Witch, the Lord and the Outlaw.",
    lessons_module.PROPERTIES:
        "With the Goodfellas expansion, forming a new gang from 3 or more hand peppers draws a secret Hot "
        "Property: a one-time power with a condition, used on your turn or in the moment it names.",
    lessons_module.PROMOS: "Three promo packs change the deck: **Yatsufusa** replaces every Tabasco, and the "
                           "Samurai's gang is safe from Turncoats; **Rumble** is a Hot card of whole gang against "
                           "whole gang; **Taste Me** cards hide in the draw deck, and whoever draws one eats "
                           "something spicy.",
    lessons_module.WHY: "Two positions where the rules allow several moves and one wins far more often. The "
                        "**coach** opens by itself: it plays the game on from here many times after every move, "
                        "with the cards you cannot see dealt at random, and lists each move's chance to win with "
                        "its range. Its sentence counts the Hot cards and Fuggedaboutits you cannot see.",
}

MAFIA_OWN = """## Build your own position

Cards are written by name: `Sweet`, `Jimmy`, `Poblano`, `Hungarian`, `Jalapeno`, `Tabasco`, `Habanero`,
`Ghost`, `Moruga`, `Carolina` (peppers, strength 1 to 10), `Fuggedaboutit`, `Bagman`, `Booster`,
`Shakedown`, `Earner` (Action cards), `Pinch`, `Whack`, `WhackEm`, `Turncoat` (Hot cards). A trailing `*`
asks for a copy with the ability icon (`Jimmy*`), a trailing `-` for one without.

A `Position` deals the hands you write (6 cards per seat; with 3 or more players, the hands the draft
ends with), puts the cards of `rest` on top of the draw deck, and plays the moves of `before`, written
as short specs such as `("Form", 0, "Ghost", "Ghost", "Ghost")` or `("EndTurn", 1)`. Change them and
run the cells again."""


def notebook() -> list[tuple[str, str, str]]:
    """The tutorial notebook's cells, ``(kind, id, source)`` (``GameSpec.tutorial``)."""
    return [
        ("markdown", "intro", MAFIA_INTRO),
        ("code", "imports", imports_source()),
        ("markdown", "engine-md", """## The engine underneath

A game is a session: `g.decision` says who must choose, `g.legal_moves()` lists the choices,
`g.apply(move)` plays one and returns events that cite rules, and `g.view(seat)` is what one seat may
see; the table picture draws a view, so it cannot show a card the seat may not see."""),
        ("code", "engine-decision", cell_source(engine_decision)),
        ("code", "engine-table", cell_source(engine_table)),
        *lesson_cells(lessons_module, MAFIA_SECTION_TEXT, ENGINE_AFTER),
        ("markdown", "example-md", """## The rulebook's example turn

The rulebook walks through one turn of Kate's against Joe. Here it is played by the engine, one move per
step, with the rulebook's sentence for each (switch the seat to see it as Joe or as Kate)."""),
        ("code", "example", cell_source(example)),
        ("markdown", "scoring-md", """## Scoring a gang

The scoring helpers explain a score in words, as the rulebook's scoring example does; the calculator
below builds a gang pepper by pepper."""),
        ("code", "scoring", cell_source(scoring)),
        ("code", "calculator", cell_source(calculator)),
        ("markdown", "flow-md", """## The flow of a turn

Every Chili Mafia game runs through the same phases. The flow graph is drawn from the very declaration
the engine runs on; the current phase is lit and edge widths grow with how often each transition was
taken."""),
        ("code", "flow-stepper", cell_source(flow_stepper)),
        ("code", "flow-play", cell_source(flow_play)),
        ("markdown", "own-md", MAFIA_OWN),
        ("code", "own-position", cell_source(own_position)),
        ("code", "own-stepper", cell_source(own_stepper)),
        ("markdown", "all-md", """## Every lesson in one place

The same lessons behind a menu, as the dashboard shows them."""),
        ("code", "all-lessons", cell_source(all_lessons)),
    ]
