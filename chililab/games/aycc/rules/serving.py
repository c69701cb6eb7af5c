"""Serving a dish (aycc.md 2.3): the serve sub-step, the Last Target token, drawing back up to 4.

The serve is a sub-step (kernel ``call``/``ret``) so that the turn and Habi Wasabi's Green Frenzy
share it (AYCC-SERVE-4's order):

1. ``SERVE`` (automatic): the dish goes on top of the target's pile; the burn-out check
   (``burning_out.py``); the dish's icon (``icons.py``: Lock and Chili move their token at once, an Eye
   enters ``EYE``, a Fork enters ``FORK``);
2. ``EYE`` / ``FORK`` (choices D4 / D5, skipped when nothing can be done, ``icons.py``), then
3. ``LAST_TARGET`` (automatic): the Last Target token goes on the served character, and the sub-step
   returns to where :meth:`ServeRules._start_serve` was told to (``DRAW_UP`` from the turn);
4. ``DRAW_UP`` (automatic, from the turn): the server draws back up to 4 dishes.

A burn-out that leaves at most one player in the round ends the round at once: the burn-out check
drops every open sub-step and goes to ``ROUND_END_CHECK`` (the rest of the serve does not happen).
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import ACTIVE, ONLY, AyccBase
from .cards import CHARACTERS, HAND_SIZE, Dish, Listed

NAMES = tuple(c.name for c in CHARACTERS)


class ServeRules(AyccBase):
    """SERVE, LAST_TARGET and DRAW_UP: the serve sub-step and drawing."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"SERVE": "_serve", "LAST_TARGET": "_last_target",
                                       "DRAW_UP": "_draw_step"})

    # ------------------------------------------------------------ the serve sub-step

    def _start_serve(self, p: int, dish: Dish, target: int, back: str) -> None:
        """Enter the serve sub-step: seat ``p`` plays ``dish`` from its hand under ``target``; come back to ``back``.

        The caller has checked the serve (:meth:`_serve_problem`). From the turn ``back`` is ``"DRAW_UP"``;
        Green Frenzy passes ``"ABILITY"`` (a frenzy dish draws nothing: the ability draws once at its end,
        with :meth:`_draw_up`). The Eye and Fork of the dish are asked of ``self.current``.
        """
        self.hands[p].remove(dish)
        self.serving = (p, dish, target)
        self.call("SERVE", back)

    def _serve_problem(self, p: int, dish, target) -> IllegalMove | None:
        """Why seat ``p`` may not serve ``dish`` to ``target`` now, or None (AYCC-SERVE-1/2/3, Siesta)."""
        if not isinstance(dish, Dish) or dish not in self.hands[p]:
            return IllegalMove("AYCC-SERVE-1", f"P{p} does not hold that dish: a dish is served from your own hand")
        if type(target) is not int or not 0 <= target < len(NAMES) or target not in self.row:
            return IllegalMove("AYCC-SERVE-1", "a dish is served to a character in this round's row")
        if self.status[target] != ACTIVE:
            return IllegalMove("AYCC-SERVE-3", f"{NAMES[target]} is out of the round ({self.status[target]}): an "
                                               "out character can never be served")
        if target == self.last_target:
            return IllegalMove("AYCC-SERVE-2", f"you cannot serve {NAMES[target]}: it holds the Last Target token")
        return self._guarded(target, p)

    def _serve(self) -> bool:
        """SERVE (automatic): place the dish, check burn-out, apply its icon (AYCC-SERVE-4 steps 1-3)."""
        assert self.serving is not None  # set by _start_serve, which entered SERVE
        p, dish, c = self.serving
        self._pile_on(c, dish)
        self.event("serve", ("P{} serves {} to {}: heat {}", p, dish, NAMES[c], self.heats[c]),
                   ("AYCC-SERVE-1", "AYCC-SERVE-5"), data={"seat": p, "dish": dish.id, "target": c})
        if self._burn_check((c,)):
            return False
        if self._apply_icon(dish, c):
            return False
        self.go("LAST_TARGET")
        return False

    def _last_target(self) -> bool:
        """LAST_TARGET (automatic): the token goes on the served character; the sub-step returns (SERVE-4 step 4)."""
        assert self.serving is not None  # the serve sub-step is still open
        c = self.serving[2]
        self.last_target = c
        self.serving = None
        self.event("last_target", ("The Last Target token goes on {}", NAMES[c]), ("AYCC-SERVE-2", "AYCC-SERVE-4"))
        self.ret()
        return False

    # ------------------------------------------------------------ drawing

    def _draw_up(self, p: int, clause: str) -> None:
        """Seat ``p`` draws until it holds 4 dishes, if the deck allows (AYCC-SERVE-6)."""
        hand, deck = self.hands[p], self.deck
        k = min(HAND_SIZE - len(hand), len(deck))
        if k <= 0:
            if not deck and len(hand) < HAND_SIZE:
                self.event("draw", ("The deck is empty: P{} plays on with {} dishes", p, len(hand)), (clause,))
            return
        drawn = deck[-k:][::-1]
        del deck[-k:]
        hand.extend(drawn)
        self.event("draw", ("P{} draws {}", p, Listed(drawn)), (clause,), audience=ONLY[p],
                   public_text=("P{} draws {} dish{}", p, k, "es" if k > 1 else ""), data={"seat": p, "count": k})

    def _draw_step(self) -> bool:
        """DRAW_UP (automatic): the turn's server draws back up to 4 (AYCC-SERVE-4 step 5)."""
        self._draw_up(self.current, "AYCC-SERVE-6")
        self.go("ROUND_END_CHECK")
        return False
