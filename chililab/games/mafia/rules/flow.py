"""Chili Mafia phases and transitions (mafia.md sections 3.3 and 3.4), declared once.

The rules state may take only these transitions, and ``FLOW.graph()`` draws the
same declaration. Setup, the plain turn (form, add, Sweet Chili moves, pass,
end-of-turn draw, Dawn Raid, final round, scoring), the Hot cards
(HOT_DECLARE, DEFENSE, NEUTRALIZED, BODYGUARD, HOT_RESOLVE, POST_HOT with the Lord's
DRAW) and Action cards (DRAW after an Earner or a Gambler, ACTION_RESOLVE for a
Booster) run today; the Recruit (FORM_ADD) and Hot Property phases are declared so the whole game's shape is
fixed, and are built next (see ``NOTES.md``). Differences from the catalogue's table:

- ``DRAFT(k)`` is one phase with a self-loop (one pick per loop);
- a draw (``DRAW``) is a sub-step entered from the place that draws and left
  back to it, so its returns are edges of their own;
- a final-round turn is an ordinary ``TURN_MAIN``: ``FINAL_ROUND`` is the
  checkpoint between final turns (no draw at their end, MAFIA-END-2).
"""
from chililab.engine import Flow, Phase, Transition

P = Phase
T = Transition

PHASES = [
    P("BUILD", "Assemble the deck for the player count and options", label="Build the deck"),
    P("DEAL", "Set the Dawn Raid aside, shuffle, deal 6 cards each", label="Deal"),
    P("DRAFT", "Everyone picks 1 card in secret from their packet, then passes the rest left", "window", label="Draft"),
    P("FINALIZE", "Draw deck, Taste Me and Dawn Raid inserted, Hot Property deck, start player", label="Get ready"),
    P("TURN_MAIN", "The active player forms, adds, attacks, plays Actions, moves freely, or ends the turn", "turn",
      label="A player's turn"),
    P("FORM_ADD", "A gang is formed or added to: Hot Property draw, Recruit window", "window", label="Gang formed"),
    P("HOT_DECLARE", "The Hot card's attacker, ability, rival gang and targets are checked", label="Hot card played"),
    P("DEFENSE", "From the attacker's left, each other player may neutralize the Hot card", "window", label="Defend?"),
    P("NEUTRALIZED", "The attacker may Reconsider", "choice", label="Neutralized"),
    P("BODYGUARD", "The target's owner may sacrifice a Bodyguard", "choice", label="Bodyguard?"),
    P("HOT_RESOLVE", "The Hot card's effect happens (placement chosen for a Turncoat)", "choice",
      label="The Hot card hits"),
    P("POST_HOT", "Lord draw, Kiss of Death, Bribe and Recruit windows", "window", label="After the attack"),
    P("ACTION_RESOLVE", "An Action card resolves (Bagman, Booster, Shakedown, Earner)", "choice", label="Action card"),
    P("HP_RESOLVE", "A Hot Property used on one's turn resolves", "choice", label="Hot Property"),
    P("DRAW", "Cards are drawn one at a time: hand limit, Taste Me, Dawn Raid, last card", "choice", label="Draw"),
    P("DAWN_RAID", "Everyone rearranges their gangs at once, in secret", "window", label="Dawn Raid"),
    P("PASS_DISCARD", "A pass: discard 1 card from the hand or a gang", "choice", label="Pass: discard a card"),
    P("END_DRAW", "The end-of-turn draw of 2 cards", "choice", label="Draw 2 to end the turn"),
    P("FINAL_ROUND", "The final round: one more turn each, nobody draws", label="Final round"),
    P("SCORING", "Hands, Hot Properties and incomplete gangs are discarded; gangs score", label="Scoring"),
    P("GAME_OVER", "The most points wins (tie-breaks: Brotherhoods, fewest peppers)", label="Game over"),
]

TRANSITIONS = [
    T("BUILD", "DEAL", "deck built", ("MAFIA-COMP-1", "MAFIA-COMP-2", "MAFIA-SETUP-2", "MAFIA-SETUP-3",
                                      "MAFIA-PROMO-RUMBLE-3")),
    T("DEAL", "DRAFT", "3+ players: draft", ("MAFIA-SETUP-4", "MAFIA-DRAFT-1")),
    T("DEAL", "FINALIZE", "2 players: no draft", ("MAFIA-DRAFT-2", "MAFIA-2P-1")),
    T("DRAFT", "DRAFT", "picks in, packets passed left", ("MAFIA-DRAFT-1",)),
    T("DRAFT", "FINALIZE", "hands of 6", ("MAFIA-DRAFT-1",)),
    T("FINALIZE", "TURN_MAIN", "first turn", ("MAFIA-SETUP-5", "MAFIA-SETUP-6", "MAFIA-SETUP-7", "MAFIA-SETUP-8",
                                              "MAFIA-SETUP-9", "MAFIA-PROMO-TASTE-1")),
    # the turn (MAFIA-TURN-*)
    T("TURN_MAIN", "FORM_ADD", "form or add", ("MAFIA-GANG-1", "MAFIA-GANG-4", "MAFIA-TEAM-3", "MAFIA-GF-WITCH-1")),
    T("FORM_ADD", "FORM_ADD", "next seat asked (Recruit)", ("MAFIA-HP-RECRUIT-1",)),
    T("FORM_ADD", "TURN_MAIN", "back to the turn", ("MAFIA-HP-1", "MAFIA-TURN-1")),
    T("TURN_MAIN", "HOT_DECLARE", "Hot card within the allowance", ("MAFIA-HOT-1", "MAFIA-HOT-2")),
    T("HOT_DECLARE", "DEFENSE", "declaration valid", ("MAFIA-HOT-3", "MAFIA-HOT-4")),
    T("DEFENSE", "DEFENSE", "next seat asked", ("MAFIA-HOT-4", "MAFIA-ACT-FUGG-1")),
    T("DEFENSE", "NEUTRALIZED", "neutralized", ("MAFIA-ACT-FUGG-1", "MAFIA-HP-EASYPAL-1", "MAFIA-HP-LIFELINE-1")),
    T("NEUTRALIZED", "TURN_MAIN", "Reconsider or not", ("MAFIA-HP-RECONSIDER-1", "MAFIA-HOT-6")),
    T("DEFENSE", "BODYGUARD", "all declined; a Bodyguard may step in", ("MAFIA-HOT-5", "MAFIA-ADV-BODYGUARD-1")),
    T("DEFENSE", "HOT_RESOLVE", "all declined", ("MAFIA-HOT-5",)),
    T("BODYGUARD", "BODYGUARD", "the next target's Bodyguard asked", ("MAFIA-ADV-BODYGUARD-1",)),
    T("BODYGUARD", "HOT_RESOLVE", "Bodyguard decided", ("MAFIA-ADV-BODYGUARD-1",)),
    T("HOT_RESOLVE", "POST_HOT", "effect applied", ("MAFIA-HOT-PINCH-1", "MAFIA-HOT-WHACK-1", "MAFIA-HOT-WHACKEM-1",
                                                    "MAFIA-HOT-TURNCOAT-1", "MAFIA-PROMO-RUMBLE-2")),
    T("POST_HOT", "POST_HOT", "next trigger", ("MAFIA-HOT-5", "MAFIA-HP-KISS-1", "MAFIA-HP-BRIBE-1")),
    T("POST_HOT", "DRAW", "Lord draws", ("MAFIA-GF-LORD-1",)),
    T("DRAW", "POST_HOT", "Lord's card drawn", ("MAFIA-GF-LORD-1",)),
    T("POST_HOT", "TURN_MAIN", "back to the turn", ("MAFIA-HOT-5",)),
    T("TURN_MAIN", "ACTION_RESOLVE", "Action card", ("MAFIA-ACT-1",)),
    T("ACTION_RESOLVE", "DRAW", "Earner draws", ("MAFIA-ACT-EARNER-1",)),
    T("ACTION_RESOLVE", "TURN_MAIN", "Action resolved", ("MAFIA-ACT-BAGMAN-1", "MAFIA-ACT-BOOSTER-1",
                                                         "MAFIA-ACT-SHAKEDOWN-1", "MAFIA-HAND-2")),
    T("DRAW", "TURN_MAIN", "cards drawn", ("MAFIA-HAND-1", "MAFIA-HAND-2", "MAFIA-PROMO-TASTE-2")),
    T("TURN_MAIN", "HP_RESOLVE", "Hot Property on one's turn", ("MAFIA-HP-3", "MAFIA-HP-4")),
    T("HP_RESOLVE", "DRAW", "Lucky Dime draws", ("MAFIA-HP-LUCKYDIME-1",)),
    T("HP_RESOLVE", "TURN_MAIN", "Hot Property resolved", ("MAFIA-HP-3",)),
    T("HP_RESOLVE", "ACTION_RESOLVE", "Snoop: the Booster's cards come in", ("MAFIA-HP-SNOOP-1", "MAFIA-ACT-BOOSTER-1")),
    T("DRAW", "HP_RESOLVE", "Lucky Dime's card drawn", ("MAFIA-HP-LUCKYDIME-1",)),
    T("TURN_MAIN", "DRAW", "Earner, Gambler or 2-player exchange draws", ("MAFIA-ACT-EARNER-1", "MAFIA-GF-GAMBLER-1",
                                                                     "MAFIA-2P-2")),
    T("DRAW", "DAWN_RAID", "Dawn Raid revealed", ("MAFIA-DAWN-1",)),
    T("DAWN_RAID", "DAWN_RAID", "next team member revises", ("MAFIA-DAWN-6",)),
    T("DAWN_RAID", "TURN_MAIN", "raid over", ("MAFIA-DAWN-2", "MAFIA-DAWN-3", "MAFIA-DAWN-4", "MAFIA-DAWN-5")),
    T("DAWN_RAID", "FINAL_ROUND", "raid over; it was the deck's last card", ("MAFIA-DAWN-5", "MAFIA-END-1")),
    T("DAWN_RAID", "POST_HOT", "raid over: the interrupted effect goes on", ("MAFIA-DAWN-5",)),
    T("TURN_MAIN", "PASS_DISCARD", "end of turn without an action", ("MAFIA-TURN-2", "MAFIA-TURN-3")),
    T("PASS_DISCARD", "END_DRAW", "discarded", ("MAFIA-TURN-3",)),
    T("TURN_MAIN", "END_DRAW", "end of turn", ("MAFIA-TURN-4", "MAFIA-TURN-5")),
    T("END_DRAW", "DAWN_RAID", "Dawn Raid drawn: the turn ends", ("MAFIA-DAWN-1",)),
    T("END_DRAW", "TURN_MAIN", "next player", ("MAFIA-TURN-5", "MAFIA-SETUP-9")),
    T("END_DRAW", "FINAL_ROUND", "the last card was drawn", ("MAFIA-END-1",)),
    T("TURN_MAIN", "FINAL_ROUND", "a final turn ends (no draw)", ("MAFIA-END-2",)),
    T("PASS_DISCARD", "FINAL_ROUND", "a final turn ends with a pass", ("MAFIA-END-2", "MAFIA-TURN-3")),
    T("FINAL_ROUND", "TURN_MAIN", "next final turn", ("MAFIA-END-1",)),
    T("FINAL_ROUND", "SCORING", "every player had a final turn", ("MAFIA-END-1",)),
    T("SCORING", "GAME_OVER", "scores compared", ("MAFIA-SCORE-1", "MAFIA-SCORE-2", "MAFIA-SCORE-3",
                                                  "MAFIA-TIE-1", "MAFIA-HP-5")),
]

FLOW = Flow("mafia", PHASES, TRANSITIONS, start="BUILD")
