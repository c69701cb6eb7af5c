"""All You Can Chili in words: a seat's view for the command line (registered as the "text" picture), and the
dishes as a learner names them (the move buttons, the log: ``GameSpec.words``).

>>> from chililab.games.aycc.rules.cards import dishes
>>> d = {x.code: x for x in dishes()}
>>> dish_words(d["5F"]), dish_effect(d["5F"])
('a 5 with the Fork', 'then you may move the top dish of one pile onto another')
>>> dish_words(d["Latte"])
'the Latte (heat 1, worth 7 points)'
>>> learner("Player 1 serves 5F to Vasco Tabasco: heat 12; your dishes: 2, 3L, Latte")
'Player 1 serves a 5 with the Fork to Vasco Tabasco: heat 12; your dishes: 2, 3 (Lock), Latte'
>>> learner("Player 2 draws 7"), learner("Player 2 draws 1 dish"), learner("Player 2 draws 5C")
('Player 2 draws a 7', 'Player 2 draws 1 dish', 'Player 2 draws a 5 with the Chili')
"""
from __future__ import annotations

import re

from .rules.cards import CHARACTERS, LETTER_ICON

#: each icon's name and what playing a dish with it does (AYCC-ICON-*), in a learner's words
ICON_WORDS = {
    "eye": ("the Eye", "then you may look at one opponent's tolerance card"),
    "lock": ("the Lock", "the character gets the Lock token and cannot withdraw"),
    "fork": ("the Fork", "then you may move the top dish of one pile onto another"),
    "chili": ("the Chili", "the character gets the Chili token: 5 bonus points for its player"),
}
#: a dish code with an icon (``5F``) or a bare one after "serves" / "forks" (``serves 7 to``)
_ICON_CODE = re.compile(r"\b([1-7])([ELFC])\b")
_SERVED = re.compile(r"\b(serves|forks|draws) ([1-7])([ELFC]?)\b(?= (?:to|from)\b|(?! dish)(?:$|[^\w(,]))")


def dish_words(dish) -> str:
    """A dish as a learner names it: its heat (flame) and icon, or a star card's name with both its numbers."""
    if dish.icon == "star":
        return f"the {dish.name.removeprefix('The ')} (heat {dish.flame}, worth {dish.score} point" \
               f"{'' if dish.score == 1 else 's'})"
    icon = ICON_WORDS.get(dish.icon)
    return f"a {dish.flame}" + (f" with {icon[0]}" if icon else "")


def dish_effect(dish) -> str:
    """What serving the dish does besides adding its heat ("" for a plain dish)."""
    icon = ICON_WORDS.get(dish.icon)
    return icon[1] if icon else ""


def learner(text: str) -> str:
    """Engine text with the dish codes in words (``GameSpec.words``): "serves 5F to" becomes "serves a 5 with
    the Fork to", and a code elsewhere "5 (Fork)"."""
    def served(m: re.Match) -> str:
        icon = ICON_WORDS.get(LETTER_ICON.get(m.group(3), ""))
        return f"{m.group(1)} a {m.group(2)}" + (f" with {icon[0]}" if icon else "")

    text = _SERVED.sub(served, text)
    return _ICON_CODE.sub(lambda m: f"{m.group(1)} ({ICON_WORDS[LETTER_ICON[m.group(2)]][0][4:].capitalize()})", text)

_TOKEN = (("chili", "Chili"), ("last_target", "Last Target"), ("lock", "Lock"))


def _who(view, c: int) -> str:
    """Who plays character ``c`` as far as the viewer knows: a seat, the Neutral (teacher), or a question mark."""
    seats = [s for s, x in view.identities.items() if x == c]
    if seats:
        return f"P{seats[0]}" + (" (you)" if seats[0] == view.seat else "")
    return "Neutral" if view.neutral == c else "?"


def describe(view) -> str:
    """What a seat sees, as '#' lines: each character's pile, heat and tokens; scores; hand sizes; own cards."""
    lines = [f"# round {view.round}" + (f" of {view.rounds}" if view.game_end == "three_rounds"
                                        else f", first to {view.target_points}")
             + f" | deck: {view.deck_size} dishes | scores: "
             + ", ".join(f"P{s} {v}" for s, v in enumerate(view.scores))]
    for c in view.row:
        tokens = [label for key, label in _TOKEN if getattr(view, key) == c]
        status = view.status[c]
        pile = " ".join(map(str, view.piles[c])) or "no dish"
        lines.append(f"# {CHARACTERS[c].name} [{_who(view, c)}]{'' if status == 'active' else ' ' + status.upper()}: "
                     f"heat {view.heats[c]}, points {view.pile_points[c]} | {pile}"
                     + (f" | {', '.join(tokens)} token" if tokens else ""))
    lines.append("# hands: " + ", ".join(f"P{s} {k}" for s, k in enumerate(view.hand_counts)))
    for s, c in view.siestas.items():  # Inferno Mode
        lines.append(f"# P{s} takes a Siesta: nobody else may serve {CHARACTERS[c].name} or withdraw until P{s}'s "
                     "next turn")
    if view.looking:
        lines.append("# the undealt tolerances you look at: " + ", ".join(map(str, view.looking)))
    known = {s: t for s, t in view.tolerances.items() if s != view.seat}
    if known:
        lines.append("# tolerances known: " + ", ".join(f"P{s} {t}" for s, t in known.items()))
    if view.seat is not None:
        me = view.me
        lines.append(f"# you are {CHARACTERS[me].name if me is not None else '?'}, tolerance {view.my_tolerance}; "
                     f"your hand: {', '.join(map(str, sorted(view.hand))) or 'empty'}")
    return "\n".join(lines)
