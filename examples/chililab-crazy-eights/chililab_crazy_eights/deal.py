"""Setup (DEAL, TURN_UP): the dealer, the deal, the first card of the discard pile.

- C8-DEAL-1: a dealer chosen at random (the setup may name one);
- C8-DEAL-2: 5 cards each (7 with two players), one at a time from the dealer's left, the dealer last;
- C8-START-1 / C8-START-2: the dealer turns up the top card; an eight goes back into the deck (at a random
  place: the next card is again any card of the deck, as OpenSpiel's chance node draws) and another is turned;
- C8-START-3 / C8-START-4: the player on the dealer's left begins; with special cards the turned card acts
  as if the dealer had played it.
"""
from __future__ import annotations

from .base import ONLY, C8Base
from .cards import EIGHT, Shown, deck, decks_for


class DealRules(C8Base):
    """DEAL and TURN_UP (both automatic)."""

    def _deal(self) -> bool:
        n = self.n
        given = (self.setup or {}).get("dealer")
        self.dealer = given if given is not None else self.rng.randrange(n)
        self.stock = list(deck(decks_for(n)))
        self.rng.shuffle(self.stock)
        self.hands = [[] for _ in range(n)]
        self.event("dealer", ("P{} deals {} cards each from {} deck{}", self.dealer, self.hand_size,
                              decks_for(n), "s" if decks_for(n) > 1 else ""), ("C8-DECK-1", "C8-DEAL-1"))
        seat = self.dealer
        for _ in range(n * self.hand_size):
            seat = (seat + 1) % n
            self._give(seat, self._take())
        for s, hand in enumerate(self.hands):
            self.event("dealt", ("P{} is dealt {}", s, Shown(hand)), ("C8-DEAL-2",),
                       audience=ONLY[s], public_text=("P{} is dealt {} cards", s, len(hand)))
        self.current = self.dealer
        self.go("TURN_UP")
        return False

    def _turn_up(self) -> bool:
        c = self._take()
        if c.rank == EIGHT:
            self.stock.insert(self.rng.randrange(len(self.stock) + 1), c)
            self.event("eight_back", ("The dealer turns up the {}: an eight goes back into the deck", c),
                       ("C8-START-2",))
            self.go("TURN_UP")
            return False
        self.discard = [c]
        self.suit = c.suit
        self.event("turn_up", ("The dealer turns up the {}", c), ("C8-START-1",))
        self.current = self.dealer
        self._effect(c, start=True)
        self.go("TURN")
        self._ask_turn()
        return True
