"""The turn (aycc.md 2.2): its beginning, serve or withdraw, the skipped turn.

- ``TURN_BEGIN`` (automatic): Inferno Mode's hooks (:meth:`AyccBase._on_turn_begin`, then
  :meth:`AyccBase._offer_ability`, which may ask D1); otherwise on to ``ACTION``;
- ``ACTION`` (D3): one :class:`Serve` per kind of dish in hand and legal target, and :class:`Withdraw`
  when allowed (``withdrawing.py``); with neither, the turn is skipped (AYCC-TURN-3). A serve enters the
  serve sub-step (``serving.py``), which comes back to ``DRAW_UP``.
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import ACTIVE, AyccBase, asking
from .cards import lowest_of_each_kind
from .moves import WITHDRAW, Serve, Withdraw

#: D3, each seat's (made once)
ACTION_ASKS = asking("turn", "ACTION", "P{}: serve a dish or withdraw")


class TurnRules(AyccBase):
    """TURN_BEGIN and ACTION."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"TURN_BEGIN": "_turn_begin", "ACTION": "_action"},
                            actions={"ACTION": "_on_action"}, legal={"ACTION": "_action_moves"},
                            refusals={"ACTION": "_action_problem"}, clauses={"ACTION": "AYCC-TURN-1"})

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
            self._ask_listed(ACTION_ASKS[p], moves)  # listed once
            return True
        self.event("skip", ("P{} can neither serve nor withdraw: the turn is skipped", p), ("AYCC-TURN-3",))
        self.go("ROUND_END_CHECK")
        return False

    def _action_moves(self, p: int) -> list:
        """D3: Withdraw if allowed, then one Serve per kind of dish in hand (its lowest id) and legal target."""
        c = self.identity[p]
        may_withdraw = self.status[c] == ACTIVE and self._lock_problem(c) is None and self._withdraw_blocked(p) is None
        out: list = [WITHDRAW[p]] if may_withdraw else []
        hand = self.hands[p]
        if hand:
            targets = self._serve_targets(p)
            serves = self.serves[p]  # [dish id][character]: every serve of this seat, made once (moves.serve_table)
            rows = [serves[d.id] for d in lowest_of_each_kind(hand)]  # a dish of each kind: its serves by character
            out += [row[t] for row in rows for t in targets]
        return out

    def _serve_targets(self, p: int) -> list[int]:
        """The characters seat ``p`` may serve now, in row order: active, without the Last Target token, and not
        guarded against ``p`` (AYCC-SERVE-2/3, Inferno Mode's Siesta)."""
        status, lt, guarded = self.status, self.last_target, self._guarded_from(p)
        return [t for t in self.row if status[t] == ACTIVE and t != lt and t not in guarded]

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
