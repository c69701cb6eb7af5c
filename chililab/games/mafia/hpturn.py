"""Hot Properties used on one's own turn (mafia.md section 2.13): Backup, Lucky Dime, Make a Deal, Snoop.

``hpplay.py`` checks and starts a use (TURN_MAIN -> HP_RESOLVE, MAFIA-HP-3); the later steps
run here, in HP_RESOLVE, which is automatic between answers: Lucky Dime's draws (through
DRAW and back) and its "draw again or stop", Make a Deal's two gifts, the Shakedown or Booster
that follows a Snoop. Then the turn goes on.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .actions import PEPPER_KEYS
from .base import MafiaBase
from .hp import BACKUP_LOOK, DEAL_CARDS, backup_split, deal_choices, distinct
from .moves import Decline, Discard, DrawAgain, Give, PlayAction


class HPTurnRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-HP-BACKUP-1, HP-LUCKYDIME-1, HP-DEAL-1, HP-SNOOP-1 (their steps)."""

    # ------------------------------------------------------------ the effects started by a use

    def _hp_backup(self, m):
        """DEC-28: shuffle the pile, reveal its top 3, keep the peppers; the rest stays on top."""
        self.rng.shuffle(self.discard)
        top = self.discard[-BACKUP_LOOK:]
        keep, rest = backup_split(top)
        del self.discard[-len(top):]
        self.discard += rest
        self.event("backup", ("The discard pile is shuffled; its top cards are {}: P{} keeps {}",
                              ", ".join(map(str, reversed(top))), m.player, ", ".join(map(str, keep)) or "nothing"),
                   ("MAFIA-HP-BACKUP-1",), data={"revealed": tuple(c.id for c in reversed(top))})
        self._hp_gain_cards(m.player, keep)

    def _hp_lucky_dime(self, m):
        self._dime_draw()

    def _dime_draw(self) -> None:
        """MAFIA-HP-LUCKYDIME-1: draw 1 card through DRAW (hand limit, Taste Me replaced, last card: ``_draw_then``),
        back in HP_RESOLVE to look at it. The hand held nothing when Lucky Dime began, so it holds exactly the cards
        this Lucky Dime drew. When the Dawn Raid is the next card, those cards are discarded first; drawing it then
        ends the turn (MAFIA-DAWN-1)."""
        p = self.current
        assert p is not None, "Lucky Dime is used on a turn"
        nxt = next((c for c in self.draw if c.kind != "taste_me"), None)
        if nxt is not None and nxt.kind == "dawn_raid":
            self._dime_lost(p, None)
        else:
            self.hp_win, self.hp_drawn = "dime", tuple(self.hands[p])
        self._draw_then(p, 1, "MAFIA-HP-LUCKYDIME-1", "HP_RESOLVE")

    def _dime_drawn(self, p: int) -> bool:
        """Back from DRAW: a pepper is kept (True: the player may draw again); anything else discards every card
        this Lucky Dime drew; an empty deck ends it."""
        hand = self.hands[p]
        new = hand[-1] if hand and hand[-1] not in self.hp_drawn else None
        if new is None:
            self.hp_win, self.hp_drawn = None, ()
            return False
        if not new.pepper:
            self._dime_lost(p, new)
            return False
        self.hp_drawn = tuple(hand)
        return bool(self.draw)

    def _dime_lost(self, p: int, card) -> None:
        """A non-pepper (or the Dawn Raid next) was drawn: every card this Lucky Dime drew is discarded."""
        lost, self.hands[p] = self.hands[p], []
        self.discard += lost
        self.hp_win, self.hp_drawn = None, ()
        self.event("lucky_dime", ("P{}: {}, so the Lucky Dime's cards are discarded ({})", p,
                                  f"{card} is no Chili Pepper" if card is not None else "the Dawn Raid comes next",
                                  ", ".join(map(str, lost)) or "none"), ("MAFIA-HP-LUCKYDIME-1",))

    def _hp_make_a_deal(self, m):
        self.hp_win, self.hp_with = "deal", m.target

    def _hp_snoop(self, m):
        self.hp_win, self.hp_with, self.hp_card = "snoop", m.target, m.take
        self.event("snoop", ("P{} looks at P{}'s hand: {}", m.player, m.target, ", ".join(map(str, self.hands[m.target]))
                             or "empty"), ("MAFIA-HP-SNOOP-1",), audience=frozenset((m.player,)),
                   public_text=("P{} looks at P{}'s hand", m.player, m.target))

    # ------------------------------------------------------------ TURN_MAIN and HP_RESOLVE ("your turn" cards)

    def _hp_turn_use(self, m) -> None:
        """TURN_MAIN: a "your turn" HP is used (a free move, MAFIA-TURN-2); HP_RESOLVE holds its later steps."""
        self.go("HP_RESOLVE")
        self._hp_use(m)

    def _hp_resolve(self):
        """HP_RESOLVE (automatic after each answer): the next step of the HP being used, or back to the turn."""
        if self.hp_gain and self._hp_receive():
            return True
        p, w = self.current, self.hp_win
        assert p is not None, "HP_RESOLVE follows a Hot Property used on a turn"
        if w == "snoop":
            verb = "take a card from" if self.hp_card.key == "shakedown" else "play your Booster after seeing"
            self.ask("choice", (p,), f"P{p}: {verb} P{self.hp_with}'s hand")
            return True
        if w == "dime" and self._dime_drawn(p):
            self.hp_win = "dime_again"
        if self.hp_win == "dime_again":
            self.ask("choice", (p,), f"P{p}: draw again with Lucky Dime, or stop")
            return True
        if w == "deal":
            self.ask("choice", (self.hp_with,), f"P{self.hp_with}: give P{p} 2 cards of your choice (Make a Deal)")
            return True
        if w == "deal_back":
            self.ask("choice", (p,), f"P{p}: give P{self.hp_with} 2 cards back (Make a Deal)")
            return True
        self.hp_win, self.hp_with, self.hp_card, self.hp_drawn = None, None, None, ()
        self.go("TURN_MAIN")
        self.ask("turn", (p,), f"P{p}'s turn")
        return True

    def _hp_resolve_moves(self, seat):
        if self.hp_gain:
            return [Discard(seat, c) for c in self.hands[seat]]
        w, t = self.hp_win, self.hp_with
        if w == "snoop":
            a = self.hp_card
            if a.key == "shakedown":
                return [PlayAction(seat, a, t, c) for c in distinct(self.hands[t])]
            return [PlayAction(seat, a, pepper=k) for k in PEPPER_KEYS]
        if w == "dime_again":
            return [Decline(seat), DrawAgain(seat)]
        return [Give(seat, pair) for pair in deal_choices(self.hands[seat])]

    def _hp_resolve_problem(self, m):
        p = m.player
        if self.hp_gain:
            return self._hp_window_problem(m)
        w = self.hp_win
        if w == "snoop":
            a = self.hp_card
            if isinstance(m, PlayAction) and m.card is a:
                if a.key == "shakedown":
                    if m.target == self.hp_with and m.take in self.hands[self.hp_with] and m.pepper is None:
                        return None
                    return IllegalMove("MAFIA-HP-SNOOP-1", f"take one card of your choice from P{self.hp_with}'s hand",
                                       m)
                return self._booster_problem(m)
            return IllegalMove("MAFIA-HP-SNOOP-1", f"after Snoop, play {a} at once", m)
        if w == "dime_again":
            if isinstance(m, (Decline, DrawAgain)):
                return None
            return IllegalMove("MAFIA-HP-LUCKYDIME-1", "Lucky Dime: draw again, or stop", m)
        if isinstance(m, Give) and isinstance(m.cards, tuple) and len(m.cards) == DEAL_CARDS \
                and len(set(m.cards)) == DEAL_CARDS and all(c in self.hands[p] for c in m.cards):
            return None
        return IllegalMove("MAFIA-HP-DEAL-1", "Make a Deal: give 2 different cards from your hand", m)

    def _hp_on_resolve(self, m):
        p = m.player
        if isinstance(m, Discard):
            self._hp_limit_discard(m)
        elif isinstance(m, PlayAction):
            self.hp_win, self.hp_with, self.hp_card = None, None, None
            self._play_action(m)  # a Booster goes on to ACTION_RESOLVE
        elif isinstance(m, DrawAgain):
            self._dime_draw()
        elif isinstance(m, Decline):
            self.event("lucky_dime", ("P{} stops drawing and keeps {}", p, ", ".join(map(str, self.hp_drawn))),
                       ("MAFIA-HP-LUCKYDIME-1",), audience=frozenset((p,)), public_text=("P{} stops drawing", p))
            self.hp_win, self.hp_drawn = None, ()
        else:
            other: int = self.current if self.hp_win == "deal" else self.hp_with  # type: ignore[assignment]
            for c in m.cards:
                self.hands[p].remove(c)
            self.hands[other] += m.cards  # DEC-4: the limit is checked after the exchange, which changes no count
            self.event("deal", ("P{} gives P{} {}", p, other, ", ".join(map(str, m.cards))), ("MAFIA-HP-DEAL-1",),
                       audience=frozenset((p, other)), public_text=("P{} gives P{} 2 cards", p, other))
            self.hp_win = "deal_back" if self.hp_win == "deal" else None
