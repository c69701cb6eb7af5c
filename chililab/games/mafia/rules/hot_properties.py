"""Hot Properties in play (mafia.md section 2.13, HAND-3, HOT-5 step 3; section 3.1 I2-I4, I6, I7, I10).

Drawing (MAFIA-HP-1): a new gang with 3+ peppers from the hand (a plain form, or a Turncoat or Recruit
gang) draws the top HP face down, unless it is the final round, the player holds 3 (DEC-21) or the
deck is empty. HPs live in ``hps``, not in the hand (MAFIA-HAND-3): never counted for the limit,
never taken or given. Views show others only their number (MAFIA-HP-2).

Using one (:class:`~.moves.UseHP`, MAFIA-HP-3): it is revealed, resolved, and goes to the bottom
of the HP deck. "Your turn" cards (Backup, Lucky Dime, Make a Deal, Reconsider, Snoop) are offered
in TURN_MAIN (their effects and HP_RESOLVE's later steps are in ``hot_properties.py``); Reconsider also right after one's Hot card is
neutralized (NEUTRALIZED, I3). "Anytime" cards are offered in the window their condition names:
"Easy, Pal!" and Lifeline in the defence window (DEFENSE), Kiss of Death, Bribe and Recruit after a
Hot card (POST_HOT, in that order, after the Lord draw: MAFIA-HOT-5), Recruit also after an add on
a turn (FORM_ADD). A use whose condition is false names nothing and has no effect (MAFIA-HP-4).

Windows ask seats in the interrupt order (section 3.2) and every seat asked gets the same prompt
and a :class:`~.moves.Decline`; only the holder's own legal moves contain the use. A window asks
only seats holding at least one HP: that count is public, so who is asked reveals nothing more.

Cards a use puts into a hand (Bribe, Reconsider, Backup, a kept Lifeline find) wait in ``hp_gain``
and enter one at a time, each after a hand-limit discard when the hand holds 8 (MAFIA-HAND-1/2).
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .action_cards import PEPPER_KEYS
from .base import MafiaBase, Phases
from .cards import Card, without
from .checks import (
    BACKUP_LOOK,
    CLAUSE,
    DEAL_CARDS,
    DEAL_MIN_HAND,
    KISS_MAX,
    LIFELINE_LOOK,
    WINDOW_OF,
    backup_split,
    bribe_order,
    deal_choices,
    distinct,
    easy_pal_choices,
    easy_pal_problem,
    hp_draw_problem,
    kiss_choices,
    on_turn,
    recruit_choices,
    recruit_order,
    recruit_problem,
    recruitable,
)
from .moves import Decline, Discard, DrawAgain, Give, Keep, Neutralize, PlayAction, UseHP
from .turn import HAND_LIMIT  # MAFIA-HAND-1

POST_STAGES = ("kiss", "bribe", "recruit")  # MAFIA-HOT-5 (3), after the Lord draw (DEC-8)
_WINDOW_TEXT = {"reconsider": "Reconsider (take your Hot card back)", "kiss": "Kiss of Death",
                "bribe": "Bribe (take the pinched pepper)", "recruit": "Recruit (steal the pepper just added)"}


class HPRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-HP-1..5, the ten MAFIA-HP-<card>-1, MAFIA-HAND-3, MAFIA-HOT-5 (3)."""

    #: the windows a Hot Property may be used in besides the defence window (after a neutralized Hot card, after
    #: a Hot card, after a form or an add), and the defence window itself, which this expansion wraps: its methods
    #: add the Hot Properties' uses and Lifeline's choice, and hand the rest on to the Hot cards' (hot_cards.py);
    #: HOT_DECLARE remembers whose gang is attacked first. Their checks are full checks (open_check).
    SECTION_PHASES = Phases(
        automatic={"HOT_DECLARE": "_hp_open_defence", "FORM_ADD": "_hp_form_add"},
        actions={"NEUTRALIZED": "_hp_on_window", "POST_HOT": "_hp_on_window", "FORM_ADD": "_hp_on_window",
                 "DEFENSE": "_hp_on_defence"},
        legal={"NEUTRALIZED": "_hp_window_moves", "POST_HOT": "_hp_window_moves", "FORM_ADD": "_hp_window_moves",
               "DEFENSE": "_hp_defence_moves"},
        refusals={"NEUTRALIZED": "_hp_window_problem", "POST_HOT": "_hp_window_problem",
                  "FORM_ADD": "_hp_window_problem", "DEFENSE": "_hp_defence_problem"},
        open_check=frozenset({"NEUTRALIZED", "POST_HOT", "FORM_ADD", "DEFENSE"}),
        clauses={"NEUTRALIZED": "MAFIA-HP-RECONSIDER-1", "FORM_ADD": "MAFIA-HP-RECRUIT-1"},
        wraps=frozenset({"HOT_DECLARE", "DEFENSE"}),
    )

    # ------------------------------------------------------------ drawing (MAFIA-HP-1)

    def _final_round_on(self) -> bool:
        """The final round has started (the turn that emptied the deck is not part of it: MAFIA-END-1)."""
        return self.final_left is not None and self.final_left < self.n

    def _hp_on_form(self, p: int, from_hand: int) -> None:
        """MAFIA-HP-1: ``p`` formed a new gang with ``from_hand`` peppers from their hand: maybe draw an HP."""
        if not self.opts["hot_properties"]:
            return
        why = hp_draw_problem(len(self.hps[p]), len(self.hp_deck), self._final_round_on(), from_hand)
        if why is None:
            c = self.hp_deck[0]
            self.hp_deck = self.hp_deck[1:]
            self.hps[p] += (c,)
            self.event("hp_draw", ("P{} draws the Hot Property {} (face down)", p, c), ("MAFIA-HP-1", "MAFIA-HP-2"),
                       audience=frozenset((p,)), public_text=("P{} draws a Hot Property (face down)", p))
        elif from_hand >= 3:
            self.event("hp_no_draw", ("P{} draws no Hot Property: {}", p, why), ("MAFIA-HP-1",))

    # ------------------------------------------------------------ which uses are open

    def _hp_window(self, p: int) -> str | None:
        """The moment ``p`` is asked in: "turn", "defence", "reconsider", "kiss", "bribe", "recruit" or None."""
        ph = self.phase
        if ph == "TURN_MAIN":
            return "turn" if p == self.current else None
        if ph == "DEFENSE":
            return "defence" if self.hp_win is None and not self.hp_gain else None
        if ph in ("NEUTRALIZED", "POST_HOT", "FORM_ADD") and not self.hp_gain:
            return self.hp_win
        return None

    def _hp_timing_problem(self, card: Card, window: str | None, p: int):
        """MAFIA-HP-3: why ``card`` cannot be used at this moment, or None."""
        key = card.key
        if on_turn(card):
            if window == "turn" or key == "reconsider" and window == "reconsider":
                if key == "make_a_deal" and self.turn <= self.n:
                    return ("MAFIA-HP-DEAL-1", f"Make a Deal is not played in the first round (turns 1-{self.n}; "
                            f"this is turn {self.turn})")
                return None
            if window is not None and p == self.current:  # asked in a window of one's own turn
                return "MAFIA-HP-3", f"{card.name} is used in your turn's main part, not while a Hot card resolves"
            return "MAFIA-HP-3", f"{card.name} is used only during your own turn"
        if WINDOW_OF[key] == window:
            return None
        return "MAFIA-HP-3", f"{card.name} is used anytime, but only in the moment its condition names"

    def _hp_condition(self, card: Card, p: int) -> bool:
        """The card's IF... for ``p`` now (checked once the moment is right, MAFIA-HP-3/4)."""
        key = card.key
        if key == "backup":
            return bool(self.discard) and self.discard[-1].pepper
        if key in ("easy_pal", "lifeline"):
            return p == self.hp_victim
        if key == "lucky_dime":
            return not self.hands[p]
        if key == "make_a_deal":
            return any(len(self.hands[t]) >= DEAL_MIN_HAND for t in range(self.n) if t != p)
        if key == "reconsider":
            return self.phase == "NEUTRALIZED"
        if key == "recruit":
            return bool(recruit_choices(self.hp_added[1], self.hands[p])) if self.hp_added else False
        if key == "snoop":
            return any(c.key in ("shakedown", "booster") for c in self.hands[p])
        return True  # Bribe and Kiss of Death: their windows open only when they hold

    def _hp_uses(self, p: int) -> list:
        """Every use of ``p``'s Hot Properties open now (copies of a card once; MAFIA-HP-3/4)."""
        if not self.hps[p]:
            return []
        window = self._hp_window(p)
        if window is None:
            return []
        out: list = []
        for card in distinct(self.hps[p]):
            if self._hp_timing_problem(card, window, p) is not None:
                continue
            if not self._hp_condition(card, p):
                out.append(UseHP(p, card))
                continue
            key = card.key
            if key == "easy_pal":
                out += [UseHP(p, card, cards=sel) for sel in easy_pal_choices(self.hands[p])]
            elif key == "kiss_of_death":
                out += [UseHP(p, card, take=c) for c in kiss_choices(self._attacking_gang())]
            elif key == "recruit":
                out += [UseHP(p, card, take=t, cards=cs) for t, cs in recruit_choices(self.hp_added[1], self.hands[p])]
            elif key == "make_a_deal":
                out += [UseHP(p, card, target=t) for t in range(self.n)
                        if t != p and len(self.hands[t]) >= DEAL_MIN_HAND]
            elif key == "snoop":
                out += [UseHP(p, card, target=t, take=a) for a in distinct(self.hands[p])
                        for t in range(self.n) if t != p and self._snoop_problem(p, t, a) is None]
            else:
                out.append(UseHP(p, card))
        return out

    def _snoop_problem(self, p: int, t, action):
        """MAFIA-HP-SNOOP-1 (DEC-27): Snoop another player's hand, then play the Shakedown (on them) or Booster."""
        if type(t) is not int or not 0 <= t < self.n or t == p:
            return "MAFIA-HP-SNOOP-1", "Snoop looks at another player's hand"
        if not isinstance(action, Card) or action not in self.hands[p] or action.key not in ("shakedown", "booster"):
            return "MAFIA-HP-SNOOP-1", "Snoop names the Shakedown or Booster of your hand it goes with"
        if action.key == "shakedown" and not self.hands[t]:
            return "MAFIA-ACT-SHAKEDOWN-1", f"P{t} holds no card to take"
        if action.key == "booster" and self.turn <= self.n:
            return "MAFIA-ACT-BOOSTER-2", f"a Booster cannot be played in the first round (turns 1-{self.n})"
        return None

    def _hp_use_problem(self, m):
        """Why the HP use ``m`` is refused now (MAFIA-HP-2/3/4 and the card's clause), or None."""
        p, card = m.player, m.card
        if not isinstance(card, Card) or card not in self.hps[p]:
            return IllegalMove("MAFIA-HP-2", f"{card!r} is not a Hot Property in front of P{p}", m)
        why = self._hp_timing_problem(card, self._hp_window(p), p)
        if why is not None:
            return IllegalMove(why[0], why[1], m)
        named = (m.target, m.take, m.cards) != (None, None, ())
        clause = CLAUSE[card.key]
        if not self._hp_condition(card, p):
            if named:
                return IllegalMove("MAFIA-HP-4", f"{card.name}'s condition is not met now: it may be activated only "
                                   "as it is, with no effect", m)
            return None
        key = card.key
        if key in ("backup", "bribe", "lifeline", "lucky_dime", "reconsider"):
            return IllegalMove(clause, f"{card.name} names nothing", m) if named else None
        if key == "easy_pal":
            why = easy_pal_problem(m.cards, self.hands[p])
            if why is None and (m.target, m.take) == (None, None):
                return None
            return IllegalMove(clause, f"\u201cEasy, Pal!\u201d discards peppers from your hand worth 5 or more: "
                               f"{why or 'it names no player and no other card'}", m)
        if key == "kiss_of_death":
            if isinstance(m.take, Card) and m.take in self._attacking_gang() and m.take.power <= KISS_MAX:
                return None if (m.target, m.cards) == (None, ()) else IllegalMove(clause, "name only the pepper", m)
            return IllegalMove(clause, "Kiss of Death discards 1 pepper of strength 5 or less from the attacking gang",
                               m)
        if key == "recruit":
            why = recruit_problem(m.take, m.cards, self.hp_added[1], self.hands[p])
            return None if why is None and m.target is None else IllegalMove(clause, why or "name no player", m)
        if key == "make_a_deal":
            t = m.target
            if type(t) is not int or not 0 <= t < self.n or t == p or m.take is not None or m.cards:
                return IllegalMove(clause, "Make a Deal names another player, and only that", m)
            if len(self.hands[t]) < DEAL_MIN_HAND:
                return IllegalMove(clause, f"P{t} holds {len(self.hands[t])} cards; Make a Deal needs a player "
                                   f"with {DEAL_MIN_HAND} or more", m)
            return None
        why = self._snoop_problem(p, m.target, m.take)  # snoop
        if why is None and m.cards:
            why = clause, "Snoop names a player and the Shakedown or Booster, nothing else"
        return None if why is None else IllegalMove(why[0], why[1], m)

    # ------------------------------------------------------------ using one

    def _hp_use(self, m) -> None:
        """MAFIA-HP-3: reveal, resolve (nothing when the condition is false, MAFIA-HP-4), then to the HP deck's bottom."""
        p, card = m.player, m.card
        self.hps[p] = without(self.hps[p], card)
        clause = CLAUSE[card.key]
        if not self._hp_condition(card, p):
            self.event("hp_void", ("P{} reveals {}: its condition is not met, so it has no effect", p, card),
                       ("MAFIA-HP-3", "MAFIA-HP-4", clause))
        else:
            self.event("hp_use", ("{}", m), ("MAFIA-HP-3", clause))
            getattr(self, "_hp_" + card.key)(m)
        self.hp_deck += (card,)

    def _hp_bribe(self, m):
        t = self.attack.targets[0]
        for pile in (self.draw, self.discard):
            if t in pile:
                pile.remove(t)
                self._hp_gain_cards(m.player, [t])
        self.start_pass(())

    def _hp_easy_pal(self, m):
        for c in m.cards:
            self.hands[m.player].remove(c)
        self.discard += m.cards
        self._hp_neutralize(m, "MAFIA-HP-EASYPAL-1")

    def _hp_kiss_of_death(self, m):
        self._take_from_gang(m.take)
        self.discard.append(m.take)
        self.start_pass(())

    def _hp_lifeline(self, m):
        self.hp_win = "lifeline"

    def _hp_reconsider(self, m):
        self.discard.remove(self.attack.card)
        self._hp_gain_cards(m.player, [self.attack.card])
        self.start_pass(())

    def _hp_recruit(self, m):
        p = m.player
        self._take_from_gang(m.take)
        for c in m.cards:
            self.hands[p].remove(c)
        self.gangs[p] = self.gangs[p] + ((m.take, *m.cards),)
        self.event("recruit", ("P{} forms a new gang: {}", p, ", ".join(map(str, (m.take, *m.cards)))),
                   ("MAFIA-HP-RECRUIT-1",))
        self._hp_on_form(p, len(m.cards))
        self.start_pass(())

    # ------------------------------------------------------------ cards entering a hand (MAFIA-HAND-1/2)

    def _hp_gain_cards(self, p: int, cards) -> None:
        self.hp_gain += tuple(cards)
        self.hp_gainer = p

    def _hp_receive(self) -> bool:
        """The gained cards enter the hand one at a time; True when a hand-limit discard is asked first."""
        p = self.hp_gainer
        while self.hp_gain:
            if len(self.hands[p]) >= HAND_LIMIT:
                self.ask("choice", (p,), f"P{p} holds {HAND_LIMIT} cards: discard 1 before the next card enters")
                return True
            self.hands[p].append(self.hp_gain[0])
            self.hp_gain = self.hp_gain[1:]
        self.hp_gainer = None
        return False

    def _hp_limit_discard(self, m) -> None:
        self.hands[m.player].remove(m.card)
        self.discard.append(m.card)
        self.event("limit_discard", ("P{} discards {} to make room (hand limit 8)", m.player, m.card),
                   ("MAFIA-HAND-1", "MAFIA-HAND-2"))

    # ------------------------------------------------------------ the windows' shared moves and checks

    def _hp_window_moves(self, seat):
        """LEGAL of NEUTRALIZED, POST_HOT, FORM_ADD: a hand-limit discard, or Decline and the seat's uses."""
        if self.hp_gain:
            return [Discard(seat, c) for c in self.hands[seat]]
        return [Decline(seat)] + self._hp_uses(seat)

    def _hp_window_problem(self, m):
        """REFUSALS of NEUTRALIZED, POST_HOT, FORM_ADD (the full check: None means accepted)."""
        if self.hp_gain:
            if isinstance(m, Discard) and m.card in self.hands[m.player]:
                return None
            return IllegalMove("MAFIA-HAND-1", "the hand holds 8 cards: discard 1 card from it first", m)
        if isinstance(m, UseHP):
            return self._hp_use_problem(m)
        if isinstance(m, Decline):
            return None
        what = _WINDOW_TEXT.get(self.hp_win or "", "a Hot Property")
        return IllegalMove("MAFIA-HP-3", f"now P{m.player} may use {what}, or let it pass", m)

    def _hp_on_window(self, m):
        """ACTIONS of NEUTRALIZED, POST_HOT, FORM_ADD; the phase's own step then asks the next seat or goes on."""
        if isinstance(m, Discard):
            self._hp_limit_discard(m)
        elif isinstance(m, UseHP):
            self._hp_use(m)
        else:
            self.event("decline", ("{}", m), ("MAFIA-HP-3",))
            self.pass_answered()

    def _hp_ask(self, what: str) -> bool:
        s = self.pass_seat
        self.ask("choice", (s,), f"P{s}: use {_WINDOW_TEXT[what]}, or let it pass")
        return True

    # ------------------------------------------------------------ NEUTRALIZED (I3: Reconsider)

    def _hp_neutralized(self):
        """MAFIA-HOT-5: after a neutralization only the Reconsider window follows (the attacker, if they hold an HP)."""
        if self.hp_gain and self._hp_receive():
            return True
        a = self.attack.player
        if self.hp_win is None and self.hps[a]:
            self.hp_win = "reconsider"
            self.start_pass((a,))
        if self.hp_win == "reconsider" and self.pass_queue:
            return self._hp_ask("reconsider")
        return self._hp_done()

    def _hp_neutralize(self, m, clause):
        """"Easy, Pal!" or a Fuggedaboutit found by Lifeline neutralizes the Hot card (MAFIA-HOT-4)."""
        self.start_pass(())
        self.hp_win = None
        self.event("neutralize", ("{}: the Hot card is neutralized", m), ("MAFIA-HOT-4", clause))
        self.go("NEUTRALIZED")

    # ------------------------------------------------------------ POST_HOT (I4 Kiss of Death, I6 Bribe, I7 Recruit)

    def _hp_after_hot(self):
        """MAFIA-HOT-5 (3), after the Lord draw: the Kiss of Death, Bribe and Recruit windows, each an ordered pass
        over the seats holding an HP (re-entered after every answer), then back to the attacker's turn."""
        if not self.opts["hot_properties"]:
            return self._hp_done()
        if self.hp_gain and self._hp_receive():
            return True
        while True:
            if self.hp_win in POST_STAGES and self.pass_queue:
                return self._hp_ask(self.hp_win)
            if self.hp_stage >= len(POST_STAGES):
                return self._hp_done()
            stage = POST_STAGES[self.hp_stage]
            self.hp_stage += 1
            self.hp_win = stage
            self.start_pass(self._hp_asked(self._post_seats(stage)))

    def _post_seats(self, stage: str) -> list[int]:
        m, n = self.attack, self.n
        if stage == "kiss":
            return [self.hp_victim] if m.card.key in ("whack", "whackem") else []
        if stage == "bribe":
            if m.card.key != "pinch":
                return []
            return bribe_order(m.player, n)
        return self._recruit_seats()

    def _recruit_seats(self) -> list[int]:
        if self.hp_added is None or not recruitable(self.hp_added[1]):
            return []
        return recruit_order(self.hp_added[0], self.team_of, self.n)

    def _hp_asked(self, seats) -> list[int]:
        """The seats a window asks: those holding an HP (a public count), in the window's order, or in a
        permutation from the game's PRNG with ``interrupt_order`` ``seeded_random`` (section 3.2)."""
        out = [s for s in seats if self.hps[s]]
        if len(out) > 1 and self.opts["interrupt_order"] == "seeded_random":
            self.rng.shuffle(out)
        return out

    def _attacking_gang(self):
        a = self.attack.attacker
        return next((g for gs in self.gangs for g in gs if a in g), ())

    def _hp_done(self):
        """The windows are over: back to the attacker's turn."""
        self.hp_win, self.hp_stage, self.hp_victim, self.hp_added = None, 0, None, None
        return self._back_to_turn()

    def _hp_open_defence(self):
        """HOT_DECLARE: remember whose gang is attacked (the owner of the eliminated peppers, for HP windows)."""
        self.hp_victim = self._target_owner()
        return self._open_defence(self.hp_victim)

    def _hp_placed(self, p: int, new_gang: bool, hand_cards, taken) -> None:
        """A Turncoat's placement: a new gang may draw an HP (MAFIA-HP-1, DEC-22); into an existing gang it opens
        the Recruit window after the Kiss and Bribe ones (MAFIA-HOT-5, DEC-29)."""
        if new_gang:
            self._hp_on_form(p, len(hand_cards))
        else:
            self.hp_added = (p, (taken,))

    # ------------------------------------------------------------ FORM_ADD (I7 after an add on a turn)

    def _hp_after_add(self, p: int, cards) -> bool:
        """MAFIA-HP-RECRUIT-1: an add of a strength 1-5 pepper opens the Recruit window (FORM_ADD); True if it did."""
        if not self.opts["hot_properties"] or not recruitable(cards):
            return False
        self.hp_added = (p, tuple(cards))
        seats = self._hp_asked(self._recruit_seats())
        if not seats:
            self.hp_added = None
            return False
        self.hp_win = "recruit"
        self.start_pass(seats)
        self.go("FORM_ADD")
        return True

    def _hp_form_add(self):
        """FORM_ADD (automatic after each answer): ask the next seat, or back to the turn."""
        if self.hp_gain and self._hp_receive():
            return True
        if self.pass_queue:
            return self._hp_ask("recruit")
        self.hp_win, self.hp_added = None, None
        self.go("TURN_MAIN")
        self.ask("turn", (self.current,), f"P{self.current}'s turn")
        return True

    # ------------------------------------------------------------ DEFENSE ("Easy, Pal!", Lifeline)

    def _hp_found(self):
        """The Fuggedaboutit a Lifeline look offers (the first among the top 5), or None."""
        return next((c for c in self.draw[:LIFELINE_LOOK] if c.key == "fuggedaboutit"), None)

    def _hp_defence_moves(self, seat):
        if self.hp_gain:
            return [Discard(seat, c) for c in self.hands[seat]]
        if self.hp_win == "lifeline":
            f = self._hp_found()
            return [Decline(seat)] + ([Neutralize(seat, f), Keep(seat, f)] if f is not None else [])
        if not self.hps[seat]:  # no Hot Property to use (the base game): the defence window's moves alone
            return self._defence_moves(seat)
        return self._defence_moves(seat) + self._hp_uses(seat)

    def _hp_defence_problem(self, m):
        p = m.player
        if self.hp_gain:
            return self._hp_window_problem(m)
        if self.hp_win == "lifeline":
            look = self.draw[:LIFELINE_LOOK]
            if isinstance(m, (Neutralize, Keep)) and m.card in look and m.card.key == "fuggedaboutit":
                return None
            return IllegalMove("MAFIA-HP-LIFELINE-1", "Lifeline: play a Fuggedaboutit found in the top 5 cards, keep "
                               "it, or take nothing", m)
        if isinstance(m, UseHP):
            return self._hp_use_problem(m)
        if isinstance(m, Keep):
            return IllegalMove("MAFIA-HP-LIFELINE-1", f"P{p} is not looking through the deck with a Lifeline", m)
        return self._defence_problem(m)

    def _hp_on_defence(self, m):
        """DEFENSE's moves: HP uses and Lifeline's choice here; Fuggedaboutit and Decline as ``hot_cards`` says."""
        p = m.player
        if isinstance(m, Discard):
            self._hp_limit_discard(m)
        elif isinstance(m, UseHP):
            self._hp_use(m)
            if self.phase == "NEUTRALIZED":
                return
        elif self.hp_win == "lifeline":
            self.hp_win = None
            if isinstance(m, Decline):
                self.event("lifeline", ("P{} takes nothing from the deck", p), ("MAFIA-HP-LIFELINE-1",))
            else:
                self.draw.remove(m.card)
                self._last_card_check()  # DEC-25: taking the deck's last card is drawing it
                if isinstance(m, Neutralize):
                    self.discard.append(m.card)
                    self._hp_neutralize(m, "MAFIA-HP-LIFELINE-1")
                    return
                self.event("lifeline", ("P{} keeps a {} found in the deck", p, m.card), ("MAFIA-HP-LIFELINE-1",))
                self._hp_gain_cards(p, [m.card])
        else:
            self._on_defence(m)
            return
        if self.hp_gain and self._hp_receive():
            return
        self.go("DEFENSE")
        if self.hp_win == "lifeline":
            self.ask("choice", (p,), f"P{p} looks at the top {LIFELINE_LOOK} cards of the deck: play or keep a "
                     "Fuggedaboutit, or take nothing")
        else:
            self._ask_defence()  # the seat asked has still to answer the Hot card

    # ------------------------------------------------------------ what a seat looks at (views)

    def _hp_looking(self, seat: int) -> tuple[Card, ...]:
        """The hidden cards ``seat`` is looking at now: a Snooped hand, the top of the deck in a Lifeline look."""
        d = self.decision
        if d is None or seat not in d.players:
            return ()
        if self.hp_win == "snoop" and self.phase == "HP_RESOLVE" and not self.hp_gain:
            return tuple(self.hands[self.hp_with])
        if self.hp_win == "lifeline" and self.phase == "DEFENSE" and not self.hp_gain:
            return tuple(self.draw[:LIFELINE_LOOK])
        return ()


# ====================================================================================================
# Hot Properties used on one's own turn (mafia.md section 2.13): Backup, Lucky Dime, Make a Deal, Snoop.
#
# ``hot_properties.py`` checks and starts a use (TURN_MAIN -> HP_RESOLVE, MAFIA-HP-3); the later steps
# run here, in HP_RESOLVE, which is automatic between answers: Lucky Dime's draws (through
# DRAW and back) and its "draw again or stop", Make a Deal's two gifts, the Shakedown or Booster
# that follows a Snoop. Then the turn goes on.
# ====================================================================================================


class HPTurnRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-HP-BACKUP-1, HP-LUCKYDIME-1, HP-DEAL-1, HP-SNOOP-1 (their steps)."""

    SECTION_PHASES = Phases(
        automatic={"HP_RESOLVE": "_hp_resolve"},
        actions={"HP_RESOLVE": "_hp_on_resolve"},
        legal={"HP_RESOLVE": "_hp_resolve_moves"},
        refusals={"HP_RESOLVE": "_hp_resolve_problem"},
        open_check=frozenset({"HP_RESOLVE"}),
        clauses={"HP_RESOLVE": "MAFIA-HP-3"},
    )

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
