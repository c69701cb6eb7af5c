"""Chili Mafia rules: the state, assembled from one mixin per rulebook section.

Clause IDs refer to ``shared/rules/mafia.md``. Built so far: setup (``setup.py``:
BUILD, DEAL, DRAFT, FINALIZE), the turn
(``turn.py``: TURN_MAIN, PASS_DISCARD, END_DRAW), the Hot cards and their
defence window (``hot_cards.py``; Bodyguards: ``advanced.py``), the Goodfellas turn abilities
(``goodfellas.py``), the base Action cards (``action_cards.py``: ACTION_RESOLVE; draws in ``turn.py``: DRAW), the Dawn Raid (``dawn_raid.py``),
the 2-player exchange (``two_player.py``), Hot Properties (``hot_properties.py``) and
the end (``game_end.py``: FINAL_ROUND, SCORING). ``NOTES.md`` says what comes next.

Each section declares the phases it runs (``SECTION_PHASES``, a :class:`~chililab.engine.phases.Phases`); ``compose``
(``chililab.engine.phases``) joins them into the kernel's tables here, once. An expansion plugs into a phase of the base game only by declaring it in its
``wraps`` (Hot Properties wrap HOT_DECLARE and the defence window).
"""
from __future__ import annotations

import random

from chililab.engine import IllegalMove, reaction_from_spec
from chililab.engine.fields import Init, per_seat
from chililab.engine.phases import compose

from . import unseen
from .action_cards import ActionRules
from .advanced import GuardRules
from .dawn_raid import RaidRules
from .flow import FLOW
from .game_end import EndRules
from .goodfellas import GoodfellasTurn
from .hot_cards import HotRules
from .hot_properties import HPRules, HPTurnRules
from .moves import Exchange, Neutralize, PlayAction, UseHP
from .options import team_of
from .setup import SetupRules
from .turn import TurnRules
from .two_player import TwoPlayerRules
from .view import MafiaSeatView, full_view

#: the rules sections, in the order their phase tables are composed (base game first, then what plugs into it)
SECTIONS = (SetupRules, TurnRules, HotRules, GuardRules, GoodfellasTurn, ActionRules, RaidRules, TwoPlayerRules,
            EndRules, HPRules, HPTurnRules)


_PHASES = compose(SECTIONS)
#: the clause a refusal cites when a seat has no decision in a phase
_PHASE_CLAUSE = _PHASES.clauses


def _listed(m, legal) -> bool:
    """``m`` is one of the very objects in ``legal`` (an agent's choice): found without comparing fields."""
    for x in legal:
        if x is m:
            return True
    return False


class MafiaState(SetupRules, TurnRules, HotRules, GuardRules, GoodfellasTurn, ActionRules, RaidRules, TwoPlayerRules,
                 EndRules, HPRules, HPTurnRules):  # SECTIONS (checked below: mypy reads no starred bases)
    """The whole position of a Chili Mafia game, and its rules."""

    flow = FLOW
    #: every field of the position besides the kernel's, with its initial value (chililab.engine.fields):
    #: new_state() sets them, clone() and key() follow; the types are annotated in base.py
    FIELDS = {
        "opts": ("const", Init(lambda n, options: options, "the options")), "setup": ("const", None),
        "team_of": ("const", Init(lambda n, options: team_of(options), "team_of(options)")),
        # piles that change seldom are tuples (a clone shares them: an undo snapshot every 4 steps copies, and the
        # garbage collector walks, only the lists); packets and hps are lists of tuples, one per seat
        "hands": ("lists", per_seat([])), "packets": ("list", per_seat(())), "gangs": ("list", per_seat(())),
        "hps": ("list", per_seat(())),
        "draw": ("list", []), "discard": ("list", []), "hp_deck": ("value", ()), "aside": ("value", ()),
        "out": ("value", ()),
        "pick": ("value", 0), "start": ("value", None), "current": ("value", None), "turn": ("value", 0),
        "dawn_raid_drawn": ("value", False),
        "acted": ("value", False), "to_draw": ("value", 0), "drawer": ("value", None),
        "draw_clause": ("value", None), "final_left": ("value", None),
        "hots_played": ("value", 0), "attack": ("value", None), "taken": ("value", None),
        "incoming": ("value", ()), "exchanges": ("value", 0),
        # Hot Properties (hot_properties.py)
        "hp_win": ("value", None), "hp_stage": ("value", 0), "hp_victim": ("value", None),
        "hp_added": ("value", None), "hp_with": ("value", None), "hp_card": ("value", None),
        "hp_gain": ("value", ()), "hp_gainer": ("value", None), "hp_drawn": ("value", ()),
        "hit": ("value", ()), "guard_at": ("value", 0), "lords": ("value", ()), "danced": ("value", ()),
        "gambled": ("value", False),
    }  # typed in base.MafiaBase

    # the kernel's tables, composed from the sections' declarations (``chililab.engine.phases.compose``)
    AUTOMATIC = _PHASES.automatic
    WINDOWS = _PHASES.windows
    ACTIONS = _PHASES.actions
    LEGAL = _PHASES.legal
    REFUSALS = _PHASES.refusals
    #: phases whose refusal method is the full check (None: accepted), because their moves are too many to list
    #: (Dawn Raid arrangements) or may name their cards in any order (form, add, a Turncoat's new gang)
    OPEN_CHECK = _PHASES.open_check
    #: OPEN_CHECK phases whose refusal method also accepts every listed move (tests/mafia/test_open_check.py), so
    #: ``check`` need not list the moves first; in the others a listed move is accepted before the refusal is asked
    REFUSAL_IS_FULL = _PHASES.refusal_is_full

    # a search bot's worlds (chililab.engine.worlds): the cards a seat cannot see, dealt again (unseen.py)
    deal_unseen = unseen.deal_unseen
    estimate = unseen.estimate
    #: the decisions a search bot's rollout plays before ``estimate`` scores it (chililab.agents.search)
    SEARCH_DEPTH: int | None = 10  # ~0.9 ms a rollout at 4 players (SearchAgent(200).analyse timings)

    @classmethod
    def new(cls, options: dict, seed: int, setup: dict | None):
        s = cls.new_state(options["players"], random.Random(seed), reaction_from_spec(None), options)
        s.setup = setup
        if setup is not None and "scenario" in setup:
            s._load_scenario(setup["scenario"])
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
        snoop = self.phase == "HP_RESOLVE" and self.hp_win == "snoop"  # Snoop's Shakedown or Booster (hot_properties)
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


assert MafiaState.__bases__ == SECTIONS, "MafiaState's bases are the sections, in SECTIONS' order"
