"""Chili Mafia's extra simulation columns and summary rows (registered as ``SPEC.sim``).

``chililab.sim`` records the generic columns of every game (seed, players, agents, winner, how,
steps, turns, events, flow edges); these are Mafia's own, read from the finished game's public
view and its moves.
"""
from __future__ import annotations

from collections import Counter

from chililab.engine.registry import SimStats

from .rules.cards import OTHERS
from .rules.checks import BROTHERHOOD, gang_type
from .rules.moves import PlayAction, PlayHot

#: every event kind of the base game (columns "event:<kind>" always exist; others are added if seen)
EVENT_KINDS = ("form", "add", "sweet_move", "pass_discard", "draw", "limit_discard", "taste_me", "hot", "decline",
               "neutralize", "whack", "pinch", "turncoat", "shakedown", "bagman", "earner", "booster", "boosted",
               "dawn_raid", "arranged", "final_round")
HOT = tuple(name for _k, name, kind, *_ in OTHERS if kind == "hot")
ACTIONS = tuple(name for _k, name, kind, *_ in OTHERS if kind == "action")
#: derived per-game counts; ``dawn_raid_step``: the decision after which the Dawn Raid was drawn (None: never)
DERIVED = ("top_score", "margin", "scored_gangs", "brotherhoods", "peppers_scored", "dawn_raid_step")

NAMES = (*DERIVED, *(f"hot:{x}" for x in HOT), *(f"action:{x}" for x in ACTIONS), *(f"event:{k}" for k in EVENT_KINDS))


def row(game) -> dict:
    """Mafia's columns of one finished game."""
    v = game.view(None)
    scores = sorted(set(game.result.scores or ()), reverse=True)
    gangs = [g for side in v.gangs for g in side]
    played: Counter = Counter()
    for m in game.moves:
        if type(m) is PlayHot:
            played["hot:" + m.card.name] += 1
        elif type(m) is PlayAction:
            played["action:" + m.card.name] += 1
        elif m.__class__.__name__ == "Neutralize":
            played["action:Fuggedaboutit"] += 1
    raid = next((k for k, events in enumerate(game.log) for e in events
                 if e.kind == "dawn_raid" and "MAFIA-DAWN-1" in e.rules), None)
    out = {"top_score": scores[0] if scores else 0, "margin": scores[0] - scores[1] if len(scores) > 1 else 0,
           "scored_gangs": len(gangs), "brotherhoods": sum(gang_type(g) == BROTHERHOOD for g in gangs),
           "peppers_scored": sum(map(len, gangs)), "dawn_raid_step": raid}
    out.update({k: played.get(k, 0) for k in NAMES if k.startswith(("hot:", "action:"))})
    return out


STATS = SimStats(
    names=NAMES,
    row=row,
    how={"points": "the most points", "brotherhoods": "tie broken by Brotherhood gangs",
         "fewest peppers": "tie broken by the fewest peppers", "shared": "a shared victory"},
    groups=(("Hot cards played", "hot:"), ("Action cards played", "action:")),
    interrupts=(
        ("gangs formed", "event:form"),
        ("peppers added to gangs", "event:add"),
        ("Sweet Chili moves", "event:sweet_move"),
        ("passes (a card discarded)", "event:pass_discard"),
        ("hand-limit discards", "event:limit_discard"),
        ("Hot cards played", "event:hot"),
        ("Hot cards neutralized (Fuggedaboutit)", "event:neutralize"),
        ("peppers whacked", "event:whack"),
        ("peppers pinched", "event:pinch"),
        ("turncoats placed", "event:turncoat"),
        ("Taste Me cards drawn", "event:taste_me"),
        ("games won on the Brotherhood tie-break", "how=brotherhoods"),
        ("shared victories", "how=shared"),
    ),
)
