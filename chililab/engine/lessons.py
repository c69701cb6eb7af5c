"""Lessons shared by the games' tutorials: the :class:`Lesson` record, the learner texts of a rules
reference, and finding a game's lessons by key or section (every game's ``tutorial.LESSONS`` is a list of
lessons with ``key`` and ``section``)."""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Lesson:
    """One prepared position of a game's tutorial.

    key: stable short name; section: the rulebook section; title; text: the rule in the rulebook's words
    and what the position shows; rules: clause IDs taught (the first is the one whose firing says
    "done"); build(): a fresh game at the decision; seat: the learner; hint: what to try; phase: the phase
    after ``build``; script: move specs (the game's ``tutorial.move``) playing the hint and the choices it
    opens; refused: move specs the rules refuse in this position; refusal: the clause each is refused with;
    coach: a "why this move?" lesson, where the coach's numbers are the point: the coach opens with it.
    A game's tutorial may subclass it to give ``phase`` its usual value.
    """

    key: str
    section: str
    title: str
    text: str
    rules: tuple[str, ...]
    build: Callable[[], Any]
    seat: int
    hint: str
    phase: str = ""
    script: tuple = ()
    refused: tuple = ()
    refusal: tuple[str, ...] = ()
    coach: bool = False

    def __repr__(self):
        return f"<Lesson {self.key}: {self.title}>"


def learner_texts(package: str, path: str = "data/rules.json") -> dict[str, str]:
    """{clause ID: learner text} of a game's rules reference (``path`` inside the game's ``package``)."""
    data = json.loads(resources.files(package).joinpath(path).read_text(encoding="utf-8"))
    return {k: v["learner"] for k, v in data["clauses"].items()}


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
