"""All You Can Chili's apps: the only part of the game that imports widgets or Plotly (docs/game-folder.md).

``dashboard.py`` (``app()``), ``tutorial.py`` (``notebook()``: the tutorial notebook's cells), ``probability.py``
(``NOTEBOOK``: the probability lesson) and ``explorer.py`` (``app()``: the probability explorer).
"""
