"""The class store's tests run on both databases: a SQLite file, and a real PostgreSQL server.

The PostgreSQL server is the one ``.ci/run`` started (its URL in ``CHILILAB_TEST_PG``), else one this file starts
for the test session from Debian's ``postgresql`` package (``tools/pg_server.py``). Without PostgreSQL installed,
its half of the tests is skipped on a developer's machine and fails under CI (``CI`` set): CI must test both.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sa = pytest.importorskip("sqlalchemy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import pg_server  # noqa: E402

BACKENDS = ("sqlite", "postgresql")


def _own_database(server_url: str) -> str:
    """A database of this test process's own on the server (pytest-xdist's workers run files side by side)."""
    from chililab.classes.store import normalize_url

    name = f"chililab_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    url = sa.engine.make_url(normalize_url(server_url))
    engine = sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.exec_driver_sql(f"SELECT 1 FROM pg_database WHERE datname = '{name}'").first() is None:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    engine.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def pg_url():
    url = os.environ.get("CHILILAB_TEST_PG")
    if url:
        yield _own_database(url)
        return
    try:
        pg_server.bindir()
    except pg_server.PgUnavailable as e:
        if os.environ.get("CI"):
            pytest.fail(f"CI must test the class store on PostgreSQL: {e}")
        pytest.skip(str(e))
    folder = tempfile.mkdtemp(prefix="chililab-pg-")  # in /tmp: pytest's own folders are closed to the server's user
    try:
        url = pg_server.start(folder)
        yield _own_database(url)
    finally:
        pg_server.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


def _empty_postgres(url: str) -> None:
    from chililab.classes.store import normalize_url

    engine = sa.create_engine(normalize_url(url))
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP SCHEMA public CASCADE")
        conn.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path):
    """The address of an empty store: a new SQLite file, or the PostgreSQL test database emptied."""
    if request.param == "sqlite":
        return str(tmp_path / "classes.sqlite3")
    url = request.getfixturevalue("pg_url")
    _empty_postgres(url)
    return url


@pytest.fixture
def store(store_url):
    from chililab.classes.store import Store

    s = Store.open(store_url)
    yield s
    s.close()
