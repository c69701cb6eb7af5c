"""Twins and jumping in (loco.md 2.5, LOCO-TWIN-*): what a twin is, who may jump in, and the race to the pile."""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import AUDIENCE, LocoBase
from .cards import TWIN, Card, holds
from .moves import _JUMP, _PASS, Jump, Lay, Pass


class TwinRules(LocoBase):
    """Mixin of LocoState: twins, the secret jump-in poll and the landing race."""

    def _twin_problem(self, a: Card, b: Card, m) -> IllegalMove | None:
        """Why ``a`` and ``b`` are not a twin (LOCO-TWIN-1, -2), or None."""
        if a is b:
            return IllegalMove("LOCO-TWIN-1", "A twin is two different physical cards", m)
        if not (a.cream and b.cream):
            dark = a if not a.cream else b
            return IllegalMove("LOCO-TWIN-2", f"Only cream-bordered cards can be twinned; {dark} has a dark "
                               "border", m)
        if not a.identical(b):
            return IllegalMove("LOCO-TWIN-1", f"{a} and {b} are not identical (same name and same colour)", m)
        return None

    def _jump_holder(self):
        """The one player who holds the card identical to the cream top card (LOCO-TWIN-4, -6, -8)."""
        twin = TWIN[self.top.id]
        if twin is None:
            return None
        for s in range(self.n):
            if s != self.current and holds(self.hands[s], twin):
                if s == self.top_layer and not self.opts["allow_self_jump_in"]:
                    return None
                return s
        return None

    def _jump_moves(self, s):
        """The secret poll of the twin's holder (LOCO-TWIN-4): jump in, or pass."""
        twin = TWIN[self.pile[-1].id]
        assert twin is not None  # only the holder of the top card's twin is polled
        return ([_JUMP[s][twin.id]] if holds(self.hands[s], twin) else []) + [_PASS[s]]

    def _jump_problem(self, m):
        """Why the holder's move is refused: only the one identical card, alone (LOCO-TWIN-4, -10, MILK-1)."""
        p = m.player
        if isinstance(m, Pass):
            return None
        if isinstance(m, Jump):
            if len(m.cards) != 1:
                return IllegalMove("LOCO-TWIN-10", "A jump-in is always one card: the one identical to the "
                                   "top card", m)
            c = m.cards[0]
            if c is not TWIN[self.top.id]:
                return IllegalMove("LOCO-TWIN-4", f"{c} is not identical to the top card {self.top}", m)
            return self._hold(p, m.cards, m, "LOCO-TWIN-4")
        if isinstance(m, Lay) and m.cards and m.cards[0].name == "Milk Chaser":
            return IllegalMove("LOCO-CARD-MILK-1", "Milk Chaser is never an out-of-turn card: only the on-turn "
                               "player may lay it", m)
        return IllegalMove("LOCO-TWIN-4", f"It is P{self.current}'s turn; P{p} may only jump in or pass", m)

    def _resolve_jump(self, answers, a) -> bool:
        """A jump-in lands; against a lay, the two race to the pile (LOCO-TWIN-5, -7). True if it jumped."""
        cur = self.current
        j = answers.get(self.jumper) if self.jumper is not None and self.jumper != cur else None
        if not isinstance(j, Jump):
            return False
        jumper = self.jumper
        assert jumper is not None  # j is the jumper's answer
        if isinstance(a, Lay):
            order = self.race_order(self.race("landing", (cur, jumper), arrivals=list(answers)), "landing on the pile")
            if order[0] == jumper:
                self.event("landing", f"P{jumper}'s {j.cards[0]} lands before P{cur}'s card; P{cur}'s card goes "
                           "back to P{cur}'s hand".replace("{cur}", str(cur)), ("LOCO-TWIN-7", "LOCO-TWIN-5"),
                           AUDIENCE[cur][cur], f"P{jumper}'s {j.cards[0]} lands first; P{cur}'s card goes back")
                self.go("LAND")
                self._land(jumper, j.cards, jumped=True)
            else:
                self.event("landing", f"P{cur}'s card lands before P{jumper}'s jump-in; P{jumper}'s "
                           f"{j.cards[0]} goes back", ("LOCO-TWIN-7",))
                self.go("LAND")
                self._land(cur, a.cards)
        else:
            self.event("jump", f"P{jumper} jumps in before P{cur} lays; P{cur}'s turn ends",
                       ("LOCO-TWIN-4", "LOCO-TWIN-5"))
            self.go("LAND")
            self._land(jumper, j.cards, jumped=True)
        return True
