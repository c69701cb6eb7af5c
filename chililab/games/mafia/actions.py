"""Action cards played on one's own turn (mafia.md section 2.6): so far Shakedown.

A :class:`~.moves.PlayAction` is offered in TURN_MAIN to the active player only
(MAFIA-ACT-1: other seats have no decision then); the card is discarded first, then
resolved, and playing it is an action (MAFIA-TURN-1: the turn is no pass).
Shakedown (MAFIA-ACT-SHAKEDOWN-1, DEC-40) takes one card, drawn with the game's
seeded PRNG, from another seat holding a card; the card is named only to the two
players involved. After the Shakedown is discarded the hand holds at most 7, so
the card taken never needs a hand-limit discard (MAFIA-HAND-1).
Not built: Earner, Bagman, Booster (``NOTES.md``).
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import MafiaBase
from .moves import PlayAction

ACTION_KEYS = ("shakedown",)  # the Action cards playable on one's turn built so far


class ActionRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-ACT-1, ACT-SHAKEDOWN-1."""

    def _action_moves(self, seat):
        """Every Action play open to the active player: one per victim for a Shakedown (copies are one choice)."""
        card = next((c for c in sorted(self.hands[seat]) if c.key == "shakedown"), None)
        if card is None:
            return []
        return [PlayAction(seat, card, t) for t in range(self.n) if t != seat and self.hands[t]]

    def _action_problem(self, m):
        """Why the PlayAction ``m`` is refused now, or None (the active player's turn is checked before)."""
        p = m.player
        if m.card not in self.hands[p]:
            return IllegalMove("MAFIA-ACT-1", f"{m.card!r} is not in P{p}'s hand", m)
        if m.card.key not in ACTION_KEYS:
            return IllegalMove("MAFIA-ACT-1", f"{m.card} cannot be played on a turn (built: Shakedown)", m)
        t = m.target
        if type(t) is not int or not 0 <= t < self.n or t == p:
            return IllegalMove("MAFIA-ACT-SHAKEDOWN-1", "a Shakedown names another player", m)
        if not self.hands[t]:
            return IllegalMove("MAFIA-ACT-SHAKEDOWN-1", f"P{t} holds no card to take", m)
        return None

    def _play_action(self, m):
        """MAFIA-ACT-1: discard the card first, then resolve it; it is an action."""
        p = m.player
        self.hands[p].remove(m.card)
        self.discard.append(m.card)
        self.acted = True
        t = m.target
        taken = self.hands[t].pop(self.rng.randrange(len(self.hands[t])))
        self.hands[p].append(taken)
        self.event("shakedown", ("P{} plays {} and takes {} from P{}", p, m.card, taken, t),
                   ("MAFIA-ACT-1", "MAFIA-ACT-SHAKEDOWN-1"), audience=frozenset((p, t)),
                   public_text=("P{} plays {} and takes a card from P{}", p, m.card, t))
