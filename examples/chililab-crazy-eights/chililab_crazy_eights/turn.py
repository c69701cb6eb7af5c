"""The turn (TURN, NOMINATE): play, draw or pass; name a suit after an eight.

- C8-PLAY-1: play a card of the suit to follow or of the top card's rank; C8-PLAY-2: an eight at any time;
- C8-DRAW-1: drawing is allowed even with a card to play; C8-DRAW-2: at most "max draw" cards a turn;
- C8-PASS-1: passing is open once the most cards were drawn this turn, or while the deck is empty;
- C8-EIGHT-1: after an eight its player names the suit to follow;
- C8-TWO-2: facing a Two's penalty the player may only play a Two (any Two) or start drawing;
- C8-NEXT-1: only the player whose turn it is may act; then the next player in the direction of play.

Legal moves are listed in OpenSpiel's order (cards by face, then Draw, then Pass), one Play per face.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import C8Base
from .cards import EIGHT, SUIT_NAMES, SUITS, TWO, Card
from .checks import PLAYABLE, TWOS, matches, plays
from .moves import SEAT_MOVES, Draw, Nominate, Pass, Play

_SUITS = tuple(SUITS)


def _firsts(hand) -> dict[int, Card]:
    """{face: the lowest-id card of that face} of a hand."""
    out: dict[int, Card] = {}
    for c in hand:
        f = c.face
        if f not in out or c.id < out[f].id:
            out[f] = c
    return out


class TurnRules(C8Base):
    """TURN (D1: play, draw, pass) and NOMINATE (D2: a suit)."""

    def _ask_turn(self) -> None:
        p = self.current
        if self.penalty:
            self.ask("turn", (p,), ("P{}: play a Two or draw {} cards", p, self.penalty))
        else:
            self.ask("turn", (p,), ("P{}: play on the {} ({} to follow), draw or pass", p, self.top,
                                    SUIT_NAMES[self.suit]))

    def _pass_open(self) -> bool:
        return self.can_pass or not self.stock

    def _turn_moves(self, p: int) -> list:
        held = self.held[p]
        mine = SEAT_MOVES[p]
        play = mine.play
        if self.penalty:
            out = plays(held, TWOS, play)
            out.append(mine.draw)
        else:
            out = plays(held, PLAYABLE[self.top.rank][self.suit], play)
            if self.stock and self.draws != self.opts["max_draw_cards"]:
                out.append(mine.draw)
        if self._pass_open():
            out.append(mine.pass_)
        return out

    def _turn_problem(self, m) -> IllegalMove | None:
        p = m.player
        if isinstance(m, Play):
            c = m.card
            if not isinstance(c, Card) or c not in self.hands[p]:
                return IllegalMove("C8-PLAY-1", f"P{p} does not hold {c}: you play a card from your own hand", m)
            first = _firsts(self.hands[p])[c.face]
            if first is not c:
                return IllegalMove("C8-PLAY-1", f"P{p} holds two {c}: the same card twice is one move, "
                                                "playing the first of them", m)
            if self.penalty and c.rank != TWO:
                return IllegalMove("C8-TWO-2", f"P{p} must draw {self.penalty} cards or play a Two, not the {c}", m)
            if not matches(c, self.top, self.suit):
                return IllegalMove("C8-PLAY-1", f"the {c} matches neither the suit to follow "
                                                f"({SUIT_NAMES[self.suit]}) nor the {self.top}'s rank; only an "
                                                "eight goes on anything", m)
        elif isinstance(m, Draw):
            if not self.stock:
                return IllegalMove("C8-STOCK-1", "the deck is empty: nobody can draw, you may pass", m)
            if self.draws == self.opts["max_draw_cards"]:
                return IllegalMove("C8-DRAW-2", f"P{p} has drawn {self.draws} cards this turn, the most "
                                                "allowed: play a card or pass", m)
        elif isinstance(m, Pass):
            if not self._pass_open():
                return IllegalMove("C8-PASS-1", f"you may pass only after drawing {self.opts['max_draw_cards']} "
                                                "cards this turn, or when the deck is empty", m)
        elif isinstance(m, Nominate):
            return IllegalMove("C8-EIGHT-1", "you name a suit only right after playing an eight", m)
        else:
            return IllegalMove("C8-NEXT-1", f"{m!r} is not a Crazy Eights move: play, draw or pass", m)
        return None

    def _on_turn(self, m) -> None:
        p = m.player
        kind = type(m)
        if kind is Pass:
            self.passes = self.passes + 1 if not self.stock else 0
            self.event("pass", ("P{} passes", p), ("C8-PASS-1",))
            if self.passes == self.n + 1:
                self.event("blocked", ("The deck is empty and {} passes came in a row: the game ends",
                                       self.passes), ("C8-END-3",))
                self.go("SCORE")
                self.how = "blocked"
                return
            if self.draws == self.opts["max_draw_cards"]:
                self.draws = 0
            self.current = self._step()
            if self.stock:
                self.can_pass = False
            self.go("TURN")
            self._ask_turn()
            return
        self.passes = 0
        if kind is Draw:
            self.go("DRAW")
            return
        c = m.card
        self.plays += 1
        self.can_pass = False
        self.draws = 0
        hand = self.hands[p]
        self._give_up(p, c)
        self.discard.append(c)
        self.suit = c.suit
        self.event("play", ("P{} plays the {}", p, c), ("C8-PLAY-2",) if c.rank == EIGHT else ("C8-PLAY-1",),
                   data={"seat": p, "card": c.id})
        self._refill()
        if not hand or self.plays >= self.opts["max_turns"]:
            if not hand:
                self.event("out", ("P{} has played their last card", p), ("C8-END-1",))
            else:
                self.event("card_limit", ("{} cards have been played: the game ends", self.plays), ("C8-END-2",))
            self.how = "out" if not hand else "turns"
            self.go("SCORE")
            return
        if c.rank == EIGHT:
            self.go("NOMINATE")
            self.ask("choice", (p,), ("P{}: name the suit to follow", p))
            return
        self._effect(c, start=False)
        self.go("TURN")
        self._ask_turn()

    # ------------------------------------------------------------ NOMINATE

    def _nominate_moves(self, p: int) -> list:
        return list(SEAT_MOVES[p].nominate)

    def _nominate_problem(self, m) -> IllegalMove | None:
        if not isinstance(m, Nominate):
            return IllegalMove("C8-EIGHT-1", f"P{m.player} played an eight: first name the suit to follow", m)
        return IllegalMove("C8-EIGHT-1", f"name clubs (C), diamonds (D), hearts (H) or spades (S), not {m.suit!r}", m)

    def _on_nominate(self, m) -> None:
        self.suit = _SUITS.index(m.suit)
        self.event("nominate", ("P{} names {}", m.player, SUIT_NAMES[self.suit]), ("C8-EIGHT-1",),
                   data={"seat": m.player, "suit": m.suit})
        self.current = self._step()
        self.go("TURN")
        self._ask_turn()
