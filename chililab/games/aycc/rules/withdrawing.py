"""Withdrawing (aycc.md 2.4) and its bonuses (aycc.md 2.5): leaving the round and scoring.

- a seat may withdraw its own active character on its turn (AYCC-WITHDRAW-1), unless it holds the Lock
  token (AYCC-ICON-LOCK-2, ``icons.py``) or an opponent's Siesta forbids it (Inferno Mode's hook);
- ``WITHDRAW`` (automatic): the character is out, its identity and tolerance are revealed, and it scores
  its dishes, +5 with the Chili token and +10 when its heat equals its tolerance (AYCC-BONUS-1/2); a
  forced withdrawal (Savage Diss) scores its dishes "normally", +10 included, but not the Chili's +5, which
  is for a voluntary withdrawal only (AYCC-BONUS-3, NOTES.md); ``first_to_50`` may end the game.
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import ACTIVE, WITHDRAWN, AyccBase
from .cards import CHARACTERS, CHILI_BONUS, EXACT_BONUS, points

NAMES = tuple(c.name for c in CHARACTERS)


class WithdrawRules(AyccBase):
    """The withdrawal's check, WITHDRAW, and the withdrawal's scoring with its bonuses."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"WITHDRAW": "_withdraw_step"})

    def _withdraw_problem(self, p: int) -> IllegalMove | None:
        """Why seat ``p`` may not withdraw now, or None (AYCC-WITHDRAW-1, AYCC-ICON-LOCK-2, Siesta)."""
        c = self.identity[p]
        if self.status[c] != ACTIVE:
            return IllegalMove("AYCC-WITHDRAW-1", f"your character {NAMES[c]} is out of the round already "
                                                  f"({self.status[c]}): only an active character withdraws")
        locked = self._lock_problem(c)
        return locked if locked is not None else self._withdraw_blocked(p)

    def _withdraw_step(self) -> bool:
        """WITHDRAW (automatic): the current player withdraws voluntarily; first_to_50 may end the game here."""
        self._withdraw(self.current, voluntary=True)
        if not self._check_target():
            self.go("ROUND_END_CHECK")
        return False

    def _withdraw(self, p: int, voluntary: bool) -> None:
        """Seat ``p``'s character leaves the round and scores (AYCC-WITHDRAW-2).

        ``voluntary``: the Chili (+5) and exact-match (+10) bonuses apply (AYCC-BONUS-1/2). A forced withdrawal
        (Savage Diss: "they score for their Dish Cards normally") scores the dishes and the exact match's +10,
        which the rulebook ties to the dishes' total only; the Chili's +5 is for a voluntary withdrawal
        (AYCC-BONUS-3, correcting DEC-6: NOTES.md). The caller checks the target afterwards.
        """
        c = self.identity[p]
        pile = self.piles[c]
        self._knock_out(c, WITHDRAWN, "AYCC-WITHDRAW-2")
        base, h, t = points(pile), self.heats[c], self.tol[p]
        chili = CHILI_BONUS if voluntary and self.chili == c else 0
        exact = EXACT_BONUS if h == t else 0
        total = base + chili + exact
        rules = ("AYCC-WITHDRAW-2", "AYCC-WITHDRAW-3", "AYCC-BONUS-1", "AYCC-BONUS-2") if voluntary \
            else ("AYCC-WITHDRAW-2", "AYCC-BONUS-3") + ("AYCC-BONUS-2",) * bool(exact)
        how = "withdraws" if voluntary else "must withdraw"
        extra = "".join(s for s, on in ((" + 5 (Chili token)", chili), (" + 10 (heat equals the tolerance)", exact))
                        if on)
        self.event("withdraw", ("P{} {} {} (tolerance {}, heat {}): {} points{} = {}", p, how, NAMES[c], t, h, base,
                                extra, total), rules,
                   data={"seat": p, "character": c, "tolerance": t, "points": base, "chili": chili, "exact": exact,
                         "total": total, "voluntary": voluntary})
        self._gain(p, total)
