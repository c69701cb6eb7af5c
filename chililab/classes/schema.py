"""The class store's tables (SQLAlchemy Core). The migrations in ``migrations/versions`` build exactly these
(``tests/classes/test_migrations.py`` compares them); a change here is a new migration there.

Times are seconds since 1970 (UTC) as floats, the same on SQLite and PostgreSQL. Every row a student's page
writes carries ``sid``, an id the page makes for the submission: sending it again (a retry after a lost
answer) stores nothing twice.
"""
from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: a class: its join code, its name, the SHA-256 of the teacher's token, whether new students may join; its
#: pacing (revision 0002): the page everyone is sent to (``focus``, a page and its query; ``focus_title``),
#: a pause, the projector switch (names hidden), and when any of these last changed
classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(6), nullable=False, unique=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("teacher_hash", sa.String(64), nullable=False),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("focus", sa.String(300)),
    sa.Column("focus_title", sa.String(120)),
    sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("projector", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("changed", sa.Float, nullable=False, server_default="0"),
)

#: a student of a class: a nickname (unique in its class, case-blind: ``nick_key``) and the SHA-256 of the
#: token the student's browser keeps
students = sa.Table(
    "students", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("nickname", sa.String(24), nullable=False),
    sa.Column("nick_key", sa.String(96), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("joined", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "nick_key", name="uq_students_nick"),
)


def _submission(name: str, *columns: sa.Column, index: str) -> sa.Table:
    return sa.Table(
        name, metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False),
        sa.Column("sid", sa.String(40)),
        *columns,
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("student_id", "sid", name=f"uq_{name}_sid"),
        sa.Index(f"ix_{name}_class", "class_id", index),
    )


#: every answer a student typed to an exercise, right or wrong
attempts = _submission(
    "attempts",
    sa.Column("exercise", sa.String(120), nullable=False),
    sa.Column("answer", sa.String(200), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    index="exercise",
)

#: every press of "simulate more": the question, its settings (JSON), how many samples, and either the
#: successes (a probability) or the sum and the sum of squares of the values (an expected value); the seed
trials = _submission(
    "trials",
    sa.Column("question", sa.String(120), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("samples", sa.Integer, nullable=False),
    sa.Column("successes", sa.Integer),
    sa.Column("total", sa.Float),
    sa.Column("total_sq", sa.Float),
    sa.Column("seed", sa.BigInteger),
    index="question",
)

#: a game a student played in the class: the game's name, its record (JSON) and a line saying how it ended
games = _submission(
    "games",
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("summary", sa.String(200), nullable=False),
    index="game",
)

#: join tries (no name, no address: when, and whether the code was right), for the rate limit
joins = sa.Table(
    "joins", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False, index=True),
    sa.Column("ok", sa.Boolean, nullable=False),
)

#: a game table of a class (revision 0003, :mod:`chililab.classes.tables`): a registered game, its options (the
#: record's options, JSON) and seed, how many seats, its status (``open``: seats may be taken; ``playing``;
#: ``finished``: the game is over, its record kept; ``closed``: ended before the game was over), who opened it
#: (a student, or NULL for the teacher) and when; revision 0004: ``paused`` by the teacher, and ``answer_secs``,
#: the seconds a seat has to answer before a bot plays it (NULL: no limit), and ``setup``: a prepared position
#: (a lesson's, the record's ``setup`` as JSON; NULL: a deal from the seed)
tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("opened_by", sa.Integer, sa.ForeignKey("students.id", ondelete="SET NULL")),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("answer_secs", sa.Integer),
    sa.Column("setup", sa.Text),
    sa.Index("ix_tables_class", "class_id", "status"),
)

#: a seat of a table: the student sitting there, or NULL (free while the table is open; a bot once it plays),
#: and the bot that plays it when no student does (an agent name of the game: ``rules``, ``random`` ...);
#: ``away`` (revision 0004): the student left or did not answer in time, the bot plays for them until they are back
table_seats = sa.Table(
    "table_seats", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="SET NULL")),
    sa.Column("bot", sa.String(40), nullable=False),
    sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()),
)

#: every move of a table, in order: step 1, 2, ... (the move as the game's record writes it, JSON), the seat
#: that made it and when. UNIQUE (table, step): of two writers appending the same step, one only succeeds (the
#: ordering authority of a table, see :mod:`chililab.classes.tables`)
table_moves = sa.Table(
    "table_moves", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "step", name="uq_table_moves_step"),
)

#: what happened at a table besides its moves (revision 0004): a student left and a bot took the seat, came back,
#: the teacher paused; ``step``: the moves the table had then (the log shows it there)
table_notes = sa.Table(
    "table_notes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_table_notes_table", "table_id", "id"),
)
