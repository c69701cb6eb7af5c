"""The card library (loco.md 2.7, LOCO-CARD-*; LOCO-WILD-1): a card landing on the pile and what it does.

Each card's instruction is here: Stir the Pot, Hot Sauce (and its stacking), Heat Stroke, the wilds
(New Recipe, Reaper, Blender, Taco Trade, Hot Potato, Milk Chaser) and the colour named after a wild;
a Personal Recipe runs its house rule (``house_rules.py``), a Salsa Slap its race (``slap.py``). The
pending effects the cards leave are declared in ``pending.py``; answering one is a turn's (``turn.py``).
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import LocoBase
from .cards import COLOURS, NAME, PERSONAL_RECIPE, TWIN_NAME, take
from .checks import milk_allowed
from .house_rules import HouseAPI
from .matching import match_rule
from .moves import _COLOUR, _TARGET, ChooseColour, ChooseTarget
from .pending import EFFECTS, Effect, Pending


class CardLibraryRules(LocoBase):
    """Mixin of LocoState: landing a card, and its instruction."""

    SECTION_PHASES = Phases(
        actions={"COLOUR": "_do_colour", "TARGET": "_do_target"},
        legal={"COLOUR": "_colour_moves", "TARGET": "_target_moves"},
        refusals={"COLOUR": "_colour_problem", "TARGET": "_target_problem"},
    )

    def _land(self, layer, cards, jumped=False):
        hand = self.hands[layer]
        for c in cards:
            take(hand, c)
        below = self.pile[-1] if self.pile else None
        self.pile.extend(cards)
        prev_pending = self.pending
        if prev_pending is not None and prev_pending.target == layer:
            self.pending = None
        else:
            prev_pending = None
        self.layer, self.laid, self.top_layer, self.advance_from = layer, tuple(cards), layer, layer
        self.starter = False
        what = TWIN_NAME[cards[0].id] if len(cards) == 2 else NAME[cards[0].id]
        verb = "jumps in with" if jumped else "lays"
        rules: tuple[str, ...]
        if jumped:
            rules = ("LOCO-TWIN-4",)
        else:
            rules = ("LOCO-TWIN-1",) if len(cards) == 2 else (match_rule(cards[0], below),)
        self.event("lay", ("P{} {} {}", layer, verb, what), rules, data={"seat": layer, "cards": tuple([c.id for c in cards])})
        if not hand:
            how = "jumped" if jumped else "laid"
            rules = ("LOCO-WIN-1",) + (("LOCO-WIN-3",) if jumped or len(cards) == 2 else ()) + \
                (("LOCO-WIN-2",) if cards[0].kind != "pepper" else ())
            self._win(layer, cards, how, rules)
            return
        self._sync((layer,))
        c = cards[0]
        if c.colour:
            self.colour = c.colour
        if c.wild and self.accent:
            self.accent = False
            self.event("accent_off", "A wild is laid: the terrible accent may stop", ("LOCO-HOUSE-7",))
        if c.kind == "pepper":
            self._checkpoint("ADVANCE")
        elif c.name == "Salsa Slap":
            self.go("SLAP_RACE")
            self._slap()
        else:
            self.go("EFFECT")
            self._effect(prev_pending=prev_pending)

    def _effect(self, starter_phase=False, prev_pending=None):
        """Resolve the laid card's instruction (LOCO-TURN-5); the starter is the dealer's play."""
        c = self.laid[0]
        layer = self.layer
        if starter_phase:
            if c.kind == "pepper":
                self.colour = c.colour
                self._checkpoint("ADVANCE")
                return
            if c.name == "Salsa Slap":
                self.colour = c.colour
                self.go("SLAP_RACE")
                self._slap()
                return
            self.go("EFFECT")
            if c.colour:
                self.colour = c.colour
        name = c.name
        nxt = self.next_seat(layer)
        if name == "Stir the Pot":
            self.dir = -self.dir
            rules = ("LOCO-CARD-STIR-1",) + (("LOCO-SETUP-6",) if starter_phase else ())
            if self.n == 2:
                rules += ("LOCO-CARD-STIR-2",)
                if self.opts["two_player_stir_skips"]:
                    self.advance_self = True
            self.event("reverse", f"Play order reverses: now {'clockwise' if self.dir == 1 else 'anti-clockwise'}",
                        rules)
            self._checkpoint("ADVANCE")
        elif name == "Hot Sauce":
            total = prev_pending.draw + 2 if prev_pending is not None and prev_pending.kind == Effect.HOT_SAUCE \
                else 2
            self.pending = Pending(Effect.HOT_SAUCE, total, False, nxt)
            rules = ("LOCO-CARD-HOTSAUCE-2",) if total > 2 else ("LOCO-CARD-HOTSAUCE-1",)
            if starter_phase:
                rules += ("LOCO-SETUP-7",)
            self.event("pending", f"Hot Sauce: P{nxt} must draw {total} (or stack a Hot Sauce, or lay Milk Chaser)",
                        rules)
            self._checkpoint("ADVANCE")
        elif name == "Heat Stroke":
            self.pending = Pending(Effect.HEAT_STROKE, 0, True, nxt)
            self.event("pending", f"Heat Stroke: P{nxt} loses their turn (unless they lay Milk Chaser)",
                        ("LOCO-CARD-HEATSTROKE-1",) + (("LOCO-SETUP-6",) if starter_phase else ()))
            self._checkpoint("ADVANCE")
        else:
            self._wild_effect(name, layer, nxt, prev_pending, starter_phase)

    def _wild_effect(self, name, layer, nxt, prev_pending, starter_phase):
        n = self.n
        if prev_pending is not None and prev_pending.kind == Effect.PR_WILD_OR_DRAW3 and name != "Milk Chaser":
            # LOCO-HOUSE-6: said before the wild's own effect (Taco Trade / a targeted PR stop for a choice)
            self.event("satisfied", f"The wild satisfies the Personal Recipe aimed at P{layer}", ("LOCO-HOUSE-6",))
        if name == "New Recipe":
            self.event("wild", f"New Recipe: P{layer} will name the colour", ("LOCO-CARD-NEWRECIPE-1",))
        elif name == "Reaper":
            self.pending = Pending(Effect.REAPER, 5, True, nxt)
            self.event("pending", f"Reaper: P{nxt} must draw 5 and lose the turn (unless they lay Milk Chaser)",
                        ("LOCO-CARD-REAPER-1",) + (("LOCO-SETUP-6", "LOCO-SETUP-7") if starter_phase else ()))
        elif name == "Blender":
            pool = [c for h in self.hands for c in h]
            self.rng.shuffle(pool)
            self.hands = [[] for _ in range(n)]
            for i, c in enumerate(pool):
                self.hands[(layer + 1 + i) % n].append(c)
            sizes = ", ".join(f"P{s}: {len(h)}" for s, h in enumerate(self.hands))
            self.event("blender", f"Blender: all {len(pool)} cards in hands are pooled, shuffled and dealt from "
                        f"P{layer}'s left ({sizes})", ("LOCO-CARD-BLENDER-1",))
            self._sync(range(n), force=True)
        elif name == "Taco Trade":
            self.go("TARGET")
            self.ask("choice", (layer,), f"Taco Trade: P{layer} chooses a player to swap hands with")
            return
        elif name == "Hot Potato":
            self.hands = [self.hands[(s - 1) % n] for s in range(n)]
            self.event("potato", "Hot Potato: everyone passes their whole hand to the left", ("LOCO-CARD-POTATO-1",))
            self._sync(range(n), force=True)
        elif name == "Milk Chaser":
            if prev_pending is not None:
                self.event("cancel", f"Milk Chaser cancels the pending {EFFECTS[prev_pending.kind].text}"
                            + (f" (draw {prev_pending.draw})" if prev_pending.draw else "") + ": nobody draws, nobody "
                            "is skipped", ("LOCO-CARD-MILK-3", "LOCO-CARD-MILK-4"))
            else:
                self.event("wild", "Milk Chaser with nothing to cancel: a plain wild",
                            ("LOCO-CARD-MILK-5",) if not starter_phase else ("LOCO-SETUP-7",))
        elif name == PERSONAL_RECIPE:
            rule = self.house[self.laid[0].id]
            if rule.needs_target:
                self.go("TARGET")
                self.ask("choice", (layer,), f"Personal Recipe ({rule.text}): P{layer} chooses a player")
                return
            self._house(rule, layer, None)
        self._colour_step()

    def _colour_step(self):
        """LOCO-WILD-1 / LOCO-SETUP-5: the colour after a wild."""
        if self.starter:
            bottom = self.draw[0] if self.draw else None
            if bottom is not None and not bottom.wild:
                self.colour = bottom.colour
                self.starter = False
                self.event("colour", f"The starter wild takes the colour of the draw pile's bottom card: "
                            f"{bottom.colour} ({bottom})", ("LOCO-SETUP-5",))
                self._checkpoint("ADVANCE")
                return
            self.go("COLOUR")
            self.ask("choice", (self.layer,), f"The bottom card is a wild too: dealer P{self.layer} "
                               "names the colour")
            return
        self.go("COLOUR")
        self.ask("choice", (self.layer,), f"P{self.layer} names the colour")

    def _do_colour(self, m):
        self.colour = m.colour
        self.event("colour", ("P{} names {}", m.player, m.colour), ("LOCO-WILD-1",)
                   + (("LOCO-SETUP-5",) if self.starter else ()))
        self.starter = False
        self._checkpoint("ADVANCE")

    def _do_target(self, m):
        t = m.target
        layer = self.layer
        c = self.laid[0]
        if c.name == "Taco Trade":
            h = self.hands
            h[layer], h[t] = h[t], h[layer]
            self.event("taco", f"Taco Trade: P{layer} and P{t} swap hands (P{layer} now holds {len(h[layer])}, "
                        f"P{t} holds {len(h[t])})", ("LOCO-CARD-TACO-1",) + (("LOCO-SETUP-7",) if self.starter else ()))
            self._sync((layer, t), force=True)
        else:
            self._house(self.house[c.id], layer, t)
        self._colour_step()

    def _house(self, rule, layer, target):
        api = HouseAPI(self, layer)
        self.event("house", f"Personal Recipe: {rule.text}", ("LOCO-HOUSE-2",)
                    + (("LOCO-HOUSE-8",) if self.starter else ()))
        rule.effect(api, layer, target)

    def _milk_ok(self, s, hand) -> bool:
        """May seat s lay Milk Chaser now? (LOCO-CARD-MILK-2, -5)"""
        pend = self.pending
        return milk_allowed(len(hand), pend is not None and pend.target == s, self.opts["milk_requires_pending"])

    def _milk_problem(self, p, m) -> IllegalMove | None:
        """Why ``p`` may not lay Milk Chaser now (LOCO-CARD-MILK-2, -5), or None."""
        hand = self.hands[p]
        if self._milk_ok(p, hand):
            return None
        if len(hand) < 2:
            return IllegalMove("LOCO-CARD-MILK-2", "Milk Chaser can never be your last card: draw or ask "
                               "for help first", m)
        return IllegalMove("LOCO-CARD-MILK-5", "At this table Milk Chaser may only cancel an effect "
                           "aimed at you, and none is", m)

    def _colour_moves(self, s):
        """COLOUR: name any colour (LOCO-WILD-1)."""
        return list(_COLOUR[s])

    def _colour_problem(self, m):
        if isinstance(m, ChooseColour) and m.colour in COLOURS:
            return None
        return IllegalMove("LOCO-WILD-1", f"Name a colour: one of {', '.join(COLOURS)}", m)

    def _target_moves(self, s):
        """TARGET: choose another player (LOCO-CARD-TACO-1, LOCO-HOUSE-5)."""
        return [_TARGET[s][t] for t in range(self.n) if t != s]

    def _target_problem(self, m):
        p = m.player
        if isinstance(m, ChooseTarget) and isinstance(m.target, int) and 0 <= m.target < self.n and m.target != p:
            return None
        rule = "LOCO-HOUSE-5" if self.laid and self.laid[0].name == PERSONAL_RECIPE else "LOCO-CARD-TACO-1"
        return IllegalMove(rule, "Choose another player (not yourself)", m)
