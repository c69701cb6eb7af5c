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

Inferno Mode plugs in through the hooks of ``base.py`` and by adding its phase entries (TURN_BEGIN's
D1, ABILITY) to the tables below.
"""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec

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
from .view import AyccSeatView, full_view
from .withdrawing import WithdrawRules

#: the clause a refusal cites when a seat has no decision in a phase
_PHASE_CLAUSE = {"ACTION": "AYCC-TURN-1", "EYE": "AYCC-ICON-EYE-1", "FORK": "AYCC-ICON-FORK-1",
                 "TURN_BEGIN": "AYCC-INFERNO-1", "ABILITY": "AYCC-INFERNO-1"}
_TOKENS = ("chili", "last_target", "lock")
_NUMBERS = ("target", "seat", "source", "dest",  # move fields naming a character, a seat or a tolerance
            "character", "first", "second", "guess", "tolerance")  # (the last five: Inferno Mode)


class AyccState(InfernoRules, SetupRules, TurnRules, WithdrawRules, ServeRules, BurnRules, IconRules,
                 EndRules):
    """The whole position of an All You Can Chili game, and its rules."""

    flow = FLOW
    FIELDS = {
        "opts": "const", "table": "const", "setup": "const", "serves": "const",
        "round": "value", "scores": "list", "round_points": "list", "history": "list",
        "row": "value", "status": "list", "owner": "list", "identity": "list", "neutral": "value",
        "tol": "list", "tol_deck": "list", "tol_out": "list", "id_revealed": "list", "tol_revealed": "list",
        "peeks": "lists", "deck": "list", "hands": "lists", "piles": "lists", "box": "list",
        "chili": "value", "last_target": "value", "lock": "value",
        "start": "value", "current": "value", "turn": "value", "serving": "value",
        "ability": "value", "frenzy": "value", "siesta": "list",  # Inferno Mode (inferno.py)
    }  # typed in base.AyccBase

    AUTOMATIC = {"ROUND_SETUP": "_round_setup", "TURN_BEGIN": "_turn_begin", "ACTION": "_action",
                 "SERVE": "_serve", "EYE": "_eye_begin", "FORK": "_fork_begin", "LAST_TARGET": "_last_target",
                 "DRAW_UP": "_draw_step", "WITHDRAW": "_withdraw_step", "ROUND_END_CHECK": "_round_end_check",
                 "ROUND_SCORING": "_round_scoring", "GAME_END_CHECK": "_game_end_check"}
    ACTIONS = {"ACTION": "_on_action", "EYE": "_on_eye", "FORK": "_on_fork"}
    LEGAL = {"ACTION": "_action_moves", "EYE": "_eye_moves", "FORK": "_fork_moves"}
    #: each is the full check of a move in its phase: None when the move is legal
    REFUSALS = {"ACTION": "_action_problem", "EYE": "_eye_problem", "FORK": "_fork_problem"}
    # Inferno Mode (inferno.py): D1 at TURN_BEGIN, the abilities in ABILITY
    AUTOMATIC = {**AUTOMATIC, "ABILITY": "_ability_step"}
    ACTIONS = {**ACTIONS, "TURN_BEGIN": "_on_begin", "ABILITY": "_on_ability"}
    LEGAL = {**LEGAL, "TURN_BEGIN": "_begin_moves", "ABILITY": "_ability_moves"}
    REFUSALS = {**REFUSALS, "TURN_BEGIN": "_begin_problem", "ABILITY": "_ability_problem"}

    @classmethod
    def new(cls, options: dict, table: tuple, seed: int, setup: dict | None):
        s = cls.__new__(cls)
        n = options["players"]
        s.opts, s.table, s.setup = options, table, setup
        s.serves = serve_table(table[0].composition if table else None)
        s.init_kernel(n, random.Random(seed), reaction_from_spec(None))
        s.round, s.scores, s.round_points, s.history = 1, [0] * n, [0] * n, []
        s.start = s.current = s.turn = 0
        s.serving = None
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
    PHASE_RULES = _PHASE_CLAUSE

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

    def seat_view(self, seat: int) -> AyccSeatView:
        """``seat``'s view computing each field when first read (the simulation's view; see :mod:`.view`)."""
        return AyccSeatView(self, seat)
