"""Hot Properties, pure checks (mafia.md section 2.13, section 3.1 I3/I4/I6/I7, DEC-21/22/25/28/29).

No game state here: the rules mixin ``hpplay.py`` asks these functions which
uses are open and in which order seats are asked. A Hot Property (HP) is a
``Card`` of kind ``hot_property``; its ``key`` names the card (``cards.HOT_PROPERTIES``).
"""
from __future__ import annotations

from itertools import combinations

from .cards import HP_WHEN, Card
from .gangs import valid

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

    (Branch ``attack`` has the same as ``abilities.alike_once``: after both are merged, use that one.)
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
