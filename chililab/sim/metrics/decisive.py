"""Decisiveness: how early the eventual winner is clear, from the standings after every decision.

A frame row holds only the end of a game, so this module plays sampled games again: the same
game, seed, options and agents give the same game (``simulate`` is deterministic), and after every
decision it reads each seat's **standing** (higher is better) from the teacher's view, through
the registry only:

* the game's own reader, when its ``SimStats`` has a ``standing(game) -> per-seat numbers``;
* else a view with per-seat ``scores`` (running game totals);
* else a view with ``gangs`` per seat and a game package exporting ``score_player(gangs)``;
* else a view with ``hand_counts``: a shedding game, fewer cards is better (standing = -cards).

In a team game (a view with ``teams``) every seat stands where its team stands (the sum of its members).

From the standings: the **leaders** after decision t are the seats with the best standing. The
eventual winner is **clear from t** when at every decision from t to the end every leader is one
of the eventual winners (ties with a loser do not count as clear). Per game:

* ``decisive_at``: that t as a fraction of the game's decisions (0: clear from the start; 1: clear
  only at the very end, e.g. a tie broken by a tie-break rule);
* ``behind``: the fraction of decisions after which no eventual winner was among the leaders (Ludii's
  "drama": the winner came from behind);
* ``lead_changes``: how often the sole leader (seat, or team in a team game) changed; ties in between do not count.
"""
from __future__ import annotations

import math

from chililab.engine import registry


def standing_reader(spec):
    """``fn(game) -> tuple of numbers per seat`` (higher is better) for this game, or None when none fits."""
    stats = spec.sim_stats()
    own = getattr(stats, "standing", None)
    if own is not None:
        return own
    v = spec.new_game(seed=0).view(None)
    if isinstance(getattr(v, "scores", None), tuple):
        return lambda game: tuple(game.view(None).scores)
    score_player = getattr(spec.module, "score_player", None)
    if isinstance(getattr(v, "gangs", None), tuple) and score_player is not None:
        return lambda game: tuple(score_player(g) for g in game.view(None).gangs)
    if isinstance(getattr(v, "hand_counts", None), tuple):
        return lambda game: tuple(-c for c in game.view(None).hand_counts)
    return None


def leaders(standing) -> frozenset:
    """The seats with the best standing."""
    best = max(standing)
    return frozenset(s for s, x in enumerate(standing) if x == best)


def game_decisiveness(standings, winners, teams=None) -> dict:
    """The decisiveness numbers of one game from its standings after each decision (index 0: before any).

    ``teams``: the seats of each team in a team game (the lead is then a team's, not a seat's).

    >>> game_decisiveness([(0, 0), (1, 0), (1, 2), (3, 2), (4, 2)], {0})
    {'decisive_at': 0.75, 'behind': 0.25, 'lead_changes': 2}
    """
    winners = set(winners)
    steps = len(standings) - 1
    if steps <= 0 or not winners:
        return {"decisive_at": math.nan, "behind": math.nan, "lead_changes": math.nan}
    lead = [leaders(s) for s in standings]
    clear_from = steps
    for t in range(steps, -1, -1):
        if not lead[t] <= winners:
            break
        clear_from = t
    behind = sum(1 for t in range(1, steps + 1) if not lead[t] & winners) / steps
    units = {frozenset(t) for t in teams} if teams else {frozenset((s,)) for s in range(len(standings[0]))}
    changes, sole = 0, None
    for ld in lead:
        if ld in units:
            if sole is not None and ld != sole:
                changes += 1
            sole = ld
    return {"decisive_at": clear_from / steps, "behind": behind, "lead_changes": changes}


def replay_standings(spec, reader, seed: int, players: int, options: dict,
                     agent_names) -> tuple[list, tuple, tuple[tuple[int, ...], ...] | None]:
    """Play the game of this seed again as :func:`chililab.sim.simulate` did; (standings after each decision,
    winners, teams or None)."""
    from chililab.agents import agent_rng, make_agent, play_game

    g = spec.new_game(players, seed, **options)
    teams = getattr(g.view(None), "teams", None)
    if teams:  # a team game: every seat stands where its team stands
        seat_reader = reader

        def reader(game):
            s = seat_reader(game)
            total = {seat: sum(s[m] for m in team) for team in teams for seat in team}
            return tuple(total.get(seat, x) for seat, x in enumerate(s))

    agents = [make_agent(a, spec.name) for a in agent_names]
    standings = [reader(g)]
    play_game(g, agents, agent_rng(seed), on_step=lambda game, _events: standings.append(reader(game)))
    return standings, tuple(g.result.winners), teams


def decisiveness(df, sample: int = 100):
    """Decisiveness of up to ``sample`` games of the frame (evenly spread over its rows), replayed.

    Needs the frame's ``game``, ``options`` (attributes, as :func:`chililab.sim.simulate` sets them),
    ``seed``, ``players`` and ``agents``. Returns a DataFrame indexed by seed with ``decisive_at``,
    ``behind``, ``lead_changes`` and ``steps``; empty when the game has no standing reader or
    ``sample`` is 0 (``attrs["reason"]`` says when a reader is missing). A replay whose winners differ from the row's is left out (``attrs["mismatched"]``).
    """
    import pandas as pd

    from .frame import winners

    columns = ["decisive_at", "behind", "lead_changes", "steps"]
    game = df.attrs.get("game")
    out = pd.DataFrame(columns=columns, dtype=float)
    out.index.name = "seed"
    if not sample or not len(df) or game not in registry.names():
        return out
    spec = registry.get(game)
    reader = standing_reader(spec)
    if reader is None:
        out.attrs["reason"] = f"{spec.title} has no standing reader (see chililab.sim.metrics.decisive)"
        return out
    k = min(sample, len(df))
    picks = sorted({round(i * (len(df) - 1) / max(k - 1, 1)) for i in range(k)})
    recorded = winners(df)
    options = dict(df.attrs.get("options") or {})
    rows, mismatched = {}, 0
    for i in picks:
        r = df.iloc[i]
        standings, won, teams = replay_standings(spec, reader, int(r["seed"]), int(r["players"]), options,
                                          str(r["agents"]).split(","))
        if recorded[i] and set(recorded[i]) != set(won):
            mismatched += 1
            continue
        rows[int(r["seed"])] = {**game_decisiveness(standings, won, teams), "steps": len(standings) - 1}
    out = pd.DataFrame.from_dict(rows, orient="index", columns=columns, dtype=float)
    out.index.name = "seed"
    out.attrs["mismatched"] = mismatched
    return out
