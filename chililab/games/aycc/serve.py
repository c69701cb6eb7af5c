"""Serving a dish (aycc.md 2.3, 2.6, 2.8): the serve sub-step, the icons, burning out, drawing up.

The serve is a sub-step (kernel ``call``/``ret``) so that the turn and Habi Wasabi's Green Frenzy
share it (AYCC-SERVE-4's order):

1. ``SERVE`` (automatic): the dish goes on top of the target's pile; the burn-out check; the icon:
   Lock and Chili move their token at once, an Eye enters ``EYE``, a Fork enters ``FORK``;
2. ``EYE`` / ``FORK`` (choices D4 / D5, skipped when nothing can be done), then
3. ``LAST_TARGET`` (automatic): the Last Target token goes on the served character, and the sub-step
   returns to where :meth:`ServeRules._start_serve` was told to (``DRAW_UP`` from the turn).

``FORK`` is also a sub-step on its own (:meth:`ServeRules._start_fork`: Vasco Tabasco's Quick Fork).
A burn-out that leaves at most one player in the round ends the round at once: :meth:`_burn_check`
drops every open sub-step and goes to ``ROUND_END_CHECK`` (the rest of the serve does not happen).
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import ACTIVE, BURNT, AyccBase
from .cards import CHARACTERS, HAND_SIZE, Dish, heat
from .moves import DECLINE, EYE, FORK, Eye, Fork

NAMES = tuple(c.name for c in CHARACTERS)


class Listed(tuple):
    """Dishes that read as ``"5F, 2, Latte"`` when an event's text is formatted (only when someone reads it)."""

    __slots__ = ()

    def __format__(self, spec):
        return ", ".join(map(str, self))


class ServeRules(AyccBase):
    """SERVE, EYE, FORK, LAST_TARGET and DRAW_UP; the burn-out check and drawing."""

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
        p, dish, c = self.serving  # type: ignore[misc]
        pile = self.piles[c]
        pile.append(dish)
        self.event("serve", ("P{} serves {} to {}: heat {}", p, dish, NAMES[c], heat(pile)),
                   ("AYCC-SERVE-1", "AYCC-SERVE-5"), data={"seat": p, "dish": dish.id, "target": c})
        if self._burn_check((c,)):
            return False
        icon = dish.icon
        if icon == "lock":
            self._token("lock", c, "AYCC-ICON-LOCK-1")
        elif icon == "chili":
            self._token("chili", c, "AYCC-ICON-CHILI-1")
        elif icon == "eye":
            self.call("EYE", "LAST_TARGET")
            return False
        elif icon == "fork":
            self.call("FORK", "LAST_TARGET")
            return False
        self.go("LAST_TARGET")
        return False

    def _token(self, name: str, c: int, clause: str) -> None:
        """The Lock or Chili token goes on ``c``, leaving any previous holder (a holder keeps it)."""
        before = getattr(self, name)
        setattr(self, name, c)
        word = "Lock" if name == "lock" else "Chili"
        if before == c:
            self.event(name, ("{} keeps the {} token", NAMES[c], word), (clause,))
        else:
            self.event(name, ("The {} token goes on {}", word, NAMES[c]), (clause,))

    def _last_target(self) -> bool:
        """LAST_TARGET (automatic): the token goes on the served character; the sub-step returns (SERVE-4 step 4)."""
        c = self.serving[2]  # type: ignore[index]
        self.last_target = c
        self.serving = None
        self.event("last_target", ("The Last Target token goes on {}", NAMES[c]), ("AYCC-SERVE-2", "AYCC-SERVE-4"))
        self.ret()
        return False

    # ------------------------------------------------------------ burning out

    def _burn_check(self, chars) -> bool:
        """AYCC-BURN-1: each active player character among ``chars`` whose heat exceeds its tolerance burns out.

        Returns True when the round is over (at most one player left, AYCC-ROUND-1/2): every open sub-step is
        dropped and the state is in ``ROUND_END_CHECK``; the caller stops there. Call it after every change of
        a heat or a tolerance (a placement, a Fork, a swap, a new tolerance), from SERVE, FORK or ABILITY.
        """
        burnt = False
        for c in chars:
            s = self.owner[c]
            if s is not None and self.status[c] == ACTIVE and heat(self.piles[c]) > self.tol[s]:
                self._knock_out(c, BURNT, "AYCC-BURN-1")
                burnt = True
        if burnt and self._players_left() <= 1:
            self.drop_returns()
            self.serving = None
            self.go("ROUND_END_CHECK")
            return True
        return False

    def _knock_out(self, c: int, how: str, clause: str) -> None:
        """Character ``c`` is out (``how``: WITHDRAWN or BURNT); its identity and tolerance are revealed."""
        s = self.owner[c]
        assert s is not None
        self.status[c] = how
        self.id_revealed[s] = self.tol_revealed[s] = True
        if how == BURNT:
            self.event("burn_out", ("{} (P{}) burns out: heat {} is over the tolerance {}. P{} scores nothing this "
                                    "round and keeps taking turns", NAMES[c], s, heat(self.piles[c]), self.tol[s], s),
                       (clause, "AYCC-BURN-3"), data={"seat": s, "character": c, "tolerance": self.tol[s]})

    def _players_left(self) -> int:
        """How many player characters are still active (the Neutral never counts, DEC-30)."""
        status, owner = self.status, self.owner
        return sum(1 for c in self.row if status[c] == ACTIVE and owner[c] is not None)

    # ------------------------------------------------------------ Eye

    def _eye_seats(self, p: int) -> list[int]:
        """Opponents whose tolerance is still hidden (AYCC-ICON-EYE-1, DEC-27)."""
        return [s for s in range(self.n) if s != p and not self.tol_revealed[s]]

    def _eye_begin(self) -> bool:
        """EYE (automatic on entry): ask D4, or return at once when no opponent's tolerance is hidden."""
        p = self.current
        if not self._eye_seats(p):
            self.event("eye", "Every opponent's tolerance is known: the Eye shows nothing", ("AYCC-ICON-EYE-1",))
            self.ret()
            return False
        self.ask("choice", (p,), f"P{p}: look at an opponent's tolerance card (Eye), or decline")
        return True

    def _eye_moves(self, p: int) -> list:
        row = EYE[p]
        return [row[s] for s in self._eye_seats(p)] + [DECLINE[p]]

    def _eye_problem(self, m) -> IllegalMove | None:
        if type(m) is Eye:
            if m.seat == m.player:
                return IllegalMove("AYCC-ICON-EYE-1", "the Eye looks at an opponent's tolerance, not your own")
            if type(m.seat) is not int or not 0 <= m.seat < self.n:
                return IllegalMove("AYCC-ICON-EYE-1", f"there is no player P{m.seat}")
            return IllegalMove("AYCC-ICON-EYE-1", f"P{m.seat}'s tolerance is revealed already: the Eye looks at a "
                                                  "hidden one")
        return IllegalMove("AYCC-ICON-EYE-1", "the Eye is being used: look at an opponent's tolerance card, or "
                                              "decline")

    def _on_eye(self, m) -> None:
        p = m.player
        if type(m) is Eye:
            s, t = m.seat, self.tol[m.seat]
            self.peeks[p].append((s, t))
            self.event("eye", ("P{} looks at P{}'s tolerance card: {}", p, s, t), ("AYCC-ICON-EYE-1",),
                       audience=frozenset((p,)), public_text=f"P{p} looks at P{s}'s tolerance card",
                       data={"seat": p, "of": s, "tolerance": t})
        else:
            self.event("eye", ("P{} does not use the Eye", p), ("AYCC-ICON-EYE-1",))
        self.ret()

    # ------------------------------------------------------------ Fork

    def _start_fork(self, p: int, back: str) -> None:
        """Enter the Fork sub-step for the current player ``p``; come back to ``back`` (Quick Fork: ``"ABILITY"``).

        FORK asks D5 (a :class:`Fork` or :class:`Decline`) and skips itself when no dish can move.
        """
        assert p == self.current, "a Fork is made by the player whose turn it is"
        self.call("FORK", back)

    def _fork_moves(self, p: int) -> list:
        """Every Fork: the top dish of an active pile onto another active character (not guarded), and Decline."""
        status, piles = self.status, self.piles
        active = [c for c in self.row if status[c] == ACTIVE]
        dests = [c for c in active if self._guarded(c, p) is None]
        table = FORK[p]
        out: list = [table[a][b] for a in active if piles[a] for b in dests if b != a]
        if out:
            out.append(DECLINE[p])
        return out

    def _fork_begin(self) -> bool:
        """FORK (automatic on entry): ask D5, or return at once when no dish can move."""
        p = self.current
        if not self._fork_moves(p):
            self.event("fork", "No dish can be forked", ("AYCC-ICON-FORK-1",))
            self.ret()
            return False
        self.ask("choice", (p,), f"P{p}: move the top dish of one character onto another (Fork), or decline")
        return True

    def _fork_problem(self, m) -> IllegalMove | None:
        if type(m) is not Fork:
            return IllegalMove("AYCC-ICON-FORK-1", "a Fork is being used: move a top dish, or decline")
        for c in (m.source, m.dest):
            if type(c) is not int or not 0 <= c < len(NAMES) or c not in self.row:
                return IllegalMove("AYCC-ICON-FORK-1", "a Fork moves a dish between characters of this round's row")
            if self.status[c] != ACTIVE:
                return IllegalMove("AYCC-SERVE-3", f"{NAMES[c]} is out of the round: an out character cannot be "
                                                   "Forked from or to")
        if m.source == m.dest:
            return IllegalMove("AYCC-ICON-FORK-1", "a Fork moves the dish to another character")
        if not self.piles[m.source]:
            return IllegalMove("AYCC-ICON-FORK-1", f"{NAMES[m.source]} has no dish to move")
        return self._guarded(m.dest, m.player)

    def _on_fork(self, m) -> None:
        p = m.player
        if type(m) is Fork:
            a, b = m.source, m.dest
            dish = self.piles[a].pop()
            self.piles[b].append(dish)
            self.event("fork", ("P{} forks {} from {} onto {}: heats {} and {}; tokens stay where they are", p, dish,
                                NAMES[a], NAMES[b], heat(self.piles[a]), heat(self.piles[b])),
                       ("AYCC-ICON-FORK-1", "AYCC-ICON-LOCK-3", "AYCC-ICON-CHILI-2"),
                       data={"seat": p, "dish": dish.id, "source": a, "dest": b})
            if self._burn_check((b,)):
                return
        else:
            self.event("fork", ("P{} does not use the Fork", p), ("AYCC-ICON-FORK-1",))
        self.ret()

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
        self.event("draw", ("P{} draws {}", p, Listed(drawn)), (clause,), audience=frozenset((p,)),
                   public_text=("P{} draws {} dish{}", p, k, "es" if k > 1 else ""), data={"seat": p, "count": k})

    def _draw_step(self) -> bool:
        """DRAW_UP (automatic): the turn's server draws back up to 4 (AYCC-SERVE-4 step 5)."""
        self._draw_up(self.current, "AYCC-SERVE-6")
        self.go("ROUND_END_CHECK")
        return False
