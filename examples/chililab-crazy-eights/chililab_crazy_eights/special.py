"""The special cards (option "use_special_cards", C8-SPECIAL-1) and who plays next (C8-NEXT-1).

- C8-SKIP-1: a Queen skips the next player;
- C8-REVERSE-1: an Ace reverses the direction of play;
- C8-TWO-1: a Two makes the next player draw 2 cards, unless they play a Two too (then the one after
  draws 4, and so on); a Two played while the deck is empty makes nobody draw (C8-TWO-3);
- C8-START-4: the turned-up card acts as if the dealer had played it (OpenSpiel's starting player after
  a turned-up Queen is two seats on from the dealer, after an Ace the dealer's other neighbour).
"""
from __future__ import annotations

from .base import C8Base
from .cards import Card
from .checks import special


class SpecialRules(C8Base):
    """What a played (or turned-up) card does to the turn order; sets ``current`` to the next player."""

    def _effect(self, c: Card, start: bool) -> None:
        what = special(c, self.opts["use_special_cards"])
        rules = ("C8-START-4",) if start else ()
        if what == "skip":
            skipped = self._step()
            self.current = self._step(2)
            self.event("skip", ("The Queen skips P{}", skipped), (*rules, "C8-SKIP-1"))
        elif what == "reverse":
            self.direction = -self.direction
            self.current = self._step()
            self.event("reverse", "The Ace reverses the direction of play", (*rules, "C8-REVERSE-1"))
        elif what == "two":
            self.current = self._step()
            if start or self.stock:
                self.penalty += 2
                self.event("two", ("P{} must draw {} cards or play a Two", self.current, self.penalty),
                           (*rules, "C8-TWO-1"))
            else:
                self.event("two", "The deck is empty: this Two makes nobody draw", ("C8-TWO-3",))
        else:
            self.current = self._step()
