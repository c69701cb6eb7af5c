"""The game registry: one :class:`GameSpec` per game, looked up by name.

Layers above the games (``sim``, ``agents``, ``cli``, ``display``, ``serve``,
``viz``, ``widgets``, ``apps``) never name a game: they ask the registry. Every
game is found through the ``chililab.games`` entry-point group (the three built-in
games are declared in chililab's own ``pyproject.toml`` the same way), so a package
outside this repo adds a game with ``pip install``; a test may :func:`register` a toy
game. Games are listed in the order of their names.

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
import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .bounds import brief, check_bounds
from .errors import ConfigError

#: the entry-point group every game registers in (``"name = package.module:SPEC"``)
GROUP = "chililab.games"
#: agents every game has, whatever its spec lists (name -> dotted path)
GENERIC_AGENTS = {"random": "chililab.agents.random_agent:RandomAgent",
                  "search": "chililab.agents.search:make_search"}
#: agents built with the game's name and a budget (``"search:400"``, ``"search:hard"``)
BUDGETED = frozenset({"search"})
#: game name -> whether its rules deal unseen cards (GameSpec.has_search, asked once)
_SEARCHABLE: dict[str, bool] = {}


def load(path: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute (the module itself without ``:``)."""
    mod, _, attr = path.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


#: the longest text an option may be typed as (a whole dish composition of 999 entries fits)
MAX_OPTION_TEXT = 100_000

_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class Option:
    """One game option as a person sets it: in ``chililab play GAME -o NAME=VALUE`` or a dashboard form.

    ``help``: one line a person reads (what the option changes, in the rulebook's words);
    ``default``: the game's default (its type says how text is read: a bool
    takes true/false/yes/no, an int a whole number, anything else JSON or else plain text);
    ``choices``: the allowed values, when there are few (a dropdown in a form);
    ``label``: the option's name as the rulebook (or a person) says it, for forms ("Milk Chaser only
    against an attack"; default: the code name in plain letters, see :meth:`title`);
    ``choice_labels``: words for the choices (value -> words), where the values are code words;
    ``host``: the option names something outside the game (a file to write, a process ...): only
    the person running chililab sets it (Python code, ``chililab play -o``), never a saved game
    or a dashboard visitor. A record leaves it out, loading a record that sets it is refused
    (a RecordError), and the game's fingerprint ignores it.

    >>> Option("who starts", default=False).parse("yes")
    True
    >>> Option("how a tie is settled", "coin_flip", ("coin_flip", "table_vote"),
    ...        choice_labels={"coin_flip": "flip a coin"}).choice_words("table_vote")
    'table vote'
    >>> Option("x", 1).title("help_requests_per_turn_cap")
    'Help requests per turn cap'
    >>> Option("a number", default=3).parse("x")
    Traceback (most recent call last):
    ...
    chililab.engine.errors.ConfigError: must be a whole number, not 'x'
    """

    help: str
    default: Any = None
    choices: tuple = ()
    host: bool = False
    #: the types a value may have (see :meth:`check`); None: by the default (bool, int; str with choices)
    types: tuple[type, ...] | None = None
    label: str = ""
    choice_labels: Mapping[Any, str] = field(default_factory=dict)

    def title(self, name: str) -> str:
        """The option's name for a person: its ``label``, else its code name in plain letters."""
        return self.label or name.replace("_", " ").capitalize()

    def choice_words(self, value: Any) -> str:
        """A choice (or any value) in words: its ``choice_labels`` entry, else yes/no, else the value in plain
        letters (underscores as spaces)."""
        try:
            words = self.choice_labels.get(value)
        except TypeError:  # an unhashable value (a list, a dict): no label of its own
            words = None
        if words:
            return words
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value).replace("_", " ") if isinstance(value, str) else json.dumps(value)

    def check(self, name: str, value: Any) -> None:
        """Refuse (:class:`ConfigError` naming the option) a ``value`` of the wrong type or not a choice.

        The type is the default's, unless ``types`` says otherwise (``()``: any): a bool default takes
        only True/False, an int default only a whole number (not True, not 2.0); a text default is checked
        by its ``choices`` alone (a text option may take other forms a game reads, e.g. a list of rules),
        and a None default by nothing here. Ranges and cross-option rules are the game's.
        """
        types = self.types
        if types is None:
            d = self.default
            types = (bool,) if type(d) is bool else (int,) if type(d) is int else ()
        if types and type(value) not in types:
            if types == (bool,):
                raise ConfigError(f"{name} must be True or False, not {brief(value)}")
            if types == (int,):
                raise ConfigError(f"{name} must be a whole number, not {brief(value)}")
            raise ConfigError(f"{name} must be {' or '.join(t.__name__ for t in types)}, not {brief(value)}")
        if self.choices and not any(type(value) is type(c) and value == c for c in self.choices):
            raise ConfigError(f"{name} must be one of {', '.join(map(str, self.choices))}, not {brief(value)}")

    def parse(self, text: str) -> Any:
        """The value typed as ``text``; a :class:`ConfigError` with the reason when it cannot be one."""
        t = str(text).strip()
        if len(t) > MAX_OPTION_TEXT:
            raise ConfigError(f"is {len(t):,} characters long, more than the {MAX_OPTION_TEXT:,} an option may be")
        if isinstance(self.default, bool):
            if t.lower() not in _WORDS:
                raise ConfigError(f"must be true or false, not {brief(t)}")
            value: Any = _WORDS[t.lower()]
        elif isinstance(self.default, int):
            try:
                value = int(t)
            except ValueError:
                raise ConfigError(f"must be a whole number, not {brief(t)}") from None
        else:
            try:
                value = json.loads(t)
            except ValueError:
                value = t
        if self.choices and value not in self.choices:
            raise ConfigError(f"must be one of {', '.join(map(str, self.choices))}, not {brief(t)}")
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


class Explorer(NamedTuple):
    """An explorer page: its notebook name, the ``module:function`` that builds it, a title and a summary.

    ``browser``: its simulations run under Pyodide, so the static site (``chililab site build``) carries it.
    """

    page: str
    app: str
    title: str
    summary: str
    browser: bool = False


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
    players: tuple[int, int] = (2, 10)  #: fewest and most seats (the one place a game writes them)
    #: the seat count when none is given (None: the fewest)
    default_players: int | None = None
    #: what a refused seat count cites, in parentheses (default: "<rule_prefix>-SETUP-1")
    players_rule: str = ""
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
    #: path inside the game's own package (``package``, normally ``data/rules.json``) of its rules reference (JSON: ``{"clauses": {id: {"learner":
    #: text shown to people, "engineer": precise text, "section", "group"}}, "decisions": [...]}``)
    clauses: str | None = None
    #: "module:attr" of the lessons: a sequence of objects with key, section, title, text, rules,
    #: build() -> game, seat, hint and script (move specs)
    lessons: str | None = None
    #: "module:attr" of ``fn(game, name, seat, *args) -> move``, turning a lesson's script entry into a move
    lesson_move: str | None = None
    #: "module:attr" of ``fn(view, move) -> (group title, rule ID or None)`` sorting the move buttons into
    #: groups (its ``ORDER`` attribute: the titles in order; a title that starts with one of them and a space
    #: sorts with it); ``chililab.control.OTHER`` holds moves that cannot have an effect now, with the rule
    #: that says so
    move_group: str | None = None
    #: "module:attr" of ``fn(view, move) -> str``: a move button's words, in its group (default: the move's
    #: text with seats as people count them, :func:`chililab.engine.words.people`)
    move_label: str | None = None
    #: ``"module:function"``: ``(view) -> str``, one thing a seat can see that bears on its choice, in a
    #: learner's words, for the coach's sentence (:mod:`chililab.coach`); None: the coach says only its numbers
    coach_fact: str | None = None
    #: "module:attr" of ``fn(text) -> str``: the game's own rewording of engine text for a learner (its card
    #: codes in words ...), applied to events, prompts and refusals after :func:`~chililab.engine.words.people`
    words: str | None = None
    #: "module:attr" of the dashboard app factory (``app() -> widget``); served as ``<name>.ipynb``
    dashboard: str | None = None
    #: the dashboard's line under the title (HTML entities allowed, no tags)
    tagline: str = ""
    #: the game's explorer pages (served as ``Explorer.page``, listed on the landing page)
    explorers: tuple[Explorer, ...] = ()
    #: "module:attr" of ``fn() -> [(kind, source), ...]``: the tutorial notebook's cells ("markdown" or "code"),
    #: written as ``notebooks/<name>_tutorial.ipynb`` by ``tools/make_notebooks.py``
    tutorial: str | None = None
    #: "module:attr" of the probability lesson (``NOTEBOOK``: see ``chililab.apps.prob_lessons``), written as
    #: ``notebooks/<name>_probability.ipynb``
    probability: str | None = None

    # -- options
    @property
    def defaults(self) -> dict:
        """Every option's default, with ``players`` (a new dict each time)."""
        lo = self.players[0]
        return {"players": lo if self.default_players is None else self.default_players,
                **{k: o.default for k, o in self.options.items()}}

    def check_players(self, n: Any) -> int:
        """``n`` if it is a seat count this game allows (``players``), else a :class:`ConfigError` saying so."""
        lo, hi = self.players
        if type(n) is not int or not lo <= n <= hi:
            rule = self.players_rule or (f"{self.rule_prefix}-SETUP-1" if self.rule_prefix else "")
            raise ConfigError(f"players: {self.title} needs {lo} to {hi} players, not {brief(n)}"
                              + (f" ({rule})" if rule else ""))
        return n

    def normalize(self, raw: Mapping, renamed: Mapping[str, str] | None = None) -> dict:
        """``raw`` options checked against what this spec declares, completed with the defaults (a new dict;
        ``raw`` is not changed). A :class:`ConfigError` names the first bad option: an unknown name, a seat
        count outside ``players``, a value of the wrong type or not one of its choices (:meth:`Option.check`).
        What no declaration says (ranges, one option depending on another) is the game's to check after.

        ``renamed`` maps an option's old name to its new one: a record saved before the rename is read under
        the new name (both names at once are refused).
        """
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{self.title} options must be a mapping of names to values, not {brief(raw)}")
        for old, new in (renamed or {}).items():
            if old in raw:
                if new in raw:
                    raise ConfigError(f"{old} is the old name of {new}: give {new} only")
                raw = {(new if k == old else k): v for k, v in raw.items()}
        for name, value in raw.items():  # a host option (a file to write) is the host's, not a stranger's
            if not (name in self.options and self.options[name].host):
                check_bounds(value, str(name) if type(name) is str and len(name) <= 40 else brief(name))
        o = self.defaults
        unknown = set(raw) - set(o)
        if unknown:
            raise ConfigError(f"unknown {self.title} option(s) {sorted(map(str, unknown))}; "
                              f"known options: {sorted(o)}")
        o.update(raw)
        self.check_players(o["players"])
        for name, opt in self.options.items():
            value = o[name]
            if value is None and opt.default is None:
                continue
            opt.check(name, value)
        return o

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

    def new_playout(self, players: int | None = None, seed: int | None = None, listen: bool = False, **options):
        """A new game on the playout path (:class:`~chililab.engine.playout.Playout`): no events unless
        ``listen``, no undo; ``to_game()`` makes it a whole game again."""
        from .core import Game
        from .playout import Playout

        game = self.new_game(players, seed, **options)
        if not isinstance(game, Game):
            raise ConfigError(f"{self.title} is not played by chililab's kernel (its new_game gives a "
                              f"{type(game).__name__}): it has no playout path; play its games themselves")
        return Playout(game, listen, take=True)

    def replay(self, record):
        return self.module.replay(record)

    # -- what the upper layers load by name
    def picture(self, name: str) -> Callable[..., str]:
        try:
            return load(self.pictures[name])
        except KeyError:
            raise ConfigError(f"{self.title} has no picture {brief(name)} (has {sorted(self.pictures)})") from None

    @property
    def agent_names(self) -> list[str]:
        """Every agent name this game accepts (its own first, then the generic ones)."""
        generic = [a for a in GENERIC_AGENTS if a not in BUDGETED or self.has_search]
        return list(dict.fromkeys([*self.agents, *generic]))

    def agent(self, name: str):
        """A fresh agent by its short name (case and spaces ignored); ConfigError for an unknown one.

        ``"search"`` takes a budget after a colon: ``"search:400"`` (iterations) or ``"search:hard"``."""
        key = str(name).strip().lower().replace(" ", "")
        base, colon, budget = key.partition(":")
        if base in BUDGETED and base not in self.agents:
            if not self.has_search:
                raise ConfigError(f"{self.title} has no search bot (its rules cannot deal the cards a seat "
                                  f"cannot see): choose from {', '.join(self.agent_names)}")
            return load(GENERIC_AGENTS[base])(self.name, budget)
        path = None if colon else self.agents.get(key) or GENERIC_AGENTS.get(key)
        if path is None:
            raise ConfigError(f"unknown agent {brief(name)} for {self.title}: choose from {', '.join(self.agent_names)}")
        return load(path)()

    @property
    def has_search(self) -> bool:
        """True when the game's rules can deal the cards a seat cannot see (:mod:`chililab.engine.worlds`)."""
        known = _SEARCHABLE.get(self.name)
        if known is None:
            from .worlds import has_worlds

            state = getattr(self.new_game(seed=0), "state", None)
            known = _SEARCHABLE[self.name] = state is not None and has_worlds(type(state))
        return known

    def sim_stats(self) -> SimStats | None:
        return load(self.sim) if self.sim else None

    def lesson_list(self) -> list:
        return list(load(self.lessons)) if self.lessons else []

    def lesson(self, key: str):
        """The lesson with this key; ConfigError for an unknown key."""
        for le in self.lesson_list():
            if le.key == key:
                return le
        raise ConfigError(f"{self.title} has no lesson {brief(key)}")

    def rules_reference(self) -> dict:
        """The game's rules reference shipped with the package (see ``clauses``); empty when there is none."""
        if not self.clauses:
            return {}
        from importlib import resources

        try:
            text = resources.files(self.package).joinpath(self.clauses).read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            return {}
        return json.loads(text)

    def clause_texts(self) -> dict:
        """{clause ID: learner text}: the words a person reads for each clause (never the engineer text)."""
        return {i: c["learner"] for i, c in self.rules_reference().get("clauses", {}).items()}

    def dotted_paths(self) -> list[str]:
        """Every dotted path this spec names (a test loads each one)."""
        paths = [*self.agents.values(), *self.pictures.values(), *self.display]
        paths += [p for p in (self.sim, self.lessons, self.lesson_move, self.move_group, self.move_label, self.coach_fact, self.words,
                              self.dashboard, self.tutorial, self.probability) if p]
        paths += [e.app for e in self.explorers]
        return paths


_SPECS: dict[str, GameSpec] = {}
_loaded = False  # the installed games are in _SPECS
_started = False  # a thread began loading them


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


#: entry points that could not be loaded: name -> the reason (a broken plug-in must not stop the other games)
BROKEN: dict[str, str] = {}


#: held while the installed games load: another thread waits for them (the same thread may come back in, when a
#: game's import registers something)
_LOADING = threading.RLock()


def _load_all() -> None:
    if _loaded:
        return
    with _LOADING:
        _load_installed()


def _load_installed() -> None:
    global _loaded, _started
    if _loaded or _started:  # loaded, or this very thread is loading them (a game's import came back here)
        return
    _started = True
    try:
        _load_entry_points()
    finally:
        _loaded = True


def _load_entry_points() -> None:
    from importlib.metadata import entry_points

    found: dict[str, GameSpec] = {}
    for ep in entry_points(group=GROUP):
        try:
            spec = ep.load()
            if not isinstance(spec, GameSpec):
                raise TypeError(f"{ep.value} is a {type(spec).__name__}, not a GameSpec")
        except Exception as e:  # any error of a plug-in's import is reported, not raised
            BROKEN[ep.name] = f"{type(e).__name__}: {e}"
            warnings.warn(f"chililab: the game {brief(ep.name)} ({ep.value}) could not be loaded: {BROKEN[ep.name]}",
                          RuntimeWarning, stacklevel=3)
            continue
        found.setdefault(spec.name, spec)
    if not found:
        warnings.warn(f"chililab: no game is registered in the entry-point group {brief(GROUP)}: install chililab "
                      "(python3 -m pip install -e .) so that its games are found", RuntimeWarning, stacklevel=3)
    _SPECS.update(sorted(found.items()))


def names() -> list[str]:
    """The names of every registered game: the installed ones in the order of their names, then any
    :func:`register` added."""
    _load_all()
    return list(_SPECS)


def get(name: str) -> GameSpec:
    """The spec of game ``name``; a clear :class:`ConfigError` for an unknown name."""
    _load_all()
    try:
        return _SPECS[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown game {brief(name)}: known games are {', '.join(_SPECS)}") from None


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
