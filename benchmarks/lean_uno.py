"""A lean, honest pure-Python Uno: the reference the chililab benchmarks measure against.

108-card deck with numbers, Skip, Reverse, Draw Two, Wild and Wild Draw Four;
the legal-move list is built for every decision; every move is checked before
it is applied; the discard pile is reshuffled into the draw pile when it runs
out. It keeps no record, events, undo, views or rule citations, so it shows
what plain play costs in Python.

>>> g = UnoGame(players=4, seed=1)
>>> sum(len(h) for h in g.hands) + len(g.discard) + len(g.draw_pile)
108
>>> ("draw",) in g.legal_moves()
True
"""
from __future__ import annotations

import random

COLOURS = ("red", "yellow", "green", "blue")
NUMBER, SKIP, REVERSE, DRAW2, WILD, WILD4 = "number", "skip", "reverse", "draw2", "wild", "wild4"


class UnoCard:
    __slots__ = ("colour", "kind", "number")

    def __init__(self, colour, kind, number=None):
        self.colour = colour  # None for wilds
        self.kind = kind
        self.number = number

    def __repr__(self):
        return f"{self.colour or ''} {self.kind}{'' if self.number is None else ' ' + str(self.number)}".strip()


def uno_deck():
    """The standard 108 cards: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 Wild, 4 Wild Draw Four."""
    cards = []
    for c in COLOURS:
        cards.append(UnoCard(c, NUMBER, 0))
        for n in range(1, 10):
            cards += [UnoCard(c, NUMBER, n), UnoCard(c, NUMBER, n)]
        for k in (SKIP, REVERSE, DRAW2):
            cards += [UnoCard(c, k), UnoCard(c, k)]
    cards += [UnoCard(None, WILD) for _ in range(4)] + [UnoCard(None, WILD4) for _ in range(4)]
    assert len(cards) == 108
    return cards


class UnoGame:
    """Uno for 2-10 players. Moves: ("play", card, colour-or-None) and ("draw",).

    Official rules kept: match by colour, number or symbol; wilds on anything
    (Wild Draw Four only without a card of the active colour); Skip, Reverse
    (a Skip with two players), Draw Two and Wild Draw Four make the next player
    draw and lose their turn; drawing is always allowed and ends the turn; an
    empty hand wins. The starter is re-flipped until it is a number card.
    """

    def __init__(self, players=4, seed=0):
        self.n = players
        self.rng = random.Random(seed)
        deck = uno_deck()
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(players)]
        for _ in range(7):
            for h in self.hands:
                h.append(deck.pop())
        while deck[-1].kind != NUMBER:  # flip a number card to start
            deck.insert(0, deck.pop())
        self.discard = [deck.pop()]
        self.draw_pile = deck
        self.colour = self.discard[-1].colour
        self.current = 0
        self.dir = 1
        self.winner = None
        self.steps = 0

    @property
    def over(self):
        return self.winner is not None

    def _playable(self, card, hand):
        top = self.discard[-1]
        if card.kind == WILD:
            return True
        if card.kind == WILD4:
            return not any(c.colour == self.colour for c in hand)
        if card.colour == self.colour:
            return True
        if card.kind == NUMBER:
            return top.kind == NUMBER and top.number == card.number
        return card.kind == top.kind

    def legal_moves(self):
        hand = self.hands[self.current]
        moves = []
        for card in hand:
            if self._playable(card, hand):
                if card.colour is None:
                    moves.extend(("play", card, c) for c in COLOURS)
                else:
                    moves.append(("play", card, None))
        moves.append(("draw",))
        return moves

    def _draw(self, seat, k):
        for _ in range(k):
            if not self.draw_pile:
                if len(self.discard) <= 1:
                    return
                top = self.discard.pop()
                self.draw_pile = self.discard
                self.rng.shuffle(self.draw_pile)
                self.discard = [top]
            self.hands[seat].append(self.draw_pile.pop())

    def _next(self, seat, k=1):
        return (seat + k * self.dir) % self.n

    def apply(self, move):
        if self.winner is not None:
            raise ValueError("the game is over")
        hand = self.hands[self.current]
        if move[0] == "draw":
            self._draw(self.current, 1)
            self.current = self._next(self.current)
            self.steps += 1
            return
        _, card, colour = move
        if card not in hand or not self._playable(card, hand):
            raise ValueError(f"illegal move {move!r}")
        if (card.colour is None) != (colour is not None):
            raise ValueError("a wild needs a colour, a coloured card none")
        hand.remove(card)
        self.discard.append(card)
        self.colour = colour or card.colour
        self.steps += 1
        if not hand:
            self.winner = self.current
            return
        kind = card.kind
        step = 1
        if kind == SKIP:
            step = 2
        elif kind == REVERSE:
            if self.n == 2:
                step = 2
            else:
                self.dir = -self.dir
        elif kind == DRAW2:
            self._draw(self._next(self.current), 2)
            step = 2
        elif kind == WILD4:
            self._draw(self._next(self.current), 4)
            step = 2
        self.current = self._next(self.current, step)
