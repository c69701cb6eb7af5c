"""Scoring on its own, for lessons and calculators: score a gang, score a player, say it in words.

Gangs may be written as card codes (``"Sweet"``, ``"Ghost"``, ``"Jimmy*"``), pepper keys or
:class:`~.cards.Card` objects; nothing here needs a game (MAFIA-SCORE-1..3, MAFIA-TIE-1).
The rulebook's scoring example:

>>> from chililab.mafia import score_gang, explain_gang, score_player
>>> score_gang(["Sweet", "Poblano", "Tabasco", "Moruga"]), score_gang(["Ghost"] * 3)
(19, 48)
>>> explain_gang(["Sweet", "Habanero", "Habanero"])
'Brotherhood Gang with a Sweet Chili (Sweet Chili, Habanero x2): (1 + 7 + 7) x 2 = 30 points'
>>> score_player([["Sweet", "Poblano", "Tabasco", "Moruga"], ["Ghost"] * 3, ["Carolina", "Moruga"]])
67
"""
from __future__ import annotations

from collections.abc import Iterable

from . import gangs as _g
from .cards import ALL_CARDS, Card, CardPicker

__all__ = ["as_gang", "score_gang", "explain_gang", "score_player", "explain_player", "standing"]


def as_gang(cards: Iterable) -> tuple[Card, ...]:
    """A gang as physical cards: codes (``"Ghost"``, ``"Jimmy*"``), card ids or Cards, each a distinct copy.

    >>> [str(c) for c in as_gang(["Sweet", "Ghost*"])]
    ['Sweet Chili', 'Ghost Pepper*']
    """
    pick = CardPicker(ALL_CARDS)
    out = []
    for c in cards:
        card = pick.take(c)
        if not card.pepper:
            raise ValueError(f"{card} is not a Chili Pepper: only peppers form gangs (MAFIA-GANG-1)")
        out.append(card)
    return tuple(out)


def score_gang(gang: Iterable) -> int:
    """MAFIA-SCORE-2: a Mixed gang scores the sum of its strengths, a Brotherhood twice it;
    an incomplete (or invalid) gang scores 0 (MAFIA-SCORE-1)."""
    return _g.score(as_gang(gang))


def explain_gang(gang: Iterable) -> str:
    """One gang's score in the rulebook's words (its type, its members, the sum)."""
    return _g.explain(as_gang(gang))


def score_player(gangs: Iterable[Iterable]) -> int:
    """A player's (or a team's, MAFIA-SCORE-3) score: the sum over its gangs; incomplete gangs count 0."""
    return _g.tally([as_gang(g) for g in gangs]).points


def standing(gangs: Iterable[Iterable]) -> _g.Tally:
    """(points, Brotherhood gangs, peppers in scored gangs): what MAFIA-TIE-1 compares, in that order."""
    return _g.tally([as_gang(g) for g in gangs])


def explain_player(gangs: Iterable[Iterable]) -> str:
    """Every gang's score in words, one per line, then the total and the tie-break counts.

    >>> print(explain_player([["Ghost"] * 3, ["Carolina", "Moruga"]]))
    Brotherhood Gang (Ghost Pepper x3): (8 + 8 + 8) x 2 = 48 points
    Incomplete gang (Carolina Reaper, Moruga Scorpion): discarded at scoring, 0 points
    Total: 48 points (1 Brotherhood gang, 3 peppers in scored gangs)
    """
    gs = [as_gang(g) for g in gangs]
    t = _g.tally(gs)
    lines = [_g.explain(g) for g in gs]
    bros = f"{t.brotherhoods} Brotherhood gang{'' if t.brotherhoods == 1 else 's'}"
    lines.append(f"Total: {t.points} points ({bros}, {t.peppers} pepper{'' if t.peppers == 1 else 's'} in scored gangs)")
    return "\n".join(lines)
