"""A toy game for registry tests: Nim (take 1 or 2 stones in turn; who takes the last one wins).

It speaks only the public Game API the layers above the rules use (new_game,
replay, FLOW, decision, legal_moves, apply, view, result, record, events,
edge_counts, step, seed), so ``sim`` and ``chililab play/simulate`` can run it
once its :data:`SPEC` is registered.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from chililab.engine import Decision, Event, Flow, Phase, Result, Transition
from chililab.engine.registry import GameSpec, Option, SimStats

FLOW = Flow("nim", [Phase("TAKE", "take stones", "turn"), Phase("OVER", "game over")],
            [Transition("TAKE", "TAKE", "take", ("NIM-1",)), Transition("TAKE", "OVER", "last stone", ("NIM-2",))],
            start="TAKE")


@dataclass(frozen=True)
class Take:
    player: int
    n: int

    def __str__(self):
        return f"P{self.player} takes {self.n}"


@dataclass(frozen=True)
class View:
    seat: int | None
    players: int
    stones: int
    decision: Decision | None


class Nim:
    def __init__(self, players, seed, stones):
        self.players, self.seed, self.stones = players, seed, stones
        self.options = {"players": players, "stones": stones}
        self.moves, self.log, self.edge_counts, self.result = [], [[]], {}, None
        self.current = seed % players

    @property
    def over(self):
        return self.result is not None

    @property
    def step(self):
        return len(self.moves)

    @property
    def decision(self):
        return None if self.over else Decision("turn", (self.current,), "TAKE", f"P{self.current}: take 1 or 2")

    def legal_moves(self, player=None):
        if self.over or player not in (None, self.current):
            return []
        return [Take(self.current, n) for n in (1, 2) if n <= self.stones]

    def apply(self, move):
        if move not in self.legal_moves():
            raise ValueError(f"illegal: {move}")
        self.stones -= move.n
        self.moves.append(move)
        dst = "OVER" if self.stones == 0 else "TAKE"
        self.edge_counts[("TAKE", dst)] = self.edge_counts.get(("TAKE", dst), 0) + 1
        events = [Event("take", str(move), ("NIM-1",))]
        if self.stones == 0:
            self.result = Result((move.player,), None, "last", len(self.moves))
            events.append(Event("win", f"P{move.player} wins", ("NIM-2",)))
        else:
            self.current = (self.current + 1) % self.players
        self.log.append(events)
        return events

    def events(self, step=None, viewer=None):
        return [e for group in (self.log if step is None else [self.log[step]]) for e in group]

    def view(self, player):
        return View(player, self.players, self.stones, self.decision)

    @property
    def record(self):
        return {"game": "nim", "options": self.options, "seed": self.seed,
                "moves": [[m.player, m.n] for m in self.moves]}


def new_game(players=2, seed=None, stones=7):
    if not 2 <= players <= 4:
        raise ValueError("Nim needs 2 to 4 players")
    return Nim(players, seed or 0, stones)


def replay(record):
    r = json.loads(record) if isinstance(record, str) else record
    g = Nim(r["options"]["players"], r["seed"], r["options"]["stones"])
    for p, n in r["moves"]:
        g.apply(Take(p, n))
    return g


STATS = SimStats(names=("stones_left",), row=lambda g: {"stones_left": g.stones}, how={"last": "took the last stone"})

SPEC = GameSpec(name="nim", title="Toy Nim", package=__name__, players=(2, 4), rule_prefix="NIM",
                options={"stones": Option("stones on the table", 7)}, sim=f"{__name__}:STATS",
                pictures={"table": f"{__name__}:table_svg"})


def table_svg(view, width=300):
    return f'<svg class="nim" width="{width}"><text>{view.stones} stones</text></svg>'
