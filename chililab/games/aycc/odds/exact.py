"""Exact burn-out chances and withdraw-or-serve values for All You Can Chili, as fractions.

**Which dish.** A question about "the next dish served" names the dish one of two ways:

- a dish from the player's own hand (``dish=``): the player is about to serve it;
- no dish (``dish=None``): an *unknown* dish, drawn uniformly from the cards this player has not
  seen (the deck and the other hands together; :meth:`Knowledge.unseen`). This is what an
  opponent's serve looks like from here, if the opponent's hand is a fair draw of those cards.

**Burning out** (AYCC-BURN-1, AYCC-SERVE-4 step 2): a character burns out when its heat plus the
dish's flame exceeds its owner's tolerance; the check comes before the dish's icon acts, so icons
do not matter. The Neutral never burns out. For another player's character the tolerance and
whether it is the Neutral come from :func:`~chililab.games.aycc.odds.posterior.posterior`.

**Withdraw now or serve once more** (own character only; its tolerance is known):

- withdraw now: the pile's points (star values: Latte 7, The Reaper 1), +10 if the heat equals the
  tolerance exactly, +5 if the character holds the Chili token (AYCC-WITHDRAW-2, AYCC-BONUS-1/2);
- serve once more: one more unknown dish lands on the character, then it withdraws. If the dish
  burns it out the round scores 0; otherwise the new pile's points with the same bonuses, where a
  dish with the Chili icon brings the Chili token (AYCC-ICON-CHILI-1). ``more=2`` or more: that many
  unknown dishes (drawn without replacement) land first. Eye, Lock and Fork icons are left out:
  they depend on later choices (a Lock dish landing on the character would in fact forbid the
  withdrawal, AYCC-ICON-LOCK-2), and so are the last player's bonuses (AYCC-ROUND-1).

**What the player may do** (AYCC-WITHDRAW-1, :meth:`Knowledge.withdraw_problem`): while its character
holds the Lock token it may not withdraw, now or after more dishes (the token stays until a Lock dish
is served to another character), so :func:`withdraw_value`, :func:`serve_value`,
:func:`score_distribution` and :func:`wait_value` refuse with a sentence saying why; during an
opponent's Siesta it may not withdraw now (:func:`withdraw_value` refuses) but may at its next turn
(the Siesta is over by then). :func:`advice` never refuses: it says what is not allowed, and never
advises a withdrawal the player may not make.

>>> from chililab.games.aycc.odds.knowledge import Knowledge, kinds
>>> k = Knowledge(seat=0, character="vasco_tabasco", tolerance=17,
...               row=("vasco_tabasco", "king_naga", "piri_piri"),
...               piles={"vasco_tabasco": kinds("5 Latte 6 3 2")})
>>> withdraw_value(k)  # the rulebook's example: 23 points and the exact match
33
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from chililab.games.aycc.rules.cards import CHILI_BONUS, EXACT_BONUS

from .knowledge import ImpossiblePosition, Kind, Knowledge, kind_of
from .posterior import Posterior, posterior


def flame_odds(k: Knowledge) -> dict[int, Fraction]:
    """P(an unknown dish has flame f): the share of the unseen cards with that flame."""
    unseen = k.unseen()
    n = sum(unseen.values())
    if not n:
        raise ImpossiblePosition("every dish is in sight: no unknown dish is left to serve")
    flames: Counter = Counter()
    for kind, count in unseen.items():
        flames[kind.flame] += count
    return {f: Fraction(v, n) for f, v in sorted(flames.items())}


def _named(k: Knowledge, dish) -> Kind:
    kind = kind_of(dish)
    if kind not in k.hand:
        raise ValueError(f"a named dish comes from the player's own hand; {kind} is not in {[str(d) for d in k.hand]}")
    return kind


def _odds(k: Knowledge, target: str, dish, flame) -> dict[int, Fraction]:
    """The flame odds of the next dish for ``target``: named, a what-if flame, or unknown; checks the target."""
    if target not in k.row:
        raise ValueError(f"{target!r} is not in the row {k.row}")
    if target not in k.active:
        raise ValueError(f"{target} is out of the round: it cannot be served (AYCC-SERVE-3)")
    if dish is not None and flame is not None:
        raise ValueError("name either a dish from the hand or a flame, not both")
    if flame is not None:
        if flame not in {kind.flame for kind in k._all}:
            raise ValueError(f"no dish of this composition has flame {flame!r}")
        return {flame: Fraction(1)}
    return {_named(k, dish).flame: Fraction(1)} if dish is not None else flame_odds(k)


def burn_chance(k: Knowledge, target: str, dish=None, flame: int | None = None,
                post: Posterior | None = None) -> Fraction:
    """P(``target`` burns out when the next dish is served to it).

    The dish: ``dish``, one from the own hand; or ``flame``, any dish of that flame (a what-if); or,
    with neither, an unknown dish (see the module docstring). ``post``: the posterior of ``k`` when the
    caller has it already (several queries, one count).
    """
    odds = _odds(k, target, dish, flame)
    h = k.heat(target)
    if target == k.character:
        return sum((p for f, p in odds.items() if h + f > k.tolerance), Fraction(0))
    post = post or posterior(k)
    return sum((p * post.below(target, h + f) for f, p in odds.items()), Fraction(0))


def burn_table(k: Knowledge) -> dict[str, Fraction]:
    """P(burns out on one unknown dish) for every active character."""
    post = posterior(k)
    return {c: burn_chance(k, c, post=post) for c in k.row if c in k.active}


def burn_curve(k: Knowledge, target: str) -> dict[int, Fraction]:
    """P(``target`` burns out on a dish of flame f), for every flame of the composition."""
    post = None if target == k.character else posterior(k)
    return {f: burn_chance(k, target, flame=f, post=post) for f in sorted({kind.flame for kind in k._all})}


def _value(k: Knowledge, heat: int, points: int, chili: bool) -> int:
    """What the own character scores withdrawing at ``heat`` and ``points``; 0 when burnt out."""
    if heat > k.tolerance:
        return 0
    return points + EXACT_BONUS * (heat == k.tolerance) + CHILI_BONUS * chili


def _mine(k: Knowledge) -> str:
    if k.character not in k.active:
        raise ValueError(f"{k.character} is out of the round: it can neither withdraw nor be served")
    return k.character


def _may_withdraw(k: Knowledge, later: bool) -> str:
    """The own character, when it may withdraw now (``later``: at its next turn); ValueError saying why not."""
    c = _mine(k)
    problem = k.withdraw_problem(later)
    if problem is not None:
        clause, why = problem
        raise ValueError(f"{why}: withdrawing {'after more dishes' if later else 'now'} is not possible ({clause})")
    return c


def withdraw_value(k: Knowledge) -> int:
    """What the own character scores withdrawing now (points, exact-match +10, Chili +5); ValueError when it
    may not withdraw now (the Lock token, an opponent's Siesta)."""
    c = _may_withdraw(k, later=False)
    return _value(k, k.heat(c), k.points(c), k.chili == c)


def score_distribution(k: Knowledge, dish=None, more: int = 1) -> dict[int, Fraction]:
    """P(the own character scores s) when ``more`` dishes land on it and then it withdraws (0: burnt out).

    ``dish``: one dish from the own hand (then ``more`` must be 1; the score is certain); ``None``:
    unknown dishes, drawn without replacement from the unseen cards. Only which dishes come matters,
    not their order (heat only grows, and any Chili dish brings the token), so the count runs over
    the multisets of dishes: choosing ``j`` of the ``n`` unseen dishes of one sort in ``C(n, j)`` ways
    (the multivariate hypergeometric law), dishes that score alike counted as one sort. ValueError when the
    character may not withdraw then (it holds the Lock token).
    """
    c = _may_withdraw(k, later=True)
    heat, points, chili = k.heat(c), k.points(c), k.chili == c
    if dish is not None:
        if more != 1:
            raise ValueError("a named dish is one dish: use more=1")
        d = _named(k, dish)
        return {_value(k, heat + d.flame, points + d.score, chili or d.icon == "chili"): Fraction(1)}
    unseen = k.unseen()
    size = sum(unseen.values())
    if not 0 <= more <= size:
        raise ImpossiblePosition(f"{more} more dishes cannot come from the {size} unseen")
    sorts: Counter = Counter()
    for kind, n in unseen.items():
        sorts[kind.flame, kind.score, kind.icon == "chili"] += n
    table = sorted(sorts.items())
    after = [sum(n for _s, n in table[i:]) for i in range(len(table) + 1)]  # dishes in sorts i.. onwards
    ways: Counter = Counter()

    def walk(i: int, left: int, heat: int, points: int, chili: bool, w: int) -> None:
        if heat > k.tolerance:  # burnt out whatever comes next: count every way to finish at once
            ways[0] += w * comb(after[i], left)
        elif not left:
            ways[_value(k, heat, points, chili)] += w
        elif after[i] >= left:
            (flame, score, hot), n = table[i]
            for j in range(min(n, left) + 1):
                walk(i + 1, left - j, heat + j * flame, points + j * score, chili or (hot and j > 0), w * comb(n, j))

    walk(0, more, heat, points, chili, 1)
    total = comb(size, more)
    return {v: Fraction(w, total) for v, w in sorted(ways.items())}


def serve_value(k: Knowledge, dish=None, more: int = 1) -> Fraction:
    """The expected score of: ``more`` dishes land on the own character, then it withdraws
    (the mean of :func:`score_distribution`)."""
    return sum((s * p for s, p in score_distribution(k, dish, more).items()), Fraction(0))


def wait_value(k: Knowledge, others: int, land: Fraction) -> Fraction:
    """The expected score of waiting one round of turns, then withdrawing.

    Each of the ``others`` serves made before the player's next turn lands on its character with
    chance ``land``, independently (a binomial number of unknown dishes, then
    :func:`serve_value`; none: the withdraw value now). With ``others=1, land=1`` it is
    :func:`serve_value`.
    """
    land = Fraction(land)
    if not 0 <= land <= 1 or others < 0:
        raise ValueError(f"a chance lies in 0..1 and a number of serves is 0 or more, not {land}, {others}")
    most = min(others, sum(k.unseen().values()))
    if most < others and land == 1:
        raise ImpossiblePosition(f"{others} dishes cannot come from the {most} unseen")
    return sum((comb(others, n) * land ** n * (1 - land) ** (others - n) * serve_value(k, more=n)
                for n in range(most + 1)), Fraction(0))


@dataclass(frozen=True)
class Advice:
    """Withdraw now or serve once more, for the own character: both values and the burn-out chance.

    ``withdraw``: ``None`` when the character may not withdraw now; ``serve``: ``None`` when it may not
    withdraw after one more dish either (the Lock token); ``blocked``: why not, in a sentence."""

    withdraw: int | None
    serve: Fraction | None
    burn: Fraction
    blocked: str = ""

    @property
    def better(self) -> str:
        """``"withdraw"`` when withdrawing now is allowed and scores at least the expected value of one more
        dish; else ``"serve"`` (the only choice when withdrawing is not allowed)."""
        if self.withdraw is None:
            return "serve"
        return "withdraw" if self.serve is None or self.withdraw >= self.serve else "serve"

    def __str__(self):
        now = f"{self.withdraw} points" if self.withdraw is not None else f"not allowed ({self.blocked})"
        then = f"{float(self.serve):.2f} expected" if self.serve is not None else "not allowed either"
        return (f"withdraw now: {now}; one more unknown dish, then withdraw: {then} (burn-out chance "
                f"{float(self.burn):.1%}); better: {self.better}")


def advice(k: Knowledge) -> Advice:
    """Withdraw now against one more unknown dish, then withdraw (see the module docstring), as the player may:
    no withdrawal is advised while the Lock token or an opponent's Siesta forbids it."""
    c = _mine(k)
    now, later = k.withdraw_problem(), k.withdraw_problem(later=True)
    return Advice(None if now else withdraw_value(k), None if later else serve_value(k), burn_chance(k, c),
                  now[1] if now else "")
