"""Alembic's environment for the class store: run by :meth:`chililab.classes.store.Store.migrate`, which
passes the connection (inside its transaction and lock) as ``config.attributes["connection"]``."""
from alembic import context

from chililab.classes.schema import metadata

connection = context.config.attributes["connection"]
# no render_as_batch: a batch copies and drops a table, which on SQLite with foreign keys on cascades to every row
# that refers to it (see versions/0002_pacing.py)
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
