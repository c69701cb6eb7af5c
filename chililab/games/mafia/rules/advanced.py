"""The Bodyguard (mafia.md sections 2.11, 3.1 I1): MAFIA-HOT-5 step 1, between the defence window and the effect.

When nobody neutralized a Whack or Whack 'Em (a Troublemaker's attack is a Whack), the
targeted gang's owner is asked, target by target, whether an active ``Poblano*`` of that
gang dies in the target's place (MAFIA-ADV-BODYGUARD-1, DEC-23): a targeted Poblano
cannot stand in, and each Bodyguard saves one target. Never against a Pinch, Turncoat or
Rumble (MAFIA-ADV-BODYGUARD-2), nor against a Sniper (MAFIA-ADV-SNIPER-1), nor when an
Outlaw in the gang silences him (MAFIA-GF-OUTLAW-1). Gangs are public, so asking the owner
tells nobody anything. ``hit`` holds what the effect will take: the targets, with each
sacrificed Bodyguard in place of the target he saves.
"""
from __future__ import annotations

from chililab.engine import IllegalMove

from .base import MafiaBase, Phases
from .checks import WHACKS, alike_once, bodyguards, inactive
from .moves import Decline, Guard


class GuardRules(MafiaBase):
    """Mixin of MafiaState: MAFIA-ADV-BODYGUARD-1/2, ADV-SNIPER-1 (the BODYGUARD phase)."""

    SECTION_PHASES = Phases(
        actions={"BODYGUARD": "_on_guard"},
        legal={"BODYGUARD": "_guard_moves"},
        refusals={"BODYGUARD": "_guard_problem"},
        open_check=frozenset({"BODYGUARD"}),
        clauses={"BODYGUARD": "MAFIA-ADV-BODYGUARD-1"},
    )

    def _start_guard(self):
        """The defence window closed with no neutralization: Bodyguards first, then the effect (MAFIA-HOT-5)."""
        self.hit = self.attack.targets if self.attack.card.key != "rumble" else ()
        self.guard_at = 0
        self._next_guard()

    def _guard_offer(self):
        """(owner, target, Bodyguards free to die for it) for the first target from ``guard_at`` on that has
        one, and that target's index; None when no target has one. Changes nothing."""
        m = self.attack
        if m.card.key not in WHACKS or m.ability == "Sniper":  # no Bodyguard answers it (:func:`bodyguards`)
            return None
        for k in range(self.guard_at, len(m.targets)):
            t = m.targets[k]
            owner, gang = self._holding(t)
            free = [c for c in bodyguards(m.card.key, m.targets, gang, self.opts, m.ability == "Sniper")
                    if c not in self.hit]
            if free:
                return (owner, t, free), k
        return None

    def _next_guard(self):
        """Ask the owner about the next target a Bodyguard may save, else go on to the effect."""
        found = self._guard_offer()
        if found is None:
            self.go("HOT_RESOLVE")
            return
        (owner, target, _), self.guard_at = found
        self.go("BODYGUARD")
        self.ask("choice", (owner,), f"P{owner}: {target} is about to be whacked. Sacrifice a Bodyguard (Poblano*) "
                 "of the same gang in its place, or not?")

    def _guard_moves(self, seat):
        (owner, target, free), _ = self._guard_offer()
        return [Guard(seat, c, target) for c in alike_once(free)] + [Decline(seat)]

    def _guard_problem(self, m):
        """None when ``m`` is an accepted answer (BODYGUARD is an open-check phase), else why not."""
        if isinstance(m, Decline):
            return None
        (owner, target, free), _ = self._guard_offer()
        if not isinstance(m, Guard):
            return IllegalMove("MAFIA-ADV-BODYGUARD-1", f"sacrifice a Bodyguard for {target}, or decline", m)
        if m.target is not target:
            return IllegalMove("MAFIA-ADV-BODYGUARD-1", f"the Bodyguard now may save {target}, not {m.target!r}", m)
        if m.card in free:
            return None
        gang = next((g for g in self.gangs[owner] if target in g), ())
        if m.card not in gang:
            return IllegalMove("MAFIA-ADV-BODYGUARD-1", f"{m.card!r} is not in the gang of {target}: only a "
                               "Bodyguard of the same gang can die in its place", m)
        why = inactive(m.card, "Bodyguard", gang, self.opts)
        if why:
            return IllegalMove(*why, m)
        if m.card in self.attack.targets:
            return IllegalMove("MAFIA-ADV-BODYGUARD-1", f"{m.card} is a target himself and cannot die in another's "
                               "place", m)
        return IllegalMove("MAFIA-ADV-BODYGUARD-1", f"{m.card} already dies for another target: each Bodyguard "
                           "saves one", m)

    def _on_guard(self, m):
        if isinstance(m, Guard):
            self.hit = tuple(m.card if c is m.target else c for c in self.hit)
            self.event("bodyguard", ("{}", m), ("MAFIA-ADV-BODYGUARD-1",))
        else:
            self.event("bodyguard", ("P{} keeps the Bodyguard out of it", m.player), ("MAFIA-ADV-BODYGUARD-1",))
        self.guard_at += 1
        self._next_guard()
