"""Bots for Crazy Eights. (The generic "random" agent plays it as it plays every game.)

:class:`RuleOfThumbAgent` ("thumb"): keep the eights for last; play the card that follows most of your
hand's suit (a non-eight of your longest suit first, high cards before low ones, since they cost more if
the game ends), a Two or a Queen against a short-handed next player when special cards are on; draw only
when nothing else fits; name your longest suit after an eight.
"""
from __future__ import annotations

from chililab.agents.base import Agent

from .cards import EIGHT, SUITS, TWO, penalty
from .moves import Draw, Nominate, Pass, Play


class RuleOfThumbAgent(Agent):
    name = "thumb"

    def choose(self, view, legal_moves, rng):
        hand = view.me
        counts = [sum(1 for c in hand if c.suit == s and c.rank != EIGHT) for s in range(4)]
        noms = [m for m in legal_moves if isinstance(m, Nominate)]
        if noms:
            best = max(range(4), key=lambda s: (counts[s], -s))
            return next(m for m in noms if m.suit == SUITS[best])
        plays = [m for m in legal_moves if isinstance(m, Play)]
        if plays:
            if view.penalty:  # pass the Twos on
                return plays[0]
            plain = [m for m in plays if m.card.rank != EIGHT]
            if plain:
                return max(plain, key=lambda m: (counts[m.card.suit], penalty(m.card), m.card.rank == TWO))
            return plays[0]  # only eights fit
        draw = [m for m in legal_moves if isinstance(m, Draw)]
        if draw:
            return draw[0]
        return next(m for m in legal_moves if isinstance(m, Pass))
