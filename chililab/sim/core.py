"""Many seeded games with agents, locally (processes) or on Dask, as one tidy DataFrame.

Game ``i`` of a run uses game seed ``seed + i``; the agents' random source for
it is :func:`chililab.agents.agent_rng` of that seed. A row therefore depends
only on (game, players, options, agents, game seed): the same seeds give the
same rows whatever the backend, the number of workers or the chunking.
"""
from __future__ import annotations

import os
from collections import Counter

from chililab.agents import Agent, agent_rng, make_agent, play_game
from chililab.engine import registry
from chililab.engine.core import Game
from chililab.engine.errors import ConfigError
from chililab.engine.playout import Playout

from .chunks import FIRST_CHUNK, ChunkPlan
from .results import RowStore, build_frame, score_column


def resolve_agents(agents, players: int, game: str) -> list:
    """Agents per seat as a list of Agent objects.

    ``agents``: None (random everywhere), a name (e.g. ``"random"``: every seat), a
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
    return [a if isinstance(a, Agent) else make_agent(a, game) for a in agents]


# ------------------------------------------------------------------ one game -> one row


def game_row(g, agent_names, stats=None) -> dict:
    """Everything :func:`simulate` records about one finished game.

    The generic part reads only the :class:`chililab.engine.Result` fields (winners,
    scores, how, turns), the events and the flow edges; ``stats`` (the game's
    :class:`~chililab.engine.registry.SimStats`) adds the game's own columns.
    """
    r = g.result
    winner = r.winner
    row = {
        "seed": g.seed,
        "players": len(agent_names),
        "agents": ",".join(agent_names),
        "winner": winner,
        "winners": ",".join(map(str, r.winners)),
        "winner_agent": agent_names[winner] if winner is not None else None,
        "how": r.how,
        "steps": g.step,
        "turns": r.turns,
    }
    for seat, score in enumerate(r.scores or ()):
        row[score_column(seat)] = score
    if stats is not None:
        row.update(stats.row(g))
    for k, v in Counter(e.kind for e in g.events()).items():
        row[f"event:{k}"] = v
    for (a, b), v in g.edge_counts.items():
        row[f"edge:{a}->{b}"] = v
    return row


def start(spec, players: int, seed: int, options: dict):
    """A simulated game at its start: on the playout path (the same rules, no undo; listening, since the rows
    count the events), or the game itself when it is not played by chililab's kernel (a plug-in of its own)."""
    game = spec.new_game(players, seed, **options)
    return Playout(game, listen=True, take=True) if isinstance(game, Game) else game


def run_chunk(game: str, seeds, players: int, options: dict, agents) -> list[dict]:
    """Play the games with these seeds; one row dict per game. The unit of work of every backend."""
    spec = registry.get(game)
    stats = spec.sim_stats()
    agents = resolve_agents(agents, players, game)
    names = [a.name for a in agents]
    rows = []
    for s in seeds:
        g = play_game(start(spec, players, s, options), agents, agent_rng(s))
        rows.append(game_row(g, names, stats))
    return rows


# ------------------------------------------------------------------ simulate

#: most games in one run: the table of results is kept in memory (about 1 kB a game, :class:`RowStore`)
MAX_GAMES = 10_000_000


def max_workers() -> int:
    """Most worker processes (or Dask threads) one run may use: 4 per CPU, at least 8."""
    return max(8, 4 * (os.cpu_count() or 1))


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`simulate`; ``frame`` holds the games finished so far (``attrs["interrupted"]``)."""

    def __init__(self, frame):
        super().__init__(f"simulation interrupted after {len(frame)} of {frame.attrs.get('n', '?')} games")
        self.frame = frame


def simulate(game: str, agents=None, n: int = 1000, seed: int = 0, players: int = 4, options=None,
             backend: str | None = None, client=None, progress=True, workers: int | None = None,
             chunk_size: int | None = None, scheduler: str | None = None):
    """Play ``n`` seeded games and return a pandas DataFrame, one row per game.

    ``game``: a registered game's name (:func:`chililab.engine.registry.names`).
    Columns: :data:`BASE_COLUMNS` (``seed``, ``players``, ``agents`` (names by
    seat), ``winner`` (the seat, ``<NA>`` when the win is shared), ``winners``
    (every winning seat, e.g. ``"1,3"``), ``winner_agent``, ``how`` the game
    ended, ``steps`` (decisions answered), ``turns``); ``score:P0`` ... per seat
    for games with scores; then the game's own columns (its spec's ``sim``: for
    e.g. ``winning_card``, ``jump_ins``, ``laid:<card>`` ...);
    ``event:<kind>`` (events of each kind); ``edge:<SRC>-><DST>`` (how often
    each declared flow transition was taken). Dtypes: :mod:`chililab.sim.results`
    (save and load with :func:`~chililab.sim.results.save_results` /
    :func:`~chililab.sim.results.load_results`).

    ``agents``: see :func:`resolve_agents` (default: random everywhere).
    ``backend``: ``"dask"`` when a ``client`` or ``scheduler`` is given, else ``"local"``.
    ``backend="local"``: ``workers`` processes (default: CPU count, at most
    :func:`max_workers`), serial when ``workers == 1`` or ``n`` is small.
    ``backend="dask"``: the same chunk function on Dask: on ``client`` (a
    ``distributed.Client``, e.g. a Dask Gateway cluster's ``get_client()``), or
    on the scheduler at ``scheduler`` (an address such as ``"tcp://host:8786"``,
    or a scheduler file), or else on a LocalCluster of ``workers`` (default 2)
    single-threaded *processes* started and closed again (threads would share
    one interpreter lock and run no faster than one process). Every backend
    gives identical rows for identical seeds. Chunks are submitted a few per
    worker at a time (:mod:`chililab.sim.backends`).
    ``progress``: a ``tqdm.auto`` progress bar.

    Ctrl-C stops the workers and raises :class:`SimulationInterrupted`, whose
    ``frame`` holds the games finished so far.
    """
    from chililab.extras import check

    from . import backends

    for module in ("pandas", "tqdm"):  # the table and the progress bar: say so before any game is played
        check(module, "chililab.sim.simulate")
    spec = registry.get(game)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_GAMES:
        raise ConfigError(f"n must be a whole number of games from 0 to {MAX_GAMES:,}, not {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be a whole number, not {seed!r}")
    if workers is not None and not (isinstance(workers, int) and 1 <= workers <= max_workers()):
        raise ConfigError(f"workers must be from 1 to {max_workers()}, not {workers!r}")
    options = dict(options or {})
    if "players" in options:
        raise ConfigError("give the number of players as players=..., not inside options")
    trial = spec.new_game(players, seed, **options)  # bad options fail here, before any worker starts
    teams = getattr(trial.view(None), "teams", None)  # a team game's teams (for the metrics)
    agent_list = resolve_agents(agents, players, game)
    if backend is None:
        backend = "dask" if client is not None or scheduler is not None else "local"
    if backend not in ("local", "dask"):
        raise ConfigError(f"backend must be 'local' or 'dask', not {backend!r}")
    if backend != "dask" and (client is not None or scheduler is not None):
        raise ConfigError("client= and scheduler= are for backend='dask'")
    if client is not None and scheduler is not None:
        raise ConfigError("give a Dask client or a scheduler address, not both")
    if workers is not None and (client is not None or scheduler is not None):
        raise ConfigError("workers= sizes a cluster simulate starts; a given client or scheduler has its own workers")
    if chunk_size is not None and not (isinstance(chunk_size, int) and chunk_size >= 1):
        raise ConfigError(f"chunk_size must be a whole number of games from 1, not {chunk_size!r}")
    attrs = {"game": game, "players": players, "seed": seed, "n": n, "options": options,
             "agents": [a.name for a in agent_list], "backend": backend}
    if teams:
        attrs["teams"] = [list(t) for t in teams]
    rows = RowStore()

    def plan(slots, target_s, most):
        return ChunkPlan(n, slots, rows.__len__, target_s, most, chunk_size)

    with backends.interrupt_once():  # one Ctrl-C stops the run; a second cannot cut the clean-up short
        try:
            if backend == "dask":
                with backends.dask_client(client, scheduler, workers) as dask:  # an unreachable scheduler fails here
                    jobs = plan(backends.dask_slots(dask), *DASK_CHUNKS).jobs(game, seed, players, options, agent_list)
                    with _bar(n, progress) as bar:
                        backends.run_dask(jobs, dask, rows, bar)
            else:
                workers = min(workers or os.cpu_count() or 1, max(1, n))
                jobs = plan(workers, *LOCAL_CHUNKS).jobs(game, seed, players, options, agent_list)
                with _bar(n, progress) as bar:
                    if workers <= 1 or n <= 2 * (chunk_size or FIRST_CHUNK):
                        backends.run_serial(jobs, rows, bar)
                    else:
                        backends.run_processes(jobs, workers, rows, bar)
        except KeyboardInterrupt:
            stopped = build_frame(rows, spec, {**attrs, "interrupted": True})
        else:
            stopped = None
    if stopped is not None:
        raise SimulationInterrupted(stopped)
    return build_frame(rows, spec, attrs)


#: (seconds of play a chunk aims at, most games in a chunk): local processes; Dask, where a task costs more to send
LOCAL_CHUNKS, DASK_CHUNKS = (0.25, 200), (1.0, 1000)


def _bar(n, progress):
    from tqdm.auto import tqdm

    return tqdm(total=n, disable=not progress, unit="game", desc="simulating", leave=False, smoothing=0.05)
