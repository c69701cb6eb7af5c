"""ipywidgets composites that step through games: :class:`Stepper` and :class:`FlowView`.

>>> from chililab import loco
>>> from chililab.widgets import Stepper
>>> s = Stepper(loco.new_game(players=4, seed=7), seat=1)
>>> s.game.step
0
"""
from chililab.control import make_agent

from .clauses import clause_text
from .flow_view import FlowView
from .stepper import Stepper

__all__ = ["FlowView", "Stepper", "clause_text", "make_agent"]
