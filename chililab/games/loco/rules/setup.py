"""Components and setup (loco.md 2.1, LOCO-SETUP-*): the deal and the starter card, or an explicit scenario."""
from __future__ import annotations

from .base import LocoBase
from .cards import CardPicker, card_by_id
from .cards import deck as make_deck
from .pending import Pending

HAND_SIZE = 6


class SetupRules(LocoBase):
    """Mixin of LocoState: the deal (LOCO-SETUP-2..4) and scenarios (loco.md section 0, Tests)."""

    def _setup_deal(self, setup):
        n = self.n
        order = [c for c in make_deck(self.opts["personal_recipes"] != "off")]
        d = self.opts["dealer"]
        self.dealer = self.rng.randrange(n) if d is None else d
        if setup and "deck" in setup:
            order = [card_by_id(i) for i in setup["deck"]]
        else:
            self.rng.shuffle(order)
        # LOCO-SETUP-2: one card at a time from the dealer's left, clockwise
        it = iter(order)
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(next(it))
        self.draw = list(it)[::-1]
        self.counts = [len(h) for h in self.hands]
        self.event("deal", f"P{self.dealer} deals {HAND_SIZE} cards to each of {n} players; "
                    f"{len(self.draw)} cards form the draw pile", ("LOCO-SETUP-2", "LOCO-SETUP-3"))
        self.go("STARTER")
        starter = self.draw.pop()
        self.pile.append(starter)
        self.starter = True
        self.event("starter", f"The starter card is {starter}; it counts as P{self.dealer}'s play",
                     ("LOCO-SETUP-3", "LOCO-SETUP-4"))
        self.layer, self.laid, self.top_layer, self.advance_from = self.dealer, (starter,), self.dealer, self.dealer
        self._effect(starter_phase=True)

    def _setup_scenario(self, sp):
        """An explicit position (loco.md section 0, Tests): hands, piles, turn, pending, obligations."""
        n = self.n
        pick = CardPicker(make_deck(self.opts["personal_recipes"] != "off"))
        self.hands = [[pick.take(c) for c in h] for h in sp["hands"]]
        self.draw = [pick.take(c) for c in sp.get("draw", [])][::-1]
        self.pile = [pick.take(c) for c in sp["pile"]]
        self.box = list(pick.free)
        self.dir = sp.get("dir", 1)
        self.dealer = sp.get("dealer", 0)
        self.current = sp["current"]
        top = self.pile[-1]
        self.colour = sp.get("colour") or top.colour
        self.top_layer = sp.get("top_layer", (self.current - self.dir) % n)
        pend = sp.get("pending")
        if pend:
            self.pending = Pending(pend["kind"], pend.get("draw", 0), pend.get("skip", False), self.current)
        self.turn_no = 0
        self.counts = [len(h) for h in self.hands]
        for seat in sp.get("obligations", []):
            self.obligations[seat] = 0
        self.accent = bool(sp.get("accent", False))
        self.event("scenario", f"Scenario: P{self.current} is on turn; top card {top}", ())
        self.phase = "ADVANCE"
        self.advance_from = (self.current - self.dir) % n
        self.advance_self = False
