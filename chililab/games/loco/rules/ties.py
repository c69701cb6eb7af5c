"""Settling ties (loco.md 2.11, LOCO-TIE-1): exactly level reactions are settled by a seeded pick.

The table's ``tie_method`` (coin flip, table talk, rock paper scissors, table vote) is named in the
event; the pick itself is the kernel's (:meth:`chililab.engine.race.Races.tie_break`), which calls
this hook to announce it.
"""
from __future__ import annotations

from .base import LocoBase, seat_name


class TieRules(LocoBase):
    """Mixin of LocoState: the tie-break event, in the table's words."""

    def _tie_event(self, tied, what, pick):
        """LOCO-TIE-1: equal latencies are settled by a seeded uniform choice."""
        self.event("tie", f"{', '.join(seat_name(t) for t in tied)} were exactly level in {what}; "
                   f"the {self.opts['tie_method'].replace('_', ' ')} picks P{pick}", ("LOCO-TIE-1",))
