"""The game registry: one :class:`GameSpec` per game, looked up by name.

Layers above the games (``sim``, ``agents``, ``cli``, ``display``, ``serve``,
``viz``, ``widgets``) never name a game: they ask the registry. A game is its
package under ``chililab/games/`` plus one line in ``chililab/games/__init__.py``
(``BUILTIN``) naming where its spec lives. Other packages may add games
through the ``chililab.games`` entry-point group.

Everything in a spec that would import more than the rules (pictures, agents,
lessons, dashboards) is named by a dotted path ``"module:attribute"`` and
imported only when asked for, so looking a game up stays light.

>>> from chililab.engine.registry import names, get
>>> "loco" in names()
True
>>> get("loco").title
'Chili Loco'
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import ConfigError


def load(path: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute."""
    mod, _, attr = path.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class GameSpec:
    """Everything the layers above the rules need to know about one game.

    Required: ``name`` (the record's ``game`` field and the CLI word),
    ``title``, ``package`` (the rules package). The package must export
    ``new_game(players=..., seed=..., **options)``, ``replay(record)`` and
    ``FLOW``. The other fields are dotted paths (``"module:attr"``) or data,
    loaded on demand.
    """

    name: str
    title: str
    package: str
    players: tuple[int, int] = (2, 10)  # fewest and most seats
    summary: str = ""
    #: option name -> one line of help (CLI ``-o NAME=VALUE``, dashboard forms)
    options: Mapping[str, str] = field(default_factory=dict)
    #: agent name -> "module:attr" of a class or factory taking no arguments
    agents: Mapping[str, str] = field(default_factory=dict)
    #: "module:attr" of ``fn(game) -> dict`` giving this game's extra simulation columns
    sim_columns: str | None = None
    #: picture name ("table", "card", "card_back") -> "module:attr" of a pure SVG-string function
    pictures: Mapping[str, str] = field(default_factory=dict)
    #: package-data path (below ``chililab/``) of the learner texts of this game's clauses
    clauses: str | None = None
    #: "module:attr" of the lessons (a sequence of lesson objects)
    lessons: str | None = None
    #: "module:attr" of the dashboard app factory
    dashboard: str | None = None

    # -- loading
    @property
    def module(self):
        return importlib.import_module(self.package)

    @property
    def flow(self):
        return self.module.FLOW

    def new_game(self, players: int | None = None, seed: int | None = None, **options):
        kw = {} if players is None else {"players": players}
        return self.module.new_game(seed=seed, **kw, **options)

    def replay(self, record):
        return self.module.replay(record)

    def picture(self, name: str) -> Callable[..., str]:
        try:
            return load(self.pictures[name])
        except KeyError:
            raise ConfigError(f"{self.title} has no picture {name!r} (has {sorted(self.pictures)})") from None

    def agent(self, name: str):
        try:
            return load(self.agents[name])
        except KeyError:
            raise ConfigError(f"{self.title} has no agent {name!r}: choose one of {', '.join(sorted(self.agents))}") from None


_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (or replace the one of the same name)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register() takes a GameSpec, not {type(spec).__name__}")
    _SPECS[spec.name] = spec
    return spec


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from chililab.games import BUILTIN

    for path in BUILTIN:
        register(load(path))
    try:
        from importlib.metadata import entry_points

        for ep in entry_points(group="chililab.games"):
            register(ep.load())
    except Exception:  # pragma: no cover - a broken third-party plug-in must not stop the built-in games
        pass


def names() -> list[str]:
    """The names of every registered game, in registration order."""
    _load_all()
    return list(_SPECS)


def get(name: str) -> GameSpec:
    """The spec of game ``name``; a clear :class:`ConfigError` for an unknown name."""
    _load_all()
    try:
        return _SPECS[name]
    except (KeyError, TypeError):
        raise ConfigError(f"no game called {name!r}: choose one of {', '.join(_SPECS)}") from None


def specs() -> list[GameSpec]:
    _load_all()
    return list(_SPECS.values())
