"""The 2-player exchange (mafia.md section 2.10, MAFIA-2P-2; DEC-30).

With 2 players, once per turn (the option ``two_player_exchanges_per_turn``, 1 by
default; 0 turns it off), the active player may discard 1 or more Hot cards from
their hand and then draw one card per Hot card discarded: one
:class:`~.moves.Exchange` move in TURN_MAIN. It is a free move, not an action (a
turn with nothing else is still a pass, MAFIA-TURN-3), and it is not allowed in the
final round (MAFIA-END-2). The cards are drawn through the DRAW sub-step
(``turn._draw_then``: hand limit, Taste Me, last card); a Dawn Raid drawn there
ends the turn (MAFIA-DAWN-1). When the deck holds fewer cards than were discarded,
the draw stops at its last card (which triggers the final round, MAFIA-END-1).
"""
from __future__ import annotations

from itertools import product

from chililab.engine import IllegalMove

from .base import MafiaBase
from .cards import Card
from .moves import Exchange


class TwoPlayerRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-2P-2."""

    def _exchange_open(self, seat) -> str | None:
        """Why ``seat`` may not exchange now (in words), or None: 2 players, turns left, not in the final round."""
        if self.n != 2:
            return "the Hot-card exchange is for 2-player games only"
        if self.final_left is not None:
            return "no exchange in the final round: nobody draws any more"
        cap = self.opts["two_player_exchanges_per_turn"]
        if self.exchanges >= cap:
            return f"P{seat} may exchange Hot cards {cap} time(s) per turn and has done so {self.exchanges} time(s)"
        return None

    def _exchange_moves(self, seat):
        """Every exchange open to the active player, each choice once: which Hot cards, by type (the first copies)."""
        if self._exchange_open(seat) is not None:
            return []
        hots = sorted(c for c in self.hands[seat] if c.kind == "hot")
        by_key: dict[str, list[Card]] = {}
        for c in hots:
            by_key.setdefault(c.key, []).append(c)
        groups = list(by_key.values())
        out = []
        for counts in product(*(range(len(g) + 1) for g in groups)):
            cards = tuple(c for g, k in zip(groups, counts) for c in g[:k])
            if cards:
                out.append(Exchange(seat, cards))
        return out

    def _exchange_problem(self, m):
        """Why the Exchange ``m`` is refused, or None (any copies, in any order)."""
        why = self._exchange_open(m.player)
        if why is not None:
            return IllegalMove("MAFIA-2P-2", why, m)
        cards = m.cards
        hand = self.hands[m.player]
        if (not isinstance(cards, tuple) or not cards or len(set(cards)) != len(cards)
                or not all(isinstance(c, Card) and c in hand and c.kind == "hot" for c in cards)):
            return IllegalMove("MAFIA-2P-2", "an exchange discards 1 or more different Hot cards from your hand", m)
        return None

    def _exchange(self, m):
        """MAFIA-2P-2: the Hot cards go to the discard pile, then one card is drawn for each (a free move)."""
        p = m.player
        for c in m.cards:
            self.hands[p].remove(c)
            self.discard.append(c)
        self.exchanges += 1
        self.event("exchange", ("P{} trades {} away and draws {} (a free move)", p, ", ".join(map(str, m.cards)),
                                len(m.cards)), ("MAFIA-2P-2",))
        self._draw_then(p, len(m.cards), "MAFIA-2P-2", "TURN_MAIN")
