"""The Chili Mafia tutorial as data: one prepared position per rulebook section.

A :class:`Lesson` quotes the rulebook (the learner texts of
``data/rules.json``), names the clause IDs it teaches, and
builds an exact position from explicit hands (a :class:`Position`: the cards
each seat holds, the top of the draw deck, the moves played before the
learner sits down). ``script`` plays the hinted move and the answers other
seats give for it to resolve; ``refused`` holds moves the rules refuse there,
and ``refusal`` the clause each one is refused with.

Adding a lesson is adding data: a :class:`Position` and a :class:`Lesson` in
:data:`LESSONS` (moves are written as short specs, see :func:`move`).

Engine layer: no ipywidgets, plotly or IPython here.

>>> g = lesson("form").build()
>>> g.phase, g.decision.players
('TURN_MAIN', (0,))
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

from chililab.engine.lessons import Lesson as BaseLesson
from chililab.engine.lessons import lesson_finders

from .rules.cards import CardPicker, deck
from .rules.game import MafiaGame, new_game, scenario
from .rules.moves import MOVES, Arrange

# ------------------------------------------------------------------ the rulebook's words


def learner_text(rule_id: str) -> str:
    """The learner text of a clause (the rulebook's words where it has them)."""
    return _TEXTS[rule_id]


_TEXTS = {k: v["learner"] for k, v in json.loads(
    resources.files("chililab.games.mafia").joinpath("data/rules.json").read_text(encoding="utf-8"))["clauses"].items()}


# ------------------------------------------------------------------ move specs

def _pick(cards, code, where):
    try:
        return CardPicker(cards).take(code)
    except ValueError:
        raise ValueError(f"{where} holds no {code!r}") from None


def _gang_cards(view, seat):
    return [c for gang in view.gangs[seat] for c in gang]


def move(game: MafiaGame, name: str, seat: int, *args):
    """Build a move from a short spec, finding the cards by code (``"Ghost"``, ``"Jimmy*"``) where they lie.

    ``("Pick", 0, "Ghost")`` from the packet; ``("Form", 0, "Jimmy", "Jimmy", "Jimmy")`` and
    ``("Discard", 0, "Whack")`` from the hand (a discard falls back to the gangs); ``("Discard", 0, "Carolina", 1)``
    from P1's gangs (the pepper a winning Rumble throws out);
    ``("Add", 0, gang, *codes)`` with ``gang`` an index (0 = first) or ``(owner, index)`` for a teammate's;
    ``("MovePepper", 0, "Sweet", to)``; ``("PlayHot", 0, "Whack", attacker, rival, *targets)`` with the attacker
    from your gangs and the targets from the rival's (a last ``{"ability": "Sidekick", "partner": "Ghost"}`` declares
    an ability; a Rumble names each gang by one of its peppers, and the moves listed name it by its first card,
    so a script that a teacher's click must find names that one); ``("Neutralize", 1, "Fuggedaboutit")``;
    ``("Decline", 1)``;
    ``("PlayAction", 0, "Bagman", target, take, pepper)`` (``take``: a code from the discard pile, topmost copy);
    ``("Arrange", 0, [["Ghost", "Ghost", "Ghost"], ...])`` from your gangs and hand; ``("UseHP", 0, "Reconsider")``
    from your Hot Properties; ``("EndTurn", 0)``.
    """
    v = game.view(None)
    hand = v.hands[seat]
    cls = MOVES[name]
    if name == "Pick":
        return cls(seat, _pick(v.packets[seat], args[0], f"P{seat}'s packet"))
    if name == "Form":
        pick = CardPicker(hand)
        return cls(seat, tuple(pick.take(c) for c in args))
    if name == "Add":
        gang, codes = args[0], args[1:]
        owner, index = gang if isinstance(gang, tuple) else (None, gang)
        pick = CardPicker(hand)
        return cls(seat, index, tuple(pick.take(c) for c in codes), owner)
    if name == "MovePepper":
        return cls(seat, _pick(_gang_cards(v, seat), args[0], f"P{seat}'s gangs"), args[1])
    if name == "Discard" and len(args) > 1:  # a pepper of a rival's gangs (a winning Rumble's choice)
        return cls(seat, _pick(_gang_cards(v, args[1]), args[0], f"P{args[1]}'s gangs"))
    if name == "Discard":
        try:
            return cls(seat, CardPicker(hand).take(args[0]))
        except ValueError:
            return cls(seat, _pick(_gang_cards(v, seat), args[0], f"P{seat}'s hand and gangs"))
    if name == "PlayHot":
        hot, attacker, rival, *targets = args
        extra = targets.pop() if targets and isinstance(targets[-1], dict) else {}  # {"ability": ..., "partner": code}
        partner = extra.get("partner")
        return cls(seat, _pick(hand, hot, f"P{seat}'s hand"), _pick(_gang_cards(v, seat), attacker, f"P{seat}'s gangs"),
                   tuple(_pick(_gang_cards(v, rival), t, f"P{rival}'s gangs") for t in targets), extra.get("ability"),
                   None if partner is None else _pick(_gang_cards(v, seat), partner, f"P{seat}'s gangs"))
    if name == "Neutralize":
        return cls(seat, _pick(hand, args[0], f"P{seat}'s hand"))
    if name == "PlayAction":
        card, target, take, pepper = (list(args) + [None] * 4)[:4]
        kept = None if take is None else _pick(v.discard[::-1], take, "the discard pile")
        return cls(seat, _pick(hand, card, f"P{seat}'s hand"), target, kept, pepper)
    if name == "Arrange":  # the listed arrangement when one is the same (the page's button), whatever the order
        pick = CardPicker(_gang_cards(v, seat) + list(hand))
        m = Arrange.of(seat, [tuple(pick.take(c) for c in gang) for gang in args[0]])
        same = m.same()
        listed = game.legal_moves(seat) if game.phase == "DAWN_RAID" else ()
        return next((x for x in listed if isinstance(x, Arrange) and x.same() == same), m)
    if name == "Dance":  # ("Dance", 0, "Padron*", to): a Dancer of your gangs into your gang number ``to``
        return cls(seat, _pick(_gang_cards(v, seat), args[0], f"P{seat}'s gangs"), args[1])
    if name == "UseHP":  # a Hot Property that names nothing more (Reconsider, Lucky Dime ...)
        return cls(seat, _pick(v.hot_properties[seat], args[0], f"P{seat}'s Hot Properties"))
    if name == "Place":
        gang, placed = args[0], args[1:]
        pick = CardPicker(hand)
        return cls(seat, gang, tuple(pick.take(c) for c in placed))
    return cls(seat, *args)


def play(game: MafiaGame, specs) -> list:
    """Apply move specs in order; return all their events."""
    events = []
    for spec in specs:
        events += game.apply(move(game, *spec))
    return events


# ------------------------------------------------------------------ positions

def deal_order(hands, rest=()):
    """A deck order (top first) dealing ``hands`` (6 codes per seat) one card at a time from seat 0."""
    n = len(hands)
    return [hands[k % n][k // n] for k in range(6 * n)] + list(rest)


@dataclass(frozen=True)
class Position:
    """An exact position, built from explicit cards (call it for a fresh game).

    ``hands``: 6 codes per seat: with 2 players the dealt hands; with 3 or more the hands the draft ends
    with (picked in that order), unless ``draft`` keeps the game in the draft with these as the first
    packets. ``rest``: the top of the draw deck (the rest of the deck is shuffled by ``seed`` beneath).
    ``raid_after``: how many draw cards lie above the Dawn Raid. ``before``: move specs played first.
    ``last_turn_of``: then every turn passes (keeping the cards named in ``keep``, per seat) until the
    last card is drawn and the final round comes to the last turn of the game, this seat's. P0 goes first; ``options`` are the game's options (team mode ...).
    """

    hands: Sequence[Sequence[str]]
    rest: Sequence[str] = ()
    before: Sequence[tuple] = ()
    raid_after: int | None = None
    draft: bool = False
    last_turn_of: int | None = None
    keep: Sequence[Sequence[str]] = ()
    seed: int = 0
    options: dict = field(default_factory=dict)

    def __call__(self) -> MafiaGame:
        n = len(self.hands)
        options = dict(self.options)
        if self.raid_after is not None:
            from .rules.cards import deck
            from .rules.options import normalize_options

            size = len(deck(n, normalize_options({"players": n, **options})))
            options["dawn_raid_table"] = {str(n): size - 6 * n - self.raid_after}
        if n == 2 or self.draft:
            dealt = self.hands
        else:  # packets dealt so that each seat's k-th pick is hands[seat][k] (the packets pass left)
            dealt = [[self.hands[(o + k) % n][k] for k in range(6)] for o in range(n)]
        g = new_game(players=n, seed=self.seed, deck=deal_order(dealt, self.rest), first_player=0, **options)
        if n > 2 and not self.draft:
            while g.phase == "DRAFT":
                k = g.view(None).pick - 1
                for s in range(n):
                    g.apply(MOVES["Pick"](s, CardPicker(g.view(s).packet).take(self.hands[s][k])))
        play(g, self.before)
        if self.last_turn_of is not None:
            _pass_until_last_turn(g, self.keep, self.last_turn_of)
        return g


def _spare(cards, keep):
    """A card of ``cards`` not among the codes ``keep`` (the last one dealt, so kept cards stay)."""
    pick = CardPicker(cards)
    kept = set()
    for code in keep:
        try:
            kept.add(pick.take(code))
        except ValueError:
            pass
    return next(c for c in reversed(cards) if c not in kept)


def _pass_until_last_turn(g, keep, seat):
    """Every turn passes, discarding a card not kept, until the game's last turn is ``seat``'s."""
    while not g.over:
        v = g.view(None)
        if g.phase == "TURN_MAIN" and v.final_turns_left == 0 and v.current == seat:
            return
        d = g.decision
        p = d.players[0]
        hand = list(g.view(None).hands[p])
        kept = keep[p] if p < len(keep) else ()
        if g.phase == "DAWN_RAID":
            for s in d.players:
                g.apply(g.legal_moves(s)[0])
        elif g.phase in ("PASS_DISCARD", "END_DRAW"):
            g.apply(MOVES["Discard"](p, _spare(hand, kept)))
        else:
            g.apply(MOVES["EndTurn"](p))


@dataclass(frozen=True)
class Table:
    """A late position with every card placed (call it for a fresh game): ``hands`` and ``gangs`` per seat, the
    draw deck (``draw``, top first) and, on the discard pile, every other card of the deck (in an order shuffled
    by ``seed``); the Dawn Raid has been drawn. What a seat cannot see is then exactly the other hands and the draw
    deck, and counting the table tells which cards those are. ``current``'s turn begins (turn ``turn``), then
    the moves of ``before`` are played. Short games: the coach's "why this move?" lessons play them to the end."""

    hands: Sequence[Sequence[str]]
    gangs: Sequence[Sequence[Sequence[str]]]
    draw: Sequence[str]
    current: int = 0
    before: Sequence[tuple] = ()
    turn: int = 30
    seed: int = 0

    def __call__(self) -> MafiaGame:
        import random

        from .rules.options import normalize_options

        n = len(self.hands)
        pick = CardPicker(deck(n, normalize_options({"players": n})))
        hands = [[pick.take(c) for c in h] for h in self.hands]
        gangs = [[[pick.take(c) for c in g] for g in gs] for gs in self.gangs]
        draw = [pick.take(c) for c in self.draw]
        rest = list(pick.free)
        random.Random(self.seed).shuffle(rest)
        g = scenario(hands, self.current, gangs=gangs, discard=rest, draw=draw, turn=self.turn, seed=self.seed)
        play(g, self.before)
        return g


# ------------------------------------------------------------------ lessons

@dataclass(frozen=True)
class Lesson(BaseLesson):
    """One prepared position of the tutorial (:class:`chililab.engine.lessons.Lesson`); most start
    on the learner's own turn (``phase`` TURN_MAIN). Move specs: see :func:`move`."""

    phase: str = "TURN_MAIN"


def _says(*rules: str, then: str = "") -> str:
    """The lesson text: the rulebook's words for ``rules``, then what this position shows."""
    return " ".join([learner_text(r) for r in rules] + ([then] if then else []))


SETUP = "Setup and the draft"
GANGS = "Forming and adding to gangs"
SWEET = "The Sweet Chili"
TURN = "Passing and drawing"
HAND = "The hand limit"
HOT = "Hot cards"
DEFENCE = "Fuggedaboutit"
ACTIONS = "Action cards"
RAID = "The Dawn Raid"
END = "Game end and scoring"
TEAMS = "Team mode"
TWO = "The 2-player game"
ADVANCED = "Advanced mode: abilities"
GOODFELLAS = "The Goodfellas characters"
PROPERTIES = "Hot Properties (Goodfellas)"
PROMOS = "Promo packs"
WHY = "Why this move?"

SECTIONS = (SETUP, GANGS, SWEET, TURN, HAND, HOT, DEFENCE, ACTIONS, RAID, END, TEAMS, TWO, ADVANCED, GOODFELLAS,
            PROPERTIES, PROMOS, WHY)

#: what a "why this move?" lesson says about the coach
_COACH = ("The coach plays the game on from here hundreds of times after each move, with the cards you cannot see "
          "dealt again at random, and counts how often you win.")

#: a 2-player opponent with a complete Mixed gang to aim at: Tabasco, Ghost Pepper, Jimmy Nardello
JOE = ["Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga", "Poblano"]
JOE_FORMS = (("Form", 1, "Tabasco", "Ghost", "Jimmy"), ("EndTurn", 1))

LESSONS: list[Lesson] = [
    Lesson("draft", SETUP, "The draft: pick one, pass the rest",
           _says("MAFIA-DRAFT-1", then="Each of the three players was dealt 6 cards face down. Your packet holds a "
                 "Ghost Pepper, the strongest card in it. The others' packets and picks stay hidden from you."),
           ("MAFIA-DRAFT-1", "MAFIA-SETUP-4"),
           Position([["Ghost", "Jimmy", "Whack", "Fuggedaboutit", "Poblano", "Sweet"],
                     ["Carolina", "Hungarian", "Jimmy", "Earner", "Pinch", "Tabasco"],
                     ["Moruga", "Jalapeno", "Habanero", "Bagman", "Turncoat", "Jimmy"]], draft=True),
           0, "Pick the Ghost Pepper. P1 and P2 pick at the same time; then the packets pass to the left.",
           phase="DRAFT",
           script=(("Pick", 0, "Ghost"), ("Pick", 1, "Carolina"), ("Pick", 2, "Moruga")),
           refused=(("EndTurn", 0),), refusal=("MAFIA-DRAFT-1",)),
    Lesson("form", GANGS, "Form a Chili Gang",
           _says("MAFIA-GANG-1", then="You hold three Jalapeños: a Brotherhood. A Jalapeño, a Jimmy Nardello and "
                 "a Ghost Pepper would be a Mixed Gang, but two Jalapeños with a Ghost Pepper is neither."),
           ("MAFIA-GANG-1", "MAFIA-GANG-3"),
           Position([["Jalapeno", "Jalapeno", "Jalapeno", "Ghost", "Jimmy", "Whack"], JOE]),
           0, "Form a Brotherhood Gang of your three Jalapeños.",
           script=(("Form", 0, "Jalapeno", "Jalapeno", "Jalapeno"),),
           refused=(("Form", 0, "Jalapeno", "Jalapeno", "Ghost"),), refusal=("MAFIA-GANG-2",)),
    Lesson("add", GANGS, "Add peppers to a gang",
           _says("MAFIA-GANG-4", then="Your gang on the table is Jimmy Nardello, Poblano and The Hungarian, a "
                 "Mixed Gang. A Ghost Pepper is new to it, so it may join; a second Poblano may not."),
           ("MAFIA-GANG-4",),
           Position([["Jimmy", "Poblano", "Hungarian", "Ghost", "Poblano", "Whack"], JOE], rest=["Jalapeno"] * 4,
                    before=(("Form", 0, "Jimmy", "Poblano", "Hungarian"), ("EndTurn", 0), *JOE_FORMS)),
           0, "Add the Ghost Pepper to your gang: it becomes a Mixed Gang of four, worth 2+3+4+8 = 17.",
           script=(("Add", 0, 0, "Ghost"),),
           refused=(("Add", 0, 0, "Poblano"),), refusal=("MAFIA-GANG-4",)),
    Lesson("sweet", SWEET, "The Sweet Chili moves freely",
           _says("MAFIA-GANG-2", "MAFIA-SWEET-1", then="Your Sweet Chili sits in a gang of four; moving it leaves "
                 "Jimmy, Poblano and The Hungarian complete, and it joins your Brotherhood of Ghost Peppers, where "
                 "it counts twice: (1 + 8 + 8 + 8) x 2 = 50. Moving it is free: it is not one of your actions."),
           ("MAFIA-SWEET-1", "MAFIA-GANG-2", "MAFIA-TURN-2"),
           Position([["Jimmy", "Poblano", "Hungarian", "Sweet", "Ghost", "Ghost"],
                     JOE], rest=["Ghost", "Jalapeno", "Jalapeno", "Jalapeno"],
                    before=(("Form", 0, "Jimmy", "Poblano", "Hungarian", "Sweet"), ("EndTurn", 0), *JOE_FORMS,
                            ("Form", 0, "Ghost", "Ghost", "Ghost"))),
           0, "Move the Sweet Chili into your second gang (gang 2).",
           script=(("MovePepper", 0, "Sweet", 1),),
           refused=(("MovePepper", 0, "Jimmy", 1),), refusal=("MAFIA-GANG-5",)),
    Lesson("pass", TURN, "Pass, discard one, draw two",
           _says("MAFIA-TURN-3", "MAFIA-TURN-5", then="Nothing in your hand makes a gang. End your turn without "
                 "an action: that is a pass, so you discard one card first, then draw 2."),
           ("MAFIA-TURN-3", "MAFIA-TURN-5"),
           Position([["Carolina", "Moruga", "Jimmy", "Earner", "Pinch", "Poblano"], JOE],
                    rest=["Habanero", "Sweet", "Jalapeno", "Jalapeno"]),
           0, "End your turn, then discard the Pinch (you have no gang to attack with). You draw a Habanero and a "
              "Sweet Chili.",
           script=(("EndTurn", 0), ("Discard", 0, "Pinch")),
           refused=(("Form", 0, "Carolina", "Moruga"),), refusal=("MAFIA-GANG-1",)),
    Lesson("hand-limit", HAND, "The hand limit is 8",
           _says("MAFIA-HAND-1", then="You hold 8 cards. Your pass discard brings you to 7, the first card you "
                 "draw makes 8, and before the second you must discard."),
           ("MAFIA-HAND-1",),
           Position([["Carolina", "Moruga", "Jimmy", "Earner", "Pinch", "Poblano"], JOE],
                    rest=["Bagman", "Booster", "Jalapeno", "Jalapeno", "Habanero", "Sweet", "Jalapeno", "Jalapeno",
                          "Hungarian", "Tabasco"],
                    before=(("EndTurn", 0), ("Discard", 0, "Earner"), ("EndTurn", 1), ("Discard", 1, "Poblano"),
                            ("EndTurn", 0), ("Discard", 0, "Booster"), ("EndTurn", 1), ("Discard", 1, "Carolina"))),
           0, "End your turn and discard the Pinch for the pass. You draw The Hungarian (8 cards); discard the "
              "Bagman before your second draw.",
           script=(("EndTurn", 0), ("Discard", 0, "Pinch"), ("Discard", 0, "Bagman")),
           refused=(("Form", 0, "Carolina", "Moruga"),), refusal=("MAFIA-GANG-1",)),
    Lesson("whack", HOT, "Attack with a Hot card",
           _says("MAFIA-HOT-3", "MAFIA-HOT-WHACK-1", then="Your Habanero (7) may attack P1's Tabasco "
                 "(6), but not the Ghost Pepper (8), which is stronger."),
           ("MAFIA-HOT-WHACK-1", "MAFIA-HOT-2", "MAFIA-HOT-3"),
           Position([["Sweet", "Tabasco", "Habanero", "Whack", "Pinch", "Jimmy"], JOE], rest=["Jalapeno"] * 4,
                    before=(("Form", 0, "Sweet", "Tabasco", "Habanero"), ("EndTurn", 0), *JOE_FORMS)),
           0, "Play the Whack: your Habanero attacks P1's Tabasco. P1 has no Fuggedaboutit and lets it pass.",
           script=(("PlayHot", 0, "Whack", "Habanero", 1, "Tabasco"), ("Decline", 1)),
           refused=(("PlayHot", 0, "Whack", "Habanero", 1, "Ghost"),), refusal=("MAFIA-HOT-3",)),
    Lesson("turncoat", HOT, "A Turncoat changes sides",
           _says("MAFIA-HOT-TURNCOAT-1", then="Your Habanero (7) may take P1's Jimmy Nardello (2): your gang of Sweet "
                 "Chili, Tabasco and Habanero has no Jimmy yet, so he can join it as a fourth member."),
           ("MAFIA-HOT-TURNCOAT-1", "MAFIA-HOT-3"),
           Position([["Sweet", "Tabasco", "Habanero", "Turncoat", "Pinch", "Poblano"], JOE], rest=["Jalapeno"] * 4,
                    before=(("Form", 0, "Sweet", "Tabasco", "Habanero"), ("EndTurn", 0), *JOE_FORMS)),
           0, "Play the Turncoat: your Habanero takes P1's Jimmy Nardello. P1 lets it pass; put Jimmy into your "
              "gang 1.",
           script=(("PlayHot", 0, "Turncoat", "Habanero", 1, "Jimmy"), ("Decline", 1), ("Place", 0, 0)),
           refused=(("PlayHot", 0, "Turncoat", "Habanero", 1, "Ghost"),), refusal=("MAFIA-HOT-3",)),
    Lesson("fuggedaboutit", DEFENCE, "Stop an attack with Fuggedaboutit",
           _says("MAFIA-HOT-4", "MAFIA-ACT-FUGG-1", then="P0's Habanero is attacking your Tabasco with a Whack. You "
                 "hold a Fuggedaboutit."),
           ("MAFIA-ACT-FUGG-1", "MAFIA-HOT-4"),
           Position([["Sweet", "Tabasco", "Habanero", "Whack", "Pinch", "Jimmy"],
                     ["Tabasco", "Ghost", "Jimmy", "Fuggedaboutit", "Moruga", "Poblano"]], rest=["Jalapeno"] * 4,
                    before=(("Form", 0, "Sweet", "Tabasco", "Habanero"), ("EndTurn", 0), *JOE_FORMS,
                            ("PlayHot", 0, "Whack", "Habanero", 1, "Tabasco"))),
           1, "Play your Fuggedaboutit: the Whack is neutralized and your Tabasco stays.", phase="DEFENSE",
           script=(("Neutralize", 1, "Fuggedaboutit"),),
           refused=(("EndTurn", 1),), refusal=("MAFIA-HOT-4",)),
    Lesson("bagman", ACTIONS, "Action cards: the Bagman",
           _says("MAFIA-ACT-1", "MAFIA-ACT-BAGMAN-1", then="The discard pile holds, from the top: a Carolina Reaper, "
                 "a Jalapeño, a Poblano, and under them a Habanero, which the Bagman cannot reach."),
           ("MAFIA-ACT-BAGMAN-1", "MAFIA-ACT-1"),
           Position([["Bagman", "Booster", "Ghost", "Ghost", "Habanero", "Jalapeno"], JOE],
                    rest=["Jimmy", "Jimmy", "Tabasco", "Tabasco", "Jimmy", "Poblano", "Hungarian", "Hungarian"],
                    before=(("EndTurn", 0), ("Discard", 0, "Habanero"), ("EndTurn", 1), ("Discard", 1, "Poblano"),
                            ("EndTurn", 0), ("Discard", 0, "Jalapeno"), ("EndTurn", 1), ("Discard", 1, "Carolina"))),
           0, "Play the Bagman and keep the Carolina Reaper, the strongest pepper of the top 3.",
           script=(("PlayAction", 0, "Bagman", None, "Carolina"),),
           refused=(("PlayAction", 0, "Bagman", None, "Habanero"),), refusal=("MAFIA-ACT-BAGMAN-1",)),
    Lesson("dawn-raid", RAID, "The Dawn Raid: everyone rearranges",
           _says("MAFIA-DAWN-1", "MAFIA-DAWN-2", then="The next card of the deck is the Dawn Raid. Your gangs are "
                 "a Brotherhood of three Ghost Peppers and a Mixed Gang of Habanero, Tabasco and Jimmy Nardello; you "
                 "hold a fourth Ghost Pepper and a Sweet Chili."),
           ("MAFIA-DAWN-2", "MAFIA-DAWN-1", "MAFIA-DAWN-3"),
           Position([["Ghost", "Ghost", "Ghost", "Habanero", "Tabasco", "Jimmy"],
                     ["Carolina", "Moruga", "Poblano", "Hungarian", "Jalapeno", "Earner"]],
                    rest=["Ghost", "Sweet", "Jalapeno", "Jalapeno"], raid_after=4,
                    before=(("Form", 0, "Ghost", "Ghost", "Ghost"), ("EndTurn", 0),
                            ("Form", 1, "Carolina", "Moruga", "Poblano"), ("EndTurn", 1),
                            ("Form", 0, "Habanero", "Tabasco", "Jimmy"))),
           0, "End your turn: you draw the Dawn Raid. Then choose the arrangement that adds your fourth Ghost Pepper "
              "and the Sweet Chili to your Brotherhood, where the Sweet Chili counts twice: (8 + 8 + 8 + 8 + 1) x 2 "
              "= 66. Your Mixed Gang of Habanero, Tabasco and Jimmy Nardello stays as it is.",
           script=(("EndTurn", 0), ("Arrange", 0, [["Ghost", "Ghost", "Ghost", "Ghost", "Sweet"],
                                                   ["Habanero", "Tabasco", "Jimmy"]]),
                   ("Arrange", 1, [["Carolina", "Moruga", "Poblano"]])),
           refused=(("MovePepper", 0, "Ghost", 1),), refusal=("MAFIA-GANG-5",)),
    Lesson("final-round", END, "The last card, the final turns, the score",
           _says("MAFIA-END-1", "MAFIA-SCORE-2", then="The deck is empty and yours is the last turn of the game. "
                 "Your three Moruga Scorpions make a Brotherhood: (9 + 9 + 9) x 2 = 54 points."),
           ("MAFIA-SCORE-2", "MAFIA-END-1", "MAFIA-END-2", "MAFIA-TIE-1"),
           Position([["Tabasco", "Ghost", "Jimmy", "Carolina", "Hungarian", "Poblano"],
                     ["Moruga", "Moruga", "Moruga", "Jimmy", "Jimmy", "Poblano"]],
                    last_turn_of=1, keep=([], ["Moruga", "Moruga", "Moruga"])),
           1, "Form the Brotherhood of three Moruga Scorpions, end your turn, and discard for the pass if asked. "
              "The game is then scored.",
           script=(("Form", 1, "Moruga", "Moruga", "Moruga"), ("EndTurn", 1)),
           refused=(("Form", 1, "Moruga", "Moruga"),), refusal=("MAFIA-GANG-1",)),
    Lesson("team", TEAMS, "Team mode: a teammate's gang",
           _says("MAFIA-TEAM-3", then="You (P0) and P2 are a team. P2 has formed Jimmy, Poblano and The Hungarian; "
                 "you hold the Ghost Pepper that gang lacks."),
           ("MAFIA-TEAM-3", "MAFIA-TEAM-1"),
           Position([["Ghost", "Carolina", "Whack", "Earner", "Pinch", "Moruga"],
                     ["Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga", "Poblano"],
                     ["Jimmy", "Poblano", "Hungarian", "Jalapeno", "Habanero", "Bagman"],
                     ["Jalapeno", "Hungarian", "Poblano", "Ghost", "Jimmy", "Turncoat"]],
                    rest=["Sweet", "Jimmy"] * 4, options={"mode": "team"},
                    before=(("EndTurn", 0), ("Discard", 0, "Pinch"), ("EndTurn", 1), ("Discard", 1, "Poblano"),
                            ("Form", 2, "Jimmy", "Poblano", "Hungarian"), ("EndTurn", 2),
                            ("EndTurn", 3), ("Discard", 3, "Turncoat"))),
           0, "Add your Ghost Pepper to P2's gang (the first gang in front of P2).",
           script=(("Add", 0, (2, 0), "Ghost"),),
           refused=(("Add", 0, (1, 0), "Carolina"),), refusal=("MAFIA-TEAM-3",)),
    Lesson("two-players", TWO, "Two players: one Hot card per turn",
           _says("MAFIA-2P-1", then="You already played a Whack this turn. You have two complete gangs, which "
                 "would allow two Hot cards at a bigger table, but with 2 players the second Whack must wait."),
           ("MAFIA-2P-1", "MAFIA-HOT-1"),
           Position([["Sweet", "Tabasco", "Habanero", "Ghost", "Ghost", "Ghost"],
                     ["Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga", "Poblano"]],
                    rest=["Whack", "Whack", "Jalapeno", "Jalapeno", "Jalapeno", "Jalapeno"],
                    before=(("Form", 0, "Sweet", "Tabasco", "Habanero"), ("Form", 0, "Ghost", "Ghost", "Ghost"),
                            ("EndTurn", 0), *JOE_FORMS,
                            ("PlayHot", 0, "Whack", "Ghost", 1, "Tabasco"), ("Decline", 1))),
           0, "End your turn: you draw 2 cards and P1 plays.",
           script=(("EndTurn", 0),),
           refused=(("PlayHot", 0, "Whack", "Ghost", 1, "Ghost"),), refusal=("MAFIA-HOT-1",)),
    Lesson("sidekick", ADVANCED, "Advanced mode: the Sidekick",
           _says("MAFIA-ADV-1", "MAFIA-ADV-SIDEKICK-1", then="Your Jimmy Nardello carries the ability icon. Alone, "
                 "your strongest pepper (the Ghost Pepper, 8) cannot reach P1's Carolina Reaper (10); Jimmy and the "
                 "Ghost together attack with 2 + 8 = 10."),
           ("MAFIA-ADV-SIDEKICK-1", "MAFIA-ADV-1", "MAFIA-ADV-2", "MAFIA-HOT-3"),
           Position([["Jimmy*", "Ghost", "Tabasco", "Whack", "Jimmy-", "Sweet"],
                     ["Carolina", "Habanero", "Poblano-", "Jalapeno", "Hungarian", "Hungarian"]],
                    rest=["Earner", "Earner", "Shakedown", "Shakedown"], options={"advanced": True},
                    before=(("Form", 0, "Jimmy*", "Ghost", "Tabasco"), ("EndTurn", 0),
                            ("Form", 1, "Carolina", "Habanero", "Poblano-"), ("EndTurn", 1))),
           0, "Whack P1's Carolina Reaper with Jimmy Nardello as the Sidekick of your Ghost Pepper.",
           script=(("PlayHot", 0, "Whack", "Jimmy*", 1, "Carolina", {"ability": "Sidekick", "partner": "Ghost"}),
                   ("Decline", 1)),
           refused=(("PlayHot", 0, "Whack", "Ghost", 1, "Carolina"),), refusal=("MAFIA-HOT-3",)),
    Lesson("dancer", GOODFELLAS, "Goodfellas: the Dancer",
           _says("MAFIA-GF-1", "MAFIA-GF-DANCER-1", then="Your De Padrón carries the ability icon. Dancing her from "
                 "your first gang into your second is a free move: it is no action, so a turn with only a dance is "
                 "still a pass."),
           ("MAFIA-GF-DANCER-1", "MAFIA-GF-1"),
           Position([["Padron*", "Ghost", "Jeanette-", "Jimmy-", "Tabasco-", "Poblano-"],
                     ["Chipotle-", "Chipotle-", "Chipotle-", "Pepper X*", "Padron*", "Ghost"]],
                    rest=["Jimmy"] * 8, options={"goodfellas_peppers": True},
                    before=(("Form", 0, "Padron*", "Ghost", "Jeanette-"), ("Form", 0, "Jimmy-", "Tabasco-", "Poblano-"),
                            ("EndTurn", 0), ("Form", 1, "Chipotle-", "Chipotle-", "Chipotle-"),
                            ("Form", 1, "Pepper X*", "Padron*", "Ghost"), ("EndTurn", 1))),
           0, "Dance De Padrón into your second gang (Jimmy Nardello, Tabasco, Poblano).",
           script=(("Dance", 0, "Padron*", 1),),
           refused=(("Dance", 0, "Padron*", 0),), refusal=("MAFIA-GF-DANCER-1",)),
    Lesson("reconsider", PROPERTIES, "A Hot Property: Reconsider",
           _says("MAFIA-HP-1", "MAFIA-HP-RECONSIDER-1", then="You formed your gang from three hand peppers, so you "
                 "drew a Hot Property: Reconsider, face down in front of you. Your Whack on P1's Tabasco was just "
                 "stopped by a Fuggedaboutit."),
           ("MAFIA-HP-RECONSIDER-1", "MAFIA-HP-1", "MAFIA-HP-3", "MAFIA-HOT-6"),
           Position([["Ghost", "Jalapeno", "Jimmy", "Whack", "Ghost", "Ghost"],
                     ["Tabasco", "Hungarian", "Poblano", "Fuggedaboutit", "Poblano", "Sweet"]],
                    rest=["Jalapeno"] * 4,
                    options={"hot_properties": True, "hp_deck": ["Reconsider", "Backup"]},
                    before=(("Form", 0, "Ghost", "Jalapeno", "Jimmy"), ("EndTurn", 0),
                            ("Form", 1, "Tabasco", "Hungarian", "Poblano"), ("EndTurn", 1),
                            ("PlayHot", 0, "Whack", "Ghost", 1, "Tabasco"), ("Neutralize", 1, "Fuggedaboutit"))),
           0, "Use Reconsider: your Whack comes back to your hand (it still counts as played this turn).",
           phase="NEUTRALIZED",
           script=(("UseHP", 0, "Reconsider"),),
           refused=(("EndTurn", 1),), refusal=("MAFIA-HP-RECONSIDER-1",)),
]

#: the Rumble lesson's table: P0's gang of Ghost Pepper, Habanero, Tabasco (21) faces P1's gang of Carolina
#: Reaper, Moruga Scorpion, Sweet Chili (20) and P1's Brotherhood of Ghost Peppers (24)
RUMBLE_TABLE = (("Form", 0, "Ghost", "Habanero", "Tabasco-"), ("EndTurn", 0),
                ("Form", 1, "Carolina", "Moruga", "Sweet"), ("Form", 1, "Ghost", "Ghost", "Ghost"), ("EndTurn", 1))

LESSONS += [
    Lesson("samurai", PROMOS, "The Samurai: no Turncoat against his gang",
           _says("MAFIA-PROMO-YATSU-1", "MAFIA-PROMO-YATSU-2", then="P1's gang of Yatsufusa, Habanero and The "
                 "Hungarian has the Samurai in it (the star on his card): your Turncoat cannot take any of its "
                 "peppers, though it could take a Jalapeño from P1's Brotherhood. Your Whack can still eliminate "
                 "the Samurai's Habanero."),
           ("MAFIA-PROMO-YATSU-2", "MAFIA-HOT-WHACK-1", "MAFIA-PROMO-YATSU-1"),
           Position([["Carolina", "Moruga", "Jimmy-", "Turncoat", "Whack", "Poblano-"],
                     ["Yatsufusa*", "Habanero", "Hungarian", "Jalapeno", "Jalapeno", "Jalapeno"]],
                    rest=["Hungarian"] * 4, options={"yatsufusa": True},
                    before=(("Form", 0, "Carolina", "Moruga", "Jimmy-"), ("EndTurn", 0),
                            ("Form", 1, "Yatsufusa*", "Habanero", "Hungarian"),
                            ("Form", 1, "Jalapeno", "Jalapeno", "Jalapeno"), ("EndTurn", 1))),
           0, "Whack P1's Habanero with your Carolina Reaper. P1 has no Fuggedaboutit and lets it pass.",
           script=(("PlayHot", 0, "Whack", "Carolina", 1, "Habanero"), ("Decline", 1)),
           refused=(("PlayHot", 0, "Turncoat", "Carolina", 1, "Habanero"),), refusal=("MAFIA-PROMO-YATSU-2",)),
    Lesson("rumble", PROMOS, "Rumble: gang against gang",
           _says("MAFIA-PROMO-RUMBLE-1", "MAFIA-PROMO-RUMBLE-2", then="Your gang of Ghost Pepper, Habanero and Tabasco "
                 "has a joint strength of 8 + 7 + 6 = 21. P1's gang of Carolina Reaper, Moruga Scorpion and Sweet "
                 "Chili has 10 + 9 + 1 = 20: none of your peppers alone may attack the Carolina Reaper, but your gang "
                 "beats theirs. P1's Brotherhood of Ghost Peppers has 24 (not doubled): a Rumble on it would fail."),
           ("MAFIA-PROMO-RUMBLE-2", "MAFIA-PROMO-RUMBLE-1"),
           Position([["Ghost", "Habanero", "Tabasco-", "Rumble", "Whack", "Jimmy-"],
                     ["Carolina", "Moruga", "Sweet", "Ghost", "Ghost", "Ghost"]],
                    rest=["Jalapeno"] * 4, options={"rumble": True}, before=RUMBLE_TABLE),
           0, "Play the Rumble: your gang against P1's gang of Carolina Reaper, Moruga Scorpion and Sweet Chili (the "
              "button names each gang by one of its peppers). P1 lets it pass; then discard the Carolina Reaper.",
           script=(("PlayHot", 0, "Rumble", "Tabasco-", 1, "Sweet"), ("Decline", 1), ("Discard", 0, "Carolina", 1)),
           refused=(("PlayHot", 0, "Whack", "Ghost", 1, "Carolina"),), refusal=("MAFIA-HOT-3",)),
    Lesson("taste-me", PROMOS, "Taste Me: eat something spicy",
           _says("MAFIA-PROMO-TASTE-1", "MAFIA-PROMO-TASTE-2", then="You formed a Brotherhood of Jalapeños this "
                 "turn, and the top card of the draw deck is a Taste Me."),
           ("MAFIA-PROMO-TASTE-2", "MAFIA-PROMO-TASTE-1", "MAFIA-TURN-5"),
           Position([["Jalapeno", "Jalapeno", "Jalapeno", "Ghost", "Jimmy", "Whack"], JOE],
                    rest=["Ghost", "Jimmy-", "Poblano-", "Hungarian"], options={"taste_me": True},
                    seed=22,  # a seed that slides a Taste Me on top of the draw deck
                    before=(("Form", 0, "Jalapeno", "Jalapeno", "Jalapeno"),)),
           0, "End your turn and draw 2 cards. The first is the Taste Me: it leaves the game and you draw another "
              "card in its place.",
           script=(("EndTurn", 0),),
           refused=(("Form", 0, "Ghost", "Jimmy"),), refusal=("MAFIA-GANG-1",)),
]

# ------------------------------------------------------------------ why this move? (the coach's numbers)

#: the Fuggedaboutit lesson: your Ghost Peppers (48) and Jimmy, Poblano, Hungarian (9) against P1's Habanero,
#: Tabasco, Hungarian (17) and Jalapeños (30); P1's Jalapeño whacks your Hungarian. No Hot card is left unseen.
WHY_FUGG = Table([["Fuggedaboutit", "Poblano"], ["Whack", "Jimmy", "Hungarian", "Bagman"]],
                 [[["Ghost", "Ghost", "Ghost"], ["Jimmy", "Poblano", "Hungarian"]],
                  [["Habanero", "Tabasco", "Hungarian"], ["Jalapeno", "Jalapeno", "Jalapeno"]]],
                 ["Jimmy", "Jimmy", "Hungarian", "Booster"], current=1,
                 before=(("PlayHot", 1, "Whack", "Jalapeno", 0, "Hungarian"),))

#: the Whack lesson: your Carolina Reaper, Jimmy, Sweet Chili (13) and four Jimmies with a Sweet Chili (18) against
#: P1's Moruga, Hungarian, Jalapeño, Tabasco (24) and three Poblanos (18); one Fuggedaboutit is unseen
WHY_WHACK = Table([["Whack"], ["Jimmy", "Hungarian", "Earner"]],
                  [[["Carolina", "Jimmy", "Sweet"], ["Jimmy", "Jimmy", "Jimmy", "Jimmy", "Sweet"]],
                   [["Moruga", "Hungarian", "Jalapeno", "Tabasco"], ["Poblano", "Poblano", "Poblano"]]],
                  ["Fuggedaboutit", "Jimmy", "Hungarian", "Whack"])

LESSONS += [
    Lesson("why-fuggedaboutit", WHY, "Spend the Fuggedaboutit now, or keep it?",
           _says("MAFIA-ACT-FUGG-1", "MAFIA-GANG-6", then="P1 whacks The Hungarian in your gang of Jimmy Nardello, "
                 "Poblano and The Hungarian (9 points): with two peppers left it is incomplete and scores nothing "
                 "unless you complete it again. A common habit is to keep a Fuggedaboutit for your strongest gang, "
                 "your Brotherhood of Ghost Peppers (48 points). But no pepper in P1's gangs is stronger than the "
                 "Habanero (7), so none can attack a Ghost Pepper (8). What could still attack you? The coach counts "
                 "the Hot cards you cannot see. Play the Fuggedaboutit now or keep it? " + _COACH + " Look at "
                 "the two ranges: a move is surely better when the low end of its range is above the high end of "
                 "the other's."),
           ("MAFIA-ACT-FUGG-1", "MAFIA-HOT-4", "MAFIA-GANG-6"), WHY_FUGG, 0,
           "Compare the two chances in the coach's list, then play your Fuggedaboutit: your gang of 9 stays "
           "complete. With no Hot card left that you cannot see, a kept Fuggedaboutit has little left to stop.",
           phase="DEFENSE", script=(("Neutralize", 0, "Fuggedaboutit"),),
           refused=(("EndTurn", 0),), refusal=("MAFIA-HOT-4",), coach=True),
    Lesson("why-whack", WHY, "Whack the strongest pepper, or break a gang?",
           _says("MAFIA-HOT-WHACK-1", "MAFIA-SCORE-2", then="P1 leads by 42 points to 31, and you have one Whack "
                 "(with 2 players, one Hot card a turn). Your Carolina Reaper (10) may attack any of P1's peppers. "
                 "Whack the Moruga Scorpion, P1's strongest pepper (9)? Or a Poblano (3) of P1's Brotherhood: "
                 "three Poblanos score (3 + 3 + 3) x 2 = 18, and two are an incomplete gang that scores nothing. "
                 "P1 may still stop the Whack with a Fuggedaboutit. " + _COACH + " Look for the move whose range "
                 "starts above every other move's."),
           ("MAFIA-HOT-WHACK-1", "MAFIA-GANG-6", "MAFIA-SCORE-2", "MAFIA-HOT-4"), WHY_WHACK, 0,
           "Compare the Moruga Scorpion with the Poblano in the coach's list, then whack a Poblano with your "
           "Carolina Reaper. P1 has no Fuggedaboutit this time and lets it pass.",
           script=(("PlayHot", 0, "Whack", "Carolina", 1, "Poblano"), ("Decline", 1)),
           refused=(("PlayHot", 0, "Whack", "Jimmy", 1, "Moruga"),), refusal=("MAFIA-HOT-3",), coach=True),
]

lesson, lessons_in = lesson_finders(LESSONS)



# ------------------------------------------------------------------ the rulebook's example turn (MAFIA-EX-1)

#: Joe (P0) and Kate (P1) at 2 players; Joe passes (a Jalapeño), Kate passes (a Jimmy), Joe forms a gang,
#: and Kate's turn begins. Kate's earlier pass leaves her a Poblano more than the rulebook's 6 cards.
EXAMPLE_POSITION = Position(
    [["Jalapeno", "Tabasco", "Ghost", "Jimmy", "Carolina", "Moruga"],
     ["Earner", "Jalapeno", "Sweet", "Tabasco", "Habanero", "Jimmy"]],
    rest=["Hungarian", "Hungarian", "Whack", "Poblano", "Hungarian", "Hungarian", "Jalapeno", "Bagman", "Moruga",
          "Carolina"],
    before=(("EndTurn", 0), ("Discard", 0, "Jalapeno"), ("EndTurn", 1), ("Discard", 1, "Jimmy"),
            ("Form", 0, "Tabasco", "Ghost", "Jimmy"), ("EndTurn", 0)))

#: Kate's turn, one move at a time, each with the rulebook's sentence for it
EXAMPLE_TURN: tuple[tuple[tuple, str], ...] = (
    (("PlayAction", 1, "Earner"), "She plays an \u201cEarner\u201d Action card to draw 2 cards from the draw deck. "
     "These 2 cards are a \u201cJalape\u00f1o\u201d card and a \u201cBagman\u201d Action card."),
    (("PlayAction", 1, "Bagman", None, "Jalapeno"), "She uses the \u201cBagman\u201d Action card, so she looks at the "
     "top 3 cards in the discard pile and keeps 1 for her hand. The card she keeps is a \u201cJalape\u00f1o\u201d card."),
    (("Form", 1, "Jalapeno", "Jalapeno", "Jalapeno"), "Then she forms a Brotherhood Gang by playing the 3 "
     "\u201cJalape\u00f1o\u201d cards from her hand."),
    (("Form", 1, "Sweet", "Tabasco", "Habanero"), "She also forms a Mixed Gang by playing 1 \u201cSweet Chili,\u201d 1 "
     "\u201cTabasco,\u201d and 1 \u201cHabanero.\u201d"),
    (("PlayHot", 1, "Whack", "Habanero", 0, "Tabasco"), "Then Kate plays her \u201cWhack\u201d Card by placing it on top "
     "of the discard pile. She chooses to attack with her \u201cHabanero\u201d card from her Mixed Gang. With the "
     "\u201cHabanero\u201d card she can attack a Chili Pepper with a strength of up to 7. So Kate says she will attack "
     "a \u201cTabasco\u201d (strength of 6) from Joe's Chili Gang."),
    (("Decline", 0), "Joe doesn't have a \u201cFuggedaboutit\u201d card, so Kate's attack is successful. Joe discards "
     "the attacked \u201cTabasco\u201d card."),
    (("EndTurn", 1), "Kate finishes her turn by drawing 2 more cards."),
)
EXAMPLE_START = ("Kate (P1) starts her turn. The rulebook gives her 6 cards; here her earlier pass left her a Poblano "
                 "more. Joe (P0) has a gang of Tabasco, Ghost Pepper and Jimmy Nardello.")


def example_turn() -> tuple[MafiaGame, int, list[str]]:
    """The rulebook's example turn played out: (game, step where Kate's turn begins, the sentence for each step
    from there: the start, then one per move). ``game.goto(start)`` rewinds to Kate's first decision."""
    g = EXAMPLE_POSITION()
    start = g.step
    play(g, [spec for spec, _ in EXAMPLE_TURN])
    g.goto(start)
    return g, start, [EXAMPLE_START] + [text for _, text in EXAMPLE_TURN]


__all__ = ["EXAMPLE_TURN", "LESSONS", "SECTIONS", "WHY", "Lesson", "Position", "Table", "deal_order", "example_turn", "learner_text",
           "lesson", "lessons_in", "move",
           "play"]
