"""Chili Mafia in the notebooks and dashboards: the only part of the game that imports widgets or Plotly.

``dashboard.py`` (``app()``), ``tutorial.py`` (``notebook()``: the tutorial notebook's cells), ``explorer.py`` (the
probability explorer's ``app()``), ``probability.py`` (``NOTEBOOK``: the probability lesson).
"""
