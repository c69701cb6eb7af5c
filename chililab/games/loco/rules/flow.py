"""Chili Loco phases and transitions (loco.md sections 3.3 and 3.4), declared once.

The engine takes only these transitions (``LocoState._go`` refuses any other),
and ``FLOW.graph()`` draws the same declaration as a networkx DiGraph.
Differences from the catalogue's table, all explained in the issue note:
turn start is a checkpoint (TURN_BEGIN -> CHECKPOINT), so LOCO! windows and
the jump-in poll happen there too; help and draws return through CHECKPOINT;
a Personal Recipe or Taco Trade target (TARGET) may be followed directly by a
checkpoint when a starter's colour comes from the bottom card.
"""
from chililab.engine import Flow, Phase, Transition

P = Phase
T = Transition

PHASES = [
    P("SETUP", "Build the deck, shuffle, deal 6 cards each", label="Deal"),
    P("STARTER", "Flip the starter card; it counts as the dealer's play", label="Starter card"),
    P("TURN_BEGIN", "A turn begins", label="A turn begins"),
    P("RESPONSE", "Answer a pending effect: stack, Milk Chaser, help or accept", "turn",
      label="Answer the card aimed at you"),
    P("TURN_MAIN", "Draw, ask for help or lay; the twin's holder may jump in", "turn",
      label="Lay, draw or ask for help"),
    P("HELP_OFFERS", "Each other player may slide one card face down", "window", label="Others may help"),
    P("HELP_ACCEPT", "The asker touches or leaves each offered card", "choice", label="Take or leave the help"),
    P("LAND", "The cards land on the pile; an empty hand wins", label="Cards land"),
    P("EFFECT", "The card's instruction happens", label="The card's action"),
    P("SLAP_RACE", "Everyone slaps; the last slapper draws", "window", label="Salsa Slap race"),
    P("TARGET", "The layer chooses a player", "choice", label="Choose a player"),
    P("COLOUR", "The layer names the colour", "choice", label="Name a colour"),
    P("CHECKPOINT", "LOCO! shouts and calls", "window", label="LOCO! shouts"),
    P("ADVANCE", "The turn ends; the next player is found", label="Next player"),
    P("GAME_OVER", "A player has no cards: they win", label="Game over"),
]

TRANSITIONS = [
    T("SETUP", "STARTER", "dealt", ("LOCO-SETUP-2", "LOCO-SETUP-3")),
    T("STARTER", "CHECKPOINT", "pepper starter", ("LOCO-SETUP-4", "LOCO-SETUP-8")),
    T("STARTER", "EFFECT", "action/wild starter", ("LOCO-SETUP-4", "LOCO-SETUP-7")),
    T("STARTER", "SLAP_RACE", "Salsa Slap starter", ("LOCO-SETUP-7", "LOCO-SLAP-1")),
    T("TURN_BEGIN", "CHECKPOINT", "turn starts", ("LOCO-TURN-1", "LOCO-SHOUT-2")),
    T("CHECKPOINT", "CHECKPOINT", "LOCO! race resolved", ("LOCO-SHOUT-3",)),
    T("CHECKPOINT", "RESPONSE", "a card is aimed at the player", ("LOCO-TURN-8",)),
    T("CHECKPOINT", "TURN_MAIN", "nothing aimed at the player", ("LOCO-TURN-3", "LOCO-TWIN-4")),
    T("CHECKPOINT", "ADVANCE", "card resolved", ("LOCO-TURN-7",)),
    T("RESPONSE", "LAND", "stack / Milk Chaser / wild", ("LOCO-CARD-HOTSAUCE-2", "LOCO-CARD-MILK-3", "LOCO-HOUSE-6")),
    T("RESPONSE", "HELP_OFFERS", "help", ("LOCO-HELP-1", "LOCO-CARD-MILK-7")),
    T("RESPONSE", "ADVANCE", "accept, turn lost", ("LOCO-TURN-6", "LOCO-TURN-9")),
    T("RESPONSE", "CHECKPOINT", "accept, then play", ("LOCO-TURN-9",)),
    T("TURN_MAIN", "CHECKPOINT", "draw", ("LOCO-TURN-3", "LOCO-DRAW-1")),
    T("TURN_MAIN", "HELP_OFFERS", "help", ("LOCO-HELP-1", "LOCO-HELP-2")),
    T("TURN_MAIN", "LAND", "lay or jump in", ("LOCO-TURN-2", "LOCO-TWIN-1", "LOCO-TWIN-4", "LOCO-TWIN-7")),
    T("TURN_MAIN", "ADVANCE", "nothing to lay or draw: pass", ("LOCO-DRAW-3",)),
    T("HELP_OFFERS", "HELP_OFFERS", "next helper", ("LOCO-HELP-2",)),
    T("HELP_OFFERS", "HELP_ACCEPT", "offers made", ("LOCO-HELP-3",)),
    T("HELP_OFFERS", "CHECKPOINT", "no offers", ("LOCO-HELP-2",)),
    T("HELP_ACCEPT", "HELP_ACCEPT", "next offer", ("LOCO-HELP-3",)),
    T("HELP_ACCEPT", "CHECKPOINT", "offers decided", ("LOCO-HELP-3", "LOCO-HELP-5")),
    T("HELP_ACCEPT", "GAME_OVER", "win by giving", ("LOCO-WIN-4",)),
    T("LAND", "GAME_OVER", "empty hand", ("LOCO-WIN-1", "LOCO-WIN-2", "LOCO-WIN-3")),
    T("LAND", "CHECKPOINT", "pepper", ("LOCO-MATCH-1", "LOCO-TURN-7")),
    T("LAND", "SLAP_RACE", "Salsa Slap", ("LOCO-SLAP-1",)),
    T("LAND", "EFFECT", "action or wild", ("LOCO-TURN-5",)),
    T("SLAP_RACE", "CHECKPOINT", "last slapper draws", ("LOCO-SLAP-1", "LOCO-SLAP-3")),
    T("EFFECT", "TARGET", "choose a player", ("LOCO-CARD-TACO-1", "LOCO-HOUSE-5")),
    T("EFFECT", "COLOUR", "wild: name a colour", ("LOCO-WILD-1",)),
    T("EFFECT", "CHECKPOINT", "effect done", ("LOCO-CARD-STIR-1", "LOCO-CARD-HOTSAUCE-1", "LOCO-CARD-HEATSTROKE-1", "LOCO-SETUP-5")),
    T("TARGET", "COLOUR", "then name a colour", ("LOCO-CARD-TACO-1", "LOCO-WILD-1")),
    T("TARGET", "CHECKPOINT", "starter: colour from bottom card", ("LOCO-SETUP-5",)),
    T("COLOUR", "CHECKPOINT", "colour named", ("LOCO-WILD-1",)),
    T("ADVANCE", "TURN_BEGIN", "next player", ("LOCO-TURN-1", "LOCO-TURN-7")),
]

FLOW = Flow("loco", PHASES, TRANSITIONS, start="SETUP")
