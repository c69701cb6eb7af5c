"""The built-in games, one folder each (``docs/game-folder.md``). No UI imports in their rules.

Each game is registered through the ``chililab.games`` entry-point group, as any plug-in is
(``pyproject.toml``; see ``docs/adding-a-game.md``): nothing here lists them.
"""
