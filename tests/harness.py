"""The shared random-play harness: seeded games played by random agents, checked after every step.

Game-agnostic: it works for any chililab game object with the engine's Game API
(``decision``, ``legal_moves()``, ``apply()``, ``undo()``, ``redo()``, ``copy()``,
``fingerprint()``, ``record`` / ``to_json()``, ``over``, ``result``, ``step``) plus
``locations()`` for card conservation. Each game plugs in what only it knows:
how to build a game from a seed, how many physical cards exist, a generator of
plausible moves (for the illegal-move check), and a hidden-information check.

Usage (see ``tests/loco/test_random_play.py``)::

    report = check_random_games(make_game, range(100), card_count=112, replay=loco.replay,
                                illegal_moves=gen, hidden_check=check)
    print(report.summary())

A failed check raises :class:`HarnessFailure` (an AssertionError) naming the
seed, the step, the check letter (a..g) and what went wrong; ``.record`` holds
the game's record up to that point, so ``replay(failure.record)`` rebuilds it.
"""
from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from chililab.engine.errors import IllegalMove

__all__ = ["HarnessFailure", "HarnessReport", "check_random_games", "pick_weighted", "uniform_agent"]


class HarnessFailure(AssertionError):
    """A random-play check failed. ``seed``, ``step``, ``check`` and ``record`` say where."""

    def __init__(self, seed, step, check, message, record=None):
        self.seed, self.step, self.check, self.record = seed, step, check, record
        super().__init__(f"[{check}] seed={seed!r} step={step}: {message}")


@dataclass
class HarnessReport:
    """What a run checked and where its time went (seconds per check)."""

    games: int = 0
    steps: int = 0
    max_steps: int = 0
    full_move_games: int = 0
    replay_every_step_games: int = 0
    moves_tried_on_copies: int = 0
    illegal_moves_tried: int = 0
    replays: int = 0
    undo_redos: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    timings: dict = field(default_factory=lambda: defaultdict(float))
    lengths: list = field(default_factory=list)

    def merge(self, other: HarnessReport) -> HarnessReport:
        for k in ("games", "steps", "full_move_games", "replay_every_step_games", "moves_tried_on_copies",
                  "illegal_moves_tried", "replays", "undo_redos", "seconds", "cpu_seconds"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.max_steps = max(self.max_steps, other.max_steps)
        for k, v in other.timings.items():
            self.timings[k] += v
        self.lengths.extend(other.lengths)
        return self

    def summary(self) -> str:
        mean = self.steps / self.games if self.games else 0
        parts = ", ".join(f"{k} {v:.2f}s" for k, v in sorted(self.timings.items(), key=lambda kv: -kv[1]))
        return (f"{self.games} games, {self.steps} steps (mean {mean:.0f}, max {self.max_steps}), "
                f"{self.seconds:.1f}s ({self.cpu_seconds:.1f}s CPU); {self.moves_tried_on_copies} legal moves tried on copies, "
                f"{self.illegal_moves_tried} illegal moves refused, {self.undo_redos} undo/redo, "
                f"{self.replays} replays; time: {parts}")


def check_fields_declared(g, rng, step_cap: int) -> None:
    """Play ``g`` at random; at every step its rules state holds only declared fields and clones exactly."""
    from chililab.engine.fields import undeclared

    while not g.over and g.step < step_cap:
        st = g.state
        assert undeclared(st) == set(), undeclared(st)
        c = st.clone()
        assert c.key() == st.key()
        assert all(a is not b for a, b in zip(c.hands, st.hands))
        g.apply(rng.choice(g.legal_moves()))


def uniform_agent(game, legal, rng):
    """The plainest random agent: any legal move, uniformly."""
    return rng.choice(legal)


def pick_weighted(legal, rng, weights: dict, default: float = 1.0):
    """A random move chosen by kind: a seat among the movers, then a kind of move (its class name) by
    ``weights`` (``default`` for kinds not named), then a move of that kind uniformly. Games plug it into
    their agent when uniform random play would make games too long."""
    seats = sorted({m.player for m in legal})
    seat = seats[rng.randrange(len(seats))]
    kinds: dict = {}
    for m in legal:
        if m.player == seat:
            kinds.setdefault(type(m).__name__, []).append(m)
    names = sorted(kinds)
    moves = kinds[rng.choices(names, [weights.get(k, default) for k in names])[0]]
    return moves[rng.randrange(len(moves))]


def _as_problems(out) -> list[str]:
    if not out:
        return []
    if isinstance(out, str):
        return [out]
    return [str(x) for x in out]


def check_random_games(
    make_game: Callable,
    seeds: Iterable,
    check_every_step: bool = True,
    *,
    card_count: int | Callable | None = None,
    replay: Callable | None = None,
    agent: Callable = uniform_agent,
    illegal_moves: Callable | None = None,
    hidden_check: Callable | None = None,
    step_cap: int = 3000,
    illegal_per_step: int = 3,
    all_moves_every: int = 5,
    replay_every_step_every: int = 100,
    replay_every_step_limit: int = 400,
    undo_redo: bool = True,
    state_key: Callable | None = None,
) -> HarnessReport:
    """Play one seeded game per seed with random agents and check it after every step.

    ``make_game(seed)`` builds a fresh game; ``agent(game, legal_moves, rng)``
    picks the move (default: uniform); its ``rng`` is ``random.Random(repr(seed))``
    and the checks draw from a separate one, so a seed always gives the same game,
    whichever checks run. A :class:`HarnessFailure` carries the game's ``record``.

    With ``check_every_step=True`` these hold after setup and after EVERY step
    of EVERY game (the letters are the ``check`` of a :class:`HarnessFailure`):

    (a) conservation: ``game.locations()`` maps each card id to exactly one
        place, and there are ``card_count`` ids (an int, or ``card_count(game)``).
        Skipped when ``card_count`` is None.
    (b) legal moves: unique, every mover is in ``decision.players`` (asked
        once each), the list is non-empty while the game runs and empty (with
        nobody asked) once it is over. In every ``all_moves_every``-th game
        (index 0, k, 2k, ... of ``seeds``) EVERY legal move is applied to a
        ``game.copy()`` at every step, ``is_legal`` must agree on each, and
        ``legal_moves(p)`` per asked seat must partition the list and be
        non-empty for each of them; in the other games one randomly sampled
        legal move is applied to a copy (and the agent's choice to the game
        itself). Either way the game's fingerprint must not move.
    (c) illegal moves: ``illegal_moves(game, rng)`` yields plausible moves; the
        first ``illegal_per_step`` of them that are not in the legal list must
        raise IllegalMove (a ValueError) with a non-empty ``rule`` and ``reason``,
        ``is_legal`` must say False, and the fingerprint must be unchanged.
    (d) hidden information: ``hidden_check(game)`` returns nothing (or raises
        AssertionError / returns problem strings).
    (f) undo then redo: after each applied move, ``undo()`` returns to the
        previous step's fingerprint and ``redo()`` back to the new one
        (when ``undo_redo``).
    (g) every game ends within ``step_cap`` moves.

    (e) record -> JSON -> ``replay`` gives the same fingerprint: at every step
    (up to step ``replay_every_step_limit``, as each replay costs O(steps)) in
    every ``replay_every_step_every``-th game (index 0, k, ...), and at the end
    of every game (when ``replay`` is given).

    "Fingerprint unchanged" in (b), (c) and (f) is compared with
    ``state_key(game)`` when given (for Loco ``game.state.key()``, the tuple
    that ``fingerprint()`` hashes: equal keys give equal fingerprints, and
    comparing tuples skips the hashing, the costliest part of a step), else
    with ``game.fingerprint()``. (e) always compares real fingerprints.

    With ``check_every_step=False`` only (g) runs during play; (a), (b), (d)
    and (e) run once, on the final position.
    """
    report = HarnessReport()
    t_all, cpu_all = time.perf_counter(), time.process_time()
    T = report.timings
    for index, seed in enumerate(seeds):
        full = all_moves_every > 0 and index % all_moves_every == 0
        replay_each = replay is not None and replay_every_step_every > 0 and index % replay_every_step_every == 0
        report.full_move_games += full
        report.replay_every_step_games += replay_each
        _play(make_game, seed, report, T, check_every_step, card_count, replay, agent, illegal_moves,
              hidden_check, step_cap, illegal_per_step, full, replay_each, replay_every_step_limit, undo_redo,
              state_key or (lambda g: g.fingerprint()))
    report.seconds = time.perf_counter() - t_all
    report.cpu_seconds = time.process_time() - cpu_all
    return report


def _play(make_game, seed, report, T, every, card_count, replay, agent, illegal_moves, hidden_check, step_cap,
          illegal_per_step, full, replay_each, replay_limit, undo_redo, key):
    clock = time.perf_counter
    t0 = clock()
    g = make_game(seed)
    T["setup"] += clock() - t0
    rng = random.Random(repr(seed))  # the agent's
    crng = random.Random(f"checks {seed!r}")  # the checks'

    def fail(check, msg):
        try:
            rec = g.record
        except Exception:  # noqa: BLE001 - a broken record is reported by (e)
            rec = None
        raise HarnessFailure(seed, g.step, check, msg, rec)

    fp = key(g)
    if every:
        _check_position(g, fp, key, crng, fail, T, report, card_count, illegal_moves, hidden_check,
                        illegal_per_step, full)
    while not g.over:
        if g.step >= step_cap:
            fail("g", f"the game has not ended after {step_cap} moves (phase {getattr(g, 'phase', '?')})")
        t = clock()
        legal = g.legal_moves()
        move = agent(g, legal, rng)
        T["agent"] += clock() - t
        if move not in legal:
            fail("b", f"the agent chose {move!r}, which is not a legal move")
        t = clock()
        g.apply(move)
        T["apply"] += clock() - t
        prev, fp = fp, key(g)
        report.steps += 1
        if not every:
            continue
        if undo_redo:
            t = clock()
            g.undo()
            if key(g) != prev:
                fail("f", f"undo after {move} does not give back the previous step's fingerprint")
            g.redo()
            if key(g) != fp:
                fail("f", f"redo of {move} does not give back the fingerprint it had")
            report.undo_redos += 1
            T["f undo/redo"] += clock() - t
        if replay_each and g.step <= replay_limit:
            _check_replay(g, replay, fail, T, report)
        _check_position(g, fp, key, crng, fail, T, report, card_count, illegal_moves, hidden_check,
                        illegal_per_step, full)
    if not every:
        _check_position(g, fp, key, crng, fail, T, report, card_count, None, hidden_check, 0, False)
    if replay is not None and not (every and replay_each and g.step <= replay_limit):
        _check_replay(g, replay, fail, T, report)
    report.games += 1
    report.lengths.append(g.step)
    report.max_steps = max(report.max_steps, g.step)


def _check_replay(g, replay, fail, T, report):
    t = time.perf_counter()
    fp = g.fingerprint()
    text = g.to_json()
    try:
        g2 = replay(json.loads(text))
    except Exception as e:  # noqa: BLE001 - any error here is the finding
        fail("e", f"replaying the record failed: {type(e).__name__}: {e}")
    if g2.fingerprint() != fp or g2.step != g.step:
        fail("e", f"the replayed game differs: fingerprint {g2.fingerprint()} at step {g2.step}, "
                  f"expected {fp} at step {g.step}")
    report.replays += 1
    T["e replay"] += time.perf_counter() - t


def _check_position(g, fp, key, rng, fail, T, report, card_count, illegal_moves, hidden_check, illegal_per_step,
                    full):
    clock = time.perf_counter

    # (a) every physical card in exactly one place
    if card_count is not None:
        t = clock()
        where = g.locations()
        expected = card_count(g) if callable(card_count) else card_count
        if len(where) != expected:
            fail("a", f"{len(where)} distinct cards are somewhere, expected {expected}")
        if sum(map(len, where.values())) != expected:  # each card has >= 1 place, so: all exactly 1
            twice = {cid: places for cid, places in where.items() if len(places) != 1}
            fail("a", f"cards in more than one place: {twice}")
        T["a locations"] += clock() - t

    # (d) hidden information
    if hidden_check is not None:
        t = clock()
        try:
            problems = _as_problems(hidden_check(g))
        except AssertionError as e:
            problems = [str(e) or "hidden_check failed"]
        if problems:
            fail("d", "; ".join(problems))
        T["d hidden"] += clock() - t

    # (b) legal moves: well formed, and each applies cleanly
    t = clock()
    legal = g.legal_moves()
    d = g.decision
    asked = tuple(d.players)
    if len(set(asked)) != len(asked):
        fail("b", f"decision asks a seat twice: {asked}")
    if len(set(legal)) != len(legal):
        dup = [m for m in legal if legal.count(m) > 1]
        fail("b", f"legal moves are not unique: {dup[:3]}")
    if g.over:
        if legal or asked:
            fail("b", f"the game is over ({g.result}) but moves are offered: {legal[:3]} / asked {asked}")
    else:
        if g.result is not None:
            fail("b", "result is set but the game is not over")
        if not legal:
            fail("b", f"the game is running but there is no legal move (decision {d})")
        for m in legal:
            if m.player not in asked:
                fail("b", f"{m!r} is offered but P{m.player} is not asked ({asked})")
    if full:
        for m in legal:
            if not g.is_legal(m):
                fail("b", f"{m!r} is in legal_moves but is_legal says no")
        if not g.over:
            per = []
            for p in asked:
                mine = g.legal_moves(p)
                if not mine:
                    fail("b", f"P{p} is asked but has no legal move")
                if any(m.player != p for m in mine):
                    fail("b", f"legal_moves({p}) holds another player's move")
                per.extend(mine)
            if sorted(map(repr, per)) != sorted(map(repr, legal)):
                fail("b", "legal_moves(p) over the asked seats does not partition legal_moves()")
        tries = legal
    else:
        tries = [legal[rng.randrange(len(legal))]] if legal else []
    T["b legal"] += clock() - t
    t = clock()
    for m in tries:
        c = g.copy()
        try:
            c.apply(m)
        except Exception as e:  # noqa: BLE001 - any error here is the finding
            fail("b", f"legal move {m} ({m!r}) fails to apply: {type(e).__name__}: {e}")
        report.moves_tried_on_copies += 1
    T["b apply copies"] += clock() - t

    # (c) plausible illegal moves are refused, state unchanged
    if illegal_moves is not None and illegal_per_step > 0:
        t = clock()
        legal_set = set(legal)
        tried = []
        for m in illegal_moves(g, rng):
            if len(tried) >= illegal_per_step:
                break
            if m in legal_set:
                continue
            tried.append(m)
            try:
                g.apply(m)
            except IllegalMove as e:
                if not isinstance(e, ValueError):
                    fail("c", "IllegalMove is not a ValueError")
                if not (isinstance(e.rule, str) and e.rule and isinstance(e.reason, str) and e.reason):
                    fail("c", f"{m!r} was refused without a rule and a reason: {e!r}")
            except Exception as e:  # noqa: BLE001
                fail("c", f"{m!r} raised {type(e).__name__}: {e} instead of IllegalMove")
            else:
                fail("c", f"{m!r} is not among the legal moves, yet it was applied")
            if g.is_legal(m):
                fail("c", f"is_legal({m!r}) says yes, but the move is not in legal_moves()")
        report.illegal_moves_tried += len(tried)
        T["c illegal"] += clock() - t
    else:
        tried = []

    # one fingerprint comparison covers the copies of (b) and the refusals of (c)
    t = clock()
    if (tries or tried) and key(g) != fp:
        fail("b/c", f"the game's fingerprint changed while legal moves were applied to copies ({tries!r}) "
                    f"or illegal moves were refused ({tried!r})")
    T["b/c fingerprint"] += clock() - t
