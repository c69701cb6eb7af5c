"""Game tables students share: a class's students (and bots) play one registered game together.

    table = store.open_table(ana, "loco", {"tie_method": "coin_flip"}, seats=4, bots="rules")  # Ana sits at 0
    store.join_table(ben, table)                 # Ben takes the first free seat (or ``seat=2``)
    store.start_table(ana, table)                # seats nobody took are played by bots from now on
    state = store.table_state(ben, table)        # Ben's seat's view, his legal moves, the next step's number
    store.submit_move(ben, table, state["next_step"], state["legal"][0])
    store.play_bots(ben, table)                  # the bots' moves, until a student must choose or the end
    store.seat_class(teacher, "loco", 4)         # the teacher seats the whole class, 4 to a table, and starts them

**The record in the class store is the authority.** A table is its row (game, options, seed, seats) and its
moves in order (``table_moves``, step 1, 2, ...). Whoever calls these methods (on a class server, the table
service, :mod:`chililab.classes.service`, the one process that holds the whole games: a student's kernel never
rebuilds a shared game, so it never holds another seat's hidden card; the teacher's page; a test) rebuilds the
game from the stored moves, with the game's own
record replay (:meth:`chililab.engine.registry.GameSpec.replay`), checks a move with the same rules code
(:meth:`chililab.engine.Game.apply`: an illegal move raises the engine's ``IllegalMove``, its rule ID and reason),
and appends it as the next step. The order is decided by the database: ``UNIQUE (table_id, step)`` lets only
one of two writers store step N (on SQLite the writers also queue for the file's write lock, ``BEGIN
IMMEDIATE``; on PostgreSQL the second insert of step N fails on the constraint). A writer that lost, or a page
that sent a move for a step the table has passed (an old page, a move sent twice), gets :class:`StaleStep` and
nothing is stored: it reads the table again. So a table needs no server of its own and survives a restart of
any process: the moves are in the store, committed before the move is acknowledged.

**Bots** play the seats nobody took, and the seat of a student who is away (left the table, or let its time
to answer pass: :meth:`Tables.set_away`; back with a move or by opening the table again). The table service
(:mod:`chililab.classes.service`) calls :meth:`Tables.play_bots` at a human pace; the bot's move is stored like
a student's. A bot draws its randomness from the table's seed and the step (:func:`_bot_rng`), so whichever
process plays it, it is the same move, and two playing it at once store it once.

**Simultaneous answers** (a window where several seats answer, hidden from each other until all are in) are
one stored step each, in the order they reached the store; the step number counts those hidden answers too: it
tells a seat that somebody answered, never what. A class's table plays races between people (the reaction
model ``people``, the default of a table of a game that has one): the order the answers were stored is the
race's order (Chili Loco's Salsa Slap: the last slap stored draws).

**Pause and presence.** The teacher pauses a table (:meth:`Tables.pause_table`) or the class: no move is stored
and no bot plays until it goes on. The table's notes (:meth:`Tables.table_notes`) say who left, who came back,
the pauses, at the step they happened, by seat (never by name).

Each :class:`~chililab.classes.store.Store` keeps the games it rebuilt (per table) and applies only the moves
stored since, so a page does not replay a whole game at every move.

**Who may do what.** A student acts only for their own seat: a move whose ``player`` is another seat is refused
(:class:`ClassError`), a move at the wrong moment by the rules (``IllegalMove``). A student reads only their seat's
view (:meth:`chililab.engine.Game.view`: no other seat's hidden card); the moves themselves (the record, which
names every card) are read by the teacher, and by the class once the table is finished or closed; a student's
page is told which seats are taken and which is theirs, never another student's nickname. The teacher opens,
starts and closes tables, and reads everything, but sits at none; a student closes or starts only a table they
opened.
"""
from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from .codes import ClassError
from .schema import classes, students, table_moves, table_notes, table_seats, tables

if TYPE_CHECKING:
    from .store import Student, Teacher

_STUDENTS = students  # the table, where a parameter ``students`` hides its name

#: a table's statuses: seats may be taken; the game runs; the game is over (record kept); ended before the end
OPEN, PLAYING, FINISHED, CLOSED = "open", "playing", "finished", "closed"
#: tables of one class not yet finished or closed
MAX_LIVE_TABLES = 60
#: the most moves one call of :meth:`Tables.play_bots` plays (a game of bots only is played in several calls)
BOT_MOVES_PER_CALL = 2_000
MAX_OPTIONS_CHARS = 20_000
#: the seconds a table may give a seat to answer before a bot plays it (None: no limit)
ANSWER_SECS = (None, 15, 30, 60, 120, 300)
MAX_NOTES = 200


class StaleStep(ClassError):
    """A move for a step the table has passed (another move came first): nothing was stored; read the table
    again. ``step``: the moves the table has now."""

    def __init__(self, message: str, step: int):
        super().__init__(message)
        self.step = step


@dataclass
class _Cached:
    """A game this store rebuilt for a table, and what the table's row said when it was rebuilt."""

    key: tuple
    game: Any


def _bot_rng(seed: int, step: int) -> random.Random:
    """The random source of the bot that makes step ``step`` of a table with this seed (a replay is exact)."""
    return random.Random(f"chililab-table:{seed}:{step}")


class Tables:
    """The class store's game tables (mixed into :class:`~chililab.classes.store.Store`)."""

    if TYPE_CHECKING:
        def _write(self) -> AbstractContextManager[Connection]: ...

        def _read(self) -> AbstractContextManager[Connection]: ...

    _games_lock: threading.Lock
    _games: dict[int, _Cached]

    def _init_tables(self) -> None:
        self._games_lock = threading.Lock()
        self._games = {}

    # ------------------------------------------------------------ rights

    @staticmethod
    def _is_student(who: Student | Teacher) -> bool:
        return hasattr(who, "student_id")

    def _member(self, conn: Connection, who: Student | Teacher) -> None:
        student_id = getattr(who, "student_id", None)
        if student_id is not None:
            q = sa.select(students.c.id).where(students.c.id == student_id, students.c.class_id == who.class_id)
            if conn.execute(q).first() is None:
                raise ClassError("you are no longer in this class (your teacher removed you, or ended the class)")
        elif conn.execute(sa.select(classes.c.id).where(classes.c.id == who.class_id)).first() is None:
            raise ClassError("this class was deleted")

    def _table_row(self, conn: Connection, who: Student | Teacher, table_id: object):
        if type(table_id) is not int:
            raise ClassError("a table is named by its number")
        row = conn.execute(sa.select(tables).where(tables.c.id == table_id,
                                                   tables.c.class_id == who.class_id)).first()
        if row is None:
            raise ClassError(f"this class has no table {table_id}")
        return row

    def _seats(self, conn: Connection, table_id: int) -> list:
        return list(conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table_id)
                                 .order_by(table_seats.c.seat)))

    @staticmethod
    def _my_seat(who: Student | Teacher, seats: list) -> int | None:
        sid = getattr(who, "student_id", None)
        for r in seats:
            if sid is not None and r.student_id == sid:
                return int(r.seat)
        return None

    def _may_run(self, who: Student | Teacher, row) -> None:
        if self._is_student(who) and row.opened_by != getattr(who, "student_id", None):
            raise ClassError("only whoever opened this table (or the teacher) may start or close it")

    # ------------------------------------------------------------ opening, joining, starting, closing

    @staticmethod
    def _new_table(game: str, options: Mapping | None, seats: int | None, bots: str | None, seed: int | None,
                   answer_secs: int | None, lesson: str | None = None) -> dict[str, Any]:
        """A new table's row (without its class, status and opener) checked by the game's own rules, ``bot``: the
        agent that plays seats nobody takes, and ``moves``: the moves it starts with (a lesson's position is its
        setup and the moves that reach it). Bad options: the engine's ConfigError; else ClassError."""
        from chililab.engine import registry

        if lesson is not None:
            return Tables._lesson_table(game, lesson, seats, bots, answer_secs)

        if answer_secs not in ANSWER_SECS or isinstance(answer_secs, bool):
            raise ClassError("the time to answer is one of "
                             + ", ".join("no limit" if a is None else f"{a} s" for a in ANSWER_SECS))
        spec = registry.get(game)
        opts = dict(options or {})
        for name in opts:
            if name == "players":
                raise ClassError("give the number of seats as seats=, not as an option")
            if name in spec.options and spec.options[name].host:
                raise ClassError(f"{name} is set only by whoever runs chililab, not at a class's table")
        if "reaction_model" in spec.options and "reaction_model" not in opts:
            opts["reaction_model"] = {"model": "people"}  # people race for real: the first answer in is first
        bot = spec.bot if bots is None else str(bots).strip().lower()
        spec.agent(bot)  # an unknown bot: ConfigError naming the game's bots
        start = spec.new_game(players=seats, seed=seed, **opts)  # checks the options by the game's own rules
        record = start.record
        text = json.dumps(record["options"], sort_keys=True, allow_nan=False)
        if len(text) > MAX_OPTIONS_CHARS:
            raise ClassError("these options are too long for a class's table")
        return {"game": spec.name, "options": text, "seed": int(record["seed"]), "seats": int(start.state.n),
                "answer_secs": answer_secs, "bot": bot, "setup": None, "moves": []}

    @staticmethod
    def _lesson_table(game: str, lesson: str, seats: int | None, bots: str | None,
                      answer_secs: int | None) -> dict[str, Any]:
        """A table at a lesson's prepared position (its options, seed, setup and moves): the class plays the
        position the lesson explains, each student in a seat."""
        from chililab.engine import registry

        if answer_secs not in ANSWER_SECS or isinstance(answer_secs, bool):
            raise ClassError("the time to answer is one of "
                             + ", ".join("no limit" if a is None else f"{a} s" for a in ANSWER_SECS))
        spec = registry.get(game)
        le = next((x for x in spec.lesson_list() if x.key == lesson), None)
        if le is None:
            raise ClassError(f"{spec.title} has no lesson {str(lesson)[:40]!r}")
        bot = spec.bot if bots is None else str(bots).strip().lower()
        spec.agent(bot)
        record = le.build().record
        n = int(spec.replay(record).state.n)
        if seats is not None and seats != n:
            raise ClassError(f"the lesson \u201c{le.title}\u201d is played by {n} players, not {seats}")
        return {"game": spec.name, "options": json.dumps(record["options"], sort_keys=True, allow_nan=False),
                "seed": int(record["seed"]), "seats": n, "answer_secs": answer_secs, "bot": bot,
                "setup": json.dumps(record["setup"], sort_keys=True) if record.get("setup") is not None else None,
                "moves": list(record["moves"])}

    @staticmethod
    def _live_tables(conn: Connection, class_id: int) -> int:
        return conn.execute(sa.select(sa.func.count()).select_from(tables).where(
            tables.c.class_id == class_id, tables.c.status.in_((OPEN, PLAYING)))).scalar_one()

    @staticmethod
    def _insert_table(conn: Connection, class_id: int, new: dict[str, Any], status: str, opened_by: int | None,
                      sitting: list[int | None]) -> int:
        """Store a table (``new``: :meth:`_new_table`) and its seats; ``sitting``: the student at each seat
        (None: nobody, a bot plays it once the table plays). Returns the table's number."""
        row = {k: v for k, v in new.items() if k not in ("bot", "moves")}
        done = conn.execute(tables.insert().values(class_id=class_id, status=status, opened_by=opened_by,
                                                   created=time.time(), paused=False, **row))
        key = done.inserted_primary_key
        assert key is not None
        table_id = int(key[0])
        if new.get("moves"):  # a lesson's position: the moves that reach it are the table's first steps
            now = time.time()
            conn.execute(table_moves.insert(), [
                {"table_id": table_id, "step": k + 1, "seat": int(m["player"]), "at": now,
                 "move": json.dumps(m, sort_keys=True)} for k, m in enumerate(new["moves"])])
        conn.execute(table_seats.insert(), [
            {"table_id": table_id, "seat": k, "student_id": sitting[k] if k < len(sitting) else None,
             "bot": new["bot"], "away": False}
            for k in range(new["seats"])])
        return table_id

    def open_table(self, who: Student | Teacher, game: str, options: Mapping | None = None, seats: int | None = None,
                   bots: str | None = None, seed: int | None = None, answer_secs: int | None = None,
                   sit: bool = True, lesson: str | None = None) -> int:
        """Open a table of the registered ``game`` with its ``options`` and ``seats`` seats (default: the game's
        usual number); ``bots``: the agent that plays seats nobody takes (default: the game's own bot);
        ``answer_secs``: the seconds a seat has to answer before a bot plays it (one of :data:`ANSWER_SECS`;
        None: no limit); ``lesson``: a lesson's key: the table starts at its prepared position (its options and
        deal; ``options`` and ``seed`` are not used). A student who opens a table sits at seat 0 (unless ``sit`` is
        false). Returns the table's number. Bad options: the engine's ConfigError."""
        new = self._new_table(game, options, seats, bots, seed, answer_secs, lesson)
        with self._write() as conn:
            self._member(conn, who)
            live = self._live_tables(conn, who.class_id)
            if live >= MAX_LIVE_TABLES:
                raise ClassError(f"this class has {live} tables open or playing: finish or close some first")
            student_id = getattr(who, "student_id", None)
            return self._insert_table(conn, who.class_id, new, OPEN, student_id, [student_id if sit else None])

    def seat_class(self, t: Teacher, game: str, per_table: int, options: Mapping | None = None,
                   bots: str | None = None, answer_secs: int | None = None,
                   students: list[int] | None = None, lesson: str | None = None) -> list[int]:
        """The teacher seats the class at new tables of ``game`` with ``per_table`` seats each, and starts them:
        the class's students (default: all of them, in the order they joined; or these student ids, in this
        order), ``per_table`` to a table (the last table may have fewer), the seats nobody takes played by
        ``bots`` (default: the game's own bot). A student already sitting at a table that is open or playing is
        not seated again. Each table gets a seed of its own; ``options`` and ``answer_secs`` as for
        :meth:`open_table`. Returns the new tables' numbers, in the order they were filled.

        Refused (ClassError, nothing stored): ``per_table`` outside the game's numbers of players, nobody to seat,
        or more tables open or playing than :data:`MAX_LIVE_TABLES`. One transaction; on PostgreSQL the class's
        row is locked first, so two pages seating the class at once seat each student once."""
        from chililab.engine import registry
        from chililab.engine.seeds import game_seed

        if self._is_student(t):
            raise ClassError("only the teacher seats the class")
        spec = registry.get(game)
        lo, hi = spec.players
        if type(per_table) is not int or not lo <= per_table <= hi:
            raise ClassError(f"{spec.title} is played by {lo} to {hi} players: a table of {per_table!r} "
                             "seats cannot be opened")
        if students is not None and (isinstance(students, (str, bytes))
                                     or any(type(s) is not int for s in students)):
            raise ClassError("students are named by their numbers")
        new = self._new_table(game, options, per_table, bots, None, answer_secs, lesson)  # checks it all
        with self._write() as conn:
            mine = sa.select(classes.c.id).where(classes.c.id == t.class_id).with_for_update()
            if conn.execute(mine).first() is None:  # PostgreSQL: a second seating of this class waits here
                raise ClassError("this class was deleted")
            joined = [r.id for r in conn.execute(sa.select(_STUDENTS.c.id).where(_STUDENTS.c.class_id == t.class_id)
                                                 .order_by(_STUDENTS.c.joined, _STUDENTS.c.id))]
            if students is None:
                wanted = joined
            else:
                unknown = sorted(set(students) - set(joined))
                if unknown:
                    raise ClassError(f"this class has no student {unknown[0]}")
                wanted = list(dict.fromkeys(students))
            seated = set(conn.execute(
                sa.select(table_seats.c.student_id).join(tables, tables.c.id == table_seats.c.table_id)
                .where(tables.c.class_id == t.class_id, tables.c.status.in_((OPEN, PLAYING)),
                       table_seats.c.student_id.is_not(None))).scalars())
            todo = [s for s in wanted if s not in seated]
            if not todo:
                raise ClassError("there is nobody to seat: " + (
                    "no student has joined the class yet" if not joined else
                    "every student is at a table already (end their tables to seat them again)"))
            groups = [todo[k:k + per_table] for k in range(0, len(todo), per_table)]
            live = self._live_tables(conn, t.class_id)
            if live + len(groups) > MAX_LIVE_TABLES:
                raise ClassError(f"{len(groups)} more table{'s' if len(groups) != 1 else ''} would make "
                                 f"{live + len(groups)} open or playing, and a class has at most {MAX_LIVE_TABLES}: "
                                 "finish or close some first")
            out = []
            for k, group in enumerate(groups):
                row = new if k == 0 or lesson is not None else {**new, "seed": game_seed(None)}
                out.append(self._insert_table(conn, t.class_id, row, PLAYING, None, list(group)))
        return out

    def join_table(self, s: Student, table_id: int, seat: int | None = None) -> int:
        """Sit ``s`` at the table: at ``seat``, or the first free one (None). Returns the seat. Refused (ClassError)
        when the table is full, already playing, finished or closed, or the seat is taken; a student sitting
        there already gets their seat back. The last free seat taken starts the game."""
        with self._write() as conn:
            self._member(conn, s)
            row = self._table_row(conn, s, table_id)
            seats = self._seats(conn, table_id)
            mine = self._my_seat(s, seats)
            if mine is not None:
                return mine
            free = [r.seat for r in seats if r.student_id is None]
            if not free:
                raise ClassError(f"table {table_id} is full: all its {row.seats} seats are taken")
            if row.status != OPEN:
                raise ClassError(f"table {table_id} is {row.status}: no one may join it now"
                                 + (" (its free seats are played by bots)" if row.status == PLAYING else ""))
            if seat is None:
                seat = free[0]
            elif type(seat) is not int or not 0 <= seat < row.seats:
                raise ClassError(f"table {table_id} has seats 0 to {row.seats - 1}, not {seat!r}")
            elif seat not in free:
                raise ClassError(f"seat {seat} of table {table_id} is taken: free seats are "
                                 f"{', '.join(map(str, free))}")
            done = conn.execute(table_seats.update().where(
                table_seats.c.table_id == table_id, table_seats.c.seat == seat,
                table_seats.c.student_id.is_(None)).values(student_id=s.student_id))
            if done.rowcount != 1:  # taken by another page a moment ago (PostgreSQL: after our read)
                raise ClassError(f"seat {seat} of table {table_id} was just taken: try another")
            if len(free) == 1:
                conn.execute(tables.update().where(tables.c.id == table_id).values(status=PLAYING))
        return int(seat)

    def start_table(self, who: Student | Teacher, table_id: int) -> None:
        """Start an open table (its opener or the teacher): the seats nobody took are played by bots."""
        with self._write() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            self._may_run(who, row)
            if row.status != OPEN:
                raise ClassError(f"table {table_id} is {row.status}: only an open table can be started")
            conn.execute(tables.update().where(tables.c.id == table_id).values(status=PLAYING))

    def close_table(self, who: Student | Teacher, table_id: int) -> None:
        """End a table before its game is over (its opener or the teacher): its moves are kept, nobody plays on."""
        with self._write() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            self._may_run(who, row)
            if row.status in (FINISHED, CLOSED):
                raise ClassError(f"table {table_id} is {row.status} already")
            conn.execute(tables.update().where(tables.c.id == table_id).values(status=CLOSED))

    def tables(self, who: Student | Teacher) -> list[dict]:
        """The class's tables, newest first: id, game, seats, status, created, and who sits where (``sitting``:
        see :meth:`_sitting`; nicknames for the teacher only)."""
        with self._read() as conn:
            rows = list(conn.execute(sa.select(tables).where(tables.c.class_id == who.class_id)
                                     .order_by(tables.c.created.desc(), tables.c.id.desc())))
            names = dict(conn.execute(sa.select(students.c.id, students.c.nickname)
                                      .where(students.c.class_id == who.class_id)).all())
            seats: dict[int, list] = {}
            for r in conn.execute(sa.select(table_seats).join(tables, tables.c.id == table_seats.c.table_id)
                                  .where(tables.c.class_id == who.class_id).order_by(table_seats.c.seat)):
                seats.setdefault(r.table_id, []).append(r)
        me = getattr(who, "student_id", None)
        return [{"id": r.id, "game": r.game, "seats": r.seats, "status": r.status, "created": r.created,
                 "paused": bool(r.paused), "answer_secs": r.answer_secs, "mine": me is not None and r.opened_by == me,
                 "sitting": self._sitting(who, seats.get(r.id, []), names)} for r in rows]

    def _sitting(self, who: Student | Teacher, seats: list, names: Mapping) -> list[dict]:
        """Who sits where, as ``who`` may know it: per seat, ``taken`` (by a student), ``you``, ``bot`` (the agent
        that plays it when no student does) and ``student``, the nickname: for the teacher only (a student's page
        shows no other student's name, see the README's "Safe for a class")."""
        me = getattr(who, "student_id", None)
        teacher = me is None
        return [{"seat": r.seat, "taken": r.student_id is not None, "you": me is not None and r.student_id == me,
                 "student": names.get(r.student_id) if teacher else None, "bot": r.bot,
                 "away": bool(r.away) and r.student_id is not None} for r in seats]

    # ------------------------------------------------------------ the game, rebuilt from the record

    @staticmethod
    def _record(row, moves: list[dict]) -> dict:
        return {"format": "chililab-record", "version": 1, "game": row.game, "options": json.loads(row.options),
                "seed": int(row.seed), "setup": json.loads(row.setup) if row.setup else None, "moves": moves}

    def _game(self, conn: Connection, row) -> Any:
        """The table's game as the store has it now (a copy the caller may change), rebuilt from its record;
        only the moves stored since this store last rebuilt it are applied."""
        from chililab.engine.core import move_from_dict
        from chililab.engine.registry import get

        key = (row.game, row.options, int(row.seed), row.created)
        with self._games_lock:
            cached = self._games.get(row.id)
            game = cached.game if cached is not None and cached.key == key else None
            done = game.step if game is not None else 0
            rows = list(conn.execute(sa.select(table_moves.c.move).where(
                table_moves.c.table_id == row.id, table_moves.c.step > done).order_by(table_moves.c.step)))
            new = [json.loads(r.move) for r in rows]
            if game is None:
                game = get(row.game).replay(self._record(row, new))
            elif new:
                cls = type(game)
                game._replaying = True  # moves played (and their game's end seen) where they were stored
                try:
                    for d in new:
                        game.apply(move_from_dict(d, cls.MOVES, cls.card_by_id))
                finally:
                    game._replaying = False
            self._games[row.id] = _Cached(key, game)
            return game.copy()

    def _keep(self, row, game: Any) -> None:
        """Remember ``game`` (after a move this store stored) as the table's, if it is further along."""
        key = (row.game, row.options, int(row.seed), row.created)
        with self._games_lock:
            cached = self._games.get(row.id)
            if cached is None or cached.key != key or cached.game.step < game.step:
                self._games[row.id] = _Cached(key, game)

    # ------------------------------------------------------------ reading a table

    def table_state(self, who: Student | Teacher, table_id: int, since: int | None = None) -> dict[str, Any]:
        """The table as ``who`` may see it: ``status``, ``game``, ``step`` (moves so far) and ``next_step`` (the
        number to send a move with), ``seats`` (who sits where: :meth:`_sitting`), ``seat`` (the student's, or
        None), ``view`` (the engine's view of that seat; the teacher's: everything; a student not at the table:
        None while it plays, everything once it is over), ``legal`` (the seat's legal
        moves now, if it must choose and the table is playing), ``result``, and ``events``: those of the steps
        after ``since`` (default: the last step) as that seat may see them."""
        with self._read() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            seats = self._seats(conn, table_id)
            names = dict(conn.execute(sa.select(students.c.id, students.c.nickname)
                                      .where(students.c.class_id == who.class_id)).all())
            game = self._game(conn, row)
            paused = bool(conn.execute(sa.select(classes.c.paused).where(classes.c.id == who.class_id)).scalar())
        seat = self._my_seat(who, seats)
        viewer = seat if self._is_student(who) else None
        if self._is_student(who) and seat is None and row.status not in (FINISHED, CLOSED):
            viewer = -1  # a student not at the table: the public facts only (see below)
        step = game.step
        first = step if since is None or type(since) is not int else max(0, min(since, step) + 1)
        if viewer == -1:
            view = None
            events: list = []
        else:
            view = game.view(viewer)
            events = [e for k in range(first, step + 1) for e in game.events(k, viewer)]
        decision = game.decision
        legal = (game.legal_moves(seat) if seat is not None and row.status == PLAYING and decision is not None
                 and seat in decision.players else [])
        # the teacher also gets the game's fingerprint (a hash of the whole state: from a seat's page it would let
        # a patient student test guesses of hidden cards against it)
        extra = {} if self._is_student(who) else {"fingerprint": game.fingerprint()}
        return {**extra, "id": row.id, "game": row.game, "status": row.status, "step": step, "next_step": step + 1,
                "paused": bool(row.paused) or paused, "answer_secs": row.answer_secs,
                "mine": self._is_student(who) and row.opened_by == getattr(who, "student_id", None),
                "seats": self._sitting(who, seats, names),
                "seat": seat, "view": view, "legal": legal, "result": game.result, "events": events}

    def table_record(self, who: Student | Teacher, table_id: int) -> dict:
        """The table's game record (:attr:`chililab.engine.Game.record`: options, seed, every move), which the
        game's ``replay`` rebuilds exactly: for the teacher at any time, for the class once the table is finished
        or closed (before that it names cards a seat may not see)."""
        with self._read() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            if self._is_student(who) and row.status not in (FINISHED, CLOSED):
                raise ClassError(f"table {table_id} is still {row.status}: its record is shown once it is over")
            moves = [json.loads(r.move) for r in conn.execute(
                sa.select(table_moves.c.move).where(table_moves.c.table_id == row.id).order_by(table_moves.c.step))]
        return self._record(row, moves)

    # ------------------------------------------------------------ people leave, come back; the teacher pauses

    @staticmethod
    def _paused(conn: Connection, row) -> bool:
        return bool(row.paused) or bool(conn.execute(
            sa.select(classes.c.paused).where(classes.c.id == row.class_id)).scalar())

    def _not_paused(self, conn: Connection, row) -> None:
        if self._paused(conn, row):
            raise ClassError("your teacher has paused this table: moves wait until the teacher goes on")

    def _note(self, conn: Connection, row, text: str, step: int | None = None) -> None:
        if step is None:
            step = conn.execute(sa.select(sa.func.count()).select_from(table_moves)
                                .where(table_moves.c.table_id == row.id)).scalar_one()
        conn.execute(table_notes.insert().values(table_id=row.id, step=int(step), text=text[:200], at=time.time()))

    def _set_away(self, conn: Connection, row, seat: int, away: bool, step: int | None = None,
                  why: str = "") -> bool:
        from chililab.engine.words import seat_name

        done = conn.execute(table_seats.update().where(
            table_seats.c.table_id == row.id, table_seats.c.seat == seat, table_seats.c.student_id.is_not(None),
            table_seats.c.away.is_(not away)).values(away=away))
        if done.rowcount != 1:
            return False
        who = seat_name(seat)
        self._note(conn, row, f"{who} is back: they play their seat again." if not away
                   else f"{who} {why or 'left'}: a bot plays their seat until they come back.", step)
        return True

    def set_away(self, who: Student | Teacher, table_id: int, seat: int, away: bool, why: str = "") -> bool:
        """Mark a student's seat away (a bot plays it; ``why``: "left the table", "did not answer in time") or
        back. A student may only bring their own seat back; the teacher (and the table service, as the class's
        machine) either way. Returns whether it changed; the table's notes say so."""
        with self._write() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            seats = self._seats(conn, table_id)
            if type(seat) is not int or not 0 <= seat < len(seats):
                raise ClassError(f"table {table_id} has seats 0 to {len(seats) - 1}")
            if self._is_student(who) and (away or self._my_seat(who, seats) != seat):
                raise ClassError("you can only come back to your own seat")
            if row.status not in (OPEN, PLAYING):
                return False
            return self._set_away(conn, row, seat, bool(away), why=why)

    def pause_table(self, t: Teacher, table_id: int, paused: bool) -> None:
        """The teacher pauses a table (no move, no bot, no clock runs) or lets it go on."""
        if self._is_student(t):
            raise ClassError("only the teacher pauses a table")
        with self._write() as conn:
            self._member(conn, t)
            row = self._table_row(conn, t, table_id)
            if bool(row.paused) == bool(paused):
                return
            conn.execute(tables.update().where(tables.c.id == table_id).values(paused=bool(paused)))
            self._note(conn, row, "The teacher paused the table." if paused else "The teacher lets the table go on.")

    def table_notes(self, who: Student | Teacher, table_id: int, since_id: int = 0) -> list[dict]:
        """The table's notes after ``since_id`` (the last :data:`MAX_NOTES`): id, step, text, at. Anyone of the
        class may read them: they name seats, never students."""
        with self._read() as conn:
            self._member(conn, who)
            row = self._table_row(conn, who, table_id)
            rows = list(conn.execute(sa.select(table_notes).where(
                table_notes.c.table_id == row.id, table_notes.c.id > int(since_id))
                .order_by(table_notes.c.id.desc()).limit(MAX_NOTES)))
        return [{"id": r.id, "step": r.step, "text": r.text, "at": r.at} for r in reversed(rows)]

    def table_steps(self, who: Student | Teacher) -> dict[int, tuple]:
        """Every table of the class: (status, moves stored, paused, class paused, last note's id, seats taken), in
        one cheap query, for a page or the table service to see which tables changed since it last looked."""
        moves = (sa.select(sa.func.count()).where(table_moves.c.table_id == tables.c.id)
                 .correlate(tables).scalar_subquery())
        note = (sa.select(sa.func.coalesce(sa.func.max(table_notes.c.id), 0))
                .where(table_notes.c.table_id == tables.c.id).correlate(tables).scalar_subquery())
        taken = (sa.select(sa.func.count()).where(table_seats.c.table_id == tables.c.id,
                                                  table_seats.c.student_id.is_not(None))
                 .correlate(tables).scalar_subquery())
        with self._read() as conn:
            self._member(conn, who)
            paused = bool(conn.execute(sa.select(classes.c.paused).where(classes.c.id == who.class_id)).scalar())
            rows = conn.execute(sa.select(tables.c.id, tables.c.status, moves, tables.c.paused, note, taken)
                                .where(tables.c.class_id == who.class_id))
            return {r[0]: (r[1], int(r[2]), bool(r[3]), paused, int(r[4]), int(r[5])) for r in rows}

    # ------------------------------------------------------------ moves

    def _store_move(self, conn: Connection, row, step: int, seat: int, move: Any, game: Any) -> None:
        """Append ``move`` (legal, already applied to ``game``) as step ``step``: StaleStep if another came first."""
        try:  # on PostgreSQL the second writer of step N waits for the first to commit, then fails here
            conn.execute(table_moves.insert().values(table_id=row.id, step=step, seat=seat,
                                                     move=json.dumps(move.to_dict(), sort_keys=True), at=time.time()))
        except sa.exc.IntegrityError:
            raise StaleStep(f"another move was stored as step {step} first: look at the table again",
                            step) from None
        if game.over:
            conn.execute(tables.update().where(tables.c.id == row.id).values(status=FINISHED))

    @staticmethod
    def _as_move(game: Any, move: Any) -> Any:
        """A move of ``game`` from its record form (a dict) or a move object, rebuilt from its record form (what is
        stored is exactly what a replay reads)."""
        from chililab.engine.core import move_from_dict

        cls = type(game)
        try:
            d = move if isinstance(move, Mapping) else move.to_dict()
            d = json.loads(json.dumps(dict(d), allow_nan=False))
            return move_from_dict(d, cls.MOVES, cls.card_by_id)
        except Exception as e:  # noqa: BLE001 - whatever a bad move trips on, the player reads why
            raise ClassError(f"this is not a move of {cls.GAME}: {type(e).__name__}: {e}"[:300]) from None

    def submit_move(self, s: Student, table_id: int, expected_step: int, move: Any) -> int:
        """Play ``move`` (the game's move, or its record form: a dict) for ``s``'s seat as step ``expected_step``
        (the table's ``next_step`` the page saw). Returns the step stored.

        Refused, with nothing stored: a table not playing, or a move for another seat (ClassError); a step the
        table has passed or not reached (:class:`StaleStep`, also when another move was stored first); a move the
        rules do not allow now (the engine's ``IllegalMove``: its rule ID and reason).
        """
        if type(expected_step) is not int:
            raise ClassError("a move is sent with the step number the table showed (next_step)")
        with self._write() as conn:
            self._member(conn, s)
            row = self._table_row(conn, s, table_id)
            if row.status != PLAYING:
                raise ClassError(f"table {table_id} is {row.status}: no moves are played at it"
                                 + (" yet (its opener starts it)" if row.status == OPEN else ""))
            self._not_paused(conn, row)
            seats = self._seats(conn, table_id)
            seat = self._my_seat(s, seats)
            if seat is None:
                raise ClassError(f"you have no seat at table {table_id}")
            game = self._game(conn, row)
            if expected_step != game.step + 1:
                when = ("has moved on since your page looked" if expected_step <= game.step
                        else "has not come that far")
                raise StaleStep(f"the table {when} (it is at step {game.step}; your move was for step "
                                f"{expected_step}): look at the table again", game.step)
            m = self._as_move(game, move)
            if m.player != seat:
                raise ClassError(f"you play seat {seat} at this table: this move is seat {m.player}'s")
            game.apply(m)  # IllegalMove (the rule and why) if the rules do not allow it now; nothing stored
            self._store_move(conn, row, expected_step, seat, m, game)
            if seats[seat].away:  # a student who moves is back in their seat
                self._set_away(conn, row, seat, False, expected_step)
        self._keep(row, game)
        return expected_step

    def play_bots(self, who: Student | Teacher, table_id: int, limit: int = BOT_MOVES_PER_CALL) -> int:
        """Play the bots' moves of a playing table while a bot seat must choose (each stored as the next step,
        like a student's move): until a student must choose, the game is over, or ``limit`` moves. Anyone of the
        class may ask (a bot's move is the rules' and the seed's, not the asker's). Returns how many this call
        stored; a step another page stored first is read from the store, and the call goes on from there."""
        from chililab.agents.base import choose_for
        from chililab.engine.registry import get

        played = 0
        while played < limit:
            try:
                with self._write() as conn:
                    self._member(conn, who)
                    row = self._table_row(conn, who, table_id)
                    if row.status != PLAYING or self._paused(conn, row):
                        return played
                    bots = {r.seat: r.bot for r in self._seats(conn, table_id) if r.student_id is None or r.away}
                    game = self._game(conn, row)
                    decision = game.decision
                    seat = next((p for p in decision.players if p in bots), None) if decision is not None else None
                    if game.over or seat is None:
                        return played
                    step = game.step + 1
                    agent = get(row.game).agent(bots[seat])
                    m = choose_for(agent, game, seat, _bot_rng(int(row.seed), step))
                    game.apply(m)
                    self._store_move(conn, row, step, seat, m, game)
            except StaleStep:  # another page stored this step first (nothing of ours was): read the table again
                continue
            self._keep(row, game)
            played += 1
        return played


__all__ = ["ANSWER_SECS", "CLOSED", "FINISHED", "MAX_LIVE_TABLES", "OPEN", "PLAYING", "StaleStep", "Tables"]
