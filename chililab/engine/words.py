"""Words a learner reads: seats as people count them, plurals written out, chances in plain numbers, results
as sentences, phases by their learner names.

The engine keeps its own words (they are part of its behaviour: events, prompts and moves say ``P0``, and the
behaviour fingerprints hash them). Everything a page shows passes through here on its way out, so every
game, a plug-in too, reads the same way:

>>> people("P0 passes P3's card back to P0")
"Player 1 passes Player 4's card back to Player 1"
>>> people("P1 may play 1 Hot card(s) this turn; 3 Hot Sauce(s) are out")
'Player 2 may play 1 Hot card this turn; 3 Hot Sauces are out'
>>> chance_words(Fraction(17016805, 199367322))
('8.5%, about 1 in 12', '17016805/199367322')
>>> chance_words(Fraction(16, 112))
('1/7 = 14.3%', '1/7')
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

#: a seat as the engine writes it: ``P0`` .. (a whole word)
SEAT = re.compile(r"\bP(\d+)\b")
#: a word whose plural the engine left open: ``card(s)``
_OPEN_PLURAL = re.compile(r"([A-Za-z][A-Za-z'-]*)\(s\)")
#: the last number before an open plural, with no sentence break between them
_COUNT_BEFORE = re.compile(r"(\d[\d,]*)[^\d.;:!?]{0,40}$")
#: a fraction is shown as it is while its denominator stays this small; above it, as a decimal and "1 in N"
SMALL_DENOMINATOR = 1000


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat as people count it: seat 0 is "Player 1" (or the name given for it).

    >>> seat_name(0), seat_name(3), seat_name(1, ["Ann", "Ben"])
    ('Player 1', 'Player 4', 'Ben')
    """
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Player {seat + 1}"


def and_list(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``.

    >>> and_list(["Player 1"]), and_list(["Player 1", "Player 3", "Player 4"])
    ('Player 1', 'Player 1, Player 3 and Player 4')
    """
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def seat_names(seats: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Several seats in words: ``"Player 1 and Player 3"``."""
    return and_list([seat_name(s, names) for s in seats])


def plural_of(word: str) -> str:
    """The plural of one English word (enough for the games' nouns).

    >>> [plural_of(w) for w in ("card", "Sauce", "match", "party", "day", "box", "time")]
    ['cards', 'Sauces', 'matches', 'parties', 'days', 'boxes', 'times']
    """
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiouAEIOU]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun, singular for one: ``plural(1, "round")`` is "1 round", ``plural(3, "round")`` "3 rounds".

    >>> plural(1, "Hot Sauce"), plural(0, "Hot Sauce"), plural(2, "gang", "gangs"), plural(1_000, "game")
    ('1 Hot Sauce', '0 Hot Sauces', '2 gangs', '1,000 games')
    """
    word = one if n == 1 else (many or " ".join(one.split(" ")[:-1] + [plural_of(one.split(" ")[-1])]))
    return f"{n:,} {word}"


def fix_plurals(text: str) -> str:
    """Write out every ``word(s)``: singular after the number 1, plural otherwise.

    >>> fix_plurals("2 round(s), then 1 round(s); target(s)")
    '2 rounds, then 1 round; targets'
    """
    def one(m: re.Match) -> str:
        count = _COUNT_BEFORE.search(text[:m.start()])
        word = m.group(1)
        return word if count is not None and count.group(1) == "1" else plural_of(word)

    return _OPEN_PLURAL.sub(one, text)


def people(text: str, names: Sequence[str] | None = None) -> str:
    """Engine text as a learner reads it: ``P0`` becomes "Player 1" (or a name), ``card(s)`` its right form."""
    text = SEAT.sub(lambda m: seat_name(int(m.group(1)), names), str(text))
    return fix_plurals(text) if "(s)" in text else text


# ------------------------------------------------------------------ chances

def one_in(p: Fraction | float) -> str:
    """A chance as "about k in n" with small numbers (a person's feel for it).

    >>> [one_in(Fraction(x)) for x in ("17016805/199367322", "26167135/42721569", "65860133/68613429", "36/1502501")]
    ['about 1 in 12', 'about 5 in 8', 'about 24 in 25', 'about 1 in 41,736']
    >>> one_in(0.2338), one_in(0.4053)
    ('about 1 in 4', 'about 2 in 5')
    """
    x = float(p)
    if x <= 0:
        return "never"
    if x >= 1:
        return "always"
    if x < 0.1:
        return f"about 1 in {round(1 / x):,}"
    if x > 0.9:
        n = round(1 / (1 - x))
        return f"about {n - 1:,} in {n:,}"
    n = round(1 / x)
    if x <= 0.5 and abs(1 / n - x) < 0.1 * x:  # "1 in 4" reads easier than "2 in 9" when it is close
        return f"about 1 in {n}"
    f = Fraction(x).limit_denominator(12)
    return f"about {f.numerator} in {f.denominator}"


def percent(x: float) -> str:
    """A share as a percentage with 2 significant digits, never shown as 0% or 100% when it is not.

    >>> percent(0.0854), percent(0.61249), percent(0.00002396), percent(0.99999)
    ('8.5%', '61.2%', '0.0024%', '99.999%')
    """
    x = 100 * float(x)
    if x in (0.0, 100.0):
        return f"{x:.0f}%"
    if x < 1:
        digits = 1 - int(f"{x:e}".split("e")[1])
        return f"{x:.{digits}f}%"
    if x > 99:
        digits = -int(f"{100 - x:e}".split("e")[1])
        return f"{x:.{max(digits, 1)}f}%"
    return f"{x:.1f}%"


def is_huge(p: Fraction) -> bool:
    """Whether a fraction is too big to read at a glance (its denominator over :data:`SMALL_DENOMINATOR`)."""
    return Fraction(p).denominator > SMALL_DENOMINATOR


def chance_words(p) -> tuple[str, str]:
    """(what a learner reads first, the exact fraction): a small fraction as it is, with its percentage; a huge
    one as a percentage and "about 1 in N". The fraction is always reduced (show it on demand)."""
    p = Fraction(p)
    exact = str(p)
    if p.denominator == 1:
        return exact, exact
    if is_huge(p):
        return f"{percent(p)}, {one_in(p)}", exact
    return f"{exact} = {percent(p)}", exact


# ------------------------------------------------------------------ phases and results

def phase_label(flow, name: str | None) -> str:
    """A phase of ``flow`` by its learner name (its ``label``; else the code name in plain letters)."""
    if name is None:
        return ""
    phase = flow.phases.get(name) if flow is not None else None
    label = getattr(phase, "label", "") if phase is not None else ""
    return label or name.replace("_", " ").capitalize()


def result_words(result, how: Mapping[str, str] | None = None,
                 names: Sequence[str] | None = None) -> tuple[str, list[tuple[str, int, bool]]]:
    """A finished game as (one sentence, the scores table): "Player 4 wins with 72 points." and one row per
    seat, (name, score, won), highest score first. ``how``: the game's words for ``result.how`` (its
    ``SimStats.how``); a game without scores gets an empty table.

    >>> from chililab.engine import Result
    >>> result_words(Result(winners=(3,), scores=(58, 57, 42, 72), how="points", turns=39))
    ('Player 4 wins with 72 points.', [('Player 4', 72, True), ('Player 1', 58, False), ('Player 2', 57, False), ('Player 3', 42, False)])
    >>> result_words(Result(winners=(2,), scores=None, how="laid", turns=31), {"laid": "laid the last card"})[0]
    'Player 3 wins: laid the last card.'
    """
    winners = tuple(result.winners)
    who = seat_names(winners, names) if winners else "Nobody"
    verb = "share the win" if len(winners) > 1 else "wins"
    scores = result.scores
    why = (how or {}).get(result.how, "")
    if scores is None:
        return f"{who} {verb}" + (f": {why}." if why else "."), []
    best = max(scores[w] for w in winners) if winners else max(scores)
    sentence = f"{who} {verb} with {plural(best, 'point')}"
    if why and result.how not in ("points", "rounds", "shared"):
        sentence += f" ({why})"
    rows = sorted(((seat_name(s, names), v, s in winners) for s, v in enumerate(scores)),
                  key=lambda r: (-r[1], not r[2]))
    return sentence + ".", rows
