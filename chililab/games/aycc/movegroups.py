"""All You Can Chili's move buttons in groups a person can scan (``GameSpec.move_group``), each group titled
with the rule it plays.

>>> from chililab.games import aycc
>>> g = aycc.new_game(players=3, seed=7)
>>> p = g.decision.players[0]
>>> move_group(g.view(p), aycc.Withdraw(p))
('withdraw · AYCC-WITHDRAW-1', None)
"""
from __future__ import annotations

SERVE = "serve \u00b7 AYCC-SERVE-1"
WITHDRAW = "withdraw \u00b7 AYCC-WITHDRAW-1"
REVEAL = "reveal your identity \u00b7 AYCC-INFERNO-1"
EYE = "Eye \u00b7 AYCC-ICON-EYE-1"
FORK = "Fork \u00b7 AYCC-ICON-FORK-1"
#: Inferno Mode's ability moves: move name -> group title
ABILITY = {"Copy": "Mastery \u00b7 AYCC-INFERNO-GOCHUJANG-1", "Swap": "Fiery Dance \u00b7 AYCC-INFERNO-PIRI-1",
           "Endure": "I Must Endure! \u00b7 AYCC-INFERNO-FUEGO-1", "Diss": "Savage Diss \u00b7 AYCC-INFERNO-KINGNAGA-1"}
FRENZY = "Green Frenzy \u00b7 AYCC-INFERNO-HABI-1"
QUICK_FORK = "Quick Fork \u00b7 AYCC-INFERNO-VASCO-1"
ABILITY_PHASE = "ability \u00b7 AYCC-INFERNO-1"  # a Decline in the ABILITY phase (stop the frenzy, keep the tolerance)
#: group titles in the order the buttons show them
ORDER = (REVEAL, *ABILITY.values(), FRENZY, QUICK_FORK, ABILITY_PHASE, SERVE, WITHDRAW, EYE, FORK)
OTHER = "other moves"  # the same words as chililab.control.OTHER (games do not import upwards)
EYE_AGAIN = "AYCC-ICON-EYE-1"  # an Eye on a tolerance the viewer has already seen teaches it nothing new


def move_group(view, move) -> tuple[str, str | None]:
    """(group title, rule ID or None) of one legal move, as its player's ``view`` sees the table.

    A decline joins the group of the choice it declines (the reveal, the Eye, the Fork, the ability). An Eye on
    a player whose tolerance the viewer already saw with an Eye is legal but shows nothing new: it goes under
    "other moves" with the clause."""
    name, phase = type(move).__name__, view.phase
    if name == "Serve":
        return (FRENZY if phase == "ABILITY" else SERVE), None
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


# the generic layers read ORDER as an attribute of the function (mypy cannot declare one on a def)
move_group.__dict__["ORDER"] = ORDER
