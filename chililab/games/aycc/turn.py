"""The turn (aycc.md 2.2, 2.4, 2.5): its beginning, serve or withdraw, the skipped turn, withdrawing.

- ``TURN_BEGIN`` (automatic): Inferno Mode's hooks (:meth:`AyccBase._on_turn_begin`, then
  :meth:`AyccBase._offer_ability`, which may ask D1); otherwise on to ``ACTION``;
- ``ACTION`` (D3): one :class:`Serve` per kind of dish in hand and legal target, and :class:`Withdraw`
  when allowed; with neither, the turn is skipped (AYCC-TURN-3);
- ``WITHDRAW`` (automatic): out, revealed, scored with the Chili and exact-match bonuses.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import ACTIVE, WITHDRAWN, AyccBase
from .cards import CHARACTERS, CHILI_BONUS, EXACT_BONUS, heat, points
from .moves import WITHDRAW, Serve, Withdraw, new_serve

NAMES = tuple(c.name for c in CHARACTERS)


class TurnRules(AyccBase):
    """TURN_BEGIN, ACTION and WITHDRAW."""

    def _turn_begin(self) -> bool:
        """TURN_BEGIN (automatic): the turn of ``self.current`` begins; Inferno Mode may ask D1 here."""
        p = self.current
        self.turn += 1
        self._on_turn_begin(p)
        if self._offer_ability(p):
            return True
        self.go("ACTION")
        return False

    # ------------------------------------------------------------ ACTION: serve or withdraw

    def _action(self) -> bool:
        """ACTION (automatic on entry): ask D3, or skip the turn of a seat that can neither serve nor withdraw."""
        p = self.current
        moves = self._action_moves(p)
        if moves:
            self.ask("turn", (p,), f"P{p}: serve a dish or withdraw")
            self._lall = moves  # listed once: legal_moves() and check() read it until the next move
            self._lcache = {p: moves}
            return True
        self.event("skip", ("P{} can neither serve nor withdraw: the turn is skipped", p), ("AYCC-TURN-3",))
        self.go("ROUND_END_CHECK")
        return False

    def _action_moves(self, p: int) -> list:
        """D3: Withdraw if allowed, then one Serve per kind of dish in hand (its lowest id) and legal target."""
        out: list = []
        c = self.identity[p]
        status = self.status
        if status[c] == ACTIVE and self.lock != c and self._withdraw_blocked(p) is None:
            out.append(WITHDRAW[p])
        hand = self.hands[p]
        if hand:
            lt = self.last_target
            targets = [t for t in self.row if status[t] == ACTIVE and t != lt and self._guarded(t, p) is None]
            kinds: dict = {}
            for d in hand:  # the lowest id of each kind
                e = kinds.get(d.kind)
                if e is None or d.id < e.id:
                    kinds[d.kind] = d
            table = self.serves[p]
            for d in kinds.values():
                row = table[d.id]
                for t in targets:
                    m = row[t]
                    if m is None:
                        m = row[t] = new_serve(p, d, t)
                    out.append(m)
        return out

    def _withdraw_problem(self, p: int) -> IllegalMove | None:
        """Why seat ``p`` may not withdraw now, or None (AYCC-WITHDRAW-1, AYCC-ICON-LOCK-2, Siesta)."""
        c = self.identity[p]
        if self.status[c] != ACTIVE:
            return IllegalMove("AYCC-WITHDRAW-1", f"your character {NAMES[c]} is out of the round already "
                                                  f"({self.status[c]}): only an active character withdraws")
        if self.lock == c:
            return IllegalMove("AYCC-ICON-LOCK-2", f"{NAMES[c]} is locked: a character holding the Lock token "
                                                   "cannot voluntarily withdraw")
        return self._withdraw_blocked(p)

    def _action_problem(self, m) -> IllegalMove | None:
        """The full check of a D3 answer: None when legal (any copy of a dish kind is accepted)."""
        t = type(m)
        if t is Withdraw:
            return self._withdraw_problem(m.player)
        if t is Serve:
            return self._serve_problem(m.player, m.dish, m.target)
        return IllegalMove("AYCC-TURN-1", "on your turn you serve a dish or withdraw your character")

    def _on_action(self, m) -> None:
        if type(m) is Withdraw:
            self.go("WITHDRAW")
        else:
            self._start_serve(m.player, m.dish, m.target, "DRAW_UP")

    # ------------------------------------------------------------ withdrawing

    def _withdraw_step(self) -> bool:
        """WITHDRAW (automatic): the current player withdraws voluntarily; first_to_50 may end the game here."""
        self._withdraw(self.current, voluntary=True)
        if not self._check_target():
            self.go("ROUND_END_CHECK")
        return False

    def _withdraw(self, p: int, voluntary: bool) -> None:
        """Seat ``p``'s character leaves the round and scores (AYCC-WITHDRAW-2).

        ``voluntary``: the Chili (+5) and exact-match (+10) bonuses apply (AYCC-BONUS-1/2); a forced withdrawal
        (Savage Diss) scores the dishes only (AYCC-BONUS-3, DEC-6). The caller checks the target afterwards.
        """
        c = self.identity[p]
        pile = self.piles[c]
        self._knock_out(c, WITHDRAWN, "AYCC-WITHDRAW-2")
        base, h, t = points(pile), heat(pile), self.tol[p]
        chili = CHILI_BONUS if voluntary and self.chili == c else 0
        exact = EXACT_BONUS if voluntary and h == t else 0
        total = base + chili + exact
        rules = ("AYCC-WITHDRAW-2", "AYCC-WITHDRAW-3", "AYCC-BONUS-1", "AYCC-BONUS-2") if voluntary \
            else ("AYCC-WITHDRAW-2", "AYCC-BONUS-3")
        how = "withdraws" if voluntary else "must withdraw"
        extra = "".join(s for s, on in ((" + 5 (Chili token)", chili), (" + 10 (heat equals the tolerance)", exact))
                        if on)
        self.event("withdraw", ("P{} {} {} (tolerance {}, heat {}): {} points{} = {}", p, how, NAMES[c], t, h, base,
                                extra, total), rules,
                   data={"seat": p, "character": c, "tolerance": t, "points": base, "chili": chili, "exact": exact,
                         "total": total, "voluntary": voluntary})
        self._gain(p, total)

