"""Chili Loco's move buttons in groups a person can scan (``GameSpec.move_group``).

>>> from chililab.games.loco import new_game
>>> from chililab.games.loco.rules.moves import Call, Draw
>>> g = new_game(players=4, seed=7)
>>> move_group(g.view(0), Draw(0))
('draw', None)
>>> move_group(g.view(0), Call(0, 2))   # P2 holds 6 cards: a call cannot catch anyone
('other moves', 'LOCO-SHOUT-4')
"""
from __future__ import annotations

#: group titles in the order the buttons show them ("other moves" always comes last)
ORDER = ("slap", "lay", "draw", "help", "choose", "shout and call", "pass")
_GROUP = {"Lay": "lay", "Jump": "lay", "Draw": "draw", "Accept": "draw", "StallPass": "draw",
          "AskHelp": "help", "Offer": "help", "Touch": "help", "Leave": "help",
          "ChooseColour": "choose", "ChooseTarget": "choose", "Vote": "choose",
          "Shout": "shout and call", "Call": "shout and call", "Pass": "pass", "Slap": "slap"}
OTHER = "other moves"  # the same words as chililab.control.OTHER (games do not import upwards)
FUTILE_CALL = "LOCO-SHOUT-4"  # a call on a player with no open LOCO! obligation has no effect


def move_group(view, move) -> tuple[str, str | None]:
    """(group title, rule ID or None) of one legal move, as its player's ``view`` sees the table.

    A call of LOCO! on a player who is not on one card unshouted is legal but changes nothing:
    it goes under "other moves" with the clause that says so."""
    name = type(move).__name__
    if name == "Call" and move.target not in view.loco_open:
        return OTHER, FUTILE_CALL
    return _GROUP.get(name, OTHER), None


move_group.ORDER = ORDER  # type: ignore[attr-defined]  # GameSpec.move_group reads the titles from the function
