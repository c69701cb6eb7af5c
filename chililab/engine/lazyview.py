"""Seat views whose fields are computed only when an agent reads them (the simulation's fast path).

A game's full view (``state.view(seat)``) copies every field at every decision, though a bot
reads a few of them and a random bot none. A :class:`LazyView` subclass lists its fields as
functions ``FIELDS[name](state, seat)``, the very functions the game's full view is built from, so
a field read lazily holds exactly what the full view of that seat holds, and nothing else: the
seat's own hidden cards, counts of everyone else's. A field is computed on its first read and kept.

The rules state stays out of reach of the view's attributes: no field, ``vars(view)`` nor any
public attribute leads to it (a weak reference to it sits in a slot: a view neither keeps the game
alive nor costs more than that reference to make). :meth:`LazyView._close`, called by the runner
once the agent has answered, drops it: a field first read after that raises ``RuntimeError`` (a
lazy view shows one decision's moment; a bot keeps what it read, not the view).
"""
from __future__ import annotations

from typing import Any, ClassVar
from weakref import ref


class _ReadOnly:
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"a view is read-only: cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"a view is read-only: cannot delete {name!r}")


class SeatReading:
    """What every view of a game offers beyond its fields (a base of full views and lazy views alike)."""

    __slots__ = ()
    seat: int | None  # a field of every view: the viewer's seat (None: the teacher)

    @property
    def teacher(self) -> bool:
        """Is this the teacher's view (everything), not one seat's?"""
        return self.seat is None


class _Field:
    """A :class:`LazyView` field: computed on its first read of a view and kept in the view's ``__dict__``,
    which later reads find first (a non-data descriptor, like ``functools.cached_property`` without a lock)."""

    __slots__ = ("name", "get")

    def __init__(self, name: str, get):
        self.name, self.get = name, get

    def __get__(self, view, owner=None):
        if view is None:
            return self
        state = view._state
        if state is None:
            raise RuntimeError(f"this view was for a decision already answered: its field {self.name!r} was not "
                               "read while the agent chose (keep the values you need, not the view)")
        value = view.__dict__[self.name] = self.get(state(), view.seat)
        return value


class LazyView(_ReadOnly):
    """A read-only view of one seat whose fields (``FIELDS``) are computed when first read."""

    __slots__ = ("_state", "__dict__")
    #: field name -> function(state, seat) giving the field exactly as the game's full view of ``seat`` holds it
    FIELDS: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        for name, get in cls.FIELDS.items():  # one _Field per field (a subclass's FIELDS replace its base's)
            have = getattr(cls, name, None)
            if have is not None and not isinstance(have, _Field):
                raise TypeError(f"{cls.__name__}: the field {name!r} hides an attribute of the class")
            setattr(cls, name, _Field(name, get))

    def __init__(self, state, seat: int):  # a subclass may copy cheap fields at once: see open_view
        open_view(self, state)["seat"] = seat

    def __getattr__(self, name):  # only for names that are no field
        raise AttributeError(f"{type(self).__name__} has no field {name!r}")

    def _close(self) -> None:
        """Forget the rules state: fields not read so far can no longer be read."""
        _hold(self, None)

    def __repr__(self):
        return f"{type(self).__name__}(seat={self.seat}, read={sorted(k for k in self.__dict__ if k != 'seat')})"


#: set a LazyView's weak reference to its rules state (the slot's own setter: a view is read-only otherwise)
_hold = LazyView.__dict__["_state"].__set__


def open_view(view: LazyView, state) -> dict:
    """Start ``view`` on ``state`` (what :meth:`LazyView.__init__` does) and return its ``__dict__``, where a
    subclass's ``__init__`` puts ``seat`` and any field it copies at once (the value its FIELDS function gives)."""
    _hold(view, ref(state))
    return view.__dict__


class ViewOnDemand(_ReadOnly):
    """A seat's full view (``state.view(seat)``), built on the first attribute read, for a game with no
    :class:`LazyView` of its own: an agent that reads nothing (a random bot) costs no view at all."""

    __slots__ = ("_state", "_seat", "_view", "__dict__")

    def __init__(self, state, seat: int):
        object.__setattr__(self, "_state", ref(state))  # (a weak reference, as in LazyView)
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "_view", None)

    def __getattr__(self, name):  # the first read of any field builds the view; its fields are then kept here
        if name.startswith("__"):
            raise AttributeError(name)
        view = self._view
        if view is None:
            state = self._state
            if state is None:
                raise RuntimeError(f"this view was for a decision already answered and was never read: "
                                   f"cannot read {name!r} now")
            view = state().view(self._seat)
            object.__setattr__(self, "_view", view)
            self.__dict__.update(vars(view))
        return getattr(view, name)

    def _close(self) -> None:
        """Forget the rules state: a view never read can no longer be built."""
        object.__setattr__(self, "_state", None)

    def __repr__(self):
        return f"ViewOnDemand({self._view!r})" if self._view is not None else "ViewOnDemand(not read)"
