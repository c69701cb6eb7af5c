"""Decisiveness: how early the eventual winner is clear, from the standings after every decision.

A frame row holds only the end of a game, so this module plays sampled games again: the same
game, seed, options and agents give the same game (``simulate`` is deterministic), and after every
decision it reads each seat's **standing** (higher is better) from the teacher's view, through
the registry only:

* the game's own reader, when its ``SimStats`` has a ``standing(game) -> per-seat numbers``;
* else a view with per-seat ``scores`` (running game totals);
* else a view with ``gangs`` per seat and a game package exporting ``score_player(gangs)``;
* else a view with ``hand_counts``: a shedding game, fewer cards is better (standing = -cards).

From the standings: the **leaders** after decision t are the seats with the best standing. The
eventual winner is **clear from t** when at every decision from t to the end every leader is one
of the eventual winners (ties with a loser do not count as clear). Per game:

* ``decisive_at``: that t as a fraction of the game's decisions (0: clear from the start; 1: clear
  only at the very end, e.g. a tie broken by a tie-break rule);
* ``behind``: the fraction of decisions after which no eventual winner was among the leaders (Ludii's
  "drama": the winner came from behind);
* ``lead_changes``: how often the sole leader changed (ties in between do not count).
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


def game_decisiveness(standings, winners) -> dict:
    """The decisiveness numbers of one game from its standings after each decision (index 0: before any).

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
    changes, sole = 0, None
    for ld in lead:
        if len(ld) == 1:
            (s,) = ld
            if sole is not None and s != sole:
                changes += 1
            sole = s
    return {"decisive_at": clear_from / steps, "behind": behind, "lead_changes": changes}


def replay_standings(spec, reader, seed: int, players: int, options: dict, agent_names) -> tuple[list, tuple]:
    """Play the game of this seed again as :func:`chililab.sim.simulate` did; (standings after each decision,
    winners)."""
    from chililab.agents import agent_rng, make_agent, play_game

    g = spec.new_game(players, seed, **options)
    agents = [make_agent(a, spec.name) for a in agent_names]
    standings = [reader(g)]
    play_game(g, agents, agent_rng(seed), on_step=lambda game, _events: standings.append(reader(game)))
    return standings, tuple(g.result.winners)


def decisiveness(df, sample: int = 100):
    """Decisiveness of up to ``sample`` games of the frame (evenly spread over its rows), replayed.

    Needs the frame's ``game``, ``options`` (attributes, as :func:`chililab.sim.simulate` sets them),
    ``seed``, ``players`` and ``agents``. Returns a DataFrame indexed by seed with ``decisive_at``,
    ``behind``, ``lead_changes`` and ``steps``; empty when the game has no standing reader or
    ``sample`` is 0. A replay whose winners differ from the row's is left out (``attrs["mismatched"]``).
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
        return out
    k = min(sample, len(df))
    picks = sorted({round(i * (len(df) - 1) / max(k - 1, 1)) for i in range(k)})
    recorded = winners(df)
    options = dict(df.attrs.get("options") or {})
    rows, mismatched = {}, 0
    for i in picks:
        r = df.iloc[i]
        standings, won = replay_standings(spec, reader, int(r["seed"]), int(r["players"]), options,
                                          str(r["agents"]).split(","))
        if recorded[i] and set(recorded[i]) != set(won):
            mismatched += 1
            continue
        rows[int(r["seed"])] = {**game_decisiveness(standings, won), "steps": len(standings) - 1}
    out = pd.DataFrame.from_dict(rows, orient="index", columns=columns, dtype=float)
    out.index.name = "seed"
    out.attrs["mismatched"] = mismatched
    return out
