"""Goodfellas abilities used on one's own turn (mafia.md section 2.12): the Dancer, the Gambler, the Witch.

They work with the Goodfellas peppers and abilities on (MAFIA-GF-1, DEC-13), on icon copies only,
and not in a gang with the Outlaw (MAFIA-GF-OUTLAW-1); each is a move of TURN_MAIN:

- :class:`~.moves.Dance` (MAFIA-GF-DANCER-1, DEC-33): a ``De Padrón*`` of the side's gangs moves
  into another existing gang of the side that stays valid (its own may be left incomplete), once
  per turn per Dancer; a free move (DEC-7).
- :class:`~.moves.Gamble` (MAFIA-GF-GAMBLER-1, DEC-34, DEC-19): a ``Chipotle*`` from the hand or
  from one of one's gangs that keeps 3 or more is discarded, and 2 cards are drawn (the DRAW
  sub-step: hand limit, Taste Me, a Dawn Raid ends the turn). Once per turn, never in the final
  round or with an empty deck; a free move.
- :class:`~.moves.Bewitch` (MAFIA-GF-WITCH-1/2, DEC-11, TEAM-5): a ``Madame Jeanette*`` from the
  hand takes the place of any pepper of a rival gang (that stays valid, without an Outlaw); the
  taken pepper is placed at once, like a Turncoat's catch. An action, not a Hot card: nobody is
  asked to neutralize it, no Bodyguard, no Lord draw.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import MafiaBase
from .cards import Card
from .checks import active, alike_once, dancer_problem, enabled, gambler_problem, inactive, valid, witch_swap_problem
from .moves import Bewitch, Dance, Gamble

GAMBLER_CARDS = 2  # MAFIA-GF-GAMBLER-1


class GoodfellasTurn(MafiaBase):
    """Mixin of MafiaState: MAFIA-GF-DANCER-1, GF-GAMBLER-1, GF-WITCH-1/2 (and GF-OUTLAW-1 for them)."""

    def _gf_moves(self, seat):
        """Every Dancer, Gambler and Witch move open to the active player now."""
        if not enabled("Dancer", self.opts):
            return []
        return self._dance_moves(seat) + self._gamble_moves(seat) + self._witch_moves(seat)

    def _gf_problem(self, m):
        if isinstance(m, Dance):
            return self._dance_problem(m)
        if isinstance(m, Gamble):
            return self._gamble_problem(m)
        return self._witch_problem(m)

    def _on_gf(self, m):
        if isinstance(m, Dance):
            self._dance(m)
        elif isinstance(m, Gamble):
            self._gamble(m)
        else:
            self._bewitch(m)

    # ------------------------------------------------------------ the Dancer

    def _dance_moves(self, seat):
        side = self._team_gangs(seat)
        out = []
        for t, i, g in side:
            dancers = [c for c in g if c.ability == "Dancer" and c not in self.danced and active(c, g, self.opts)]
            for d in alike_once(dancers):
                out += [Dance(seat, d, j, None if u == seat else u) for u, j, h in side
                        if (u, j) != (t, i) and valid([*h, d])]
        return out

    def _dance_problem(self, m):
        where = [(t, i, g) for t, i, g in self._team_gangs(m.player) if m.card in g]
        if not isinstance(m.card, Card) or not where:
            return IllegalMove("MAFIA-GF-DANCER-1", f"{m.card!r} is not in a gang of P{m.player}'s side", m)
        t, i, src = where[0]
        why = inactive(m.card, "Dancer", src, self.opts)
        if why:
            return IllegalMove(*why, m)
        if m.card in self.danced:
            return IllegalMove("MAFIA-GF-DANCER-1", f"{m.card} has danced this turn already: each Dancer moves once "
                               "per turn", m)
        owner = m.player if m.owner is None else m.owner
        if owner not in [s for s in range(self.n) if self.team_of[s] == self.team_of[m.player]]:
            return IllegalMove("MAFIA-TEAM-3", f"the Dancer moves among P{m.player}'s own gangs (team mode: also a "
                               f"teammate's), not to P{m.owner}'s", m)
        gangs = self.gangs[owner]
        if type(m.to) is not int or not 0 <= m.to < len(gangs) or (owner, m.to) == (t, i):
            return IllegalMove("MAFIA-GF-DANCER-1", "the Dancer moves into another gang already on the table "
                               "(gangs are numbered from 0)", m)
        why = dancer_problem(m.card, src, gangs[m.to], self.opts)
        return None if why is None else IllegalMove(why[0], f"the gang would break the rules: {why[1]}", m)

    def _dance(self, m):
        t, i = next((t, i) for t, i, g in self._team_gangs(m.player) if m.card in g)
        self._move_sweet(t, i, m.player if m.owner is None else m.owner, m.to, m.card)
        self.danced += (m.card,)
        self.event("dance", ("{} (a free move)", m), ("MAFIA-GF-DANCER-1",))

    # ------------------------------------------------------------ the Gambler

    def _gamble_moves(self, seat):
        if self.gambled or self.final_left is not None or not self.draw:
            return []
        hand = [c for c in self.hands[seat] if c.ability == "Gambler" and active(c, (), self.opts)]
        out = [Gamble(seat, c) for c in alike_once(hand)]
        for g in self.gangs[seat]:
            gamblers = [c for c in g if c.ability == "Gambler" and gambler_problem(c, g, self.opts) is None]
            out += [Gamble(seat, c) for c in alike_once(gamblers)]
        return out

    def _gamble_problem(self, m):
        p, c = m.player, m.card
        gang = next((g for g in self.gangs[p] if c in g), None)
        if not isinstance(c, Card) or (gang is None and c not in self.hands[p]):
            return IllegalMove("MAFIA-GF-GAMBLER-1", f"{c!r} is neither in P{p}'s hand nor in one of their gangs", m)
        why = inactive(c, "Gambler", gang or (), self.opts)
        if why:
            return IllegalMove(*why, m)
        if self.gambled:
            return IllegalMove("MAFIA-GF-GAMBLER-1", "only 1 Gambler per turn, and one was used this turn", m)
        if self.final_left is not None:
            return IllegalMove("MAFIA-GF-GAMBLER-1", "in the final round nobody draws, so the Gambler cannot be used", m)
        if not self.draw:
            return IllegalMove("MAFIA-GF-GAMBLER-1", "the draw deck is empty: there is nothing to draw", m)
        why = gambler_problem(c, gang, self.opts)
        return None if why is None else IllegalMove(*why, m)

    def _gamble(self, m):
        p, c = m.player, m.card
        if c in self.hands[p]:
            self.hands[p].remove(c)
        else:
            self._take_from_gang(c)
        self.discard.append(c)
        self.gambled = True
        self.event("gamble", ("{} (a free move)", m), ("MAFIA-GF-GAMBLER-1",))
        self._draw_then(p, GAMBLER_CARDS, "MAFIA-GF-GAMBLER-1", "TURN_MAIN")

    # ------------------------------------------------------------ the Witch

    def _witch_moves(self, seat):
        witches = [c for c in self.hands[seat] if c.ability == "Witch" and active(c, (), self.opts)]
        out = []
        for w in alike_once(witches):
            where: dict = {}  # the placements depend on the taken pepper's type only
            for t in range(self.n):
                if self.team_of[t] == self.team_of[seat]:
                    continue
                for g in self.gangs[t]:
                    for take in alike_once(g):
                        if witch_swap_problem(w, g, take, self.opts) is None:
                            if take.key not in where:
                                where[take.key] = self._placements(seat, take, w)
                            out += [Bewitch(seat, w, take, gg, cc, oo) for gg, cc, oo in where[take.key]]
        return out

    def _witch_problem(self, m):
        p, w, take = m.player, m.card, m.take
        if not isinstance(w, Card) or w not in self.hands[p]:
            return IllegalMove("MAFIA-GF-WITCH-1", f"{w!r} is not in P{p}'s hand: the Witch is played from the hand", m)
        why = inactive(w, "Witch", (), self.opts)
        if why:
            return IllegalMove(*why, m)
        rival = next((g for t in range(self.n) if self.team_of[t] != self.team_of[p] for g in self.gangs[t]
                      if take in g), None) if isinstance(take, Card) else None
        if rival is None:
            return IllegalMove("MAFIA-GF-WITCH-1", f"the Witch takes the place of a pepper in a rival's gang; {take!r} "
                               "is not in one", m)
        why = witch_swap_problem(w, rival, take, self.opts)
        if why:
            return IllegalMove(*why, m)
        where = self._placing_problem(p, take, m.gang, m.cards, m.owner, w)
        return None if where is None else IllegalMove("MAFIA-GF-WITCH-1", where, m)

    def _bewitch(self, m):
        p, w, take = m.player, m.card, m.take
        s = next(s for s in range(self.n) for g in self.gangs[s] if take in g)
        self.gangs[s] = tuple(tuple(w if c is take else c for c in g) for g in self.gangs[s])
        self.hands[p].remove(w)
        self._place(p, take, m.gang, m.cards, m.owner)
        self.acted = True
        team = ("MAFIA-TEAM-5",) if m.owner not in (None, p) else ()
        self.event("witch", ("{} (an action)", m), ("MAFIA-GF-WITCH-1", "MAFIA-GF-WITCH-2") + team)
        if m.gang is None:  # Hot Properties (hot_properties.py): a Witch gang of 3 hand peppers draws one (DEC-22)
            self._hp_on_form(p, len(m.cards))
        else:  # her catch joined an existing gang: the Recruit window (FORM_ADD) when it may open (DEC-29)
            self._hp_after_add(p, (take,))
