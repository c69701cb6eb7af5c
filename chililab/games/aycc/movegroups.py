"""All You Can Chili's move buttons in groups a person can scan (``GameSpec.move_group``), each group titled
with the rule it plays, and each button in words (``GameSpec.move_label``).

The serves come one group per dish in hand, named for the dish and what it does ("serve a 5 with the Fork:
then you may move the top dish of one pile onto another"), its buttons the characters it may go to.

>>> from chililab.games import aycc
>>> g = aycc.new_game(players=3, seed=7)
>>> p = g.decision.players[0]
>>> move_group(g.view(p), aycc.Withdraw(p))
('withdraw · AYCC-WITHDRAW-1', None)
>>> serve = next(m for m in g.legal_moves(p) if type(m).__name__ == "Serve")
>>> move_group(g.view(p), serve)[0].startswith("serve a "), move_label(g.view(p), serve).startswith("to ")
(True, True)
"""
from __future__ import annotations

from chililab.engine.words import people, seat_name

from .rules.cards import CHARACTERS
from .text import dish_effect, dish_words, learner

SERVE = "serve"
WITHDRAW = "withdraw \u00b7 AYCC-WITHDRAW-1"
REVEAL = "reveal your identity \u00b7 AYCC-INFERNO-1"
EYE = "Eye: look at a tolerance card \u00b7 AYCC-ICON-EYE-1"
FORK = "Fork: move a top dish \u00b7 AYCC-ICON-FORK-1"
#: Inferno Mode's ability moves: move name -> group title
ABILITY = {"Copy": "Mastery \u00b7 AYCC-INFERNO-GOCHUJANG-1", "Swap": "Fiery Dance \u00b7 AYCC-INFERNO-PIRI-1",
           "Endure": "I Must Endure! \u00b7 AYCC-INFERNO-FUEGO-1", "Diss": "Savage Diss \u00b7 AYCC-INFERNO-KINGNAGA-1"}
FRENZY = "Green Frenzy \u00b7 AYCC-INFERNO-HABI-1"
QUICK_FORK = "Quick Fork \u00b7 AYCC-INFERNO-VASCO-1"
ABILITY_PHASE = "ability \u00b7 AYCC-INFERNO-1"  # a Decline in the ABILITY phase (stop the frenzy, keep the tolerance)
#: group titles in the order the buttons show them (a serve group's title starts with SERVE)
ORDER = (REVEAL, *ABILITY.values(), FRENZY, QUICK_FORK, ABILITY_PHASE, SERVE, WITHDRAW, EYE, FORK)
OTHER = "other moves"  # the same words as chililab.control.OTHER (games do not import upwards)
EYE_AGAIN = "AYCC-ICON-EYE-1"  # an Eye on a tolerance the viewer has already seen teaches it nothing new
#: a Decline's words in each phase it can be made in
DECLINE = {"TURN_BEGIN": "keep it secret", "EYE": "don't look", "FORK": "don't move a dish",
           "ABILITY": "stop here"}


def _serve_title(dish) -> str:
    effect = dish_effect(dish)
    return f"{SERVE} {dish_words(dish)}" + (f": {effect}" if effect else "") + " \u00b7 AYCC-SERVE-1"


def _name(character: int) -> str:
    return CHARACTERS[character].name


def move_group(view, move) -> tuple[str, str | None]:
    """(group title, rule ID or None) of one legal move, as its player's ``view`` sees the table.

    A decline joins the group of the choice it declines (the reveal, the Eye, the Fork, the ability). An Eye on
    a player whose tolerance the viewer already saw with an Eye is legal but shows nothing new: it goes under
    "other moves" with the clause."""
    name, phase = type(move).__name__, view.phase
    if name == "Serve":
        return (FRENZY if phase == "ABILITY" else _serve_title(move.dish)), None
    if name == "Withdraw":
        return WITHDRAW, None
    if name == "Eye":
        if any(s == move.seat for s, _ in view.peeks):
            return OTHER, EYE_AGAIN
        return EYE, None
    if name == "Fork":
        return (FORK if view.serving is not None else QUICK_FORK), None
    if name == "Reveal":
        return REVEAL, None
    if name in ABILITY:
        return ABILITY[name], None
    # Decline: the choice it turns down
    if phase == "TURN_BEGIN":
        return REVEAL, None
    if phase == "EYE":
        return EYE, None
    if phase == "FORK":
        return (FORK if view.serving is not None else QUICK_FORK), None
    return ABILITY_PHASE, None


def move_label(view, move) -> str:
    """A move button's words, within its group: a serve names the character it goes to (the group names the dish;
    a Green Frenzy serve names both), a decline what is turned down; anything else the move's own words."""
    name = type(move).__name__
    if name == "Serve":
        if view.phase == "ABILITY":
            return f"serve {dish_words(move.dish)} to {_name(move.target)}"
        return f"to {_name(move.target)}"
    if name == "Withdraw":
        return "withdraw: score your dishes and leave the round"
    if name == "Eye":
        return f"look at {seat_name(move.seat)}'s tolerance card"
    if name == "Fork":
        return f"move the top dish of {_name(move.source)} onto {_name(move.dest)}"
    if name == "Reveal":
        return "reveal your Secret Identity"
    if name == "Decline":
        return DECLINE.get(view.phase, "decline")
    return learner(people(str(move))).removeprefix(f"{seat_name(move.player)} ")


# the generic layers read ORDER as an attribute of the function (mypy cannot declare one on a def)
move_group.__dict__["ORDER"] = ORDER
