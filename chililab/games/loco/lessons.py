"""The Chili Loco tutorial as data: one or more prepared positions per rulebook section.

Each :class:`Lesson` explains a rule in a few plain sentences (quoting the
rulebook, ``shared/seeds/chili-loco.txt``), names the clause IDs it teaches,
and builds an exact position (``loco.scenario`` or ``loco.new_game`` with an
explicit deck) that puts the learner's seat right at the interesting decision.
``script`` plays the hinted move, plus the answers other seats must give for
it to resolve; ``refused`` lists moves the text says are *not* allowed.

Engine layer: no ipywidgets, plotly or IPython here. The widgets
(``chililab.widgets.Stepper(lessons=LESSONS)``) and the tutorial notebook
read these lessons.

>>> from chililab.games.loco.lessons import LESSONS, lesson
>>> g = lesson("jump-in").build()
>>> 3 in g.decision.players        # the learner (P3) is polled to jump in
True
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from chililab.engine import Move
from chililab.engine.lessons import Lesson as BaseLesson
from chililab.engine.lessons import lesson_finders

from .rules.cards import STANDARD
from .rules.game import LocoGame, new_game, scenario
from .rules.moves import MOVES


def fixed(*order):
    """A FixedOrderReaction spec: seats quickest first (the last one is slowest)."""
    return {"model": "fixed", "order": list(order)}


# ------------------------------------------------------------------ move specs

def move(game: LocoGame, name: str, seat: int, *args):
    """Build a move from a short spec, resolving card codes against the seat's hand.

    ``move(g, "Lay", 1, "G-Ghost", "G-Ghost")`` (a twin), ``move(g, "Jump", 3, "P-Cherry")``,
    ``move(g, "Offer", 2, "Milk")``, ``move(g, "ChooseColour", 1, "purple")``,
    ``move(g, "Call", 0, 3)``, ``move(g, "Draw", 1)``.
    """
    cls: Callable[..., Move] = MOVES[name]
    if name in ("Lay", "Jump"):
        return cls(seat, _cards(game, seat, args))
    if name == "Offer":
        return cls(seat, _cards(game, seat, args)[0])
    return cls(seat, *args)


def _cards(game, seat, codes):
    hand = list(game.state.hands[seat])
    out = []
    for code in codes:
        for c in hand:
            if c.code == code:
                out.append(c)
                hand.remove(c)
                break
        else:
            raise ValueError(f"P{seat} holds no {code}: {sorted(c.code for c in game.state.hands[seat])}")
    return tuple(out)


def play(game: LocoGame, specs) -> list:
    """Apply move specs in order; return all their events."""
    events = []
    for spec in specs:
        events += game.apply(move(game, *spec))
    return events


# ------------------------------------------------------------------ lessons

@dataclass(frozen=True)
class Lesson(BaseLesson):
    """One prepared position of the tutorial (:class:`chililab.engine.lessons.Lesson`); most start
    on the learner's own turn (``phase`` TURN_MAIN). Move specs: see :func:`move`."""

    phase: str = "TURN_MAIN"


def _deck(players, dealer, hands, starter, draw=(), bottom=None):
    """An explicit deck order (top first) dealing ``hands`` {seat: codes} one at a time
    from the dealer's left, then ``starter``, then the top of the draw pile.

    With ``bottom`` every card is listed, so the draw pile's bottom card is fixed too.
    """
    order = []
    for r in range(6):
        for k in range(1, players + 1):
            order.append(hands[(dealer + k) % players][r])
    order.append(starter)
    order += list(draw)
    if bottom is None:
        return order
    rest = [c.code for c in STANDARD]
    for code in order + [bottom]:
        rest.remove(code)
    return order + rest + [bottom]


S = scenario  # short alias for the builders below


def _b_setup():
    hands = {1: ["R-Bell", "G-Cherry", "P-Ghost", "R-Cayenne", "G-Habanero", "P-Bell"],
             2: ["G-Bell", "R-Cherry", "P-Cayenne", "R-Habanero", "G-Ghost", "Taco"],
             3: ["Y-Bell", "Y-Stir", "G-Jalapeno", "R-Ghost", "P-Cherry", "Reaper"],
             0: ["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry", "P-Habanero", "NewRecipe"]}
    return new_game(players=4, seed=11, dealer=0, deck=_deck(4, 0, hands, "Y-Stir"))


def _b_wild_starter():
    hands = {1: ["G-Bell", "R-Bell", "Y-Ghost", "P-Ghost", "R-Cayenne", "Y-Jalapeno"],
             2: ["P-Bell", "R-Cherry", "P-Cayenne", "R-Habanero", "Y-Ghost", "R-Stir"],
             3: ["Y-Bell", "G-Jalapeno", "R-Ghost", "P-Cherry", "Y-Cayenne", "Reaper"],
             0: ["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry", "P-Habanero", "Taco"]}
    return new_game(players=4, seed=12, dealer=0, deck=_deck(4, 0, hands, "NewRecipe", bottom="G-Cherry"))


OTHERS = [["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry"],   # P0
          None,                                                     # the learner
          ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"],   # P2
          ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-ScotchBonnet"]]     # P3


def _hands(learner, mine, others=None):
    hs = [list(h) if h else None for h in (others or OTHERS)]
    hs[learner] = list(mine)
    if learner != 1 and others is None:
        hs[1] = ["Y-Jalapeno", "G-Habanero", "P-Carolina", "Y-ScotchBonnet"]
    return hs


def _b_matching():
    return S(_hands(1, ["G-Bell", "R-Ghost", "G-Ghost", "NewRecipe", "Y-Cayenne"]), pile=["R-Bell"], current=1,
             draw=["P-Cherry", "R-Cherry", "G-Cherry"])


def _b_draw():
    return S(_hands(1, ["G-Bell", "Y-Ghost", "P-Cayenne"]), pile=["R-Cherry"], current=1,
             draw=["P-Bell", "R-Habanero", "G-Cherry", "Y-Bell"])


def _b_help():
    others = [["R-Bell", "R-Jalapeno", "G-Cayenne", "Y-Cherry"], None,
              ["Milk", "G-ScotchBonnet", "Y-Carolina", "P-Habanero"], ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-ScotchBonnet"]]
    return S(_hands(1, ["G-Bell", "Y-Ghost", "P-Cayenne"], others), pile=["R-Cherry"], current=1,
             draw=["P-Bell", "Y-Bell", "G-Cherry"])


def _b_twins():
    return S(_hands(1, ["G-Ghost", "G-Ghost", "R-HotSauce", "R-HotSauce", "Y-Bell"]), pile=["R-Ghost"], current=1,
             draw=["P-Cherry", "Y-Cherry", "G-Cherry"])


def _jump_hands():
    return [["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry"],
            ["P-Bell", "G-Bell", "Y-Cayenne", "R-Habanero"],
            ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"],
            ["P-Cherry", "G-Carolina", "Y-Ghost", "R-ScotchBonnet"]]


def _b_jump():
    return S(_jump_hands(), pile=["G-Cherry", "P-Cherry"], current=1, draw=["Y-Bell", "R-Bell", "G-Ghost"],
             top_layer=0)


def _b_landing():
    return S(_jump_hands(), pile=["G-Cherry", "P-Cherry"], current=1, draw=["Y-Bell", "R-Bell", "G-Ghost"],
             top_layer=0, reaction_model=fixed(3, 1, 0, 2))


def _b_slap():
    return S(_hands(1, ["R-Slap", "Y-Ghost", "P-Cayenne", "G-Bell"]), pile=["R-Bell"], current=1,
             draw=["P-Bell", "Y-Bell", "G-Cherry", "R-Cherry"], reaction_model=fixed(1, 0, 3, 2))


def _b_slap_twin():
    return S(_hands(1, ["Y-Slap", "Y-Slap", "P-Cayenne", "G-Bell"]), pile=["Y-Bell"], current=1,
             draw=["P-Bell", "R-Bell", "G-Cherry", "R-Cherry", "Y-Cherry"], reaction_model=fixed(1, 2, 3, 0))


def _b_slap_vote():
    g = S(_hands(0, ["R-Slap", "Y-Ghost", "P-Cayenne", "G-Bell"], others=[
        None, ["Y-Jalapeno", "G-Habanero", "P-Carolina", "Y-ScotchBonnet"],
        ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"], ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-ScotchBonnet"]]),
        pile=["R-Bell"], current=0, draw=["P-Bell", "Y-Bell", "G-Cherry"], tie_method="table_vote")
    play(g, [("Lay", 0, "R-Slap")])
    return g


def _b_stir():
    return S(_hands(1, ["P-Stir", "Y-Ghost", "G-Bell"]), pile=["P-Bell"], current=1, draw=["Y-Bell", "R-Bell"])


def _b_hot_sauce():
    return S(_hands(1, ["G-HotSauce", "Y-Ghost", "P-Cayenne"]), pile=["G-Bell"], current=1,
             draw=["Y-Bell", "R-Bell", "P-Cherry"])


def _b_stack():
    hs = _hands(2, ["Y-HotSauce", "Reaper", "P-Cayenne"])
    return S(hs, pile=["G-Bell", "G-HotSauce"], current=2, draw=["Y-Bell", "R-Bell", "P-Cherry", "R-Cherry",
                                                                   "G-Cherry"],
             pending={"kind": "hot_sauce", "draw": 2, "skip": False})


def _b_heat_stroke():
    return S(_hands(1, ["Y-HeatStroke", "Y-Ghost", "P-Cayenne"]), pile=["Y-Bell"], current=1,
             draw=["R-Bell", "P-Cherry"])


def _b_new_recipe():
    return S(_hands(1, ["NewRecipe", "P-Bell", "P-Ghost", "P-Cayenne", "G-Ghost"]), pile=["R-Cherry"], current=1,
             draw=["Y-Bell", "R-Bell"])


def _b_reaper():
    others = [["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry"], None, ["G-ScotchBonnet"],
              ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-ScotchBonnet"]]
    return S(_hands(1, ["Reaper", "Y-Ghost", "P-Cayenne", "Y-Bell"], others), pile=["G-Bell"], current=1,
             draw=["R-Bell", "P-Cherry", "R-Cherry", "G-Cherry", "Y-Cherry", "P-Bell"])


def _b_blender():
    hs = [["Blender", "R-Ghost", "Y-Ghost", "P-Cayenne", "G-Bell", "Y-Bell"],
          ["Y-Jalapeno", "G-Habanero", "P-Carolina", "Y-ScotchBonnet"],
          ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"],
          ["Y-Habanero", "G-Carolina", "P-ScotchBonnet"]]
    return S(hs, pile=["R-Bell"], current=0, draw=["P-Cherry", "R-Cherry"], seed=5)


def _b_taco():
    others = [["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry"], None,
              ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"], ["Y-Habanero"]]
    return S(_hands(1, ["Taco", "R-Ghost", "Y-Ghost", "P-Cayenne", "G-Bell", "G-Jalapeno"], others), pile=["R-Bell"],
             current=1, draw=["P-Cherry", "R-Cherry", "G-Cherry"])


def _b_potato():
    others = [["G-ScotchBonnet"], None, ["P-Habanero", "Y-Carolina", "R-Carolina"],
              ["Y-Habanero", "G-Carolina", "P-ScotchBonnet", "R-ScotchBonnet"]]
    return S(_hands(1, ["Potato", "R-Ghost", "Y-Ghost", "P-Cayenne"], others), pile=["R-Bell"], current=1,
             draw=["P-Cherry", "R-Cherry", "G-Cherry"])


def _b_milk():
    return S(_hands(3, ["Milk", "Y-Ghost", "P-Cayenne"]), pile=["G-Bell", "G-HotSauce", "Y-HotSauce", "R-HotSauce"],
             current=3, draw=["P-Bell", "Y-Bell", "R-Bell", "P-Cherry", "R-Cherry", "G-Cherry", "Y-Cherry"],
             pending={"kind": "hot_sauce", "draw": 6, "skip": False}, top_layer=2)


def _b_loco():
    return S(_hands(1, ["R-Ghost", "Y-Ghost"]), pile=["R-Bell"], current=1, draw=["P-Cherry", "R-Cherry", "G-Cherry"],
             reaction_model=fixed(1, 0, 2, 3))


def _b_catch():
    others = [None, ["Y-Jalapeno", "G-Habanero", "P-Carolina", "Y-ScotchBonnet"],
              ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"], ["Y-Habanero"]]
    return S(_hands(0, ["P-Jalapeno", "R-Jalapeno", "G-Cayenne", "Y-Cherry"], others), pile=["R-Bell"], current=1,
             draw=["P-Cherry", "R-Cherry", "G-Cherry"], obligations=[3], reaction_model=fixed(0, 1, 2, 3))


def _b_win():
    return S(_hands(1, ["R-HotSauce"]), pile=["G-Bell", "R-Bell"], current=1, draw=["P-Cherry", "R-Cherry"])


def _b_give():
    others = [None, ["Y-Jalapeno", "G-Habanero", "P-Carolina", "Y-ScotchBonnet"],
              ["P-Habanero", "G-ScotchBonnet", "Y-Carolina", "R-Carolina"], ["Y-Habanero", "G-Carolina", "P-ScotchBonnet"]]
    g = S(_hands(0, ["Milk"], others), pile=["R-Bell"], current=1, draw=["P-Cherry", "R-Cherry"])
    play(g, [("AskHelp", 1), ("Pass", 2), ("Pass", 3)])
    return g


def _b_house():
    return S(_hands(1, ["PR1", "Y-Ghost", "P-Cayenne"]), pile=["R-Bell"], current=1,
             draw=["P-Cherry", "R-Cherry", "G-Cherry", "Y-Cherry"],
             personal_recipes=["everyone_else_draws_1", "next_wild_or_draw3"])


def _all_in_play(hands, pile, current, seed, **kw):
    """A scenario with every standard card in play: the cards not in a hand or on the pile make the draw
    pile, in an order fixed by ``seed`` (a "why this move?" position: the games played on from it are whole
    games with the whole deck)."""
    rest = [c.code for c in STANDARD]
    for code in [c for h in hands for c in h] + list(pile):
        rest.remove(code)
    random.Random(seed).shuffle(rest)
    return S(hands, pile=pile, current=current, draw=rest, **kw)


def _b_why_hot_sauce():
    return _all_in_play([["P-Jalapeno", "Y-Cayenne"], ["G-Ghost", "G-Ghost", "G-HotSauce"], ["P-Habanero"]],
                        ["G-Cherry"], current=1, seed=7)


#: the yellow cards on the pile of the colour lesson: both copies of each but the Ghost, a Cherry last
_YELLOWS = [f"Y-{n}" for n in ("Bell", "Jalapeno", "ScotchBonnet", "Cayenne", "Habanero", "Carolina", "Stir",
                               "HotSauce", "HeatStroke", "Slap") for _ in range(2)] + ["Y-Cherry", "Y-Cherry"]


def _b_why_colour():
    g = _all_in_play([["R-Jalapeno", "G-Cayenne"], ["NewRecipe", "Y-Ghost", "P-Cayenne"], ["R-Habanero"]],
                     [*_YELLOWS, "R-Cherry"], current=1, seed=7)
    play(g, [("Lay", 1, "NewRecipe")])
    return g


SETUP = "Setup"
TURN = "Your turn: matching"
CANT = "Can't play? Draw or ask for help"
TWINS = "Twins & jumping in"
SLAP = "Salsa Slap"
ACTIONS = "Coloured action cards"
WILDS = "Wild cards"
LOCO = "LOCO!"
WIN = "Winning"
HOUSE = "House rules"
WHY = "Why this move?"

SECTIONS = (SETUP, TURN, CANT, TWINS, SLAP, ACTIONS, WILDS, LOCO, WIN, HOUSE, WHY)

#: what a "why this move?" lesson says about the coach (the end of its text)
_COACH = ("The coach plays the game on from here hundreds of times after each move, with the cards you cannot see "
          "dealt at random, and counts how often you win.")

LESSONS: list[Lesson] = [
    Lesson("setup", SETUP, "The deal and the starter card",
           "The dealer (P0) dealt 6 cards to each player and flipped the top card of the draw pile to start the "
           "play pile. The rulebook says: \u201cTreat it as if the dealer had just played it: if it's an action or "
           "wild card, follow its instruction.\u201d This starter is a yellow Stir the Pot, so play order reverses "
           "and the dealer's right (P3) goes first instead of the dealer's left.",
           ("LOCO-SETUP-2", "LOCO-SETUP-3", "LOCO-SETUP-4", "LOCO-SETUP-6"), _b_setup, 3,
           "You are P3: lay a yellow card (yellow Bell) or the other Stir the Pot. Play then goes anti-clockwise "
           "to P2.",
           script=(("Lay", 3, "Y-Bell"),)),
    Lesson("wild-starter", SETUP, "A wild starter takes the bottom card's colour",
           "This time the starter is a New Recipe, a wild. \u201cA wild takes the colour of the bottom card of the "
           "draw pile. If that's a wild too, the dealer chooses the colour.\u201d The bottom card is a green Cherry, "
           "so the colour is green and nobody is asked to choose.",
           ("LOCO-SETUP-5", "LOCO-MATCH-4"), _b_wild_starter, 1,
           "Lay your green Bell: on a wild only the chosen colour (or another wild) matches.",
           script=(("Lay", 1, "G-Bell"),), refused=(("Lay", 1, "R-Bell"),)),
    Lesson("matching", TURN, "Same colour, same pepper, or a wild",
           "\u201cPlay one of your cards onto the play pile. It must match the top card by colour or by pepper, or "
           "be a wild, which matches anything.\u201d The top card is a red Bell: your green Bell matches by pepper, "
           "your red Ghost by colour, and New Recipe is wild. Your green Ghost matches neither, so it has no "
           "button.",
           ("LOCO-MATCH-1",), _b_matching, 1,
           "Lay the green Bell (same pepper): the colour becomes green.",
           script=(("Lay", 1, "G-Bell"),), refused=(("Lay", 1, "G-Ghost"),)),
    Lesson("draw", CANT, "Can't play? Draw until you can",
           "\u201cThere's no passing. Your turn only ends when you lay a card.\u201d Nothing in your hand matches the "
           "red Cherry, so draw a card, as many times as you like. \u201cUntil then, you can do either of these, in "
           "any order, as many times as you like\u201d: draw, or ask for help.",
           ("LOCO-TURN-2", "LOCO-TURN-3"), _b_draw, 1,
           "Draw a card. If it is red or a Cherry, lay it; if not, draw again (here the second card fits).",
           script=(("Draw", 1), ("Draw", 1), ("Lay", 1, "R-Habanero")), refused=(("StallPass", 1),)),
    Lesson("help", CANT, "Ask for help",
           "Instead of drawing you can \u201cask for help. Say \u2018help\u2019 to the table. Another player may "
           "slide you a card face down. The moment you touch it, it's yours. To turn it down, don't touch it.\u201d "
           "Only the player whose turn it is may ask, and helpers can give anything, even a card that doesn't fit.",
           ("LOCO-HELP-1", "LOCO-HELP-2", "LOCO-HELP-3"), _b_help, 1,
           "Ask for help. Each other player may slide one card; leave the first (it goes back), touch the second, "
           "then lay it if it matches.",
           script=(("AskHelp", 1), ("Offer", 2, "Milk"), ("Pass", 3), ("Offer", 0, "R-Bell"), ("Leave", 1),
                   ("Touch", 1), ("Lay", 1, "R-Bell")),
           refused=(("AskHelp", 2),)),
    Lesson("twins", TWINS, "Twins: two identical cream cards as one turn",
           "\u201cIf you hold two identical cream-bordered cards, play them together as one turn: two of the same "
           "pepper in the same colour, or two Salsa Slaps of the same colour. No other card can be twinned.\u201d You "
           "hold two green Ghosts (cream) and two red Hot Sauces (dark border): only the Ghosts can go down "
           "together.",
           ("LOCO-TWIN-1", "LOCO-TWIN-2"), _b_twins, 1,
           "Lay the twin of green Ghost: it matches the red Ghost by pepper, and two cards leave your hand.",
           script=(("Lay", 1, "G-Ghost", "G-Ghost"),), refused=(("Lay", 1, "R-HotSauce", "R-HotSauce"),)),
    Lesson("jump-in", TWINS, "Jumping in with the exact twin",
           "\u201cIf you hold an exact twin of the top card, you can play it straight away, even when it isn't your "
           "turn. It has to land before the player whose turn it is lays their card. Play then continues from "
           "you.\u201d The top card is a purple Cherry and you (P3) hold the other purple Cherry while it is P1's "
           "turn: you are asked in secret, at the same time as P1.",
           ("LOCO-TWIN-4", "LOCO-TWIN-5"), _b_jump, 3,
           "Jump in with your purple Cherry. P1's turn ends, and play continues from you: P0 is next.",
           script=(("Jump", 3, "P-Cherry"), ("Draw", 1))),
    Lesson("landing", TWINS, "Two cards land together",
           "\u201cFirst card to touch the pile wins. If two cards land together, the first one down stays and the "
           "others go back to the players who laid them.\u201d Here P1 lays a card while you jump in; the reaction "
           "model decides who was quicker (this table has you quickest).",
           ("LOCO-TWIN-7", "LOCO-TWIN-5"), _b_landing, 3,
           "Jump in with your purple Cherry: it lands first, and P1's card goes back to P1's hand.",
           script=(("Jump", 3, "P-Cherry"), ("Lay", 1, "P-Bell"))),
    Lesson("salsa-slap", SLAP, "Salsa Slap: everyone slaps, the last one draws",
           "A Salsa Slap \u201cplays just like a pepper card: on its own colour or on another Salsa Slap\u201d. \u201cWhen "
           "it lands, everyone slaps the pile. The last player to slap draws 2 [...] Play continues from whoever "
           "played it.\u201d The engine settles who was last with a reaction model; at this table P2 is slowest.",
           ("LOCO-SLAP-1", "LOCO-SLAP-2"), _b_slap, 1,
           "Lay the red Salsa Slap on the red Bell and watch P2 draw 2.",
           script=(("Lay", 1, "R-Slap"),)),
    Lesson("slap-twin", SLAP, "A Salsa Slap twin doubles the penalty",
           "\u201cSalsa Slap twins: the slap still happens, and the penalty doubles. The last player to slap draws "
           "4.\u201d Salsa Slaps have cream borders, so two of the same colour make a twin.",
           ("LOCO-TWIN-3", "LOCO-SLAP-1"), _b_slap_twin, 1,
           "Lay both yellow Salsa Slaps together: the slowest slapper (P0 here) draws 4.",
           script=(("Lay", 1, "Y-Slap", "Y-Slap"),)),
    Lesson("slap-vote", SLAP, "Big group: the table votes",
           "\u201cWith lots of players, slap the table instead of the pile in the middle, so nobody gets hurt reaching "
           "in. The table votes on who was last, and majority rules.\u201d This table plays with "
           "tie_method='table_vote': you just laid a red Salsa Slap and everyone now votes for the slowest "
           "slapper.",
           ("LOCO-SLAP-4", "LOCO-TIE-1"), _b_slap_vote, 0,
           "Vote for P2; with P1 and P3 also voting P2, the majority makes P2 draw 2.",
           phase="SLAP_RACE",
           script=(("Vote", 0, 2), ("Vote", 1, 2), ("Vote", 2, 3), ("Vote", 3, 2))),
    Lesson("stir", ACTIONS, "Stir the Pot reverses play",
           "\u201cPlay order reverses: clockwise becomes anti-clockwise, and back again.\u201d Coloured action cards "
           "play \u201con the same colour, or on the same card\u201d. After your purple Stir the Pot, the next player "
           "is P0, not P2.",
           ("LOCO-CARD-STIR-1",), _b_stir, 1,
           "Lay the purple Stir the Pot and see P0 take the next turn.",
           script=(("Lay", 1, "P-Stir"),)),
    Lesson("hot-sauce", ACTIONS, "Hot Sauce: the next player draws 2",
           "\u201cThe next player draws 2, then still takes their turn.\u201d Hot Sauce is a dark card: it is played "
           "only on your own turn, on green (its colour) or on another Hot Sauce.",
           ("LOCO-CARD-HOTSAUCE-1", "LOCO-TURN-9"), _b_hot_sauce, 1,
           "Lay the green Hot Sauce. P2 has no Hot Sauce to stack, accepts, draws 2 and then plays.",
           script=(("Lay", 1, "G-HotSauce"), ("Accept", 2))),
    Lesson("stacking", ACTIONS, "Stacking Hot Sauce",
           "A Hot Sauce is aimed at you. \u201cOr they can lay their own Hot Sauce on top straight away, instead of "
           "drawing. They draw nothing, and the spice builds: the following player draws 4, then 6, and so on. Hot "
           "Sauce only stacks on Hot Sauce.\u201d Your Reaper cannot answer it, and drawing now would mean "
           "accepting.",
           ("LOCO-CARD-HOTSAUCE-2", "LOCO-CARD-HOTSAUCE-3", "LOCO-TURN-8"), _b_stack, 2,
           "Stack your yellow Hot Sauce (any colour stacks): you draw nothing and P3 faces 4.",
           phase="RESPONSE",
           script=(("Lay", 2, "Y-HotSauce"), ("Accept", 3)), refused=(("Lay", 2, "Reaper"), ("Draw", 2))),
    Lesson("heat-stroke", ACTIONS, "Heat Stroke: the next player loses their turn",
           "\u201cThe next player loses their turn completely.\u201d \u201cIf Heat Stroke or Reaper makes you lose your "
           "turn, you don't lay a card. It's the only time a turn ends without one.\u201d Only a Milk Chaser can "
           "cancel it.",
           ("LOCO-CARD-HEATSTROKE-1", "LOCO-TURN-6"), _b_heat_stroke, 1,
           "Lay the yellow Heat Stroke: P2 accepts, loses the turn, and P3 plays next.",
           script=(("Lay", 1, "Y-HeatStroke"), ("Accept", 2))),
    Lesson("new-recipe", WILDS, "New Recipe: choose any colour",
           "\u201cWild cards: play on anything. After a wild, the player who laid it picks the next colour.\u201d New "
           "Recipe: \u201cChoose any colour. Play carries on in that colour.\u201d You have no red card and no Cherry "
           "for the red Cherry, but three purple cards.",
           ("LOCO-CARD-NEWRECIPE-1", "LOCO-WILD-1"), _b_new_recipe, 1,
           "Lay New Recipe and choose purple, the colour most of your cards have.",
           script=(("Lay", 1, "NewRecipe"), ("ChooseColour", 1, "purple"))),
    Lesson("reaper", WILDS, "Reaper: draw 5 and lose the turn",
           "\u201cChoose the colour. The next player draws 5 and loses their turn. Because they lose their turn, they "
           "can't lay a Reaper back: Reapers don't stack.\u201d P2 is on one card and about to win: \u201cReaper, Hot "
           "Sauce, Salsa Slap and Milk Chaser are everyone's chance to team up and stop whoever's about to win.\u201d",
           ("LOCO-CARD-REAPER-1", "LOCO-WILD-1", "LOCO-TURN-6"), _b_reaper, 1,
           "Lay the Reaper and choose yellow. P2 draws 5 and is skipped.",
           script=(("Lay", 1, "Reaper"), ("ChooseColour", 1, "yellow"), ("Accept", 2))),
    Lesson("blender", WILDS, "Blender: pool, shuffle and deal out every hand",
           "\u201cWhoever lays Blender collects every player's cards, shuffles them, and deals them back out one at "
           "a time, starting with the player on their left, until all are dealt. With 4 players holding 16 cards "
           "between them, everyone ends up with 4.\u201d You hold the most cards, so the Blender helps you most.",
           ("LOCO-CARD-BLENDER-1", "LOCO-WILD-1"), _b_blender, 0,
           "Lay the Blender: the 16 cards left in hands are dealt 4 each, then you choose the colour.",
           script=(("Lay", 0, "Blender"), ("ChooseColour", 0, "yellow"))),
    Lesson("taco-trade", WILDS, "Taco Trade: swap hands with a player",
           "\u201cChoose a player and swap all your cards with theirs. Then choose the colour.\u201d P3 holds a single "
           "card. Swap with P3 and you are the one on one card; \u201cafter any swap, anyone now on one card shouts "
           "right away.\u201d",
           ("LOCO-CARD-TACO-1", "LOCO-WILD-1", "LOCO-SHOUT-5", "LOCO-SHOUT-2"), _b_taco, 1,
           "Lay Taco Trade, choose P3, name the colour of the card you receive, then shout LOCO!",
           script=(("Lay", 1, "Taco"), ("ChooseTarget", 1, 3), ("ChooseColour", 1, "yellow"), ("Shout", 1),
                   ("Pass", 0), ("Pass", 2), ("Pass", 3))),
    Lesson("hot-potato", WILDS, "Hot Potato: every hand moves left",
           "\u201cEvery player passes all their cards to the player on their left. Then choose the colour.\u201d Left "
           "is a direction at the table, not the play order. P0, on your right, holds one card: after the Potato "
           "that card is yours.",
           ("LOCO-CARD-POTATO-1", "LOCO-WILD-1", "LOCO-SHOUT-5"), _b_potato, 1,
           "Lay Hot Potato, name the colour of the card P0 passes you, and shout LOCO!",
           script=(("Lay", 1, "Potato"), ("ChooseColour", 1, "green"), ("Shout", 1), ("Pass", 0), ("Pass", 2),
                   ("Pass", 3))),
    Lesson("milk-chaser", WILDS, "Milk Chaser cancels the whole stack",
           "\u201cOn your turn, play it to cancel the action or wild card played just before you, before you have to "
           "follow it. If that card is part of a stack, the whole stack is cancelled and nobody draws.\u201d Three Hot "
           "Sauces are stacked on you: draw 6, or lay Milk Chaser. \u201cMilk Chaser can't be cancelled, and it can't "
           "be your last card.\u201d",
           ("LOCO-CARD-MILK-3", "LOCO-CARD-MILK-4", "LOCO-WILD-1"), _b_milk, 3,
           "Lay Milk Chaser: nobody draws 6. Choose yellow, and P0 plays next.",
           phase="RESPONSE",
           script=(("Lay", 3, "Milk"), ("ChooseColour", 3, "yellow"))),
    Lesson("loco", LOCO, "Shout LOCO!",
           "\u201cAs soon as you're down to one card, shout LOCO! before the next player finishes their turn. If "
           "another player yells LOCO! before you do, you draw 2.\u201d After you lay your red Ghost you hold one "
           "card, and every player is asked at once: you may shout, the others may call.",
           ("LOCO-SHOUT-1", "LOCO-SHOUT-2"), _b_loco, 1,
           "Lay the red Ghost, then shout LOCO! (you are the quickest here).",
           script=(("Lay", 1, "R-Ghost"), ("Shout", 1), ("Pass", 0), ("Pass", 2), ("Pass", 3))),
    Lesson("catch", LOCO, "Catch a player who forgot LOCO!",
           "P3 is down to one card and has not shouted. \u201cIf another player yells LOCO! before you do, you draw "
           "2.\u201d You (P0) may call LOCO on P3 now; if P3 shouts at the same time, the quicker one counts (you "
           "are quicker at this table).",
           ("LOCO-SHOUT-3",), _b_catch, 0,
           "Call LOCO on P3: P3 draws 2.",
           phase="CHECKPOINT",
           script=(("Call", 0, 3), ("Pass", 1), ("Pass", 2), ("Pass", 3))),
    Lesson("win", WIN, "Winning with an action card",
           "\u201cThe first player with no cards left wins. If your last card is an action or wild card [...] you still "
           "win. The game ends straight away, and no cards move.\u201d Your last card is a red Hot Sauce.",
           ("LOCO-WIN-1", "LOCO-WIN-2"), _b_win, 1,
           "Lay the red Hot Sauce: you win, and P2 draws nothing.",
           script=(("Lay", 1, "R-HotSauce"),)),
    Lesson("win-by-giving", WIN, "Win by giving",
           "\u201cWhen another player asks for help, you can give them your very last card. You win the moment they "
           "touch it.\u201d P1 asked for help and P2 and P3 slid nothing. You already shouted LOCO!, so nobody can "
           "catch you; even a Milk Chaser may be given away like this.",
           ("LOCO-WIN-4", "LOCO-HELP-2"), _b_give, 0,
           "Offer your last card (Milk Chaser). When P1 touches it, you win.",
           phase="HELP_OFFERS",
           script=(("Offer", 0, "Milk"), ("Touch", 1))),
    Lesson("personal-recipe", HOUSE, "Personal Recipe cards",
           "The two blank Personal Recipe cards are a house rule: \u201cBefore you deal, agree one rule for each card "
           "as a table [...] When someone plays a Personal Recipe, follow its rule, then they choose the colour. "
           "Milk Chaser can cancel it.\u201d This table wrote \u201cEveryone except the player of this card draws "
           "1\u201d on the first card.",
           ("LOCO-HOUSE-2", "LOCO-HOUSE-4", "LOCO-WILD-1"), _b_house, 1,
           "Lay Personal Recipe 1: P2, P3 and P0 each draw 1, then you choose purple.",
           script=(("Lay", 1, "PR1"), ("ChooseColour", 1, "purple"))),
    Lesson("why-hot-sauce", WHY, "Your twin, or a Hot Sauce on the player about to win?",
           "P2 plays next and holds one card: \u201cReaper, Hot Sauce, Salsa Slap and Milk Chaser are everyone's "
           "chance to team up and stop whoever's about to win.\u201d Lay your twin of green Ghosts and you are on "
           "one card too; lay the green Hot Sauce and \u201cthe next player draws 2, then still takes their "
           "turn.\u201d Which move gives you the better chance to win? " + _COACH + " Look at the ranges: a move "
           "is surely better when the low end of its range is above the high end of every other move's.",
           ("LOCO-CARD-HOTSAUCE-1", "LOCO-TURN-9"), _b_why_hot_sauce, 1,
           "Compare the twin's chance with the Hot Sauce's in the coach's list, then lay the green Hot Sauce: P2 "
           "draws 2 instead of going out, and you keep the twin for your next turn.",
           script=(("Lay", 1, "G-HotSauce"), ("Accept", 2)), coach=True),
    Lesson("why-colour", WHY, "Which colour to name after a wild?",
           "You laid a New Recipe, and \u201cafter a wild, the player who laid it picks the next colour.\u201d You "
           "hold a yellow Ghost and a purple Cayenne, so yellow or purple lets you lay again, but P2 plays next "
           "and holds one card. Look at the play pile: 22 of the 24 yellow cards are on it, and you hold one of "
           "the other two. " + _COACH + " Look for the colour whose range starts above every other colour's.",
           ("LOCO-WILD-1",), _b_why_colour, 1,
           "Compare yellow with purple in the coach's list, then name yellow: P2 can answer it only with the one "
           "yellow card left or a wild.",
           phase="COLOUR", script=(("ChooseColour", 1, "yellow"),), coach=True),
]

lesson, lessons_in = lesson_finders(LESSONS)


__all__ = ["LESSONS", "SECTIONS", "Lesson", "fixed", "lesson", "lessons_in", "move", "play"]
