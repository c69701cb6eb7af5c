"""The deck (DRAW, and the reshuffle inside any step that empties it).

- C8-DRAW-1 / C8-DRAW-2: a drawn card goes to the player, who goes on with the turn; drawing the most
  cards a turn allows opens passing;
- C8-STOCK-1: without reshuffling, an empty deck stays empty: nobody draws, anybody may pass; drawing the
  last card counts as having drawn the most;
- C8-STOCK-2: with reshuffling, once the deck is empty the discard pile but its top card is shuffled into
  a new deck (after a card is drawn, and after a card is played);
- C8-TWO-2 / C8-TWO-3: a Two's penalty is drawn all at once, then the turn passes on; if the deck runs out
  first the rest is cancelled (and drawing the penalty's last card as the deck's last counts as a pass).
"""
from __future__ import annotations

from .base import ONLY, C8Base
from .cards import Card, Shown


class StockRules(C8Base):
    """Taking cards from the deck, refilling it, and the automatic DRAW phase."""

    def _take(self) -> Card:
        """The next card out of the deck: the setup's next face while it lasts (any copy), else the top card."""
        stock = self.stock
        if not stock:  # pragma: no cover - the rules never draw from an empty deck
            raise RuntimeError("crazy_eights: a card was taken from an empty deck")
        if self.fi < len(self.forced):
            face = self.forced[self.fi]
            self.fi += 1
            at = min((i for i, c in enumerate(stock) if c.face == face), key=lambda i: stock[i].id, default=None)
            if at is not None:
                return stock.pop(at)
            self.fi = len(self.forced)  # the setup names a card that is not in the deck: random from here on
        return stock.pop()

    def _refill(self) -> None:
        """C8-STOCK-2: an empty deck, with reshuffling on, becomes the discard pile but its top card, shuffled."""
        if self.stock or not self.opts["reshuffle"] or len(self.discard) < 2:  # nothing under the top card
            return
        self.stock = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.rng.shuffle(self.stock)
        self.event("reshuffle", ("The deck is empty: the discard pile but its top card is shuffled into a new "
                                 "deck of {} cards", len(self.stock)), ("C8-STOCK-2",))

    def _draw_step(self) -> bool:
        """DRAW (automatic): one card, or the whole penalty of the Twos."""
        p = self.current
        if self.penalty:
            drawn = []
            while True:
                c = self._take()
                self._give(p, c)
                drawn.append(c)
                self._refill()
                if not self.stock:
                    self.can_pass = True
                self.penalty -= 1
                if not self.stock:
                    if self.penalty:
                        self.event("penalty_cancelled", ("The deck is empty: the other {} penalty cards are "
                                                         "cancelled", self.penalty), ("C8-TWO-3",))
                    else:
                        self.passes += 1
                    self.penalty = 0
                if not self.penalty:
                    break
            self.event("penalty", ("P{} draws {} for the Twos", p, Shown(drawn)), ("C8-TWO-2",),
                       audience=ONLY[p], public_text=("P{} draws {} cards for the Twos", p, len(drawn)),
                       data={"seat": p, "count": len(drawn)})
            self.current = self._step()
        else:
            c = self._take()
            self._give(p, c)
            self._refill()
            if not self.stock:
                self.can_pass = True
            self.draws += 1
            self.event("draw", ("P{} draws the {}", p, c), ("C8-DRAW-1",), audience=ONLY[p],
                       public_text=("P{} draws a card", p))
            if not self.stock:
                self.draws = self.opts["max_draw_cards"]
                self.event("stock_empty", "The deck is empty: nobody can draw, anybody may pass", ("C8-STOCK-1",))
            if self.draws == self.opts["max_draw_cards"]:
                self.can_pass = True
        self.go("TURN")
        self._ask_turn()
        return True
