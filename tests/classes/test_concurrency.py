"""Thirty students' pages writing at once: every write lands, none sees "database is locked" (SQLite) or any
other error, on both databases. Each page is a process of its own with its own connection, as Voila's kernels."""
from __future__ import annotations

import multiprocessing as mp

from chililab.classes.store import Store

PAGES, WRITES = 30, 15


def _page(url: str, code: str, i: int, q) -> None:
    try:
        with Store.open(url) as store:  # thirty opens at once: the schema is migrated once (it already is)
            s, _ = store.join(code, f"student {i}")
            for k in range(WRITES):
                store.add_trials(s, "q", {"players": 4}, 100, successes=k, seed=k, sid=f"t{k}")
                store.add_attempt(s, "e", str(k), k % 2 == 0, sid=f"a{k}")
        q.put(("ok", i))
    except Exception as e:  # reported to the test, which fails naming it
        q.put(("error", f"{type(e).__name__}: {e}"))


def test_thirty_pages_write_at_once_and_nothing_is_lost(store_url):
    with Store.open(store_url) as store:
        c = store.start_class("Load")
        t = store.teacher(c.code, c.teacher_token)
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_page, args=(store_url, c.code, i, q)) for i in range(PAGES)]
    for p in procs:
        p.start()
    results = [q.get(timeout=300) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    assert [r for r in results if r[0] != "ok"] == []
    with Store.open(store_url) as store:
        assert len(store.roster(t)) == PAGES
        assert len(store.rows(t, "trials")) == len(store.rows(t, "attempts")) == PAGES * WRITES
        assert store.pooled(t, "q")["samples"] == PAGES * WRITES * 100
