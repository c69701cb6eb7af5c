"""What an All You Can Chili player can see that bears on a choice, with exact figures, for the coach
(:mod:`chililab.coach`, the spec's ``coach_fact``).

The coach estimates every move's chance to win by playing games on; where the probability module
(:mod:`chililab.games.aycc.odds`) has an exact answer, the coach adds it in words: the chance that one more
unknown dish burns the seat's own character out, what withdrawing now scores against the expected score of one
more dish and then withdrawing, and the surest burn-out the seat's hand can cause. Everything comes from the
seat's view (:func:`~chililab.games.aycc.odds.knowledge_from_view`): never a hidden card.

>>> from chililab.games.aycc.lessons import lesson
>>> g = lesson("naga-burns").build()
>>> print(coach_fact(g.view(0)))  # doctest: +NORMALIZE_WHITESPACE
One more unknown dish on your Vasco Tabasco could not burn it out (none of the 35 dishes you have not seen is
hot enough); withdrawing now scores 3, taking one more unknown dish and then withdrawing scores 7.6 on average.
Your 7 burns King Naga out with probability 33% (exact, from every deal of the hidden tolerances that fits what
you see).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .odds import (
    ImpossiblePosition,
    Knowledge,
    burn_chance,
    knowledge_from_view,
    posterior,
    serve_value,
    withdraw_value,
)
from .odds.knowledge import Kind
from .rules.cards import CHARACTERS

NAMES = {c.key: c.name for c in CHARACTERS}


@dataclass(frozen=True)
class Figures:
    """The exact figures behind the coach's sentence, from one seat's knowledge.

    ``own``: the seat's character when it is still in the round, else ``None`` (then ``burn``, ``withdraw`` and
    ``serve`` are ``None`` too); ``unseen``: the dishes the seat has not seen; ``burning``: how many of them
    would burn ``own`` out; ``burn``: P(one more unknown dish burns ``own`` out); ``withdraw``: what withdrawing
    now scores (``None``: not allowed now, ``blocked`` says why); ``serve``: the expected score of one more
    unknown dish and then withdrawing (``None``: no withdrawal then either); ``hit``: the dish of the hand and
    the character it may be served to with the highest chance of burning another character out, and that
    chance (``None``: nothing to serve to another character)."""

    own: str | None
    unseen: int
    burning: int | None
    burn: Fraction | None
    withdraw: int | None
    serve: Fraction | None
    blocked: str
    hit: tuple[Kind, str, Fraction] | None


def targets(k: Knowledge) -> list[str]:
    """The other characters a dish may go to now, as the seat sees it: active, not the Last Target
    (AYCC-SERVE-2), not protected by a Siesta (Inferno Mode)."""
    shut = {k.last_target, k.character, *k.siestas.values()}
    return [c for c in k.row if c in k.active and c not in shut]


def figures(k: Knowledge) -> Figures:
    """The exact figures of :class:`Figures` for knowledge ``k`` (the odds module's own functions)."""
    unseen = k.unseen()
    size = sum(unseen.values())
    own = k.character if k.character in k.active else None
    burning = burn = withdraw = serve = None
    blocked = ""
    if own is not None and size:
        room = k.tolerance - k.heat(own)
        burning = sum(n for kind, n in unseen.items() if kind.flame > room)
        burn = burn_chance(k, own)
        now, later = k.withdraw_problem(), k.withdraw_problem(later=True)
        withdraw = None if now else withdraw_value(k)
        serve = None if later else serve_value(k)
        blocked = now[1] if now else ""
    hit = None
    places = targets(k)
    if k.hand and places:
        post = posterior(k)
        chances = [(burn_chance(k, c, dish=d, post=post), k.heat(c), d.flame, d, c)
                   for d in dict.fromkeys(k.hand) for c in places]
        p, _, _, d, c = max(chances, key=lambda x: x[:3])
        hit = (d, c, p)
    return Figures(own, size, burning, burn, withdraw, serve, blocked, hit)


def chance(p: Fraction) -> str:
    """A probability as a learner reads it: a whole percentage, never 0% or 100% for what may or may not happen."""
    if 0 < p < Fraction(1, 200):
        return "under 1%"
    if Fraction(199, 200) <= p < 1:
        return "over 99%"
    return f"{float(100 * p):.0f}%"


def points(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.1f}"


def dish(kind: Kind) -> str:
    """A dish as a player names it in a sentence: "7", "5 with the Chili", "Latte"."""
    text = str(kind)
    icons = {"E": "Eye", "L": "Lock", "F": "Fork", "C": "Chili"}
    if text[-1:] in icons and text[:-1].isdigit():
        return f"{text[:-1]} with the {icons[text[-1]]}"
    return text


def sentence(f: Figures) -> str:
    """The figures in one or two sentences."""
    said = []
    if f.own is not None and f.burn is not None:
        name = NAMES[f.own]
        if f.burning == 0:
            first = (f"One more unknown dish on your {name} could not burn it out (none of the {f.unseen} dishes you "
                     f"have not seen is hot enough)")
        else:
            first = (f"One more unknown dish on your {name} burns it out with probability {chance(f.burn)} (exact: "
                     f"{f.burning} of the {f.unseen} dishes you have not seen would)")
        if f.withdraw is not None and f.serve is not None:
            first += (f"; withdrawing now scores {f.withdraw}, taking one more unknown dish and then withdrawing "
                      f"scores {points(f.serve)} on average")
        elif f.serve is not None:
            first += f"; you may not withdraw now, and one more unknown dish then a withdrawal scores {points(f.serve)} on average"
        elif f.blocked:
            first += "; you may not withdraw now"
        said.append(first + ".")
    if f.hit is not None:
        d, c, p = f.hit
        if p == 0:
            said.append("None of your dishes can burn out another character now.")
        else:
            said.append(f"Your {dish(d)} burns {NAMES[c]} out with probability {chance(p)} (exact, from every deal "
                        f"of the hidden tolerances that fits what you see).")
    return " ".join(said)


def coach_fact(view) -> str:
    """The coach's exact figures for the seat of ``view`` (see the module docstring); '' for the teacher's view or
    a position the odds module cannot read."""
    if view.seat is None or view.seat not in view.identities:
        return ""
    try:
        return sentence(figures(knowledge_from_view(view)))
    except ImpossiblePosition:
        return ""
