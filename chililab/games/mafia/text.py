"""Chili Mafia in words: a view for the command line and for tests (registered as the "text" picture), and the
engine's texts as a learner reads them (``GameSpec.words``).

>>> learner("Side 0: 61 points, 1 Brotherhoods, 1 peppers; Player 1 picks Poblano*")
'Side 1: 61 points, 1 Brotherhood, 1 pepper; Player 1 picks Poblano★'
"""
from __future__ import annotations

import re

from .rules.checks import score

_SIDE = re.compile(r"\bSide (\d+)\b")
_ONE = re.compile(r"\b1 (Brotherhood|pepper|card|gang|point)s\b")
_ICON = re.compile(r"(?<=\w)\*")


def learner(text: str) -> str:
    """Engine text in a learner's words: sides counted from 1 like the players (in individual play side k is
    seat k, in Team Mode team k), "1 Brotherhood" singular, and a card's ability icon as the picture's star."""
    text = _SIDE.sub(lambda m: f"Side {int(m.group(1)) + 1}", text)
    return _ICON.sub("\u2605", _ONE.sub(r"1 \1", text))


def _gang(g) -> str:
    return "[" + ", ".join(map(str, g)) + f"]={score(g)}"


def _cards(cards) -> str:
    return ", ".join(map(str, sorted(cards))) or "empty"


def describe(view) -> str:
    """What a seat (or the teacher, ``seat=None``) sees, as '#' lines: every side's gangs with their scores, hand
    sizes and Hot Property counts, the piles, the attack being answered, and the cards the view holds face up."""
    s = view.seat
    lines = []
    for p in range(view.players):
        gangs = " ".join(_gang(g) for g in view.gangs[p]) or "no gang"
        team = f" team {next(i for i, t in enumerate(view.teams) if p in t)}" if view.teams else ""
        hp = f", {view.hp_counts[p]} Hot Properties" if view.hp_counts[p] else ""
        lines.append(f"# P{p}{' (you)' if p == s else ''}{team}: {view.hand_counts[p]} cards{hp} | {gangs}")
    top = view.discard_top
    lines.append(f"# draw deck: {view.draw_size} | discard: {top if top is not None else 'empty'}"
                 + (" | Dawn Raid drawn" if view.dawn_raid_drawn else "")
                 + ("" if view.final_turns_left is None else f" | final round: {view.final_turns_left} turns left"))
    if view.attack is not None:
        lines.append(f"# attack: {view.attack}")
    if view.turncoat is not None:
        lines.append(f"# turncoat to place: {view.turncoat}")
    if s is not None:
        lines.append(f"# your hand: {_cards(view.hand)}")
        if view.packet:
            lines.append(f"# your draft packet: {', '.join(map(str, view.packet))}")
        if view.hot_properties.get(s):
            lines.append(f"# your Hot Properties: {', '.join(map(str, view.hot_properties[s]))}")
    else:  # the teacher sees every hand and Hot Property
        for p in sorted(view.hands):
            hps = view.hot_properties.get(p)
            lines.append(f"# P{p}'s hand: {_cards(view.hands[p])}"
                         + (f" | Hot Properties: {', '.join(map(str, hps))}" if hps else ""))
    return "\n".join(lines)
