"""Chili Loco's pages: the only part of the game that imports widgets or Plotly (docs/game-folder.md).

- :mod:`.dashboard`: ``app()``, the dashboard (``dashboards/loco.ipynb``);
- :mod:`.tutorial`: ``notebook()``, the tutorial notebook's cells (``notebooks/loco_tutorial.ipynb``);
- :mod:`.probability`: ``NOTEBOOK``, the probability lesson (``notebooks/loco_probability.ipynb``);
- :mod:`.explorer`: ``app()``, the probability explorer (``dashboards/loco_explorer.ipynb``).
"""
