"""Chili Mafia's pure checks: gangs, Hot-card arithmetic, abilities, Hot Properties, scoring (no game state).

The bots, the odds, the pictures and the lessons may import this module; the rules mixins ask it
whether a move is allowed. Sections, in this order (each headed below by what it holds):

- gangs (mafia.md 2.3, 2.7, 2.8): validity, type, score, tie-breaks, the Dawn Raid partition search;
- abilities (sections 0, 2.4, 2.11, 2.12, 2.14): which abilities are active and why not, target checks;
- Hot-card arithmetic (2.4, 2.5, 2.14): allowance, Pinch, Rumble;
- Hot Properties (2.13, 3.1, 3.2): which uses are open, window orders, Backup's split;
- scoring on its own (2.8), for lessons and calculators: gangs written as codes, keys or cards.

Nothing here needs a game: a gang is a sequence of peppers, each a
:class:`~.cards.Card` or, for the functions that say so, just a pepper key
(``"ghost"``, ``"sweet"`` ...).
A lesson or a test can call them directly:

>>> from chililab.games.mafia.rules.checks import score_keys
>>> score_keys(["sweet", "poblano", "tabasco", "moruga"]), score_keys(["ghost"] * 3)
(19, 48)
>>> score_keys(["sweet", "habanero", "habanero"])
30

The rulebook's scoring example, with gangs written as card codes:

>>> from chililab.mafia import score_gang, explain_gang, score_player
>>> score_gang(["Sweet", "Poblano", "Tabasco", "Moruga"]), score_gang(["Ghost"] * 3)
(19, 48)
>>> explain_gang(["Sweet", "Habanero", "Habanero"])
'Brotherhood Gang with a Sweet Chili (Sweet Chili, Habanero x2): (1 + 7 + 7) x 2 = 30 points'
>>> score_player([["Sweet", "Poblano", "Tabasco", "Moruga"], ["Ghost"] * 3, ["Carolina", "Moruga"]])
67
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from operator import attrgetter

from .cards import ALL_CARDS, HP_WHEN, STRENGTH, SWEET, Card, CardPicker

# ---------------------------------------------------------------- gangs (mafia.md 2.3, 2.7, 2.8)

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

    >>> from chililab.games.mafia.rules.cards import of_key
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


# ====================================================================================================
# Pepper abilities and Hot-card targets as pure functions (mafia.md sections 0, 2.4, 2.11, 2.12, 2.14).
#
# An ability is **active** only when the option that enables it is on, the card
# carries the icon, and no other Outlaw (an active ``Pepper X*``) sits in its gang.
# The checks below say why an ability does not work, in a learner's words with its
# clause; the moves that use them are in ``hot_cards.py``, ``advanced.py`` and ``goodfellas.py``.
# ====================================================================================================


ATTACK_ABILITIES = ("Sidekick", "Troublemaker", "Sniper")  # MAFIA-ADV-2: at most one per attack
WHACKS = ("whack", "whackem")  # the Hot cards a Bodyguard answers (MAFIA-ADV-BODYGUARD-2)
BASE_ABILITIES = ("Sidekick", "Bodyguard", "Troublemaker", "Sniper")  # MAFIA-ADV-1: with advanced
GOODFELLAS_ABILITIES = ("Dancer", "Gambler", "Witch", "Lord", "Outlaw")  # MAFIA-GF-1 (DEC-13)
TURNCOAT_CAP = 8  # MAFIA-HOT-TURNCOAT-1
TROUBLEMAKER_CAP = 6  # MAFIA-ADV-TROUBLEMAKER-1
_ID = attrgetter("id")


def alike_once(cards) -> list[Card]:
    """The first card of each (type, icon) among ``cards``, in id order: copies alike are one choice
    (legal moves list each choice once; ``check`` accepts any copy)."""
    first: dict = {}
    for c in sorted(cards, key=_ID):
        first.setdefault((c.key, c.icon), c)
    return list(first.values())


def enabled(ability: str | None, options: dict) -> bool:
    """The options turn this ability on (MAFIA-ADV-1, MAFIA-GF-1, MAFIA-PROMO-YATSU-2)."""
    if ability in BASE_ABILITIES:
        return options["advanced"]
    if ability in GOODFELLAS_ABILITIES:
        return options["goodfellas_peppers"] and options["goodfellas_abilities"]
    if ability == "Samurai":
        return options["yatsufusa"] and options["samurai_ability"]
    return False


def silenced(card: Card, gang, options: dict) -> bool:
    """MAFIA-GF-OUTLAW-1/2: another icon Pepper X with its ability on is in this card's gang."""
    return any(o is not card and o.icon and o.ability == "Outlaw" for o in gang) and enabled("Outlaw", options)


def active(card: Card, gang, options: dict) -> bool:
    """The card's ability works now: enabled, on an icon copy, not silenced in ``gang`` (its gang, or ())."""
    return card.icon and enabled(card.ability, options) and not silenced(card, gang, options)


#: each ability's own clause, and the pepper whose icon copies carry it
ABILITY_CLAUSE = {"Sidekick": "MAFIA-ADV-SIDEKICK-1", "Bodyguard": "MAFIA-ADV-BODYGUARD-1",
                  "Troublemaker": "MAFIA-ADV-TROUBLEMAKER-1", "Sniper": "MAFIA-ADV-SNIPER-1",
                  "Dancer": "MAFIA-GF-DANCER-1", "Gambler": "MAFIA-GF-GAMBLER-1", "Witch": "MAFIA-GF-WITCH-1",
                  "Lord": "MAFIA-GF-LORD-1", "Outlaw": "MAFIA-GF-OUTLAW-1", "Samurai": "MAFIA-PROMO-YATSU-2"}
HOLDER = {"Sidekick": "Jimmy Nardello", "Bodyguard": "Poblano", "Troublemaker": "Tabasco", "Sniper": "Ghost Pepper",
          "Dancer": "De Padrón", "Gambler": "Chipotle", "Witch": "Madame Jeanette", "Lord": "Naga Viper",
          "Outlaw": "Pepper X", "Samurai": "Yatsufusa"}


def inactive(card: Card, ability: str, gang, options: dict) -> tuple[str, str] | None:
    """Why ``card`` cannot use ``ability`` now, as (clause, learner sentence); None when it can.

    Another pepper: the ability's clause; a copy without the icon, or the mode that enables it off:
    MAFIA-ADV-1 for the base abilities, else the ability's clause; an Outlaw in ``gang``: MAFIA-GF-OUTLAW-1.
    """
    own = ABILITY_CLAUSE[ability]
    mode = "MAFIA-ADV-1" if ability in BASE_ABILITIES else own
    if card.ability != ability:
        return own, f"{card} has no {ability} ability: only an icon {HOLDER[ability]} ({HOLDER[ability]}*) has it"
    if not card.icon:
        return mode, f"this {card.name} has no ability icon: only icon copies ({card.name}*) are a {ability}"
    if not enabled(ability, options):
        switch = ("advanced mode is off" if ability in BASE_ABILITIES else
                  "the Yatsufusa promo's Samurai is switched off" if ability == "Samurai" else
                  "the Goodfellas abilities are switched off")
        return mode, f"the {ability} does not work in this game: {switch}"
    if silenced(card, gang, options):
        return "MAFIA-GF-OUTLAW-1", f"the Outlaw (Pepper X*) in its gang silences {card}'s {ability} ability"
    return None


def attack_strength(attacker: Card, partner: Card | None = None) -> int:
    """The attacker's strength, or with a Sidekick the pair's joint strength (MAFIA-ADV-SIDEKICK-1).

    ``partner`` teams up with a ``Jimmy*`` attacker (strength 2): the attack strength is
    2 + the partner's strength. :func:`sidekick_problem` says when they may not team up.
    """
    return attacker.power + partner.power if partner is not None else attacker.power


def sidekick_problem(attacker: Card, partner: Card, gang, options: dict) -> tuple[str, str] | None:
    """Why ``attacker`` cannot team up with ``partner`` as a Sidekick, as (clause, reason); None when it can."""
    why = inactive(attacker, "Sidekick", gang, options)
    if why:
        return ("MAFIA-ADV-1", why[1]) if why[0] == "MAFIA-ADV-SIDEKICK-1" else why
    if partner is attacker or partner not in gang:
        return "MAFIA-ADV-SIDEKICK-1", "the Sidekick teams up with another pepper of his own gang"
    return None


def target_problem(hot: str, strength: int, target: Card, target_gang, options: dict,
                   troublemaker: bool = False) -> tuple[str, str] | None:
    """Why ``target`` in ``target_gang`` may not be attacked by Hot card ``hot`` at ``strength``; None when it may.

    MAFIA-SWEET-2: never a Sweet Chili; MAFIA-HOT-3: strength at most the attack strength;
    MAFIA-HOT-TURNCOAT-1: a Turncoat takes strength 8 at most; MAFIA-PROMO-YATSU-2: no Turncoat
    against a gang with an active Samurai; MAFIA-ADV-TROUBLEMAKER-1: Troublemaker targets 6 at most.
    """
    if target.sweet:
        return "MAFIA-SWEET-2", "a Hot card may never target a Sweet Chili"
    if target.power > strength:
        return "MAFIA-HOT-3", f"{target} (strength {target.strength}) is stronger than the attack ({strength})"
    if hot == "turncoat":
        if target.power > TURNCOAT_CAP:
            return "MAFIA-HOT-TURNCOAT-1", f"a Turncoat takes a pepper of strength {TURNCOAT_CAP} at most"
        if any(c.ability == "Samurai" and active(c, target_gang, options) for c in target_gang):
            return "MAFIA-PROMO-YATSU-2", "the Samurai's gang cannot be attacked with a Turncoat"
    if troublemaker and target.power > TROUBLEMAKER_CAP:
        return "MAFIA-ADV-TROUBLEMAKER-1", f"the Troublemaker targets peppers of strength {TROUBLEMAKER_CAP} at most"
    return None


def witch_swap_problem(witch: Card, rival_gang, taken: Card, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-WITCH-2 (DEC-11): why an icon Madame Jeanette may not swap into ``rival_gang`` for ``taken``.

    She needs her ability active, the rival gang must stay valid with her in place of the taken
    pepper, and she never swaps into a gang with an active Outlaw. (Whether the taken pepper has
    somewhere to go is :func:`placements`.)
    """
    if witch.ability != "Witch" or not active(witch, (), options):
        return "MAFIA-GF-WITCH-1", f"{witch} has no active Witch ability (an icon Madame Jeanette with Goodfellas)"
    if taken not in rival_gang:
        return "MAFIA-GF-WITCH-1", f"{taken} is not in that gang"
    if any(c.ability == "Outlaw" and c.icon for c in rival_gang) and enabled("Outlaw", options):
        return "MAFIA-GF-WITCH-2", "the Witch cannot swap into a gang with the Outlaw"
    why = why_invalid([witch if c is taken else c for c in rival_gang])
    if why:
        return "MAFIA-GF-WITCH-2", f"the rival gang would break the gang rules: {why}"
    return None


def declared_abilities_problem(abilities) -> tuple[str, str] | None:
    """MAFIA-ADV-2: one attack may use at most one attacker ability (Sidekick, Troublemaker or Sniper)."""
    used = [a for a in abilities if a in ATTACK_ABILITIES]
    if len(used) > 1:
        return "MAFIA-ADV-2", f"one attack may use only 1 pepper ability, not {' and '.join(used)}"
    return None


def bodyguards(hot: str, targets, gang, options: dict, sniper: bool = False) -> list[Card]:
    """MAFIA-ADV-BODYGUARD-1/2, MAFIA-ADV-SNIPER-1 (DEC-23): the Poblanos that may die in a target's place.

    Only against a Whack or Whack 'Em (a Troublemaker attack is a Whack), not against a Sniper;
    an active icon Poblano of the targeted gang that is not itself a target. Each saves one target.
    """
    if hot not in WHACKS or sniper:
        return []
    return [c for c in gang if c.ability == "Bodyguard" and c not in targets and active(c, gang, options)]


def lord_draws(card: Card, gang, by_hot_card: bool, options: dict) -> bool:
    """MAFIA-GF-LORD-1: losing this card to a Hot card draws its owner 1 card (an active Lord in ``gang``).

    The deck and final-round conditions (DEC-44, MAFIA-END-2) belong to the draw itself.
    """
    return by_hot_card and card.ability == "Lord" and active(card, gang, options)


def dancer_problem(dancer: Card, source, destination, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-DANCER-1 (DEC-33): an active De Padrón moves into another existing gang that stays valid.

    The source may be left incomplete. Once per turn per Dancer is the turn's bookkeeping.
    """
    if dancer.ability != "Dancer" or not active(dancer, source, options):
        return "MAFIA-GF-DANCER-1", f"{dancer} has no active Dancer ability here"
    if not destination or destination is source:
        return "MAFIA-GF-DANCER-1", "the Dancer moves into another gang already on the table"
    why = why_invalid([*destination, dancer])
    return ("MAFIA-GF-DANCER-1", why) if why else None


def gambler_problem(gambler: Card, gang, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-GAMBLER-1 (DEC-34): an active Chipotle discarded from a gang must leave it complete.

    ``gang`` is his gang, or None when he is discarded from the hand. Once per turn, not in the
    final round and not with an empty deck are the turn's bookkeeping.
    """
    if gambler.ability != "Gambler" or not active(gambler, gang or (), options):
        return "MAFIA-GF-GAMBLER-1", f"{gambler} has no active Gambler ability here"
    if gang is not None and not complete([c for c in gang if c is not gambler]):
        return "MAFIA-GF-GAMBLER-1", "discarding the Gambler would leave an incomplete gang behind"
    return None


# ====================================================================================================
# Hot-card arithmetic as pure functions (mafia.md sections 2.4, 2.5, 2.14): allowance, Pinch, Rumble.
#
# The Hot-card procedure (declaration, defence window, effects) is built with the
# turn; these are the numbers it needs, testable without a game.
# ====================================================================================================


def allowance(own_gangs, two_players: bool) -> int:
    """MAFIA-HOT-1, MAFIA-GANG-6, MAFIA-TEAM-4: Hot cards allowed this turn.

    One per complete gang in front of the player (incomplete gangs and a teammate's
    gangs give none); with 2 players, at most 1.
    """
    n = sum(1 for g in own_gangs if complete(g))
    return min(n, 1) if two_players else n


def pinch_index(n: int, rng: random.Random, mode: str = "middle_third_random") -> int:
    """MAFIA-HOT-PINCH-1 (DEC-3): how many cards lie above a Pinched pepper put into a deck of ``n``.

    Seeded uniform in ``[max(1, ceil(n/3)), max(1, floor(2n/3))]``: never in the top third,
    never on top; ``exact_middle`` puts it at ``floor(n/2)``. An empty deck is not asked
    (the pepper goes to the discard pile, MAFIA-HOT-PINCH-3).
    """
    if n < 1:
        raise ValueError("a Pinch into an empty draw deck goes to the discard pile instead")
    if mode == "exact_middle":
        return n // 2
    lo, hi = max(1, math.ceil(n / 3)), max(1, (2 * n) // 3)
    return min(rng.randint(lo, hi), n)


def rumble_wins(attacking_gang, target_gang) -> bool:
    """MAFIA-PROMO-RUMBLE-2: the attacking gang's plain strength total is at least the target gang's.

    Brotherhoods do not count double here; a Sweet Chili counts 1.
    """
    return sum(c.power for c in attacking_gang) >= sum(c.power for c in target_gang)


def rumble_choices(target_gang) -> list:
    """MAFIA-PROMO-RUMBLE-2, MAFIA-SWEET-2: the peppers a winning Rumble may discard (never a Sweet Chili)."""
    return [c for c in target_gang if not c.sweet]


# ====================================================================================================
# Hot Properties, pure checks (mafia.md section 2.13, section 3.1 I3/I4/I6/I7, DEC-21/22/25/28/29).
#
# No game state here: the rules mixin ``hot_properties.py`` asks these functions which
# uses are open and in which order seats are asked. A Hot Property (HP) is a
# ``Card`` of kind ``hot_property``; its ``key`` names the card (``cards.HOT_PROPERTIES``).
# ====================================================================================================


MAX_HPS = 3  # MAFIA-HP-2, DEC-21
HP_FROM_HAND = 3  # MAFIA-HP-1: a new gang with 3+ peppers from the hand draws one
EASY_PAL_STRENGTH = 5  # MAFIA-HP-EASYPAL-1
KISS_MAX = 5  # MAFIA-HP-KISS-1
RECRUIT_STRENGTH = (1, 5)  # MAFIA-HP-RECRUIT-1
LIFELINE_LOOK = 5  # MAFIA-HP-LIFELINE-1
BACKUP_LOOK = 3  # MAFIA-HP-BACKUP-1
DEAL_MIN_HAND = 4  # MAFIA-HP-DEAL-1
DEAL_CARDS = 2  # MAFIA-HP-DEAL-1

#: the clause of each card
CLAUSE = {"backup": "MAFIA-HP-BACKUP-1", "bribe": "MAFIA-HP-BRIBE-1", "easy_pal": "MAFIA-HP-EASYPAL-1",
          "kiss_of_death": "MAFIA-HP-KISS-1", "lifeline": "MAFIA-HP-LIFELINE-1", "lucky_dime": "MAFIA-HP-LUCKYDIME-1",
          "make_a_deal": "MAFIA-HP-DEAL-1", "reconsider": "MAFIA-HP-RECONSIDER-1", "recruit": "MAFIA-HP-RECRUIT-1",
          "snoop": "MAFIA-HP-SNOOP-1"}

#: the window ("moment") in which each "anytime" card is used (MAFIA-HP-3, section 3.1 I10)
WINDOW_OF = {"easy_pal": "defence", "lifeline": "defence", "kiss_of_death": "kiss", "bribe": "bribe",
             "recruit": "recruit"}


def distinct(cards) -> list[Card]:
    """One card per (type, icon), in id order: copies alike are one choice (legal moves list each once).

    (Branch ``attack`` has the same as ``checks.alike_once``: after both are merged, use that one.)
    """
    first: dict = {}
    for c in sorted(cards):
        first.setdefault((c.key, c.icon), c)
    return list(first.values())


def on_turn(card: Card) -> bool:
    """MAFIA-HP-3: a "during your turn" card (else "anytime", used in its window)."""
    return HP_WHEN[card.key] == "turn"


def hp_draw_problem(held: int, deck_size: int, final_round: bool, from_hand: int) -> str | None:
    """MAFIA-HP-1 (DEC-21, DEC-22): why forming a gang with ``from_hand`` hand peppers draws no HP, or None.

    (No HP is drawn in the Dawn Raid either: forms there are arrangements, which never ask.)
    """
    if from_hand < HP_FROM_HAND:
        return f"only {from_hand} of the new gang's peppers came from the hand (3 are needed)"
    if final_round:
        return "nobody draws in the final round"
    if held >= MAX_HPS:
        return f"a player holds at most {MAX_HPS} Hot Properties"
    if not deck_size:
        return "the Hot Property deck is empty"
    return None


def easy_pal_problem(cards, hand) -> str | None:
    """MAFIA-HP-EASYPAL-1: 1 or more distinct peppers of ``hand``, total strength 5 or more; or why not."""
    if not isinstance(cards, tuple) or not cards or len(set(cards)) != len(cards):
        return "name 1 or more distinct peppers from your hand"
    if not all(isinstance(c, Card) and c in hand and c.pepper for c in cards):
        return "the cards discarded are Chili Peppers from your hand"
    total = sum(c.power for c in cards)
    if total < EASY_PAL_STRENGTH:
        return f"the peppers add up to {total}; {EASY_PAL_STRENGTH} or more is needed"
    return None


def easy_pal_choices(hand) -> list[tuple[Card, ...]]:
    """The smallest selections (no card can be left out) reaching strength 5, each set of pepper types once.

    Larger selections are accepted too (``easy_pal_problem``); listing them would only repeat a worse choice.
    """
    peppers = sorted(c for c in hand if c.pepper)
    out: dict = {}
    for k in range(1, len(peppers) + 1):
        for combo in combinations(peppers, k):
            total = sum(c.power for c in combo)
            if total >= EASY_PAL_STRENGTH and all(total - c.power < EASY_PAL_STRENGTH for c in combo):
                out.setdefault(tuple(sorted((c.key, c.icon) for c in combo)), combo)
    return list(out.values())


def kiss_choices(gang) -> list[Card]:
    """MAFIA-HP-KISS-1 (DEC-12): the peppers of the attacking gang a Kiss of Death may discard (strength 5 or less,
    a Sweet Chili included), copies alike once."""
    return distinct(c for c in gang if c.power <= KISS_MAX)


def recruitable(cards) -> list[Card]:
    """MAFIA-HP-RECRUIT-1: the added peppers of strength 1-5 (a Sweet Chili included, DEC-12)."""
    lo, hi = RECRUIT_STRENGTH
    return [c for c in cards if c.pepper and lo <= c.power <= hi]


def recruit_problem(take, cards, added, hand) -> str | None:
    """MAFIA-HP-RECRUIT-1: ``take`` (one of the ``added`` peppers) and 2+ peppers of ``hand`` form a valid gang."""
    if take not in recruitable(added):
        return "a Recruit takes one of the peppers of strength 1-5 just added"
    if (not isinstance(cards, tuple) or len(cards) < 2 or len(set(cards)) != len(cards)
            or not all(isinstance(c, Card) and c in hand and c.pepper for c in cards)):
        return "the new gang takes the recruited pepper and 2 or more distinct peppers from your hand"
    if not valid((take, *cards)):
        return "the new gang must be Mixed or a Brotherhood, with at most one Sweet Chili"
    return None


def recruit_choices(added, hand) -> list[tuple[Card, tuple[Card, ...]]]:
    """Every (pepper taken, hand peppers) a Recruit may form, copies alike of the taken pepper once."""
    peppers = sorted(c for c in hand if c.pepper)
    out = []
    for take in distinct(recruitable(added)):
        for k in range(2, len(peppers) + 1):
            out += [(take, combo) for combo in combinations(peppers, k) if valid((take, *combo))]
    return out


def deal_choices(hand) -> list[tuple[Card, Card]]:
    """MAFIA-HP-DEAL-1: the pairs of cards of ``hand`` one may give, copies alike once."""
    out: dict = {}
    for pair in combinations(sorted(hand), DEAL_CARDS):
        out.setdefault(tuple(sorted((c.key, c.icon) for c in pair)), pair)
    return list(out.values())


def clockwise_from(seat: int, n: int) -> list[int]:
    """Every other seat, clockwise from ``seat``'s left."""
    return [(seat + k) % n for k in range(1, n)]


def bribe_order(attacker: int, n: int) -> list[int]:
    """Section 3.2, I6: clockwise from the attacker's left, the attacker asked last."""
    return clockwise_from(attacker, n) + [attacker]


def recruit_order(adder: int, team_of, n: int) -> list[int]:
    """Section 3.2, I7 (DEC-29): clockwise from the adder's left, skipping the adder and their teammates."""
    return [s for s in clockwise_from(adder, n) if team_of[s] != team_of[adder]]


def backup_split(top) -> tuple[list[Card], list[Card]]:
    """MAFIA-HP-BACKUP-1 (DEC-28): the top cards revealed -> (peppers kept, the others left on the pile)."""
    return [c for c in top if c.pepper], [c for c in top if not c.pepper]


# ====================================================================================================
# Scoring on its own, for lessons and calculators: score a gang, score a player, say it in words.
#
# Gangs may be written as card codes (``"Sweet"``, ``"Ghost"``, ``"Jimmy*"``), pepper keys or
# :class:`~.cards.Card` objects; nothing here needs a game (MAFIA-SCORE-1..3, MAFIA-TIE-1).
# ====================================================================================================




def as_gang(cards: Iterable) -> tuple[Card, ...]:
    """A gang as physical cards: codes (``"Ghost"``, ``"Jimmy*"``), card ids or Cards, each a distinct copy.

    >>> [str(c) for c in as_gang(["Sweet", "Ghost*"])]
    ['Sweet Chili', 'Ghost Pepper*']
    """
    pick = CardPicker(ALL_CARDS)
    out = []
    for c in cards:
        card = pick.take(c)
        if not card.pepper:
            raise ValueError(f"{card} is not a Chili Pepper: only peppers form gangs (MAFIA-GANG-1)")
        out.append(card)
    return tuple(out)


def score_gang(gang: Iterable) -> int:
    """MAFIA-SCORE-2: a Mixed gang scores the sum of its strengths, a Brotherhood twice it;
    an incomplete (or invalid) gang scores 0 (MAFIA-SCORE-1)."""
    return score(as_gang(gang))


def explain_gang(gang: Iterable) -> str:
    """One gang's score in the rulebook's words (its type, its members, the sum)."""
    return explain(as_gang(gang))


def score_player(gangs: Iterable[Iterable]) -> int:
    """A player's (or a team's, MAFIA-SCORE-3) score: the sum over its gangs; incomplete gangs count 0."""
    return tally([as_gang(g) for g in gangs]).points


def standing(gangs: Iterable[Iterable]) -> Tally:
    """(points, Brotherhood gangs, peppers in scored gangs): what MAFIA-TIE-1 compares, in that order."""
    return tally([as_gang(g) for g in gangs])


def explain_player(gangs: Iterable[Iterable]) -> str:
    """Every gang's score in words, one per line, then the total and the tie-break counts.

    >>> print(explain_player([["Ghost"] * 3, ["Carolina", "Moruga"]]))
    Brotherhood Gang (Ghost Pepper x3): (8 + 8 + 8) x 2 = 48 points
    Incomplete gang (Carolina Reaper, Moruga Scorpion): discarded at scoring, 0 points
    Total: 48 points (1 Brotherhood gang, 3 peppers in scored gangs)
    """
    gs = [as_gang(g) for g in gangs]
    t = tally(gs)
    lines = [explain(g) for g in gs]
    bros = f"{t.brotherhoods} Brotherhood gang{'' if t.brotherhoods == 1 else 's'}"
    lines.append(f"Total: {t.points} points ({bros}, {t.peppers} pepper{'' if t.peppers == 1 else 's'} in scored gangs)")
    return "\n".join(lines)
