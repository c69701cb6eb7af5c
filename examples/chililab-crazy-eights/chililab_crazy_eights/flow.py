"""Crazy Eights phases and transitions, declared once (the rules state may take only these).

OpenSpiel's game has three phases (deal, play, game over) and puts every card that comes out of the
deck at a chance node. Here dealing, turning up the first card and drawing are automatic phases
(``DEAL``, ``TURN_UP``, ``DRAW``) that take cards from the seeded deck; a player decides in ``TURN``
(play, draw or pass) and, after an eight, in ``NOMINATE``. Reshuffling the discard pile into the deck
(C8-STOCK-2) is not a phase: it happens inside the step that empties the deck.
"""
from chililab.engine import Flow, Phase, Transition

P = Phase
T = Transition

PHASES = [
    P("DEAL", "A random dealer; 5 cards each (7 with two players), one at a time from the dealer's left", label="Deal"),
    P("TURN_UP", "The dealer turns up the top card of the deck: the discard pile starts; an eight goes back",
      label="Turn up a card"),
    P("TURN", "Play a card of the suit to follow or the top card's rank, or an eight; or draw; or pass", "turn",
      label="Play, draw or pass"),
    P("DRAW", "The top card of the deck goes to the player (a Two's penalty: all its cards, then the turn ends)",
      label="Draw"),
    P("NOMINATE", "The player of an eight names the suit to follow", "choice", label="Name a suit"),
    P("SCORE", "Every card left in a hand costs points: 50 an eight, 10 a J, Q, K or A, else its value",
      label="Scoring"),
    P("GAME_OVER", "The best score wins: the player who went out, or the smallest penalty", label="Game over"),
]

TRANSITIONS = [
    T("DEAL", "TURN_UP", "dealt", ("C8-DECK-1", "C8-DEAL-1", "C8-DEAL-2")),
    T("TURN_UP", "TURN_UP", "an eight: back into the deck", ("C8-START-2",)),
    T("TURN_UP", "TURN", "turned up", ("C8-START-1", "C8-START-3", "C8-START-4")),
    T("TURN", "TURN", "played or passed: the next player", ("C8-PLAY-1", "C8-NEXT-1", "C8-PASS-1", "C8-SKIP-1",
                                                            "C8-REVERSE-1", "C8-TWO-1", "C8-STOCK-2")),
    T("TURN", "DRAW", "draw", ("C8-DRAW-1", "C8-TWO-2")),
    T("TURN", "NOMINATE", "an eight", ("C8-PLAY-2", "C8-EIGHT-1")),
    T("TURN", "SCORE", "out of cards, the card limit, or everyone passed", ("C8-END-1", "C8-END-2", "C8-END-3")),
    T("DRAW", "TURN", "drawn", ("C8-DRAW-2", "C8-STOCK-1", "C8-STOCK-2", "C8-TWO-2", "C8-TWO-3")),
    T("NOMINATE", "TURN", "suit named: the next player", ("C8-EIGHT-1", "C8-NEXT-1")),
    T("SCORE", "GAME_OVER", "scored", ("C8-SCORE-1", "C8-SCORE-2")),
]

FLOW = Flow("crazy_eights", PHASES, TRANSITIONS, start="DEAL")
