"""The game-agnostic kernel: decisions, moves, events, and the Game session.

A game supplies a *rules state* class (the :class:`~chililab.engine.protocol.RulesState`
protocol; :class:`~chililab.engine.machine.RulesBase` implements the generic part)
holding the position and the rule code: ``decision``, ``legal_moves(player)``,
``check(move)``, ``apply(move)``, ``clone()``, ``key()`` and ``view(player)``.
:class:`Game` wraps it with everything that is the same for all games: the
record (options + seed + moves), replay, undo / redo / goto from snapshots,
fingerprints, and the event log.
"""
from __future__ import annotations

import dataclasses
import hashlib
import operator
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

if TYPE_CHECKING:  # both import this module
    from .flow import Flow
    from .protocol import RulesState

from .errors import IllegalMove
from .eventlog import EventLog
from .frozen import freeze, thaw
from .registry import host_options

# ---------------------------------------------------------------- decisions


class Decision(NamedTuple):
    """Who must choose now, and what kind of choice it is (an immutable value).

    kind: ``"turn"`` (the active player's main choice), ``"choice"`` (a
    follow-up of one move: a colour, a target) or ``"window"`` (an interrupt
    window or race: several players may answer, each once).
    players: every player whose answer is still awaited. When there are
    several, their answers are collected hidden and resolved together.
    public: the players whose being asked the whole table may know. A player
    asked in secret (the one holder of a jump-in twin) is in ``players`` but
    not in ``public``; views show them only to themselves.
    """

    kind: str
    players: tuple
    phase: str
    prompt: str
    public: tuple | None = None

    def for_viewer(self, viewer: int | None) -> Decision:
        if viewer is None or self.public is None:
            return self
        shown = tuple(p for p in self.players if p in self.public or p == viewer)
        pub = tuple(p for p in self.public if p not in shown)
        return self._replace(players=shown + pub, public=None)


# ---------------------------------------------------------------- events


class Event(NamedTuple):
    """Something that happened, with the rule clauses that made it happen (an immutable value).

    ``audience`` is ``None`` for a public event, else the seats that may see
    ``text``; everyone else sees ``public_text`` (and no ``data``).
    """

    kind: str
    text: str
    rules: tuple = ()
    audience: frozenset | None = None
    public_text: str | None = None
    data: dict | None = None

    def for_viewer(self, viewer: int | None) -> Event | None:
        if self.audience is None or viewer is None or viewer in self.audience:
            return self
        if self.public_text is None:
            return None
        return Event(self.kind, self.public_text, self.rules)

    def __str__(self):
        return f"{self.text}  [{', '.join(self.rules)}]" if self.rules else self.text


def _formatted(t):
    return t if type(t) is str or t is None else t[0].format(*t[1:])


def _formatted_field(name: str, i: int) -> property:
    """A property reading tuple item ``i`` (the field ``name``), formatted."""
    return property(lambda self: _formatted(tuple.__getitem__(self, i)), doc=f"{name} (formatted when read)")


def lazy_text(base, fields: tuple):
    """A subclass of the NamedTuple ``base`` whose text ``fields`` may hold ``(template, *args)``.

    The rules build it with ``str.format`` templates in place of finished
    texts, so a move pays for no string that is never shown; reading a field,
    iterating, comparing, ``repr`` and ``_asdict`` see the formatted text, as
    with ``base`` itself.
    """
    at = {f: base._fields.index(f) for f in fields}

    def plain(self):
        """The same value as a plain ``base``, its texts formatted."""
        return base(*[getattr(self, f) for f in base._fields])

    ns: dict[str, Any] = {f: _formatted_field(f, i) for f, i in at.items()}
    ns.update({
        "__slots__": (), "__doc__": f"A {base.__name__} whose {', '.join(fields)} is formatted when read.",
        "plain": plain,
        "__iter__": lambda self: iter(tuple.__iter__(plain(self))),
        "__getitem__": lambda self, i: tuple.__getitem__(plain(self), i),
        "__eq__": lambda self, other: isinstance(other, tuple) and tuple(self) == tuple(other),
        "__ne__": lambda self, other: not (isinstance(other, tuple) and tuple(self) == tuple(other)),
        "__hash__": lambda self: hash(tuple(self)),
        "__repr__": lambda self: repr(plain(self)),
        "_asdict": lambda self: plain(self)._asdict(),
        "__getnewargs__": lambda self: tuple(self),
    })
    return type("Lazy" + base.__name__, (base,), ns)


LazyEvent = lazy_text(Event, ("text", "public_text"))
LazyDecision = lazy_text(Decision, ("prompt",))


# ---------------------------------------------------------------- moves


class Move:
    """Base class of moves: frozen dataclasses with a ``player`` field (or tuples with the same behaviour,
    their fields a ``typing.NamedTuple``: :class:`~chililab.engine.tuplemove.TupleMove`).

    A record stores a move's fields as plain JSON values: whole numbers, text,
    ``true``/``false`` and ``null`` as they are, and the fields a subclass names in

    - ``_card_fields``: one card or a tuple of cards, stored as a card id or a list of ids;
    - ``_card_lists``: a tuple of card tuples (a Dawn Raid's gangs), stored as a list of id lists;
    - ``_int_lists``: a tuple of whole numbers (the seat each gang goes to), stored as a list.
    """

    __slots__ = ()  # a subclass's instances hold only its fields (no __dict__)
    _card_fields: tuple[str, ...] = ()
    _card_lists: tuple[str, ...] = ()
    _int_lists: tuple[str, ...] = ()
    player: int
    #: every subclass is a dataclass (what :func:`dataclasses.fields` needs)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_dict(self) -> dict:
        d = {"move": type(self).__name__}
        for name in move_fields(type(self)):
            v = getattr(self, name)
            if v is None:
                pass
            elif name in self._card_fields:
                v = [c.id for c in v] if isinstance(v, tuple) else v.id
            elif name in self._card_lists:
                v = [[c.id for c in cards] for cards in v]
            elif name in self._int_lists:
                v = list(v)
            d[name] = v
        return d


def move_fields(cls: type) -> tuple[str, ...]:
    """The field names of a move class, in order: a dataclass move's, or a
    :class:`~chililab.engine.tuplemove.TupleMove`'s (its ``typing.NamedTuple``'s ``_fields``)."""
    names = _MOVE_FIELDS.get(cls)
    if names is None:
        tupled = getattr(cls, "_fields", None) if issubclass(cls, tuple) else None
        names = _MOVE_FIELDS[cls] = tuple(tupled) if tupled is not None else tuple(
            f.name for f in dataclasses.fields(cls))
    return names


_MOVE_FIELDS: dict[type, tuple[str, ...]] = {}


#: id -> (field getter, field values, several fields?) of move objects a game builds once and hands out again and again
SEALED: dict[int, tuple] = {}


def seal(moves) -> None:
    """Remember the value of move objects that live as long as the process (a game's prebuilt moves).

    Moves are frozen dataclasses, but ``object.__setattr__`` can still alter one. A game whose rules
    hand out the same objects again and again seals them once, and the kernel refuses a move whose
    fields are no longer the very objects it was sealed with (compared with ``is``: no ``__eq__`` of a value
    put there is asked; ``Game._admit``), in this game and every
    later one: the altered object is refused until it is restored. (A :class:`~chililab.engine.tuplemove.TupleMove`
    needs no seal: nothing alters a tuple.)
    """
    getters: dict[type, operator.attrgetter] = {}
    for m in moves:
        cls = type(m)
        get = getters.get(cls)
        if get is None:
            get = getters[cls] = operator.attrgetter(*move_fields(cls))
        SEALED[id(m)] = (get, get(m), len(move_fields(cls)) > 1)


#: the types of a move's plain values (besides its cards and tuples of these)
_LEAVES = frozenset((int, bool, str, float, type(None)))
#: game class -> {each of its move classes (``MOVES``' values): is it a tuple move}
_KINDS: dict[type, dict[type, bool]] = {}


def _card_id(x, card_by_id):
    """A card from its id in a record: a whole number only (not "5", 5.0 or true)."""
    if type(x) is not int:
        raise TypeError(f"a card id must be a whole number, not {x!r}")
    return card_by_id(x)


def move_from_dict(d: dict, classes: dict, card_by_id) -> Move:
    """Rebuild a move from :meth:`Move.to_dict` output. Raises ValueError/KeyError/TypeError."""
    d = dict(d)
    cls = classes[d.pop("move")]
    kw = {}
    names = set(move_fields(cls))
    if set(d) - names:
        raise ValueError(f"unknown fields {sorted(set(d) - names)} for {cls.__name__}")
    for k, v in d.items():
        if v is None:
            pass
        elif k in cls._card_fields:
            v = tuple(_card_id(x, card_by_id) for x in v) if isinstance(v, list) else _card_id(v, card_by_id)
        elif k in cls._card_lists:
            if not isinstance(v, list) or not all(isinstance(x, list) for x in v):
                raise TypeError(f"{cls.__name__}.{k} must be a list of card id lists, not {v!r}")
            v = tuple(tuple(_card_id(x, card_by_id) for x in cards) for cards in v)
        elif k in cls._int_lists:
            if not isinstance(v, list) or not all(type(x) is int for x in v):
                raise TypeError(f"{cls.__name__}.{k} must be a list of whole numbers, not {v!r}")
            v = tuple(v)
        elif isinstance(v, (bool, int, str)):
            pass
        else:
            raise TypeError(f"bad value {v!r} for {cls.__name__}.{k}")
        kw[k] = v
    return cls(**kw)


def own_copy(move):
    """``move``, or the engine's own copy of it when the caller built it (a mutable move: nobody can alter the
    copy the game keeps and applies)."""
    if isinstance(move, tuple) or id(move) in SEALED:
        return move
    return type(move)(*[getattr(move, f) for f in move_fields(type(move))])


# ---------------------------------------------------------------- session

_GAME_OVER_HOOKS: list = []


def on_game_over(hook) -> None:
    """Call ``hook(game)`` whenever a move just played ends a game (not on redo, not while a
    record is replayed). Layers above the rules use it (a signed record's registry); idempotent."""
    if hook not in _GAME_OVER_HOOKS:
        _GAME_OVER_HOOKS.append(hook)



class StateReader:
    """What a session reads straight off its rules state ``state`` (:class:`Game` and the playout path's
    :class:`~chililab.engine.playout.Playout` share it)."""

    __slots__ = ()
    state: RulesState

    @property
    def decision(self) -> Decision | None:
        return self.state.decision

    @property
    def result(self):
        return self.state.result

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def phase(self) -> str:
        return self.state.phase


def visible_events(groups, viewer: int | None) -> list[Event]:
    """The events of ``groups`` (one list per step) as ``viewer`` may see them (``None``: all of them)."""
    out = []
    for g in groups:
        for e in g:
            e2 = e.for_viewer(viewer)
            if e2 is not None:
                out.append(e2)
    return out


class Game(StateReader):
    """A game in progress: rules state + record + time travel.

    Subclasses set ``GAME`` (the record's game name), ``MOVES`` (name -> move
    class), ``flow`` (the :class:`~chililab.engine.Flow` its rules state steps along) and implement :meth:`_make_state` and :meth:`card_by_id`.
    """

    GAME = "?"
    flow: ClassVar[Flow]  #: set by each game
    state: RulesState
    FORMAT = "chililab-record"
    VERSION = 1
    MOVES: dict = {}
    _replaying = False  # True while replay_record rebuilds a game: its end was seen when it was played
    #: a snapshot every 8 steps: an undo replays at most 7 moves, on the quiet path (no event made: :meth:`goto`;
    #: the events of those steps are kept already), so an undo stays well under 50 µs in every game; only the
    #: snapshots of the last 64 steps are kept, and one every 64 steps for the whole game (GC stays light)
    SNAPSHOT_EVERY = 8
    SNAPSHOT_RECENT = 64

    def __init__(self, options: dict, seed: int, setup=None):
        # read-only copies: nothing the caller keeps or is handed changes the game (records are thawed copies)
        self.options = freeze(options)
        self.seed = seed
        self.setup = freeze(setup)
        self._fp_options: str | None = None  # the options' part of the fingerprint, made when first asked for
        self._moves: list = []
        self._redo: list = []
        # steps after which a simultaneous decision still awaited hidden answers (value False)
        self._complete: dict[int, bool] = {}
        state, events = self._make_state()
        self.state = state
        self._log = EventLog((events,))
        self._snapshots = {0: state.clone()}

    # -- hooks
    def _make_state(self) -> tuple[RulesState, list[Event]]:
        raise NotImplementedError

    @classmethod
    def card_by_id(cls, i: int) -> Any:
        raise NotImplementedError

    # -- reading (decision, result, over, phase: StateReader's)
    @property
    def step(self) -> int:
        """How many moves have been applied."""
        return len(self._moves)

    @property
    def moves(self) -> tuple:
        return tuple(self._moves)

    @property
    def history_length(self) -> int:
        """Steps reachable with goto: applied moves plus those that can be redone."""
        return len(self._moves) + len(self._redo)

    def public_steps(self) -> list[int]:
        """Steps anyone may know about: 0 and every step after which no decision awaited hidden answers.

        A seat answering a simultaneous decision (a secret jump-in poll, a shout window) adds a
        move nobody else sees; a player's step slider moves over these steps only, so its length
        does not tell that somebody was asked in secret.
        """
        return [0] + [k for k in range(1, self.history_length + 1) if self._complete.get(k, True)]

    def _seat(self, player) -> None:
        """Refuse anything but a seat number of this game (``True`` and ``1.0`` are not seats)."""
        if type(player) is not int or not 0 <= player < self.state.n:
            raise ValueError(f"no seat {player!r} in a {self.state.n}-player game: seats are 0 to {self.state.n - 1}")

    def legal_moves(self, player: int | None = None) -> list:
        """The legal moves of ``player`` now (``None``: of every seat asked)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.state.n):
            self._seat(player)
        return self.state.legal_moves(player)

    def is_legal(self, move) -> bool:
        return self._admit(move) is None

    def _admit(self, move):
        """None when ``move`` is legal now, else the :class:`IllegalMove` saying why (nothing changes).

        Before the rules look at it (``state.check``), the kernel accepts only a genuine move: ``type(move)`` is
        exactly one of the game's move classes (``MOVES``; no subclass, no look-alike, so the equality the rules
        compare it with is the class's own), and its fields hold plain values (whole numbers, text, true/false,
        None, tuples of these) and this game's own cards, unless it is the engine's own object: a tuple move
        handed out by ``legal_moves()`` (nothing can alter a tuple) or a prebuilt move sealed with
        :func:`seal` whose fields are still the very values it was built with.
        """
        cls = type(move)
        kinds = _KINDS.get(type(self))
        if kinds is None:  # move class -> is it a tuple move
            kinds = _KINDS[type(self)] = {c: issubclass(c, tuple) for c in self.MOVES.values()}
        state = self.state
        is_tuple = kinds.get(cls)
        if is_tuple is None:
            return IllegalMove(getattr(state, "MOVE_RULE", "MOVE"),
                               f"a {cls.__qualname__} is not a {self.GAME} move: a move is one of the moves "
                               f"legal_moves() lists (or built by its class: {', '.join(sorted(self.MOVES))})", move)
        if is_tuple:
            handed_out = getattr(state, "handed_out", None)  # RulesBase's: the very object of a list made now
            if handed_out is not None and handed_out(move):
                return None  # legal: the rules' check() says so first of all (its step 2)
            own = False
        else:  # a sealed move: its fields still the very objects it was sealed with (Loco's prebuilt moves)
            sealed = SEALED.get(id(move))
            if sealed is None:
                own = False
            else:
                get, then, several = sealed
                own = all(map(operator.is_, get(move), then)) if several else get(move) is then
                if not own:
                    rule = getattr(state, "ALTERED_RULE", None) or getattr(state, "MOVE_RULE", "MOVE")
                    return IllegalMove(str(rule), f"{move!r} was altered after the rules made it: moves are values",
                                       move)
        if not own:
            err = self._refuse_values(move, cls)
            if err is not None:
                return err
        return state.check(move)

    def _refuse_values(self, move, cls):
        """The refusal of a move of a genuine class ``cls`` holding anything but plain values and this game's cards."""
        card_by_id = self.card_by_id

        def card(c):
            if type(c) in _LEAVES or type(c) is tuple:
                return False
            try:
                cid = getattr(c, "id", None)
                return type(cid) is int and card_by_id(cid) is c
            except Exception:  # a look-alike card, or an id this game has no card for: not a card of it
                return False

        for name in move_fields(cls):
            try:
                v = getattr(move, name)
            except AttributeError:  # an object made without its fields (object.__new__)
                v = ok = None
            else:
                if v is None:
                    ok = True
                elif name in cls._card_fields:
                    ok = all(map(card, v)) if type(v) is tuple else card(v)
                elif name in cls._card_lists:
                    ok = type(v) is tuple and all(type(g) is tuple and all(map(card, g)) for g in v)
                else:
                    ok = type(v) in _LEAVES or type(v) is tuple and all(type(x) in _LEAVES for x in v)
            if not ok:
                if type(v) in _LEAVES or type(v) is tuple and all(type(x) in _LEAVES for x in v):
                    # a plain value where a card goes (a card's code, a number): the rules say why in their words
                    err = self.state.check(move)
                    if err is not None:
                        return err
                return IllegalMove(getattr(self.state, "MOVE_RULE", "MOVE"),
                                   f"a {cls.__name__}'s {name} must be a plain value or a card of this game, "
                                   f"not a {type(v).__qualname__}", move)
        return None

    def view(self, player: int | None):
        """What ``player`` may see (``None``: the teacher's view, everything)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.state.n):
            self._seat(player)
        return self.state.view(player)

    def locations(self) -> dict[int, list[str]]:
        """Where every physical card is, {card id: [places]}: the rules state's ``locations()`` (for
        conservation checks; a game with cards gives its rules state one)."""
        where = getattr(self.state, "locations", None)
        if where is None:
            raise NotImplementedError(f"{self.GAME}: its rules state has no locations()")
        return where()

    def events(self, step: int | None = None, viewer: int | None = None) -> list[Event]:
        """Events of one step (0 = setup, up to the current step), or of every step, as ``viewer`` may see them."""
        if viewer is not None:
            self._seat(viewer)
        if step is not None and (type(step) is not int or not 0 <= step <= self.step):
            raise ValueError(f"step must be a whole number from 0 to {self.step}, not {step!r}")
        return visible_events((self._log.flat,) if step is None else (self._log[step],), viewer)

    @property
    def log(self) -> EventLog:
        """The events of every step: ``log[0]`` the setup's, ``log[k]`` move k's (a sequence of lists)."""
        return self._log

    @property
    def edge_counts(self) -> dict:
        """How often each flow transition was taken so far: {(src, dst): count}."""
        return self.flow.counts(self.state.edge_counts)

    def fingerprint(self) -> str:
        """A short hash of everything that determines the game from here on: the options and the state.

        Options marked ``host`` in the registry (a file to write ...) are the machine's, not the game's: left out.
        """
        opts = self._fp_options
        if opts is None:
            host = host_options(self.GAME)
            opts = self._fp_options = repr(sorted((k, v) for k, v in self.options.items() if k not in host))
        return hashlib.sha256(f"{opts}|{self.state.key()!r}".encode()).hexdigest()[:20]

    # -- acting
    def apply(self, move) -> list[Event]:
        """Apply a legal move; an illegal one raises IllegalMove and changes nothing."""
        err = self._admit(move)
        if err is not None:
            raise err
        move = own_copy(move)
        state = self.state
        events = state.apply(move)
        moves = self._moves
        moves.append(move)
        self._log.add(events)
        n = len(moves)
        redoing = False
        if self._redo:
            if self._redo[-1] == move:
                self._redo.pop()
                redoing = True
            else:
                self._redo.clear()
                for k in [k for k in self._complete if k > n]:
                    del self._complete[k]
        if state.partial:
            self._complete[n] = False
        elif self._complete:
            self._complete.pop(n, None)
        if not n % self.SNAPSHOT_EVERY:
            snaps = self._snapshots
            snaps[n] = state.clone()
            old = n - self.SNAPSHOT_RECENT
            if old % self.SNAPSHOT_RECENT and old in snaps:
                del snaps[old]
        if state.result is not None and not redoing and not self._replaying:
            for hook in _GAME_OVER_HOOKS:
                hook(self)
        return events

    def undo(self) -> None:
        if not self._moves:
            raise ValueError("nothing to undo: this is the start of the game")
        self.goto(self.step - 1)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise ValueError("nothing to redo")
        return self.apply(self._redo[-1])

    def goto(self, step: int) -> None:
        """Move to ``step`` (0 = after setup) anywhere in the reachable history."""
        if type(step) is not int or not 0 <= step <= self.history_length:
            raise ValueError(f"step must be a whole number from 0 to {self.history_length}, not {step!r}")
        if step > self.step:
            while self.step < step:
                self.redo()
            return
        if step == self.step:
            return
        for m in reversed(self._moves[step:]):
            self._redo.append(m)
        del self._moves[step:]
        self._log.keep(step + 1)
        snaps = self._snapshots
        for s in [s for s in snaps if s > step]:
            del snaps[s]
        base = max(snaps)
        state = snaps[base].clone()
        play = getattr(state, "play", None)  # the quiet path (the rules state protocol's play): the events of
        if play is None:                     # these steps are kept already
            play = state.apply
        else:
            state.events = None
        every = self.SNAPSHOT_EVERY
        for k in range(base, step):  # replay, leaving snapshots behind: the next undo is quick
            play(self._moves[k])
            if not (k + 1) % every:
                snaps[k + 1] = state.clone()
        self.state = state

    def copy(self) -> Game:
        """An independent copy at the current step (for analysis and search bots)."""
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.clone()
        g._moves = list(self._moves)
        g._redo = list(self._redo)
        g._log = self._log.copy()
        g._snapshots = dict(self._snapshots)
        g._complete = dict(self._complete)
        return g

    def playout(self, listen: bool = False):
        """A :class:`~chililab.engine.playout.Playout` from this position: the same rules, played without
        events (unless ``listen``), record checks or undo (for simulations, bots and search)."""
        from .playout import Playout

        return Playout(self, listen)

    # -- record
    @property
    def record(self) -> dict:
        """Options + seed + setup + moves: everything needed to rebuild this game (a new, plain copy each time).

        Options marked ``host`` in the registry (a file to write ...) are left out: a record never names them.
        """
        host = host_options(self.GAME)
        return {
            "format": self.FORMAT,
            "version": self.VERSION,
            "game": self.GAME,
            "options": {k: thaw(v) for k, v in self.options.items() if k not in host},
            "seed": self.seed,
            "setup": thaw(self.setup),
            "moves": [m.to_dict() for m in self._moves],
        }

    def to_json(self, **kw) -> str:
        import json

        return json.dumps(self.record, ensure_ascii=False, **kw)
