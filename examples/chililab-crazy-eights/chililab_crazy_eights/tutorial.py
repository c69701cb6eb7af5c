"""The Crazy Eights lessons as data: exact positions from explicit cards, one rule each.

A lesson quotes the rule (the learner text of ``data/rules.json``), names the clause IDs it teaches (the
first is the rule whose firing makes the lesson "done"), builds its position (``build()``), and carries a
``script`` of move specs (:func:`move`) that plays the hint, plus a move the rules refuse there.

Engine layer: no ipywidgets, plotly or IPython here.

>>> g = lesson("follow").build()
>>> g.phase, g.decision.players
('TURN', (0,))
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from chililab.engine.lessons import Lesson, lesson_finders

from .cards import face_of
from .game import C8Game, new_game
from .moves import MOVES

_TEXTS = {k: v["learner"] for k, v in json.loads(
    resources.files("chililab_crazy_eights").joinpath("data/rules.json").read_text(encoding="utf-8"))[
    "clauses"].items()}


def learner_text(rule_id: str) -> str:
    return _TEXTS[rule_id]


def move(game: C8Game, name: str, seat: int, *args):
    """A move from a short spec: ``("Play", 0, "8C")`` (a card of the seat's hand by code), ``("Draw", 0)``,
    ``("Pass", 0)``, ``("Nominate", 0, "S")``."""
    cls: Any = MOVES[name]
    if name == "Play":
        face = face_of(args[0])
        hand = [c for c in game.view(None).hands[seat] if c.face == face]
        if not hand:
            raise ValueError(f"P{seat}'s hand holds no {args[0]!r}")
        return cls(seat, min(hand, key=lambda c: c.id))
    return cls(seat, *args)


HANDS = [["5H", "KC", "3D", "JS", "7C"], ["4C", "6D", "TS", "2H", "QD"], ["9C", "AD", "3S", "5S", "6C"]]


def _three(hands, turn_up, deck=(), **opts):
    """A three-player game where P0 plays first (P2 deals)."""
    return lambda: new_game(players=3, seed=1, dealer=2, hands=hands, turn_up=turn_up, deck=deck, **opts)


LESSONS = [
    Lesson("follow", "2", "Follow the suit or the rank", learner_text("C8-PLAY-1"), ("C8-PLAY-1",),
           _three(HANDS, "9H"), 0,
           "The top card is the 9 of hearts. Play your 5 of hearts (a heart), not the King of clubs.",
           phase="TURN", script=(("Play", 0, "5H"),), refused=(("Play", 0, "KC"),), refusal=("C8-PLAY-1",)),
    Lesson("eight", "2", "Eights are wild", learner_text("C8-PLAY-2") + " " + learner_text("C8-EIGHT-1"),
           ("C8-EIGHT-1", "C8-PLAY-2"),
           _three([["8C", "KC", "4S", "JS", "7S"], *HANDS[1:]], "9H"), 0,
           "Nothing of yours is a heart or a 9. Play the 8 of clubs, then name spades: you hold three of them.",
           phase="TURN", script=(("Play", 0, "8C"), ("Nominate", 0, "S")), refused=(("Play", 0, "KC"),),
           refusal=("C8-PLAY-1",)),
    Lesson("draw", "2", "Draw when you cannot (or will not) play", learner_text("C8-DRAW-1"), ("C8-DRAW-1",),
           _three([["KC", "4S", "JS", "7S", "TC"], *HANDS[1:]], "9H", deck=["9D"]), 0,
           "No heart, no 9, no eight: draw. The 9 of diamonds comes, and it matches the rank: play it.",
           phase="TURN", script=(("Draw", 0), ("Play", 0, "9D")), refused=(("Pass", 0),), refusal=("C8-PASS-1",)),
    Lesson("two", "4", "Twos stack", learner_text("C8-TWO-1") + " " + learner_text("C8-TWO-2"),
           ("C8-TWO-1", "C8-TWO-2"),
           _three([["2C", "KC", "4S", "JS", "7S"], ["4C", "6D", "TS", "2H", "QD"], HANDS[2]], "2D",
                  use_special_cards=True), 0,
           "The turned-up Two of diamonds says you draw two. Play your own Two instead: P1 then owes four.",
           phase="TURN", script=(("Play", 0, "2C"),), refused=(("Play", 0, "KC"),), refusal=("C8-TWO-2",)),
]

lesson, lessons_in = lesson_finders(LESSONS)
