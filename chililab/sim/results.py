"""The table of a simulation: its columns and dtypes, and saving and loading it as Parquet or CSV.

Every frame :func:`chililab.sim.simulate` returns goes through :func:`build_frame`,
and every file :func:`load_results` reads goes through the same :func:`set_dtypes`,
so a frame saved and loaded again is equal to the one simulated (``df.equals``):

* whole numbers: ``int64``; ``winner`` and ``score:P<seat>``: ``Int64`` (pandas'
  nullable integer: no single winner, or no score, is ``<NA>``);
* text (``agents``, ``winners``, ``winner_agent``, ``how``, a game's own text
  columns such as a game's ``winning_card``): pandas' ``str``.

Parquet also keeps ``df.attrs`` (the game, seeds, options, agents, backend) in
the file; a CSV keeps the rows only, and :func:`load_results` finds the game
again from the flow-edge columns, which differ from game to game.
"""
from __future__ import annotations

import json
from pathlib import Path

from chililab.engine import registry
from chililab.engine.errors import ConfigError

#: columns of every game, whatever the game (then scores, the game's own, events, flow edges)
BASE_COLUMNS = ("seed", "players", "agents", "winner", "winners", "winner_agent", "how", "steps", "turns")
#: base columns holding text (the rest are whole numbers)
TEXT_COLUMNS = ("agents", "winners", "winner_agent", "how")
#: file endings :func:`save_results` and :func:`load_results` know
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}
_ATTRS_KEY = b"chililab"


def score_column(seat: int) -> str:
    return f"score:P{seat}"


def file_format(path) -> str:
    """``"parquet"`` or ``"csv"`` from the file's ending; a ConfigError naming the endings otherwise."""
    fmt = FORMATS.get(Path(str(path)).suffix.lower())
    if fmt is None:
        raise ConfigError(f"cannot tell the format of {str(path)!r}: end the file name with "
                          f"{', '.join(FORMATS)} (Parquet keeps the dtypes and the run's settings; CSV opens anywhere)")
    return fmt


def set_dtypes(df):
    """The frame with the documented dtypes (see the module text); changes ``df`` in place and returns it."""
    for col in df.columns:
        if col == "winner" or col.startswith("score:"):
            df[col] = df[col].astype("Int64")
        elif col in TEXT_COLUMNS or df[col].dtype == object:
            df[col] = df[col].astype("str")
        elif col in ("seed", "players", "steps", "turns") or col.startswith(("event:", "edge:")):
            df[col] = df[col].fillna(0).astype("int64")
    return df


class RowStore:
    """The rows of a run's finished games, kept compact as they arrive.

    Backends ``extend`` it with each chunk's row dicts; every :attr:`BATCH` rows become one
    DataFrame (about 1 kB a game, where the dicts take about 10 kB), so a million-game run
    holds about a gigabyte, not ten. ``len()`` is the number of games in it.
    """

    BATCH = 5000

    def __init__(self):
        self._dicts: list[dict] = []
        self._frames: list = []
        self._n = 0

    def extend(self, rows) -> None:
        self._dicts.extend(rows)
        self._n += len(rows)
        if len(self._dicts) >= self.BATCH:
            self._pack()

    def __len__(self) -> int:
        return self._n

    def _pack(self) -> None:
        import pandas as pd

        if self._dicts:
            self._frames.append(pd.DataFrame(self._dicts))
            self._dicts = []

    def frame(self):
        """Every row so far as one DataFrame (columns as they came)."""
        import pandas as pd

        self._pack()
        return pd.concat(self._frames, ignore_index=True) if self._frames else pd.DataFrame()


def build_frame(rows, spec, attrs, lead: tuple = ()):
    """The DataFrame of finished games (a :class:`RowStore` or a list of row dicts): columns in the
    documented order, sorted by seed. ``lead``: whole-number columns of the rows put first, the frame
    sorted by the first of them instead (a tournament's ``match``, where seeds repeat)."""
    import pandas as pd

    df = rows.frame() if isinstance(rows, RowStore) else pd.DataFrame(list(rows))
    stats = spec.sim_stats()
    columns = [*lead, *BASE_COLUMNS]
    if score_column(0) in df.columns:
        columns += [score_column(s) for s in range(int(attrs.get("players", 0)))]
    columns += list(stats.names if stats else ())
    columns += sorted(c for c in df.columns if c.startswith("event:") and c not in columns)
    columns += [f"edge:{t.src}->{t.dst}" for t in spec.flow.transitions]
    df = set_dtypes(df.reindex(columns=columns))
    for col in lead:
        df[col] = df[col].astype("int64")
    df = df.sort_values(lead[0] if lead else "seed", kind="stable").reset_index(drop=True)
    df.attrs.update(attrs)
    return df


def save_results(df, path) -> Path:
    """Write a simulation frame to ``path`` (``.parquet``/``.pq`` or ``.csv``, by its ending); returns the path."""
    path = Path(str(path)).expanduser()
    if file_format(path) == "csv":
        df.to_csv(path, index=False)
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(df, preserve_index=False)
    meta = {**(table.schema.metadata or {}), _ATTRS_KEY: json.dumps(df.attrs, default=str).encode()}
    pq.write_table(table.replace_schema_metadata(meta), path)
    return path


def load_results(path, game: str | None = None):
    """A frame saved by :func:`save_results` (or ``chililab simulate --out``), with its dtypes.

    From Parquet the ``attrs`` come back too. From CSV, ``attrs["game"]`` is ``game`` when
    given, else the registered game whose flow edges are the file's ``edge:`` columns.
    """
    import pandas as pd

    path = Path(str(path)).expanduser()
    if file_format(path) == "csv":
        df = pd.read_csv(path, dtype={c: "str" for c in TEXT_COLUMNS})
        attrs = {"game": game or _game_of(df.columns)}
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        df = table.to_pandas()
        attrs = json.loads((table.schema.metadata or {}).get(_ATTRS_KEY, b"{}"))
        if game:
            attrs["game"] = game
    df = set_dtypes(df)
    df.attrs.update({k: v for k, v in attrs.items() if v is not None})
    return df


def _game_of(columns):
    """The registered game whose flow transitions are exactly these ``edge:`` columns (None if none is)."""
    edges = {c for c in columns if c.startswith("edge:")}
    for spec in registry.specs():
        if edges == {f"edge:{t.src}->{t.dst}" for t in spec.flow.transitions}:
            return spec.name
    return None
