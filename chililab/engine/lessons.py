"""Finding a game's lessons by key or section (every game's ``tutorial.LESSONS`` is a list of lessons with
``key`` and ``section``)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def lesson_finders(lessons: Sequence[Any]) -> tuple[Callable[[str], Any], Callable[[str], list]]:
    """``(lesson, lessons_in)`` for a game's lessons: one by its unique key (a KeyError naming the keys
    otherwise), and those of one rule section in order."""
    by_key = {le.key: le for le in lessons}
    if len(by_key) != len(lessons):
        raise ValueError("lesson keys must be unique")

    def lesson(key: str):
        """The lesson with this key (see ``[le.key for le in LESSONS]``)."""
        try:
            return by_key[key]
        except KeyError:
            raise KeyError(f"no lesson {key!r}; lessons are {', '.join(by_key)}") from None

    def lessons_in(section: str) -> list:
        """The lessons of one rule section, in order."""
        return [le for le in lessons if le.section == section]

    return lesson, lessons_in
