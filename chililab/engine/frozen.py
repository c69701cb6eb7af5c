"""Read-only JSON values: what a game hands out of its options, setup and event data.

:class:`FrozenDict` and :class:`FrozenList` are ``dict`` and ``list`` that refuse
every change (``TypeError``), so they still compare equal to plain dicts and
lists and ``json.dumps`` writes them exactly as it writes those. :func:`freeze`
makes a read-only copy of a JSON-like value, :func:`thaw` a plain, mutable one.

>>> d = freeze({"seat": 1, "cards": [5, 7]})
>>> d == {"seat": 1, "cards": [5, 7]}
True
>>> d["seat"] = 2
Traceback (most recent call last):
...
TypeError: this value is read-only: make a copy to change it (chililab.engine.frozen.thaw)
>>> thaw(d)["cards"].append(9)
"""
from __future__ import annotations


def _refuse(self, *args, **kw):
    raise TypeError("this value is read-only: make a copy to change it (chililab.engine.frozen.thaw)")


class FrozenDict(dict):
    """A ``dict`` that refuses changes; ``copy()`` and :func:`thaw` give a mutable one."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return FrozenDict, (dict(self),)

    def copy(self) -> dict:
        return dict(self)


class FrozenList(list):
    """A ``list`` that refuses changes; ``copy()`` and :func:`thaw` give a mutable one."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return FrozenList, (list(self),)

    def copy(self) -> list:
        return list(self)


def freeze(value):
    """A read-only deep copy of a JSON-like value (dicts and lists inside become frozen too)."""
    t = type(value)
    if t is dict or t is FrozenDict:
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if t is list or t is tuple or t is FrozenList:
        return FrozenList([freeze(v) for v in value])
    return value


def freeze_data(data: dict) -> FrozenDict:
    """An event's data made read-only, cheaply when its values are already immutable (numbers, text, tuples)."""
    for v in data.values():
        if type(v) in _MUTABLE:
            return freeze(data)
    return FrozenDict(data)


_MUTABLE = frozenset({dict, list, set})


def thaw(value):
    """A plain, mutable deep copy of a JSON-like value (frozen or not)."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value
