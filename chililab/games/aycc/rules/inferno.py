"""Inferno Mode (aycc.md section 2.9): revealing your identity and the seven abilities.

A mixin of ``AyccState`` that answers the base game's hooks (``base.AyccBase``):

- ``TURN_BEGIN`` asks D1 (:meth:`InfernoRules._offer_ability`) when ``inferno`` is on, the player's identity
  is hidden and its ability can do something: :class:`~.moves.Reveal` or :class:`~.moves.Decline`
  (AYCC-INFERNO-1/2); the reveal is public, the tolerance stays hidden (AYCC-INFERNO-3);
- ``ABILITY`` resolves the ability of ``self.ability`` (D2), then the turn goes on to ``ACTION`` (or the
  round ends, if the ability ended it). An automatic step decides what to ask next:

  * Go Chu Jang's Mastery: :class:`~.moves.Copy` a character of the row not yet revealed (DEC-24); the
    copied ability then resolves as the copier's own ("your" = the copier's character and seat);
  * Habi Wasabi's Green Frenzy: up to 3 :class:`~.moves.Serve` moves, each a full serve sub-step
    (``serving.py``) to a different active character other than your own, then one draw up to 4
    (:class:`~.moves.Decline` stops early; DEC-19, DEC-29);
  * Piri Piri's Fiery Dance: :class:`~.moves.Swap` two piles, burn-out check on both (DEC-20, DEC-23);
  * Fuego Fred's I Must Endure!: a private look at the top 3 undealt tolerances, then
    :class:`~.moves.Endure` (take one) or :class:`~.moves.Decline` (keep yours); burn-out check (DEC-21);
  * Vasco Tabasco's Quick Fork: the Fork sub-step (``icons.py``), coming back to ``ABILITY``;
  * King Naga's Savage Diss: :class:`~.moves.Diss`; a right guess forces the withdrawal (even if Locked or
    in a Siesta; the dishes score normally, the exact match's +10 too, but no Chili +5: NOTES.md) and banks
    7 points; a wrong one tells nothing more (DEC-6 as corrected, DEC-8, DEC-15);
  * Al Apeno's Siesta: no choice; until the start of the player's next turn (A3) opponents may not add
    dishes to that character (serve, Fork, swap with ``siesta_blocks_swap``) nor voluntarily withdraw
    (:meth:`InfernoRules._guarded`, :meth:`InfernoRules._withdraw_blocked`; DEC-22, DEC-23).

The checks are pure functions in ``checks.py``.

Decisions where the catalogue leaves a gap (besides DEC-15..24, 29):

- a reveal is allowed only when the ability can do something: Savage Diss needs another player whose identity
  is hidden, Mastery a character it may copy whose ability can be used (King Naga's, again, needs a hidden other
  player); otherwise it is refused with the reason. D1 is still asked (only Decline is legal then): whether a
  seat is asked must not tell the table which character it is;
- Mastery copying Savage Diss may name King Naga ("not King Naga" means "not your own character", DEC-24);
  any row character but your own may be named, even one already revealed (always a wrong guess);
- Green Frenzy may stop after 0, 1 or 2 dishes (Decline); it ends by itself when no frenzy dish can be served;
  the single draw up to 4 happens when it ends, unless the round ended first;
- Quick Fork may be declined, as the Fork icon's move;
- the undealt tolerances Fuego Fred looks at are shown in his view (``looking``) while he chooses, and in a
  private event; the choice ``Endure(p, value)`` is told to the others without the values;
- a correct Savage Diss scores the withdrawn player's dishes first, then King Naga's 7; ``first_to_50`` is
  checked after each;
- a Siesta lasts until its owner's next turn begins, even if that character leaves the round meanwhile; two
  can run at once (Al Apeno's and a Go Chu Jang copying it);
- a :class:`~.moves.Swap` is one move whichever character it names first.
"""
from __future__ import annotations

from chililab.engine import IllegalMove
from chililab.engine.phases import Phases

from .base import ACTIVE, AyccBase
from .cards import CHARACTERS, NAGA_BONUS
from .checks import (
    ABILITY_CLAUSE,
    AL,
    FRENZY_DISHES,
    FUEGO,
    GO,
    HABI,
    NAGA,
    PIRI,
    VASCO,
    copy_choices,
    copy_problem,
    diss_guesses,
    diss_problem,
    diss_targets,
    endure_after,
    endure_look,
    endure_problem,
    frenzy_target_problem,
    reveal_problem,
    sleeper,
    swap_choices,
    swap_problem,
    withdraw_blocker,
)
from .moves import Copy, Decline, Diss, Endure, Reveal, Serve, Swap

KEYS = tuple(c.key for c in CHARACTERS)
NAMES = tuple(c.name for c in CHARACTERS)
ID = {c.key: c.id for c in CHARACTERS}
_name = NAMES.__getitem__


def _clause(c: int) -> str:
    return ABILITY_CLAUSE[KEYS[c]]


class InfernoRules(AyccBase):
    """TURN_BEGIN's D1 and ABILITY: AYCC-INFERNO-1/2/3 and the seven abilities."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"ABILITY": "_ability_step"},
                            actions={"TURN_BEGIN": "_on_begin", "ABILITY": "_on_ability"},
                            legal={"TURN_BEGIN": "_begin_moves", "ABILITY": "_ability_moves"},
                            refusals={"TURN_BEGIN": "_begin_problem", "ABILITY": "_ability_problem"},
                            clauses={"TURN_BEGIN": "AYCC-INFERNO-1", "ABILITY": "AYCC-INFERNO-1"})

    ability: int | None  # the character whose ability is resolving in ABILITY (None: done)
    frenzy: tuple[int, ...]  # the characters served so far in this Green Frenzy
    siesta: list[int | None]  # per seat: the character its Siesta protects (None: no Siesta)

    # ------------------------------------------------------------ hooks of the base game

    def _seat_round(self, row, ids, neutral, tols, undealt) -> None:
        """A new round (or a scenario's): no ability under way, no Siesta (DEC-25)."""
        super()._seat_round(row, ids, neutral, tols, undealt)
        self.ability, self.frenzy, self.siesta = None, (), [None] * self.n

    def _on_turn_begin(self, p: int) -> None:
        """A3: the Siesta of ``p`` ends as ``p``'s next turn begins (AYCC-INFERNO-ALAPENO-1)."""
        c = self.siesta[p]
        if c is not None:
            self.siesta[p] = None
            self.event("siesta_end", ("P{}'s Siesta is over: {} may be served again and everyone may withdraw", p,
                                      NAMES[c]), ("AYCC-INFERNO-ALAPENO-1",), data={"seat": p, "character": c})

    def _guarded(self, c: int, by: int) -> IllegalMove | None:
        """AYCC-INFERNO-ALAPENO-1: nobody but the sleeper adds a dish to a character in a Siesta."""
        if c not in self.siesta:  # the usual case, asked for every target of every turn: one quick look
            return None
        s = sleeper(c, by, self._siestas())
        if s is None:
            return None
        return IllegalMove("AYCC-INFERNO-ALAPENO-1", f"{NAMES[c]} is taking a Siesta: until P{s}'s next turn no "
                                                     "opponent may give it a dish")

    def _guarded_from(self, by: int) -> tuple[int, ...]:
        """AYCC-INFERNO-ALAPENO-1: the characters in a Siesta that ``by`` is not the sleeper of (see :meth:`_guarded`)."""
        if self.siesta.count(None) == self.n:  # the usual case: nobody is taking a Siesta
            return ()
        siestas = self._siestas()
        return tuple(c for c in set(siestas.values()) if sleeper(c, by, siestas) is not None)

    def _withdraw_blocked(self, p: int) -> IllegalMove | None:
        """AYCC-INFERNO-ALAPENO-1: during an opponent's Siesta nobody else withdraws voluntarily."""
        if self.siesta.count(None) == self.n:
            return None
        s = withdraw_blocker(p, self._siestas())
        if s is None:
            return None
        return IllegalMove("AYCC-INFERNO-ALAPENO-1", f"P{s} is taking a Siesta: until P{s}'s next turn no opponent "
                                                     "may voluntarily withdraw")

    def _offer_ability(self, p: int) -> bool:
        """D1 when ``inferno`` is on and ``p``'s identity is hidden; asked even when the ability could do nothing
        (then only Decline is legal), so that whether D1 is asked tells the table nothing about the identity."""
        if not self.opts["inferno"] or self.id_revealed[p]:
            return False
        self.ask("turn", (p,), f"P{p}: reveal your Secret Identity and use its ability, or not")
        return True

    def refusal(self, move):
        """An ability move out of its place names its clause (elsewhere the phase's own refusal answers)."""
        t = type(move)
        if t is Reveal and self.phase != "TURN_BEGIN":  # a reveal comes at the very start of the turn
            why = reveal_problem(self.opts["inferno"], not self.id_revealed[move.player], True)
            assert why is not None  # acted=True: there is always a reason
            return IllegalMove(why[0], why[1], move)
        if t in _USED_BY and self.phase != "ABILITY":
            c = _USED_BY[t]
            return IllegalMove(ABILITY_CLAUSE[c], f"{_MOVE_WORD[t]} is {NAMES[ID[c]]}'s {CHARACTERS[ID[c]].ability}: it "
                                                  "is used only right after revealing that identity (or copying it) at "
                                                  "the start of your turn, in Inferno Mode", move)
        return super().refusal(move)

    def _looking(self, viewer: int | None) -> tuple[int, ...]:
        """The undealt tolerances ``viewer`` is looking at: the current player's, while it chooses one (Fuego's
        ability, or Go Chu Jang's copy of it); the teacher sees them too. Everyone else: ()."""
        c = self.ability
        if self.phase != "ABILITY" or c is None or KEYS[c] != FUEGO or viewer not in (None, self.current):
            return ()
        return tuple(endure_look(self.tol_deck))

    # ------------------------------------------------------------ D1: reveal or not

    def _hidden_seats(self) -> list[int]:
        return [s for s in range(self.n) if not self.id_revealed[s]]

    def _usable(self, c: int, p: int) -> bool:
        """Can seat ``p`` use character ``c``'s ability now? Savage Diss needs another hidden player; Mastery a
        character to copy whose ability is usable."""
        key = KEYS[c]
        if key == NAGA:
            return bool(diss_targets(p, self._hidden_seats()))
        if key == GO:
            return bool(self._copies(p))
        return True

    def _copies(self, p: int) -> list[int]:
        """The characters Go Chu Jang (seat ``p``) may copy now, in row order (AYCC-INFERNO-GOCHUJANG-1)."""
        revealed = {self.identity[s] for s in range(self.n) if self.id_revealed[s]}
        own = self.identity[p]
        return [c for c in copy_choices(self.row, own, revealed) if self._usable(c, p)]

    def _reveal_refusal(self, p: int) -> IllegalMove | None:
        why = reveal_problem(self.opts["inferno"], not self.id_revealed[p], False)
        if why is not None:
            return IllegalMove(*why)
        c = self.identity[p]
        if not self._usable(c, p):
            if KEYS[c] == NAGA:
                return IllegalMove("AYCC-INFERNO-KINGNAGA-1", "every other player's identity is known: Savage Diss "
                                                              "has nobody to name")
            return IllegalMove("AYCC-INFERNO-GOCHUJANG-1", "no character that Mastery could copy is left")
        return None

    def _begin_moves(self, p: int) -> list:
        return [Reveal(p), Decline(p)] if self._reveal_refusal(p) is None else [Decline(p)]

    def _begin_problem(self, m) -> IllegalMove | None:
        if type(m) is Reveal:
            why = self._reveal_refusal(m.player)
            return None if why is None else IllegalMove(why.rule, why.reason, m)
        if type(m) is Decline:
            return None
        return IllegalMove("AYCC-INFERNO-1", "your turn begins with a choice: reveal your Secret Identity and use "
                                             "its ability, or decline; then serve or withdraw", m)

    def _on_begin(self, m) -> None:
        p = m.player
        if type(m) is Decline:
            self.event("no_ability", ("P{} keeps their identity secret", p), ("AYCC-INFERNO-1",))
            self.go("ACTION")
            return
        c = self.identity[p]
        self.id_revealed[p] = True
        self.event("reveal", ("P{} reveals their Secret Identity: {} ({}). Their tolerance stays secret", p, NAMES[c],
                              CHARACTERS[c].ability), ("AYCC-INFERNO-1", "AYCC-INFERNO-2", "AYCC-INFERNO-3", _clause(c)),
                   data={"seat": p, "character": c})
        self.go("ABILITY")
        self._begin_ability(p, c)

    # ------------------------------------------------------------ ABILITY (D2)

    def _begin_ability(self, p: int, c: int) -> None:
        """Seat ``p`` starts using character ``c``'s ability (its own, or the one Go Chu Jang copies)."""
        self.ability, self.frenzy = c, ()
        if KEYS[c] == FUEGO:
            look = endure_look(self.tol_deck)
            self.event("endure_look", ("P{} looks at the top {} undealt tolerance cards: {}", p, len(look),
                                       ", ".join(map(str, look))), ("AYCC-INFERNO-FUEGO-1",),
                       audience=frozenset((p,)), public_text=f"P{p} looks at the top {len(look)} undealt tolerance "
                                                             "cards", data={"seat": p, "cards": tuple(look)})

    def _ability_step(self) -> bool:
        """ABILITY (automatic): ask the ability's next choice, or finish it and go on with the turn."""
        p, c = self.current, self.ability
        if c is None:
            return self._ability_done()
        key = KEYS[c]
        if key == VASCO:
            self.ability = None  # comes back to ABILITY when the Fork is done
            self._start_fork(p, "ABILITY")
            return False
        if key == AL:
            self.siesta[p] = self.identity[p]
            self.event("siesta", ("P{} takes a Siesta: until P{}'s next turn no opponent may give {} a dish or "
                                  "voluntarily withdraw", p, p, NAMES[self.identity[p]]), ("AYCC-INFERNO-ALAPENO-1",),
                       data={"seat": p, "character": self.identity[p]})
            self.ability = None
            return self._ability_done()
        if key == HABI:
            if self._round_over():  # a frenzy dish ended the round: the frenzy stops at once
                return self._ability_done()
            if len(self.frenzy) >= FRENZY_DISHES or not self._frenzy_moves(p):
                self.event("frenzy_end", ("P{}'s Green Frenzy is over", p), ("AYCC-INFERNO-HABI-1",))
                self._draw_up(p, "AYCC-INFERNO-HABI-1")
                self.ability = None
                return self._ability_done()
        self.ask("choice", (p,), f"P{p}: {_PROMPTS[key]}")
        return True

    def _ability_done(self) -> bool:
        """The ability is over: the round ends if it ended it, else the turn goes on (ACTION)."""
        self.ability, self.frenzy = None, ()
        self.go("ROUND_END_CHECK" if self._round_over() else "ACTION")
        return False

    def _ability_moves(self, p: int) -> list:
        key = self._ability_key()
        if key == GO:
            return [Copy(p, c) for c in self._copies(p)]
        if key == HABI:
            return self._frenzy_moves(p) + [Decline(p)]
        if key == PIRI:
            return [Swap(p, a, b) for a, b in swap_choices(self._active(), p, self._siestas(),
                                                           self.opts["siesta_blocks_swap"])]
        if key == FUEGO:
            return [Endure(p, t) for t in endure_look(self.tol_deck)] + [Decline(p)]
        # King Naga (the only other ability asked here)
        guesses = diss_guesses(self.row, self.identity[p])
        return [Diss(p, s, g) for s in diss_targets(p, self._hidden_seats()) for g in guesses]

    def _ability_key(self) -> str:
        """The key of the character whose ability is being used (ABILITY asks only while one is)."""
        assert self.ability is not None
        return KEYS[self.ability]

    def _ability_problem(self, m) -> IllegalMove | None:
        key, p, t = self._ability_key(), m.player, type(m)
        c = ID[key]
        want = {GO: Copy, HABI: Serve, PIRI: Swap, FUEGO: Endure, NAGA: Diss}[key]
        if t is Decline and key in (HABI, FUEGO):
            return None
        if t is not want:
            return IllegalMove(_clause(c), f"{NAMES[c]}'s {CHARACTERS[c].ability} is being used: "
                                           f"{_EXPECTED[key]}", m)
        own = self.identity[p]
        if t is Copy:
            revealed = {self.identity[s] for s in range(self.n) if self.id_revealed[s]}
            why = copy_problem(m.character, self.row, own, revealed, _name)
            if why is None and not self._usable(m.character, p):
                why = ("AYCC-INFERNO-KINGNAGA-1", "every other player's identity is known: Savage Diss would have "
                                                  "nobody to name")
        elif t is Serve:
            if m.target in self.row:
                why = frenzy_target_problem(m.target, own, self._active(), self.frenzy, _name)
                if why is None:
                    return self._serve_problem(p, m.dish, m.target)
            else:
                return self._serve_problem(p, m.dish, m.target)
        elif t is Swap:
            if m.first not in self.row or m.second not in self.row:
                why = (_clause(c), "Fiery Dance swaps the piles of two characters of this round's row")
            else:
                why = swap_problem(m.first, m.second, self._active(), p, self._siestas(),
                                   self.opts["siesta_blocks_swap"], _name)
        elif t is Endure:
            why = endure_problem(m.tolerance, self.tol_deck)
        elif type(m.target) is not int or not 0 <= m.target < self.n:
            why = (_clause(c), f"there is no player P{m.target} in this {self.n}-player game")
        else:
            why = diss_problem(m.target, m.guess, p, self._hidden_seats(), self.row, own)
        return None if why is None else IllegalMove(why[0], why[1], m)

    def _on_ability(self, m) -> None:
        t, p = type(m), m.player
        if t is Copy:
            c = m.character
            self.event("copy", ("P{} (Go Chu Jang) copies {}'s {}", p, NAMES[c], CHARACTERS[c].ability),
                       ("AYCC-INFERNO-GOCHUJANG-1", _clause(c)), data={"seat": p, "character": c})
            self._begin_ability(p, c)
        elif t is Serve:
            self.frenzy += (m.target,)
            self._start_serve(p, m.dish, m.target, "ABILITY")
        elif t is Swap:
            self._swap(p, m.first, m.second)
        elif t is Diss:
            self._diss(p, m.target, m.guess)
        elif t is Endure:
            self._endure(p, m.tolerance)
        elif self._ability_key() == FUEGO:
            self.event("endure", ("P{} keeps their tolerance", p), ("AYCC-INFERNO-FUEGO-1",))
            self.ability = None
        else:  # Decline during a frenzy: it stops here and the player draws
            self.event("frenzy_end", ("P{} ends the Green Frenzy", p), ("AYCC-INFERNO-HABI-1",))
            self._draw_up(p, "AYCC-INFERNO-HABI-1")
            self.ability = None

    # ------------------------------------------------------------ the abilities' effects

    def _active(self) -> list[int]:
        return [c for c in self.row if self.status[c] == ACTIVE]

    def _siestas(self) -> dict:
        return {s: c for s, c in enumerate(self.siesta) if c is not None}

    def _frenzy_moves(self, p: int) -> list:
        """Green Frenzy's serves: one per kind of dish in hand and frenzy target (AYCC-INFERNO-HABI-1)."""
        own, active = self.identity[p], self._active()
        targets = [t for t in active if frenzy_target_problem(t, own, active, self.frenzy) is None
                   and t != self.last_target and self._guarded(t, p) is None]
        kinds: dict = {}
        for d in sorted(self.hands[p], key=lambda d: d.id):
            kinds.setdefault(d.kind, d)
        return [Serve(p, d, t) for d in kinds.values() for t in targets]

    def _swap(self, p: int, a: int, b: int) -> None:
        """Fiery Dance (AYCC-INFERNO-PIRI-1, DEC-20): the piles change places; tokens stay; both burn-checked."""
        piles, heats = self.piles, self.heats
        piles[a], piles[b] = piles[b], piles[a]
        heats[a], heats[b] = heats[b], heats[a]
        self.event("swap", ("P{} swaps the piles of {} and {}: heats {} and {}; tokens stay where they are", p,
                            NAMES[a], NAMES[b], heats[a], heats[b]),
                   ("AYCC-INFERNO-PIRI-1", "AYCC-ICON-LOCK-3", "AYCC-ICON-CHILI-2"),
                   data={"seat": p, "first": a, "second": b})
        self.ability = None
        self._burn_check((a, b))

    def _endure(self, p: int, take: int) -> None:
        """I Must Endure! (AYCC-INFERNO-FUEGO-1, DEC-21): the new tolerance; the others back on top; burn check."""
        old = self.tol[p]
        self.tol[p], self.tol_deck[:], out = endure_after(self.tol_deck, old, take)
        self.tol_out.append(out)
        for seen in self.peeks:  # what an Eye saw of the old card no longer holds: that card has left the round
            seen[:] = [(s, t) for s, t in seen if s != p]
        self.event("endure", ("P{} takes the tolerance {} and puts {} out of the round", p, take, old),
                   ("AYCC-INFERNO-FUEGO-1",), audience=frozenset((p,)),
                   public_text=f"P{p} replaces their tolerance with an undealt card; the old card leaves the round "
                               "face down", data={"seat": p, "tolerance": take, "discarded": old})
        self.ability = None
        self._burn_check((self.identity[p],))

    def _diss(self, p: int, s: int, guess: int) -> None:
        """Savage Diss (AYCC-INFERNO-KINGNAGA-1/2, DEC-6, DEC-8, DEC-15)."""
        self.ability = None
        if self.identity[s] != guess:
            self.event("diss", ("P{} guesses that P{} is {}: wrong. Nothing else happens", p, s, NAMES[guess]),
                       ("AYCC-INFERNO-KINGNAGA-2",), data={"seat": p, "target": s, "guess": guess, "right": False})
            return
        self.event("diss", ("P{} guesses that P{} is {}: right! P{} must withdraw, and P{} gains {} points", p, s,
                            NAMES[guess], s, p, NAGA_BONUS), ("AYCC-INFERNO-KINGNAGA-1", "AYCC-ICON-LOCK-2"),
                   data={"seat": p, "target": s, "guess": guess, "right": True})
        self._withdraw(s, voluntary=False)
        if self._check_target():
            return
        self._gain(p, NAGA_BONUS)
        self.event("diss_bonus", ("P{} banks {} points for the Savage Diss", p, NAGA_BONUS),
                   ("AYCC-INFERNO-KINGNAGA-1",), data={"seat": p, "total": NAGA_BONUS})
        self._check_target()


#: D2's prompt per ability
_PROMPTS = {
    GO: "choose a character not yet revealed and copy its ability (Mastery)",
    HABI: "serve a dish to another character (Green Frenzy), or stop",
    PIRI: "choose two characters to swap their piles (Fiery Dance)",
    FUEGO: "take one of the tolerance cards you looked at, or keep yours (I Must Endure!)",
    NAGA: "name a player and guess their character (Savage Diss)",
}
#: the ability each D2 move belongs to, and how a refusal calls it
_USED_BY: dict[type, str] = {Copy: GO, Swap: PIRI, Endure: FUEGO, Diss: NAGA}
_MOVE_WORD: dict[type, str] = {Copy: "copying an ability", Swap: "swapping piles", Endure: "taking an undealt tolerance",
              Diss: "guessing a player's identity"}
#: what each ability asks for, for a refusal
_EXPECTED = {
    GO: "choose the character to copy",
    HABI: "serve a dish to a different character (not your own), or decline to stop the frenzy",
    PIRI: "choose two characters whose piles swap",
    FUEGO: "take one of the tolerance cards you looked at, or decline to keep yours",
    NAGA: "name a player whose identity is hidden and the character you think they are",
}
