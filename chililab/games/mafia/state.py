"""Chili Mafia rules: the state, assembled from one mixin per rulebook section.

Clause IDs refer to ``shared/rules/mafia.md``. Built so far: setup (``setup.py``:
BUILD, DEAL, DRAFT, FINALIZE), the turn
(``turn.py``: TURN_MAIN, PASS_DISCARD, END_DRAW), the Hot cards and their
defence window (``hotplay.py``; Bodyguards: ``bodyguard.py``), the Goodfellas turn abilities
(``gfturn.py``), the base Action cards (``actions.py``: ACTION_RESOLVE; draws in ``turn.py``: DRAW), the Dawn Raid (``raid.py``),
the 2-player exchange (``twoplayer.py``), Hot Properties (``hpplay.py``, ``hpturn.py``) and
the end (``end.py``: FINAL_ROUND, SCORING). ``NOTES.md`` says what comes next.
"""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec

from .actions import ActionRules
from .bodyguard import GuardRules
from .end import EndRules
from .flow import FLOW
from .gfturn import GoodfellasTurn
from .hotplay import HotRules
from .hpplay import HPRules
from .hpturn import HPTurnRules
from .moves import Exchange, Neutralize, PlayAction, UseHP
from .options import team_of
from .raid import RaidRules
from .setup import SetupRules
from .turn import TurnRules
from .twoplayer import TwoPlayerRules
from .view import MafiaSeatView, full_view

#: the clause a refusal cites when a seat has no decision in a phase
_PHASE_CLAUSE = {"DRAFT": "MAFIA-DRAFT-1", "TURN_MAIN": "MAFIA-TURN-1", "PASS_DISCARD": "MAFIA-TURN-3",
                 "END_DRAW": "MAFIA-HAND-1", "DRAW": "MAFIA-HAND-2",
                 "ACTION_RESOLVE": "MAFIA-HAND-2", "DAWN_RAID": "MAFIA-DAWN-2", "DEFENSE": "MAFIA-HOT-4",
                 "HOT_RESOLVE": "MAFIA-HOT-TURNCOAT-1",
                 "NEUTRALIZED": "MAFIA-HP-RECONSIDER-1", "POST_HOT": "MAFIA-HOT-5", "FORM_ADD": "MAFIA-HP-RECRUIT-1",
                 "HP_RESOLVE": "MAFIA-HP-3", "BODYGUARD": "MAFIA-ADV-BODYGUARD-1"}


def _listed(m, legal) -> bool:
    """``m`` is one of the very objects in ``legal`` (an agent's choice): found without comparing fields."""
    for x in legal:
        if x is m:
            return True
    return False


class MafiaState(SetupRules, TurnRules, HotRules, GuardRules, GoodfellasTurn, ActionRules, RaidRules, TwoPlayerRules,
                 EndRules, HPRules, HPTurnRules):
    """The whole position of a Chili Mafia game, and its rules."""

    flow = FLOW
    FIELDS = {
        "opts": "const", "setup": "const", "team_of": "const",
        # piles that change seldom are tuples (a clone shares them: an undo snapshot every 4 steps copies, and the
        # garbage collector walks, only the lists); packets and hps are lists of tuples, one per seat
        "hands": "lists", "packets": "list", "gangs": "list", "hps": "list",
        "draw": "list", "discard": "list", "hp_deck": "value", "aside": "value", "out": "value",
        "pick": "value", "start": "value", "current": "value", "turn": "value", "dawn_raid_drawn": "value",
        "acted": "value", "to_draw": "value", "drawer": "value", "draw_clause": "value", "final_left": "value",
        "hots_played": "value", "attack": "value", "taken": "value", "incoming": "value", "exchanges": "value",
        # Hot Properties (hpplay.py)
        "hp_win": "value", "hp_stage": "value", "hp_victim": "value", "hp_added": "value", "hp_with": "value",
        "hp_card": "value", "hp_gain": "value", "hp_gainer": "value", "hp_drawn": "value",
        "hit": "value", "guard_at": "value", "lords": "value", "danced": "value", "gambled": "value",
    }  # typed in base.MafiaBase

    AUTOMATIC = {"BUILD": "_build", "DEAL": "_deal", "FINALIZE": "_finalize", "END_DRAW": "_end_draw", "DRAW": "_effect_draw",
                 "ACTION_RESOLVE": "_receive",
                 "FINAL_ROUND": "_final_round", "SCORING": "_score", "HOT_DECLARE": "_open_defence",
                 "NEUTRALIZED": "_neutralized", "HOT_RESOLVE": "_resolve_hot", "POST_HOT": "_after_hot"}
    WINDOWS = {"DRAFT": "_resolve_picks", "DAWN_RAID": "_resolve_raid"}
    ACTIONS = {"TURN_MAIN": "_on_turn", "PASS_DISCARD": "_on_pass_discard", "END_DRAW": "_on_limit_discard", "DRAW": "_on_limit_discard",
               "ACTION_RESOLVE": "_on_limit_discard",
               "DEFENSE": "_on_defence", "HOT_RESOLVE": "_on_resolve", "BODYGUARD": "_on_guard"}
    LEGAL = {"DRAFT": "_draft_moves", "TURN_MAIN": "_turn_moves", "PASS_DISCARD": "_pass_discard_moves",
             "END_DRAW": "_limit_moves", "DRAW": "_limit_moves",
             "ACTION_RESOLVE": "_limit_moves", "DAWN_RAID": "_raid_moves", "DEFENSE": "_defence_moves",
             "HOT_RESOLVE": "_resolve_moves", "BODYGUARD": "_guard_moves"}
    REFUSALS = {"DRAFT": "_draft_problem", "TURN_MAIN": "_turn_problem", "PASS_DISCARD": "_pass_discard_problem",
                "END_DRAW": "_limit_problem", "DRAW": "_limit_problem",
                "ACTION_RESOLVE": "_limit_problem", "DAWN_RAID": "_raid_problem", "DEFENSE": "_defence_problem",
                "HOT_RESOLVE": "_resolve_problem", "BODYGUARD": "_guard_problem"}
    #: phases whose refusal method is the full check (None: accepted), because their moves are too many to list
    #: (Dawn Raid arrangements) or may name their cards in any order (form, add, a Turncoat's new gang)
    OPEN_CHECK = frozenset({"TURN_MAIN", "DAWN_RAID", "HOT_RESOLVE", "BODYGUARD"})

    # Hot Properties (hpplay.py): the windows after a Hot card or an add, the steps of "your turn" cards, and
    # DEFENSE's moves (the HP ones there; the rest handed on to hotplay). Its checks are full checks (OPEN_CHECK).
    _HP_WINDOW = {"NEUTRALIZED": "", "POST_HOT": "", "FORM_ADD": ""}
    AUTOMATIC = {**AUTOMATIC, "HOT_DECLARE": "_hp_open_defence", "FORM_ADD": "_hp_form_add", "HP_RESOLVE": "_hp_resolve"}
    ACTIONS = {**ACTIONS, **dict.fromkeys(_HP_WINDOW, "_hp_on_window"), "DEFENSE": "_hp_on_defence",
               "HP_RESOLVE": "_hp_on_resolve"}
    LEGAL = {**LEGAL, **dict.fromkeys(_HP_WINDOW, "_hp_window_moves"), "DEFENSE": "_hp_defence_moves",
             "HP_RESOLVE": "_hp_resolve_moves"}
    REFUSALS = {**REFUSALS, **dict.fromkeys(_HP_WINDOW, "_hp_window_problem"), "DEFENSE": "_hp_defence_problem",
                "HP_RESOLVE": "_hp_resolve_problem"}
    OPEN_CHECK = OPEN_CHECK | {*_HP_WINDOW, "DEFENSE", "HP_RESOLVE"}
    #: OPEN_CHECK phases whose refusal method also accepts every listed move (tests/mafia/test_open_check.py), so
    #: ``check`` need not list the moves first; in the others a listed move is accepted before the refusal is asked
    REFUSAL_IS_FULL = frozenset({"TURN_MAIN", "DAWN_RAID", "HOT_RESOLVE"})

    @classmethod
    def new(cls, options: dict, seed: int, setup: dict | None):
        s = cls.__new__(cls)
        n = options["players"]
        s.opts, s.setup, s.team_of = options, setup, team_of(options)
        s.init_kernel(n, random.Random(seed), reaction_from_spec(None))
        s.hands = [[] for _ in range(n)]
        s.packets = [() for _ in range(n)]
        s.gangs = [() for _ in range(n)]
        s.hps = [() for _ in range(n)]
        s.draw, s.discard, s.hp_deck, s.aside, s.out = [], [], (), (), ()
        s.pick, s.start, s.current, s.turn, s.dawn_raid_drawn = 0, None, None, 0, False
        s.acted, s.to_draw, s.final_left = False, 0, None
        s.drawer = s.draw_clause = None
        s.hots_played, s.attack, s.taken = 0, None, None
        s.incoming = ()
        s.hp_win, s.hp_stage, s.hp_victim, s.hp_added, s.hp_with, s.hp_card = None, 0, None, None, None, None
        s.hp_gain, s.hp_gainer, s.hp_drawn = (), None, ()
        s.hit, s.guard_at, s.lords, s.danced, s.gambled = (), 0, (), (), False
        s.exchanges = 0
        s.run()
        ev, s.events = s.events, []
        return s, ev

    # check(m) is the kernel's (RulesBase.check): these are its clauses and hooks
    MOVE_RULE = "MAFIA-TURN-1"
    OVER_RULE = "MAFIA-TIE-1"
    SEAT_RULE = "MAFIA-SETUP-1"
    PHASE_RULES = _PHASE_CLAUSE

    def refuse_move(self, m, p) -> IllegalMove | None:
        d = self.decision
        if isinstance(m, Neutralize) and self.phase != "DEFENSE":
            return IllegalMove("MAFIA-ACT-FUGG-2", "Fuggedaboutit neutralizes only a Hot card, in its defence window",
                               m)
        snoop = self.phase == "HP_RESOLVE" and self.hp_win == "snoop"  # Snoop's Shakedown or Booster (hpplay)
        if isinstance(m, PlayAction) and (self.phase != "TURN_MAIN" and not snoop or d is None or p not in d.players):
            return IllegalMove("MAFIA-ACT-1", "an Action card is played only on your own turn (Fuggedaboutit only "
                               "in a defence window)", m)
        if isinstance(m, UseHP) and (d is None or p not in d.players):
            return IllegalMove("MAFIA-HP-3", "a Hot Property is used during your own turn, or when you are asked in "
                               "the moment its condition names", m)
        if isinstance(m, Exchange) and (self.phase != "TURN_MAIN" or d is None or p not in d.players):
            return IllegalMove("MAFIA-2P-2", "Hot cards are exchanged only on your own turn", m)
        return None

    def decision_rule(self) -> str:
        return "MAFIA-DAWN-6" if self.relay else _PHASE_CLAUSE.get(self.phase, "MAFIA-TURN-1")

    def wrong_player(self, m, p) -> IllegalMove:
        if p in self.answers:
            done = "picked this round" if self.phase == "DRAFT" else "arranged their gangs"
            return IllegalMove(self.decision_rule(), f"P{p} has already {done}; answers are collected once", m)
        return IllegalMove(self.decision_rule(), f"P{p} has no decision to make now", m)

    def check_open(self, m, p) -> IllegalMove | None:
        d = self.decision
        assert d is not None, "check() asks check_open only about a seat the decision asks"
        if self.phase in self.OPEN_CHECK:  # the refusal is the full check: the moves need not be listed first
            legal = self._lall if len(d.players) == 1 else (self._lcache or {}).get(p)
            if legal is not None and (_listed(m, legal) or m in legal):  # listed already: accepted at once
                return None
            if self.phase not in self.REFUSAL_IS_FULL and m in self._legal_for(p):
                return None
            return self.refusal(m)
        legal = self._lall if len(d.players) == 1 and self._lall is not None else self._legal_for(p)
        if _listed(m, legal) or m in legal:  # the list the agent chose from, when made: not listed again
            return None
        return self.refusal(m) or IllegalMove(self.decision_rule(), f"{m} is not open to P{p} now", m)


    def locations(self):
        """Where every physical card is: {card id: [places]}. For conservation checks."""
        where: dict[int, list[str]] = {}

        def put(cards, place):
            for c in cards:
                where.setdefault(c.id, []).append(place)

        for s in range(self.n):
            put(self.hands[s], f"hand{s}")
            put(self.packets[s], f"packet{s}")
            put(self.hps[s], f"hp{s}")
            for i, g in enumerate(self.gangs[s]):
                put(g, f"gang{s}.{i}")
        put(self.draw, "draw")
        put(self.discard, "discard")
        put(self.hp_deck, "hp_deck")
        put(self.aside, "aside")
        put(self.out, "out")
        put([self.taken] if self.taken is not None else [], "turncoat")
        put(self.incoming, "booster")
        put(self.hp_gain, "hp_gain")
        return where

    def view(self, viewer):
        return full_view(self, viewer)

    def seat_view(self, seat: int) -> MafiaSeatView:
        """``seat``'s view computing each field when first read (the simulation's view; see :mod:`.view`)."""
        return MafiaSeatView(self, seat)
