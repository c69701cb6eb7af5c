"""The end of a round and of the game (aycc.md 2.7): ROUND_END_CHECK, ROUND_SCORING, GAME_END_CHECK.

- a round ends when at most one player character is active (AYCC-ROUND-1/2), or when the deck and
  every hand are empty (AYCC-ROUND-3); otherwise the next seat's turn begins (everyone keeps taking
  turns, AYCC-TURN-2);
- scoring: the last player scores its dishes, +2 per dish under the Neutral and +5 with the Chili
  token; at exhaustion every player still in scores its dishes only; with nobody left, nobody;
- the game ends after the last round (``three_rounds``) or as soon as a score reaches the target
  (``first_to_50``, checked after every scoring event: :meth:`EndRules._check_target`); equal highest
  totals share the victory (AYCC-GAME-1/2).
"""
from __future__ import annotations

from dataclasses import dataclass

from chililab.engine import Result
from chililab.engine.phases import Phases

from .base import ACTIVE, AyccBase
from .cards import CHARACTERS, CHILI_BONUS, NEUTRAL_PER_CARD, points

NAMES = tuple(c.name for c in CHARACTERS)


@dataclass(frozen=True)
class AyccResult(Result):
    """The end of a game of All You Can Chili: ``how`` is "rounds" (the last round was played) or "target"
    (a score reached the target); ``rounds`` the rounds played; ``round_scores`` each round's points per seat."""

    rounds: int = 0
    round_scores: tuple[tuple[int, ...], ...] = ()

    def __str__(self):
        who = " and ".join(f"P{w}" for w in self.winners)
        verb = "share the victory" if len(self.winners) > 1 else "wins"
        return f"{who} {verb} with {max(self.scores or (0,))} points after {self.rounds} round(s)"


class EndRules(AyccBase):
    """ROUND_END_CHECK, ROUND_SCORING, GAME_END_CHECK; scoring and the target check."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"ROUND_END_CHECK": "_round_end_check",
                                       "ROUND_SCORING": "_round_scoring",
                                       "GAME_END_CHECK": "_game_end_check"})

    def _round_end_check(self) -> bool:
        """ROUND_END_CHECK (automatic): the round is over, or the next seat's turn begins."""
        if self._round_over():
            self.go("ROUND_SCORING")
        else:
            self.current = (self.current + 1) % self.n
            self.go("TURN_BEGIN")
        return False

    def _round_over(self) -> bool:
        """At most one player left (AYCC-ROUND-1/2), or the deck and every hand empty (AYCC-ROUND-3)."""
        return self._players_left() <= 1 or (not self.deck and not any(self.hands))

    def _round_scoring(self) -> bool:
        """ROUND_SCORING (automatic): the round's end scoring, then GAME_END_CHECK."""
        left = [s for s in range(self.n) if self.status[self.identity[s]] == ACTIVE]
        if len(left) == 1:
            s = left[0]
            c = self.identity[s]
            base = points(self.piles[c])
            neutral = NEUTRAL_PER_CARD * len(self.piles[self.neutral])
            chili = CHILI_BONUS if self.chili == c else 0
            total = base + neutral + chili
            extra = " + 5 (Chili token)" if chili else ""
            self.event("last_player", ("P{} is the last player in the round: {} points + {} ({} dishes under the "
                                       "Neutral){} = {}", s, base, neutral, neutral // NEUTRAL_PER_CARD, extra, total),
                       ("AYCC-ROUND-1", "AYCC-NEUTRAL-2", "AYCC-BONUS-3"),
                       data={"seat": s, "points": base, "neutral": neutral, "chili": chili, "total": total})
            self._gain(s, total)
        elif not left:
            self.event("round_end", "No player is left in the round: nobody scores as the last player",
                       ("AYCC-ROUND-2",))
        else:
            for s in left:
                base = points(self.piles[self.identity[s]])
                self.event("exhaustion", ("Every dish is gone: P{}, still in, scores {} points (no bonus)", s, base),
                           ("AYCC-ROUND-3", "AYCC-BONUS-3", "AYCC-NEUTRAL-2"),
                           data={"seat": s, "total": base})
                self._gain(s, base)
        self.history.append(tuple(self.round_points))
        self.event("round_end", ("Round {} is over. Totals: {}", self.round,
                                 ", ".join(f"P{s} {v}" for s, v in enumerate(self.scores))), ("AYCC-ROUND-5",),
                   data={"round": self.round, "round_points": tuple(self.round_points), "scores": tuple(self.scores)})
        self.go("GAME_END_CHECK")
        return False

    def _game_end_check(self) -> bool:
        """GAME_END_CHECK (automatic): the game ends, or the next round is set up by the next seat (AYCC-ROUND-4)."""
        o = self.opts
        if o["game_end"] == "three_rounds" and self.round >= o["rounds"]:
            self._finish_game("rounds", ("AYCC-GAME-1",))
        elif not self._check_target():
            self.round += 1
            self.start = (self.current + 1) % self.n
            self.go("ROUND_SETUP")
        return False

    # ------------------------------------------------------------ scores

    def _gain(self, p: int, pts: int) -> None:
        """Seat ``p`` scores ``pts`` now (banked in this round's points and the game total)."""
        self.round_points[p] += pts
        self.scores[p] += pts

    def _check_target(self) -> bool:
        """``first_to_50``: when a score has reached the target, end the game now and return True (AYCC-GAME-2).

        Call it after every scoring event: a withdrawal, a Savage Diss, the round's scoring. The current phase
        needs a declared transition to ``GAME_OVER``.
        """
        o = self.opts
        if o["game_end"] == "first_to_50" and max(self.scores) >= o["target_points"]:
            self._finish_game("target", ("AYCC-GAME-2",))
            return True
        return False

    def _finish_game(self, how: str, rules: tuple) -> None:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        history = tuple(self.history) + (() if self.phase == "GAME_END_CHECK" else (tuple(self.round_points),))
        result = AyccResult(winners, tuple(self.scores), how, self.turn, self.round, history)
        self.event("game_over", str(result), rules + (("AYCC-GAME-1",) if len(winners) > 1 else ()),
                   data={"winners": winners, "scores": tuple(self.scores)})
        self.finish(result)
