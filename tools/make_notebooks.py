#!/usr/bin/env python3
"""Build the teaching notebooks from code, byte-stable (fixed cell ids, no outputs).

    python3 tools/make_notebooks.py          # (re)write notebooks/{loco,mafia,aycc}_{tutorial,probability}.ipynb
    python3 tools/make_notebooks.py --check  # exit 1 if a committed notebook differs

Each tutorial follows its rulebook section by section; each lesson's prepared
position comes from the game's ``tutorial.LESSONS`` and is shown in a
``Stepper``. The code cells are the bodies of the functions in
``chililab/apps/<game>_tutorial.py`` (linted and unit tested). The notebooks run top to bottom without a
person (``python3 -m pytest --nbval-lax notebooks/``).

Each lesson's text is shown once, by its stepper (with its rules and hint); the
notebook gives the lesson a heading only. The notebook is written without
outputs, and ``tests/test_notebooks_clean.py`` keeps every notebook in
``notebooks/`` and ``dashboards/`` that way. The probability lessons (``tools/prob_notebooks.py``)
keep one kind of output: what their exact cells print, which nbval compares.
"""
from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import prob_notebooks  # noqa: E402 (tools/prob_notebooks.py: the probability lessons)

from chililab.apps import aycc_tutorial as aycc_cells  # noqa: E402
from chililab.apps import loco_tutorial as cells_of  # noqa: E402 (after the sys.path line)
from chililab.apps import mafia_tutorial as mafia_cells  # noqa: E402
from chililab.apps.cells import cell_source  # noqa: E402
from chililab.games.aycc import tutorial as aycc_tutorial  # noqa: E402
from chililab.games.loco.tutorial import SECTIONS, lessons_in  # noqa: E402
from chililab.games.mafia import tutorial as mafia_tutorial  # noqa: E402

OUT = ROOT / "notebooks" / "loco_tutorial.ipynb"
MAFIA_OUT = ROOT / "notebooks" / "mafia_tutorial.ipynb"
AYCC_OUT = ROOT / "notebooks" / "aycc_tutorial.ipynb"

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


def build() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell(INTRO, id="intro"),
        new_code_cell(cells_of.imports_source(), id="imports"),
        new_markdown_cell("""## The engine underneath

The widgets only read a small engine. A game is a session: `g.decision` says who must choose,
`g.legal_moves()` lists the choices, `g.apply(move)` plays one and returns events that cite rules,
and `g.view(seat)` is what one seat may see.""", id="engine-md"),
        new_code_cell(cells_of.cell_source(cells_of.engine_decision), id="engine-decision"),
        new_code_cell(cells_of.cell_source(cells_of.engine_cards), id="engine-cards"),
    ]
    for k, section in enumerate(SECTIONS, 1):
        slug = "".join(ch if ch.isalnum() else "-" for ch in section.lower()).strip("-")
        slug = "-".join(p for p in slug.split("-") if p)
        cells.append(new_markdown_cell(f"## {k}. {section}\n\n{SECTION_TEXT[section]}", id=f"section-{slug}"))
        for le in lessons_in(section):
            # the text, rules and hint are shown by the stepper: the notebook gives the heading only
            cells.append(new_markdown_cell(f"### {le.title}", id=f"lesson-{le.key}-md"))
            cells.append(new_code_cell(f'Stepper(lesson=lesson("{le.key}"))', id=f"lesson-{le.key}"))
            if le.key in cells_of.ENGINE_AFTER:
                cid, fn = cells_of.ENGINE_AFTER[le.key]
                cells.append(new_code_cell(cells_of.cell_source(fn), id=cid))
    cells += [
        new_markdown_cell(OUTRO_FLOW, id="flow-md"),
        new_code_cell(cells_of.cell_source(cells_of.flow_stepper), id="flow-stepper"),
        new_code_cell(cells_of.cell_source(cells_of.flow_play), id="flow-play"),
        new_markdown_cell(OWN_POSITION, id="own-md"),
        new_code_cell(cell_source(own_codes), id="own-codes"),
        new_code_cell(cell_source(own_scenario), id="own-scenario"),
        new_code_cell(cell_source(own_stepper), id="own-stepper"),
        new_code_cell(cell_source(own_deck), id="own-deck"),
        new_markdown_cell("""## Every lesson in one place

The same lessons behind a menu, as a dashboard would show them.""", id="all-md"),
        new_code_cell(cells_of.cell_source(cells_of.all_lessons), id="all-lessons"),
    ]
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


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
    mafia_tutorial.SETUP: "Pull out the Dawn Raid, shuffle, deal 6 cards each, then draft: pick one card, pass the "
                          "rest to your left, until everyone has 6.",
    mafia_tutorial.GANGS: "Gangs of 3 or more peppers score at the end: **Mixed** (all different) or **Brotherhood** "
                          "(all the same, scored twice).",
    mafia_tutorial.SWEET: "The Sweet Chili is the wild pepper: one per gang, and it may move between your gangs.",
    mafia_tutorial.TURN: "No action on your turn is a pass: discard one card. Every turn ends by drawing 2.",
    mafia_tutorial.HAND: "Never more than 8 cards in hand.",
    mafia_tutorial.HOT: "Hot cards attack a rival gang: one Hot card per complete gang of yours each turn.",
    mafia_tutorial.DEFENCE: "Anyone but the attacker may stop a Hot card with a Fuggedaboutit.",
    mafia_tutorial.ACTIONS: "Action cards are played on your own turn (Fuggedaboutit whenever a Hot card needs it).",
    mafia_tutorial.RAID: "Somewhere in the bottom of the deck waits the Dawn Raid: when it is drawn, everyone "
                         "rearranges their gangs at once, in secret.",
    mafia_tutorial.END: "The last card starts the final round: one more turn each, without drawing. Then score.",
    mafia_tutorial.TEAMS: "Teams of equal size, teammates not side by side, sharing gangs and points.",
    mafia_tutorial.TWO: "Two players: no draft, the small deck, and one Hot card per turn.",
    mafia_tutorial.ADVANCED: "In advanced mode the peppers with the ability icon have a special ability: the "
                             "Sidekick, the Bodyguard, the Troublemaker and the Sniper.",
    mafia_tutorial.GOODFELLAS: "The Goodfellas expansion brings five new characters; those with the icon have an "
                               "ability: the Dancer, the Gambler, the Witch, the Lord and the Outlaw.",
    mafia_tutorial.PROPERTIES:
        "With the Goodfellas expansion, forming a new gang from 3 or more hand peppers draws a secret Hot "
        "Property: a one-time power with a condition, used on your turn or in the moment it names.",
    mafia_tutorial.PROMOS: "Three promo packs change the deck: **Yatsufusa** replaces every Tabasco, and the "
                           "Samurai's gang is safe from Turncoats; **Rumble** is a Hot card of whole gang against "
                           "whole gang; **Taste Me** cards hide in the draw deck, and whoever draws one eats "
                           "something spicy.",
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


def build_mafia() -> nbformat.NotebookNode:
    c = mafia_cells
    cells = [
        new_markdown_cell(MAFIA_INTRO, id="intro"),
        new_code_cell(c.imports_source(), id="imports"),
        new_markdown_cell("""## The engine underneath

A game is a session: `g.decision` says who must choose, `g.legal_moves()` lists the choices,
`g.apply(move)` plays one and returns events that cite rules, and `g.view(seat)` is what one seat may
see; the table picture draws a view, so it cannot show a card the seat may not see.""", id="engine-md"),
        new_code_cell(cell_source(c.engine_decision), id="engine-decision"),
        new_code_cell(cell_source(c.engine_table), id="engine-table"),
    ]
    for k, section in enumerate(mafia_tutorial.SECTIONS, 1):
        slug = "-".join(p for p in "".join(ch if ch.isalnum() else "-" for ch in section.lower()).split("-") if p)
        cells.append(new_markdown_cell(f"## {k}. {section}\n\n{MAFIA_SECTION_TEXT[section]}", id=f"section-{slug}"))
        for le in mafia_tutorial.lessons_in(section):
            cells.append(new_markdown_cell(f"### {le.title}", id=f"lesson-{le.key}-md"))
            cells.append(new_code_cell(f'Stepper(lesson=lesson("{le.key}"))', id=f"lesson-{le.key}"))
            if le.key in c.ENGINE_AFTER:
                cid, fn = c.ENGINE_AFTER[le.key]
                cells.append(new_code_cell(cell_source(fn), id=cid))
    cells += [
        new_markdown_cell("""## The rulebook's example turn

The rulebook walks through one turn of Kate's against Joe. Here it is played by the engine, one move per
step, with the rulebook's sentence for each (switch the seat to see it as Joe or as Kate).""", id="example-md"),
        new_code_cell(cell_source(c.example), id="example"),
        new_markdown_cell("""## Scoring a gang

The scoring helpers explain a score in words, as the rulebook's scoring example does; the calculator
below builds a gang pepper by pepper.""", id="scoring-md"),
        new_code_cell(cell_source(c.scoring), id="scoring"),
        new_code_cell(cell_source(c.calculator), id="calculator"),
        new_markdown_cell("""## The flow of a turn

Every Chili Mafia game runs through the same phases. The flow graph is drawn from the very declaration
the engine runs on; the current phase is lit and edge widths grow with how often each transition was
taken.""", id="flow-md"),
        new_code_cell(cell_source(c.flow_stepper), id="flow-stepper"),
        new_code_cell(cell_source(cells_of.flow_play), id="flow-play"),
        new_markdown_cell(MAFIA_OWN, id="own-md"),
        new_code_cell(cell_source(c.own_position), id="own-position"),
        new_code_cell(cell_source(c.own_stepper), id="own-stepper"),
        new_markdown_cell("""## Every lesson in one place

The same lessons behind a menu, as the dashboard shows them.""", id="all-md"),
        new_code_cell(cell_source(c.all_lessons), id="all-lessons"),
    ]
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


# ------------------------------------------------------------------ All You Can Chili

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
    aycc_tutorial.SETUP: "Each round the table lays out one character more than there are players; each player gets a "
                         "secret identity, a secret tolerance and four dishes. The character nobody plays is the "
                         "**Neutral**.",
    aycc_tutorial.TURN: "On your turn you serve a dish or withdraw your character; there is no passing.",
    aycc_tutorial.SERVE: "A dish goes under any character still in the round, except the one holding the Last "
                         "Target token; then you draw back up to 4.",
    aycc_tutorial.WITHDRAW: "Withdraw before you burn: your character leaves the round and you score its dishes.",
    aycc_tutorial.BONUS: "+5 with the Chili token, +10 when the heat exactly matches your tolerance.",
    aycc_tutorial.BURN: "Over your tolerance you burn out and score nothing this round. The Neutral has no tolerance.",
    aycc_tutorial.ROUND: "The round ends when one player is left, or when every dish is gone.",
    aycc_tutorial.ICONS: "Some dishes carry an icon: the Eye, the Lock, the Fork, the Chili, or a star value.",
    aycc_tutorial.INFERNO: "In Inferno Mode you may reveal your secret identity at the start of your turn and use its "
                           "ability, once per round.",
}

AYCC_OWN = """## Build your own position

Dishes are written by code: `5` a plain dish of flame 5, `5E`, `5L`, `5F`, `5C` with the Eye, Lock, Fork
or Chili icon, `Latte` (flame 1, 7 points) and `Reaper` (flame 7, 1 point). Characters are written by
name. A `Position` takes the row, who plays whom (the row's other character is the Neutral), the
tolerances, the hands, the piles (bottom first) and the tokens; `before` plays moves first, written as
short specs such as `("Serve", 0, "5F", "King Naga")` or `("Withdraw", 1)`. Change them and run the cells
again."""


def build_aycc() -> nbformat.NotebookNode:
    c = aycc_cells
    cells = [
        new_markdown_cell(AYCC_INTRO, id="intro"),
        new_code_cell(c.imports_source(), id="imports"),
        new_markdown_cell("""## The engine underneath

A game is a session: `g.decision` says who must choose, `g.legal_moves()` lists the choices,
`g.apply(move)` plays one and returns events that cite rules, and `g.view(seat)` is what one seat may
see. The table picture draws a view, so it cannot show a secret the seat does not know.""", id="engine-md"),
        new_code_cell(cell_source(c.engine_decision), id="engine-decision"),
        new_code_cell(cell_source(c.engine_views), id="engine-views"),
        new_code_cell(cell_source(c.engine_table), id="engine-table"),
    ]
    cells += lesson_cells(aycc_tutorial, AYCC_SECTION_TEXT, c.ENGINE_AFTER)
    cells += [
        new_markdown_cell("""## The flow of a turn

Every All You Can Chili game runs through the same phases. The flow graph is drawn from the very
declaration the engine runs on; the current phase is lit and edge widths grow with how often each
transition was taken.""", id="flow-md"),
        new_code_cell(cell_source(c.flow_stepper), id="flow-stepper"),
        new_code_cell(cell_source(cells_of.flow_play), id="flow-play"),
        new_markdown_cell(AYCC_OWN, id="own-md"),
        new_code_cell(cell_source(c.own_position), id="own-position"),
        new_code_cell(cell_source(c.own_stepper), id="own-stepper"),
        new_markdown_cell("""## Every lesson in one place

The same lessons behind a menu, as the dashboard shows them.""", id="all-md"),
        new_code_cell(cell_source(c.all_lessons), id="all-lessons"),
    ]
    return tutorial_notebook(cells)


def lesson_cells(tutorial, section_text: dict, engine_after: dict) -> list:
    """One heading per rule section of a game's ``tutorial`` (with its ``section_text``), then per lesson a
    heading and its stepper, and the engine cell ``engine_after`` names for it (lesson key -> (id, function))."""
    cells = []
    for k, section in enumerate(tutorial.SECTIONS, 1):
        slug = "-".join(p for p in "".join(ch if ch.isalnum() else "-" for ch in section.lower()).split("-") if p)
        cells.append(new_markdown_cell(f"## {k}. {section}\n\n{section_text[section]}", id=f"section-{slug}"))
        for le in tutorial.lessons_in(section):
            cells.append(new_markdown_cell(f"### {le.title}", id=f"lesson-{le.key}-md"))
            cells.append(new_code_cell(f'Stepper(lesson=lesson("{le.key}"))', id=f"lesson-{le.key}"))
            if le.key in engine_after:
                cid, fn = engine_after[le.key]
                cells.append(new_code_cell(cell_source(fn), id=cid))
    return cells


def tutorial_notebook(cells) -> nbformat.NotebookNode:
    """A tutorial notebook of these cells, with the Python 3 kernel, checked."""
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    nbformat.validate(nb)
    return nb


def build_lesson(module) -> nbformat.NotebookNode:
    """A probability lesson (``tools/prob_notebooks.py``)."""
    return tutorial_notebook(prob_notebooks.cells(module))


#: every notebook this script writes: path -> builder
NOTEBOOKS = {OUT: build, MAFIA_OUT: build_mafia, AYCC_OUT: build_aycc,
             **{out: partial(build_lesson, module) for out, module in prob_notebooks.LESSONS.items()}}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check that the committed notebooks are up to date")
    a = ap.parse_args(argv)
    stale = 0
    for out, builder in NOTEBOOKS.items():
        nb = builder()
        text = nbformat.writes(nb)
        name = out.relative_to(ROOT)
        if a.check:
            if not out.exists() or out.read_text(encoding="utf-8") != text:
                print(f"{name} is out of date: run python3 tools/make_notebooks.py")
                stale += 1
            else:
                print(f"{name} is up to date")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {name} ({len(nb.cells)} cells)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
