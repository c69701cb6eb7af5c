"""Action cards played on one's own turn (mafia.md section 2.6): Shakedown and Bagman so far.

A :class:`~.moves.PlayAction` is offered in TURN_MAIN to the active player only
(MAFIA-ACT-1: other seats have no decision then); the card is discarded first, then
resolved, and playing it is an action (MAFIA-TURN-1: the turn is no pass).
Shakedown (MAFIA-ACT-SHAKEDOWN-1, DEC-40) takes one card, drawn with the game's
seeded PRNG, from another seat holding a card; the card is named only to the two
players involved. Bagman (MAFIA-ACT-BAGMAN-1, DEC-27) keeps one of the top 3 cards
of the discard pile beneath it; the pile is public, so the choice is part of the move
(``take``) and needs no step of its own. Both gain one card after discarding the
Action card, so the hand holds at most 8 and never needs a hand-limit discard
(MAFIA-HAND-1, MAFIA-HAND-2). Earner (MAFIA-ACT-EARNER-1) draws 2 through the DRAW
sub-step (``turn._draw_then``: hand limit, Taste Me, last card) and returns to the turn;
a Dawn Raid drawn there ends the turn (MAFIA-DAWN-1).
Booster (MAFIA-ACT-BOOSTER-1/2, DEC-35) names any pepper type, after the first round:
every other seat, clockwise from the player's left, hands over all its cards of that
type (public: the givers are named with their cards); they wait in ``incoming`` and
enter the hand one at a time in ACTION_RESOLVE, each after a hand-limit discard when
the hand holds 8 (MAFIA-HAND-2).
"""
from __future__ import annotations

from functools import cache
from operator import attrgetter

from chililab.engine import IllegalMove

from .base import MafiaBase, Phases
from .cards import ALL_CARDS, Card
from .moves import PlayAction
from .turn import HAND_LIMIT

_tnew = tuple.__new__  # a move made as the tuple it is (all fields, in order): see engine.tuplemove

ACTION_KEYS = ("shakedown", "bagman", "earner", "booster")
_ACTION_KEYS = frozenset(ACTION_KEYS)
_ACTION_CARDS = frozenset(c for c in ALL_CARDS if c.key in _ACTION_KEYS)  # a hand without any: one C call
PEPPER_KEYS = tuple(sorted({c.key for c in ALL_CARDS if c.pepper}))  # what a Booster may name (DEC-35)  # the Action cards playable on one's turn built so far
BAGMAN_LOOK = 3  # MAFIA-ACT-BAGMAN-1: the top 3 cards of the discard pile
EARNER_CARDS = 2  # MAFIA-ACT-EARNER-1
_ID = attrgetter("id")


@cache  # a few table sizes x seats x copies of each card: every entry is built once, and kept
def _plays(seat: int, card: Card, n: int) -> tuple[PlayAction | None, ...]:
    """The plays of Action ``card`` by ``seat`` of an ``n``-seat table that name no discard, built once (moves are
    values): a Shakedown's, indexed by the seat it takes from (its own: None, never listed); an Earner's one
    play; a Booster's, one for each pepper name, in :data:`PEPPER_KEYS` order."""
    if card.key == "shakedown":
        return tuple(None if t == seat else _tnew(PlayAction, (seat, card, t, None, None)) for t in range(n))
    if card.key == "booster":
        return tuple(_tnew(PlayAction, (seat, card, None, None, k)) for k in PEPPER_KEYS)
    return (_tnew(PlayAction, (seat, card, None, None, None)),)


class ActionRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-ACT-1, ACT-SHAKEDOWN-1, ACT-BAGMAN-1, ACT-EARNER-1, ACT-BOOSTER-1/2, HAND-2."""

    SECTION_PHASES = Phases(
        automatic={"ACTION_RESOLVE": "_receive"},
        actions={"ACTION_RESOLVE": "_on_limit_discard"},
        legal={"ACTION_RESOLVE": "_limit_moves"},
        refusals={"ACTION_RESOLVE": "_limit_problem"},
        clauses={"ACTION_RESOLVE": "MAFIA-HAND-2"},
    )

    def _bagman_seen(self):
        """The cards a Bagman played now looks at: the top 3 of the discard pile (all if fewer), top last."""
        return self.discard[-BAGMAN_LOOK:]

    def _action_moves(self, seat):
        """Every Action play open to the active player (copies of a card are one choice)."""
        hand = self.hands[seat]
        if _ACTION_CARDS.isdisjoint(hand):
            return []
        cards = [c for c in hand if c.key in _ACTION_KEYS]
        first: dict[str, Card] = {}
        for c in sorted(cards, key=_ID):
            first.setdefault(c.key, c)
        out = []  # each move built as the tuple it is: (player, card, target, take, pepper)
        if "shakedown" in first:
            takes = _plays(seat, first["shakedown"], self.n)
            out += [takes[t] for t in range(self.n) if t != seat and self.hands[t]]
        if "bagman" in first:
            card = first["bagman"]
            out += [_tnew(PlayAction, (seat, card, None, c, None)) for c in self._bagman_seen()] or [
                _plays(seat, card, self.n)[0]]
        if "earner" in first:
            out += _plays(seat, first["earner"], self.n)
        if "booster" in first and self._booster_problem(None) is None:
            out += _plays(seat, first["booster"], self.n)
        return out

    def _action_problem(self, m):
        """Why the PlayAction ``m`` is refused now, or None (the active player's turn is checked before)."""
        p = m.player
        if m.card not in self.hands[p]:
            return IllegalMove("MAFIA-ACT-1", f"{m.card!r} is not in P{p}'s hand", m)
        if m.card.key not in ACTION_KEYS:
            return IllegalMove("MAFIA-ACT-1", f"{m.card} cannot be played on a turn (built: Shakedown, Bagman)", m)
        if m.card.key == "bagman":
            return self._bagman_problem(m)
        if m.card.key == "booster":
            return self._booster_problem(m)
        if m.pepper is not None:
            return IllegalMove("MAFIA-ACT-1", f"only a Booster names a pepper, not {m.card}", m)
        if m.card.key == "earner":
            if m.target is not None or m.take is not None:
                return IllegalMove("MAFIA-ACT-EARNER-1", "an Earner names no player and no card", m)
            return None
        t = m.target
        if type(t) is not int or not 0 <= t < self.n or t == p or m.take is not None:
            return IllegalMove("MAFIA-ACT-SHAKEDOWN-1", "a Shakedown names another player, and only that", m)
        if not self.hands[t]:
            return IllegalMove("MAFIA-ACT-SHAKEDOWN-1", f"P{t} holds no card to take", m)
        return None

    def _bagman_problem(self, m):
        seen = self._bagman_seen()
        if m.target is not None:
            return IllegalMove("MAFIA-ACT-BAGMAN-1", "a Bagman names no player", m)
        if m.take is None and seen:
            return IllegalMove("MAFIA-ACT-BAGMAN-1", "a Bagman must keep one of the top 3 discards "
                               f"({', '.join(map(str, seen))})", m)
        if m.take is not None and m.take not in seen:
            return IllegalMove("MAFIA-ACT-BAGMAN-1", f"{m.take!r} is not among the top 3 discards", m)
        return None

    def _booster_problem(self, m):
        """MAFIA-ACT-BOOSTER-2 (DEC-5): not in the first round; MAFIA-ACT-BOOSTER-1: one pepper named, nothing else."""
        if self.turn <= self.n:
            return IllegalMove("MAFIA-ACT-BOOSTER-2", f"a Booster cannot be played in the first round (turns 1-{self.n}; "
                               f"this is turn {self.turn})", m)
        if m is not None and (m.pepper not in PEPPER_KEYS or m.target is not None or m.take is not None):
            return IllegalMove("MAFIA-ACT-BOOSTER-1", f"a Booster names one Chili Pepper ({', '.join(PEPPER_KEYS)})", m)
        return None

    def _play_action(self, m):
        """MAFIA-ACT-1: discard the card first, then resolve it; it is an action."""
        p = m.player
        self.hands[p].remove(m.card)
        self.acted = True
        if m.card.key == "bagman":  # DEC-27: set aside, keep 1 of the 3 beneath, the rest in order, Bagman on top
            if m.take is not None:
                self.discard.remove(m.take)
                self.hands[p].append(m.take)
            self.discard.append(m.card)
            self.event("bagman", ("{}", m), ("MAFIA-ACT-1", "MAFIA-ACT-BAGMAN-1"))
            return
        if m.card.key == "earner":
            self.discard.append(m.card)
            self.event("earner", ("{}: draws 2", m), ("MAFIA-ACT-1", "MAFIA-ACT-EARNER-1"))
            self._draw_then(p, EARNER_CARDS, "MAFIA-ACT-EARNER-1", "TURN_MAIN")
            return
        if m.card.key == "booster":
            self.discard.append(m.card)
            self.event("booster", ("{}", m), ("MAFIA-ACT-1", "MAFIA-ACT-BOOSTER-1"))
            for k in range(1, self.n):  # clockwise from the player's left, teammates included
                giver = (p + k) % self.n
                given = [c for c in self.hands[giver] if c.key == m.pepper]
                if given:
                    self.hands[giver] = [c for c in self.hands[giver] if c.key != m.pepper]
                    self.incoming += tuple(given)
                    self.event("boosted", ("P{} gives P{} {}", giver, p, ", ".join(map(str, given))),
                               ("MAFIA-ACT-BOOSTER-1",))
            self.go("ACTION_RESOLVE")
            return
        self.discard.append(m.card)
        t = m.target
        if m.take is not None:  # after a Snoop the card is chosen (MAFIA-HP-SNOOP-1, hot_properties.py)
            taken = m.take
            self.hands[t].remove(taken)
        else:
            taken = self.hands[t].pop(self.rng.randrange(len(self.hands[t])))
        self.hands[p].append(taken)
        self.event("shakedown", ("P{} plays {} and takes {} from P{}", p, m.card, taken, t),
                   ("MAFIA-ACT-1", "MAFIA-ACT-SHAKEDOWN-1"), audience=frozenset((p, t)),
                   public_text=("P{} plays {} and takes a card from P{}", p, m.card, t))

    def _receive(self):
        """ACTION_RESOLVE: the Booster's cards enter the hand one at a time, each after a discard at 8 (MAFIA-HAND-2)."""
        p = self.current
        assert p is not None, "ACTION_RESOLVE follows an Action card on a turn"
        while self.incoming:
            if len(self.hands[p]) >= HAND_LIMIT:
                self.ask("choice", (p,), f"P{p} holds {HAND_LIMIT} cards: discard 1 before the next card enters")
                return True
            self.hands[p].append(self.incoming[0])
            self.incoming = self.incoming[1:]
        self.go("TURN_MAIN")
        self.ask("turn", (p,), f"P{p}'s turn")
        return True
