"""Alembic's environment for the class store: run by :meth:`chililab.classes.store.Store.migrate`, which
passes the connection (inside its transaction and lock) as ``config.attributes["connection"]``."""
from alembic import context

from chililab.classes.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
