"""The draw pile (loco.md 2.8, LOCO-DRAW-*): drawing, and the play pile reshuffled when it runs out."""
from __future__ import annotations

from .base import AUDIENCE, LocoBase
from .cards import Card, CardsText


class DrawPileRules(LocoBase):
    """Mixin of LocoState: cards drawn one at a time; an empty draw pile is rebuilt from the play pile."""

    def can_draw(self) -> bool:
        """Is there a card to draw (LOCO-DRAW-3: not when the draw pile is empty and the play pile holds
        only its top card)?"""
        return bool(self.draw) or len(self.pile) > 1

    def _reshuffle(self) -> bool:
        """LOCO-DRAW-1: the play pile under its top card becomes the new draw pile."""
        if len(self.pile) <= 1:
            return False
        top = self.pile.pop()
        rest = self.pile
        self.rng.shuffle(rest)
        self.draw = rest
        self.pile = [top]
        self.event("reshuffle", f"The draw pile is empty: {len(rest)} cards under the top card are shuffled "
                    "into a new draw pile", ("LOCO-DRAW-1",))
        return True

    def _draw(self, s: int, k: int, rules: tuple[str, ...], why: str = "draws") -> list[Card]:
        """Seat ``s`` draws ``k`` cards (fewer when none are left: LOCO-DRAW-2); only ``s`` sees which."""
        got = []
        for _ in range(k):
            if not self.draw and not self._reshuffle():
                break
            got.append(self.draw.pop())
        self.hands[s].extend(got)
        short = k - len(got)
        extra = f" ({short} forgiven: no cards left to draw)" if short else ""
        rules = rules + ("LOCO-DRAW-2",) if short else rules
        word = "card" if len(got) == 1 else "cards"
        self.event("draw", ("P{} {} {} {}: {}{}", s, why, len(got), word, CardsText(got), extra), rules,
                   AUDIENCE[s][s], ("P{} {} {} {}{}", s, why, len(got), word, extra),
                   {"seat": s, "cards": tuple([c.id for c in got])})
        self._sync((s,))
        return got
