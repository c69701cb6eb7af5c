"""A pasted record cannot exhaust the server (issue 23 item 1): every field is bounded before it is used.

Each case runs in a child process with its address space limited (``RLIMIT_AS``) and a generous timeout, and
reports its peak memory and time (times are printed by ``benchmarks/record_load.py``, not asserted): a hostile record of All You Can Chili (long dish names,
multiplied by the cards named after them and kept in a cache) took a kernel from 67 MB to 2,962 MB; a Mafia
record whose ``dawn_raid_below_fraction`` was ``"1e100000000"`` kept it busy for minutes. Now they are refused
in milliseconds, the caches of compositions are bounded, and an error quotes at most a short prefix.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from chililab.engine import RecordError, registry
from chililab.engine import record as record_module
from chililab.engine.bounds import MAX_TEXT, QUOTE_CHARS

ROOT = Path(__file__).resolve().parents[1]
#: the address space a child may take (a python with chililab imported reserves ~0.3 GB of it)
CHILD_BYTES = 1_500_000_000
#: the child's peak resident memory allowed (MB): an import of the games takes ~60 MB
PEAK_MB = 300

_PRELUDE = """
import json, random, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from chililab.engine import registry

def played(game, players, moves, seed=1, **options):
    g = registry.get(game).module.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        g.apply(rng.choice(g.legal_moves()))
    return g

def load(game, text):
    t0 = time.perf_counter()
    try:
        registry.get(game).replay(text)
        error = None
    except Exception as e:
        error = f"{{type(e).__name__}}: {{e}}"
    return {{"seconds": time.perf_counter() - t0, "error": error}}

out = {{"loads": []}}
"""
_POSTLUDE = """
# the peak of this process's own memory: /proc's VmHWM (ru_maxrss keeps the parent's peak across exec on Linux:
# a pytest worker of 550 MB made every child report 550 MB)
try:
    hwm = [line for line in open("/proc/self/status") if line.startswith("VmHWM:")]
    out["peak_mb"] = int(hwm[0].split()[1]) / 1024
except (OSError, IndexError):
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def _child(body: str, timeout: float = 120) -> dict:
    """Run ``body`` in a child python with limited memory; its ``out`` dict (with ``peak_mb``) comes back."""
    code = _PRELUDE.format(limit=CHILD_BYTES) + textwrap.dedent(body) + _POSTLUDE
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_aycc_records_with_many_long_dish_names_stay_small_and_a_normal_record_loads_after():
    out = _child("""
        base = played("aycc", 4, 30)
        rec = base.record
        for r in range(3):  # ~1 MB each, 999 different names of ~900 characters (each card was named after one)
            comp = [{"name": f"R{r} dish {i} " + "x" * 890, "flame": 1 + i % 7, "count": 1} for i in range(999)]
            text = json.dumps(dict(rec, options=dict(rec["options"], deck_size=999, dish_composition=comp)))
            out["loads"].append(dict(load("aycc", text), chars=len(text)))
        for r in range(40):  # compositions within the bounds, each different: the cache of their cards is bounded
            comp = [{"name": f"{r:02} dish {i:03} " + "y" * 26, "flame": 1 + i % 7, "count": 1} for i in range(999)]
            text = json.dumps(dict(rec, options=dict(rec["options"], deck_size=999, dish_composition=comp), moves=[]))
            out["loads"].append(dict(load("aycc", text), chars=len(text)))
        out["loads"].append(load("aycc", base.to_json()))
    """)
    hostile, within, normal = out["loads"][:3], out["loads"][3:-1], out["loads"][-1]
    assert all(900_000 < x["chars"] <= record_module.MAX_RECORD_CHARS for x in hostile)
    for x in hostile:
        assert x["error"].startswith("RecordError") and "dish_composition[0].name" in x["error"], x["error"]
        assert f"more than the {MAX_TEXT} allowed" in x["error"] and len(x["error"]) < 300
    assert all(x["error"] is None for x in within), within[:2]  # (their load times: benchmarks/record_load.py)
    assert normal["error"] is None
    assert out["peak_mb"] < PEAK_MB, out


def test_mafia_dawn_raid_share_with_a_huge_power_of_ten_is_refused_at_once():
    out = _child("""
        rec = played("mafia", 4, 20).record
        for share in ("1e100000000", "1e-100000000", "1E+99999", "1" * 100_000):
            rec["options"]["dawn_raid_below_fraction"] = share
            out["loads"].append(load("mafia", json.dumps(rec)))
        rec["options"]["dawn_raid_below_fraction"] = "1e-2"
        out["loads"].append(load("mafia", json.dumps(rec)))
    """, timeout=60)
    *hostile, fine = out["loads"]
    for x in hostile:
        assert x["error"].startswith("RecordError") and "dawn_raid_below_fraction" in x["error"] \
            or "more than the 200 allowed" in x["error"], x
        assert len(x["error"]) < 400  # (a hang fails the child's 60 s timeout: it took minutes before)
    assert fine["error"] is None, fine
    assert out["peak_mb"] < PEAK_MB, out


def test_an_oversize_record_is_refused_before_parsing_with_the_limit_stated():
    out = _child(f"""
        rec = played("loco", 4, 10).record
        text = json.dumps(rec)[:-1] + ', "pad": "' + "x" * {record_module.MAX_RECORD_CHARS} + '"}}'
        out["loads"].append(load("loco", text))
        out["loads"].append(load("loco", text.encode()))
    """, timeout=60)
    for x in out["loads"]:
        assert x["error"].startswith("RecordError") and f"{record_module.MAX_RECORD_CHARS:,}" in x["error"], x
        assert len(x["error"]) < 200
    assert out["peak_mb"] < PEAK_MB, out


@pytest.mark.parametrize("game", ["loco", "mafia", "aycc"])
def test_a_megabyte_in_a_move_is_quoted_by_a_short_prefix_only(game):
    out = _child(f"""
        rec = played({game!r}, 4, 12).record
        big = "x" * 1_000_000
        for i, md in enumerate(rec["moves"][:6]):  # every field of the first moves, in turn, is a megabyte
            for key in md:
                r = json.loads(json.dumps(rec))
                r["moves"][i] = dict(md, **{{key: big}})
                out["loads"].append(dict(load({game!r}, json.dumps(r)), where=(i, key)))
                r["moves"][i] = dict(md, **{{key: [big]}})
                out["loads"].append(dict(load({game!r}, json.dumps(r)), where=(i, key, "list")))
    """)
    assert len(out["loads"]) >= 12
    for x in out["loads"]:
        assert x["error"] and x["error"].startswith("RecordError"), x
        assert len(x["error"]) < 300 and "x" * (QUOTE_CHARS + 1) not in x["error"], (x["where"], x["error"][:400])
    assert out["peak_mb"] < PEAK_MB, out


def test_a_normal_record_of_each_game_loads():
    """(How fast: ``python3 benchmarks/record_load.py``; a test asserts no time.)"""
    games = sorted(registry.names())
    out = _child(f"""
        for game in {games!r}:
            spec = registry.get(game)
            g = played(game, spec.defaults["players"], 300)
            out["loads"].append(dict(load(game, g.to_json()), game=game, step=g.step))
    """)
    assert [x["game"] for x in out["loads"]] == games
    for x in out["loads"]:
        assert x["error"] is None, x


# ------------------------------------------------------------ the bounds themselves (in this process: fast)


def _loco_record():
    from chililab import loco

    g = loco.new_game(players=3, seed=7)
    for _ in range(12):
        g.apply(g.legal_moves()[0])
    return g.record


@pytest.mark.parametrize("field,value,words", [
    ("options", {"tie_method": "x" * 201}, "options.tie_method is a text of 201 characters"),
    ("options", {"reaction_model": {"model": "fixed", "order": list(range(1001))}},
     "options.reaction_model.order holds 1,001 items, more than the 1,000 allowed"),
    ("options", {"reaction_model": {"model": "fixed", "order": [2**70]}}, "options.reaction_model.order[0] is a whole"),
    ("options", {"k" * 300: 1}, "a key of options is a text of 300 characters"),
    ("setup", {"a": [[[[[[[[[[[[[1]]]]]]]]]]]]]}, "nests lists and objects more than 12 deep"),
])
def test_record_fields_are_bounded_before_a_game_reads_them(field, value, words):
    rec = _loco_record()
    rec[field] = dict(rec[field] or {}, **value) if field == "options" else value
    with pytest.raises(RecordError) as e:
        registry.get("loco").replay(rec)
    assert words in str(e.value), str(e.value)


def test_the_limits_leave_room_for_a_long_game():
    rec = _loco_record()
    assert record_module.MAX_MOVES >= 2 * 4_713  # the longest random game measured (Loco, 2 players)
    assert len(json.dumps(rec)) * record_module.MAX_MOVES / len(rec["moves"]) < 3 * record_module.MAX_RECORD_CHARS


def test_an_option_typed_in_a_form_is_bounded_too():
    from chililab import mafia
    from chililab.engine import ConfigError
    from chililab.games import aycc

    with pytest.raises(ConfigError, match="a power of ten beyond 20"):
        mafia.new_game(players=4, seed=1, dawn_raid_below_fraction="1e100000000")
    with pytest.raises(ConfigError, match="at most 40 characters"):
        aycc.new_game(players=4, seed=1, deck_size=47, dish_composition=[{"name": "n" * 41, "flame": 1, "count": 47}])
    with pytest.raises(ConfigError, match="more than the 100,000"):
        registry.get("aycc").options["dish_composition"].parse("[" * 100_001)


def test_a_composition_in_use_keeps_its_cards_and_an_unused_one_is_let_go():
    import gc
    import weakref

    from chililab.games import aycc
    from chililab.games.aycc.rules import cards

    def comp(tag):
        return [{"name": f"{tag} plain", "flame": 3, "count": 46}, {"name": f"{tag} hot", "flame": 7, "count": 1}]

    g = aycc.new_game(players=4, seed=2, dish_composition=comp("kept"))
    first = weakref.ref(aycc.new_game(players=4, seed=2, dish_composition=comp("first")).table[0].deck)
    for i in range(cards.RECENT_DECKS + 2):
        aycc.new_game(players=4, seed=2, dish_composition=comp(f"other {i}"))
    gc.collect()
    assert first() is None  # nothing holds it and it is no longer among the recent ones
    again = aycc.new_game(players=4, seed=3, dish_composition=comp("kept"))
    assert again.table is g.table and type(again) is type(g)  # a game in play keeps its cards: the same objects
