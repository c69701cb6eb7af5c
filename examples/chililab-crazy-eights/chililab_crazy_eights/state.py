"""Crazy Eights rules: the state, assembled from one mixin per rulebook section (see ``base.py``)."""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec

from .cards import deck, decks_for
from .deal import DealRules
from .end import EndRules
from .flow import FLOW
from .special import SpecialRules
from .stock import StockRules
from .turn import TurnRules
from .unseen import deal_unseen, estimate
from .view import C8View, full_view


class C8State(DealRules, TurnRules, StockRules, SpecialRules, EndRules):
    """The whole position of a Crazy Eights game, and its rules."""

    flow = FLOW
    MOVE_RULE = "C8-NEXT-1"  #: what the kernel cites for an object that is no move of this game (Game._admit)
    FIELDS = {
        "opts": "const", "setup": "const", "forced": "const", "hand_size": "const",
        "fi": "value", "stock": "list", "hands": "lists", "discard": "list", "suit": "value", "dealer": "value",
        "current": "value", "direction": "value", "draws": "value", "can_pass": "value", "penalty": "value",
        "passes": "value", "plays": "value", "how": "value", "held": "index",
    }  # typed in base.C8Base
    AUTOMATIC = {"DEAL": "_deal", "TURN_UP": "_turn_up", "DRAW": "_draw_step", "SCORE": "_score_step"}
    ACTIONS = {"TURN": "_on_turn", "NOMINATE": "_on_nominate"}
    LEGAL = {"TURN": "_turn_moves", "NOMINATE": "_nominate_moves"}
    REFUSALS = {"TURN": "_turn_problem", "NOMINATE": "_nominate_problem"}

    @classmethod
    def new(cls, options: dict, seed: int, setup: dict | None):
        s = cls.__new__(cls)
        n = options["players"]
        s.opts, s.setup = options, setup
        s.forced = tuple((setup or {}).get("draws", ()))
        s.hand_size = 7 if n == 2 else 5
        s.init_kernel(n, random.Random(seed), reaction_from_spec(None))
        s.fi = 0
        s.stock, s.hands, s.discard = [], [[] for _ in range(n)], []
        s.held = [0] * n
        s.suit = s.dealer = s.current = 0
        s.direction = 1
        s.draws = s.penalty = s.passes = s.plays = 0
        s.can_pass = False
        s.how = ""
        s.run()
        ev, s.events = s.events, []
        return s, ev

    def check(self, m) -> IllegalMove | None:
        """None when ``m`` is legal now, else the IllegalMove saying why (nothing changes either way)."""
        if self.result is not None:
            return IllegalMove("C8-END-1", f"the game is over: {self.result}", m)
        p = getattr(m, "player", None)
        if type(p) is not int or not 0 <= p < self.n:
            return IllegalMove("C8-NEXT-1", f"{m!r} is not a move by a seat of this {self.n}-player game", m)
        d = self.decision
        if d is None or p not in d.players:
            who = ", ".join(f"P{s}" for s in d.players) if d else "nobody"
            return IllegalMove("C8-NEXT-1", f"it is not P{p}'s turn: {who} must play now", m)
        if m in self._legal_for(p):
            return None
        err = self.refusal(m)
        if err is not None:
            return err
        return IllegalMove("C8-NEXT-1", f"{m!r} is not one of P{p}'s moves now", m)

    def locations(self) -> dict:
        """Where every physical card is: {card id: [places]}."""
        where: dict = {c.id: [] for c in deck(decks_for(self.n))}
        for c in self.stock:
            where[c.id].append("stock")
        for s, h in enumerate(self.hands):
            for c in h:
                where[c.id].append(f"hand{s}")
        for c in self.discard:
            where[c.id].append("discard")
        return {k: v for k, v in where.items() if v}

    def view(self, viewer) -> C8View:
        return full_view(self, viewer)

    # what a search bot samples (chililab.engine.worlds): the cards a seat cannot see, dealt again
    deal_unseen = deal_unseen
    estimate = estimate
