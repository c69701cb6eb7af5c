"""chililab.viz: pure functions from game data to pictures (no widget state).

- flow: ``flow_svg(flow, counts, current)`` -> SVG laid out by Graphviz (shipped as package data, ``flow_layout``); ``highlight_style(phase)`` -> ``<style>``
- charts: ``wins_by_seat(df)``, ``length_histogram(df)``, ``edge_frequency(df)``, ``edge_counts(df)``,
  ``tournament_chart(standings)`` (win shares and ratings with intervals: :mod:`chililab.sim.tournament`)

What is drawn for one game (its table and cards) sits with that game's
registration (``chililab.engine.registry.get(name).picture("table")``), not
here. The flow and Plotly parts load on first use.
"""

_LAZY = {
    "flow_svg": "flow", "highlight_style": "flow", "width_style": "flow",
    "wins_by_seat": "charts", "length_histogram": "charts", "edge_frequency": "charts", "edge_counts": "charts",
    "tournament_chart": "charts",
}

__all__ = ["flow_svg", "highlight_style", "width_style",
           "wins_by_seat", "length_histogram", "edge_frequency", "edge_counts", "tournament_chart"]


def __getattr__(name):
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'chililab.viz' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{mod}"), name)
    globals()[name] = value
    return value
