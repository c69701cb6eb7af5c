"""Chili Loco engine speed, measured against a minimal pure-Python Uno in the same run.

    python3 benchmarks/bench_loco.py [--games 100] [--uno-games 1000] [--rounds 5] [--players 4] [--seed 0]
                                     [--runner] [--profile]

Both games are played by the same random decision loop::

    while not game.over:
        legal = game.legal_moves()
        game.apply(rng.choice(legal))

The Uno below is the reference: a plain, honest implementation (108-card deck
with numbers, Skip, Reverse, Draw Two, Wild and Wild Draw Four; the legal-move
list is built for every decision; every move is checked before it is applied;
the discard pile is reshuffled into the draw pile when it runs out). It has no
record, events, undo snapshots, views or rule citations, which the Chili Loco
engine keeps on every move, so the ratio says what that bookkeeping costs.

Reported: decisions/s and games/s for each, and the ratio
Loco decisions/s / Uno decisions/s (target >= 0.5). ``--profile`` adds a
cProfile of the Loco loop (top functions by own time).
"""
from __future__ import annotations

import argparse
import random
import time

# ------------------------------------------------------------------ minimal Uno

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


# ------------------------------------------------------------------ timing

def random_loop(game, rng):
    """The shared random-agent decision loop: legal moves list -> rng.choice -> apply."""
    steps = 0
    while not game.over:
        legal = game.legal_moves()
        game.apply(rng.choice(legal))
        steps += 1
    return steps


def bench_loco(games, players, seed):
    from chililab import loco

    steps = 0
    t = time.perf_counter()
    for i in range(games):
        g = loco.new_game(players=players, seed=seed + i)
        steps += random_loop(g, random.Random(seed + i))
    return steps, time.perf_counter() - t


def bench_uno(games, players, seed):
    steps = 0
    t = time.perf_counter()
    for i in range(games):
        steps += random_loop(UnoGame(players, seed + i), random.Random(seed + i))
    return steps, time.perf_counter() - t


def bench_loco_runner(games, players, seed):
    """Through chililab.agents.runner: each decision also builds the seat's view."""
    from chililab import loco
    from chililab.agents import RandomAgent, play_game

    steps = 0
    t = time.perf_counter()
    for i in range(games):
        g = play_game(loco.new_game(players=players, seed=seed + i), [RandomAgent()] * players,
                      random.Random(seed + i))
        steps += g.step
    return steps, time.perf_counter() - t


def profile_loco(games, players, seed, top=25):
    import cProfile
    import pstats

    pr = cProfile.Profile()
    pr.enable()
    bench_loco(games, players, seed)
    pr.disable()
    st = pstats.Stats(pr)
    st.sort_stats("tottime").print_stats(top)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="Chili Loco games (default 100)")
    ap.add_argument("--uno-games", type=int, default=1000, help="Uno games (default 1000)")
    ap.add_argument("--rounds", type=int, default=5, help="alternate Loco and Uno batches this many times")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runner", action="store_true", help="also time Loco through the agents runner (views)")
    ap.add_argument("--profile", action="store_true", help="cProfile the Loco loop")
    a = ap.parse_args(argv)

    bench_uno(20, a.players, a.seed)  # warm up both
    bench_loco(2, a.players, a.seed)
    # Interleave the two in rounds so that both see the same machine load; the ratio of each round is
    # reported too (its spread shows how noisy the machine was).
    rounds = max(1, min(a.rounds, a.games, a.uno_games))
    ls = lt = us = ut = 0
    ratios = []
    for r in range(rounds):
        lo, hi = a.games * r // rounds, a.games * (r + 1) // rounds
        ulo, uhi = a.uno_games * r // rounds, a.uno_games * (r + 1) // rounds
        s1, t1 = bench_loco(hi - lo, a.players, a.seed + lo)
        s2, t2 = bench_uno(uhi - ulo, a.players, a.seed + ulo)
        ls, lt, us, ut = ls + s1, lt + t1, us + s2, ut + t2
        ratios.append((s1 / t1) / (s2 / t2))
    ld, ud = ls / lt, us / ut
    print(f"Chili Loco ({a.players}p, random): {a.games} games, {ls} decisions in {lt:.2f}s: "
          f"{ld:,.0f} decisions/s, {a.games / lt:,.1f} games/s, {ls / a.games:,.0f} decisions/game")
    print(f"Uno        ({a.players}p, random): {a.uno_games} games, {us} decisions in {ut:.2f}s: "
          f"{ud:,.0f} decisions/s, {a.uno_games / ut:,.1f} games/s, {us / a.uno_games:,.0f} decisions/game")
    ratio = ld / ud
    ratios.sort()
    print(f"ratio Loco/Uno decisions/s = {ratio:.2f} (target >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'}); "
          f"per round: min {ratios[0]:.2f}, median {ratios[len(ratios) // 2]:.2f}, max {ratios[-1]:.2f}")
    if a.runner:
        rs, rt = bench_loco_runner(a.games, a.players, a.seed)
        print(f"Chili Loco through agents.play_game (views + RandomAgent): {rs / rt:,.0f} decisions/s, "
              f"{a.games / rt:,.1f} games/s")
    if a.profile:
        profile_loco(max(1, a.games // 4), a.players, a.seed)
    return ratio


if __name__ == "__main__":
    main()
