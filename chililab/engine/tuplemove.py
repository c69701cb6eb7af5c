"""Moves stored as tuples: the same values as frozen dataclass moves, built about four times faster.

A game whose turn lists many moves each decision (one game offers some 16 a turn, most of them Hot-card
declarations) spends much of its time building them. :class:`TupleMove` subclasses are declared like
dataclasses (annotated fields, defaults) and behave like the frozen dataclass moves of the kernel
(:class:`~chililab.engine.Move`): the same constructor, ``repr``, equality (same class, equal fields),
hash, ``dataclasses.fields`` / ``replace``, records (:meth:`~chililab.engine.Move.to_dict`,
:func:`~chililab.engine.move_from_dict`), and no field can be set, not even through
``object.__setattr__`` (so a move object can be handed out again and again safely). Underneath each is
a tuple of its field values, so the rules may build one with ``tuple.__new__(cls, values)`` (all
fields, in order) at the cost of a plain tuple.

>>> class Take(TupleMove):
...     __slots__ = ()
...     player: int
...     card: int
...     count: int = 1
>>> m = Take(0, 7)
>>> m, m.card, m == Take(0, 7, 1), m == Take(1, 7), hash(m) == hash(Take(0, 7))
(Take(player=0, card=7, count=1), 7, True, False, True)
>>> m.to_dict()
{'move': 'Take', 'player': 0, 'card': 7, 'count': 1}
>>> m.card = 8
Traceback (most recent call last):
...
AttributeError: ...
"""
from __future__ import annotations

import dataclasses
from collections import _tuplegetter  # type: ignore[attr-defined]  # namedtuple's field reader (C)
from typing import Any

from .core import Move

_tnew = tuple.__new__
_teq = tuple.__eq__


class TupleMove(tuple, Move):
    """Base class of moves stored as tuples (see the module). A subclass declares ``__slots__ = ()`` and its
    fields as annotations (``player`` first), like a dataclass; it must not subclass another TupleMove."""

    __slots__ = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a TupleMove declares __slots__ = () (its values live in the tuple)")
        # a dataclass without __init__ or __eq__: its fields (for dataclasses.fields, records) and its repr
        dataclasses.dataclass(cls, init=False, repr=True, eq=False)
        fields = dataclasses.fields(cls)
        names = [f.name for f in fields]
        if not names or names[0] != "player":
            raise TypeError(f"{cls.__name__}: a move's first field is player")
        ns: dict[str, Any] = {"_tnew": _tnew}
        args = ", ".join(names)
        exec(f"def __new__(_cls, {args}):\n    return _tnew(_cls, ({args},))", ns)  # noqa: S102 - namedtuple's way
        new = ns["__new__"]
        new.__defaults__ = tuple(f.default for f in fields if f.default is not dataclasses.MISSING) or None
        new.__qualname__ = f"{cls.__qualname__}.__new__"
        cls.__new__ = staticmethod(new)  # type: ignore[method-assign]
        for i, name in enumerate(names):
            setattr(cls, name, _tuplegetter(i, f"field {name}"))

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and _teq(self, other)

    def __ne__(self, other: object) -> bool:
        return not (other.__class__ is self.__class__ and _teq(self, other))

    __hash__ = tuple.__hash__  # the hash of its field values, as a frozen dataclass's

    def __lt__(self, other: object) -> bool:  # moves have no order (as dataclasses without order=True)
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __getnewargs__(self) -> tuple:  # copy and pickle rebuild it through __new__
        return tuple(self)
