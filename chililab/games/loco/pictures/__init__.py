"""Chili Loco's pictures: pure functions returning SVG strings (standard library only, no widget or Plotly code).

- :mod:`.cards`: ``card_svg(card)``, ``card_back_svg()``, ``hand_svg(cards)``, ``card_kinds()``
- :mod:`.table`: ``table_svg(view)``, ``game_html(game, viewer)``

The registry names them (``get("loco").picture("table")``), so the layers above
draw any game's table without naming the game.
"""
from .cards import card_back_svg, card_kinds, card_svg, hand_svg
from .table import game_html, table_svg

__all__ = ["card_svg", "card_back_svg", "card_kinds", "hand_svg", "table_svg", "game_html"]
