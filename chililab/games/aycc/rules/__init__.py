"""All You Can Chili's rules: one module per section of the rulebook (``shared/rules/aycc.md`` part 2).

``state.py`` assembles the rules state from ``base.py`` (the typed fields and Inferno Mode's hooks) and
one mixin per section: ``setup.py`` (2.1), ``turn.py`` (2.2), ``serving.py`` (2.3), ``withdrawing.py``
(2.4 and 2.5's bonuses), ``burning_out.py`` (2.6), ``end_of_round.py`` (2.7), ``icons.py`` (2.8) and
``inferno.py`` (2.9, its pure checks in ``checks.py``, which bots and odds may import). Around them:
``cards.py``, ``moves.py``, ``options.py``, ``flow.py``, ``view.py``, ``scenario.py`` (exact positions and
stacked deals, read and checked) and ``game.py`` (the session: ``new_game``, ``scenario``, ``replay``).

This package imports ``chililab.engine`` and itself only.
"""
