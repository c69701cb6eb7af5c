"""Rich display in notebooks: cards draw themselves as SVG, views and games as table pictures.

The engine and games layers never import drawing code (imports point down), so
the pictures are registered with IPython's display formatters by type *name*;
``chililab.viz`` (and plotly with it) is imported only when something is shown.
"""
from __future__ import annotations

import sys


def _card_svg(card):
    from chililab.viz.cards import card_svg

    return card_svg(card)


def _view_html(view):
    from chililab.viz.table import table_svg

    return table_svg(view)


def _game_html(game):
    return _view_html(game.view(None))


def register(ip=None) -> bool:
    """Register the formatters with the running IPython (no-op outside IPython)."""
    if ip is None:
        mod = sys.modules.get("IPython")
        ip = mod.get_ipython() if mod is not None else None
    if ip is None:
        return False
    fmts = ip.display_formatter.formatters
    fmts["image/svg+xml"].for_type_by_name("chililab.games.loco.cards", "Card", _card_svg)
    fmts["text/html"].for_type_by_name("chililab.games.loco.view", "LocoView", _view_html)
    fmts["text/html"].for_type_by_name("chililab.games.loco.game", "LocoGame", _game_html)
    return True
