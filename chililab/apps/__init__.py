"""Dashboards as importable, tested code: each ``dashboards/*.ipynb`` is a few cells calling one of these.

- :mod:`.game`: :class:`GameDashboard`, the dashboard of any registered game
  (a stepper against bots, the game's lessons, a new-game form, the flow view);
- :mod:`.loco`: Chili Loco's dashboard (``loco.app()``);
- :mod:`.index`: the landing page listing every registered game's dashboard and every explorer
  (:mod:`.explorers`);
- the explorers: each game's ``apps/explorer`` (exact
  chances beside simulated ones; the last two are :class:`.questions.QuestionExplorer` pages) and
  :mod:`.balance_explorer` (one option set of a game against another); :mod:`.estimates` holds what
  they share (a growing simulated value, the "simulate more" buttons);
- :mod:`.parts`: small pieces they share (the CSS in ``static/dashboard.css``, panels, form parsing).

A teacher opens ``dashboards/loco.ipynb``, sees ``from chililab.games.loco.apps import dashboard as loco; loco.app()``, and
can change the first deal (``loco.app(players=3, seed=42)``) or build their own page from the parts.
"""
