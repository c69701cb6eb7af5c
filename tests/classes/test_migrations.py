"""The class store's Alembic migrations, on SQLite and PostgreSQL: from an empty database, and from the previous
schema with its rows kept; and the migrated schema is exactly ``chililab.classes.schema``."""
from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from chililab.classes.schema import metadata
from chililab.classes.store import Store


def _config(conn) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "chililab.classes:migrations")
    cfg.attributes["connection"] = conn
    return cfg


def _revisions() -> list[str]:
    script = ScriptDirectory.from_config(_config(None))
    return [r.revision for r in reversed(list(script.walk_revisions()))]


def test_the_revisions_are_one_line_from_0001():
    assert _revisions()[:3] == ["0001", "0002", "0003"]


def test_an_empty_database_is_migrated_to_exactly_the_schema(store):
    assert store.revision() == _revisions()[-1]
    with store.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diffs == []


def test_opening_a_migrated_store_again_changes_nothing(store_url):
    with Store.open(store_url) as s:
        c = s.start_class("A")
    with Store.open(store_url) as s:
        assert s.revision() == _revisions()[-1] and s.classes()[0]["code"] == c.code


def test_a_store_of_the_previous_schema_is_upgraded_with_its_rows(store_url):
    """A class made before pacing existed (revision 0001) keeps its students and answers, and starts unpaused."""
    s = Store.open(store_url, migrate=False)
    with s.engine.begin() as conn:
        command.upgrade(_config(conn), "0001")
    now = time.time()
    with s.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO classes (id, code, name, teacher_hash, open, created) "
                             "VALUES (1, 'ABCDEF', 'Old class', :h, :t, :now)"), {"h": "0" * 64, "t": True, "now": now})
        conn.execute(sa.text("INSERT INTO students (id, class_id, nickname, nick_key, token_hash, joined) "
                             "VALUES (1, 1, 'Ana', 'ana', :h, :now)"), {"h": "1" * 64, "now": now})
        conn.execute(sa.text("INSERT INTO attempts (class_id, student_id, sid, exercise, answer, correct, at) "
                             "VALUES (1, 1, 'x', 'e1', '1/2', :c, :now)"), {"c": True, "now": now})
    assert s.revision() == "0001"
    s.migrate()
    assert s.revision() == _revisions()[-1]
    t = s.admin("ABCDEF")
    assert [r["nickname"] for r in s.roster(t)] == ["Ana"]
    assert [(r["answer"], r["correct"]) for r in s.rows(t, "attempts")] == [("1/2", True)]
    pacing = s.pacing(t)
    assert (pacing["paused"], pacing["projector"], pacing["focus"]) == (False, False, None)
    s.close()


def test_downgrading_to_0001_keeps_the_students(store):
    c = store.start_class("A")
    store.join(c.code, "Ana")
    with store.engine.begin() as conn:
        command.downgrade(_config(conn), "0001")
    columns = {col["name"] for col in sa.inspect(store.engine).get_columns("classes")}
    assert "focus" not in columns and "paused" not in columns
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT nickname FROM students")).scalars().all() == ["Ana"]


def test_downgrading_to_base_removes_every_table(store):
    with store.engine.begin() as conn:
        command.downgrade(_config(conn), "base")
    assert set(sa.inspect(store.engine).get_table_names()) <= {"alembic_version"}
