"""The engines ``peers.py`` compares, and the worker process that runs one of them.

Each engine is driven by the same random loop (legal moves -> ``rng.choice``
-> apply, until the game is over; chance nodes sampled by their outcome
probabilities) and answers three questions:

- ``play(seed)``: play one seeded game to its end, return how many decisions it took;
- ``clone(seed)`` and ``undo(seed)``: the cost in µs of one clone and of one
  undo at decision ``AT`` (100), or a string saying why the engine has no such
  operation.

A worker (``python3 peer_engines.py ENGINE --players N``) imports only its own
engine, so one engine's imports never slow another. It first prints one JSON
line, ``{"label": ..., "about": ..., "notes": [...]}`` or ``{"skip": reason}``,
then answers one JSON command per line on stdin::

    {"op": "play", "seeds": [0, 1, 2]}  ->  {"decisions": 5432, "seconds": 0.05, "games": 3}
    {"op": "probe", "seed": 0}          ->  {"clone": 13.2 | "reason", "undo": 40.1 | "reason"}
"""
from __future__ import annotations

import argparse
import copy
import functools
import json
import os
import random
import statistics
import sys
import time

AT = 100           # clone and undo are measured after this many decisions
PROBE_SECONDS = 0.2  # time spent repeating one clone or undo (at least MIN_REPS calls)
MIN_REPS, MAX_REPS = 20, 2000
SEED_TRIES = 500   # seeds tried to find a game that lasts past decision AT


def median_us(call, after=None) -> float:
    """Median wall time of ``call()`` in µs over repeated calls; ``after()`` (untimed) restores the state."""
    times = []
    clock = time.perf_counter
    deadline = clock() + PROBE_SECONDS
    while len(times) < MIN_REPS or (clock() < deadline and len(times) < MAX_REPS):
        t = clock()
        call()
        times.append(clock() - t)
        if after is not None:
            after()
    return statistics.median(times) * 1e6


def too_short(seed: int) -> str:
    """Why clone or undo went unmeasured: no game lasted to decision AT."""
    return f"no game of seeds {seed}..{seed + SEED_TRIES - 1} lasted {AT} decisions"


def random_loop(game, rng) -> int:
    """Play ``game`` (``over``, ``legal_moves()``, ``apply(move)``) to its end by random legal moves; return how many."""
    n = 0
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
        n += 1
    return n


class Engine:
    """One engine: subclasses set ``label`` and implement ``play``, ``clone``, ``undo``."""

    label = "?"
    install = "pip install -e '.[bench]'"  # what brings a missing import

    def __init__(self, players: int):
        self.players = players
        self.notes: list[str] = []
        self.rate = 0.0  # decisions/s of the last batch played (set by the worker)

    def about(self) -> str:
        """Version and origin, for the report header."""
        return ""

    def play(self, seed: int) -> int:
        raise NotImplementedError

    def clone(self, seed: int) -> float | str:
        raise NotImplementedError

    def undo(self, seed: int) -> float | str:
        raise NotImplementedError


def _dist_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


# ------------------------------------------------------------------ chililab


class ChililabLoco(Engine):
    """Chili Loco through the public Game API (new_game, legal_moves, apply, over, step, copy, undo)."""

    label = "chililab Loco"
    install = "pip install -e ."
    game = "loco"  #: the registered game played

    def __init__(self, players):
        super().__init__(players)
        import chililab

        self.path = os.path.dirname(os.path.dirname(os.path.abspath(chililab.__file__)))
        try:
            from chililab.engine.registry import get
        except ImportError:  # revisions from before the registry
            from chililab import loco

            self.new_game = loco.new_game
        else:
            self.new_game = get(self.game).new_game

    def about(self):
        return self.path  # peers.py checks it is the copy it put on PYTHONPATH

    def play(self, seed):
        return random_loop(self.new_game(players=self.players, seed=seed), random.Random(seed))

    def _start(self, seed):
        return self.new_game(players=self.players, seed=seed)

    def _at(self, seed):
        """A game after decision AT (trying seeds from ``seed`` on) and the move that got it there."""
        for s in range(seed, seed + SEED_TRIES):
            g = self._start(s)
            rng = random.Random(s)
            while not g.over:
                move = rng.choice(g.legal_moves())
                g.apply(move)
                if g.step == AT:
                    if not g.over:
                        return g, move
                    break
        return None, None

    def clone(self, seed):
        g, _ = self._at(seed)
        if g is None:
            return too_short(seed)
        return median_us(g.copy)

    def undo(self, seed):
        g, move = self._at(seed)
        if g is None:
            return too_short(seed)
        g.undo()
        if g.step != AT - 1:
            raise RuntimeError(f"undo at step {AT} went to step {g.step}")
        g.apply(move)
        return median_us(g.undo, lambda: g.apply(move))


class ChililabMafia(ChililabLoco):
    """Chili Mafia through the same public Game API (random play: the draft, turns, Hot cards, defence windows,
    the Dawn Raid)."""

    label = "chililab Mafia"
    game = "mafia"

    def __init__(self, players):
        super().__init__(players)
        from chililab.engine.registry import names

        if "mafia" not in names():
            raise ImportError("chililab.games.mafia", name="a chililab with Chili Mafia registered")


# ------------------------------------------------------------------ lean Uno


class LeanUno(Engine):
    """The pure-Python reference Uno of ``lean_uno.py``."""

    label = "lean pure-Python Uno"

    def __init__(self, players):
        super().__init__(players)
        from lean_uno import UnoGame

        self.UnoGame = UnoGame

    def about(self):
        return "benchmarks/lean_uno.py"

    def play(self, seed):
        return random_loop(self.UnoGame(self.players, seed), random.Random(seed))

    def clone(self, seed):
        return "the lean reference has no clone: it keeps plain lists and no history"

    def undo(self, seed):
        return "the lean reference has no undo: it keeps no history"


# ------------------------------------------------------------------ OpenSpiel


class OpenSpielCrazyEights(Engine):
    """OpenSpiel's C++ ``crazy_eights`` (default parameters, ``players`` set) driven from Python."""

    label = "OpenSpiel crazy_eights"

    def __init__(self, players):
        super().__init__(players)
        import pyspiel

        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("crazy_eights", {"players": players})
        params = self.game.get_parameters()
        others = ", ".join(f"{k}={v}" for k, v in sorted(params.items()) if k != "players")
        self.notes.append(f"crazy_eights with players={players} and OpenSpiel's defaults ({others})"
                          "; a game ends when a hand is empty or, once the stock is spent, when every player "
                            "passes in a row; a decision is a player node (the deal and draws are chance nodes, "
                            "sampled and not counted)")

    def about(self):
        return f"open-spiel {_dist_version('open-spiel')}"

    def _advance(self, state, rng, stop_after=None):
        """Play on from ``state``; stop at the end or after ``stop_after`` decisions; return decisions made."""
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
                if n == stop_after:
                    break
        return n

    def play(self, seed):
        return self._advance(self.game.new_initial_state(), random.Random(seed))

    def _at(self, seed):
        for s in range(seed, seed + SEED_TRIES):
            state = self.game.new_initial_state()
            if self._advance(state, random.Random(s), AT) == AT and not state.is_terminal():
                return state
        return None

    def clone(self, seed):
        state = self._at(seed)
        if state is None:
            return too_short(seed)
        return median_us(state.clone)

    def undo(self, seed):
        state = self._at(seed)
        if state is None:
            return too_short(seed)
        last = state.full_history()[-1]
        trial = state.clone()
        try:
            trial.undo_action(last.player, last.action)
        except self.pyspiel.SpielError as e:
            return f"crazy_eights has no undo (State.undo_action: {e})"
        return median_us(lambda: state.undo_action(last.player, last.action),
                         lambda: state.apply_action(last.action))


# ------------------------------------------------------------------ RLCard


class _RLCardUno(Engine):
    """What both RLCard rows share: the seat fix and the cost of ``allow_step_back``."""

    STEP_BACK_GAMES = 3  # games played with allow_step_back=True to price undo

    def __init__(self, players):
        super().__init__(players)
        import numpy as np
        import rlcard
        from rlcard.games.uno.game import UnoGame

        self.np, self.rlcard, self.UnoGame = np, rlcard, UnoGame
        self.runner = self._make()  # the env or game that ``play`` reuses

    def about(self):
        return f"rlcard {_dist_version('rlcard')}"

    def _make(self, allow_step_back=False):
        raise NotImplementedError

    def _play(self, runner, seed, stop_after=None):
        raise NotImplementedError

    def play(self, seed):
        return self._play(self.runner, seed)

    def clone(self, seed):
        runner = self._make()
        for s in range(seed, seed + SEED_TRIES):
            if self._play(runner, s, AT) == AT and not runner.is_over():
                game = runner if isinstance(runner, self.UnoGame) else runner.game
                us = median_us(functools.partial(copy.deepcopy, game))
                return f"no clone operation (copy.deepcopy of the game at decision {AT}: {us:,.0f} µs)"
        return "no clone operation; " + too_short(seed)

    def undo(self, seed):
        slow = self._make(allow_step_back=True)
        t = time.perf_counter()
        n = sum(self._play(slow, seed + i) for i in range(self.STEP_BACK_GAMES))
        slow_rate = n / (time.perf_counter() - t)
        return (f"step_back needs allow_step_back=True, which deep-copies dealer, players and round "
                f"before every step: {slow_rate:,.0f} decisions/s with it on, "
                f"{self.rate / slow_rate:.0f}× slower than without")


class RLCardUnoEnv(_RLCardUno):
    """RLCard's UNO environment: ``env.step`` with a random legal action id."""

    label = "RLCard UNO env.step"

    def _make(self, allow_step_back=False):
        env = self.rlcard.make("uno", config={"game_num_players": self.players, "seed": 0,
                                              "allow_step_back": allow_step_back})
        seated = env.num_players
        if seated != self.players:
            # rlcard 1.2 applies game_num_players only to blackjack and hold'em; seat UNO by hand
            env.game.num_players = env.num_players = self.players
            note = (f"rlcard.make('uno') ignores game_num_players (the env seats {seated}); "
                    f"env.game.num_players and env.num_players set to {self.players} by hand")
            if note not in self.notes:
                self.notes.append(note)
        return env

    def _play(self, env, seed, stop_after=None):
        env.seed(seed)
        rng = random.Random(seed)
        state, _ = env.reset()
        if len(env.game.players) != self.players:
            raise RuntimeError(f"RLCard dealt {len(env.game.players)} hands, not {self.players}")
        n = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            n += 1
            if n == stop_after:
                break
        return n


class RLCardUnoGame(_RLCardUno):
    """RLCard's raw ``UnoGame``: ``get_legal_actions`` and ``step`` with no encoding."""

    label = "RLCard UNO raw game"

    def _make(self, allow_step_back=False):
        return self.UnoGame(allow_step_back=allow_step_back, num_players=self.players)

    def _play(self, game, seed, stop_after=None):
        game.np_random = self.np.random.RandomState(seed)
        rng = random.Random(seed)
        game.init_game()
        n = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            n += 1
            if n == stop_after:
                break
        return n


class ChililabAycc(ChililabLoco):
    """All You Can Chili through the same public Game API (random play: serves, withdrawals, Eye and Fork choices,
    three rounds)."""

    label = "chililab All You Can Chili"
    game = "aycc"

    def __init__(self, players):
        super().__init__(players)
        from chililab.engine.registry import names

        if "aycc" not in names():
            raise ImportError("chililab.games.aycc", name="a chililab with All You Can Chili registered")


class ChililabCrazyEights(ChililabLoco):
    """Crazy Eights, the outside plug-in of ``examples/chililab-crazy-eights`` (OpenSpiel's rules and options),
    through chililab's public Game API: the same game as ``openspiel-crazy-eights``, move for move."""

    label = "chililab Crazy Eights (plug-in)"
    install = "pip install -e examples/chililab-crazy-eights"
    game = "crazy_eights"

    def __init__(self, players):
        super().__init__(players)
        from chililab.engine.registry import get, names

        if "crazy_eights" not in names():
            raise ImportError("chililab_crazy_eights", name="the chililab-crazy-eights plug-in")
        opts = {k: o.default for k, o in get("crazy_eights").options.items()}
        self.notes.append(f"crazy_eights with players={players} and OpenSpiel's defaults "
                          f"({', '.join(f'{k}={v}' for k, v in sorted(opts.items()))}); a decision is a move "
                          "(the deal and draws run inside the automatic phases, not counted), so both rows count "
                          "the same decisions of the same game")


# ------------------------------------------------------------------ the playout path


def playout_loop(p, rng) -> int:
    """Play a :class:`~chililab.engine.playout.Playout` to its end by random legal moves (``play``: the
    moves come from ``legal_moves()``, the fast path); return how many."""
    n = 0
    while p.state.result is None:
        p.play(rng.choice(p.legal_moves()))
        n += 1
    return n


class PlayoutPath:
    """Mixin: the same game on the playout path (``game.playout()``: no events, record checks or undo)."""

    def __init__(self, players):
        super().__init__(players)
        from chililab.engine.registry import get

        if not hasattr(get(self.game), "new_playout"):
            raise ImportError("chililab.engine.playout", name="a chililab with the playout path")
        self.new_playout = get(self.game).new_playout
        self.label += " playout"

    def play(self, seed):
        return playout_loop(self.new_playout(players=self.players, seed=seed), random.Random(seed))

    def _start(self, seed):
        return self.new_playout(players=self.players, seed=seed)

    def clone(self, seed):
        p, _ = self._at(seed)
        return too_short(seed) if p is None else median_us(p.clone)

    def undo(self, seed):
        return "a playout keeps no history (to_game() replays it as a Game, with undo)"


class LocoPlayout(PlayoutPath, ChililabLoco):
    """Chili Loco on the playout path."""


class MafiaPlayout(PlayoutPath, ChililabMafia):
    """Chili Mafia on the playout path."""


class AyccPlayout(PlayoutPath, ChililabAycc):
    """All You Can Chili on the playout path."""


class CrazyEightsPlayout(PlayoutPath, ChililabCrazyEights):
    """The Crazy Eights plug-in on the playout path."""


class LocoSimRules(PlayoutPath, ChililabLoco):
    """A simulation's game with Chili Loco's rule bots: what ``chililab.sim`` plays (``play_game`` on a listening
    playout, each bot reading its seat's view), so its decisions/s set beside the random playout's say what a
    simulation costs over the bare rules."""

    def __init__(self, players):
        super().__init__(players)
        from chililab.agents import agent_rng, make_agent, play_game

        self.label = "chililab Loco simulation, rule bots"
        self._play_game, self._agent_rng = play_game, agent_rng
        self.agents = [make_agent("rules", "loco") for _ in range(players)]

    def play(self, seed):
        p = self.new_playout(players=self.players, seed=seed, listen=True)
        return self._play_game(p, self.agents, self._agent_rng(seed)).step


ENGINES = {
    "chililab-sim-rules": LocoSimRules,
    "chililab": ChililabLoco,
    "chililab-playout": LocoPlayout,
    "chililab-mafia-playout": MafiaPlayout,
    "chililab-aycc-playout": AyccPlayout,
    "chililab-crazy-eights-playout": CrazyEightsPlayout,
    "chililab-crazy-eights": ChililabCrazyEights,
    "chililab-mafia": ChililabMafia,
    "chililab-aycc": ChililabAycc,
    "lean-uno": LeanUno,
    "openspiel-crazy-eights": OpenSpielCrazyEights,
    "rlcard-uno-env": RLCardUnoEnv,
    "rlcard-uno-game": RLCardUnoGame,
}

# ------------------------------------------------------------------ worker


def _send(obj) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def serve(name: str, players: int) -> None:
    """Answer the commands of ``peers.py`` on stdin until it closes the pipe."""
    cls = ENGINES[name]
    try:
        engine = cls(players)
    except ImportError as e:
        _send({"skip": f"cannot import {e.name or e}: not installed? ({cls.install})"})
        return
    _send({"label": engine.label, "about": engine.about(), "notes": engine.notes})
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["op"] == "play":
            t = time.perf_counter()
            decisions = sum(engine.play(s) for s in cmd["seeds"])
            seconds = time.perf_counter() - t
            engine.rate = decisions / seconds
            _send({"decisions": decisions, "seconds": seconds, "games": len(cmd["seeds"])})
        elif cmd["op"] == "probe":
            _send({"clone": engine.clone(cmd["seed"]), "undo": engine.undo(cmd["seed"]), "notes": engine.notes})
        else:
            raise ValueError(f"unknown command {cmd!r}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Run one benchmark engine for peers.py (JSON lines on stdin/stdout).")
    ap.add_argument("engine", choices=sorted(ENGINES))
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args(argv)
    try:
        serve(a.engine, a.players)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
