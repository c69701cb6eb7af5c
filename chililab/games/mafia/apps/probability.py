"""``notebooks/mafia_probability.ipynb``: a teacher's questions about Chili Mafia, answered exactly and by
simulation (see :mod:`chililab.apps.prob_lessons` for how the notebook is built from this module)."""
from __future__ import annotations

from chililab.widgets.exercise import Exercise

# isort: split
# -- notebook imports (the first cell)
from collections import Counter
from fractions import Fraction
from math import comb

from chililab.apps.prob_lessons import chart, exercise, say, simulated, with_the_class
from chililab.games.mafia import odds as mafia
from chililab.prob.running import converge

# -- end of notebook imports


INTRO = """# Chili Mafia: probability with gangs of peppers

With 2 to 4 players, Chili Mafia is played with **98 cards**: 62 Chili Peppers (9 names, from 10
Jimmys down to 3 Carolinas, and 6 wild Sweet Chilis) and 36 Action and Hot cards. With 5 to 8 players the
deck has 150 cards. Each player ends the setup with **6 cards**.

The best gang is a **Brotherhood**: 3 or more peppers of the same name. The Sweet Chili is wild, one
per gang, so **2 peppers of a name and a Sweet Chili** make a Brotherhood too.

Each question is answered twice:

- **exactly**, by counting: Python keeps the answer as a fraction, with no rounding anywhere. A
  fraction too long to read is printed as a decimal and "about 1 in N"; the cell keeps the exact
  fraction in a name (`hand` ...): type that name in a new cell to see it;
- **by simulation**: the computer deals thousands of times and counts. The result is an *estimate*
  with a **99% interval**: a range that holds the true value in 99 runs out of 100.

The chart under each question shows the estimate after 10, 15, 22, ... up to 10,000 deals, closing in
on the exact value (the dashed line) as the band narrows: the **law of large numbers**. Every
simulation is seeded, so the notebook shows the same numbers each time."""

DECK_MD = """## The deck

How many cards of each name? (The Dawn Raid is set aside before the deal.)"""


def deck_counts():
    # NBVAL_CHECK_OUTPUT
    deck = mafia.table_deck(players=2)
    peppers = Counter(card.key for card in deck if card.pepper)
    others = Counter(card.key for card in deck if not card.pepper)
    print(len(deck), "cards:", sum(peppers.values()), "peppers and", sum(others.values()), "others")
    print("peppers:", dict(peppers.most_common()))
    print("others: ", dict(others.most_common()))


HAND_MD = """## 1. A Brotherhood in my opening hand?

With 2 players there is no draft: you play with the 6 cards you are dealt.

*How likely is it that your 6 cards already hold a Brotherhood (3 of a name, or 2 and a Sweet Chili)?*

**Count the hands that hold none** and take them away. Such a hand either has no Sweet Chili and at
most 2 peppers of each name, or has a Sweet Chili and at most 1 pepper of each name. Counting those
hands is a little puzzle in itself (the computer multiplies out the choices name by name); the
chance is then 1 minus (the hands without one) divided by (all the hands: the number of ways to choose 6
cards from 98).

With 5 to 8 players the bigger deck has more names spread thinner: the second line shows the chance
drops a little."""


def hand_exact():
    # NBVAL_CHECK_OUTPUT
    hand = mafia.brotherhood_chance(players=2)
    say(hand)
    say(mafia.brotherhood_chance(players=5), "with the 150-card deck")


def hand_simulated(hand):
    hand_runs = converge(mafia.mc_brotherhood_chance, players=2, samples=10_000, seed=1)
    simulated(hand_runs, hand)
    chart(hand_runs, hand, "A Brotherhood among 6 cards dealt")


DRAFT_MD = """## 2. Does the draft change my chances?

With 3 or more players, each player is dealt 6 cards, keeps one, and passes the other 5 to the left;
then picks one of the 5 received, passes 4, and so on until everyone holds 6 cards.

*If everybody picks at random, how likely is your final hand to hold a Brotherhood?*

Exactly the same as a plain deal: the cards were shuffled, so whatever the order of picks, the 6 cards
you end with are 6 random cards of the deck. Picking **on purpose** is another story: a player who
collects Ghosts changes the odds (that is why drafting is a skill).

The simulation below really plays the deal and the draft (3 players, random picks) and looks at your
hand at the end. It closes in on the same exact value as question 1."""


def draft_exact():
    # NBVAL_CHECK_OUTPUT
    drafted = mafia.brotherhood_chance(players=3)
    say(drafted)


def draft_simulated(drafted):
    draft_runs = converge(mafia.mc_drafted_brotherhood_chance, players=3, samples=10_000, seed=1)
    simulated(draft_runs, drafted)
    chart(draft_runs, drafted, "After a draft with random picks (3 players)")


TABLE_MD = """## 3. A Brotherhood somewhere at the table?

With 3 players, 18 cards are dealt for the draft.

*How likely is it that those 18 cards hold the makings of a Brotherhood somewhere (3 of a name, or 2
and a Sweet Chili, among all 18)?*

*And how likely is it that at least one of the three packets of 6 holds one as dealt?*

The first is the same count as question 1 with 18 cards instead of 6: very likely, which is why the
draft matters. The second is harder: "at least one of three" is not 3 times the chance for one packet,
because two packets can both hold one. Three times gives an **upper bound** (the union bound); the
exact count (done packet by packet by the computer) is below it."""


def table_exact():
    # NBVAL_CHECK_OUTPUT
    pool = mafia.draft_brotherhood_chance(players=3)
    packet = mafia.packet_brotherhood_chance(players=3)
    one = mafia.brotherhood_chance(players=3)
    say(pool, "in the 18 cards")
    say(packet, "in some packet")
    say(3 * one, "the bound, 3 x one packet")


def table_simulated(packet):
    packet_runs = converge(mafia.mc_packet_brotherhood_chance, players=3, samples=10_000, seed=1)
    simulated(packet_runs, packet)
    chart(packet_runs, packet, "Some packet of 6 holds a Brotherhood (3 players)")


DEFEND_MD = """## 4. Can my Whack be stopped?

You play a **Whack** (a Hot card) at a table of 4. Any other player holding a **Fuggedaboutit** can
cancel it. There are 5 Fuggedaboutits in the deck, plus the Dawn Raid: 99 cards in all.

You hold 6 cards (2 Ghosts, a Whack, a Sweet Chili, an Earner and a Pinch: no Fuggedaboutit), and no
other card is face up yet. So **93 cards** are out of your sight, and the **5 Fuggedaboutits** are
among them. The three others hold **6 cards each: 18 cards** of those 93.

*How likely is it that at least one of them can stop your Whack?*

Through the opposite: nobody can when the 18 cards all come from the 88 cards that are not
Fuggedaboutits. The chance of that is the number of ways to choose 18 cards from 88, divided by the
number of ways to choose 18 cards from 93; the chance your Whack is stopped is 1 minus that.

Every card you see changes the answer: with a Fuggedaboutit in the discard pile (second line) only 4
are left to fear."""


def defend_exact():
    # NBVAL_CHECK_OUTPUT
    mine = ["Ghost", "Ghost", "Whack", "Sweet", "Earner", "Pinch"]
    defend = mafia.defend_chance(players=4, hidden=[6, 6, 6], seen=mine)
    say(defend)
    # comb(n, k): the number of ways to choose k cards from n
    print("by hand, the same:", defend == 1 - Fraction(comb(88, 18), comb(93, 18)))
    say(mafia.defend_chance(players=4, hidden=[6, 6, 6], seen=mine + ["Fugg"]), "one Fuggedaboutit discarded")


def defend_simulated(defend, mine):
    defend_runs = converge(mafia.mc_defend_chance, players=4, hidden=[6, 6, 6], seen=mine, samples=10_000, seed=1)
    simulated(defend_runs, defend)
    chart(defend_runs, defend, "Somebody holds a Fuggedaboutit (4 players)")


EXERCISES_MD = """## Your turn

Work these out with pencil and paper (or Python), then type your answer in the box: a fraction such as
`3/17` (or `3 in 17`), or a decimal or a percentage rounded to 3 significant figures, such as `0.176` or
`17.6%`. A wrong answer gets a hint; *Show the answer* gives the answer and how to find it."""

#: what you see in the second exercise: your 6 cards, one of them a Fuggedaboutit
MINE = ["Fugg", "Ghost", "Ghost", "Whack", "Sweet", "Earner"]


def _one_card() -> Exercise:
    return Exercise(
        "Two players. You have seen no card at all, and your opponent holds a single card. What is the chance "
        "that it is a Fuggedaboutit?",
        mafia.defend_chance(players=2, hidden=[1]),
        hint="the 98 cards and the Dawn Raid make 99; how many are Fuggedaboutits?",
        explanation="5 Fuggedaboutits among 99 cards: 5/99.",
        mistakes={
            Fraction(5, 98): "The Dawn Raid is a card too: it is shuffled into the draw deck, so the 98 cards and "
                             "the Dawn Raid make 99.",
            Fraction(94, 99): "That is the chance that the card is not a Fuggedaboutit.",
            Fraction(1, 99): "There are 5 Fuggedaboutits in the deck, not 1.",
        })


def _two_cards() -> Exercise:
    answer = mafia.defend_chance(players=2, hidden=[2], seen=MINE)
    return Exercise(
        "Two players. You hold 6 cards, one of them a Fuggedaboutit, and see nothing else. Your opponent holds "
        "2 cards. What is the chance that they can stop your Whack?",
        answer,
        hint="93 cards are out of your sight, 4 of them Fuggedaboutits. Work out the chance of none first.",
        explanation="Neither card is one: (89 x 88) / (93 x 92); so at least one is: 1 - (89 x 88) / (93 x 92) = "
                    "181/2139.",
        mistakes={
            Fraction(8, 93): "Adding 4/93 for each card counts twice the hands where both cards are "
                             "Fuggedaboutits. Work out the chance that neither card is one, and take it away from 1.",
            Fraction(4, 93): "That is the chance for one card, and your opponent holds two.",
            1 - Fraction(89, 93) ** 2: "After the first card, 92 cards are left, not 93 (and 88 of them are not "
                                       "Fuggedaboutits): the second card is not put back.",
            mafia.defend_chance(players=2, hidden=[2], seen=MINE[1:] + ["Pinch"]):
                "One of the 5 Fuggedaboutits is in your own hand: only 4 are among the 93 cards you cannot see.",
            mafia.defend_chance(players=2, hidden=[2]):
                "You can see your own 6 cards: only 93 cards are out of your sight (4 of them Fuggedaboutits), "
                "not 99.",
            1 - answer: "That is the chance that neither card is a Fuggedaboutit: take it away from 1.",
            Fraction(1, 713): "That is the chance that both cards are Fuggedaboutits (6 pairs out of 4278). One "
                              "is enough to stop your Whack.",
        })


#: the exercises by key (the key is stable: a class keeps its students' answers under it)
EXERCISES = {"mafia-one-card": _one_card, "mafia-two-cards": _two_cards}


def exercise_one_card():
    exercise("mafia-one-card")


def exercise_two_cards():
    exercise("mafia-two-cards")


#: the notebook, in order (the imports cell goes after the introduction)
NOTEBOOK = [
    ("markdown", "intro", INTRO),
    ("markdown", "deck-md", DECK_MD),
    ("code", "deck", deck_counts),
    ("markdown", "hand-md", HAND_MD),
    ("code", "hand-exact", hand_exact),
    ("code", "hand-simulated", hand_simulated),
    ("markdown", "draft-md", DRAFT_MD),
    ("code", "draft-exact", draft_exact),
    ("code", "draft-simulated", draft_simulated),
    ("markdown", "table-md", TABLE_MD),
    ("code", "table-exact", table_exact),
    ("code", "table-simulated", table_simulated),
    ("markdown", "defend-md", DEFEND_MD),
    ("code", "defend-exact", defend_exact),
    ("code", "defend-simulated", defend_simulated),
    ("markdown", "exercises-md", EXERCISES_MD),
    ("code", "with-the-class", with_the_class),
    ("code", "exercise-one-card", exercise_one_card),
    ("code", "exercise-two-cards", exercise_two_cards),
]
