"""Moves stored as tuples: ``typing.NamedTuple`` fields, the behaviour of the kernel's frozen dataclass moves.

A game whose turn lists many moves each decision (one game offers some 16 a turn, most of them Hot-card
declarations) spends much of its time building them; a tuple is built about four times faster than a frozen
dataclass. Such a move is declared in two parts, both of which type checkers understand as they are: its
fields as a ``typing.NamedTuple`` (the constructor, read-only fields, defaults), and the move itself, a
subclass of :class:`TupleMove` and of those fields, holding its text and its record hints
(``_card_fields`` ...). It then behaves like a frozen dataclass move (:class:`~chililab.engine.Move`): the
same constructor, ``repr``, equality (same class, equal fields: a ``Discard`` never equals a ``Pick`` of the
same values, as plain tuples would), hash, no order, ``dataclasses.fields`` / ``replace`` / ``is_dataclass``, records (:meth:`~chililab.engine.Move.to_dict`,
:func:`~chililab.engine.move_from_dict`, both reading :func:`~chililab.engine.core.move_fields`), and no
field can be set, not even through ``object.__setattr__``. The rules may build one with
``tuple.__new__(cls, values)`` (all fields, in order) at the cost of a plain tuple; mypy infers the move's
class from that call too.

>>> from typing import NamedTuple
>>> class _Take(NamedTuple):
...     player: int
...     card: int
...     count: int = 1
>>> class Take(TupleMove, _Take):
...     __slots__ = ()
>>> m = Take(0, 7)
>>> m, m.card, m == Take(0, 7, 1), m == Take(1, 7), hash(m) == hash(Take(0, 7)), m == (0, 7, 1)
(Take(player=0, card=7, count=1), 7, True, False, True, False)
>>> m.to_dict()
{'move': 'Take', 'player': 0, 'card': 7, 'count': 1}
>>> m.card = 8
Traceback (most recent call last):
...
AttributeError: ...
"""
from __future__ import annotations

import dataclasses
from typing import Any

from .core import Move

_teq = tuple.__eq__


class TupleMove(Move):
    """Base class of moves stored as tuples (see the module): ``class M(TupleMove, _MFields)``, ``_MFields`` a
    ``typing.NamedTuple`` whose first field is ``player``; ``M`` declares ``__slots__ = ()``."""

    __slots__ = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a TupleMove declares __slots__ = () (its values live in the tuple)")
        names = getattr(cls, "_fields", None)
        if not issubclass(cls, tuple) or names is None:
            raise TypeError(f"{cls.__name__}: a TupleMove subclasses a typing.NamedTuple holding its fields")
        if not names or names[0] != "player":
            raise TypeError(f"{cls.__name__}: a move's first field is player")
        # dataclasses.fields / replace / is_dataclass work as on the dataclass moves: the fields of a
        # dataclass shadow with the same annotations and defaults (the class's own attributes are tuple readers)
        hints: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            hints.update(vars(klass).get("__annotations__", {}))
        annotations = {f: getattr(hints.get(f), "__forward_arg__", hints.get(f, Any)) for f in names}
        shadow = type(cls.__name__, (), {"__annotations__": annotations, **getattr(cls, "_field_defaults", {})})
        dataclasses.dataclass(shadow, init=False, repr=False, eq=False)
        cls.__dataclass_fields__ = vars(shadow)["__dataclass_fields__"]

    # type(), not __class__ (a look-alike may answer any __class__)
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and _teq(self, other)  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return not (type(other) is type(self) and _teq(self, other))  # type: ignore[arg-type]

    __hash__ = tuple.__hash__  # the hash of its field values, as a frozen dataclass's

    def __lt__(self, other: object) -> bool:  # moves have no order (as dataclasses without order=True)
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__
