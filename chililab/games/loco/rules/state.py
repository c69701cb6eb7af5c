"""Chili Loco's rules state, assembled from one mixin per rulebook section (``shared/rules/loco.md``).

Each section module holds, for its phases, the legal moves, why a move is refused and what a move does, and
declares the phases it runs (``SECTION_PHASES``; ``chililab.engine.phases.compose`` joins them here, once):

- ``setup.py``: components and setup: the deal, the starter, scenarios (2.1, LOCO-SETUP);
- ``matching.py``: what may be played (2.2, LOCO-MATCH);
- ``turn.py``: turn structure, answering a pending effect (2.3, LOCO-TURN; phases TURN_BEGIN,
  TURN_MAIN, RESPONSE, CHECKPOINT, ADVANCE);
- ``help.py``: asking for help, and the race on a giver's last card (2.4, LOCO-HELP,
  LOCO-WIN-4/5; HELP_OFFERS, HELP_ACCEPT);
- ``twins.py``: twins and jumping in (2.5, LOCO-TWIN);
- ``slap.py``: Salsa Slap (2.6, LOCO-SLAP; SLAP_RACE);
- ``card_library.py``: each card's instruction, wilds and the colour (2.7, LOCO-CARD,
  LOCO-WILD; COLOUR, TARGET);
- ``draw_pile.py``: drawing and reshuffling (2.8, LOCO-DRAW);
- ``shouts.py``: LOCO! shouting (2.9, LOCO-SHOUT; the LOCO! window at CHECKPOINT);
- ``winning.py``: the result (2.10, LOCO-WIN);
- ``ties.py``: settling ties (2.11, LOCO-TIE);
- ``house_rules.py``: Personal Recipe cards (2.12, LOCO-HOUSE).

The position's fields are typed once in ``base.py``; the pending effects are declared in ``pending.py``;
pure checks the bots and odds may import are in ``checks.py``.

The kernel (:class:`chililab.engine.RulesBase`) runs the phases, collects answers,
resolves races and derives ``clone()``/``key()`` from ``FIELDS``. Legality has one
source: ``check`` (the generated legal moves, else the section's explanation).
"""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec
from chililab.engine.fields import Init, per_seat
from chililab.engine.phases import compose

from . import unseen
from .base import LocoBase
from .card_library import CardLibraryRules
from .cards import Card
from .draw_pile import DrawPileRules
from .flow import FLOW
from .help import HelpRules
from .house_rules import house_rule
from .matching import MatchingRules
from .moves import Accept, AskHelp, Draw, Jump, Lay, Leave, Offer, StallPass, Touch
from .setup import SetupRules
from .shouts import ShoutRules
from .slap import SlapRules
from .ties import TieRules
from .turn import TurnRules
from .twins import TwinRules
from .view import LocoSeatView, LocoView, full_view
from .winning import WinningRules

#: the rules sections, in the order of LocoState's bases (their phase tables are composed in this order)
SECTIONS = (SetupRules, MatchingRules, TurnRules, HelpRules, TwinRules, SlapRules, CardLibraryRules, DrawPileRules,
            ShoutRules, WinningRules, TieRules)
_PHASES = compose(SECTIONS)


class LocoState(SetupRules, MatchingRules, TurnRules, HelpRules, TwinRules, SlapRules, CardLibraryRules,
                DrawPileRules, ShoutRules, WinningRules, TieRules, LocoBase):
    """The whole position of a Chili Loco game, and its rules."""

    flow = FLOW
    #: every field of the position besides the kernel's, with its initial value (see chililab.engine.fields):
    #: new_state() sets them, clone() and key() follow; the types are annotated in base.py
    FIELDS = {
        "opts": ("const", Init(lambda n, options: options, "the options")), "house": "const",
        "hands": ("lists", per_seat([])), "draw": ("list", []), "pile": ("list", []), "box": ("list", []),
        "colour": ("value", None), "dir": ("value", 1), "dealer": ("value", 0), "current": ("value", 0),
        "pending": ("value", None),
        "top_layer": ("value", None), "turn_no": ("value", 0), "obligations": ("dict", {}),
        "counts": ("list", per_seat(0)),
        "cp": ("value", 0), "loco_cp": ("value", -1), "resume": ("value", "ADVANCE"),
        "help_count": ("value", 0), "help_return": ("value", "TURN_MAIN"), "offers": ("list", []),
        "offer_i": ("value", 0),
        "jumper": ("value", None), "layer": ("value", 0), "laid": ("value", ()), "starter": ("value", False),
        "advance_from": ("value", 0), "advance_self": ("value", False), "accent": ("value", False),
    }
    # the kernel's tables, composed from the sections' declarations (chililab.engine.phases.compose)
    AUTOMATIC = _PHASES.automatic
    WINDOWS = _PHASES.windows
    ACTIONS = _PHASES.actions
    #: phase -> the section method listing a deciding seat's legal moves, and the one saying why a move is refused
    LEGAL = _PHASES.legal
    REFUSALS = _PHASES.refusals

    @classmethod
    def new(cls, options: dict, seed: int, setup: dict | None):
        n = options["players"]
        s = cls.new_state(n, random.Random(seed), reaction_from_spec(options["reaction_model"]), options)
        pr = options["personal_recipes"]
        s.house = {} if pr == "off" else {112: house_rule(pr[0]), 113: house_rule(pr[1])}
        if setup and "hands" in setup:
            s._setup_scenario(setup)
        else:
            s._setup_deal(setup)
        s.run()
        ev, s.events = s.events, []
        return s, ev

    def _wrong_player(self, m):
        d = self.decision
        assert d is not None  # check() asks only while a decision is open
        ph = self.phase
        p = m.player
        if p in self.answers:
            rule = ("LOCO-TWIN-7" if ph == "TURN_MAIN" else "LOCO-SHOUT-3" if ph != "SLAP_RACE"
                    else "LOCO-SLAP-1" if getattr(self.reaction, "people", False) else "LOCO-SLAP-4")
            return IllegalMove(rule, f"P{p} has already answered; answers are collected once per window", m)
        if isinstance(m, AskHelp):
            return IllegalMove("LOCO-HELP-1", f"Only the player whose turn it is (P{self.current}) may ask for help", m)
        if isinstance(m, Lay) and m.cards and m.cards[0].name == "Milk Chaser":
            return IllegalMove("LOCO-CARD-MILK-1", "Milk Chaser is never an out-of-turn card: only the on-turn "
                               "player may lay it", m)
        if isinstance(m, Offer) and self.phase == "HELP_OFFERS":
            return IllegalMove("LOCO-HELP-2", f"P{p} cannot offer now: the other players are asked one at a time "
                               "from the asker's left, each once, for at most one card", m)
        if isinstance(m, (Touch, Leave)) and self.phase == "HELP_ACCEPT":
            return IllegalMove("LOCO-HELP-3", f"Only P{self.current}, who asked for help, touches or leaves the "
                               "offered card", m)
        if isinstance(m, Jump):
            if self.pile and not self.top.cream:
                return IllegalMove("LOCO-TWIN-6", f"No jump-in on a dark card: {self.top} has a dark border", m)
            return IllegalMove("LOCO-TWIN-4", f"P{p} cannot jump in now: only the holder of the exact twin of "
                               f"the top card may, before the on-turn player lays", m)
        if isinstance(m, (Lay, Draw, StallPass, Accept)):
            return IllegalMove("LOCO-TURN-1", f"It is not P{p}'s turn: {d.prompt}", m)
        return IllegalMove("LOCO-TURN-1", f"P{p} has no decision to make now: {d.prompt}", m)

    # check(m) is the kernel's (RulesBase.check): these are its clauses and hooks
    MOVE_RULE = ALTERED_RULE = "LOCO-TURN-2"
    OVER_RULE = "LOCO-WIN-1"
    SEAT_RULE = "LOCO-SETUP-1"
    ACCEPT_EQUAL = True  # a move equal to one generated for a deciding seat is accepted at once

    def refuse_early(self, m) -> IllegalMove | None:
        if type(getattr(m, "target", 0)) is not int:
            # Call(0, True) == Call(0, 1) and Vote(0, 1.0) == Vote(0, 1) as values: refuse them, or the
            # record would hold true / 1.0 and not replay (a seat is a whole number, LOCO-SETUP-1)
            return IllegalMove("LOCO-SETUP-1", f"{m!r}: the target must be a seat number", m)
        return None

    def refuse_move(self, m, p) -> IllegalMove | None:
        if type(m).__module__ != Lay.__module__:
            return IllegalMove("LOCO-TURN-2", f"{m!r} is not a Chili Loco move", m)
        if isinstance(m, (Lay, Jump)) and not (isinstance(getattr(m, "cards", None), tuple)
                                               and all(isinstance(c, Card) for c in m.cards)) \
                or isinstance(m, Offer) and not isinstance(getattr(m, "card", None), Card):
            # a hand-built move with cards that are not cards: refuse it before any rule looks at them
            return IllegalMove("LOCO-TURN-2", f"{m!r}: cards must be Chili Loco cards", m)
        if isinstance(m, AskHelp) and p != self.current:
            return IllegalMove("LOCO-HELP-1", f"Only the player whose turn it is may ask for help, not P{p}", m)
        return None

    def wrong_player(self, m, p) -> IllegalMove:
        return self._wrong_player(m)

    def fallback(self, m, p) -> IllegalMove:
        d = self.decision
        if self.phase not in self.REFUSALS or d is None:
            return IllegalMove("LOCO-TURN-2", "No move is possible now", m)
        return IllegalMove("LOCO-TURN-2", f"{m} is not one of the moves open to P{p} now: {d.prompt}", m)


    def locations(self) -> dict[int, list[str]]:
        """Where every physical card is: {card id: place}. For conservation checks."""
        where: dict[int, list[str]] = {}
        for s, h in enumerate(self.hands):
            for c in h:
                where.setdefault(c.id, []).append(f"hand{s}")
        for name, cards in (("draw", self.draw), ("pile", self.pile), ("box", self.box)):
            for c in cards:
                where.setdefault(c.id, []).append(name)
        for g, c in self.offers:
            where.setdefault(c.id, []).append(f"offer{g}")
        return where

    def view(self, viewer: int | None) -> LocoView:
        return full_view(self, viewer)

    def seat_view(self, seat: int) -> LocoSeatView:
        """``seat``'s view computing each field when first read (the simulation's view; see :mod:`.view`)."""
        return LocoSeatView(self, seat)

    # what a search bot samples (chililab.engine.worlds): the cards a seat cannot see, dealt again
    deal_unseen = unseen.deal_unseen
    estimate = unseen.estimate
    #: a search bot's rollouts stop after this many decisions (a whole game is ~470 with rule bots) and are
    #: scored by estimate(); 30 keeps a rollout under a millisecond
    SEARCH_DEPTH = 30


assert LocoState.__bases__ == (*SECTIONS, LocoBase), "LocoState's bases are the sections, then the typed base"
