"""The game registry: one :class:`GameSpec` per game, looked up by name.

Layers above the games (``sim``, ``agents``, ``cli``, ``display``, ``serve``,
``viz``, ``widgets``, ``apps``) never name a game: they ask the registry. A
game is its package under ``chililab/games/`` plus one line in
``chililab/games/__init__.py`` (``BUILTIN``) naming where its spec lives.
Other packages may add games through the ``chililab.games`` entry-point group,
and a test may :func:`register` a toy game.

A spec is data. Everything in it that would import more than the rules
(pictures, agents, lessons, dashboards, simulation columns) is named by a
dotted path ``"module:attribute"`` and imported only when asked for, so looking
a game up stays light.

>>> from chililab.engine.registry import names, get
>>> "loco" in names()
True
>>> get("loco").title
'Chili Loco'
>>> get("loco").options["tie_method"].parse("table_vote")
'table_vote'
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError

#: where the built-in games are listed (``chililab/games/__init__.py``)
BUILTIN = "chililab.games:BUILTIN"
#: agents every game has, whatever its spec lists (name -> dotted path)
GENERIC_AGENTS = {"random": "chililab.agents.random_agent:RandomAgent"}


def load(path: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute (the module itself without ``:``)."""
    mod, _, attr = path.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class Option:
    """One game option as a person sets it: in ``chililab play GAME -o NAME=VALUE`` or a dashboard form.

    ``help``: one line; ``default``: the game's default (its type says how text is read: a bool
    takes true/false/yes/no, an int a whole number, anything else JSON or else plain text);
    ``choices``: the allowed values, when there are few (a dropdown in a form);
    ``host``: the option names something outside the game (a file to write, a process ...): only
    the person running chililab sets it (Python code, ``chililab play -o``), never a saved game
    or a dashboard visitor. A record leaves it out, loading a record that sets it is refused
    (a RecordError), and the game's fingerprint ignores it.

    >>> Option("who starts", default=False).parse("yes")
    True
    >>> Option("a number", default=3).parse("x")
    Traceback (most recent call last):
    ...
    chililab.engine.errors.ConfigError: must be a whole number, not 'x'
    """

    help: str
    default: Any = None
    choices: tuple = ()
    host: bool = False

    def parse(self, text: str) -> Any:
        """The value typed as ``text``; a :class:`ConfigError` with the reason when it cannot be one."""
        t = str(text).strip()
        if isinstance(self.default, bool):
            if t.lower() not in _WORDS:
                raise ConfigError(f"must be true or false, not {t!r}")
            value: Any = _WORDS[t.lower()]
        elif isinstance(self.default, int):
            try:
                value = int(t)
            except ValueError:
                raise ConfigError(f"must be a whole number, not {t!r}") from None
        else:
            try:
                value = json.loads(t)
            except ValueError:
                value = t
        if self.choices and value not in self.choices:
            raise ConfigError(f"must be one of {', '.join(map(str, self.choices))}, not {t!r}")
        return value


@dataclass(frozen=True)
class SimStats:
    """What ``chililab.sim`` records about one finished game beyond the generic columns.

    ``names``: columns every frame has, in order (an event never seen still gets its column);
    ``row(game) -> dict``: this game's values for them (and possibly more ``event:`` columns);
    ``how``: the result's ``how`` words with their labels for the summary;
    ``groups``: (title, column prefix) tables in the summary, e.g. ("Cards laid", "laid:");
    ``interrupts``: summary rows (label, column) or (label, column, at_least); a column
    ``"how=WORD"`` counts games ended that way.
    """

    names: tuple[str, ...]
    row: Callable[[Any], dict]
    how: Mapping[str, str] = field(default_factory=dict)
    groups: tuple[tuple[str, str], ...] = ()
    interrupts: tuple[tuple, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """Everything the layers above the rules need to know about one game.

    Required: ``name`` (the record's ``game`` field and the CLI word),
    ``title``, ``package`` (the rules package). The package must export
    ``new_game(players=..., seed=..., **options)``, ``replay(record)`` and
    ``FLOW``; its views carry ``seat`` and ``players``. The other fields are
    data or dotted paths (``"module:attr"``) loaded on demand.
    """

    name: str
    title: str
    package: str
    players: tuple[int, int] = (2, 10)  #: fewest and most seats
    summary: str = ""
    #: the first word of this game's rule IDs ("LOCO" in "LOCO-TWIN-4")
    rule_prefix: str = ""
    #: option name -> :class:`Option` (CLI ``-o NAME=VALUE``, dashboard forms)
    options: Mapping[str, Option] = field(default_factory=dict)
    #: agent name -> "module:attr" of a class or factory taking no arguments ("random" is always there)
    agents: Mapping[str, str] = field(default_factory=dict)
    #: the agent that plays the bot seats unless told otherwise
    bot: str = "random"
    #: "module:attr" of this game's :class:`SimStats`
    sim: str | None = None
    #: picture name -> "module:attr" of a pure SVG-string function. "table": fn(view, width=...),
    #: "game": fn(game, viewer=None, width=...), "card": fn(card, ...), "text": fn(view) -> lines for a terminal
    pictures: Mapping[str, str] = field(default_factory=dict)
    #: rich display in notebooks: "module:TypeName" -> (mime type, picture name)
    display: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: package-data path (below ``chililab/``; ``"package:path"`` for data in another package, a plug-in's own)
    #: of the game's rules reference (JSON: ``{"clauses": {id: {"learner": text shown to people, "engineer":
    #: precise text, "section", "group"}}, "decisions": [...]}``)
    clauses: str | None = None
    #: "module:attr" of the lessons: a sequence of objects with key, section, title, text, rules,
    #: build() -> game, seat, hint and script (move specs)
    lessons: str | None = None
    #: "module:attr" of ``fn(game, name, seat, *args) -> move``, turning a lesson's script entry into a move
    lesson_move: str | None = None
    #: "module:attr" of ``fn(view, move) -> (group title, rule ID or None)`` sorting the move buttons into
    #: groups (its ``ORDER`` attribute: the titles in order); ``chililab.control.OTHER`` holds moves that
    #: cannot have an effect now, with the rule that says so
    move_group: str | None = None
    #: "module:attr" of the dashboard app factory (``app() -> widget``); served as ``<name>.ipynb``
    dashboard: str | None = None

    # -- the rules
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

    # -- what the upper layers load by name
    def picture(self, name: str) -> Callable[..., str]:
        try:
            return load(self.pictures[name])
        except KeyError:
            raise ConfigError(f"{self.title} has no picture {name!r} (has {sorted(self.pictures)})") from None

    @property
    def agent_names(self) -> list[str]:
        """Every agent name this game accepts (its own first, then the generic ones)."""
        return list(dict.fromkeys([*self.agents, *GENERIC_AGENTS]))

    def agent(self, name: str):
        """A fresh agent by its short name (case and spaces ignored); ConfigError for an unknown one."""
        key = str(name).strip().lower()
        path = self.agents.get(key) or GENERIC_AGENTS.get(key)
        if path is None:
            raise ConfigError(f"unknown agent {name!r} for {self.title}: choose from {', '.join(self.agent_names)}")
        return load(path)()

    def sim_stats(self) -> SimStats | None:
        return load(self.sim) if self.sim else None

    def lesson_list(self) -> list:
        return list(load(self.lessons)) if self.lessons else []

    def lesson(self, key: str):
        """The lesson with this key; ConfigError for an unknown key."""
        for le in self.lesson_list():
            if le.key == key:
                return le
        raise ConfigError(f"{self.title} has no lesson {key!r}")

    def rules_reference(self) -> dict:
        """The game's rules reference shipped with the package (see ``clauses``); empty when there is none."""
        if not self.clauses:
            return {}
        from importlib import resources

        pkg, _, path = self.clauses.rpartition(":")
        try:
            text = resources.files(pkg or "chililab").joinpath(path).read_text(encoding="utf-8")
        except (FileNotFoundError, OSError, ModuleNotFoundError):
            return {}
        return json.loads(text)

    def clause_texts(self) -> dict:
        """{clause ID: learner text}: the words a person reads for each clause (never the engineer text)."""
        return {i: c["learner"] for i, c in self.rules_reference().get("clauses", {}).items()}

    def dotted_paths(self) -> list[str]:
        """Every dotted path this spec names (a test loads each one)."""
        paths = [*self.agents.values(), *self.pictures.values(), *self.display]
        paths += [p for p in (self.sim, self.lessons, self.lesson_move, self.dashboard) if p]
        return paths


_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (or replace the one of the same name)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register() takes a GameSpec, not {type(spec).__name__}")
    _load_all()
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove a game (a test's toy game, say); no error when it is not there."""
    _load_all()
    _SPECS.pop(name, None)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for path in load(BUILTIN):  # a dotted path, like a plug-in: the kernel does not import the games layer
        spec = load(path)
        _SPECS[spec.name] = spec
    try:
        from importlib.metadata import entry_points

        for ep in entry_points(group="chililab.games"):
            spec = ep.load()
            _SPECS[spec.name] = spec
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
        raise ConfigError(f"unknown game {name!r}: known games are {', '.join(_SPECS)}") from None


def specs() -> list[GameSpec]:
    _load_all()
    return list(_SPECS.values())


def host_options(name: str) -> frozenset:
    """The options of game ``name`` marked ``host`` (see :class:`Option`); empty for a game not registered."""
    _load_all()
    spec = _SPECS.get(name)
    if spec is None:
        return frozenset()
    return frozenset(k for k, o in spec.options.items() if getattr(o, "host", False))


def spec_of(game) -> GameSpec:
    """The spec of a game session (by its ``GAME`` name, the ``game`` field of its record)."""
    return get(getattr(game, "GAME", None) or game.record["game"])


def spec_of_rule(rule_id: str) -> GameSpec | None:
    """The spec whose rule IDs start like ``rule_id`` ("LOCO-TWIN-4" -> Chili Loco), or None."""
    prefix = str(rule_id).split("-", 1)[0]
    return next((s for s in specs() if s.rule_prefix and s.rule_prefix == prefix), None)
