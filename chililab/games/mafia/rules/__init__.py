"""Chili Mafia's rules: one module per rulebook section (``shared/rules/mafia.md`` section 2), on the kernel only.

- ``base.py``: the typed base every section's mixin subclasses (the fields of a position);
- ``state.py``: the rules state, the base plus one mixin per section, and the phase tables they declare;
- ``cards.py``, ``moves.py``, ``options.py``, ``flow.py``, ``view.py``, ``game.py`` (the session: ``new_game``,
  ``replay``, ``scenario``), ``scenario.py`` (explicit positions: where each card may be placed, checked);
- the sections: ``setup.py`` (2.1 setup and the draft), ``turn.py`` (2.2 the turn and the hand limit, 2.3 forming and
  adding gangs, the Sweet Chili), ``hot_cards.py`` (2.4-2.5 Hot cards, with the attack abilities of 2.11 and the
  Rumble promo of 2.14), ``action_cards.py`` (2.6), ``dawn_raid.py`` (2.7), ``game_end.py`` (2.8), ``two_player.py``
  (2.10), ``advanced.py`` (2.11: the Bodyguard), ``goodfellas.py`` (2.12: the turn abilities), ``hot_properties.py``
  (2.13);
- ``checks.py``: pure predicates and arithmetic (no state) that the sections, the bots and the odds share.

Imports ``chililab.engine`` and itself only (an import-linter contract in ``pyproject.toml``).
"""
