"""The optional parts of chililab and the pip extra that installs each (``[project.optional-dependencies]``).

A plain ``pip install chililab`` installs only what the dashboards import at run time, which a
browser's Pyodide loads as it is (ipywidgets, anywidget). Everything else is an extra:

- ``sim``: pandas, pyarrow, tqdm (``chililab simulate``, ``chililab metrics``, :mod:`chililab.sim`);
- ``dask``: Dask's ``distributed`` (``--backend dask``);
- ``flows``: networkx (``Flow.graph()``) and pygraphviz (laying out a flow that is not shipped laid out);
- ``charts``: plotly (:mod:`chililab.viz.charts`; the plotly.js file the dashboard server sends);
- ``server``: Voila and JupyterLab (``chililab dashboards``, the notebooks), with ``charts``;
- ``class``: SQLAlchemy, Alembic and psycopg (``chililab class``, the class store :mod:`chililab.classes`);
- ``all``: all of these but ``dask``: what the README's first command installs.

A code path that needs a missing extra says which one (:class:`MissingExtra`).

>>> print(hint("sim"))
python3 -m pip install 'chililab[sim]' (in a clone: python3 -m pip install -e '.[sim]')
>>> str(MissingExtra("pandas", "chililab simulate"))
"chililab simulate needs pandas, which is not installed: python3 -m pip install 'chililab[sim]' (in a clone: python3 -m pip install -e '.[sim]')"
"""
from __future__ import annotations

import importlib
import importlib.util

#: top-level module -> the extra that installs it
EXTRA_OF = {
    "pandas": "sim", "pyarrow": "sim", "tqdm": "sim",
    "dask": "dask", "distributed": "dask",
    "networkx": "flows", "pygraphviz": "flows",
    "plotly": "charts",
    "voila": "server", "jupyterlab": "server", "jupyter_server": "server",
    "sqlalchemy": "class", "alembic": "class", "psycopg": "class",
}


def hint(extra: str) -> str:
    """The command that installs ``extra``."""
    return f"python3 -m pip install 'chililab[{extra}]' (in a clone: python3 -m pip install -e '.[{extra}]')"


class MissingExtra(ModuleNotFoundError):
    """An optional package is not installed; the message names the extra that brings it.

    A :class:`ModuleNotFoundError`, so code that catches ``ImportError`` still does.
    """

    def __init__(self, module: str, what: str = "this"):
        self.extra = EXTRA_OF[module.partition(".")[0]]
        super().__init__(f"{what} needs {module}, which is not installed: {hint(self.extra)}", name=module)


def missing(err: ImportError, what: str = "this") -> MissingExtra | None:
    """The :class:`MissingExtra` for ``err`` when it is an optional package that is not installed, else None."""
    if isinstance(err, MissingExtra):
        return err
    name = (getattr(err, "name", None) or "").partition(".")[0]
    return MissingExtra(name, what) if isinstance(err, ModuleNotFoundError) and name in EXTRA_OF else None


def require(module: str, what: str = "this"):
    """Import ``module`` (an optional package) or raise :class:`MissingExtra` naming its extra."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if (e.name or "").partition(".")[0] != module.partition(".")[0]:
            raise  # the package is there but something it imports is not
        raise MissingExtra(module, what) from None


def check(module: str, what: str = "this") -> None:
    """Raise :class:`MissingExtra` if ``module`` is not installed, without importing it."""
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise MissingExtra(module, what)
