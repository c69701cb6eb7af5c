"""A toy game on the kernel alone: secret bids, an ordered pass, an automatic scoring phase.

Each round every seat bids 0, 1 or 2 in secret (a simultaneous window); the
top bidder leads (a race settles equal bids); then, one at a time from the
leader's left, each seat may claim the pot or pass (an ordered pass); scoring
runs by itself. After three rounds the highest score wins.

With the option ``teams`` (a list of seat lists) the bids are relayed: the teams
bid at the same time, hidden from each other, while inside a team its seats bid
one after another, each seeing and revising the bid before it; the last one is
the team's bid, and every member holds it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from chililab.engine import (
    Flow,
    Game,
    Move,
    Phase,
    Result,
    RulesBase,
    Transition,
    reaction_from_spec,
    replay_record,
)
from chililab.engine.fields import option, per_seat

T = Transition
FLOW = Flow("toy", [
    Phase("DEAL", "Seats sit down"), Phase("BID", "Everyone bids 0-2 in secret", "window"),
    Phase("CLAIM", "From the leader's left, one seat at a time may claim the pot", "window"),
    Phase("SCORE", "Points are counted"), Phase("GAME_OVER", "Three rounds are played"),
], [T("DEAL", "BID", "seated", ("TOY-1",)), T("BID", "BID", "next teammate revises the bid", ("TOY-2",)), T("BID", "CLAIM", "bids shown", ("TOY-2",)),
    T("CLAIM", "CLAIM", "next seat", ("TOY-3",)), T("CLAIM", "SCORE", "claimed or all passed", ("TOY-3",)),
    T("SCORE", "BID", "next round", ("TOY-4",)), T("SCORE", "GAME_OVER", "three rounds", ("TOY-5",))], start="DEAL")


@dataclass(frozen=True)
class Bid(Move):
    player: int
    amount: int


@dataclass(frozen=True)
class Claim(Move):
    player: int


@dataclass(frozen=True)
class Pass(Move):
    player: int


class ToyState(RulesBase):
    flow = FLOW
    # each field with its initial value: new_state() sets them all (chililab.engine.fields)
    FIELDS = {"scores": ("list", per_seat(0)), "bids": ("dict", {}), "round": ("value", 0),
              "leader": ("value", None), "claimer": ("value", None), "teams": ("const", option("teams"))}
    teams: list[list[int]] | None  # relayed bids: the seats of each team, in the order they bid
    scores: list[int]
    bids: dict[int, int]  # seat -> its bid this round
    round: int
    leader: int | None  # the top bidder (None before the first bids)
    claimer: int | None  # who claimed the pot this round (None: nobody)
    AUTOMATIC = {"SCORE": "_score"}
    WINDOWS = {"BID": "_show_bids"}
    ACTIONS = {"CLAIM": "_claim"}
    LEGAL = {"BID": "_bids", "CLAIM": "_claims"}
    # check(m) is the kernel's: these are the clauses it cites
    MOVE_RULE = ANSWERED_RULE = "TOY-2"
    OVER_RULE = "TOY-5"
    SEAT_RULE = "TOY-1"
    PHASE_RULES = {"CLAIM": "TOY-3"}

    @classmethod
    def new(cls, options, seed):
        s = cls.new_state(options["players"], random.Random(seed), reaction_from_spec(options.get("reaction")),
                          options)
        s.event("deal", f"{s.n} players sit down", ("TOY-1",))
        s._next_round()
        ev, s.events = s.events, []
        return s, ev

    def _next_round(self):
        self.go("BID")
        self.round += 1
        seats = range(self.n) if self.teams is None else self.start_relay(self.teams)
        self.ask("window", seats, f"Round {self.round}: bid 0, 1 or 2 in secret")

    def _bids(self, seat):
        return [Bid(seat, a) for a in range(3)]

    def _claims(self, seat):
        return [Claim(seat), Pass(seat)]

    def _show_bids(self, answers):
        self.bids = {s: a.amount for s, a in answers.items()}
        for team in self.teams or ():  # relayed: the last member's bid is the team's
            self.bids.update((s, self.bids[team[-1]]) for s in team)
        self.event("bids", f"Bids: {sorted(self.bids.items())}", ("TOY-2",))
        top = max(self.bids.values())
        tied = [s for s in range(self.n) if self.bids[s] == top]
        self.leader = self.race_order(self.race("bid", tied), "the top bid")[0] if len(tied) > 1 else tied[0]
        self.go("CLAIM")
        self.start_pass((self.leader + k) % self.n for k in range(1, self.n + 1))
        self.ask("window", (self.pass_seat,), "Claim the pot, or pass")

    def _claim(self, m):
        more = self.pass_answered()
        if isinstance(m, Claim):
            self.claimer = m.player
            self.close_pass()
            self.go("SCORE")
        elif more:
            self.go("CLAIM")
            self.ask("window", (self.pass_seat,), "Claim the pot, or pass")
        else:
            self.claimer = None
            self.go("SCORE")

    def _score(self):
        winner = self.leader if self.claimer is None else self.claimer
        assert winner is not None, "scoring follows the bids, which name a leader"
        self.scores[winner] += sum(self.bids.values())
        self.event("score", f"P{winner} scores {sum(self.bids.values())}", ("TOY-4",))
        if self.round == 3:
            best = max(self.scores)
            self.finish(Result(tuple(s for s in range(self.n) if self.scores[s] == best), tuple(self.scores),
                               "three rounds", self.round))
        else:
            self._next_round()
        return True

    def _tie_event(self, tied, what, pick):
        self.event("tie", f"{tied} tie for {what}: P{pick} is first", ("TOY-6",))

    def view(self, viewer):
        draft = None if viewer is None else self.draft_for(viewer)
        return {"scores": tuple(self.scores), "round": self.round, "phase": self.phase,
                "decision": self.decision and self.decision.for_viewer(viewer),
                "draft": draft.amount if isinstance(draft, Bid) else None,  # the teammate's bid this seat revises
                "answered": sorted(s for s in self.answers if viewer is None or s == viewer)}


class ToyGame(Game):
    GAME = "toy"
    MOVES = {"Bid": Bid, "Claim": Claim, "Pass": Pass}
    flow = FLOW

    def _make_state(self):
        return ToyState.new(self.options, self.seed)


def replay(record):
    return replay_record(record, ToyGame, lambda options, seed, setup: ToyGame(options, seed, setup))
