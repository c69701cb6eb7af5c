"""Tournaments: agents against each other in seat-rotated, seeded games, with win shares and ratings.

**How the line-ups are made** (:func:`lineups`). With A agents (in the order given) and P seats:

* the *base line-ups*: when A >= P, every choice of P different agents (``itertools.combinations``
  of the agent list, in its order); when A < P, the A windows of P agents read cyclically along the
  list starting at each agent (``a b c a``, ``b c a b``, ``c a b c`` for 3 agents and 4 seats);
* deal ``k`` (game seed ``seed + k``) takes base line-up ``k mod B`` (B base line-ups) and is played
  P times, once in each rotation: in rotation r the agent of base seat j sits in seat ``(j + r) mod P``.

So every agent plays every seat equally often (each rotation block moves each of its agents through
every seat once), every deal is played from every seat (the luck of the cards is shared out), and after
each whole cycle of B deals every agent has played as many games as every other (and with A >= P every
two agents have met equally often). ``games`` is rounded up to whole rotation blocks (a multiple of P);
a whole cycle is ``B * P`` games.

Each game is one row (:func:`chililab.sim.simulate`'s columns: ``seed``, ``agents`` (seat by seat),
``winners``, ``score:P<seat>``, ``steps`` (decisions), the game's own columns, events and flow edges),
led by ``match`` (the game's place in the tournament) and ``rotation``. Games run on the same chunks
and backends as :func:`~chililab.sim.simulate` (local processes or Dask), on the playout path; a row
depends only on (game, players, options, line-up, game seed), so every backend gives the same rows.
:func:`standings` turns the rows into win shares and Bradley–Terry ratings (:mod:`chililab.sim.ratings`).
"""
from __future__ import annotations

import os
from itertools import combinations

from chililab.agents import agent_rng, make_agent, play_game
from chililab.engine import registry
from chililab.engine.errors import ConfigError

from .chunks import FIRST_CHUNK, ChunkPlan
from .core import MAX_GAMES, SimulationInterrupted, game_row, max_workers, start
from .results import RowStore, build_frame, load_results

#: the columns that lead a tournament's rows (before :data:`chililab.sim.results.BASE_COLUMNS`)
LEAD = ("match", "rotation")
#: what ``attrs["kind"]`` says for a tournament's frame
KIND = "tournament"


def agent_names(agents, game: str, field: str | None = None) -> list[str]:
    """The agents as a list of distinct names (``"random,rules,search:200"`` or a list), each checked by
    building it (an unknown name or a bad budget is a ConfigError); at least two, or at least one beside a
    ``field`` agent that is not one of them."""
    if isinstance(agents, str):
        agents = agents.split(",")
    names = [str(a).strip() for a in agents]
    if any(not n for n in names):
        raise ConfigError("an empty agent name: give names separated by commas, e.g. random,rules")
    built = [make_agent(n, game).name for n in names]  # fails for an unknown agent or budget
    if len(set(built)) != len(built):
        raise ConfigError(f"an agent is named twice: {', '.join(names)}")
    if field is not None:
        if make_agent(str(field).strip(), game).name in built:
            raise ConfigError(f"the field agent {field} is one of the agents: it plays every other seat already")
        return built
    if len(built) < 2:
        raise ConfigError("a tournament needs at least two agents, e.g. random,rules")
    return built


def base_lineups(agents, players: int, field: str | None = None) -> list[tuple[str, ...]]:
    """The base line-ups (module text): P-agent combinations when A >= P, else the A cyclic windows; with a
    ``field`` agent, each agent alone against P-1 seats of the field."""
    if field is not None:
        return [(a,) + (field,) * (players - 1) for a in agents]
    a = len(agents)
    if a >= players:
        return [tuple(c) for c in combinations(agents, players)]
    return [tuple(agents[(o + j) % a] for j in range(players)) for o in range(a)]


def rounded_games(games: int, players: int) -> int:
    """``games`` rounded up to whole rotation blocks of ``players`` games."""
    return -(-games // players) * players


def lineups(agents, players: int, games: int, seed: int = 0,
            field: str | None = None) -> list[tuple[int, int, tuple[str, ...]]]:
    """The tournament's games in order: ``(game seed, rotation, agents by seat)`` (module text);
    ``games`` rounded up to a multiple of ``players``.

    >>> for m in lineups(["a", "b", "c"], 2, 6, seed=10): print(m)
    (10, 0, ('a', 'b'))
    (10, 1, ('b', 'a'))
    (11, 0, ('a', 'c'))
    (11, 1, ('c', 'a'))
    (12, 0, ('b', 'c'))
    (12, 1, ('c', 'b'))
    >>> lineups(["search:200"], 3, 3, field="rules")[1]
    (0, 1, ('rules', 'search:200', 'rules'))
    """
    base = base_lineups(list(agents), players, field)
    out = []
    for k in range(rounded_games(games, players) // players):
        line = base[k % len(base)]
        for r in range(players):
            out.append((seed + k, r, tuple(line[(s - r) % players] for s in range(players))))
    return out


def run_matches(game: str, matches, players: int, options: dict, _agents=None) -> list[dict]:
    """Play these matches (``(match, seed, rotation, agents by seat)``); one row per game. The chunk
    function the backends call for a tournament (:mod:`chililab.sim.backends`)."""
    spec = registry.get(game)
    stats = spec.sim_stats()
    built: dict = {}
    rows = []
    for match, seed, rotation, names in matches:
        seats = [built.setdefault(n, make_agent(n, game)) for n in names]
        g = play_game(start(spec, players, seed, options), seats, agent_rng(seed))
        rows.append({"match": match, "rotation": rotation, **game_row(g, list(names), stats)})
    return rows


def tournament(game: str, agents, games: int = 100, players: int | None = None, seed: int = 0, options=None,
               backend: str | None = None, client=None, scheduler: str | None = None, workers: int | None = None,
               progress=True, chunk_size: int | None = None, field: str | None = None):
    """Play a seat-rotated tournament (module text) and return its rows as a DataFrame, one per game.

    ``agents``: two or more agent names (``"random,rules,search:200"`` or a list); with ``field`` (an agent
    name), one or more, each playing alone against ``players - 1`` seats of the field agent (how a search
    bot is measured against three rule bots). ``games``: at least 1,
    rounded up to a multiple of ``players`` (default: the game's default number of players). The
    other arguments are :func:`chililab.sim.simulate`'s. ``attrs``: ``kind`` ("tournament"), ``game``,
    ``players``, ``seed``, ``n``, ``options``, ``agents``, ``backend``. Ctrl-C raises
    :class:`~chililab.sim.SimulationInterrupted` with the games finished so far.
    """
    from chililab.extras import check

    from . import backends

    for module in ("pandas", "tqdm"):
        check(module, "chililab.sim.tournament")
    spec = registry.get(game)
    if players is None:
        players = spec.defaults["players"]
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise ConfigError(f"games must be a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be a whole number, not {seed!r}")
    if workers is not None and not (isinstance(workers, int) and 1 <= workers <= max_workers()):
        raise ConfigError(f"workers must be from 1 to {max_workers()}, not {workers!r}")
    options = dict(options or {})
    if "players" in options:
        raise ConfigError("give the number of players as players=..., not inside options")
    spec.new_game(players, seed, **options)  # a bad player count or option fails here, before any game
    names = agent_names(agents, game, field)
    if field is not None:
        field = make_agent(str(field).strip(), game).name
    if backend is None:
        backend = "dask" if client is not None or scheduler is not None else "local"
    if backend not in ("local", "dask"):
        raise ConfigError(f"backend must be 'local' or 'dask', not {backend!r}")
    if backend != "dask" and (client is not None or scheduler is not None):
        raise ConfigError("client= and scheduler= are for backend='dask'")
    if client is not None and scheduler is not None:
        raise ConfigError("give a Dask client or a scheduler address, not both")
    if chunk_size is not None and not (isinstance(chunk_size, int) and chunk_size >= 1):
        raise ConfigError(f"chunk_size must be a whole number of games from 1, not {chunk_size!r}")
    matches = [(m, *x) for m, x in enumerate(lineups(names, players, games, seed, field))]
    n = len(matches)
    attrs = {"kind": KIND, "game": game, "players": players, "seed": seed, "n": n, "options": options,
             "agents": names + ([field] if field is not None else []), "backend": backend}
    rows = RowStore()

    def jobs(slots, target_s, most):
        plan = ChunkPlan(n, slots, rows.__len__, target_s, most, chunk_size)
        for lo, hi in plan.spans():
            yield game, matches[lo:hi], players, options, None

    from .core import DASK_CHUNKS, LOCAL_CHUNKS, _bar

    with backends.interrupt_once():
        try:
            if backend == "dask":
                with backends.dask_client(client, scheduler, workers) as dask:
                    with _bar(n, progress) as bar:
                        backends.run_dask(jobs(backends.dask_slots(dask), *DASK_CHUNKS), dask, rows, bar, run_matches)
            else:
                workers = min(workers or os.cpu_count() or 1, max(1, n))
                with _bar(n, progress) as bar:
                    work = jobs(workers, *LOCAL_CHUNKS)
                    if workers <= 1 or n <= 2 * (chunk_size or FIRST_CHUNK):
                        backends.run_serial(work, rows, bar, run_matches)
                    else:
                        backends.run_processes(work, workers, rows, bar, run_matches)
        except KeyboardInterrupt:
            stopped = build_frame(rows, spec, {**attrs, "interrupted": True}, LEAD)
        else:
            stopped = None
    if stopped is not None:
        raise SimulationInterrupted(stopped)
    return build_frame(rows, spec, attrs, LEAD)


def load_tournament(path):
    """A tournament's rows saved with :func:`chililab.sim.save_results` (``chililab tournament --out``)."""
    df = load_results(path)
    if df.attrs.get("kind") != KIND or "match" not in df.columns:
        raise ConfigError(f"{os.fspath(path)!r} holds no tournament (saved by chililab tournament --out?)")
    return df


# ------------------------------------------------------------------ the standings


def games_of(df) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """The frame's games as ``(agents by seat, winning seats)`` (:mod:`chililab.sim.ratings`' input)."""
    out = []
    for agents, winners in zip(df["agents"], df["winners"]):
        w = tuple(int(s) for s in str(winners).split(",") if s.strip().isdigit())
        out.append((tuple(str(agents).split(",")), w))
    return out


def anchor_of(agents) -> int:
    """The agent rated 1000: ``random`` when it plays, else the first."""
    agents = list(agents)
    return agents.index("random") if "random" in agents else 0


def standings(df, resamples: int = 200, seed: int = 0):
    """The tournament's table, one row per agent (in the order the agents were given):
    ``agent``, ``games`` (seat-games played), ``wins`` (shares of wins, 1/k for a win shared by k), ``share``
    with ``share_low``/``share_high`` (95% Wilson), ``fair`` (1/players), ``rating`` (Bradley–Terry,
    Elo-like, :func:`anchor_of` at 1000) with ``rating_low``/``rating_high`` (95%, ``resamples`` bootstrap
    resamples of the games seeded with ``seed``)."""
    import pandas as pd

    from .ratings import bootstrap_ratings, bradley_terry, pairwise, win_shares

    agents = list(df.attrs.get("agents") or sorted({a for line in df["agents"] for a in str(line).split(",")}))
    games = games_of(df)
    players = int(df.attrs.get("players") or (df["players"].iloc[0] if len(df) else 0))
    shares = win_shares(games, agents)
    anchor = anchor_of(agents)
    rating = bradley_terry(pairwise(games, agents), anchor)
    lo, hi = bootstrap_ratings(games, agents, resamples, seed, anchor)
    table = pd.DataFrame({
        "agent": agents,
        "games": [shares[a]["seats"] for a in agents],
        "wins": [shares[a]["wins"] for a in agents],
        "share": [shares[a]["share"] for a in agents],
        "share_low": [shares[a]["low"] for a in agents],
        "share_high": [shares[a]["high"] for a in agents],
        "fair": [1 / players if players else float("nan")] * len(agents),
        "rating": rating,
        "rating_low": lo,
        "rating_high": hi,
    })
    table.attrs.update({"game": df.attrs.get("game"), "players": players, "n": len(df),
                        "anchor": agents[anchor] if agents else None, "resamples": resamples})
    return table


def standings_text(df, table=None) -> str:
    """What ``chililab tournament`` prints: the run, then one line per agent (best rating first)."""
    if table is None:
        table = standings(df)
    a = df.attrs
    title = registry.get(a["game"]).title if a.get("game") in registry.names() else a.get("game", "?")
    p = table.attrs.get("players", "?")
    seeds = f"seeds {df['seed'].min()}..{df['seed'].max()}" if len(df) else "no games"
    lines = [f"{title}: {len(df)} games, {p} players, {seeds} (each deal played in {p} seat rotations), "
             f"backend {a.get('backend', '?')}"]
    if a.get("options"):
        lines.append(f"options: {a['options']}")
    if a.get("interrupted"):
        lines.append(f"interrupted (Ctrl-C): the {len(df)} games finished out of {a.get('n', '?')}")
    fair = table["fair"].iloc[0] if len(table) else float("nan")
    lines += ["", f"{'agent':<14} {'games':>6} {'win share':>9}  {'95% interval':<15} {'rating':>7}  95% interval",
              ]
    for r in table.sort_values("rating", ascending=False, kind="stable").itertuples(index=False):
        lines.append(f"{r.agent:<14} {r.games:>6} {r.share:>9.1%}  {_pct_range(r.share_low, r.share_high):<15} "
                     f"{_num(r.rating):>7}  {_num(r.rating_low)}..{_num(r.rating_high)}")
    lines += ["", f"fair share: {fair:.1%} (1/{p}); a win shared by k seats counts 1/k.",
              f"ratings: Bradley–Terry (each winner beats each loser of a game), Elo-like, "
              f"{table.attrs.get('anchor')} = 1000; intervals from {table.attrs.get('resamples')} bootstrap "
              "resamples of the games."]
    return "\n".join(lines)


def _pct_range(lo, hi) -> str:
    return f"{lo:.1%}..{hi:.1%}" if lo == lo else "-"


def _num(x) -> str:
    return f"{x:.0f}" if x == x and abs(x) != float("inf") else ("-" if x != x else ("+inf" if x > 0 else "-inf"))
