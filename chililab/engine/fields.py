"""A rules state's fields declared once; ``clone()`` and ``key()`` are derived from the declaration.

A rules state lists every attribute it holds in ``FIELDS`` (name -> kind).
The kind says how a clone copies it and whether the position's key holds it:

========== ============================== ===============================
kind       clone                          key
========== ============================== ===============================
value      shared (immutable value)       the value
list       shallow copy                   tuple of it
lists      copy of each inner list        tuple of tuples
dict       shallow copy                   sorted items
rng        copy on write (see below)      the generator's state
index      shallow copy                   not in the key (a list derived from keyed fields: a bit set
                                          of each hand, kept beside the hands for speed)
const      shared (options, rule objects) not in the key
scratch    reset to its ``SCRATCH`` value not in the key (per-move buffers, caches)
========== ============================== ===============================

A field may carry its initial value: ``"colour": ("value", None)`` or ``Field("value", None)`` (the
plain kind, ``"colour": "value"``, still works: the game sets it itself). Then
:meth:`~chililab.engine.RulesBase.new_state` sets it on a new state: an immutable value as it is, a
list, dict or set copied (a list of lists one level deep), and an :class:`Init` called with the seat
count and the options: :func:`per_seat` (``per_seat(0)``: ``[0] * n``, ``per_seat([])``: n empty
lists), :func:`option` (an option's value), or any ``Init(lambda n, options: ...)``.

An ``rng`` field ``f`` is shared by the original and the clone until either
draws from it: both get ``f + "_shared" = True`` and the state's accessor
copies the generator before its first draw (:class:`~chililab.engine.RulesBase`
does this for ``rng``). Copying a Mersenne Twister costs ten times the rest of a
clone, and most clones (undo snapshots, search copies) never draw.

Code for both functions is generated once per class, so a derived clone is as
fast as a hand-written one, and a field cannot be copied but forgotten in the
key (or the other way round). :func:`undeclared` finds attributes a state holds
that its declaration misses (a test calls it).
"""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

KINDS = ("value", "list", "lists", "dict", "rng", "index", "const", "scratch")

_CLONE = {"list": "src.{f}[:]", "index": "src.{f}[:]", "lists": "[x[:] for x in src.{f}]", "dict": "dict(src.{f})"}
_KEY = {"value": "s.{f}", "list": "tuple(s.{f})", "lists": "tuple(map(tuple, s.{f}))",
        "dict": "tuple(sorted(s.{f}.items()))", "rng": "s.{f}.getstate()"}


NO_INIT: Any = object()  #: a field whose initial value the game sets itself


class Field(NamedTuple):
    """A field's declaration with its initial value (``FIELDS = {"colour": Field("value", None)}``; a plain
    ``("value", None)`` tuple is the same)."""

    kind: str
    init: Any = NO_INIT


class Init:
    """An initial value made for each new state: ``make(n, options)`` (n: the seat count)."""

    __slots__ = ("make", "text")

    def __init__(self, make: Callable[[int, Mapping], Any], text: str = "Init(...)"):
        self.make = make
        self.text = text

    def __repr__(self) -> str:
        return self.text


def per_seat(value: Any) -> Init:
    """One copy of ``value`` for each seat: ``per_seat(0)`` -> ``[0] * n``, ``per_seat([])`` -> n empty lists."""
    if isinstance(value, (list, dict, set)):
        return Init(lambda n, options: [copy.copy(value) for _ in range(n)], f"per_seat({value!r})")
    return Init(lambda n, options: [value] * n, f"per_seat({value!r})")


def option(name: str, default: Any = None) -> Init:
    """The value of option ``name`` (``default`` when the options lack it)."""
    return Init(lambda n, options: options.get(name, default), f"option({name!r})")


def split(declared: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, Any]]:
    """``FIELDS`` as declared -> (name -> kind, name -> initial value of the fields that carry one)."""
    kinds: dict[str, str] = {}
    inits: dict[str, Any] = {}
    for f, d in declared.items():
        if isinstance(d, str):
            kinds[f] = d
        elif isinstance(d, tuple) and len(d) == 2 and isinstance(d[0], str):
            kinds[f] = d[0]
            if d[1] is not NO_INIT:
                inits[f] = d[1]
        else:
            raise ValueError(f"field {f}: declare a kind ({KINDS}) or (kind, initial value), not {d!r}")
    return kinds, inits


def initial(value: Any, n: int, options: Mapping) -> Any:
    """A new state's copy of a declared initial value (see the module)."""
    if isinstance(value, Init):
        return value.make(n, options)
    if isinstance(value, list):
        return [x[:] if isinstance(x, list) else x for x in value]
    if isinstance(value, (dict, set)):
        return value.copy()
    return value


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    r = random.Random.__new__(random.Random)  # no reseeding from the OS: the state is copied
    r.setstate(rng.getstate())
    return r


def build(cls, fields: dict, scratch: dict):
    """The ``clone`` and ``key`` functions of ``cls`` for the declared ``fields``."""
    for f, kind in fields.items():
        if kind not in KINDS:
            raise ValueError(f"{cls.__name__}.{f}: unknown field kind {kind!r} (one of {KINDS})")
    # the source's attribute dict is copied whole (one C call), then the mutable fields are replaced
    lines = ["def clone(src):"]
    lines += [f"    src.{f}_shared = True" for f, kind in fields.items() if kind == "rng"]
    lines += ["    d = src.__dict__.copy()"]
    for f, kind in fields.items():
        if kind in _CLONE:
            lines.append(f"    d[{f!r}] = " + _CLONE[kind].format(f=f))
        elif kind == "scratch":
            lines.append(f"    d[{f!r}] = _scratch[{f!r}]" + ("[:]" if isinstance(scratch[f], list) else ""))
    lines += ["    s = _new(_cls)", "    s.__dict__ = d", "    return s"]
    keyed = [_KEY[k].format(f=f) for f, k in fields.items() if k in _KEY]
    lines += ["def key(s):", "    return (" + ", ".join(keyed) + ",)"]
    ns = {"_new": object.__new__, "_cls": cls, "_scratch": dict(scratch)}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the class's own declaration
    ns["clone"].__doc__ = f"An independent copy of this {cls.__name__} (derived from its FIELDS)."
    ns["key"].__doc__ = "Everything that determines the game from here on, as one tuple (derived from FIELDS)."
    return ns["clone"], ns["key"]


def undeclared(state) -> set:
    """Attributes ``state`` holds that its class's FIELDS do not declare."""
    fields = type(state).FIELDS
    return set(vars(state)) - set(fields) - {f + "_shared" for f, kind in fields.items() if kind == "rng"}
