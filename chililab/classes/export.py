"""Everything of a class as files: one CSV and one Parquet file per table (students, attempts, trials, games, and
the game tables students shared: each with its seats and its game record, the JSON the game's ``replay`` reads).

The teacher's copy: nicknames included. Times are UTC (ISO 8601 in the CSV, timestamps in Parquet). A CSV cell
that a spreadsheet would read as a formula (text a student typed starting with ``=``, ``+``, ``-``, ``@``) is
written with a leading ``'`` so it stays text; the Parquet files keep every text exactly as typed.
"""
from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path

from .store import SUBMISSIONS, Store, Teacher

TABLES = ("students", "attempts", "trials", "games", "tables")
#: the columns of each file, in order (the store's ``class_id`` is the same in every row: left out)
COLUMNS = {
    "students": ("student_id", "nickname", "joined"),
    "attempts": ("id", "student_id", "nickname", "exercise", "answer", "correct", "at"),
    "trials": ("id", "student_id", "nickname", "question", "settings", "samples", "successes", "total",
               "total_sq", "seed", "at"),
    "games": ("id", "student_id", "nickname", "game", "summary", "record", "at"),
    "tables": ("id", "game", "seats", "status", "sitting", "record", "created"),
}
_TIMES = ("joined", "at", "created")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _utc(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, dt.timezone.utc)


def tables(store: Store, t: Teacher) -> dict[str, list[dict]]:
    """The class's rows per file, with the columns of :data:`COLUMNS`."""
    out = {"students": [{"student_id": r["id"], "nickname": r["nickname"], "joined": r["joined"]}
                        for r in store.roster(t)]}
    for name in SUBMISSIONS:
        out[name] = [{c: r[c] for c in COLUMNS[name]} for r in store.rows(t, name)]
    out["tables"] = [{"id": r["id"], "game": r["game"], "seats": r["seats"], "status": r["status"],
                      "sitting": json.dumps([x["student"] for x in r["sitting"]], ensure_ascii=False),
                      "record": json.dumps(store.table_record(t, r["id"]), sort_keys=True),
                      "created": r["created"]} for r in reversed(store.tables(t))]
    return out


def _csv_cell(v):
    if isinstance(v, str) and v.startswith(_FORMULA):
        return "'" + v
    return v


def export(store: Store, t: Teacher, folder: str | Path, formats: tuple[str, ...] = ("csv", "parquet")) -> list[Path]:
    """Write the class's files into ``folder`` (made if missing); the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    data = tables(store, t)
    stem = f"class-{t.code}"
    for name in TABLES:
        cols, rows = COLUMNS[name], data[name]
        if "csv" in formats:
            p = out / f"{stem}-{name}.csv"
            with p.open("w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(cols)
                for r in rows:
                    w.writerow([_utc(r[c]).isoformat() if c in _TIMES else _csv_cell(r[c]) for c in cols])
            written.append(p)
        if "parquet" in formats:
            import pyarrow as pa
            import pyarrow.parquet as pq

            arrays = {c: [_utc(r[c]) if c in _TIMES else r[c] for r in rows] for c in cols}
            types = {c: pa.timestamp("us", tz="UTC") for c in _TIMES if c in cols}
            schema = pa.schema([(c, types[c]) if c in types else (c, _arrow_type(name, c)) for c in cols])
            p = out / f"{stem}-{name}.parquet"
            pq.write_table(pa.table(arrays, schema=schema), p)
            written.append(p)
    return written


def _arrow_type(table: str, column: str):
    import pyarrow as pa

    if column in ("id", "student_id", "samples", "successes", "seed", "seats"):
        return pa.int64()
    if column in ("total", "total_sq"):
        return pa.float64()
    if column == "correct":
        return pa.bool_()
    return pa.string()
