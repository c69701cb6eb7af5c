"""Bounds on values from anybody (a pasted record, a dashboard form): checked before anything uses them.

A saved game or an option typed in a form may come from a stranger, so its shape is bounded before a game
reads it: how long a text is, how many items a list or an object holds, how deep they nest, how big a whole
number is. The bounds leave room many times over for any real game (the longest text in a long game's record
is a card name of about 30 characters; the longest list, an explicit deck of at most 999 cards).
:func:`brief` quotes a value in an error message by a short prefix only, however big the value is.

>>> check_bounds({"name": "Dish 5"}, "option")
>>> check_bounds("x" * 5000, "option dish name")
Traceback (most recent call last):
...
chililab.engine.errors.ConfigError: option dish name is a text of 5,000 characters, more than the 200 allowed
>>> brief("x" * 1_000_000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
"""
from __future__ import annotations

import reprlib
from collections.abc import Mapping

from .errors import ConfigError

#: the longest text (characters) anywhere in a record or an option value, keys included
MAX_TEXT = 200
#: the most items a list or an object may hold (a record's ``moves`` has its own limit)
MAX_ITEMS = 1_000
#: how deep lists and objects may nest inside one another (a record, its options, a move)
MAX_DEPTH = 12
#: the biggest whole number (in size) a record or an option may hold: a seed's range (2**64 - 1)
MAX_INT = 2**64 - 1
#: the characters of a value an error message quotes at most
QUOTE_CHARS = 60

_short = reprlib.Repr()
_short.maxstring = _short.maxother = QUOTE_CHARS
_short.maxlevel = 3
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 6


def brief(x, limit: int = QUOTE_CHARS) -> str:
    """``repr(x)`` cut to about ``limit`` characters (ending with "…" when cut): safe for any value, however big,
    deep or strange (a whole number of 10,000 digits, an object whose repr fails)."""
    try:
        if type(x) is int and x.bit_length() > 4 * limit:
            text = f"<a whole number of about {int(x.bit_length() * 0.30103):,} digits>"
        else:
            text = _short.repr(x)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still named
        text = f"<{type(x).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_bounds(value, where: str, error: type[Exception] = ConfigError, max_items: int = MAX_ITEMS,
                 top_items: int | None = None) -> None:
    """Raise ``error`` (a plain sentence naming the place, e.g. ``options.teams[3]``) when ``value`` holds a
    text longer than :data:`MAX_TEXT`, a list or object of more than ``max_items`` items (``top_items`` for
    ``value`` itself), a nesting deeper than :data:`MAX_DEPTH` or a whole number beyond :data:`MAX_INT`.

    Walks without recursion, in time proportional to the size of ``value``; values of other types (numbers
    with a fraction, booleans, None, objects a program passed) are left to their readers.
    """
    stack: list[tuple[object, tuple, int]] = [(value, (), 0)]
    while stack:
        x, path, depth = stack.pop()
        t = type(x)
        if t is str:
            if len(x) > MAX_TEXT:  # type: ignore[arg-type]
                raise error(f"{_place(where, path)} is a text of {len(x):,} characters, "  # type: ignore[arg-type]
                            f"more than the {MAX_TEXT} allowed")
        elif t is int:
            if not -MAX_INT <= x <= MAX_INT:  # type: ignore[operator]
                raise error(f"{_place(where, path)} is a whole number too big ({brief(x)}): at most "
                            f"{MAX_INT:,} in size is allowed")
        elif isinstance(x, (list, tuple, Mapping)):
            limit = top_items if depth == 0 and top_items is not None else max_items
            if len(x) > limit:
                raise error(f"{_place(where, path)} holds {len(x):,} items, more than the {limit:,} allowed")
            if depth >= MAX_DEPTH and len(x):
                raise error(f"{_place(where, path)} nests lists and objects more than {MAX_DEPTH} deep")
            # pushed last first, so the first fault in reading order is the one named
            if isinstance(x, Mapping):
                for k, v in reversed(list(x.items())):
                    stack.append((v, (path, k), depth + 1))
                    stack.append((k, (path, _KEY), depth + 1))
            else:
                stack.extend((x[i], (path, i), depth + 1) for i in range(len(x) - 1, -1, -1))


_KEY = object()  # in a path: "a key of" the object above


def _place(where: str, path: tuple) -> str:
    """``where`` followed by the keys and indexes of ``path`` (a chain of (parent, key) pairs), e.g.
    ``options.teams[3]``; a key that is not short plain text is quoted briefly."""
    keys = []
    while path:
        path, k = path
        keys.append(k)
    out = where
    for k in reversed(keys):
        if k is _KEY:
            return f"a key of {out or 'it'}"
        if type(k) is int:
            out += f"[{k}]"
        else:
            out += (f".{k}" if out else k) if type(k) is str and len(k) <= 40 and k.isprintable() \
                else f"[{brief(k, 24)}]"
    return out or "it"
