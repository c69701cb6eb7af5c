"""A class: students join by code, their answers, trials and games kept in a database the teacher reads.

- :mod:`.store`: the one store module (SQLAlchemy Core over SQLite by default, PostgreSQL by URL), with the
  Alembic migrations of :mod:`.migrations`;
- :mod:`.schema`: the tables;
- :mod:`.tables`: game tables students share (seats, bots, moves in one order, each seat's view), mixed
  into the store;
- :mod:`.codes`: join codes, secret tokens, and the checks of what a person types (a class name, a nickname);
- :mod:`.export`: everything of a class as CSV and Parquet files.

- :mod:`.command`: ``chililab class ...``.

Nothing here imports a widget, Plotly or Jupyter: the teacher's and students' pages are built on it. This
package's ``__init__`` imports no database library (``chililab class --help`` starts without one); the store is
``from chililab.classes.store import Store``.
"""
from .codes import ClassError

__all__ = ["ClassError"]
