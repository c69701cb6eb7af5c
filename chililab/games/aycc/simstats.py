"""All You Can Chili's extra simulation columns and summary rows (registered as ``SPEC.sim``).

``chililab.sim`` records the generic columns of every game (seed, players, agents, winner, how,
steps, turns, events, flow edges); these are this game's own, read from its events.
"""
from __future__ import annotations

from chililab.engine.registry import SimStats

#: every event kind of the base game (columns "event:<kind>" always exist; others are added if seen)
EVENT_KINDS = ("serve", "withdraw", "burn_out", "last_player", "exhaustion", "eye", "fork", "lock", "chili", "skip",
               "draw", "reveal", "copy", "swap", "endure", "diss", "siesta")  # the last six: Inferno Mode
#: derived per-game counts
DERIVED = ("top_score", "margin", "rounds", "withdrawals", "burn_outs", "exact_matches", "chili_bonuses",
           "last_players", "exhaustions", "neutral_points", "eye_looks", "forks", "right_disses")
NAMES = (*DERIVED, *(f"event:{k}" for k in EVENT_KINDS))


def row(game) -> dict:
    """This game's columns of one finished game."""
    scores = sorted(game.result.scores or (), reverse=True)
    out = dict.fromkeys(DERIVED, 0)
    out["top_score"] = scores[0] if scores else 0
    out["margin"] = scores[0] - scores[1] if len(scores) > 1 else 0
    out["rounds"] = game.result.rounds
    for e in game.events():
        k, d = e.kind, e.data
        if k == "withdraw" and d is not None:
            out["withdrawals"] += d["voluntary"]  # (Savage Diss forces the others)
            out["exact_matches"] += d["exact"] > 0
            out["chili_bonuses"] += d["chili"] > 0
        elif k == "burn_out":
            out["burn_outs"] += 1
        elif k == "last_player" and d is not None:
            out["last_players"] += 1
            out["chili_bonuses"] += d["chili"] > 0
            out["neutral_points"] += d["neutral"]
        elif k == "exhaustion":
            out["exhaustions"] += 1
        elif k == "eye" and d is not None:  # a look (a declined or empty Eye carries no data)
            out["eye_looks"] += 1
        elif k == "fork" and d is not None:
            out["forks"] += 1
        elif k == "diss" and d["right"]:
            out["right_disses"] += 1
    return out


STATS = SimStats(
    names=NAMES,
    row=row,
    how={"rounds": "the most points after the last round", "target": "first to the target points"},
    interrupts=(
        ("voluntary withdrawals", "withdrawals"),
        ("burn-outs", "burn_outs"),
        ("exact-match bonuses (+10)", "exact_matches"),
        ("Chili-token bonuses (+5)", "chili_bonuses"),
        ("rounds won as the last player", "last_players"),
        ("players scoring at exhaustion", "exhaustions"),
        ("tolerances looked at (Eye)", "eye_looks"),
        ("dishes moved (Fork)", "forks"),
        ("turns skipped", "event:skip"),
        ("identities revealed (Inferno)", "event:reveal"),
        ("abilities copied (Mastery)", "event:copy"),
        ("piles swapped (Fiery Dance)", "event:swap"),
        ("right guesses (Savage Diss)", "right_disses"),
        ("Siestas taken", "event:siesta"),
    ),
)
