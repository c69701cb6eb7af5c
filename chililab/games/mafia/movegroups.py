"""Chili Mafia's move buttons in groups a person can scan (``GameSpec.move_group``).

>>> from chililab.games import mafia
>>> g = mafia.new_game(players=2, seed=7)
>>> move_group(g.view(0), mafia.EndTurn(0))
('end turn', None)
"""
from __future__ import annotations

#: group titles in the order the buttons show them
ORDER = ("pick", "gangs", "hot cards", "action cards", "defend", "place", "discard", "end turn")
_GROUP = {"Pick": "pick", "Form": "gangs", "Add": "gangs", "MovePepper": "gangs", "Arrange": "gangs",
          "PlayHot": "hot cards", "PlayAction": "action cards", "Neutralize": "defend", "Decline": "defend",
          "Place": "place", "Discard": "discard", "EndTurn": "end turn"}
MORE = "more"  # moves of kinds added later (abilities, Hot Properties) until they get a group of their own


def move_group(view, move) -> tuple[str, str | None]:
    """(group title, None) of one legal move: every Chili Mafia move the rules offer can change the game."""
    return _GROUP.get(type(move).__name__, MORE), None


move_group.ORDER = ORDER  # type: ignore[attr-defined]  # the registry reads the groups' order off the function
