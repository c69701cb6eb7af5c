"""The All You Can Chili tutorial as data: prepared positions, one or more per rule section (aycc.md 2.1-2.9).

A :class:`Lesson` quotes the rulebook (the learner texts of ``data/rules.json``), names the
clause IDs it teaches (the first is the rule whose firing the stepper points at when the lesson is
"done"), and builds an exact position from explicit cards (a :class:`Position`: the row, who plays whom,
the tolerances, hands and piles, the tokens, the moves played before the learner sits down). ``script``
plays the hinted move and any choice it opens (an Eye, a Fork, an ability); ``refused`` holds a move the
rules refuse there, and ``refusal`` the clause it is refused with. The rulebook's worked examples (Vasco
Tabasco's 33, Go Chu Jang's 15, King Naga burned out, Piri Piri the Neutral, Fuego Fred locked) are lessons.

Adding a lesson is adding data (moves are short specs, see :func:`move`).

Engine layer: no ipywidgets, plotly or IPython here.

>>> g = lesson("vasco-33").build()
>>> g.phase, g.decision.players
('ACTION', (0,))
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chililab.engine.lessons import Lesson as BaseLesson
from chililab.engine.lessons import learner_texts, lesson_finders

from .rules.cards import character, parse_code
from .rules.game import AyccGame, scenario
from .rules.moves import MOVES

# ------------------------------------------------------------------ the rulebook's words


def learner_text(rule_id: str) -> str:
    """The learner text of a clause (the rulebook's words where it has them)."""
    return _TEXTS[rule_id]


_TEXTS = learner_texts("chililab.games.aycc")


# ------------------------------------------------------------------ move specs

def _dish(game: AyccGame, seat: int, code: str):
    """The dish of ``seat``'s hand fitting ``code``, the lowest id of its kind (the copy the move buttons show)."""
    fits = parse_code(code)
    hand = [d for d in game.view(None).hands[seat] if fits(d)]
    if not hand:
        raise ValueError(f"P{seat}'s hand holds no {code!r}")
    kind = min(hand).kind
    return min(d for d in game.view(None).hands[seat] if d.kind == kind)


def move(game: AyccGame, name: str, seat: int, *args):
    """Build a move from a short spec, naming characters and dishes as people do.

    ``("Serve", 0, "5F", "King Naga")`` a dish of your hand (by code) to a character; ``("Withdraw", 0)``;
    ``("Eye", 0, 2)`` look at P2's tolerance; ``("Fork", 0, "King Naga", "Piri Piri")`` the top dish of one
    character onto another; ``("Decline", 0)``; Inferno Mode: ``("Reveal", 0)``, ``("Copy", 0, "Fuego Fred")``,
    ``("Swap", 0, "King Naga", "Fuego Fred")``, ``("Endure", 0, 22)``, ``("Diss", 0, 2, "Al Apeno")``.
    """
    cls: Any = MOVES[name]
    if name == "Serve":
        return cls(seat, _dish(game, seat, args[0]), character(args[1]).id)
    if name in ("Fork", "Swap"):
        return cls(seat, character(args[0]).id, character(args[1]).id)
    if name == "Copy":
        return cls(seat, character(args[0]).id)
    if name == "Diss":
        return cls(seat, args[0], character(args[1]).id)
    return cls(seat, *args)


def play(game: AyccGame, specs) -> list:
    """Apply move specs in order; return all their events."""
    events = []
    for spec in specs:
        events += game.apply(move(game, *spec))
    return events


# ------------------------------------------------------------------ positions

@dataclass(frozen=True)
class Position:
    """An exact position (call it for a fresh game): a round in progress (``aycc.scenario``).

    ``row``: the characters in play (names); ``identities``: each seat's character (the row's other one is
    the Neutral); ``tolerances``: each seat's; ``hands``: dish codes per seat; ``piles``: {character: dish
    codes, bottom first}; ``tokens``: {"chili" | "last_target" | "lock": character}; ``out``: {character:
    "withdrawn" | "burnt"}; ``deck``: dish codes, top first (``None``: every dish not placed, shuffled by
    ``seed``; given, the rest are out of the round); ``before``: move specs played first; ``more``: any other
    keyword of ``aycc.scenario`` (``round_points``, ``deals`` for the next round, ``undealt`` ...) and the
    game's options (``inferno``). P0 plays first unless ``more`` names ``current``.
    """

    row: Sequence[str]
    identities: Sequence[str]
    tolerances: Sequence[int]
    hands: Sequence[Sequence[str]]
    piles: Mapping[str, Sequence[str]] = field(default_factory=dict)
    tokens: Mapping[str, str] = field(default_factory=dict)
    out: Mapping[str, str] = field(default_factory=dict)
    deck: Sequence[str] | None = None
    before: Sequence[tuple] = ()
    seed: int = 1
    more: Mapping = field(default_factory=dict)

    def __call__(self) -> AyccGame:
        g = scenario(list(self.row), list(self.identities), list(self.tolerances), [list(h) for h in self.hands],
                     seed=self.seed, piles={k: list(v) for k, v in self.piles.items()}, tokens=dict(self.tokens),
                     out=dict(self.out), deck=None if self.deck is None else list(self.deck), **dict(self.more))
        play(g, self.before)
        return g


# ------------------------------------------------------------------ lessons

@dataclass(frozen=True)
class Lesson(BaseLesson):
    """One prepared position of the tutorial (see :class:`chililab.engine.lessons.Lesson`); most begin at a
    turn (phase ``ACTION``); Inferno Mode's begin where the reveal is offered (``TURN_BEGIN``)."""

    phase: str = "ACTION"


def _says(*rules: str, then: str = "") -> str:
    """The lesson text: the rulebook's words for ``rules``, then what this position shows."""
    return " ".join([learner_text(r) for r in rules] + ([then] if then else []))


SETUP = "Setup"
TURN = "Your turn"
SERVE = "Serving a dish"
WITHDRAW = "Withdrawing"
BONUS = "Bonus points"
BURN = "Burning out and the Neutral"
ROUND = "End of the round"
ICONS = "Special icons"
INFERNO = "Inferno Mode"
WHY = "Why this move? Ask the coach"

SECTIONS = (SETUP, TURN, SERVE, WITHDRAW, BONUS, BURN, ROUND, ICONS, INFERNO, WHY)

#: the table most lessons use: three players, Piri Piri the Neutral
ROW3 = ("Vasco Tabasco", "King Naga", "Go Chu Jang", "Piri Piri")
IDS3 = ("Vasco Tabasco", "King Naga", "Go Chu Jang")
#: the two-player table of the coach's lessons: Piri Piri the Neutral
ROW2 = ("Vasco Tabasco", "King Naga", "Piri Piri")
IDS2 = ("Vasco Tabasco", "King Naga")
#: what the coach's lessons say about it
COACH_SAYS = ("The coach estimates each move's chance to win the game by playing it on many times from here, "
              "with the cards you cannot see dealt again at random each time, so that they fit what you see.")
#: what P1 and P2 hold in most lessons (nobody sees them but the teacher)
OTHER_HANDS = (("7", "3", "2E"), ("7", "6", "4E"))

LESSONS: list[Lesson] = [
    Lesson("new-round", SETUP, "A new round: your secret identity and tolerance",
           _says("AYCC-SETUP-3", "AYCC-SETUP-4", "AYCC-SETUP-5", "AYCC-SETUP-6",
                 then="King Naga has withdrawn; only you (Vasco Tabasco) and Go Chu Jang are still in. When you "
                 "withdraw, Go Chu Jang is the last player, the round ends, and round 2 is dealt afresh: a new row, "
                 "a new secret identity and a new tolerance for you, four new dishes."),
           ("AYCC-SETUP-4", "AYCC-SETUP-3", "AYCC-SETUP-5", "AYCC-SETUP-6", "AYCC-ROUND-4"),
           Position(ROW3, IDS3, (20, 18, 22), [["2", "3", "5", "6"], ["4"], ["1", "7"]],
                    piles={"Vasco Tabasco": ["5", "4", "6"], "King Naga": ["3", "5"], "Go Chu Jang": ["2", "3"],
                           "Piri Piri": ["6"]},
                    out={"King Naga": "withdrawn"}, tokens={"last_target": "Go Chu Jang"},
                    more={"deals": [None, {"row": ["Fuego Fred", "Al Apeno", "Habi Wasabi", "King Naga"],
                                           "identities": ["Fuego Fred", "Habi Wasabi", "Al Apeno"],
                                           "tolerances": [21, 17, 19]}]}),
           0, "Withdraw Vasco Tabasco (15 points). Round 2 is dealt: read your new identity and tolerance in the "
              "log and at the bottom of the table.",
           script=(("Withdraw", 0),),
           refused=(("Serve", 0, "2", "Go Chu Jang"),), refusal=("AYCC-SERVE-2",)),
    Lesson("still-serving", TURN, "Out of the round, still serving",
           _says("AYCC-TURN-1", "AYCC-TURN-2",
                 then="You (P0, Vasco Tabasco) withdrew earlier. Your character is out, but it is your turn and "
                 "you hold dishes: you must serve one. King Naga is close to his limit."),
           ("AYCC-TURN-2", "AYCC-SERVE-1", "AYCC-TURN-1"),
           Position(ROW3, IDS3, (20, 18, 22), [["2", "6", "3", "4"], ["1", "5", "2", "3"], ["4", "5", "6", "7"]],
                    piles={"Vasco Tabasco": ["5", "6", "4"], "King Naga": ["5", "4"], "Go Chu Jang": ["2"],
                           "Piri Piri": ["3"]},
                    out={"Vasco Tabasco": "withdrawn"}, tokens={"last_target": "Go Chu Jang"}),
           0, "Serve your 6 to King Naga (heat 9 to 15): whoever plays him must now decide whether to withdraw.",
           script=(("Serve", 0, "6", "King Naga"),),
           refused=(("Withdraw", 0),), refusal=("AYCC-WITHDRAW-1",)),
    Lesson("serve", SERVE, "Serve a dish, but not to the Last Target",
           _says("AYCC-SERVE-1", "AYCC-SERVE-2", "AYCC-SERVE-5",
                 then="King Naga was served last turn: he holds the Last Target token, so no dish may go to him "
                 "now. Go Chu Jang's heat is 14."),
           ("AYCC-SERVE-2", "AYCC-SERVE-1", "AYCC-SERVE-4", "AYCC-SERVE-5"),
           Position(ROW3, IDS3, (20, 18, 22), [["5", "3", "2", "4"], ["1", "5", "2", "3"], ["4", "5", "6", "7"]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["6", "4"], "Go Chu Jang": ["6", "5", "3"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "King Naga"}),
           0, "Serve your 5 to Go Chu Jang: his heat becomes 19, the Last Target token moves to him, and you draw "
              "back up to 4 dishes.",
           script=(("Serve", 0, "5", "Go Chu Jang"),),
           refused=(("Serve", 0, "5", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("empty-deck", SERVE, "The deck runs out",
           _says("AYCC-SERVE-6",
                 then="The deck holds a single dish. You hold 4: after serving one you draw the last dish, and from "
                 "then on everyone plays with the dishes left in hand."),
           ("AYCC-SERVE-6", "AYCC-SERVE-4"),
           Position(ROW3, IDS3, (20, 18, 22), [["2", "3", "4", "1"], ["5", "3"], ["4", "6"]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["6", "4"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "King Naga"}, deck=["7"]),
           0, "Serve your 2 to Piri Piri and watch the draw: the deck gives you its last dish.",
           script=(("Serve", 0, "2", "Piri Piri"),),
           refused=(("Serve", 0, "2", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("vasco-33", WITHDRAW, "Withdraw: Vasco Tabasco scores 33",
           _says("AYCC-WITHDRAW-1", "AYCC-WITHDRAW-2", "AYCC-EX-1",
                 then="You are Vasco Tabasco, tolerance 17. Your dishes are 5, Latte, 6, 3 and 2: heat 5+1+6+3+2 = "
                 "17, exactly your tolerance; points 5+7+6+3+2 = 23."),
           ("AYCC-BONUS-2", "AYCC-WITHDRAW-2", "AYCC-ICON-STAR-1", "AYCC-WITHDRAW-1"),
           Position(ROW3, IDS3, (17, 18, 22), [["2", "3", "4", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["5", "Latte", "6", "3", "2"], "King Naga": ["6", "4"],
                           "Go Chu Jang": ["6", "5"], "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "Vasco Tabasco"}),
           0, "Withdraw: (5+7+6+3+2) + 10 = 33 points.",
           script=(("Withdraw", 0),),
           refused=(("Serve", 0, "2", "Vasco Tabasco"),), refusal=("AYCC-SERVE-2",)),
    Lesson("go-15", BONUS, "The Chili token: Go Chu Jang scores 15",
           _says("AYCC-BONUS-1", "AYCC-EX-2",
                 then="You are Go Chu Jang, tolerance 20, with dishes 1, 5 and 4 and the Chili token."),
           ("AYCC-BONUS-1", "AYCC-WITHDRAW-2"),
           Position(ROW3, ("Go Chu Jang", "King Naga", "Vasco Tabasco"), (20, 18, 22),
                    [["2", "3", "4", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Go Chu Jang": ["1", "5", "4C"], "King Naga": ["6", "4"], "Vasco Tabasco": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"chili": "Go Chu Jang", "last_target": "King Naga"}),
           0, "Withdraw: (1+5+4) + 5 = 15 points.",
           script=(("Withdraw", 0),),
           refused=(("Serve", 0, "2", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("naga-burns", BURN, "King Naga burns out",
           _says("AYCC-BURN-1", "AYCC-EX-3",
                 then="King Naga's dishes are 6, 3 and 4: heat 13. You cannot see his tolerance, but the teacher's "
                 "view shows 18. A 7 makes 20."),
           ("AYCC-BURN-1", "AYCC-BURN-3", "AYCC-SERVE-1"),
           Position(ROW3, ("Vasco Tabasco", "King Naga", "Go Chu Jang"), (20, 18, 22),
                    [["7", "3", "2", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["6", "3", "4"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "Go Chu Jang"}),
           0, "Serve your 7 to King Naga: heat 20, over 18. He burns out, scores 0, and his player keeps taking "
              "turns.",
           script=(("Serve", 0, "7", "King Naga"),),
           refused=(("Serve", 0, "7", "Go Chu Jang"),), refusal=("AYCC-SERVE-2",)),
    Lesson("neutral", BURN, "Piri Piri, the Neutral, never burns out",
           _says("AYCC-NEUTRAL-1",
                 then="Piri Piri has 7 dishes, heat 26: more than the highest tolerance card (24), and she is still "
                 "in. So she is the Neutral: nobody plays her."),
           ("AYCC-NEUTRAL-1", "AYCC-SERVE-1", "AYCC-SERVE-5"),
           Position(ROW3, IDS3, (20, 18, 22), [["5", "3", "2", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3", "2"], "King Naga": ["6", "4"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["6", "2", "5", "4", "3", "2", "4"]},
                    tokens={"last_target": "King Naga"}),
           0, "Serve your 5 to Piri Piri: heat 31, and she is still in the round.",
           script=(("Serve", 0, "5", "Piri Piri"),),
           refused=(("Serve", 0, "5", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("last-player", ROUND, "The last player scores the Neutral's dishes",
           _says("AYCC-ROUND-1", "AYCC-EX-4",
                 then="Go Chu Jang has withdrawn. You (Vasco Tabasco, 12 points of dishes) and King Naga (heat 15) "
                 "are still in; the Neutral, Piri Piri, has 7 dishes."),
           ("AYCC-ROUND-1", "AYCC-NEUTRAL-2", "AYCC-BURN-1"),
           Position(ROW3, IDS3, (20, 18, 22), [["6", "3", "2", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["5", "4", "3"], "King Naga": ["6", "5", "4"], "Go Chu Jang": ["7"],
                           "Piri Piri": ["6", "2", "5", "4", "3", "2", "4"]},
                    out={"Go Chu Jang": "withdrawn"}, tokens={"last_target": "Piri Piri"}),
           0, "Serve your 6 to King Naga: he burns out (heat 21 over 18), you are the last player and score 12 + "
              "2 x 7 = 26.",
           script=(("Serve", 0, "6", "King Naga"),),
           refused=(("Serve", 0, "6", "Piri Piri"),), refusal=("AYCC-SERVE-2",)),
    Lesson("exhaustion", ROUND, "Every dish is gone",
           _says("AYCC-ROUND-3", "AYCC-BONUS-3",
                 then="The deck is empty and your 3 is the last dish in anyone's hand. You are Vasco Tabasco: heat "
                 "17, exactly your tolerance, with the Chili token, but at exhaustion there is no bonus."),
           ("AYCC-ROUND-3", "AYCC-BONUS-3"),
           Position(ROW3, IDS3, (17, 18, 22), [["3"], [], []],
                    piles={"Vasco Tabasco": ["5", "6", "4", "2"], "King Naga": ["6", "5"], "Go Chu Jang": ["7", "2"],
                           "Piri Piri": ["1", "4"]},
                    tokens={"chili": "Vasco Tabasco", "last_target": "King Naga"}, deck=[]),
           0, "Serve your last dish, the 3, to Piri Piri: the round ends and everyone still in scores their dishes.",
           script=(("Serve", 0, "3", "Piri Piri"),),
           refused=(("Serve", 0, "3", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("game-end", ROUND, "The third round ends the game",
           _says("AYCC-ROUND-5", "AYCC-GAME-1",
                 then="This is round 3 of 3. The totals so far: you 30, P1 35, P2 20. King Naga has withdrawn; you "
                 "(Vasco Tabasco, 17 points of dishes) and Go Chu Jang are still in."),
           ("AYCC-GAME-1", "AYCC-ROUND-5", "AYCC-ROUND-1"),
           Position(ROW3, IDS3, (20, 18, 22), [["2", "3", "4", "1"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["5", "6", "4", "2"], "King Naga": ["6", "5"], "Go Chu Jang": ["7", "1"],
                           "Piri Piri": ["3", "2"]},
                    out={"King Naga": "withdrawn"}, tokens={"last_target": "Go Chu Jang"},
                    more={"round": 3, "scores": [30, 35, 20], "round_points": [0, 11, 0]}),
           0, "Withdraw: you score 17 and reach 47. Go Chu Jang is the last player (8 + 2 x 2 = 12), and after "
              "three rounds the most points wins.",
           script=(("Withdraw", 0),),
           refused=(("Serve", 0, "2", "Go Chu Jang"),), refusal=("AYCC-SERVE-2",)),
    Lesson("eye", ICONS, "The Eye: peek at a tolerance",
           _says("AYCC-ICON-EYE-1",
                 then="Your 3 carries the Eye. Serve it, then look at P2's tolerance card: only you learn it, and "
                 "P2's character stays secret."),
           ("AYCC-ICON-EYE-1",),
           Position(ROW3, IDS3, (20, 18, 22), [["3E", "5", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["6", "4"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "King Naga"}),
           0, "Serve the 3 with the Eye to Piri Piri, then look at P2's tolerance card.",
           script=(("Serve", 0, "3E", "Piri Piri"), ("Eye", 0, 2)),
           refused=(("Serve", 0, "3E", "King Naga"),), refusal=("AYCC-SERVE-2",)),
    Lesson("fuego-locked", ICONS, "The Lock: Fuego Fred cannot withdraw",
           _says("AYCC-ICON-LOCK-2", "AYCC-EX-5", "AYCC-ICON-LOCK-1",
                 then="You are Fuego Fred: heat 12 and the Lock token. You may not withdraw; your 5 with the Lock "
                 "icon moves the token to another character."),
           ("AYCC-ICON-LOCK-1", "AYCC-ICON-LOCK-2"),
           Position(("Fuego Fred", "King Naga", "Go Chu Jang", "Piri Piri"), ("Fuego Fred", "King Naga", "Go Chu Jang"),
                    (19, 18, 22), [["5L", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Fuego Fred": ["5", "7"], "King Naga": ["6", "4"], "Go Chu Jang": ["6"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"lock": "Fuego Fred", "last_target": "Piri Piri"}),
           0, "Serve the 5 with the Lock to Go Chu Jang: the Lock token leaves you for him. Next turn you may withdraw.",
           script=(("Serve", 0, "5L", "Go Chu Jang"),),
           refused=(("Withdraw", 0),), refusal=("AYCC-ICON-LOCK-2",)),
    Lesson("fork", ICONS, "The Fork: move a top dish",
           _says("AYCC-ICON-FORK-1",
                 then="Your 2 carries the Fork. Serve it to Piri Piri; then you may move the top dish of any "
                 "character in the round, here King Naga's 6, onto another. Tokens never move with a dish."),
           ("AYCC-ICON-FORK-1", "AYCC-ICON-LOCK-3"),
           Position(ROW3, IDS3, (20, 18, 22), [["2F", "5", "3", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["4", "5", "6"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "Go Chu Jang"}),
           0, "Serve the 2 with the Fork to Piri Piri, then fork King Naga's top dish (the 6) onto Piri Piri.",
           script=(("Serve", 0, "2F", "Piri Piri"), ("Fork", 0, "King Naga", "Piri Piri")),
           refused=(("Serve", 0, "2F", "Go Chu Jang"),), refusal=("AYCC-SERVE-2",)),
    Lesson("chili", ICONS, "The Chili token changes hands",
           _says("AYCC-ICON-CHILI-1",
                 then="Go Chu Jang holds the Chili token. Your 2 carries the Chili icon: served to another character, "
                 "it takes the token there."),
           ("AYCC-ICON-CHILI-1",),
           Position(ROW3, ("Vasco Tabasco", "King Naga", "Go Chu Jang"), (20, 18, 22),
                    [["2C", "5", "3", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["6", "4"], "Go Chu Jang": ["1", "5", "4C"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"chili": "Go Chu Jang", "last_target": "Go Chu Jang"}),
           0, "Serve the 2 with the Chili to your own character, Vasco Tabasco: the token (worth 5 when you "
              "withdraw) comes to you.",
           script=(("Serve", 0, "2C", "Vasco Tabasco"),),
           refused=(("Serve", 0, "2C", "Go Chu Jang"),), refusal=("AYCC-SERVE-2",)),
    Lesson("quick-fork", INFERNO, "Inferno Mode: Vasco Tabasco's Quick Fork",
           _says("AYCC-INFERNO-1", "AYCC-INFERNO-VASCO-1",
                 then="Inferno Mode is on and your identity, Vasco Tabasco, is still secret. King Naga's top dish is "
                 "a 6; the Neutral, Piri Piri, can take it."),
           ("AYCC-ICON-FORK-1", "AYCC-INFERNO-VASCO-1", "AYCC-INFERNO-1", "AYCC-INFERNO-3"),
           Position(ROW3, IDS3, (20, 18, 22), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Vasco Tabasco": ["3"], "King Naga": ["4", "5", "6"], "Go Chu Jang": ["6", "5"],
                           "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "Go Chu Jang"}, more={"inferno": True}),
           0, "Reveal your identity, then fork King Naga's 6 onto Piri Piri. Your normal turn follows.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Fork", 0, "King Naga", "Piri Piri")),
           refused=(("Fork", 0, "King Naga", "Piri Piri"),), refusal=("AYCC-INFERNO-1",)),
    Lesson("savage-diss", INFERNO, "Inferno Mode: King Naga's Savage Diss",
           _says("AYCC-INFERNO-KINGNAGA-1",
                 then="You are King Naga. P1 has been serving everyone but Al Apeno: you guess P1 is Al Apeno."),
           ("AYCC-INFERNO-KINGNAGA-1", "AYCC-INFERNO-1", "AYCC-BONUS-3"),
           Position(("King Naga", "Al Apeno", "Go Chu Jang", "Fuego Fred"), ("King Naga", "Al Apeno", "Go Chu Jang"),
                    (20, 18, 22), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"King Naga": ["3"], "Al Apeno": ["6", "5"], "Go Chu Jang": ["6"], "Fuego Fred": ["2"]},
                    tokens={"last_target": "Go Chu Jang"}, more={"inferno": True}),
           0, "Reveal your identity, then guess that P1 is Al Apeno: P1 must withdraw (11 points, no bonus) and "
              "you bank 7.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Diss", 0, 1, "Al Apeno")),
           refused=(("Diss", 0, 1, "Al Apeno"),), refusal=("AYCC-INFERNO-KINGNAGA-1",)),
    Lesson("siesta", INFERNO, "Inferno Mode: Al Apeno's Siesta",
           _says("AYCC-INFERNO-ALAPENO-1",
                 then="You are Al Apeno, heat 16: one more dish could be too many."),
           ("AYCC-INFERNO-ALAPENO-1", "AYCC-INFERNO-1"),
           Position(("Al Apeno", "King Naga", "Go Chu Jang", "Piri Piri"), ("Al Apeno", "King Naga", "Go Chu Jang"),
                    (18, 20, 22), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Al Apeno": ["6", "5", "5"], "King Naga": ["3"], "Go Chu Jang": ["6"], "Piri Piri": ["2"]},
                    tokens={"last_target": "Go Chu Jang"}, more={"inferno": True}),
           0, "Reveal your identity: until your next turn nobody may serve you or withdraw.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0),),
           refused=(("Withdraw", 0),), refusal=("AYCC-INFERNO-1",)),
    Lesson("fiery-dance", INFERNO, "Inferno Mode: Piri Piri's Fiery Dance",
           _says("AYCC-INFERNO-PIRI-1",
                 then="You are Piri Piri. King Naga (heat 10) and Fuego Fred (heat 22, holding the Lock token) are "
                 "played by P1 and P2; the teacher's view shows their tolerances, 18 and 23."),
           ("AYCC-INFERNO-PIRI-1", "AYCC-BURN-1", "AYCC-INFERNO-1"),
           Position(("Piri Piri", "King Naga", "Fuego Fred", "Go Chu Jang"), ("Piri Piri", "King Naga", "Fuego Fred"),
                    (20, 18, 23), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Piri Piri": ["3"], "King Naga": ["6", "4"], "Fuego Fred": ["7", "6", "5", "4"],
                           "Go Chu Jang": ["2"]},
                    tokens={"lock": "Fuego Fred", "last_target": "Go Chu Jang"}, more={"inferno": True}),
           0, "Reveal your identity, then swap the piles of King Naga and Fuego Fred: King Naga now has heat 22 and "
              "burns out; the Lock token stays with Fuego Fred.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Swap", 0, "King Naga", "Fuego Fred")),
           refused=(("Swap", 0, "King Naga", "Fuego Fred"),), refusal=("AYCC-INFERNO-PIRI-1",)),
    Lesson("endure", INFERNO, "Inferno Mode: Fuego Fred's I Must Endure!",
           _says("AYCC-INFERNO-FUEGO-1",
                 then="You are Fuego Fred, tolerance 17, heat 16. The top three undealt tolerance cards are 22, 16 "
                 "and 19; you see them once you reveal."),
           ("AYCC-INFERNO-FUEGO-1", "AYCC-INFERNO-1"),
           Position(("Fuego Fred", "King Naga", "Go Chu Jang", "Piri Piri"), ("Fuego Fred", "King Naga", "Go Chu Jang"),
                    (17, 18, 21), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Fuego Fred": ["6", "5", "5"], "King Naga": ["3"], "Go Chu Jang": ["6"], "Piri Piri": ["2"]},
                    tokens={"last_target": "Go Chu Jang"},
                    more={"inferno": True, "undealt": [22, 16, 19, 20, 23, 24]}),
           0, "Reveal your identity and take the 22 as your new tolerance: the 17 leaves the round unseen.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Endure", 0, 22)),
           refused=(("Endure", 0, 22),), refusal=("AYCC-INFERNO-FUEGO-1",)),
    Lesson("green-frenzy", INFERNO, "Inferno Mode: Habi Wasabi's Green Frenzy",
           _says("AYCC-INFERNO-HABI-1",
                 then="You are Habi Wasabi. Fuego Fred, the Neutral Piri Piri and King Naga are all open to a dish "
                 "(none holds the Last Target token)."),
           ("AYCC-INFERNO-HABI-1", "AYCC-INFERNO-1", "AYCC-SERVE-1"),
           Position(("Habi Wasabi", "Fuego Fred", "King Naga", "Piri Piri"), ("Habi Wasabi", "Fuego Fred", "King Naga"),
                    (20, 23, 18), [["3", "2", "4", "5"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Habi Wasabi": ["6"], "Fuego Fred": ["5", "4"], "King Naga": ["6", "3"],
                           "Piri Piri": ["2"]},
                    tokens={"last_target": "Habi Wasabi"}, more={"inferno": True}),
           0, "Reveal your identity, then serve the 3 to Fuego Fred, the 2 to Piri Piri and the 4 to King Naga. "
              "You draw back to 4 and take your normal turn.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Serve", 0, "3", "Fuego Fred"), ("Serve", 0, "2", "Piri Piri"),
                   ("Serve", 0, "4", "King Naga")),
           refused=(("Serve", 0, "3", "Fuego Fred"),), refusal=("AYCC-INFERNO-1",)),
    Lesson("mastery", INFERNO, "Inferno Mode: Go Chu Jang's Mastery",
           _says("AYCC-INFERNO-GOCHUJANG-1",
                 then="You are Go Chu Jang, tolerance 17, heat 16. Fuego Fred is in the row but nobody has revealed "
                 "him, so you may copy I Must Endure!: the top three undealt tolerances are 22, 16 and 19."),
           ("AYCC-INFERNO-GOCHUJANG-1", "AYCC-INFERNO-FUEGO-1", "AYCC-INFERNO-1"),
           Position(("Go Chu Jang", "King Naga", "Al Apeno", "Fuego Fred"), ("Go Chu Jang", "King Naga", "Al Apeno"),
                    (17, 18, 21), [["5", "3", "2", "4"], OTHER_HANDS[0], OTHER_HANDS[1]],
                    piles={"Go Chu Jang": ["6", "5", "5"], "King Naga": ["3"], "Al Apeno": ["6"], "Fuego Fred": ["2"]},
                    tokens={"last_target": "Al Apeno"},
                    more={"inferno": True, "undealt": [22, 16, 19, 20, 23, 24]}),
           0, "Reveal your identity, copy Fuego Fred's ability, and take the 22 as your tolerance.",
           phase="TURN_BEGIN",
           script=(("Reveal", 0), ("Copy", 0, "Fuego Fred"), ("Endure", 0, 22)),
           refused=(("Copy", 0, "Fuego Fred"),), refusal=("AYCC-INFERNO-GOCHUJANG-1",)),
    # ---------------------------------------------------------- why this move? (the coach's numbers)
    Lesson("why-withdraw", WHY, "Why withdraw at heat 18?",
           _says("AYCC-WITHDRAW-2",
                 then="This is the last round. You are Vasco Tabasco, tolerance 20, and your dishes add up to heat 18 "
                 "and 18 points: withdrawing now takes your total from 30 to 48, more than the others have. Withdraw, "
                 "or keep serving and hope nobody serves you a big dish? " + COACH_SAYS + " Exactly: 22 of the 32 "
                 "dishes you have not seen would burn you out (69%), so one more dish on you and then withdrawing "
                 "is worth 8 points on average against 18 now."),
           ("AYCC-WITHDRAW-2", "AYCC-WITHDRAW-1", "AYCC-BURN-1"),
           Position(ROW3, IDS3, (20, 19, 22), [["3", "1", "5", "4"], ["5", "3", "6", "2"], ["4", "6", "2", "7"]],
                    piles={"Vasco Tabasco": ["6", "5", "7"], "King Naga": ["4", "5", "3"],
                           "Go Chu Jang": ["6", "3", "2"], "Piri Piri": ["2", "1"]},
                    tokens={"last_target": "Piri Piri"}, more={"round": 3, "scores": [30, 26, 24]}),
           0, "Read the coach's list: withdrawing wins clearly more often than any serve. Withdraw and bank your 18 "
              "points.",
           script=(("Withdraw", 0),),
           refused=(("Serve", 0, "3", "Piri Piri"),), refusal=("AYCC-SERVE-2",), coach=True),
    Lesson("why-big-dish", WHY, "The small dish or the big one?",
           _says("AYCC-BURN-1", "AYCC-ROUND-1",
                 then="Two players, last round, 30 points each. You are Vasco Tabasco (heat 9). The other player's "
                 "character is King Naga (heat 17) or Piri Piri; the other one is the Neutral. You hold two 7s and "
                 "two 2s. Serve the big dish or the small one, and to whom? " + COACH_SAYS + " Exactly: a 7 burns "
                 "King Naga out with probability 60%, a 2 with probability 20%, and when he burns out you are the "
                 "last player."),
           ("AYCC-BURN-1", "AYCC-ROUND-1", "AYCC-SERVE-1"),
           Position(ROW2, IDS2, (20, 21), [["7", "7", "2", "2"], ["5", "3", "6", "4"]],
                    piles={"Vasco Tabasco": ["6", "3"], "King Naga": ["6", "5", "4", "2"],
                           "Piri Piri": ["7", "6", "5", "4"]},
                    tokens={"last_target": "Piri Piri"}, more={"round": 3, "scores": [30, 30]}),
           0, "Read the coach's list and compare the big dish with the small one. Serve a 7 to King Naga.",
           script=(("Serve", 0, "7", "King Naga"),),
           refused=(("Serve", 0, "7", "Piri Piri"),), refusal=("AYCC-SERVE-2",), coach=True),
    Lesson("why-not-the-hottest", WHY, "Which character gets the dish?",
           _says("AYCC-NEUTRAL-1", "AYCC-BURN-1",
                 then="Two players, last round. You are Vasco Tabasco and hold two 7s and two 6s. King Naga has "
                 "heat 17 and Piri Piri heat 23: one of them is the other player's character, the other is the "
                 "Neutral. Piri Piri is hotter, but only a tolerance card of 23 or 24 could stand her heat, so she "
                 "is most likely the Neutral. " + COACH_SAYS + " Exactly: your 7 burns King Naga out with "
                 "probability 67%, Piri Piri with probability 22%."),
           ("AYCC-BURN-1", "AYCC-NEUTRAL-1", "AYCC-ROUND-1"),
           Position(ROW2, IDS2, (20, 18), [["6", "6", "7", "7"], ["5", "3", "1", "4"]],
                    piles={"Vasco Tabasco": ["4", "3", "5"], "King Naga": ["6", "5", "4", "2"],
                           "Piri Piri": ["7", "6", "5", "3", "2"]},
                    tokens={"last_target": "Vasco Tabasco"}, more={"round": 3, "scores": [30, 30]}),
           0, "Read the coach's list and compare King Naga with Piri Piri. Serve a 7 to King Naga.",
           script=(("Serve", 0, "7", "King Naga"),),
           refused=(("Serve", 0, "7", "Vasco Tabasco"),), refusal=("AYCC-SERVE-2",), coach=True),
]

lesson, lessons_in = lesson_finders(LESSONS)

__all__ = ["LESSONS", "SECTIONS", "Lesson", "Position", "learner_text", "lesson", "lessons_in", "move", "play"]
