"""The code cells of ``notebooks/loco_tutorial.ipynb``, as functions that are linted and unit tested.

``tools/make_notebooks.py`` writes each function's body (without its ``def``
line) as one notebook cell, and :func:`imports_source` (this module's
own imports between the markers below) as the first cell. A function's
parameters are the names the cell takes from earlier cells.
"""
from __future__ import annotations

import sys

from chililab.apps import tournament_cells
from chililab.apps.cells import cell_source, flow_play, lesson_cells
from chililab.apps.cells import imports_source as _imports_source
from chililab.games.loco import lessons as lessons_module

# isort: split
# -- notebook imports (the first cell)
from IPython.display import HTML, display

from chililab import loco
from chililab.games.loco.lessons import LESSONS, lesson, move, play
from chililab.games.loco.pictures import card_svg
from chililab.widgets import FlowView, Stepper

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


def all_lessons():
    Stepper(lessons=LESSONS)


#: engine cells shown after a lesson: lesson key -> (cell id, function)
ENGINE_AFTER = {"matching": ("engine-matching", engine_matching), "jump-in": ("engine-jump-in", engine_jump_in),
                "milk-chaser": ("engine-milk", engine_milk)}


def imports_source() -> str:
    """The first cell: this module's imports between the markers."""
    return _imports_source(sys.modules[__name__])


# ------------------------------------------------------------------ the notebook: texts and their order

INTRO = """# Chili Loco, step by step

This notebook walks through the Chili Loco rulebook one section at a time. Each section
explains a rule in a few lines and then shows a **prepared position** in a *stepper*:

- the **table** as your seat sees it (other hands are face down, with their counts);
- the **decision** in words, and your **legal moves as buttons**: click one to play it;
- **forward** lets the bots make the next decision, **back** undoes, the **slider** jumps anywhere
  in the game, **play to end** lets the bots finish;
- the **seat** menu switches between the players' views and the teacher's view (everything);
- the **log** cites the rule clause behind every event: click an ID such as `LOCO-TWIN-4` to read it.

Each lesson has a *Hint*. The bots follow the lesson's script as long as you do, so the
position plays out as the text describes; try something else and they improvise."""

SECTION_TEXT = {
    "Setup": "Shuffle, deal 6 cards each, and flip the top of the draw pile to start the play pile. "
             "That first card counts as if the dealer had just played it.",
    "Your turn: matching": "On your turn you lay one card that matches the top card by **colour** or by "
                           "**pepper**, or a **wild**, which matches anything.",
    "Can't play? Draw or ask for help": "There is no passing: until you lay a card you may draw, or ask the "
                                        "table for help, as often as you like.",
    "Twins & jumping in": "Cream-bordered cards (the 64 peppers and the 8 Salsa Slaps) can be **twinned**, and "
                          "the exact twin of the top card can **jump in** out of turn.",
    "Salsa Slap": "A cream action card: when it lands, everyone slaps, and the last one draws.",
    "Coloured action cards": "Stir the Pot, Hot Sauce and Heat Stroke are dark-bordered: your own turn only, on "
                             "the same colour or the same card.",
    "Wild cards": "Wilds play on anything; after a wild, the player who laid it picks the next colour.",
    "LOCO!": "Down to one card? Shout LOCO! before anyone calls it on you.",
    "Winning": "The first player with no cards left wins, straight away.",
    "House rules": "Once your group knows the game, the two Personal Recipe cards let you invent your own wilds.",
    "Why this move?": "Two positions where the rules allow several moves and one is surely better. The **coach** "
                      "opens with each: it plays the game on from here many times after every move, with the "
                      "cards you cannot see dealt at random, and shows each move's chance to win with its range.",
}

OWN_POSITION = """## Build your own position

Every card has a short code: the colour's letter, a dash and the card's name for coloured cards,
the name alone for wilds.

| Cards | Code | Examples |
|---|---|---|
| Peppers | `R`, `G`, `Y` or `P`, then `Bell`, `Cherry`, `Jalapeno`, `ScotchBonnet`, `Cayenne`, `Habanero`, `Ghost`, `Carolina` | `R-Bell`, `G-ScotchBonnet`, `P-Carolina` |
| Coloured actions | `R`, `G`, `Y` or `P`, then `Stir`, `HotSauce`, `HeatStroke`, `Slap` | `Y-HotSauce`, `R-Slap` |
| Wilds | `NewRecipe`, `Reaper`, `Blender`, `Taco`, `Potato`, `Milk` | `Milk` |
| Personal Recipes (house rule) | `PR1`, `PR2` | `PR1` |

There are two of each coloured card, so a hand may hold a code twice (a twin). Deal the hands you
want with `loco.scenario` (one list of codes per seat, the play pile from the bottom up, whose turn
it is, the top of the draw pile), or stack a whole deck with `loco.new_game(deck=[...])`, top card
first. Change the codes below and run the cells again."""

OUTRO_FLOW = """## The flow of a turn

Every Chili Loco game runs through the same phases. The flow graph below is drawn from the
very declaration the engine runs on; the phase the game is in is lit, and edge widths grow
with how often each transition was taken. It follows the stepper above it."""


# -- the "build your own position" cells (each function's body is one cell; parameters come from earlier cells)


def own_codes():
    # every card code of the standard deck
    from chililab.loco import STANDARD
    codes = sorted({c.code for c in STANDARD})
    print(len(STANDARD), "cards,", len(codes), "codes:")
    print(" ".join(codes))
    assert {"R-Bell", "G-ScotchBonnet", "Y-HotSauce", "P-Slap", "Milk"} <= set(codes)


def own_scenario(loco):
    # four hands (P0..P3), the play pile from the bottom up, P1 to play, the top of the draw pile
    mine = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost", "R-Ghost", "Y-Cherry"],
                                ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno", "P-Habanero"]],
                         pile=["R-Bell"], current=1, draw=["G-Cherry", "Y-Bell"])
    for m in mine.legal_moves(1):
        print(m)
    assert mine.decision.players == (1,) and mine.state.pile[-1].code == "R-Bell"


def own_stepper(Stepper, mine):
    Stepper(mine, seat=1)   # play it: try the twin of red Ghosts


def own_deck(loco):
    # a stacked deck, top card first: with 2 players and P0 dealing, the cards go to P1, P0, P1, P0, ...
    # (6 each), then the starter; the rest of the deck is shuffled below them
    deck = ["R-Bell", "G-Bell", "R-Cherry", "G-Cherry", "R-Ghost", "G-Ghost",
            "R-Cayenne", "G-Cayenne", "R-Habanero", "G-Habanero", "Y-Bell", "P-Bell", "R-Jalapeno"]
    dealt = loco.new_game(players=2, dealer=0, seed=1, deck=deck)
    print("P1 holds:", " ".join(sorted(c.code for c in dealt.state.hands[1])))
    print("starter :", dealt.state.pile[-1].code)
    assert sorted(c.code for c in dealt.state.hands[1]) == sorted(deck[0:12:2])
    assert dealt.state.pile[-1].code == "R-Jalapeno"


def notebook() -> list[tuple[str, str, str]]:
    """The tutorial notebook's cells, ``(kind, id, source)`` (``GameSpec.tutorial``)."""
    return [
        ("markdown", "intro", INTRO),
        ("code", "imports", imports_source()),
        ("markdown", "engine-md", """## The engine underneath

The widgets only read a small engine. A game is a session: `g.decision` says who must choose,
`g.legal_moves()` lists the choices, `g.apply(move)` plays one and returns events that cite rules,
and `g.view(seat)` is what one seat may see."""),
        ("code", "engine-decision", cell_source(engine_decision)),
        ("code", "engine-cards", cell_source(engine_cards)),
        *lesson_cells(lessons_module, SECTION_TEXT, ENGINE_AFTER),
        ("markdown", "flow-md", OUTRO_FLOW),
        ("code", "flow-stepper", cell_source(flow_stepper)),
        ("code", "flow-play", cell_source(flow_play)),
        ("markdown", "own-md", OWN_POSITION),
        ("code", "own-codes", cell_source(own_codes)),
        ("code", "own-scenario", cell_source(own_scenario)),
        ("code", "own-stepper", cell_source(own_stepper)),
        ("code", "own-deck", cell_source(own_deck)),
        *tournament_cells.section("loco", "random,rules,search:20", 3, "the random bot, the rule-of-thumb bot "
                                  "and a search bot that tries 20 dealt worlds per decision"),
        ("markdown", "all-md", """## Every lesson in one place

The same lessons behind a menu, as a dashboard would show them."""),
        ("code", "all-lessons", cell_source(all_lessons)),
    ]
