"""Gangs as pure functions: validity, type, score, tie-breaks, and the Dawn Raid partition search.

Nothing here needs a game: a gang is a sequence of peppers, each a
:class:`~.cards.Card` or, for the functions that say so, just a pepper key
(``"ghost"``, ``"sweet"`` ...).
A lesson or a test can call them directly:

>>> from chililab.games.mafia.gangs import score_keys
>>> score_keys(["sweet", "poblano", "tabasco", "moruga"]), score_keys(["ghost"] * 3)
(19, 48)
>>> score_keys(["sweet", "habanero", "habanero"])
30
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from .cards import STRENGTH, SWEET

MIXED, BROTHERHOOD = "mixed", "brotherhood"
#: how many answers the rules' caches about gangs keep: a few hundred gangs hold a game's, and the hits come from
#: the same game. A bigger cache keeps thousands of card tuples alive, which Python's garbage collector walks
#: through at every full collection (with 4096 entries that cost more than the caches saved)
SMALL_CACHE = 256


def _keys(gang) -> list[str]:
    return [c if isinstance(c, str) else c.key for c in gang]


def valid(gang) -> bool:
    """MAFIA-GANG-2: at most one Sweet Chili, and the other members all one name or all different.

    Holds for incomplete gangs too (a valid partial gang); an empty gang is valid.
    """
    keys = [c if c.__class__ is str else c.key for c in gang]
    sweets = keys.count(SWEET)
    if sweets > 1:
        return False
    names = len(set(keys)) - sweets  # distinct names other than the Sweet Chili
    return names <= 1 or names == len(keys) - sweets


def why_invalid(gang) -> str | None:
    """Why a gang breaks MAFIA-GANG-2, in words; None when it is valid."""
    keys = _keys(gang)
    if keys.count(SWEET) > 1:
        return "a gang may hold only 1 Sweet Chili"
    if not valid(gang):
        return "a gang's peppers must be all the same (Brotherhood) or all different (Mixed)"
    return None


def complete(gang) -> bool:
    """MAFIA-GANG-3: a gang of 3 or more members is complete; 1-2 members, incomplete."""
    return len(gang) >= 3


def gang_type(gang) -> str | None:
    """MAFIA-GANG-3: "brotherhood", "mixed", or None for an incomplete (or invalid) gang.

    A complete gang is a Brotherhood when its non-Sweet members (at least 2) all share a name.
    """
    if not complete(gang) or not valid(gang):
        return None
    others = [k for k in _keys(gang) if k != SWEET]
    return BROTHERHOOD if len(set(others)) == 1 and len(others) >= 2 else MIXED


def score(gang) -> int:
    """MAFIA-SCORE-2: a Mixed gang scores its strengths, a Brotherhood twice them; incomplete gangs 0 (SCORE-1)."""
    t = gang_type(gang)
    if t is None:
        return 0
    total = sum(c.power for c in gang)
    return 2 * total if t == BROTHERHOOD else total


def score_keys(keys: Sequence[str]) -> int:
    """:func:`score` for a gang written as pepper keys."""
    t = gang_type(keys)
    if t is None:
        return 0
    total = sum(STRENGTH[k] for k in keys)
    return 2 * total if t == BROTHERHOOD else total


def explain(gang) -> str:
    """A gang's score in words, as the rulebook's scoring example writes it (MAFIA-SCORE-1/2).

    >>> from chililab.games.mafia.cards import of_key
    >>> explain([of_key("sweet")[0], *of_key("habanero")[:2]])
    'Brotherhood Gang with a Sweet Chili (Sweet Chili, Habanero x2): (1 + 7 + 7) x 2 = 30 points'
    """
    names = [c.name for c in gang]
    t = gang_type(gang)
    if t is None:
        return f"Incomplete gang ({', '.join(names)}): discarded at scoring, 0 points"
    if t == MIXED:
        return f"Mixed Gang ({', '.join(names)}): {' + '.join(str(c.strength) for c in gang)} = {score(gang)} points"
    sweet = [c for c in gang if c.key == SWEET]
    others = [c for c in gang if c.key != SWEET]
    label = "Brotherhood Gang with a Sweet Chili" if sweet else "Brotherhood Gang"
    members = [c.name for c in sweet] + [f"{others[0].name} x{len(others)}"]
    sums = " + ".join(str(c.strength) for c in sweet + others)
    return f"{label} ({', '.join(members)}): ({sums}) x 2 = {score(gang)} points"


def explain_all(gangs: Iterable) -> list[str]:
    """Every gang's score in words, then the total (a player's, or a team's gangs)."""
    gangs = list(gangs)
    return [explain(g) for g in gangs] + [f"Total: {tally(gangs).points} points"]


class Tally(tuple):
    """One side's standing at scoring: (score, Brotherhood gangs, peppers in scored gangs)."""

    __slots__ = ()

    def __new__(cls, points: int, brotherhoods: int, peppers: int):
        return tuple.__new__(cls, (points, brotherhoods, peppers))

    points = property(lambda self: self[0])
    brotherhoods = property(lambda self: self[1])
    peppers = property(lambda self: self[2])


def tally(gangs: Iterable) -> Tally:
    """Score a player's (or a team's) gangs: incomplete gangs count for nothing (MAFIA-SCORE-1..3, DEC-39)."""
    points = bros = peppers = 0
    for g in gangs:
        t = gang_type(g)
        if t is None:
            continue
        points += score(g)
        bros += t == BROTHERHOOD
        peppers += len(g)
    return Tally(points, bros, peppers)


def side_tallies(gangs_by_seat: Sequence[Iterable], team_of: Sequence[int]) -> dict[int, Tally]:
    """MAFIA-SCORE-3: each side's tally; a team's is over the gangs in front of all its members."""
    by_side: dict[int, list] = {}
    for seat, gangs in enumerate(gangs_by_seat):
        by_side.setdefault(team_of[seat], []).extend(gangs)
    return {side: tally(gs) for side, gs in sorted(by_side.items())}


def winners(tallies: dict[int, Tally]) -> tuple[int, ...]:
    """MAFIA-TIE-1: the most points; then the most Brotherhoods; then the fewest peppers; else shared."""
    def rank(t):
        return (t.points, t.brotherhoods, -t.peppers)

    best = max(rank(t) for t in tallies.values())
    return tuple(side for side, t in tallies.items() if rank(t) == best)


def sweet_move_problem(source, destination) -> str | None:
    """MAFIA-SWEET-1 (DEC-36): why the Sweet Chili of ``source`` may not move to ``destination``, or None.

    The source must keep 0 or at least 3 members, and the destination must have no Sweet Chili.
    """
    if SWEET not in _keys(source):
        return "there is no Sweet Chili in that gang"
    if 0 < len(source) - 1 < 3:
        return "moving the Sweet Chili would leave an incomplete gang behind"
    if SWEET in _keys(destination):
        return "a gang may hold only 1 Sweet Chili"
    return None


def hand_names(hand) -> tuple[dict[str, int], int]:
    """(copies of each pepper name other than the Sweet Chili, Sweet Chilis) among ``hand``'s peppers."""
    names: dict[str, int] = {}
    for c in hand:
        if c.pepper:
            names[c.key] = names.get(c.key, 0) + 1
    return names, names.pop(SWEET, 0)


def can_form(key: str, names: dict[str, int], sweets: int) -> bool:
    """A pepper named ``key`` can form a new gang with 2 peppers of a hand of :func:`hand_names` ``(names,
    sweets)``: a Brotherhood (2 more of its name, or 1 and a Sweet Chili) or a Mixed gang (2 other names, or
    1 + Sweet Chili); a Sweet Chili with any 2 other peppers (all one name or two names)."""
    if key == SWEET:
        return sum(names.values()) >= 2
    same = names.get(key, 0)
    return same + min(sweets, 1) >= 2 or len(names) - (key in names) + min(sweets, 1) >= 2


def placements(pepper, gangs, hand) -> tuple[list[int], bool]:
    """Where a pepper taken from a rival may go: (indices of ``gangs`` it joins validly, can it form a new gang).

    A new gang needs at least 2 peppers of ``hand`` with it (MAFIA-HOT-TURNCOAT-1, MAFIA-GF-WITCH-1,
    MAFIA-HP-RECRUIT-1); ``gangs`` are the taker's (and teammates') gangs. Every part of a valid gang
    is valid, so two partners suffice to know a new gang is possible.
    """
    return [i for i, g in enumerate(gangs) if valid([*g, pepper])], can_form(pepper.key, *hand_names(hand))


def turncoat_problem(target, gangs, hand) -> tuple[str, str] | None:
    """MAFIA-HOT-TURNCOAT-2 (DEC-37): a Turncoat is declared only when its target has somewhere to go."""
    into, form = placements(target, gangs, hand)
    if into or form:
        return None
    return "MAFIA-HOT-TURNCOAT-2", (f"{target} would have nowhere to go: no gang of yours takes it and your hand "
                                    "cannot form a new gang with it")


# ---------------------------------------------------------------- Dawn Raid


def full_partition(keys: Iterable[str]) -> list[tuple[str, ...]] | None:
    """MAFIA-DAWN-3 (DEC-31): complete valid gangs using every pepper of the multiset, or None if none exist.

    A depth-first search over the multiset: the first remaining name goes into a
    Brotherhood (3-5 copies, or 2-4 with a Sweet Chili) or a Mixed gang with 2-4
    other names (or 1-4 with a Sweet Chili). Larger gangs need not be tried: any
    gang of 6 or more splits into two complete valid gangs. Sweet Chilis beyond
    one per gang make a partition impossible. Failed positions are remembered.

    >>> full_partition(["ghost"] * 3 + ["habanero", "tabasco", "sweet"])
    [('ghost', 'ghost', 'ghost'), ('habanero', 'tabasco', 'sweet')]
    >>> full_partition(["ghost"] * 3 + ["habanero", "tabasco"]) is None
    True
    """
    c = Counter(keys)
    sweets = c.pop(SWEET, 0)
    names = tuple(sorted(c))
    found = _search(tuple(c[k] for k in names), sweets)
    if found is None:
        return None
    return [tuple(names[i] for i in gang) + (SWEET,) * s for gang, s in found]


def must_be_complete(keys: Iterable[str]) -> bool:
    """MAFIA-DAWN-3: the placed peppers can all go into complete gangs, so no incomplete gang may be left."""
    return full_partition(keys) is not None


#: (the counts sorted, Sweet Chilis) of every multiset found to have no partition. Whether one exists does not
#: depend on which name has which count, so one failure prunes every reordering of it; the search's order, and so
#: the partition it finds first, is unchanged. Numbers only, and few: partitions of small counts.
_NO_PARTITION: set[tuple[tuple[int, ...], int]] = set()


@lru_cache(maxsize=65536)
def _search(counts: tuple[int, ...], sweets: int):
    """A partition of ``counts`` (copies per name index) plus ``sweets`` into complete gangs, or None.

    Returns a tuple of (name indices, sweets used) per gang (tuples of numbers: the garbage collector skips them).
    """
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return () if sweets == 0 else None
    if sum(counts) + sweets < 3:
        return None
    multiset = (tuple(sorted([n for n in counts if n])), sweets)
    if multiset in _NO_PARTITION:
        return None
    rest = [i for i, n in enumerate(counts) if n and i != first]
    for s in (0, 1) if sweets else (0,):
        for k in range(3 - s, min(counts[first], 5 - s) + 1):  # a Brotherhood of k copies (+ s Sweet)
            left = list(counts)
            left[first] -= k
            sub = _search(tuple(left), sweets - s)
            if sub is not None:
                return (((first,) * k, s),) + sub
        for m in range(2 - s, 5):  # a Mixed gang: first + m other names (+ s Sweet)
            for others in combinations(rest, m):
                left = list(counts)
                for i in (first, *others):
                    left[i] -= 1
                sub = _search(tuple(left), sweets - s)
                if sub is not None:
                    return (((first, *others), s),) + sub
    _NO_PARTITION.add(multiset)
    return None


def dawn_raid_problem(table, hand, arrangement) -> tuple[str, str] | None:
    """Why a Dawn Raid rearrangement is refused, as (clause, reason); None when it is accepted.

    ``table``: the peppers in the player's (team's) gangs before the raid; ``hand``: their hand
    cards; ``arrangement``: the gangs submitted (sequences of cards). MAFIA-DAWN-2: every table
    pepper stays on the table, only the player's own hand peppers join, every gang is valid;
    MAFIA-DAWN-3: when the placed peppers can all form complete gangs, no gang may be incomplete.
    """
    placed = [c for g in arrangement for c in g]
    if len(set(placed)) != len(placed):
        return "MAFIA-DAWN-2", "a card cannot be in two gangs"
    if any(not g for g in arrangement):
        return "MAFIA-DAWN-2", "a gang needs at least one pepper"
    missing = set(table) - set(placed)
    if missing:
        return "MAFIA-DAWN-2", (f"{', '.join(map(str, sorted(missing)))} must stay on the table: "
                                "peppers never go back to the hand during the raid")
    foreign = set(placed) - set(table) - set(hand)
    if foreign:
        return "MAFIA-DAWN-2", f"{', '.join(map(str, sorted(foreign)))} is not yours to place"
    if any(not c.pepper for c in placed):
        return "MAFIA-DAWN-2", "only Chili Peppers go into gangs"
    for g in arrangement:
        why = why_invalid(g)
        if why:
            return "MAFIA-DAWN-2", why
    if any(not complete(g) for g in arrangement) and must_be_complete(_keys(placed)):
        return "MAFIA-DAWN-3", ("these peppers can all be arranged into complete gangs, "
                                "so no incomplete gang may be left on the table")
    return None
