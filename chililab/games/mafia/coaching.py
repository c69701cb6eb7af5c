"""What a Chili Mafia player can see that bears on a choice, in a sentence for the coach (:mod:`chililab.coach`,
the spec's ``coach_fact``).

Whether an attack can still come, and whether a rival can stop one, comes down to the Hot cards and the
Fuggedaboutits that the seat cannot see. Their number is counted from the view only: the copies the box holds for
this many players, less those in sight (the seat's own hand and draft packet, every gang, the discard pile, the
cards out of the game, a Turncoat's pepper, what the seat is looking at). A position that leaves cards out of play
(:func:`~chililab.games.mafia.rules.game.scenario` with cards not placed) would be counted as if they were unseen.
Rumble cards (a promo pack) are not counted: the view does not say how many the table plays with, so the sentence
names the four Hot cards of the base game.

>>> from chililab.games.mafia.lessons import lesson
>>> print(coach_fact(lesson("why-whack").build().view(0)))  # doctest: +NORMALIZE_WHITESPACE
Of the 7 cards you cannot see (the other hand and the draw deck), 1 is a Hot card (Whack, Whack 'Em, Pinch or
Turncoat) and 1 is a Fuggedaboutit. P1 holds 3 of them: the chance that P1 holds the Fuggedaboutit is 43%.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

from .rules.cards import deck
from .rules.options import normalize_options

#: the Hot cards of the base game (Rumble, a promo's, is left out: see the module docstring)
HOT = ("whack", "whackem", "pinch", "turncoat")
HOT_WORDS = "Whack, Whack 'Em, Pinch or Turncoat"


@lru_cache(maxsize=8)
def box(players: int) -> Counter:
    """How many copies of each Action and Hot card the box holds for ``players`` (options change only peppers)."""
    return Counter(c.key for c in deck(players, normalize_options({"players": players})) if not c.pepper)


def in_sight(view) -> Counter:
    """Each card type the seat can see, counted once per physical card."""
    seen = {c.id: c for h in view.hands.values() for c in h}
    seen.update((c.id, c) for p in view.packets.values() for c in p)
    seen.update((c.id, c) for gangs in view.gangs for g in gangs for c in g)
    seen.update((c.id, c) for c in (*view.discard, *view.removed))
    seen.update((c.id, c) for h in view.looking.values() for c in h)
    if view.turncoat is not None:
        seen[view.turncoat.id] = view.turncoat
    return Counter(c.key for c in seen.values())


def rivals(view) -> list[int]:
    """The seats not on the viewer's side."""
    team = next((t for t in view.teams or () if view.seat in t), (view.seat,))
    return [s for s in range(view.players) if s not in team]


def chance_none(hidden: int, copies: int, held: int) -> Fraction:
    """The chance that ``held`` of ``hidden`` cards dealt at random hold none of ``copies`` given ones."""
    return Fraction(comb(hidden - copies, held), comb(hidden, held)) if held <= hidden else Fraction(0)


def _count(n: int, what: str, plural: str) -> str:
    return f"none is {what}" if n == 0 else f"1 is {what}" if n == 1 else f"{n} are {plural}"


def coach_fact(view) -> str:
    """How many of the cards this seat cannot see are Hot cards (attacks that may still come) and Fuggedaboutits
    (attacks that may still be stopped), and the chance that the rivals' hands hold a Fuggedaboutit. From the view
    only; '' for the teacher's view or when the seat sees every card."""
    if view.seat is None:
        return ""
    me = view.seat
    others = [s for s in range(view.players) if s != me]
    in_hands = sum(view.hand_counts[s] for s in others)
    in_packets = sum(view.packet_counts[s] for s in others) if view.phase == "DRAFT" else 0
    # the Dawn Raid, in the draw deck from the draft's end until drawn, lies where the table knows: not unseen
    raid = 0 if view.dawn_raid_drawn or view.phase == "DRAFT" else 1
    hidden = max(0, view.draw_size - raid) + in_hands + in_packets
    if hidden == 0:
        return ""
    total, seen = box(view.players), in_sight(view)
    hot = min(hidden, sum(max(0, total[k] - seen[k]) for k in HOT))
    fugg = min(hidden, max(0, total["fuggedaboutit"] - seen["fuggedaboutit"]))
    places = ["the other hands" if len(others) > 1 else "the other hand"]
    places += ["the draft packets"] if in_packets else []
    places += ["the draw deck"] if view.draw_size > raid else []
    said = (f"Of the {hidden} cards you cannot see ({', '.join(places[:-1]) + ' and ' if len(places) > 1 else ''}{places[-1]}), "
            f"{_count(hot, 'a Hot card', 'Hot cards')} ({HOT_WORDS}) and "
            f"{_count(fugg, 'a Fuggedaboutit', 'Fuggedaboutits')}.")
    foes = rivals(view)
    held = sum(view.hand_counts[s] for s in foes)
    if not fugg or not held or in_packets or view.looking:
        return said
    p = 1 - chance_none(hidden, fugg, held)
    one = "the Fuggedaboutit" if fugg == 1 else "a Fuggedaboutit"
    if len(foes) == 1:
        return f"{said} P{foes[0]} holds {held} of them: the chance that P{foes[0]} holds {one} is {percent(p)}."
    return f"{said} Your rivals hold {held} of them: the chance that they hold {one} is {percent(p)}."


def percent(p: Fraction) -> str:
    return f"{100 * float(p):.0f}%"
