"""Cards by name for explicit decks and scenarios: folding names, and handing out distinct physical cards.

Every game keeps its cards as singletons with an integer ``id`` and reads codes
its own way (``"R-Bell"``, ``"Ghost*"``). What is the
same for all of them lives here: :func:`fold`, which makes a name comparable
whatever its accents, case and punctuation, and :class:`CardPicker`, which takes
one physical card per code, id or card out of a pool, each at most once.

>>> fold("Jalapeño") == fold("jalapeno") == fold("JALAPE-NO")
True
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, ClassVar


def fold(name: str) -> str:
    """``name`` in lower-case ASCII letters and digits only: accents, spaces and punctuation dropped."""
    s = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "".join(ch for ch in s.lower() if ch.isalnum())


class CardPicker:
    """Hands out distinct physical cards from ``cards`` for codes, ids or cards (each card once).

    A game subclasses it and sets :attr:`by_id` (card id -> card, ``ValueError`` for an unknown
    id) and :attr:`matcher` (code -> a test that a card fits it, ``ValueError`` for an unknown
    code). A code takes the first free card that fits, in the order of ``cards``.
    """

    by_id: ClassVar[Callable[[int], Any]]
    matcher: ClassVar[Callable[[str], Callable[[Any], bool]]]

    def __init__(self, cards: Iterable):
        self.free = list(cards)

    def take(self, code) -> Any:
        """The card for ``code`` (text, a card id, or a card), no longer free; ``ValueError`` if none is left."""
        free = self.free
        if isinstance(code, str):
            fits = type(self).matcher(code)
            for i, c in enumerate(free):
                if fits(c):
                    del free[i]
                    return c
            raise ValueError(f"no copy of {code!r} is left among the cards to pick from "
                             "(each card exists only as often as the box holds)")
        card = type(self).by_id(code) if type(code) is int else code
        for i, c in enumerate(free):
            if c is card:
                del free[i]
                return c
        raise ValueError(f"card {code!r} is used twice or is not among the cards to pick from")
