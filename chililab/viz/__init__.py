"""chililab.viz: pure functions from game data to pictures (no widget state).

- cards: ``card_svg(card)``, ``card_back_svg()`` -> inline SVG strings
- table: ``table_svg(view)``, ``game_html(game, viewer)`` -> one inline SVG of the table
- flow: ``flow_svg(flow, counts, current)`` -> SVG laid out by Graphviz; ``highlight_style(phase)`` -> ``<style>``
- charts: ``wins_by_seat(df)``, ``length_histogram(df)``, ``edge_frequency(df)``, ``edge_counts(df)``

Cards and tables need only the standard library, so they are imported at once
(rich display of a card, see ``chililab.display``, stays light). The flow (pygraphviz) and Plotly parts
load on first use.
"""
from .cards import card_back_svg, card_kinds, card_svg, hand_svg
from .table import game_html, table_svg

_LAZY = {
    "flow_svg": "flow", "highlight_style": "flow", "width_style": "flow",
    "wins_by_seat": "charts", "length_histogram": "charts", "edge_frequency": "charts", "edge_counts": "charts",
}

__all__ = ["card_svg", "card_back_svg", "card_kinds", "hand_svg", "table_svg", "game_html",
           "flow_svg", "highlight_style", "width_style",
           "wins_by_seat", "length_histogram", "edge_frequency", "edge_counts"]


def __getattr__(name):
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'chililab.viz' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{mod}"), name)
    globals()[name] = value
    return value
