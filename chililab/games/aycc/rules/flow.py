"""All You Can Chili phases and transitions (aycc.md sections 3.2 and 3.3), declared once.

The rules state may take only these transitions, and ``FLOW.graph()`` draws the same
declaration. Differences from the catalogue's table:

- the serve is a sub-step (``SERVE`` -> ``EYE`` or ``FORK`` -> ``LAST_TARGET``), entered with the
  kernel's ``call(phase, back)`` and left with ``ret()``: from the turn (back to ``DRAW_UP``) and from
  Habi Wasabi's Green Frenzy (back to ``ABILITY``, no draw per dish). ``SERVE`` places the dish, runs
  the burn-out check (BURN_CHECK) and the icon (ICON: Lock and Chili tokens at once; Eye and Fork ask);
- ``FORK`` is a sub-step of its own, entered from a Fork dish (back to ``LAST_TARGET``) and from Vasco
  Tabasco's Quick Fork (back to ``ABILITY``);
- BURN_CHECK is not a phase: it runs inside every step that changes a heat or a tolerance; when a
  burn-out leaves at most one player in the round, that step goes straight to ``ROUND_END_CHECK``
  and every unfinished sub-step is abandoned (the round "ends at once", AYCC-ROUND-1);
- ``ABILITY`` (Inferno Mode) is declared from the start, with its edges, so the whole game's shape is
  fixed; the base game never enters it.
"""
from chililab.engine import Flow, Phase, Transition

P = Phase
T = Transition

PHASES = [
    P("ROUND_SETUP", "A new round: the row of characters, secret identities, tolerances, 4 dishes each; tokens "
                     "unplaced", label="New round"),
    P("TURN_BEGIN", "The turn begins (Inferno Mode: reveal your identity and use its ability, or not)", "turn",
      label="A turn begins"),
    P("ABILITY", "Inferno Mode: the revealed character's ability resolves", "choice", label="Ability"),
    P("ACTION", "Serve a dish to an active character, or withdraw your own character", "turn",
      label="Serve or withdraw"),
    P("SERVE", "The dish goes under the character; burn-out check; its icon applies", label="Dish served"),
    P("EYE", "Eye: look at an opponent's tolerance card, or not", "choice", label="Eye: peek at a tolerance"),
    P("FORK", "Fork: move the top dish of one character's pile onto another, or not", "choice",
      label="Fork: move a dish"),
    P("LAST_TARGET", "The Last Target token goes on the served character", label="Last Target token"),
    P("DRAW_UP", "The server draws back up to 4 dishes, if the deck allows", label="Draw back up to 4"),
    P("WITHDRAW", "The character leaves the round: identity and tolerance revealed, dishes scored", label="Withdraw"),
    P("ROUND_END_CHECK", "One player left, or every dish gone: the round ends; else the next player's turn",
      label="Is the round over?"),
    P("ROUND_SCORING", "The last player, or every player still in at exhaustion, scores", label="Round scoring"),
    P("GAME_END_CHECK", "Three rounds played, or someone reached the target: the game ends", label="Is the game over?"),
    P("GAME_OVER", "The most points wins; equal totals share the victory", label="Game over"),
]

TRANSITIONS = [
    T("ROUND_SETUP", "TURN_BEGIN", "dealt", ("AYCC-SETUP-3", "AYCC-SETUP-4", "AYCC-SETUP-5", "AYCC-SETUP-6",
                                             "AYCC-SETUP-7", "AYCC-ROUND-4")),
    T("TURN_BEGIN", "ACTION", "no ability", ("AYCC-TURN-1", "AYCC-TURN-2")),
    T("TURN_BEGIN", "ABILITY", "identity revealed", ("AYCC-INFERNO-1", "AYCC-INFERNO-2", "AYCC-INFERNO-3")),
    T("ABILITY", "ACTION", "ability done: the normal turn", ("AYCC-INFERNO-1",)),
    T("ABILITY", "SERVE", "Green Frenzy serves", ("AYCC-INFERNO-HABI-1",)),
    T("ABILITY", "FORK", "Quick Fork", ("AYCC-INFERNO-VASCO-1",)),
    T("ABILITY", "ROUND_END_CHECK", "the ability ended the round", ("AYCC-ROUND-1", "AYCC-ROUND-2")),
    T("ABILITY", "GAME_OVER", "Savage Diss reached the target", ("AYCC-GAME-2", "AYCC-INFERNO-KINGNAGA-1")),
    T("ACTION", "SERVE", "serve", ("AYCC-SERVE-1", "AYCC-SERVE-2", "AYCC-SERVE-3", "AYCC-SERVE-4")),
    T("ACTION", "WITHDRAW", "withdraw", ("AYCC-WITHDRAW-1", "AYCC-ICON-LOCK-2")),
    T("ACTION", "ROUND_END_CHECK", "nothing to do: turn skipped", ("AYCC-TURN-3",)),
    T("SERVE", "EYE", "Eye dish", ("AYCC-ICON-EYE-1",)),
    T("SERVE", "FORK", "Fork dish", ("AYCC-ICON-FORK-1",)),
    T("SERVE", "LAST_TARGET", "placed", ("AYCC-SERVE-4", "AYCC-BURN-1", "AYCC-ICON-LOCK-1", "AYCC-ICON-CHILI-1",
                                         "AYCC-ICON-STAR-1")),
    T("SERVE", "ROUND_END_CHECK", "a burn-out ended the round", ("AYCC-BURN-1", "AYCC-ROUND-1", "AYCC-ROUND-2")),
    T("EYE", "LAST_TARGET", "looked or declined", ("AYCC-ICON-EYE-1",)),
    T("FORK", "LAST_TARGET", "forked or declined", ("AYCC-ICON-FORK-1", "AYCC-ICON-FORK-2")),
    T("FORK", "ABILITY", "Quick Fork done", ("AYCC-INFERNO-VASCO-1",)),
    T("FORK", "ROUND_END_CHECK", "a forked dish ended the round", ("AYCC-ICON-FORK-2", "AYCC-ROUND-1",
                                                                    "AYCC-ROUND-2")),
    T("LAST_TARGET", "DRAW_UP", "serve done", ("AYCC-SERVE-2", "AYCC-SERVE-4")),
    T("LAST_TARGET", "ABILITY", "frenzy dish done", ("AYCC-INFERNO-HABI-1",)),
    T("DRAW_UP", "ROUND_END_CHECK", "drawn", ("AYCC-SERVE-6",)),
    T("WITHDRAW", "ROUND_END_CHECK", "scored", ("AYCC-WITHDRAW-2", "AYCC-WITHDRAW-4", "AYCC-BONUS-1",
                                                "AYCC-BONUS-2")),
    T("WITHDRAW", "GAME_OVER", "first to the target", ("AYCC-GAME-2",)),
    T("ROUND_END_CHECK", "TURN_BEGIN", "next player", ("AYCC-TURN-2", "AYCC-BURN-3", "AYCC-SETUP-7")),
    T("ROUND_END_CHECK", "ROUND_SCORING", "round over", ("AYCC-ROUND-1", "AYCC-ROUND-2", "AYCC-ROUND-3")),
    T("ROUND_SCORING", "GAME_END_CHECK", "scored", ("AYCC-ROUND-1", "AYCC-ROUND-3", "AYCC-BONUS-3",
                                                    "AYCC-NEUTRAL-2", "AYCC-ROUND-5")),
    T("GAME_END_CHECK", "ROUND_SETUP", "next round", ("AYCC-ROUND-4", "AYCC-SETUP-3")),
    T("GAME_END_CHECK", "GAME_OVER", "game over", ("AYCC-GAME-1", "AYCC-GAME-2")),
]

FLOW = Flow("aycc", PHASES, TRANSITIONS, start="ROUND_SETUP")
