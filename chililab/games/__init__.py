"""The three games: rules only (cards as data, legal moves, effects). No UI imports."""
