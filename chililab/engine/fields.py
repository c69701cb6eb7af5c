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
const      shared (options, rule objects) not in the key
scratch    reset to its ``SCRATCH`` value not in the key (per-move buffers, caches)
========== ============================== ===============================

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

import random

KINDS = ("value", "list", "lists", "dict", "rng", "const", "scratch")

_CLONE = {"list": "src.{f}[:]", "lists": "[x[:] for x in src.{f}]", "dict": "dict(src.{f})"}
_KEY = {"value": "s.{f}", "list": "tuple(s.{f})", "lists": "tuple(map(tuple, s.{f}))",
        "dict": "tuple(sorted(s.{f}.items()))", "rng": "s.{f}.getstate()"}


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
