"""Many seeded games with agents, locally (processes) or on Dask, as one tidy DataFrame.

Game ``i`` of a run uses game seed ``seed + i``; the agents' random source for
it is :func:`chililab.agents.agent_rng` of that seed. A row therefore depends
only on (game, players, options, agents, game seed): the same seeds give the
same rows whatever the backend, the number of workers or the chunking.
"""
from __future__ import annotations

import math
import os
from collections import Counter

from chililab.agents import Agent, agent_rng, make_agent, play_game
from chililab.engine.errors import ConfigError

# ------------------------------------------------------------------ games


def _loco_new(players, seed, options):
    from chililab.games import loco

    return loco.new_game(players=players, seed=seed, **options)


def _loco_transitions():
    from chililab.games.loco.flow import FLOW

    return [(t.src, t.dst) for t in FLOW.transitions]


#: game name -> (factory(players, seed, options) -> Game, declared flow edges)
GAMES = {"loco": (_loco_new, _loco_transitions)}

#: every event kind the Chili Loco engine emits (columns "event:<kind>" always exist; others are added if seen)
LOCO_EVENT_KINDS = (
    "deal", "starter", "turn", "lay", "landing", "jump", "draw", "reshuffle", "pending", "accept", "skip", "cancel",
    "satisfied", "reverse", "wild", "colour", "blender", "taco", "potato", "house", "reveal", "accent_on",
    "accent_off", "refused", "slap", "vote", "tie", "race", "help", "offer", "no_offer", "no_help", "touch", "leave",
    "loco_open", "loco_closed", "loco_expired", "shout", "caught", "false_call", "stall", "win",
)
#: cards counted by name in "laid:<name>" columns (peppers together as "laid:pepper")
LOCO_LAID = ("pepper", "Stir the Pot", "Hot Sauce", "Heat Stroke", "Salsa Slap", "New Recipe", "Reaper", "Blender",
             "Taco Trade", "Hot Potato", "Milk Chaser", "Personal Recipe")
#: derived per-game counts (besides events and edges)
DERIVED = ("jump_ins", "twins", "stacks", "max_hot_sauce", "cards_laid")

BASE_COLUMNS = ("seed", "players", "agents", "winner", "winner_agent", "how", "winning_card", "steps", "turns")


def _check_game(game):
    if game not in GAMES:
        raise ConfigError(f"unknown game {game!r}: known games are {', '.join(sorted(GAMES))}")
    return GAMES[game]


def resolve_agents(agents, players: int, game: str = "loco") -> list:
    """Agents per seat as a list of Agent objects.

    ``agents``: None (random everywhere), a name (``"rules"``: every seat), a
    comma-separated list of names, one Agent, a list/tuple of names or Agents
    (one per seat), or a dict seat -> name/Agent.
    """
    if agents is None:
        agents = "random"
    if isinstance(agents, str):
        parts = [a.strip() for a in agents.split(",") if a.strip()]
        agents = parts * players if len(parts) == 1 else parts
    elif isinstance(agents, Agent):
        agents = [agents] * players
    elif isinstance(agents, dict):
        missing = [s for s in range(players) if s not in agents]
        if missing:
            raise ConfigError(f"no agent for seat(s) {missing} of a {players}-player game")
        agents = [agents[s] for s in range(players)]
    agents = list(agents)
    if len(agents) != players:
        raise ConfigError(f"{len(agents)} agents given for a {players}-player game: give one agent, or one per seat")
    try:
        return [a if isinstance(a, Agent) else make_agent(a, game) for a in agents]
    except ValueError as e:
        raise ConfigError(str(e)) from None


# ------------------------------------------------------------------ one game -> one row


def game_row(g, agent_names) -> dict:
    """Everything :func:`simulate` records about one finished game."""
    r = g.result
    kinds = Counter()
    laid = Counter()
    jump_ins = twins = stacks = max_hs = stack = 0
    for group in g.log:
        for e in group:
            k = e.kind
            kinds[k] += 1
            if k == "lay":
                rules = e.rules
                if "LOCO-TWIN-4" in rules:
                    jump_ins += 1
                if "LOCO-TWIN-1" in rules:
                    twins += 1
                if e.data:
                    for cid in e.data["cards"]:
                        c = _card(cid)
                        laid["pepper" if c.kind == "pepper" else c.name] += 1
            elif k == "pending":
                rules = e.rules
                if "LOCO-CARD-HOTSAUCE-2" in rules:  # stacked on a pending Hot Sauce: +2
                    stacks += 1
                    stack += 2
                    max_hs = max(max_hs, stack)
                elif "LOCO-CARD-HOTSAUCE-1" in rules:  # a fresh Hot Sauce: draw 2
                    stack = 2
                    max_hs = max(max_hs, stack)
    row = {
        "seed": g.seed,
        "players": g.state.n,
        "agents": ",".join(agent_names),
        "winner": r.winner,
        "winner_agent": agent_names[r.winner],
        "how": r.how,
        "winning_card": _card(r.winning_card).name,
        "steps": g.step,
        "turns": r.turn,
        "jump_ins": jump_ins,
        "twins": twins,
        "stacks": stacks,
        "max_hot_sauce": max_hs,
        "cards_laid": sum(laid.values()),
    }
    for name in LOCO_LAID:
        row[f"laid:{name}"] = laid.get(name, 0)
    for k in LOCO_EVENT_KINDS:
        row[f"event:{k}"] = kinds.get(k, 0)
    for k, v in kinds.items():
        if k not in LOCO_EVENT_KINDS:
            row[f"event:{k}"] = v
    for (a, b), v in g.edge_counts.items():
        row[f"edge:{a}->{b}"] = v
    return row


def _card(cid):
    from chililab.games.loco.cards import card_by_id

    return card_by_id(cid)


def run_chunk(game: str, seeds, players: int, options: dict, agents) -> list[dict]:
    """Play the games with these seeds; one row dict per game. The unit of work of every backend."""
    new, _ = _check_game(game)
    agents = resolve_agents(agents, players, game)
    names = [a.name for a in agents]
    rows = []
    for s in seeds:
        g = play_game(new(players, s, options), agents, agent_rng(s))
        rows.append(game_row(g, names))
    return rows


def _run_packed(spec):
    return run_chunk(*spec)


# ------------------------------------------------------------------ simulate


def simulate(game: str = "loco", agents=None, n: int = 1000, seed: int = 0, players: int = 4, options=None,
             backend: str = "local", client=None, progress=True, workers: int | None = None,
             chunk_size: int | None = None):
    """Play ``n`` seeded games and return a pandas DataFrame, one row per game.

    Columns (see :data:`BASE_COLUMNS`, :data:`DERIVED`): ``seed``, ``players``,
    ``agents`` (names by seat), ``winner`` (seat), ``winner_agent``, ``how``
    the game was won (``laid`` / ``jumped`` / ``gave``), ``winning_card``,
    ``steps`` (decisions answered), ``turns``; ``jump_ins``, ``twins``,
    ``stacks`` (Hot Sauces stacked on a pending one), ``max_hot_sauce`` (the
    biggest pending Hot Sauce draw), ``cards_laid``; ``laid:<card>`` (cards
    laid by name, peppers together); ``event:<kind>`` (events of each kind:
    ``event:shout``, ``event:caught``, ``event:help``, ``event:cancel``,
    ``event:reshuffle`` ...); ``edge:<SRC>-><DST>`` (how often each declared
    flow transition was taken, e.g. ``edge:TURN_MAIN->LAND``).

    ``agents``: see :func:`resolve_agents` (default: random everywhere).
    ``backend="local"``: ``concurrent.futures.ProcessPoolExecutor`` with
    ``workers`` processes (default: CPU count), serial when ``workers == 1`` or
    ``n`` is small. ``backend="dask"``: the same chunk function mapped on
    ``client`` (a ``distributed.Client``); without one, a threaded LocalCluster
    is started and closed again. Both give identical rows for identical seeds.
    ``progress``: a ``tqdm.auto`` progress bar.
    """
    new, transitions = _check_game(game)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ConfigError(f"n must be a whole number of games >= 0, not {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be a whole number, not {seed!r}")
    options = dict(options or {})
    if "players" in options:
        raise ConfigError("give the number of players as players=..., not inside options")
    new(players, seed, options)  # bad options fail here, before any worker starts
    agent_list = resolve_agents(agents, players, game)
    if backend not in ("local", "dask"):
        raise ConfigError(f"backend must be 'local' or 'dask', not {backend!r}")
    workers = workers or os.cpu_count() or 1
    seeds = list(range(seed, seed + n))
    if chunk_size is None:
        chunk_size = max(1, min(25, math.ceil(n / (max(workers, 1) * 4)))) if n else 1
    chunks = [seeds[i:i + chunk_size] for i in range(0, n, chunk_size)]
    specs = [(game, c, players, options, agent_list) for c in chunks]

    rows: list[dict] = []
    if backend == "dask":
        rows = _run_dask(specs, client, workers, n, progress)
    elif workers <= 1 or n <= 2 * chunk_size or len(chunks) == 1:
        with _bar(n, progress) as bar:
            for spec in specs:
                rows.extend(run_chunk(*spec))
                bar.update(len(spec[1]))
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            futures = {pool.submit(run_chunk, *spec): len(spec[1]) for spec in specs}
            with _bar(n, progress) as bar:
                for fut in as_completed(futures):
                    rows.extend(fut.result())
                    bar.update(futures[fut])
    return _frame(rows, transitions(), {"game": game, "players": players, "seed": seed, "n": n, "options": options,
                                        "agents": [a.name for a in agent_list], "backend": backend})


def _bar(n, progress):
    from tqdm.auto import tqdm

    return tqdm(total=n, disable=not progress, unit="game", desc="simulating", leave=False)


def _run_dask(specs, client, workers, n, progress):
    from distributed import Client, LocalCluster, as_completed

    own = client is None
    cluster = None
    if own:
        cluster = LocalCluster(processes=False, n_workers=1, threads_per_worker=max(1, workers),
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    try:
        futures = client.map(_run_packed, specs, pure=False)
        sizes = {f.key: len(s[1]) for f, s in zip(futures, specs)}
        rows = []
        with _bar(n, progress) as bar:
            for fut in as_completed(futures):
                rows.extend(fut.result())
                bar.update(sizes[fut.key])
        return rows
    finally:
        if own:
            client.close()
            cluster.close()


def _frame(rows, edges, attrs):
    import pandas as pd

    columns = list(BASE_COLUMNS) + list(DERIVED) + [f"laid:{x}" for x in LOCO_LAID] + \
        [f"event:{k}" for k in LOCO_EVENT_KINDS]
    extra_events = sorted({k for r in rows for k in r if k.startswith("event:") and k not in columns})
    columns += extra_events + [f"edge:{a}->{b}" for a, b in edges]
    df = pd.DataFrame(rows, columns=columns)
    count_cols = [c for c in columns if c not in ("agents", "winner_agent", "how", "winning_card")]
    df[count_cols] = df[count_cols].fillna(0).astype("int64")
    df = df.sort_values("seed", kind="stable").reset_index(drop=True)
    df.attrs.update(attrs)
    return df
