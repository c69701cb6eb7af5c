"""The special icons (aycc.md 2.8): Lock, Chili, Eye, Fork (Star is only a card's score, ``cards.py``).

- Lock and Chili (:meth:`IconRules._apply_icon`, in ``SERVE``): the token goes on the served character at
  once (AYCC-ICON-LOCK-1, AYCC-ICON-CHILI-1); a Locked character cannot voluntarily withdraw
  (:meth:`IconRules._lock_problem`, AYCC-ICON-LOCK-2); the Chili token's +5 is a bonus (``withdrawing.py``,
  ``end_of_round.py``);
- Eye: the sub-step ``EYE`` (D4): look at an opponent's hidden tolerance card, or decline;
- Fork: the sub-step ``FORK`` (D5): move the top dish of one active pile onto another, or decline; also
  entered by Vasco Tabasco's Quick Fork (:meth:`IconRules._start_fork`). Tokens stay where they are.
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import ACTIVE, AyccBase, asking
from .cards import CHARACTERS, Dish
from .moves import DECLINE, EYE, FORK, Eye, Fork

NAMES = tuple(c.name for c in CHARACTERS)

#: D5, each seat's (made once)
FORK_ASKS = asking("choice", "FORK", "P{}: move the top dish of one character onto another (Fork), or decline")


class IconRules(AyccBase):
    """The icons of a served dish; EYE and FORK."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"EYE": "_eye_begin", "FORK": "_fork_begin"},
                            actions={"EYE": "_on_eye", "FORK": "_on_fork"},
                            legal={"EYE": "_eye_moves", "FORK": "_fork_moves"},
                            refusals={"EYE": "_eye_problem", "FORK": "_fork_problem"},
                            clauses={"EYE": "AYCC-ICON-EYE-1", "FORK": "AYCC-ICON-FORK-1"})

    # ------------------------------------------------------------ Lock and Chili

    def _apply_icon(self, dish: Dish, c: int) -> bool:
        """SERVE, after the burn-out check: ``dish``'s icon applies to the served character ``c``.

        Returns True when the icon opened its sub-step (an Eye or a Fork, coming back to ``LAST_TARGET``).
        """
        icon = dish.icon
        if icon == "lock":
            self._token("lock", c, "AYCC-ICON-LOCK-1")
        elif icon == "chili":
            self._token("chili", c, "AYCC-ICON-CHILI-1")
        elif icon == "eye":
            self.call("EYE", "LAST_TARGET")
            return True
        elif icon == "fork":
            self.call("FORK", "LAST_TARGET")
            return True
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

    def _lock_problem(self, c: int) -> IllegalMove | None:
        """AYCC-ICON-LOCK-2: a character holding the Lock token cannot voluntarily withdraw."""
        if self.lock == c:
            return IllegalMove("AYCC-ICON-LOCK-2", f"{NAMES[c]} is locked: a character holding the Lock token "
                                                   "cannot voluntarily withdraw")
        return None

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
        guarded = self._guarded_from(p)
        dests = [c for c in active if c not in guarded]
        table = FORK[p]
        out: list = [table[a][b] for a in active if piles[a] for b in dests if b != a]
        if out:
            out.append(DECLINE[p])
        return out

    def _fork_begin(self) -> bool:
        """FORK (automatic on entry): ask D5, or return at once when no dish can move."""
        p = self.current
        moves = self._fork_moves(p)
        if not moves:
            self.event("fork", "No dish can be forked", ("AYCC-ICON-FORK-1",))
            self.ret()
            return False
        self._ask_listed(FORK_ASKS[p], moves)  # listed once
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
            dish = self._pile_off(a)
            self._pile_on(b, dish)
            self.event("fork", ("P{} forks {} from {} onto {}: heats {} and {}; tokens stay where they are", p, dish,
                                NAMES[a], NAMES[b], self.heats[a], self.heats[b]),
                       ("AYCC-ICON-FORK-1", "AYCC-ICON-LOCK-3", "AYCC-ICON-CHILI-2"),
                       data={"seat": p, "dish": dish.id, "source": a, "dest": b})
            if self._burn_check((b,)):
                return
        else:
            self.event("fork", ("P{} does not use the Fork", p), ("AYCC-ICON-FORK-1",))
        self.ret()
