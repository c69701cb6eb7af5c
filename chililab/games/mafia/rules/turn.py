"""The turn (mafia.md sections 2.2 and 2.3): form, add, Sweet Chili moves, the pass, the end-of-turn draw.

TURN_MAIN asks the active player for a move: :class:`~.moves.Form` and
:class:`~.moves.Add` are actions (MAFIA-TURN-1), :class:`~.moves.MovePepper` of a
Sweet Chili is a free move (MAFIA-TURN-2, MAFIA-SWEET-1), :class:`~.moves.EndTurn`
ends the turn. A turn without an action is a pass: PASS_DISCARD asks for one card
from the hand or a gang (MAFIA-TURN-3, DEC-6). END_DRAW then draws 2 cards one at a
time (MAFIA-TURN-5): a 9th card waits for a hand-limit discard (MAFIA-HAND-1,
DEC-4), a Taste Me is replaced (MAFIA-PROMO-TASTE-2), the Dawn Raid ends the turn
(MAFIA-DAWN-1, ``dawn_raid.py``), the last card triggers the final round (MAFIA-END-1).
Playing a Hot card (``hot_cards.py``) or an Action card (``action_cards.py``) is an action too.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from operator import attrgetter

from chililab.engine import IllegalMove

from .base import ALONE, MafiaBase, Phases
from .cards import ALL_CARDS
from .checks import SMALL_CACHE, sweet_move_problem, why_invalid
from .moves import Add, Bewitch, Dance, Discard, EndTurn, Exchange, Form, Gamble, MovePepper, PlayAction, PlayHot, UseHP

HAND_LIMIT = 8  # MAFIA-HAND-1
END_DRAW_CARDS = 2  # MAFIA-TURN-5


_ID = attrgetter("id")


@lru_cache(maxsize=256)
def _side(team_of: tuple, seat: int) -> tuple[int, ...]:
    """``seat`` and its teammates, in seat order (``team_of``: each seat's side)."""
    return tuple(s for s, t in enumerate(team_of) if t == team_of[seat])


#: each pepper name as one bit (a Sweet Chili is 0: it counts apart), so a group's names are an integer
_BIT = {k: 1 << i for i, k in enumerate(sorted({c.key for c in ALL_CARDS if c.pepper and not c.sweet}))}


#: each pepper card's name bit (its :data:`_BIT`, 0 for a Sweet Chili)
_CARD_BIT = {c: 0 if c.sweet else _BIT[c.key] for c in ALL_CARDS if c.pepper}
#: the Sweet Chili cards (a side's gangs hold one: Sweet Chili moves are listed)
_SWEETS = frozenset(c for c in ALL_CARDS if c.sweet)
_chain = chain.from_iterable
_tnew = tuple.__new__  # a move made as the tuple it is (all fields, in order): see engine.tuplemove
_END_TURN = tuple(EndTurn(s) for s in range(8))  # moves are values: one per seat (8 at most) serves every listing


def _names(peppers) -> tuple:
    """The name bit of each pepper (0 for a Sweet Chili), in order: all :func:`_joining_at` needs of a hand."""
    return tuple(map(_CARD_BIT.__getitem__, peppers))


@lru_cache(maxsize=SMALL_CACHE)
def _gang_shape(gang: tuple) -> tuple[int, int, int]:
    """(Sweet Chilis, name bits, other peppers) of a gang (kept: gangs stay on the table)."""
    bits = _names(gang)
    mask = 0
    for b in bits:
        mask |= b
    sweets = bits.count(0)
    return sweets, mask, len(bits) - sweets


@lru_cache(maxsize=2048)
def _joins_of(names: tuple) -> dict:
    """The memo of :func:`_joining_at` for one hand's :func:`_names`: {gang shape: positions}, a new gang's under
    None. One lookup of the names per listing, then one of each gang's shape (a key of three numbers)."""
    return {}


def _joining_at(names: tuple, gang: tuple[int, int, int], least: int) -> tuple:
    """The positions of the hand peppers whose subsets may join a gang validly (a new gang: ``(0, 0, 0)`` with
    ``least`` 3), in ``itertools.combinations`` order (by size, then by position), from the hand's
    :func:`_names` and the gang's :func:`_gang_shape`; ``tests/mafia/test_listing_speedups.py`` compares it
    with testing every subset.

    Grown one size at a time from the valid subsets one smaller (every part of a valid gang is valid,
    MAFIA-GANG-2), so invalid subsets are never extended. Pure; kept per hand names (:func:`_joins_of`), which
    repeat far more often than the cards."""
    n = len(names)
    sweets, mask0, count = gang
    k0 = mask0.bit_count()
    if n < least or sweets > 1 or not (k0 <= 1 or k0 == count):
        return ()
    level: list = [((), sweets, mask0, count)]  # (positions, Sweet Chilis, name bits, other peppers)
    out: list = []
    for size in range(1, n + 1):
        grown = []
        for ix, sw, mask, cnt in level:
            for j in range(ix[-1] + 1 if ix else 0, n):
                b = names[j]
                if not b:
                    if not sw:
                        grown.append((ix + (j,), 1, mask, cnt))
                    continue
                m = mask | b
                k = m.bit_count()
                if k <= 1 or k == cnt + 1:
                    grown.append((ix + (j,), sw, m, cnt + 1))
        if not grown:
            break
        if size >= least:
            out += [g[0] for g in grown]
        level = grown
    return tuple(out)


def _sweet_moves(seat: int, team: tuple, gangs: list) -> list:
    """The Sweet Chili moves of ``seat`` among the gangs of its side (``team``; ``gangs``: every seat's gangs), in
    the order of :func:`~.gangs.sweet_move_problem` tested on every (source, destination) pair: a source keeps 0 or
    at least 3 members, a destination has no Sweet Chili (so it is never the source). Not kept: a side's gangs
    change between turns, and the key of a cache cost about as much as the listing."""
    for t in team:  # most sides hold no Sweet Chili: nothing to list (one C call per seat)
        if not _SWEETS.isdisjoint(_chain(gangs[t])):
            break
    else:
        return []
    side = [(t, i, g, not _SWEETS.isdisjoint(g)) for t in team for i, g in enumerate(gangs[t])]
    out: list = []
    for _t, _i, g, sweet in side:
        if not sweet or 0 < len(g) - 1 < 3:
            continue
        for c in g:
            if c.sweet:
                out += [_tnew(MovePepper, (seat, c, j, None if u == seat else u)) for u, j, _h, has in side if not has]
    return out


class TurnRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-TURN-1..5, HAND-1, GANG-1, GANG-4, GANG-5, SWEET-1, PROMO-TASTE-2, END-1."""

    SECTION_PHASES = Phases(
        automatic={"END_DRAW": "_end_draw", "DRAW": "_effect_draw"},
        actions={"TURN_MAIN": "_on_turn", "PASS_DISCARD": "_on_pass_discard", "END_DRAW": "_on_limit_discard",
                 "DRAW": "_on_limit_discard"},
        legal={"TURN_MAIN": "_turn_moves", "PASS_DISCARD": "_pass_discard_moves", "END_DRAW": "_limit_moves",
               "DRAW": "_limit_moves"},
        refusals={"TURN_MAIN": "_turn_problem", "PASS_DISCARD": "_pass_discard_problem", "END_DRAW": "_limit_problem",
                  "DRAW": "_limit_problem"},
        open_check=frozenset({"TURN_MAIN"}),
        refusal_is_full=frozenset({"TURN_MAIN"}),
        clauses={"TURN_MAIN": "MAFIA-TURN-1", "PASS_DISCARD": "MAFIA-TURN-3", "END_DRAW": "MAFIA-HAND-1",
                 "DRAW": "MAFIA-HAND-2"},
    )

    # ------------------------------------------------------------ TURN_MAIN: legal moves

    def _team(self, seat) -> tuple[int, ...]:
        """``seat`` and its teammates (MAFIA-TEAM-3): whose tables its gangs may go on; just ``seat`` alone."""
        return _side(self.team_of, seat)

    def _turn_moves(self, seat):
        """Every form, add and Sweet Chili move open to the active player, then EndTurn."""
        peppers = tuple(sorted([c for c in self.hands[seat] if c.pepper], key=_ID))
        team = _side(self.team_of, seat)
        gangs = self.gangs
        out: list = []
        if peppers:
            names = _names(peppers)
            joins = _joins_of(names)
            forms = joins.get(None)
            if forms is None:
                forms = joins[None] = _joining_at(names, (0, 0, 0), 3)
            pick = peppers.__getitem__
            for t in team:
                owner = None if t == seat else t
                if forms:
                    out += [_tnew(Form, (seat, tuple(map(pick, ix)), owner)) for ix in forms]
                for i, g in enumerate(gangs[t]):
                    shape = _gang_shape(g)
                    adds = joins.get(shape)
                    if adds is None:
                        adds = joins[shape] = _joining_at(names, shape, 1)
                    if adds:  # (a comprehension costs a call: none for a gang nothing joins)
                        out += [_tnew(Add, (seat, i, tuple(map(pick, ix)), owner)) for ix in adds]
        out += _sweet_moves(seat, team, gangs)
        out += self._hot_moves(seat)
        out += self._action_moves(seat)
        if self.hps[seat]:  # Hot Properties (hot_properties.py)
            out += self._hp_uses(seat)
        out += self._gf_moves(seat)
        if self.n == 2:  # the 2-player exchange (two_player.py)
            out += self._exchange_moves(seat)
        out.append(_END_TURN[seat])
        return out

    def _owner_problem(self, m):
        """MAFIA-TEAM-3: a gang goes in front of the player or, in team mode, a teammate."""
        if m.owner is None or m.owner in self._team(m.player) and type(m.owner) is int:
            return None
        return IllegalMove("MAFIA-TEAM-3", f"P{m.player} plays only into their own gangs (team mode: also a "
                           f"teammate's), not in front of P{m.owner}", m)

    # ------------------------------------------------------------ TURN_MAIN: refusals (None: the move is legal)

    def _from_hand(self, m, clause):
        """Why ``m.cards`` cannot be played from the hand as peppers, or None."""
        cards = m.cards
        if not isinstance(cards, tuple) or not cards:
            return IllegalMove(clause, "name the peppers to play", m)
        if len(set(cards)) != len(cards):
            return IllegalMove(clause, "a card can be played only once", m)
        hand = self.hands[m.player]
        missing = [c for c in cards if c not in hand]
        if missing:
            return IllegalMove(clause, f"{', '.join(map(str, missing))} is not in P{m.player}'s hand", m)
        other = [c for c in cards if not c.pepper]
        if other:
            return IllegalMove(clause, f"only Chili Peppers go into gangs, not {', '.join(map(str, other))}", m)
        return None

    def _turn_problem(self, m):
        p = m.player
        if isinstance(m, EndTurn):
            return None
        if isinstance(m, PlayHot):
            return self._declaration_problem(m)
        if isinstance(m, PlayAction):
            return self._action_problem(m)
        if isinstance(m, UseHP):
            return self._hp_use_problem(m)
        if isinstance(m, (Dance, Gamble, Bewitch)):  # Goodfellas abilities (goodfellas.py)
            return self._gf_problem(m)
        if isinstance(m, Exchange):
            return self._exchange_problem(m)
        if isinstance(m, (Form, Add, MovePepper)):
            err = self._owner_problem(m)
            if err is not None:
                return err
        if isinstance(m, Form):
            err = self._from_hand(m, "MAFIA-GANG-1")
            if err is None and len(m.cards) < 3:
                err = IllegalMove("MAFIA-GANG-1", "a new gang needs at least 3 peppers", m)
            if err is None and why_invalid(m.cards):
                err = IllegalMove("MAFIA-GANG-2", f"{why_invalid(m.cards)}", m)
            return err
        if isinstance(m, Add):
            owner = p if m.owner is None else m.owner
            gangs = self.gangs[owner]
            if type(m.gang) is not int or not 0 <= m.gang < len(gangs):
                return IllegalMove("MAFIA-GANG-4", f"P{owner} has no gang number {m.gang!r} (gangs are numbered from 0)",
                                   m)
            err = self._from_hand(m, "MAFIA-GANG-4")
            if err is None and why_invalid(gangs[m.gang] + m.cards):
                err = IllegalMove("MAFIA-GANG-4", f"the gang would break the rules: {why_invalid(gangs[m.gang] + m.cards)}", m)
            return err
        if isinstance(m, MovePepper):
            return self._move_problem(m)
        return IllegalMove("MAFIA-TURN-1", f"{m} is not a move of a turn: form a gang, add to one, move a Sweet "
                           "Chili, or end the turn", m)

    def _gang_of(self, seat, card):
        """(owner, index) of the gang of ``seat``'s team that holds ``card``, or None."""
        return next(((t, i) for t in self._team(seat) for i, g in enumerate(self.gangs[t]) if card in g), None)

    def _move_problem(self, m):
        src = self._gang_of(m.player, m.card)
        if src is None:
            return IllegalMove("MAFIA-GANG-5", f"{m.card!r} is not in a gang of P{m.player}", m)
        if not m.card.sweet:
            return IllegalMove("MAFIA-GANG-5", f"{m.card} cannot move: peppers in a gang never move between gangs "
                               "(only a Sweet Chili may, MAFIA-SWEET-1)", m)
        owner = m.player if m.owner is None else m.owner
        gangs = self.gangs[owner]
        if type(m.to) is not int or not 0 <= m.to < len(gangs) or (owner, m.to) == src:
            return IllegalMove("MAFIA-SWEET-1", f"a Sweet Chili moves to another gang of P{m.player}'s side", m)
        why = sweet_move_problem(self.gangs[src[0]][src[1]], gangs[m.to])
        return None if why is None else IllegalMove("MAFIA-SWEET-1", why, m)

    # ------------------------------------------------------------ TURN_MAIN: effects

    def _on_turn(self, m):
        p = m.player
        cls = type(m)
        if cls is PlayHot:  # the commonest moves first; the chain below takes every move (subclasses too)
            self._declare(m)
            return
        if cls is EndTurn:
            self._end_turn(p)
            return
        owner = p if getattr(m, "owner", None) is None else m.owner
        if isinstance(m, Form):
            self._take_from_hand(p, m.cards)
            self.gangs[owner] = self.gangs[owner] + (tuple(m.cards),)
            self.acted = True
            self.event("form", ("{}", m), ("MAFIA-GANG-1", "MAFIA-TEAM-3") if owner != p else ("MAFIA-GANG-1",))
            self._hp_on_form(p, len(m.cards))  # Hot Properties (hot_properties.py, MAFIA-HP-1)
        elif isinstance(m, Add):
            self._take_from_hand(p, m.cards)
            gangs = list(self.gangs[owner])
            gangs[m.gang] = gangs[m.gang] + tuple(m.cards)
            self.gangs[owner] = tuple(gangs)
            self.acted = True
            self.event("add", ("{}", m), ("MAFIA-GANG-4", "MAFIA-TEAM-3") if owner != p else ("MAFIA-GANG-4",))
            if self._hp_after_add(p, m.cards):  # Hot Properties (hot_properties.py): the Recruit window
                return
        elif isinstance(m, PlayHot):
            self._declare(m)
            return
        elif isinstance(m, UseHP):  # Hot Properties (hot_properties.py): a free move, MAFIA-TURN-2
            self._hp_turn_use(m)
            return
        elif isinstance(m, PlayAction):
            self._play_action(m)
            if self.phase != "TURN_MAIN":  # an Earner draws, a Booster's cards enter, first
                return
        elif isinstance(m, (Dance, Gamble, Bewitch)):
            self._on_gf(m)
            if self.phase != "TURN_MAIN":  # a Gambler draws first
                return
        elif isinstance(m, Exchange):
            self._exchange(m)
            return
        elif isinstance(m, MovePepper):
            t, i = self._gang_of(p, m.card)
            self._move_sweet(t, i, owner, m.to, m.card)
            self.event("sweet_move", ("{} (a free move)", m), ("MAFIA-SWEET-1",))
        else:
            self._end_turn(p)
            return
        self.ask("turn", (p,), f"P{p}'s turn")

    def _move_sweet(self, src_seat, src, dst_seat, dst, card):
        """Move ``card`` from a gang to another; an emptied gang ceases to exist (MAFIA-GANG-3), after the move."""
        rows = {s: [list(g) for g in self.gangs[s]] for s in {src_seat, dst_seat}}
        rows[src_seat][src].remove(card)
        rows[dst_seat][dst].append(card)
        for s, gangs in rows.items():
            self.gangs[s] = tuple(tuple(g) for g in gangs if g)

    def _take_from_hand(self, p, cards):
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)

    def _end_turn(self, p):
        """MAFIA-TURN-3 (DEC-6): a pass discards 1 card first; then the draw, or the next final turn."""
        must = self.hands[p] or (self.opts["empty_hand_pass_discard"] and self.gangs[p])
        if not self.acted and must:
            self.go("PASS_DISCARD")
            self.ask("choice", (p,), f"P{p} passed: discard 1 card from your hand or one of your gangs")
            return
        self._after_turn()

    def _after_turn(self):
        if self.final_left is not None:  # MAFIA-END-2: no draw in the final round
            self.go("FINAL_ROUND")
            return
        self.to_draw = END_DRAW_CARDS
        self.go("END_DRAW")

    # ------------------------------------------------------------ PASS_DISCARD

    def _pass_discard_moves(self, seat):
        return [_tnew(Discard, (seat, c)) for c in (*self.hands[seat], *(c for g in self.gangs[seat] for c in g))]

    def _pass_discard_problem(self, m):
        if not isinstance(m, Discard):
            return IllegalMove("MAFIA-TURN-3", "a pass requires discarding 1 card from your hand or a gang", m)
        return IllegalMove("MAFIA-TURN-3", f"{m.card!r} is neither in P{m.player}'s hand nor in one of their gangs", m)

    def _on_pass_discard(self, m):
        p, c = m.player, m.card
        if c in self.hands[p]:
            self.hands[p].remove(c)
            where = "hand"
        else:
            self.gangs[p] = tuple(g2 for g2 in (tuple(x for x in g if x is not c) for g in self.gangs[p]) if g2)
            where = "gangs"
        self.discard.append(c)
        self.event("pass_discard", ("P{} passes and discards {} from their {}", p, c, where), ("MAFIA-TURN-3",))
        self._after_turn()

    # ------------------------------------------------------------ END_DRAW

    def _end_draw(self):
        """MAFIA-TURN-5: draw the cards still owed; then the next player, or the final round."""
        p = self.current
        assert p is not None, "END_DRAW follows a turn"
        stop = self._draw_owed(p, "MAFIA-TURN-5")
        if stop is not None:
            return stop
        if self.final_left is not None:
            self.go("FINAL_ROUND")
            return False
        self._next_turn("TURN_MAIN")
        return True

    # ------------------------------------------------------------ DRAW (a sub-step with a return)

    def _draw_then(self, p, n, clause, back):
        """Draw ``n`` cards for ``p`` (any seat) in the DRAW sub-step, then go back to ``back``.

        Used by every effect that draws (Earner; Lord, Gambler, Lucky Dime, the 2-player exchange):
        the kernel's call/return keeps where to go back to, so draws nest inside effects. Each card
        is drawn as at the end of a turn (``_draw_owed``); ``clause`` is cited on the draw events.
        """
        self.to_draw, self.drawer, self.draw_clause = n, p, clause
        self.call("DRAW", back)

    def _effect_draw(self):
        """DRAW: the cards owed to the drawer, then back where the draw came from (a Dawn Raid interrupts)."""
        p = self.drawer
        assert p is not None, "DRAW is entered by _draw_then"
        stop = self._draw_owed(p, self.draw_clause)
        if stop is not None:
            return stop
        self.drawer = self.draw_clause = None
        return self._resume(self.ret())

    def _resume(self, back):
        """Back in ``back`` after a sub-step: the turn asks its player again; an automatic phase runs on."""
        if back == "TURN_MAIN":
            self.ask("turn", (self.current,), f"P{self.current}'s turn")
            return True
        return False

    def _draw_owed(self, p, clause):
        """Draw the ``to_draw`` cards still owed to ``p`` one at a time (end of turn, Earner: MAFIA-HAND-2).

        Returns None when done (or the deck is empty), True when it stops for a hand-limit discard
        (MAFIA-HAND-1) or the Dawn Raid (MAFIA-DAWN-1: the raid starts, the turn ends).
        """
        hand = self.hands[p]
        while self.to_draw and self.draw:
            top = self.draw[0]
            if top.kind == "dawn_raid":  # MAFIA-DAWN-1: revealed, out of the game, never in a hand
                self.out += (self.draw.pop(0),)
                self.to_draw = 0
                self._last_card_check()
                return self._start_raid(p)
            if top.kind == "taste_me":  # MAFIA-PROMO-TASTE-2: removed, and the same draw goes on
                self.out += (self.draw.pop(0),)
                self.event("taste_me", ("P{} draws a Taste Me and eats something spicy; it leaves the game", p),
                           ("MAFIA-PROMO-TASTE-2",), data={"player": p})
                self._last_card_check()
                continue
            if len(hand) >= HAND_LIMIT:  # MAFIA-HAND-1 (DEC-4): discard before the 9th card enters
                self.ask("choice", (p,), f"P{p} holds {HAND_LIMIT} cards: discard 1 before drawing")
                return True
            hand.append(self.draw.pop(0))
            self.to_draw -= 1
            self.event("draw", ("P{} draws {}", p, top), (clause,), audience=ALONE[p],
                       public_text=("P{} draws a card", p))
            self._last_card_check()
        self.to_draw = 0
        return None

    def _last_card_check(self):
        """MAFIA-END-1: the last card of the draw deck was drawn: the final round follows this turn."""
        if not self.draw and self.final_left is None:
            self.final_left = self.n
            self.event("final_round", "The draw deck is empty: after this turn everyone takes one more turn, "
                       "and nobody draws", ("MAFIA-END-1",))

    def _next_turn(self, phase):
        """The next player clockwise takes a turn (MAFIA-TURN-5, MAFIA-SETUP-9)."""
        assert self.current is not None, "a next turn follows a turn"
        self.current = (self.current + 1) % self.n
        self.turn += 1
        self.acted = False
        self.hots_played = 0
        self.danced, self.gambled = (), False
        self.exchanges = 0
        self.go(phase)
        self.ask("turn", (self.current,), f"P{self.current}'s turn")

    def _limit_moves(self, seat):
        return [_tnew(Discard, (seat, c)) for c in self.hands[seat]]

    def _limit_problem(self, m):
        if not isinstance(m, Discard):
            return IllegalMove("MAFIA-HAND-1", "the hand holds 8 cards: discard 1 card from it before drawing", m)
        return IllegalMove("MAFIA-HAND-1", f"{m.card!r} is not in P{m.player}'s hand", m)

    def _on_limit_discard(self, m):
        self.hands[m.player].remove(m.card)
        self.discard.append(m.card)
        self.event("limit_discard", ("P{} discards {} to make room (hand limit 8)", m.player, m.card),
                   ("MAFIA-HAND-1",))
