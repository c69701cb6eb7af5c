"""The ``chililab`` command.

    chililab play GAME --players 4 --seed 7 [--human SEAT] [--agent NAME] [-o KEY=VALUE ...]
    chililab simulate GAME --games 1000 --players 4 [--seed 0] [--agents rules,random,random,random]
                           [--backend local|dask] [--workers N] [--scheduler ADDRESS] [--out results.parquet]
                           [--csv FILE] [--no-progress] [-o KEY=VALUE ...]
    chililab metrics GAME --games 200 --players 4 [--seed 0] [--agents NAME] [-o KEY=VALUE ...]
                          [--compare KEY=VALUE ...] [--replays R] [--events] [--out FILE.csv|.parquet]
    chililab tournament GAME --agents random,rules,search:200 --games 100 [--players P] [--seed 0]
                             [--backend local|dask] [--workers N] [--scheduler ADDRESS] [--resamples 200]
                             [--out FILE.parquet] [--no-progress] [-o KEY=VALUE ...]
    chililab site build --out DIR [--cache DIR] [--offline]     (the static site: :mod:`chililab.site`)
    chililab site serve DIR [--port 8000]

``play`` prints the game as it happens, one line per event with the rule IDs
behind it (the teacher's view; with ``--human`` the human seat's view, so no
hidden card leaks). Lines starting with ``#`` are headers, prompts and the
result, not events. ``GAME`` is any registered game
(:func:`chililab.engine.registry.names`); its options, agents and the way a
seat's view is described come from its spec. ``simulate`` prints wins by seat, game length and how
often each card effect and interrupt happened. ``metrics`` prints game-design metrics (seat advantage,
game length, decisiveness, occurrences) and, with ``--compare``, a second option set beside the first
with significance tests (:mod:`chililab.sim.metrics`). ``tournament`` plays agents against each other, every
deal once in each seat rotation, and prints win shares and Bradley-Terry ratings (:mod:`chililab.sim.tournament`).
A yes/no option of the game may also be given as a flag after the game's name: ``chililab play GAME --flag``
is ``-o flag=true``.

Errors in the arguments, game options or output files print one line and exit
with status 2, before any game is played. Ctrl-C exits with status 130
(``simulate`` first stops its workers and prints the games finished so far).

Adding a command: write ``_add_<name>(subparsers)`` that creates its
subparser and sets ``func=<handler>`` (handler(args) -> exit status), then list
it in :data:`COMMANDS`.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from chililab import extras
from chililab.engine import registry
from chililab.engine.errors import ConfigError


class UsageError(Exception):
    """A bad command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one clear line (no usage dump) and exit status 2."""

    def error(self, message):
        raise UsageError(f"{message} (see '{self.prog} --help')")


# ------------------------------------------------------------------ helpers


def _game(name):
    """The registered game's spec (a one-line UsageError for an unknown name)."""
    try:
        return registry.get(name)
    except ConfigError as e:
        raise UsageError(str(e)) from None


def _options(spec, pairs) -> dict:
    """``-o key=value`` pairs -> options dict, each read by the game's :class:`~chililab.engine.registry.Option`.

    A name the spec does not list is read as JSON when it is JSON, else as text (the game refuses it by name).
    """
    out = {}
    for p in pairs or ():
        if "=" not in p:
            raise UsageError(f"option {p!r} must look like KEY=VALUE, e.g. dealer=0")
        k, v = (x.strip() for x in p.split("=", 1))
        if k in spec.options:
            try:
                out[k] = spec.options[k].parse(v)
            except ConfigError as e:
                raise UsageError(f"{k} {e}") from None
            continue
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    if "players" in out:
        raise UsageError("give the number of players with --players, not -o players=...")
    return out


#: option names that say the value is a file or folder the game writes to
_PATHLIKE_KEY = re.compile(r"(registry|path|file|dir|folder|out|log|csv)", re.I)


def _check_output(path, what: str) -> None:
    """A one-line UsageError unless ``path`` can be written: its folder exists and is writable."""
    p = Path(os.path.expanduser(str(path)))
    folder = p.parent
    if p.is_dir():
        raise UsageError(f"{what} {str(path)!r} is a folder: give a file name")
    if not folder.is_dir():
        raise UsageError(f"{what} {str(path)!r}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise UsageError(f"{what} {str(path)!r} cannot be written here (permission denied)")
    # a trial write (root passes os.access everywhere; /proc and /sys refuse files only when one is opened)
    existed = p.exists()
    try:
        with open(p, "a" if existed else "x"):
            pass
    except OSError as e:
        raise UsageError(f"{what} {str(path)!r} cannot be written here ({e.strerror or 'refused'})") from None
    if not existed:
        p.unlink(missing_ok=True)


def _check_option_paths(options: dict) -> None:
    """Every option that names a file (by its name, or a value with a '/') must be writable, before playing."""
    for k, v in options.items():
        if isinstance(v, str) and v not in ("", "off") and (_PATHLIKE_KEY.search(k) or os.sep in v):
            _check_output(v, f"-o {k}")


def _trial_game(spec, players, seed, options):
    """A game with these settings, built before any play: a bad player count or option is one UsageError."""
    _check_option_paths(options)
    try:
        return spec.new_game(players=players, seed=seed, **options)
    except ConfigError as e:
        raise UsageError(str(e)) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:  # an option the game could not read
        raise UsageError(f"bad game option ({type(e).__name__}: {e})") from None


def _out(line="", file=None):
    print(line, file=file or sys.stdout, flush=True)


def _game_argument(p):
    """The GAME positional: any registered game (checked when the command runs, with a one-line error)."""
    names = registry.names()
    p.add_argument("game", metavar="{" + ",".join(names) + "}", help="the game: " + ", ".join(
        f"{s.name} ({s.title})" for s in registry.specs()))


def _agents_help() -> str:
    return "; ".join(f"{s.name}: {', '.join(s.agent_names)}" for s in registry.specs())


def _option_argument(p):
    lines = [f"{s.name}: " + ", ".join(s.options) for s in registry.specs() if s.options]
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                   help="game option (repeatable), e.g. -o dealer=0; a yes/no option may be a flag after the game "
                        "(--inferno). Options by game: " + "; ".join(lines))


# ------------------------------------------------------------------ play


class HumanAgent:
    """A person at the keyboard: sees the seat's view, picks a numbered legal move."""

    name = "human"

    def _say(self, text=""):
        _out(text, self.outfile)

    def __init__(self, describe, infile=None, outfile=None):
        self.describe = describe
        self.infile = infile
        self.outfile = outfile

    def choose(self, view, legal_moves, rng):
        self._say(f"# --- P{view.seat}: {view.decision.prompt if view.decision else ''}")
        if self.describe is not None:
            self._say(self.describe(view))
        if len(legal_moves) == 1:
            self._say(f"# only one move: {legal_moves[0]}")
            return legal_moves[0]
        for i, m in enumerate(legal_moves, 1):
            self._say(f"#   {i:>2}) {m}")
        while True:
            f = self.outfile or sys.stdout
            f.write(f"P{view.seat}, your move (1-{len(legal_moves)})> ")
            f.flush()
            line = (self.infile or sys.stdin).readline()
            if not line:
                raise EOFError("input ended")
            text = line.strip()
            if not text:
                continue
            try:
                k = int(text)
            except ValueError:
                self._say(f"# {text!r} is not a number: type the number of one of the moves above")
                continue
            if not 1 <= k <= len(legal_moves):
                self._say(f"# there is no move {k}: choose a number from 1 to {len(legal_moves)}")
                continue
            return legal_moves[k - 1]


def cmd_play(args) -> int:
    from chililab.agents import agent_rng, play_game

    spec = _game(args.game)
    options = _options(spec, args.option)
    g = _trial_game(spec, args.players, args.seed, options)
    n = g.view(None).players
    if args.human is not None and not 0 <= args.human < n:
        raise UsageError(f"--human must be a seat from 0 to {n - 1}, not {args.human}")
    bot = spec.agent(args.agent or spec.bot)
    agents = [bot] * n
    viewer = None
    if args.human is not None:
        agents = list(agents)
        agents[args.human] = HumanAgent(spec.picture("text") if "text" in spec.pictures else None)
        viewer = args.human
    who = ", ".join(f"P{s} {a.name}" for s, a in enumerate(agents))
    _out(f"# {spec.title}: {n} players, seed {g.seed}, {who}"
         + (f", options {options}" if options else "")
         + ("" if viewer is None else f" (events as P{viewer} sees them)"))

    def show(game, events=None):
        step = game.step
        for e in game.events(step, viewer=viewer):
            _out(f"{step:>5}  {e}")

    show(g)
    try:
        play_game(g, agents, agent_rng(g.seed), on_step=show)
    except EOFError:
        _out(f"# no more input: game abandoned after {g.step} moves")
        return 1
    except KeyboardInterrupt:
        _out(f"# interrupted after {g.step} moves")
        return 130
    r = g.result
    _out(f"# {r} after {g.step} decisions and {r.turns} turns")
    return 0


def _add_play(sub):
    p = sub.add_parser("play", help="play one game and print every event with its rule IDs",
                       description="Play one game with bots (and optionally you) and print each event with the "
                                   "rule clauses behind it.")
    _game_argument(p)
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: a random one, printed)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="play this seat yourself: type the number of a move")
    p.add_argument("--agent", default=None,
                   help="bot for the other seats, by name (default: the game's usual bot); " + _agents_help())
    _option_argument(p)
    p.set_defaults(func=cmd_play)


# ------------------------------------------------------------------ simulate


def _check_table_file(path: str, flag: str) -> str:
    """Check before any game that a table can be written to ``path`` (a folder that exists, a known ending:
    :func:`chililab.sim.save_results`); its format, ``"parquet"`` or ``"csv"``."""
    from chililab.sim.results import file_format

    _check_output(path, flag)
    try:
        return file_format(path)
    except ConfigError as e:
        raise UsageError(f"{flag} {e}") from None


def _check_simulate_outputs(args) -> list:
    """The files ``--out`` and ``--csv`` name, each checked writable with a known ending, before any game."""
    outs = [p for p in (args.out, args.csv) if p]
    for flag, path in (("--out", args.out), ("--csv", args.csv)):
        if path is None:
            continue
        if not path.strip():
            raise UsageError(f"{flag} needs a file name")
        fmt = _check_table_file(path, flag)
        if flag == "--csv" and fmt != "csv":
            raise UsageError(f"--csv {path!r} must end with .csv (use --out for Parquet)")
    return outs


def _dask_backend(args) -> str:
    """The backend the arguments ask for: Dask when a scheduler is given; a UsageError if Dask is missing."""
    if args.scheduler and args.backend == "local":
        raise UsageError("--scheduler runs the games on Dask: drop --backend local (or use --backend dask)")
    if args.scheduler and args.workers is not None:
        raise UsageError("--workers sizes the cluster chililab starts; the cluster at --scheduler has its own workers")
    backend = "dask" if args.scheduler else (args.backend or "local")
    if backend == "dask":
        try:
            extras.check("distributed", "--backend dask")
        except extras.MissingExtra as e:
            raise UsageError(f"{e} (or use --backend local)") from None
    return backend


def _check_sim_extra(command: str, outs=()) -> None:
    """Refuse before any game is played when the ``sim`` extra (pandas, tqdm; pyarrow for Parquet) is missing."""
    modules = ["pandas", "tqdm"] + (["pyarrow"] if any(str(p).endswith(".parquet") for p in outs) else [])
    try:
        for module in modules:
            extras.check(module, f"chililab {command}")
    except extras.MissingExtra as e:
        raise UsageError(str(e)) from None


def cmd_simulate(args) -> int:
    from chililab.sim import MAX_GAMES, SimulationInterrupted, max_workers, save_results, simulate, summary_text

    _check_sim_extra("simulate", [args.out, args.csv])
    spec = _game(args.game)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,} (the table of results is kept in memory; "
                         f"run more with several --seed ranges), not {args.games:,}")
    if args.workers is not None and not 1 <= args.workers <= max_workers():
        raise UsageError(f"--workers must be from 1 to {max_workers()} (4 per CPU here), not {args.workers}")
    backend = _dask_backend(args)
    outs = _check_simulate_outputs(args)
    options = _options(spec, args.option)
    _trial_game(spec, args.players, args.seed, options)
    status = 0
    try:
        df = simulate(args.game, agents=args.agents, n=args.games, seed=args.seed, players=args.players,
                      options=options, backend=backend, progress=not args.no_progress, workers=args.workers,
                      scheduler=args.scheduler)
    except SimulationInterrupted as stop:  # Ctrl-C: the workers are stopped; report what was finished
        df, status = stop.frame, 130
        if not len(df):
            _out("chililab: interrupted before any game finished", sys.stderr)
            return status
    _out(summary_text(df))
    for path in outs:
        save_results(df, path)
        _out(f"\n# {len(df)} rows written to {path}")
    return status


def _add_simulate(sub):
    p = sub.add_parser("simulate", help="play many seeded games with bots and summarise them",
                       description="Play many seeded games with bots and print wins by seat, game length and how "
                                   "often each card effect and interrupt happened; --out keeps one row per game "
                                   "(columns: docs/simulation.md).")
    _game_argument(p)
    p.add_argument("--games", type=int, default=1000,
                   help="number of games (default 1000). Ctrl-C stops early and prints the games finished so far")
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (default 0)")
    p.add_argument("--agents", default="random",
                   help="one agent for every seat, or one per seat, comma-separated (default random). Random bots "
                        "explore what the rules allow (long games, every effect); for numbers closer to real play "
                        "use each game's rule-of-thumb bot, e.g. --agents rules; " + _agents_help())
    p.add_argument("--backend", choices=("local", "dask"), default=None,
                   help="local: worker processes on this machine (default); dask: a Dask cluster, by default a "
                        "LocalCluster of --workers (default 2) worker processes")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786, or a scheduler "
                        "file); implies --backend dask")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: local: CPU count, dask: 2; at most 4 per CPU)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write the per-game table to FILE: .parquet (keeps dtypes and settings) or .csv")
    p.add_argument("--csv", default=None, metavar="FILE", help="also write the per-game table to this CSV file")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    _option_argument(p)
    p.set_defaults(func=cmd_simulate)


# ------------------------------------------------------------------ metrics


def _changed(spec, options: dict) -> dict:
    """The options that differ from the game's defaults (so ``-o`` and ``--compare`` sets compare as played)."""
    return {k: v for k, v in options.items() if k not in spec.options or v != spec.options[k].default}


def cmd_metrics(args) -> int:
    """Simulate one option set (two with ``--compare``) and print their metrics."""
    from chililab.sim import MAX_GAMES, simulate
    from chililab.sim.metrics import compare, compare_text, decisiveness, metrics_text

    _check_sim_extra("metrics", [args.out])
    spec = _game(args.game)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if args.replays < 0:
        raise UsageError(f"--replays must be 0 or more, not {args.replays}")
    if args.out is not None:
        if not args.out.strip():
            raise UsageError("--out needs a file name")
        _check_table_file(args.out, "--out")
    options = _options(spec, args.option)
    _trial_game(spec, args.players, args.seed, options)
    other = {**options, **_options(spec, args.compare)} if args.compare else None
    if other is not None:
        if _changed(spec, other) == _changed(spec, options):
            raise UsageError("--compare sets nothing new: give an option value that differs from the first set")
        _trial_game(spec, args.players, args.seed, other)
    runs = [options] + ([other] if other is not None else [])
    frames = [simulate(args.game, agents=args.agents or spec.bot, n=args.games, seed=args.seed, players=args.players,
                       options=o, progress=not args.no_progress, workers=args.workers) for o in runs]
    decisive = [decisiveness(df, args.replays) for df in frames]
    for label, df, d in zip("AB", frames, decisive):
        if len(frames) > 1:
            _out(f"=== option set {label} ===")
        _out(metrics_text(df, d, events=args.events))
        _out()
    if other is not None:
        _out("=== A against B (same seeds) ===")
        _out(compare_text(compare(frames[0], frames[1], *decisive), str(options or "the game's defaults"), str(other)))
    if args.out:
        from chililab.sim import save_results
        from chililab.sim.metrics import metrics_table

        save_results(metrics_table(frames, runs), args.out)
        _out(f"\n# {len(frames) * args.games} rows written to {args.out}")
    return 0


def _add_metrics(sub):
    p = sub.add_parser("metrics", help="game-design metrics of many seeded games, or of two option sets compared",
                       description="Simulate seeded games and print seat advantage (win shares with 95%% intervals "
                                   "and a test of equal seats), game length, decisiveness (replayed games) and how "
                                   "often each effect, window and race occurs. With --compare, a second option set "
                                   "on the same seeds, side by side with significance tests.")
    _game_argument(p)
    p.add_argument("--games", type=int, default=200, help="games per option set (default 200)")
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (default 0)")
    p.add_argument("--agents", default=None,
                   help="one agent for every seat, or one per seat (default: the game's usual bot); " + _agents_help())
    p.add_argument("--compare", action="append", metavar="KEY=VALUE",
                   help="option set B: the -o options with these changed (repeatable), e.g. --compare rounds=5")
    p.add_argument("--replays", type=int, default=50,
                   help="games played again, decision by decision, for decisiveness (default 50; 0: skip)")
    p.add_argument("--events", action="store_true", help="also list every event kind")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="also save the per-game table of every option set (.parquet keeps dtypes and settings, "
                        "or .csv; columns as simulate --out, then option_set A/B and options)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    _option_argument(p)
    p.set_defaults(func=cmd_metrics)


# ------------------------------------------------------------------ tournament


def cmd_tournament(args) -> int:
    """Play a seat-rotated tournament of agents (:mod:`chililab.sim.tournament`) and print the standings."""
    from chililab.sim import MAX_GAMES, SimulationInterrupted, max_workers, save_results
    from chililab.sim.tournament import agent_names, rounded_games, standings, standings_text, tournament

    _check_sim_extra("tournament", [args.out])
    spec = _game(args.game)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if args.workers is not None and not 1 <= args.workers <= max_workers():
        raise UsageError(f"--workers must be from 1 to {max_workers()} (4 per CPU here), not {args.workers}")
    if not 1 <= args.resamples <= 100_000:
        raise UsageError(f"--resamples must be from 1 to 100,000, not {args.resamples:,}")
    backend = _dask_backend(args)
    if args.out is not None:
        if not args.out.strip():
            raise UsageError("--out needs a file name")
        _check_table_file(args.out, "--out")
    options = _options(spec, args.option)
    players = args.players if args.players is not None else spec.defaults["players"]
    _trial_game(spec, players, args.seed, options)
    try:
        agent_names(args.agents, args.game, args.field)
    except ConfigError as e:
        raise UsageError(f"--agents: {e}") from None
    played = rounded_games(args.games, players)
    if played != args.games:
        _out(f"# {args.games} games asked: {played} played (whole rotations of {players} seats)")
    status = 0
    try:
        df = tournament(args.game, args.agents, games=args.games, players=players, seed=args.seed, options=options,
                        backend=backend, progress=not args.no_progress, workers=args.workers,
                        scheduler=args.scheduler, field=args.field)
    except SimulationInterrupted as stop:
        df, status = stop.frame, 130
        if not len(df):
            _out("chililab: interrupted before any game finished", sys.stderr)
            return status
    _out(standings_text(df, standings(df, resamples=args.resamples, seed=args.seed)))
    if args.out:
        save_results(df, args.out)
        _out(f"\n# {len(df)} rows written to {args.out} (load with chililab.sim.tournament.load_tournament)")
    return status


def _add_tournament(sub):
    p = sub.add_parser("tournament", help="agents against each other in seat-rotated games: win shares and ratings",
                       description="Play seeded games between agents, each deal played once in every seat rotation "
                                   "so every agent plays every seat equally often, and print each agent's win share "
                                   "(95%% Wilson interval) beside the fair share and a Bradley-Terry rating (Elo-like, "
                                   "random = 1000, 95%% bootstrap interval). Line-ups: chililab/sim/tournament.py.")
    _game_argument(p)
    p.add_argument("--agents", required=True,
                   help="two or more agents, comma-separated, e.g. random,rules,search:200; " + _agents_help())
    p.add_argument("--field", default=None, metavar="AGENT",
                   help="each of --agents plays alone against a table of this agent, e.g. --agents search:200 "
                        "--field rules (the search bot against three rule bots)")
    p.add_argument("--games", type=int, default=100,
                   help="games in all (default 100), rounded up to a multiple of --players")
    p.add_argument("--players", type=int, default=None, help="seats at the table (default: the game's default)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the first deal; deal k uses seed+k (default 0); also seeds the bootstrap")
    p.add_argument("--backend", choices=("local", "dask"), default=None,
                   help="local: worker processes on this machine (default); dask: a Dask cluster (by default a "
                        "LocalCluster of --workers, default 2, worker processes)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on the Dask cluster whose scheduler is at ADDRESS; implies --backend dask")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: local: CPU count, dask: 2; at most 4 per CPU)")
    p.add_argument("--resamples", type=int, default=200, help="bootstrap resamples of the ratings (default 200)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write one row per game to FILE (.parquet keeps dtypes and settings, or .csv)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    _option_argument(p)
    p.set_defaults(func=cmd_tournament)


# ------------------------------------------------------------------ dashboards


def _add_dashboards(sub):
    """``chililab dashboards``: serve the Voila dashboards (logic in :mod:`chililab.serve`)."""
    from chililab.serve import add_parser

    add_parser(sub)


def _add_site(sub):
    """``chililab site build|serve``: the static site (logic in :mod:`chililab.site`)."""
    from chililab.site.command import add_parser

    add_parser(sub)


def _add_class(sub):
    """``chililab class start|list|...``: a class's join code, students, export (:mod:`chililab.classes.command`)."""
    from chililab.classes.command import add_parser

    add_parser(sub)


# ------------------------------------------------------------------ main

#: subcommand builders, in help order (each adds a subparser with func=handler)
COMMANDS = [_add_play, _add_simulate, _add_metrics, _add_tournament, _add_dashboards, _add_site, _add_class]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="chililab", description="Chili card games as a teaching lab.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for add in COMMANDS:
        add(sub)
    p.set_defaults(func=None, command_names=tuple(sub.choices))
    return p


def _option_flags(argv) -> list[str]:
    """``--NAME`` after ``play GAME``, ``simulate GAME``, ``metrics GAME`` or ``tournament GAME``, NAME a yes/no option of that game, as ``-o NAME=true``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) < 2 or argv[0] not in ("play", "simulate", "metrics", "tournament") or argv[1] not in registry.names():
        return argv
    options = registry.get(argv[1]).options
    out = argv[:2]
    for a in argv[2:]:
        name = a[2:].replace("-", "_")
        opt = options.get(name) if a.startswith("--") else None
        out += ["-o", f"{name}=true"] if opt is not None and isinstance(opt.default, bool) else [a]
    return out


def main(argv=None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad arguments or options)."""
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(_option_flags(argv))
        if args.func is None:
            raise UsageError("choose a command: " + ", ".join(args.command_names))
        return args.func(args)
    except UsageError as e:
        _out(f"chililab: error: {e}", sys.stderr)
        return 2
    except ConfigError as e:  # bad game options, agents or backend
        _out(f"chililab: error: {e}", sys.stderr)
        return 2
    except ModuleNotFoundError as e:  # an optional package a command needs: name its extra
        missing = extras.missing(e, f"chililab {getattr(args, 'command', '')}".strip())
        if missing is None:
            raise
        _out(f"chililab: error: {missing}", sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C outside a game loop (e.g. a second one while the summary prints)
        _out("chililab: interrupted", sys.stderr)
        return 130
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except BrokenPipeError:  # e.g. `chililab play GAME | head`: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
