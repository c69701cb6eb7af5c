"""Setting up a round (aycc.md 2.1): ROUND_SETUP, and loading an explicit scenario.

Every round is set up afresh (AYCC-SETUP-3, DEC-25), drawing from the game's one seeded generator
in a fixed order: the first player (round 1 only), the row, the identities, the tolerances, the
dishes. An explicit deal (``setup["deals"][round - 1]``, checked by ``scenario.py``) replaces any of
these parts; what it leaves out is drawn as usual.
"""
from __future__ import annotations

from chililab.engine.phases import Phases

from .base import ABSENT, ACTIVE, ONLY, AyccBase
from .cards import CHARACTERS, HAND_SIZE, TOLERANCES, Listed, heat

NAMES = tuple(c.name for c in CHARACTERS)


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


class _And(tuple):
    """Names that read as ``"A, B and C"`` (or ``"none"``) when an event's text is formatted (only when read)."""

    __slots__ = ()

    def __format__(self, spec):
        return _and(list(self)) or "none"


class SetupRules(AyccBase):
    """ROUND_SETUP; the scenario loader."""

    #: the phases this section runs (composed in state.py)
    SECTION_PHASES = Phases(automatic={"ROUND_SETUP": "_round_setup"})

    def _round_setup(self) -> bool:
        """ROUND_SETUP (automatic): deal the round, then the start player's turn begins."""
        self._deal_round()
        self.go("TURN_BEGIN")
        return False

    def _deal_spec(self) -> dict:
        deals = (self.setup or {}).get("deals") or ()
        return (deals[self.round - 1] if self.round <= len(deals) else None) or {}

    def _deal_round(self) -> None:
        n, rng, deal = self.n, self.rng, self._deal_spec()
        if self.round == 1:
            self._header()
            sp = self.opts["first_player"]
            self.start = sp if sp is not None else rng.randrange(n)
        # the row (AYCC-SETUP-3)
        row = tuple(deal["row"]) if "row" in deal else tuple(rng.sample(range(len(CHARACTERS)), n + 1))
        # identities (AYCC-SETUP-4)
        if "identities" in deal:
            ids = list(deal["identities"])
            neutral = next(c for c in row if c not in ids)
        else:
            pool = list(row)
            rng.shuffle(pool)
            ids, neutral = pool[:n], pool[n]
        # tolerances (AYCC-SETUP-5)
        given = list(deal.get("tolerances", ()))
        rest = [t for t in TOLERANCES if t not in given]
        rng.shuffle(rest)
        tols = given + rest
        # dishes (AYCC-SETUP-5)
        top = list(deal.get("deck", ()))
        hands = [list(h) for h in deal["hands"]] if "hands" in deal else None
        used = set(top) | {i for h in hands or () for i in h}
        pool = [d for d in self.table if d.id not in used] if used else list(self.table)
        rng.shuffle(pool)
        order = [self.table[i] for i in top] + pool
        if hands is None:
            k = min(HAND_SIZE * n, len(order))  # one dish at a time from seat 0
            self.hands = [order[j:k:n] for j in range(n)]
            order = order[k:]
        else:
            self.hands = [[self.table[i] for i in h] for h in hands]
        self.deck = order[::-1]
        self.box = []
        self._seat_round(row, ids, neutral, tols[:n], tols[n:])
        for s in range(n):
            c = ids[s]
            self.event("deal", ("P{}: your secret identity is {}, your tolerance is {}; your dishes: {}", s, NAMES[c],
                                self.tol[s], Listed(self.hands[s])),
                       ("AYCC-SETUP-4", "AYCC-SETUP-5", "AYCC-SETUP-6"), audience=ONLY[s],
                       public_text=("P{} receives a secret identity, a tolerance card and {} dishes", s,
                                    len(self.hands[s])),
                       data={"seat": s, "character": c, "tolerance": self.tol[s]})
        self.event("start", ("P{} begins round {}", self.start, self.round), ("AYCC-SETUP-7", "AYCC-ROUND-4"),
                   data={"seat": self.start, "round": self.round})

    def _seat_round(self, row, ids, neutral, tols, undealt) -> None:
        """Reset the round's state around a row, identities and tolerances (the dishes are placed by the caller)."""
        n = self.n
        self.row = tuple(row)
        self.identity = list(ids)
        self.neutral = neutral
        self.owner = [None] * len(CHARACTERS)
        for s, c in enumerate(ids):
            self.owner[c] = s
        self.status = [ACTIVE if c in self.row else ABSENT for c in range(len(CHARACTERS))]
        self.tol, self.tol_deck, self.tol_out = list(tols), list(undealt), []
        self.id_revealed, self.tol_revealed = [False] * n, [False] * n
        self.peeks = [[] for _ in range(n)]
        self.piles = [[] for _ in range(len(CHARACTERS))]
        self.heats = [0] * len(CHARACTERS)
        self.chili = self.last_target = self.lock = None
        self.round_points = [0] * n
        self.serving = None
        self.current = self.start
        out = _And(NAMES[c] for c in range(len(CHARACTERS)) if c not in self.row)
        self.event("row", ("Round {}: the characters in play are {}; {} sit out this round. One of them is the "
                           "Neutral, whom nobody plays", self.round, Listed(NAMES[c] for c in self.row), out),
                   ("AYCC-SETUP-3", "AYCC-SETUP-4", "AYCC-SETUP-6"), data={"round": self.round, "row": self.row})

    def _header(self) -> None:
        """The game header: the dish composition in use (AYCC-COMP-1, AYCC-COMP-2)."""
        comp = self.opts["dish_composition"]
        size = len(self.table)
        if comp is None:
            text = f"{size} dish cards: the assumed composition (table 1.2), Latte 1/7 and The Reaper 7/1 included"
        else:
            parts = ", ".join(f"{e['count']} x {e['name']} ({e['flame']}" + (f"/{e['score']}*" if e["icon"] == "star"
                              else "") + (f", {e['icon']}" if e["icon"] not in ("none", "star") else "") + ")"
                              for e in comp if e["count"])
            std = "" if size == 47 else " (a non-standard game: the standard deck has 47)"
            text = f"{size} dish cards{std}: {parts}"
        self.event("composition", text, ("AYCC-COMP-1", "AYCC-COMP-2"),
                   data={"size": size, "standard": size == 47, "composition": comp})

    def _load_scenario(self, sc: dict) -> None:
        """Start from an explicit position (``scenario.check_scenario`` has checked it): a round in progress."""
        t = self.table
        self.round = sc["round"]
        self.scores = list(sc["scores"])
        self.start = sc["start"]
        self._seat_round(sc["row"], sc["identities"], next(c for c in sc["row"] if c not in sc["identities"]),
                         sc["tolerances"], sc["undealt"])
        self.round_points = list(sc["round_points"])
        self.tol_out = [v for v in TOLERANCES if v not in self.tol and v not in self.tol_deck]
        self.hands = [[t[i] for i in h] for h in sc["hands"]]
        self.deck = [t[i] for i in sc["deck"]][::-1]
        self.box = [t[i] for i in sc["box"]]
        for c, ids in sc["piles"].items():
            self.piles[int(c)] = [t[i] for i in ids]
        self.heats = [heat(pile) for pile in self.piles]
        for c, how in sc["out"].items():
            self._knock_out(int(c), how, "AYCC-WITHDRAW-2" if how == "withdrawn" else "AYCC-BURN-1")
        for s in sc["revealed"]:
            self.id_revealed[s] = True
        self.chili, self.last_target, self.lock = (sc["tokens"].get(k) for k in ("chili", "last_target", "lock"))
        self.current = sc["current"]
        self.event("scenario", ("An explicit position: round {}, P{} to play", self.round, self.current), (),
                   data={"round": self.round, "seat": self.current})
