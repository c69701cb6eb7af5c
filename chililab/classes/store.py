"""The class store: every class, its students and what they submit, in one database.

    store = Store.open()                                  # the SQLite file under the data folder
    store = Store.open("postgresql://user:pw@host/db")    # a PostgreSQL server (a hub's many machines)

**SQLite** (the default, no set-up): one file, ``classes.sqlite3`` in the data folder (``CHILILAB_DATA``, else
``$XDG_DATA_HOME/chililab``, else ``~/.local/share/chililab``), in WAL mode so readers never wait for writers,
with a busy timeout of 30 s, and every writing transaction begun ``BEGIN IMMEDIATE``: a writer waits for the
file's one write lock up front instead of failing half-way with "database is locked" when another page writes
at the same moment. ``synchronous=FULL``: a submission acknowledged is on disk. **PostgreSQL** by URL
(``postgresql://...``, driven by psycopg 3). ``CHILILAB_STORE`` names the store for every process of a server
(``chililab dashboards --store URL`` sets it for the pages' kernels).

The schema is built and upgraded by Alembic (:mod:`chililab.classes.migrations`) when a store is opened, under
a lock, so thirty pages opening the store at once migrate it once.

Who may do what is in the objects the store hands out: a :class:`Teacher` comes only from the teacher's token
(:meth:`Store.teacher`) or from the machine's own command line (:meth:`Store.admin`), a :class:`Student` only
from joining or from that student's token. Every method takes one and reads or writes only that class, or only
that student's rows. Every query is built by SQLAlchemy with bound parameters.
"""
from __future__ import annotations

import hmac
import json
import math
import os
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from . import codes
from .codes import ClassError
from .schema import attempts, classes, games, joins, metadata, students, table_moves, table_seats, tables, trials
from .tables import Tables

FILE_NAME = "classes.sqlite3"
BUSY_TIMEOUT_S = 30
#: failed joins (wrong codes) the whole store takes per minute before it asks everyone to wait
JOIN_FAILURES_PER_MINUTE = 60
MAX_STUDENTS = 200
MAX_SAMPLES = 10_000_000  # one press of "simulate more"
MAX_SETTINGS_CHARS = 2_000
MAX_RECORD_CHARS = 2_000_000
_MIGRATION_LOCK = 7_270_421  # PostgreSQL advisory lock id of the class store's migrations
SUBMISSIONS = {"attempts": attempts, "trials": trials, "games": games}


def data_dir() -> Path:
    """The folder of the default SQLite file (see the module docstring)."""
    if os.environ.get("CHILILAB_DATA"):
        return Path(os.environ["CHILILAB_DATA"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "chililab"


def default_url(folder: str | os.PathLike | None = None) -> str:
    """``CHILILAB_STORE`` if set, else the SQLite file in ``folder`` (default :func:`data_dir`)."""
    if folder is None and os.environ.get("CHILILAB_STORE"):
        return os.environ["CHILILAB_STORE"]
    return f"sqlite:///{(Path(folder).expanduser() if folder else data_dir()).resolve() / FILE_NAME}"


def normalize_url(url: str) -> str:
    """A store address as SQLAlchemy wants it: ``postgresql://`` gets the psycopg driver; a plain path is a SQLite
    file. Anything else is refused with the two forms that work."""
    if not isinstance(url, str) or not url.strip():
        raise ClassError("the store must be a SQLite file or a postgresql:// address")
    url = url.strip()
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if url.startswith("sqlite:///"):
        return url
    if "://" in url:
        raise ClassError(f"the store must be a SQLite file or a postgresql:// address, not {url.split('://')[0]}://")
    return f"sqlite:///{Path(url).expanduser().resolve()}"


@dataclass(frozen=True)
class NewClass:
    """A class just started: what the teacher is shown once (the token is not kept, only its hash)."""

    id: int
    code: str
    name: str
    teacher_token: str


@dataclass(frozen=True)
class Teacher:
    """The right to read and run one class (from its teacher token, or the machine's command line)."""

    class_id: int
    code: str
    name: str


@dataclass(frozen=True)
class Student:
    """One student of one class: may write and read only their own rows, and the class's pooled totals."""

    class_id: int
    student_id: int
    nickname: str
    code: str


def _sqlite_engine(url: str) -> Engine:
    path = sa.engine.make_url(url).database
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    else:
        raise ClassError("the class store must be a file (an in-memory database would vanish with its page)")
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})

    @sa.event.listens_for(engine, "connect")
    def _connect(dbapi_conn, record):  # noqa: ARG001
        dbapi_conn.isolation_level = None  # the driver begins nothing by itself: _begin below does
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    return engine


def _new_id(result) -> int:
    """The primary key an INSERT made."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


class Store(Tables):
    """The class store (see the module docstring). Open one with :meth:`open`; it is safe to share in a process.
    Its game tables (open, join, play, read) are :class:`~chililab.classes.tables.Tables`' methods."""

    def __init__(self, engine: Engine, url: str):
        self.engine = engine
        self.url = url
        self._writer = engine.execution_options(write=True)
        self._init_tables()

    @classmethod
    def open(cls, url: str | None = None, migrate: bool = True) -> Store:
        """The store at ``url`` (default :func:`default_url`), its schema brought up to date."""
        full = normalize_url(url or default_url())
        if full.startswith("sqlite"):
            engine = _sqlite_engine(full)
        else:
            engine = sa.create_engine(full, pool_pre_ping=True, pool_size=5, max_overflow=5)
        store = cls(engine, full)
        if migrate:
            store.migrate()
        return store

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def describe(self) -> str:
        """Where the store is, for people (a password in a URL is not shown)."""
        u = sa.engine.make_url(self.url)
        if u.get_backend_name() == "sqlite":
            return f"the SQLite file {u.database}"
        where = u.host or (u.query.get("host") if u.query else None) or "localhost"
        return f"the PostgreSQL database {u.database} at {where}"

    # ------------------------------------------------------------ transactions and the schema

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._writer.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def migrate(self) -> None:
        """Bring the schema to the newest revision (Alembic), once even when many processes open at once."""
        from alembic import command
        from alembic.config import Config
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        cfg = Config()
        cfg.set_main_option("script_location", "chililab.classes:migrations")
        head = ScriptDirectory.from_config(cfg).get_current_head()
        with self._read() as conn:
            if MigrationContext.configure(conn).get_current_revision() == head:
                return
        with self._write() as conn:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext

        with self._read() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    # ------------------------------------------------------------ classes (the teacher)

    def start_class(self, name: str) -> NewClass:
        """A new class open to joiners, with a fresh join code and teacher token."""
        clean = codes.clean_class_name(name)
        token = codes.new_token()
        with self._write() as conn:
            for _ in range(50):
                code = codes.new_code()
                if conn.execute(sa.select(classes.c.id).where(classes.c.code == code)).first() is None:
                    break
            else:  # pragma: no cover - 887 million codes
                raise ClassError("no free class code could be found: delete some old classes")
            done = conn.execute(classes.insert().values(code=code, name=clean, teacher_hash=codes.token_hash(token),
                                                       open=True, created=time.time(), paused=False,
                                                       projector=False, changed=time.time()))
        return NewClass(_new_id(done), code, clean, token)

    def _class_row(self, conn: Connection, code: str):
        return conn.execute(sa.select(classes).where(classes.c.code == code)).first()

    def teacher(self, code: object, token: object) -> Teacher:
        """The teacher of the class ``code``, if ``token`` is its teacher token; else ClassError."""
        refused = ClassError("this teacher link is not right (or its class was deleted): use the link you were "
                             "given when the class started")
        try:
            c = codes.clean_code(code)
        except ClassError:
            raise refused from None
        if not isinstance(token, str) or not token:
            raise refused
        with self._read() as conn:
            row = self._class_row(conn, c)
        if row is None or not hmac.compare_digest(row.teacher_hash, codes.token_hash(token)):
            raise refused
        return Teacher(row.id, row.code, row.name)

    def admin(self, code: object) -> Teacher:
        """The class ``code`` for the machine's own command line (whoever can run it can read the store)."""
        c = codes.clean_code(code)
        with self._read() as conn:
            row = self._class_row(conn, c)
        if row is None:
            raise ClassError(f"no class has the code {c}")
        return Teacher(row.id, row.code, row.name)

    def classes(self) -> list[dict]:
        """Every class: code, name, open, how many students, when it started (newest first)."""
        n = (sa.select(sa.func.count()).where(students.c.class_id == classes.c.id)
             .correlate(classes).scalar_subquery())
        q = sa.select(classes.c.code, classes.c.name, classes.c.open, classes.c.created,
                      n.label("students")).order_by(classes.c.created.desc(), classes.c.id.desc())
        with self._read() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def info(self, t: Teacher) -> dict:
        with self._read() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.id == t.class_id)).first()
        if row is None:
            raise ClassError("this class was deleted")
        return {"code": row.code, "name": row.name, "open": row.open, "created": row.created}

    def new_teacher_token(self, t: Teacher) -> str:
        """A new teacher token for the class (the old one stops working): for a teacher who lost the link."""
        token = codes.new_token()
        with self._write() as conn:
            conn.execute(classes.update().where(classes.c.id == t.class_id)
                         .values(teacher_hash=codes.token_hash(token)))
        return token

    def set_open(self, t: Teacher, is_open: bool) -> None:
        """Open or close the class to new joiners (students already in stay in)."""
        with self._write() as conn:
            conn.execute(classes.update().where(classes.c.id == t.class_id).values(open=bool(is_open)))

    # ------------------------------------------------------------ pacing (the teacher leads, pages follow)

    def set_pacing(self, t: Teacher, *, focus: str | None | object = ..., focus_title: str | None | object = ...,
                   paused: bool | None = None, projector: bool | None = None) -> None:
        """Send the class to one page (``focus``: a dashboard and its query, e.g. ``loco_explorer.ipynb?q=...``,
        None: let everyone roam), pause or resume it, hide names for the projector. Unnamed: unchanged."""
        values: dict[str, Any] = {"changed": time.time()}
        if focus is not ...:
            if focus is not None and (not isinstance(focus, str) or len(focus) > 300 or not focus.isprintable()
                                      or "://" in focus or focus.startswith(("/", "\\"))):
                raise ClassError("a page to send the class to is a dashboard's name and query, like "
                                 "'loco_explorer.ipynb?question=...'")
            values["focus"] = focus
        if focus_title is not ...:
            values["focus_title"] = None if focus_title is None else codes.clean_text(focus_title, "the title",
                                                                                          120)
        if paused is not None:
            values["paused"] = bool(paused)
        if projector is not None:
            values["projector"] = bool(projector)
        with self._write() as conn:
            conn.execute(classes.update().where(classes.c.id == t.class_id).values(**values))

    def pacing(self, who: Student | Teacher) -> dict[str, Any]:
        """Where the class is sent, whether it is paused, whether names are hidden, and when that last changed
        (a student's page reads this every second or two). ``deleted``: the class is gone (or, for a student, they
        were removed from it); a student also gets their ``nickname`` as it is now (the teacher may rename)."""
        q = sa.select(classes.c.focus, classes.c.focus_title, classes.c.paused, classes.c.projector,
                      classes.c.changed).where(classes.c.id == who.class_id)
        with self._read() as conn:
            row = conn.execute(q).first()
            me = conn.execute(sa.select(students.c.nickname).where(
                students.c.id == who.student_id)).first() if isinstance(who, Student) else None
        if row is None or (isinstance(who, Student) and me is None):
            return {"deleted": True, "focus": None, "focus_title": None, "paused": False, "projector": False,
                    "changed": 0.0}
        return {"deleted": False, **dict(row._mapping), **({"nickname": me.nickname} if me is not None else {})}

    def delete_class(self, t: Teacher) -> None:
        """Delete the class and everything of it: its students, answers, trials, games and tables."""
        with self._write() as conn:
            ids = sa.select(tables.c.id).where(tables.c.class_id == t.class_id).scalar_subquery()
            for table in (table_moves, table_seats):
                conn.execute(table.delete().where(table.c.table_id.in_(ids)))
            conn.execute(tables.delete().where(tables.c.class_id == t.class_id))
            for table in (*SUBMISSIONS.values(), students):
                conn.execute(table.delete().where(table.c.class_id == t.class_id))
            conn.execute(classes.delete().where(classes.c.id == t.class_id))

    def roster(self, t: Teacher) -> list[dict]:
        """The class's students: id, nickname, joined (in the order they joined)."""
        q = (sa.select(students.c.id, students.c.nickname, students.c.joined)
             .where(students.c.class_id == t.class_id).order_by(students.c.joined, students.c.id))
        with self._read() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def rename(self, t: Teacher, student_id: int, nickname: str) -> None:
        """Give a student of this class another nickname (unique in the class)."""
        clean = codes.clean_nickname(nickname)
        with self._write() as conn:
            self._own_student(conn, t, student_id)
            self._nickname_free(conn, t.class_id, clean, but=student_id)
            conn.execute(students.update().where(students.c.id == student_id)
                         .values(nickname=clean, nick_key=codes.nickname_key(clean)))

    def remove(self, t: Teacher, student_id: int) -> None:
        """Take a student out of this class, with everything they submitted."""
        with self._write() as conn:
            self._own_student(conn, t, student_id)
            for table in SUBMISSIONS.values():
                conn.execute(table.delete().where(table.c.student_id == student_id))
            conn.execute(students.delete().where(students.c.id == student_id))

    def _own_student(self, conn: Connection, t: Teacher, student_id: object) -> None:
        if type(student_id) is not int or conn.execute(
                sa.select(students.c.id).where(students.c.id == student_id,
                                               students.c.class_id == t.class_id)).first() is None:
            raise ClassError("no such student in this class")

    def _nickname_free(self, conn: Connection, class_id: int, nickname: str, but: int | None = None) -> None:
        q = sa.select(students.c.id).where(students.c.class_id == class_id,
                                           students.c.nick_key == codes.nickname_key(nickname))
        row = conn.execute(q).first()
        if row is not None and row.id != but:
            raise ClassError(f"someone in this class already has the nickname {nickname}: choose another")

    # ------------------------------------------------------------ joining (the students)

    def join(self, code: object, nickname: object) -> tuple[Student, str]:
        """Join the class ``code`` as ``nickname``: the student and their secret token (their browser keeps it).

        Refused with a ClassError saying why: a code no class has, a class closed to joiners, a nickname taken,
        a full class, or too many wrong codes typed on this store in the last minute.
        """
        c = codes.clean_code(code)
        nick = codes.clean_nickname(nickname)
        now = time.time()
        with self._write() as conn:
            failures = conn.execute(sa.select(sa.func.count()).select_from(joins)
                                    .where(joins.c.at > now - 60, joins.c.ok.is_(False))).scalar_one()
            if failures >= JOIN_FAILURES_PER_MINUTE:
                raise ClassError("too many wrong class codes were typed here in the last minute: wait a minute, "
                                 "then try again")
            row = self._class_row(conn, c)
            conn.execute(joins.insert().values(at=now, ok=row is not None))
            if row is None:
                problem: ClassError | None = ClassError(f"no class has the code {c}: check it with your teacher")
            elif not row.open:
                problem = ClassError("this class is closed to new students: ask your teacher")
            else:
                problem = None
        if problem is not None:  # the join try is counted (committed above), then refused
            raise problem
        token = codes.new_token()
        with self._write() as conn:
            self._nickname_free(conn, row.id, nick)
            n = conn.execute(sa.select(sa.func.count()).select_from(students)
                             .where(students.c.class_id == row.id)).scalar_one()
            if n >= MAX_STUDENTS:
                raise ClassError(f"this class is full ({MAX_STUDENTS} students)")
            sid = conn.execute(students.insert().values(
                class_id=row.id, nickname=nick, nick_key=codes.nickname_key(nick),
                token_hash=codes.token_hash(token), joined=time.time()))
        return Student(row.id, _new_id(sid), nick, row.code), token

    def student(self, token: object) -> Student | None:
        """The student whose browser kept ``token`` (None: unknown, removed, or the class deleted)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        q = (sa.select(students.c.id, students.c.class_id, students.c.nickname, classes.c.code)
             .join(classes, classes.c.id == students.c.class_id)
             .where(students.c.token_hash == codes.token_hash(token)))
        with self._read() as conn:
            row = conn.execute(q).first()
        return None if row is None else Student(row.class_id, row.id, row.nickname, row.code)

    # ------------------------------------------------------------ what students submit

    def _insert(self, s: Student, table: sa.Table, values: dict, sid: object) -> bool:
        if sid is not None and (not isinstance(sid, str) or not 0 < len(sid) <= 40):
            raise ClassError("a submission id is a short text")
        row = {**values, "class_id": s.class_id, "student_id": s.student_id, "sid": sid, "at": time.time()}
        with self._write() as conn:
            if conn.execute(sa.select(students.c.id).where(students.c.id == s.student_id,
                                                           students.c.class_id == s.class_id)).first() is None:
                raise ClassError("you are no longer in this class (your teacher removed you, or ended the class)")
            if sid is None:
                conn.execute(table.insert().values(**row))
                return True
            if conn.dialect.name == "postgresql":
                from sqlalchemy.dialects.postgresql import insert
            else:
                from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
            done = conn.execute(insert(table).values(**row).on_conflict_do_nothing(
                index_elements=["student_id", "sid"]).returning(table.c.id))
            return done.first() is not None

    def add_attempt(self, s: Student, exercise: str, answer: object, correct: bool, sid: str | None = None) -> bool:
        """Keep one answer to an exercise. False: this ``sid`` was stored already (nothing stored twice)."""
        values = {"exercise": codes.clean_key(exercise, "the exercise"), "answer": codes.clean_answer(answer),
                  "correct": bool(correct)}
        return self._insert(s, attempts, values, sid)

    def add_trials(self, s: Student, question: str, settings: Mapping, samples: int, successes: int | None = None,
                   total: float | None = None, total_sq: float | None = None, seed: int | None = None,
                   sid: str | None = None) -> bool:
        """Keep one press of "simulate more": ``samples`` samples with ``successes`` (a probability question) or
        the ``total`` and ``total_sq`` of the values (an expected value). False: this ``sid`` was stored already."""
        if type(samples) is not int or not 0 < samples <= MAX_SAMPLES:
            raise ClassError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}")
        if successes is not None and (type(successes) is not int or not 0 <= successes <= samples):
            raise ClassError("successes must be a whole number from 0 to the samples")
        for name, x in (("total", total), ("total_sq", total_sq)):
            if x is not None and (isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x)):
                raise ClassError(f"{name} must be a number")
        if (successes is None) == (total is None):
            raise ClassError("give either the successes (a probability) or the total of the values")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2 ** 63):
            raise ClassError("seed must be a whole number from 0 to 2**63 - 1")
        try:
            text = json.dumps(dict(settings), sort_keys=True, allow_nan=False)
        except (TypeError, ValueError):
            raise ClassError("the settings must be plain values (text, numbers, lists)") from None
        if len(text) > MAX_SETTINGS_CHARS:
            raise ClassError("the settings are too long")
        values = {"question": codes.clean_key(question, "the question"), "settings": text, "samples": samples,
                  "successes": successes, "total": None if total is None else float(total),
                  "total_sq": None if total_sq is None else float(total_sq), "seed": seed}
        return self._insert(s, trials, values, sid)

    def add_game(self, s: Student, game: str, record: Mapping, summary: str, sid: str | None = None) -> bool:
        """Keep a game played in the class (its record, see :meth:`chililab.engine.Game.record`)."""
        try:
            text = json.dumps(record, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError):
            raise ClassError("a game's record must be plain values") from None
        if len(text) > MAX_RECORD_CHARS:
            raise ClassError("this game's record is too long to keep")
        values = {"game": codes.clean_key(game, "the game"), "record": text,
                  "summary": codes.clean_answer(summary)}
        return self._insert(s, games, values, sid)

    # ------------------------------------------------------------ reading back

    def rows(self, t: Teacher, what: str, key: str | None = None, since_id: int = 0) -> list[dict]:
        """The class's ``attempts``, ``trials`` or ``games`` (optionally of one exercise, question or game), each
        with the student's nickname, oldest first; ``since_id``: only rows newer than that id (live pages)."""
        table = SUBMISSIONS.get(what)
        if table is None:
            raise ClassError(f"what must be one of {', '.join(SUBMISSIONS)}")
        q = (sa.select(table, students.c.nickname).join(students, students.c.id == table.c.student_id)
             .where(table.c.class_id == t.class_id, table.c.id > since_id).order_by(table.c.id))
        if key is not None:
            q = q.where(table.c[{"attempts": "exercise", "trials": "question", "games": "game"}[what]] == key)
        with self._read() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def my_rows(self, s: Student, what: str, key: str | None = None) -> list[dict]:
        """This student's own ``attempts``, ``trials`` or ``games`` (optionally of one key), oldest first."""
        table = SUBMISSIONS.get(what)
        if table is None:
            raise ClassError(f"what must be one of {', '.join(SUBMISSIONS)}")
        q = sa.select(table).where(table.c.student_id == s.student_id).order_by(table.c.id)
        if key is not None:
            q = q.where(table.c[{"attempts": "exercise", "trials": "question", "games": "game"}[what]] == key)
        with self._read() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def pooled(self, who: Student | Teacher, question: str, settings: Mapping | None = None) -> dict[str, Any]:
        """The class's trials of ``question`` (with exactly these ``settings``, if given) added up, with no names:
        students, samples, successes, total, total_sq (what a student's page shows as "the class")."""
        q = (sa.select(sa.func.count(sa.distinct(trials.c.student_id)), sa.func.coalesce(sa.func.sum(trials.c.samples), 0),
                       sa.func.sum(trials.c.successes), sa.func.sum(trials.c.total), sa.func.sum(trials.c.total_sq))
             .where(trials.c.class_id == who.class_id, trials.c.question == question))
        if settings is not None:
            q = q.where(trials.c.settings == json.dumps(dict(settings), sort_keys=True, allow_nan=False))
        with self._read() as conn:
            n, samples, successes, total, total_sq = conn.execute(q).one()
        return {"students": int(n), "samples": int(samples), "successes": None if successes is None else int(successes),
                "total": total, "total_sq": total_sq}


__all__ = ["NewClass", "Store", "Student", "Teacher", "data_dir", "default_url", "metadata"]
