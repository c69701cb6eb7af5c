"""The Dawn Raid (mafia.md section 2.7): everyone rearranges their gangs at once, in secret.

Drawn by the active player at the end of their turn (the only draw built so far),
it is revealed and leaves the game, the turn ends at once (MAFIA-DAWN-1), and a
simultaneous window asks every seat for an :class:`~.moves.Arrange`. Any
arrangement :func:`~.gangs.dawn_raid_problem` accepts is legal (MAFIA-DAWN-2/3);
since those are too many to list, ``legal_moves`` offers a few of them:
keeping the gangs as they are (when allowed), the same gangs with the hand peppers
added where they fit, and the complete arrangements found by the partition search
for the table peppers alone and with every hand pepper; never the same arrangement
twice (``Arrange.same``: the order of the gangs and of their cards does not count).
No Hot Property is drawn (MAFIA-DAWN-4). Then the next player takes a turn, or
the final round goes on when the raid was the deck's last card (MAFIA-DAWN-5).

Team mode (MAFIA-DAWN-6): each team makes one joint arrangement over all its members'
gangs, saying in front of whom each gang lies (``Arrange.owners``). The window is the
kernel's *relayed* simultaneous window (``start_relay``): the teams answer at the same
time, hidden from each other, while inside a team its members answer one after another
in seat order from the drawer (the drawer's team) or from the team's lowest seat, each
revising the draft before it (``draft_for``); the last member's arrangement is the
team's. Hands stay private: a member places only their own hand peppers, and those
teammates placed in the draft (which the member may keep or leave out: left out, they
stay in their owner's hand); a member's view shows the team's drafts, never a
teammate's hand (MAFIA-TEAM-2).
"""
from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import cast

from chililab.engine import IllegalMove

from .base import MafiaBase, Phases
from .cards import Card
from .checks import dawn_raid_problem, full_partition, valid
from .moves import Arrange

_ID = attrgetter("id")


def _cards_for(partition, pool):
    """The gangs of a key partition, filled with physical cards from ``pool``."""
    left: dict[str, list[Card]] = {}  # each name's cards in ``pool`` order: each key takes the first one left
    for c in pool:
        left.setdefault(c.key, []).append(c)
    gangs = []
    for keys in partition:
        gang = [left[k].pop(0) for k in keys]
        gangs.append(tuple(sorted(gang, key=_ID)))  # by id, as Card.__lt__ orders them (without a call per pair)
    return gangs


def _gangs_text(m, owners):
    """An arrangement's gangs in words, each with the seat it lies in front of when ``owners`` is not None."""
    return " | ".join(("" if owners is None else f"P{o}: ") + ", ".join(map(str, g))
                      for g, o in zip(m.gangs, owners or [None] * len(m.gangs))) or "no gang"


@lru_cache(maxsize=256)
def _raid_listing(seat: int, side: tuple, gangs: tuple, hand: tuple, draft) -> tuple:
    """The listed arrangements of ``seat`` from what they depend on: its side's seats and their ``gangs``, the
    ``hand`` peppers it may place (``RaidRules._raid_side``) and the draft it revises. Pure, and kept."""
    team = len(side) > 1
    table = [c for gs in gangs for g in gs for c in g]
    peppers = [c for c in hand if c.pepper]
    options: list[tuple] = []  # (gangs, owners, built valid): a complete partition is accepted (MAFIA-DAWN-2/3)
    if draft is not None:
        options.append((draft.gangs, draft.owners, False))
    kept = [g for gs in gangs for g in gs]
    owners = [t for t, gs in zip(side, gangs) for _ in gs] if team else None
    options.append((kept, owners, False))
    options.append((_with_hand(kept, peppers), owners, False))
    for pool in (table, table + peppers):
        part = full_partition(c.key for c in pool)
        if part is not None:
            found = _cards_for(part, pool)
            options.append((found, [seat] * len(found) if team else None, True))
    out: list = []
    seen = set()
    for arranged, owned, accepted in options:
        m = Arrange.of(seat, arranged, owned)
        same = m.same()
        if same not in seen and (accepted or dawn_raid_problem(table, hand, m.gangs) is None):
            seen.add(same)
            out.append(m)
    return tuple(out)


def _with_hand(gangs, peppers) -> list[tuple]:
    """``gangs`` as they are, each hand pepper added to one it fits (MAFIA-GANG-2): a gang holding its name first,
    else the first gang it fits, in hand order. A pepper that fits nowhere stays in the hand."""
    out = [list(g) for g in gangs]
    for c in peppers:
        homes = sorted(out, key=lambda g: not any(x.key == c.key for x in g))  # stable: gang order within each kind
        home = next((g for g in homes if valid(g + [c])), None)
        if home is not None:
            home.append(c)
    return [tuple(g) for g in out]


class RaidRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-DAWN-1..6."""

    SECTION_PHASES = Phases(
        windows={"DAWN_RAID": "_resolve_raid"},
        legal={"DAWN_RAID": "_raid_moves"},
        refusals={"DAWN_RAID": "_raid_problem"},
        open_check=frozenset({"DAWN_RAID"}),
        refusal_is_full=frozenset({"DAWN_RAID"}),
        clauses={"DAWN_RAID": "MAFIA-DAWN-2"},
    )

    def _start_raid(self, drawer):
        """MAFIA-DAWN-1: the active drawer's turn ends at once; everyone (team mode: every team) rearranges in secret.

        A non-active drawer (a Lord draw) ends nobody's turn: after the raid the interrupted
        effect and the active player's turn go on (MAFIA-DAWN-5, DEC-17).
        """
        self.dawn_raid_drawn = True
        self.drawer = self.draw_clause = None
        if drawer == self.current:
            self.drop_returns()  # the turn ends where it stands: no step it was in comes back
            self.event("dawn_raid", ("P{} draws the Dawn Raid! It leaves the game, the turn ends, and everyone "
                                     "rearranges their gangs in secret", drawer), ("MAFIA-DAWN-1",))
        else:
            self.event("dawn_raid", ("P{} draws the Dawn Raid! It leaves the game, and everyone rearranges their "
                                     "gangs in secret; then P{}'s turn goes on", drawer, self.current),
                       ("MAFIA-DAWN-1", "MAFIA-DAWN-5"))
        self.go("DAWN_RAID")
        if self.opts["mode"] == "team":
            first = self.start_relay(self._raid_chains(drawer))
            self.ask("window", first, "Dawn Raid: arrange your team's gangs with your teammates, one after another "
                     "(you may add peppers from your hand)")
        else:
            self.ask("window", range(self.n), "Dawn Raid: rearrange your gangs (you may add peppers from your hand)")
        return True

    def _raid_chains(self, drawer):
        """MAFIA-DAWN-6: each team's members in seat order from the drawer (in the drawer's team) or from the
        team's lowest seat."""
        chains = []
        for team in self.opts["teams"]:
            first = drawer if drawer in team else min(team)
            chains.append(sorted(team, key=lambda s: (s - first) % self.n))
        return chains

    def _raid_side(self, seat):
        """What ``seat`` arranges: (its side's seats, their table peppers, the peppers it may add from hands).

        The hand peppers are its own and, team mode, those its teammates placed in the draft it revises.
        """
        side = self._team(seat)
        table = [c for t in side for g in self.gangs[t] for c in g]
        hand = list(self.hands[seat])
        draft = cast("Arrange | None", self.draft_for(seat))  # a Dawn Raid window's answers are Arranges
        if draft is not None:
            hand += [c for g in draft.gangs for c in g if c not in table]
        return side, table, hand

    def _raid_moves(self, seat):
        """A few accepted arrangements: the draft to revise (team mode), the gangs as they are, and complete
        ones from the partition search (team mode: in front of the member asked). They stay the same while the
        window waits for the other seats (answers change nothing until all are in): :func:`_raid_listing`."""
        side, table, hand = self._raid_side(seat)
        draft = cast("Arrange | None", self.draft_for(seat))  # a Dawn Raid window's answers are Arranges
        return list(_raid_listing(seat, side, tuple(self.gangs[t] for t in side), tuple(hand), draft))

    def _raid_problem(self, m):
        """Why an arrangement is refused (MAFIA-DAWN-2/3/6), or None when it is accepted."""
        if not isinstance(m, Arrange):
            return IllegalMove("MAFIA-DAWN-2", "during the Dawn Raid the only move is to arrange your gangs", m)
        gangs = m.gangs
        if (not isinstance(gangs, tuple) or not all(isinstance(g, tuple) for g in gangs)
                or not all(isinstance(c, Card) for g in gangs for c in g)):
            return IllegalMove("MAFIA-DAWN-2", "an arrangement lists its gangs, each a list of cards", m)
        side, table, hand = self._raid_side(m.player)
        owners = m.owners
        if owners is not None and (not isinstance(owners, tuple) or len(owners) != len(gangs)
                                   or not all(type(o) is int and o in side for o in owners)):
            if len(side) == 1:
                return IllegalMove("MAFIA-DAWN-2", f"P{m.player}'s gangs stay in front of P{m.player}", m)
            return IllegalMove("MAFIA-DAWN-6", f"name, for each gang, the teammate it goes in front of "
                               f"({', '.join(f'P{t}' for t in side)})", m)
        why = dawn_raid_problem(table, hand, gangs)
        if why is not None and why[1].endswith("is not yours to place") and len(side) > 1:
            return IllegalMove("MAFIA-DAWN-6", why[1] + ": each member adds only peppers from their own hand", m)
        return None if why is None else IllegalMove(why[0], why[1], m)

    def _resolve_raid(self, answers):
        """MAFIA-DAWN-2/4/5/6: every arrangement (team mode: each team's last) is revealed and takes effect;
        then play goes on."""
        for s, m in sorted(answers.items()):
            side = self._team(s)
            owners = m.owners if m.owners is not None else (s,) * len(m.gangs)
            placed = {c for g in m.gangs for c in g}
            for t in side:
                self.hands[t] = [c for c in self.hands[t] if c not in placed]
                self.gangs[t] = tuple(g for g, o in zip(m.gangs, owners) if o == t)
            if len(side) > 1:
                self.event("arranged", ("The team of {} arranges: {}", ", ".join(f"P{t}" for t in side),
                                        _gangs_text(m, owners)), ("MAFIA-DAWN-2", "MAFIA-DAWN-4", "MAFIA-DAWN-6"))
            else:
                self.event("arranged", ("P{} arranges: {}", s, _gangs_text(m, None)), ("MAFIA-DAWN-2", "MAFIA-DAWN-4"))
        if self.returns:  # MAFIA-DAWN-5, DEC-17: a non-active player drew it; the interrupted effect goes on
            self._resume(self.ret())
            return
        if self.final_left is not None:  # the raid was the last card (MAFIA-END-1)
            self.go("FINAL_ROUND")
            return
        self._next_turn("TURN_MAIN")  # MAFIA-DAWN-5: the active player drew it; the next player goes on
