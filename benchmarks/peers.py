"""Chili Loco's speed beside its peers, measured in one run.

    python3 benchmarks/peers.py [--games 100] [--rounds 5] [--seed 0] [--players 4]
                                [--engines chililab,lean-uno,...] [--baseline REV]
                                [--markdown] [--json OUT]

Random games (4 players by default) of:

- ``chililab``: Chili Loco through the public Game API of this checkout (the reference of every ratio);
- ``chililab-mafia``: Chili Mafia through the same API, from this checkout (issue 9 asks for at least 1/3
  of Loco's decisions/s: its "× chililab" column);
- ``chililab-aycc``: All You Can Chili through the same API, from this checkout (issue 10 asks for at least
  1/3 of Loco's decisions/s);
- ``lean-uno``: the lean pure-Python Uno of ``lean_uno.py`` (the bare cost of play);
- ``openspiel-crazy-eights``: OpenSpiel's C++ ``crazy_eights``, driven from a Python loop;
- ``chililab-crazy-eights``: the same game, the plug-in of ``examples/chililab-crazy-eights`` through
  chililab's Game API (skipped unless that package is installed);
- ``rlcard-uno-env``: RLCard's UNO through ``env.step``;
- ``rlcard-uno-game``: RLCard's raw ``UnoGame``;
- with ``--baseline REV``, ``chililab@REV``: Chili Loco as it was at git revision REV.

Every engine plays by the same loop (legal moves -> ``rng.choice`` -> apply,
until the game is over) in a worker process of its own (``peer_engines.py``),
so one engine's imports do not slow another (all with ``PYTHONHASHSEED=0``, so
two copies of one engine differ by nothing but their code); engines that are not installed
are skipped (``pip install -e '.[bench]'`` installs OpenSpiel and RLCard).
The engines take turns: each round every engine plays ``--games`` games with
the same seeds (in an order rotated and reversed from round to round), then measures one clone and one undo
after decision 100. Reported are medians over the rounds; an engine's ratio to
chililab is the median of its per-round ratios, so a machine that slows down
during the run shifts both sides of a ratio alike.

``--baseline REV`` extracts the ``chililab`` package at REV (``git archive``)
into a temporary directory and runs it with ``PYTHONPATH`` pointing there, so
"this checkout is X× faster than REV" is one command. Nothing here asserts a
speed: it measures and reports.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORKER = os.path.join(HERE, "peer_engines.py")
# the names peer_engines.ENGINES knows (not imported here: this process imports no engine)
ENGINE_NAMES = ("chililab", "chililab-playout", "chililab-mafia", "chililab-mafia-playout", "chililab-aycc",
                "chililab-aycc-playout", "lean-uno", "openspiel-crazy-eights", "chililab-crazy-eights",
                "chililab-crazy-eights-playout", "chililab-sim-rules", "rlcard-uno-env", "rlcard-uno-game")
REFERENCE = "chililab"


@dataclass
class Worker:
    """One engine's worker process and what it measured, round by round."""

    key: str                   # row name: an ENGINE_NAMES entry or "chililab@REV"
    engine: str                # the peer_engines engine it runs
    pythonpath: str | None     # where its chililab comes from (None: not set)
    proc: subprocess.Popen | None = None
    stderr: object = None
    label: str = ""
    about: str = ""
    notes: list = field(default_factory=list)
    rounds: list = field(default_factory=list)   # dicts: decisions, seconds, games, clone, undo
    failed: str | None = None

    def start(self, players: int) -> dict:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        # one string-hash seed for every worker: dict and set layouts (and so speed) then differ
        # between two workers only by their code, not by each process's random hash seed
        env["PYTHONHASHSEED"] = "0"
        if self.pythonpath is not None:
            env["PYTHONPATH"] = self.pythonpath
        # kept open while the worker runs (closed by stop); read only to explain a crash
        self.stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115
        self.proc = subprocess.Popen([sys.executable, WORKER, self.engine, "--players", str(players)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                     text=True, env=env, cwd=HERE)
        return self.read()

    def ask(self, cmd: dict) -> dict:
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            self.stderr.seek(0)
            tail = "\n".join(self.stderr.read().strip().splitlines()[-6:])
            raise RuntimeError(f"worker exited with code {self.proc.returncode}: {tail}")
        return json.loads(line)

    def stop(self, kill: bool = False) -> None:
        """End the worker: close its stdin and let it finish, or (``kill``) kill it at once."""
        if self.proc is not None and self.proc.poll() is None:
            if kill:
                self.proc.kill()
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if self.stderr is not None:
            self.stderr.close()


# ------------------------------------------------------------------ baseline checkout


def git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", ROOT, *args], check=True, capture_output=True).stdout


def extract_baseline(rev: str, into: str) -> str:
    """Write the ``chililab`` package of git revision ``rev`` below ``into``; return the short hash."""
    short = git("rev-parse", "--short", "--verify", f"{rev}^{{commit}}").decode().strip()
    with tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", short, "chililab"))) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # Python < 3.10.12 has no extraction filters
            tar.extractall(into)
    return short


def checkout_state() -> str:
    """This checkout's commit, with "+ changes" when the chililab package differs from it."""
    try:
        head = git("rev-parse", "--short", "HEAD").decode().strip()
        dirty = git("status", "--porcelain", "--", "chililab").decode().strip()
    except (OSError, subprocess.CalledProcessError):
        return "not a git checkout"
    return head + (" + uncommitted changes in chililab/" if dirty else "")


# ------------------------------------------------------------------ measuring


def run(workers: list[Worker], games: int, rounds: int, seed: int) -> None:
    """Interleave the workers: each round every live worker plays the same seeds, then probes."""
    for r in range(rounds):
        seeds = list(range(seed + r * games, seed + (r + 1) * games))
        live = [w for w in workers if w.failed is None]
        k = r % len(live) if live else 0
        order = live[k:] + live[:k]
        # rotate the start and alternate the direction, so no engine always runs right after another
        for w in order[::-1] if r % 2 else order:
            try:
                played = w.ask({"op": "play", "seeds": seeds})
                probed = w.ask({"op": "probe", "seed": seed + r})
            except RuntimeError as e:
                w.failed = str(e)
                say(f"{w.key} failed in round {r + 1}: {e}")
                continue
            w.notes = probed.pop("notes")
            w.rounds.append({"round": r, **played, **probed})
        say(f"round {r + 1}/{rounds} done")


def summarise(workers: list[Worker]) -> list[dict]:
    """One row per worker that measured something: medians over rounds and ratios to chililab."""
    ref = next((w for w in workers if w.key == REFERENCE and w.rounds), None)
    rows = []
    for w in workers:
        if not w.rounds:
            continue
        rates = [x["decisions"] / x["seconds"] for x in w.rounds]
        row = {
            "engine": w.key, "label": w.label, "about": w.about, "notes": w.notes,
            "rounds": w.rounds,
            "decisions_per_s": statistics.median(rates),
            "games_per_s": statistics.median(x["games"] / x["seconds"] for x in w.rounds),
            "decisions_per_game": sum(x["decisions"] for x in w.rounds) / sum(x["games"] for x in w.rounds),
        }
        for op in ("clone", "undo"):
            values = [x[op] for x in w.rounds if not isinstance(x[op], str)]
            row[op + "_us"] = statistics.median(values) if values else None
            row[op + "_na"] = None if values else w.rounds[-1][op]
        if ref is not None:
            # per-round ratios, paired by round (the same seeds, the same minute of machine time)
            theirs = {x["round"]: x["decisions"] / x["seconds"] for x in ref.rounds}
            ratios = [x["decisions"] / x["seconds"] / theirs[x["round"]] for x in w.rounds if x["round"] in theirs]
            row["ratio"] = statistics.median(ratios) if ratios else None
            row["ratio_range"] = [min(ratios), max(ratios)] if ratios else None
        rows.append(row)
    return rows


# ------------------------------------------------------------------ reporting


def table(rows: list[dict], markdown: bool) -> str:
    """The result table, plain or Markdown, with numbered notes for every "n/a" and engine note."""
    footnotes: list[str] = []

    def note(text: str) -> str:
        if text not in footnotes:
            footnotes.append(text)
        return f"[{footnotes.index(text) + 1}]"

    head = ["engine", "decisions/s", "games/s", "decisions/game", "clone @100 (µs)", "undo @100 (µs)",
            "× chililab"]
    body = []
    for r in rows:
        name = f"{r['label']} (`{r['engine']}`)" if markdown else r["engine"]
        marks = "".join(note(n) for n in r["notes"])
        cells = [name + (" " + marks if marks else ""),
                 f"{r['decisions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}", f"{r['decisions_per_game']:,.0f}"]
        for op in ("clone", "undo"):
            us = r[op + "_us"]
            cells.append(f"{us:,.1f}" if us is not None else "n/a " + note(r[op + "_na"]))
        ratio = r.get("ratio")
        cells.append(f"{ratio:.2f}×" if ratio is not None else "n/a")
        body.append(cells)
    lines = []
    if markdown:
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "|".join([":---"] + ["---:"] * (len(head) - 1)) + "|")
        lines += ["| " + " | ".join(c) + " |" for c in body]
        lines.append("")
        lines += [f"{i}. {t}" for i, t in enumerate(footnotes, 1)]
    else:
        widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]

        def fmt(cells):
            return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

        lines += [fmt(head), fmt(["-" * w for w in widths])] + [fmt(c) for c in body]
        if footnotes:
            lines.append("")
            lines += [f"[{i}] {t}" for i, t in enumerate(footnotes, 1)]
    return "\n".join(lines)


def baseline_line(rows: list[dict], key: str) -> str | None:
    """'chililab is X× chililab@REV' with the per-round range, or None without both rows."""
    base = next((r for r in rows if r["engine"] == key), None)
    if base is None or base.get("ratio") is None:
        return None
    lo, hi = base["ratio_range"]
    line = (f"chililab (this checkout) plays {1 / base['ratio']:.2f}× the decisions/s of {key} "
            f"(median of {len(base['rounds'])} paired rounds; per round {1 / hi:.2f}–{1 / lo:.2f}×)")
    ref = next(r for r in rows if r["engine"] == REFERENCE)
    for op in ("clone", "undo"):
        if ref[op + "_us"] is not None and base[op + "_us"] is not None:
            line += f"; {op} {ref[op + '_us']:,.1f} µs vs {base[op + '_us']:,.1f} µs"
    return line


#: the playout issue's targets: (row, the row it is measured against, the ratio asked for, what it says)
TARGETS = (
    ("chililab-playout", "chililab", 4.0, "Chili Loco's playout path / its Game API"),
    ("chililab-mafia-playout", "chililab-playout", 1.0, "Chili Mafia's playout / Chili Loco's playout"),
    ("chililab-aycc-playout", "chililab-playout", 1.0, "All You Can Chili's playout / Chili Loco's playout"),
    ("chililab-crazy-eights-playout", "openspiel-crazy-eights", 1.0,
     "Crazy Eights' playout / OpenSpiel's C++ crazy_eights from Python"),
    ("chililab-sim-rules", "chililab-playout", 0.8, "a simulation with Loco's rule bots / Loco's random playout"),
)


def paired_ratio(rows: list[dict], a: str, b: str) -> tuple[float, float, float] | None:
    """The median (and range) over rounds of row ``a``'s decisions/s over row ``b``'s, paired by round."""
    ra = next((r for r in rows if r["engine"] == a), None)
    rb = next((r for r in rows if r["engine"] == b), None)
    if ra is None or rb is None:
        return None
    theirs = {x["round"]: x["decisions"] / x["seconds"] for x in rb["rounds"]}
    ratios = [x["decisions"] / x["seconds"] / theirs[x["round"]] for x in ra["rounds"] if x["round"] in theirs]
    return (statistics.median(ratios), min(ratios), max(ratios)) if ratios else None


#: with ``--baseline REV``, the targets set against Loco's Game API as it was at REV (the issue's "today's")
BASELINE_TARGETS = (
    ("chililab", 1.5, "Chili Loco's Game API / itself at {rev}"),
    ("chililab-playout", 4.0, "Chili Loco's playout path / its Game API at {rev}"),
)


def target_lines(rows: list[dict]) -> list[str]:
    """One line per target both of whose rows ran: the paired ratio, its range, and met or missed."""
    out = []
    targets = list(TARGETS)
    base = next((r["engine"] for r in rows if r["engine"].startswith("chililab@")), None)
    if base is not None:
        rev = base.split("@", 1)[1]
        targets += [(a, base, want, what.format(rev=rev)) for a, want, what in BASELINE_TARGETS]
    for a, b, want, what in targets:
        got = paired_ratio(rows, a, b)
        if got is not None:
            med, lo, hi = got
            out.append(f"{what}: {med:.2f}× (rounds {lo:.2f}–{hi:.2f}×; target ≥ {want:g}×: "
                       f"{'met' if med >= want else 'missed'})")
    return out


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per engine per round (default 100)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds; medians are taken over them (default 5)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (round r plays seeds seed+r*games ...)")
    ap.add_argument("--players", type=int, default=4, help="seats at every table (default 4)")
    ap.add_argument("--engines", default=",".join(ENGINE_NAMES),
                    help=f"comma-separated subset of {','.join(ENGINE_NAMES)} (default: all)")
    ap.add_argument("--baseline", metavar="REV", help="also run chililab as of git revision REV")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown (for the README)")
    ap.add_argument("--json", metavar="OUT", help="write every round's numbers to this JSON file")
    a = ap.parse_args(argv)
    a.engines = [e.strip() for e in a.engines.split(",") if e.strip()]
    unknown = [e for e in a.engines if e not in ENGINE_NAMES]
    if unknown:
        ap.error(f"unknown engine(s) {', '.join(unknown)}; choose from {', '.join(ENGINE_NAMES)}")
    if a.games < 1 or a.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    return a


def machine() -> str:
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), "?")
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({cpu}), Python {platform.python_version()}, {platform.system()}"


def say(msg: str) -> None:
    """Progress and interruptions go to stderr, so stdout holds only the report."""
    print(msg, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    a = parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="chililab-peers-")
    workers = [Worker(e, e, ROOT if e.startswith(REFERENCE) else None) for e in ENGINE_NAMES if e in a.engines]
    finished = False
    try:
        if a.baseline:
            short = extract_baseline(a.baseline, tmp)
            workers.append(Worker(f"chililab@{short}", "chililab", tmp))
        for w in workers:
            try:
                hello = w.start(a.players)
            except RuntimeError as e:
                hello = {"skip": f"its worker failed to start: {e}"}
            if "skip" in hello:
                w.failed = hello["skip"]
                print(f"skipped {w.key}: {hello['skip']}")
                continue
            w.label, w.about, w.notes = hello["label"], hello["about"], hello["notes"]
            if w.engine.startswith(REFERENCE):
                if os.path.realpath(w.about) != os.path.realpath(w.pythonpath):
                    raise SystemExit(f"{w.key} imported chililab from {w.about}, not {w.pythonpath}: "
                                     "does an installed chililab shadow PYTHONPATH?")
                rev = w.key.partition("@")[2]
                w.label += f" @ {rev or checkout_state()}"
                w.about = (f"chililab/ of {rev} by git archive into a temporary directory on PYTHONPATH"
                           if rev else "this checkout, on PYTHONPATH")
            w.ask({"op": "play", "seeds": [a.seed]})  # warm up: imports, caches
        live = [w for w in workers if w.failed is None]
        say(f"{len(live)} engines, {a.rounds} rounds of {a.games} games each, {a.players} players")
        run(live, a.games, a.rounds, a.seed)
        finished = True
    except KeyboardInterrupt:
        pass
    finally:
        for w in workers:
            w.stop(kill=not finished)
        shutil.rmtree(tmp, ignore_errors=True)
    if not finished:
        say("interrupted")
        return 130

    rows = summarise(workers)
    print(f"Random {a.players}-player games, {a.rounds} round{'s' * (a.rounds != 1)} × {a.games} games per engine, "
          f"seeds from {a.seed}; medians over rounds. Machine: {machine()}.")
    if a.markdown:
        print()
    for r in rows:
        print(f"- `{r['engine']}`: {r['label']} ({r['about']})" if a.markdown
              else f"  {r['engine']}: {r['label']} ({r['about']})")
    print()
    print(table(rows, a.markdown))
    key = next((w.key for w in workers if "@" in w.key), None)
    line = baseline_line(rows, key) if key else None
    if line:
        print()
        print(line)
    targets = target_lines(rows)
    if targets:
        print()
        print("Targets (paired by round):")
        print("\n".join(("- " if a.markdown else "  ") + t for t in targets))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"args": vars(a), "machine": machine(), "rows": rows,
                       "skipped": {w.key: w.failed for w in workers if w.failed}}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
