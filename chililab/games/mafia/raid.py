"""The Dawn Raid (mafia.md section 2.7): everyone rearranges their gangs at once, in secret.

Drawn by the active player at the end of their turn (the only draw built so far),
it is revealed and leaves the game, the turn ends at once (MAFIA-DAWN-1), and a
simultaneous window asks every seat for an :class:`~.moves.Arrange`. Any
arrangement :func:`~.gangs.dawn_raid_problem` accepts is legal (MAFIA-DAWN-2/3);
since those are too many to list, ``legal_moves`` offers a few of them:
keeping the gangs as they are (when allowed), and the complete arrangements found
by the partition search for the table peppers alone and with every hand pepper.
No Hot Property is drawn (MAFIA-DAWN-4). Then the next player takes a turn, or
the final round goes on when the raid was the deck's last card (MAFIA-DAWN-5).
Team mode's joint arrangement (MAFIA-DAWN-6) is not built: each seat arranges its own gangs.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import MafiaBase
from .cards import Card
from .gangs import dawn_raid_problem, full_partition
from .moves import Arrange


def _cards_for(partition, pool):
    """The gangs of a key partition, filled with physical cards from ``pool``."""
    pool = list(pool)
    gangs = []
    for keys in partition:
        gang = []
        for k in keys:
            c = next(c for c in pool if c.key == k)
            pool.remove(c)
            gang.append(c)
        gangs.append(tuple(sorted(gang)))
    return gangs


class RaidRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-DAWN-1..5."""

    def _start_raid(self, drawer):
        """MAFIA-DAWN-1: the active drawer's turn ends at once; everyone rearranges in secret.

        A non-active drawer (a Lord draw) ends nobody's turn: after the raid the interrupted
        effect and the active player's turn go on (MAFIA-DAWN-5, DEC-17).
        """
        self.dawn_raid_drawn = True
        self.drawer = self.draw_clause = None
        if drawer == self.current:
            self.drop_returns()  # the turn ends where it stands: no step it was in comes back
            self.event("dawn_raid", ("P{} draws the Dawn Raid! It leaves the game, the turn ends, and everyone "
                                     "rearranges their gangs in secret", drawer), ("MAFIA-DAWN-1",))
        else:
            self.event("dawn_raid", ("P{} draws the Dawn Raid! It leaves the game, and everyone rearranges their "
                                     "gangs in secret; then P{}'s turn goes on", drawer, self.current),
                       ("MAFIA-DAWN-1", "MAFIA-DAWN-5"))
        self.go("DAWN_RAID")
        self.ask("window", range(self.n), "Dawn Raid: rearrange your gangs (you may add peppers from your hand)")
        return True

    def _raid_moves(self, seat):
        """A few accepted arrangements: as they are, and complete ones from the partition search."""
        table = [c for g in self.gangs[seat] for c in g]
        hand = [c for c in self.hands[seat] if c.pepper]
        options = [list(self.gangs[seat])]
        for pool in (table, table + hand):
            part = full_partition(c.key for c in pool)
            if part is not None:
                options.append(_cards_for(part, pool))
        out = []
        for gangs in options:
            m = Arrange.of(seat, gangs)
            if m not in out and dawn_raid_problem(table, self.hands[seat], gangs) is None:
                out.append(m)
        return out

    def _raid_problem(self, m):
        """Why an arrangement is refused (MAFIA-DAWN-2/3), or None when it is accepted."""
        if not isinstance(m, Arrange):
            return IllegalMove("MAFIA-DAWN-2", "during the Dawn Raid the only move is to arrange your gangs", m)
        if not isinstance(m.cards, tuple) or not all(isinstance(c, Card) for c in m.cards):
            return IllegalMove("MAFIA-DAWN-2", "an arrangement lists cards", m)
        gangs = m.gangs
        if gangs is None:
            return IllegalMove("MAFIA-DAWN-2", f"the gang sizes {m.sizes!r} do not split the {len(m.cards)} cards", m)
        table = [c for g in self.gangs[m.player] for c in g]
        why = dawn_raid_problem(table, self.hands[m.player], gangs)
        return None if why is None else IllegalMove(why[0], why[1], m)

    def _resolve_raid(self, answers):
        """MAFIA-DAWN-2/4/5: every arrangement is revealed and takes effect; then play goes on."""
        for s in range(self.n):
            gangs = answers[s].gangs
            placed = {c for g in gangs for c in g}
            self.hands[s] = [c for c in self.hands[s] if c not in placed]
            self.gangs[s] = tuple(tuple(g) for g in gangs)
            self.event("arranged", ("P{} arranges: {}", s, " | ".join(", ".join(map(str, g)) for g in gangs) or "no gang"),
                       ("MAFIA-DAWN-2", "MAFIA-DAWN-4"))
        if self.returns:  # MAFIA-DAWN-5, DEC-17: a non-active player drew it; the interrupted effect goes on
            self._resume(self.ret())
            return
        if self.final_left is not None:  # the raid was the last card (MAFIA-END-1)
            self.go("FINAL_ROUND")
            return
        self._next_turn("TURN_MAIN")  # MAFIA-DAWN-5: the active player drew it; the next player goes on
