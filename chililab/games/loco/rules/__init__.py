"""Chili Loco's rules: one module per rulebook section (``shared/rules/loco.md``), on the kernel only.

``state.py`` assembles them (its docstring lists the sections); ``base.py`` types the position;
``checks.py`` holds the pure predicates bots and odds may import. Nothing here imports a layer above
the rules (import-linter contract in ``pyproject.toml``).
"""
