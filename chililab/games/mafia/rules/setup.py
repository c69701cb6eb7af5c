"""Setting up (mafia.md section 2.1): build, deal, draft, and finalize the draw deck.

Phases BUILD, DEAL and FINALIZE run by themselves; DRAFT asks every seat at
once for a hidden pick (the kernel's simultaneous window), then passes the
packets left. Tests may fix the shuffled order (``setup={"deck": [...]}``,
top first, dealt one card at a time from seat 0 clockwise) and the Hot Property
deck (``setup={"hp_deck": [...]}``); cards not listed follow in a seeded shuffle.
"""
from __future__ import annotations

from fractions import Fraction

from chililab.engine import IllegalMove

from .base import ALONE, MafiaBase, Phases
from .cards import HAND_SIZE, card_by_id, dawn_raid, deck, table_cards, without
from .moves import Pick

_SETUP = "MAFIA-SETUP-4", "MAFIA-SETUP-5"
_tnew = tuple.__new__  # a move made as the tuple it is (all fields, in order): see engine.tuplemove


def _ordered(cards, explicit, rng) -> list:
    """``cards`` in a seeded shuffle, or with the ``explicit`` ids first (then the rest shuffled)."""
    if not explicit:
        out = list(cards)
        rng.shuffle(out)
        return out
    head = [card_by_id(i) for i in explicit]
    taken = set(head)
    rest = [c for c in cards if c not in taken]
    rng.shuffle(rest)
    return head + rest


class SetupRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-COMP-*, MAFIA-SETUP-*, MAFIA-DRAFT-*, MAFIA-PROMO-TASTE-1."""

    SECTION_PHASES = Phases(
        automatic={"BUILD": "_build", "DEAL": "_deal", "FINALIZE": "_finalize"},
        windows={"DRAFT": "_resolve_picks"},
        legal={"DRAFT": "_draft_moves"},
        refusals={"DRAFT": "_draft_problem"},
        clauses={"DRAFT": "MAFIA-DRAFT-1"},
    )

    # ------------------------------------------------------------ BUILD and DEAL

    def _build(self):
        """MAFIA-COMP-1/2, SETUP-2/3, PROMO-RUMBLE-3: the cards for this table."""
        self.draw = list(deck(self.n, self.opts))
        dealt = set(self.draw)
        self.aside = tuple(c for c in table_cards(self.n, self.opts) if c not in dealt)
        self.event("build", ("{} cards for {} players", len(self.draw), self.n),
                   ("MAFIA-COMP-1", "MAFIA-SETUP-2", "MAFIA-SETUP-3"))
        self.go("DEAL")
        return False

    def _deal(self):
        """MAFIA-SETUP-4: the Dawn Raid is set aside, the rest is shuffled, 6 cards dealt to each."""
        setup = self.setup or {}
        order = _ordered(self.draw, setup.get("deck"), self.rng)
        n = self.n
        # dealt one card at a time from seat 0 clockwise: seat s gets cards s, s + n, s + 2n ...
        self.packets = [tuple(order[s:HAND_SIZE * n:n]) for s in range(n)]
        self.draw = order[HAND_SIZE * n:]
        self.event("deal", ("The Dawn Raid is set aside; {} cards are dealt to each of {} players", HAND_SIZE, n),
                   ("MAFIA-SETUP-4",))
        if n == 2:  # MAFIA-DRAFT-2: each keeps the 6 cards dealt
            self.hands, self.packets = [list(p) for p in self.packets], [() for _ in range(n)]
            self.event("no_draft", "With 2 players there is no draft: each keeps the 6 cards dealt",
                       ("MAFIA-DRAFT-2", "MAFIA-2P-1"))
            self.go("FINALIZE")
            return False
        self.go("DRAFT")
        self._ask_pick()
        return True

    # ------------------------------------------------------------ DRAFT

    def _ask_pick(self):
        self.pick = HAND_SIZE + 1 - len(self.packets[0])
        self.ask("window", range(self.n), f"Draft pick {self.pick}: choose 1 card from your packet; "
                                          "the rest goes to the player on your left")

    def _draft_moves(self, seat):
        return [_tnew(Pick, (seat, c)) for c in self.packets[seat]]

    def _draft_problem(self, m):
        if not isinstance(m, Pick):
            return IllegalMove("MAFIA-DRAFT-1", "During the draft the only move is to pick a card from your packet", m)
        return IllegalMove("MAFIA-DRAFT-1", f"{m.card!r} is not in the packet in front of P{m.player}", m)

    def _resolve_picks(self, answers):
        """MAFIA-DRAFT-1: every pick goes into its hand, then the packets pass left (seat + 1)."""
        n = self.n
        for s in range(n):
            c = answers[s].card
            self.packets[s] = without(self.packets[s], c)
            self.hands[s].append(c)
            self.event("pick", ("P{} picks {}", s, c), ("MAFIA-DRAFT-1",), audience=ALONE[s],
                       public_text=("P{} picks a card", s))
        self.packets = [self.packets[(s - 1) % n] for s in range(n)]
        self.event("pass", ("Pick {}: the packets pass to the left", self.pick), ("MAFIA-DRAFT-1",))
        if len(self.packets[0]) == 1:  # the last card of each packet needs no choice
            for s in range(n):
                self.hands[s].append(self.packets[s][-1])
                self.packets[s] = ()
            self.event("last_pick", "Each player takes the last card passed to them", ("MAFIA-DRAFT-1",))
            self.pick = 0
            self.go("FINALIZE")  # the kernel runs it next
            return
        self.go("DRAFT")
        self._ask_pick()

    # ------------------------------------------------------------ an explicit position (scenario.py)

    def _load_scenario(self, sc: dict) -> None:
        """Start from an explicit position (``scenario.check_scenario`` has checked it): ``current``'s turn begins.

        No card is dealt or drafted: the cards are where the scenario puts them, the Dawn Raid not placed in the
        draw deck has been drawn already (out of the game), and the first player is ``first_player`` (default:
        ``current``)."""
        by_id = card_by_id
        self.hands = [[by_id(i) for i in h] for h in sc["hands"]]
        self.gangs = [tuple(tuple(by_id(i) for i in g) for g in gs) for gs in sc["gangs"]]
        self.hps = [tuple(by_id(i) for i in h) for h in sc["hps"]]
        self.discard = [by_id(i) for i in sc["discard"]]
        self.draw = [by_id(i) for i in sc["draw"]]
        self.hp_deck = tuple(by_id(i) for i in sc["hp_deck"])
        if not any(c.kind == "dawn_raid" for c in self.draw):
            self.out = (dawn_raid(),)
            self.dawn_raid_drawn = True
        self.current, self.turn = sc["current"], sc["turn"]
        sp = self.opts["first_player"]
        self.start = self.current if sp is None else sp
        self.event("scenario", ("An explicit position: turn {}, P{} to play", self.turn, self.current), (),
                   data={"turn": self.turn, "seat": self.current})
        self.phase = "TURN_MAIN"  # no transition is taken: the game begins here
        self.ask("turn", (self.current,), f"P{self.current}'s turn")

    # ------------------------------------------------------------ FINALIZE

    def _finalize(self):
        """MAFIA-SETUP-5..9, PROMO-TASTE-1: draw deck, Taste Me, Dawn Raid, Hot Property deck, start player."""
        o = self.opts
        self.event("draw_deck", ("The other {} cards form the draw deck; the discard pile is empty", len(self.draw)),
                   ("MAFIA-SETUP-5",))
        taste = [c for c in self.aside if c.kind == "taste_me"]
        dawn = next(c for c in self.aside if c.kind == "dawn_raid")
        hps = [c for c in self.aside if c.kind == "hot_property"]
        self.aside = ()
        if taste:
            for c in taste:
                self.draw.insert(self.rng.randint(0, len(self.draw)), c)
            self.event("taste_me", "The 6 Taste Me cards are slid into the draw deck at random",
                       ("MAFIA-SETUP-6", "MAFIA-PROMO-TASTE-1"))
        d = len(self.draw)
        table = o["dawn_raid_table"]
        below = table[str(self.n)] if table and str(self.n) in table else int(d * Fraction(o["dawn_raid_below_fraction"]))
        below = min(below, d)
        self.draw.insert(d - below, dawn)
        self.event("dawn_raid", ("The Dawn Raid goes into the draw deck with {} cards below it", below),
                   ("MAFIA-SETUP-7",))
        if hps:
            self.hp_deck = tuple(_ordered(hps, (self.setup or {}).get("hp_deck"), self.rng))
            self.event("hp_deck", "The 16 Hot Property cards are shuffled face down beside the draw deck",
                       ("MAFIA-SETUP-8",))
        sp = o["first_player"]
        self.start = self.rng.randrange(self.n) if sp is None else sp
        self.current = self.start
        self.turn = 1
        self.event("start", ("P{} goes first; play goes clockwise", self.start), ("MAFIA-SETUP-9",))
        self.go("TURN_MAIN")
        self.ask("turn", (self.current,), f"P{self.current}'s turn")
        return True
