"""All You Can Chili rules: the state, assembled from one mixin per rulebook section.

Clause IDs refer to ``shared/rules/aycc.md``; one mixin per section of its part 2:

========================= =========== ====================================================
module                    section     phases and rules
========================= =========== ====================================================
``setup.py``              2.1         ROUND_SETUP; loading a scenario
``turn.py``               2.2         TURN_BEGIN, ACTION, the skipped turn
``serving.py``            2.3         SERVE, LAST_TARGET, DRAW_UP (the serve sub-step)
``withdrawing.py``        2.4, 2.5    WITHDRAW and its bonuses
``burning_out.py``        2.6         the burn-out check, knocking out, the players left
``end_of_round.py``       2.7         ROUND_END_CHECK, ROUND_SCORING, GAME_END_CHECK
``icons.py``              2.8         Lock and Chili tokens, EYE, FORK
``inferno.py``            2.9         Inferno Mode: TURN_BEGIN's D1, ABILITY (checks: ``checks.py``)
========================= =========== ====================================================

Each section declares the phases it runs (``SECTION_PHASES``, a :class:`~chililab.engine.phases.Phases`);
``compose`` joins them once, below. Inferno Mode plugs in through the hooks of ``base.py`` and its own
entries (TURN_BEGIN's D1 as a move table beside the base game's automatic step, and ABILITY).
"""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec
from chililab.engine.fields import Init, per_seat
from chililab.engine.phases import compose

from .burning_out import BurnRules
from .cards import CHARACTERS
from .end_of_round import EndRules
from .flow import FLOW
from .icons import IconRules
from .inferno import InfernoRules
from .moves import serve_table
from .serving import ServeRules
from .setup import SetupRules
from .turn import TurnRules
from .unseen import deal_unseen, estimate
from .view import AyccSeatView, full_view
from .withdrawing import WithdrawRules

#: the rules sections, in the order their phase tables are composed (Inferno Mode's entries are its own)
SECTIONS = (InfernoRules, SetupRules, TurnRules, WithdrawRules, ServeRules, BurnRules, IconRules, EndRules)
_PHASES = compose(SECTIONS)
_TOKENS = ("chili", "last_target", "lock")
_NUMBERS = ("target", "seat", "source", "dest",  # move fields naming a character, a seat or a tolerance
            "character", "first", "second", "guess", "tolerance")  # (the last five: Inferno Mode)


class AyccState(InfernoRules, SetupRules, TurnRules, WithdrawRules, ServeRules, BurnRules, IconRules,
                 EndRules):
    """The whole position of an All You Can Chili game, and its rules."""

    flow = FLOW
    #: every field of the position besides the kernel's; those with an initial value are set by new_state(), the
    #: round's own by each round's setup (setup.py, _seat_round); clone() and key() follow; typed in base.AyccBase
    FIELDS = {
        "opts": ("const", Init(lambda n, options: options, "the options")), "setup": ("const", None),
        "table": "const", "serves": "const",  # this composition's dishes and serves (new() sets them)
        "round": ("value", 1), "scores": ("list", per_seat(0)), "round_points": ("list", per_seat(0)),
        "history": ("list", []),
        "row": "value", "status": "list", "owner": "list", "identity": "list", "neutral": "value",
        "tol": "list", "tol_deck": "list", "tol_out": "list", "id_revealed": "list", "tol_revealed": "list",
        "peeks": "lists", "deck": "list", "hands": "lists", "piles": "lists", "box": "list",
        "heats": ("index", [0] * len(CHARACTERS)),  # each pile's heat, kept beside the piles (base.py)
        "chili": "value", "last_target": "value", "lock": "value",
        "start": ("value", 0), "current": ("value", 0), "turn": ("value", 0), "serving": ("value", None),
        "ability": "value", "frenzy": "value", "siesta": "list",  # Inferno Mode (inferno.py)
    }

    # the kernel's tables, composed from the sections' declarations (``chililab.engine.phases.compose``)
    AUTOMATIC = _PHASES.automatic
    ACTIONS = _PHASES.actions
    LEGAL = _PHASES.legal
    #: each is the full check of a move in its phase: None when the move is legal
    REFUSALS = _PHASES.refusals

    @classmethod
    def new(cls, options: dict, table: tuple, seed: int, setup: dict | None):
        s = cls.new_state(options["players"], random.Random(seed), reaction_from_spec(None), options)
        s.table, s.setup = table, setup
        s.serves = serve_table(table[0].composition if table else None)
        scenario = (setup or {}).get("scenario")
        if scenario is not None:
            s._header()
            s._load_scenario(scenario)
            s.go("TURN_BEGIN")
        s.run()
        ev, s.events = s.events, []
        return s, ev

    # check(m) is the kernel's (RulesBase.check): these are its clauses and hooks
    MOVE_RULE = ALTERED_RULE = "AYCC-TURN-1"
    OVER_RULE = "AYCC-GAME-1"
    OVER_TEXT = "the game is over: {result}"
    SEAT_RULE = "AYCC-SETUP-1"
    PHASE_RULES = _PHASES.clauses

    def refuse_asked(self, m, p) -> IllegalMove | None:
        for f in _NUMBERS:
            x = getattr(m, f, 0)
            if type(x) is not int:  # Serve(0, d, True) == Serve(0, d, 1) as values: a record would not replay
                return IllegalMove("AYCC-SETUP-1", f"{m!r}: {f} must be a whole number", m)
        return None

    def fallback(self, m, p) -> None:
        return None  # a move neither listed nor refused by the phase's REFUSALS method is accepted


    def locations(self) -> dict:
        """Where every dish, tolerance card, identity card and token is: {id: [places]} (conservation checks).

        Dishes are keyed by id, the others by ``"tol:17"``, ``"id:king_naga"`` and ``"token:chili"``.
        """
        where: dict = {}

        def put(ids, place):
            for i in ids:
                where.setdefault(i, []).append(place)

        put((d.id for d in self.deck), "deck")
        put((d.id for d in self.box), "box")
        for s, h in enumerate(self.hands):
            put((d.id for d in h), f"hand{s}")
        for c, pile in enumerate(self.piles):
            put((d.id for d in pile), f"pile:{c}")
        put((f"tol:{t}" for t in self.tol), "seats")
        put((f"tol:{t}" for t in self.tol_deck), "undealt")
        put((f"tol:{t}" for t in self.tol_out), "out")
        for ch in CHARACTERS:
            seat = self.owner[ch.id]
            put((f"id:{ch.key}",), f"seat{seat}" if seat is not None else "neutral" if ch.id == self.neutral else "box")
        for name in _TOKENS:
            holder = getattr(self, name)
            put((f"token:{name}",), "supply" if holder is None else f"on:{holder}")
        return where

    def view(self, viewer):
        return full_view(self, viewer)

    # a search bot's worlds (chililab.engine.worlds): what a seat cannot see, dealt again (unseen.py)
    deal_unseen = deal_unseen
    estimate = estimate
    #: the decisions a search bot's rollout plays before it is scored by ``estimate``: about two laps of the table
    #: (scored at the game's end, a rollout from round 1 says little about one move: search:50 won 10% against
    #: three threshold bots so, against 24% cut at 10 with threshold rollouts; search:200 won 47.5%, 60 games each)
    SEARCH_DEPTH: int | None = 10
    #: the agent that plays every seat of a search bot's rollouts (the spec's default bot is random)
    SEARCH_ROLLOUT = "threshold"

    def seat_view(self, seat: int) -> AyccSeatView:
        """``seat``'s view computing each field when first read (the simulation's view; see :mod:`.view`)."""
        return AyccSeatView(self, seat)


assert AyccState.__bases__ == SECTIONS, "AyccState's bases are the sections, in SECTIONS' order"
