"""The games: rules only (cards as data, legal moves, effects). No UI imports.

Adding a game: write its package here and add one line to ``BUILTIN`` naming
its :class:`chililab.engine.registry.GameSpec` (see ``docs/adding-a-game.md``).
"""
BUILTIN = (
    "chililab.games.loco.spec:SPEC",
    "chililab.games.mafia.spec:SPEC",
    "chililab.games.aycc.spec:SPEC",
)
