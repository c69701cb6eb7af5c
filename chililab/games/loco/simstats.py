"""Chili Loco's extra simulation columns and summary rows (registered as ``SPEC.sim``).

``chililab.sim`` records the generic columns of every game (seed, players,
agents, winner, how, steps, turns, events, flow edges); these are Loco's own.
"""
from __future__ import annotations

from collections import Counter

from chililab.engine.registry import SimStats

from .rules.cards import card_by_id

#: every event kind the Chili Loco engine emits (columns "event:<kind>" always exist; others are added if seen)
EVENT_KINDS = (
    "deal", "starter", "turn", "lay", "landing", "jump", "draw", "reshuffle", "pending", "accept", "skip", "cancel",
    "satisfied", "reverse", "wild", "colour", "blender", "taco", "potato", "house", "reveal", "accent_on",
    "accent_off", "refused", "slap", "vote", "tie", "race", "help", "offer", "no_offer", "no_help", "touch", "leave",
    "loco_open", "loco_closed", "loco_expired", "shout", "caught", "false_call", "stall", "win",
)
#: cards counted by name in "laid:<name>" columns (peppers together as "laid:pepper")
LAID = ("pepper", "Stir the Pot", "Hot Sauce", "Heat Stroke", "Salsa Slap", "New Recipe", "Reaper", "Blender",
        "Taco Trade", "Hot Potato", "Milk Chaser", "Personal Recipe")
#: derived per-game counts
DERIVED = ("jump_ins", "twins", "stacks", "max_hot_sauce", "cards_laid")

NAMES = ("winning_card", *DERIVED, *(f"laid:{x}" for x in LAID), *(f"event:{k}" for k in EVENT_KINDS))


def row(game) -> dict:
    """Loco's columns of one finished game."""
    laid: Counter = Counter()
    jump_ins = twins = stacks = max_hs = stack = 0
    for e in game.events():
        if e.kind == "lay":
            if "LOCO-TWIN-4" in e.rules:
                jump_ins += 1
            if "LOCO-TWIN-1" in e.rules:
                twins += 1
            if e.data:
                for cid in e.data["cards"]:
                    c = card_by_id(cid)
                    laid["pepper" if c.kind == "pepper" else c.name] += 1
        elif e.kind == "pending":
            if "LOCO-CARD-HOTSAUCE-2" in e.rules:  # stacked on a pending Hot Sauce: +2
                stacks += 1
                stack += 2
                max_hs = max(max_hs, stack)
            elif "LOCO-CARD-HOTSAUCE-1" in e.rules:  # a fresh Hot Sauce: draw 2
                stack = 2
                max_hs = max(max_hs, stack)
    out = {"winning_card": card_by_id(game.result.winning_card).name, "jump_ins": jump_ins, "twins": twins,
           "stacks": stacks, "max_hot_sauce": max_hs, "cards_laid": sum(laid.values())}
    out.update({f"laid:{name}": laid.get(name, 0) for name in LAID})
    return out


STATS = SimStats(
    names=NAMES,
    row=row,
    how={"laid": "laid the last card", "jumped": "jumped in with the last card", "gave": "gave the last card (help)"},
    groups=(("Cards laid", "laid:"),),
    interrupts=(
        ("jump-ins", "jump_ins"),
        ("landing races (lay vs jump-in)", "event:landing"),
        ("twins laid", "twins"),
        ("Salsa Slap races", "event:slap"),
        ("LOCO! obligations opened", "event:loco_open"),
        ("LOCO! shouts", "event:shout"),
        ("LOCO calls that caught (owner draws 2)", "event:caught"),
        ("false LOCO calls", "event:false_call"),
        ("LOCO! windows expired uncaught", "event:loco_expired"),
        ("help asks", "event:help"),
        ("help offers", "event:offer"),
        ("offers touched", "event:touch"),
        ("offers left", "event:leave"),
        ("Hot Sauce stacks", "stacks"),
        ("cards aimed at a player accepted", "event:accept"),
        ("turns lost (Heat Stroke / Reaper)", "event:skip"),
        ("Milk Chaser cancels", "event:cancel"),
        ("reversals (Stir the Pot)", "event:reverse"),
        ("Blender deals", "event:blender"),
        ("Taco Trades", "event:taco"),
        ("Hot Potatoes", "event:potato"),
        ("reshuffles", "event:reshuffle"),
        ("passes with nothing to lay or draw", "event:stall"),
        ("race ties settled", "event:tie"),
        ("wins by giving", "how=gave"),
        ("games with a Hot Sauce stack of 4+", "max_hot_sauce", 4),
    ),
)
