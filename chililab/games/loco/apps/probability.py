"""``notebooks/loco_probability.ipynb``: a teacher's questions about Chili Loco, answered exactly and by
simulation (see :mod:`chililab.apps.prob_lessons` for how the notebook is built from this module)."""
from __future__ import annotations

from chililab.widgets.exercise import Exercise

# isort: split
# -- notebook imports (the first cell)
from fractions import Fraction
from math import comb

from chililab.apps.prob_lessons import chart, compare, exercise, say, simulated, with_the_class
from chililab.games.loco import odds as loco
from chililab.prob.running import converge, sampled_mean

# -- end of notebook imports


INTRO = """# Chili Loco: probability with a deck of cards

A Chili Loco deck has **112 cards**: 64 peppers (8 kinds in 4 colours, two copies each), 32 coloured
action cards (Stir the Pot, Hot Sauce, Heat Stroke and Salsa Slap in 4 colours, two of each) and 16
wilds. Every player starts with **6 cards**, dealt from a well shuffled deck: every set of 6 cards is
equally likely. That is all we need to answer a teacher's questions about the game.

Each question is answered twice:

- **exactly**, by counting: Python keeps the answer as a fraction, with no rounding anywhere. A
  fraction too long to read is printed as a decimal and "about 1 in N"; the cell keeps the exact
  fraction in a name (`twin` ...): type that name in a new cell to see it;
- **by simulation**: the computer deals thousands of random hands and counts. The result is an
  *estimate*, given with a **99% interval**: a range that holds the true value in 99 runs out of 100.

The chart under each question shows the estimate after 10, 15, 22, ... up to 10,000 hands. Early on
it jumps around; as the hands pile up the band narrows and the estimate settles on the exact value
(the dashed line). That is the **law of large numbers**.

Every simulation is seeded (`seed=1`), so the notebook shows the same numbers each time; change the
seed to deal other hands."""

TWIN_MD = """## 1. Is there a twin in my opening hand?

Two cards are **twins** when they are identical: same pepper (or Salsa Slap) and same colour. Only the
cream-bordered cards can be twins: 32 peppers and 4 Salsa Slaps, each printed twice, so there are
**36 possible pairs** among the 112 cards. The other 40 cards (dark action cards and wilds) never twin.

*How likely is it that 6 cards dealt to you hold at least one pair of twins?*

**Count the hands without a twin**, then take them away from all hands. A hand without a twin takes
at most one card from each pair. Say it touches 2 of the pairs: choose which 2 pairs (the number of ways
to choose 2 pairs from 36), which copy from each pair (2 x 2 ways), and the other 4 cards among the 40
that never twin (the number of ways to choose 4 cards from 40). Multiply, do the same for 0, 1, 2 ... 6
pairs and add up. Divide by the number of hands: the number of ways to choose 6 cards from 112. (Python
calls "the number of ways to choose 6 cards from 112" `comb(112, 6)`.)

It feels rare, yet it happens about once in twelve hands: there are many pairs to hit (the same idea
as two people sharing a birthday in a class)."""


def twin_exact():
    # NBVAL_CHECK_OUTPUT
    twin = loco.twin_chance(cards=6)
    # comb(n, k): the number of ways to choose k cards from n
    no_twin = sum(comb(36, j) * 2 ** j * comb(40, 6 - j) for j in range(7))
    say(twin)
    print("by hand, the same:", twin == 1 - Fraction(no_twin, comb(112, 6)))


def twin_simulated(twin):
    twin_runs = converge(loco.mc_twin_chance, cards=6, samples=10_000, seed=1)
    simulated(twin_runs, twin)
    chart(twin_runs, twin, "A twin among 6 cards: the estimate settles on the exact value")


WILD_MD = """## 2. Will I get a wild card?

16 of the 112 cards are wild: they can be played on anything.

*How likely is it that your 6 cards hold at least one wild?*

"At least one" is easiest through its opposite: **no wild at all** means all 6 cards come from the
96 other cards. So the chance of no wild is

    (the number of ways to choose 6 cards from 96) / (the number of ways to choose 6 cards from 112)

and the chance of at least one wild is 1 minus that.

A little better than 3 hands in 5. With the Personal Recipe house rule (2 more wilds, 114 cards) the
chance goes up: the second line below."""


def wild_exact():
    # NBVAL_CHECK_OUTPUT
    wild = loco.wild_chance(cards=6)
    say(wild)
    print("by hand, the same:", wild == 1 - Fraction(comb(96, 6), comb(112, 6)))
    say(loco.wild_chance(cards=6, personal_recipes=True), "with the Personal Recipes")


def wild_simulated(wild):
    wild_runs = converge(loco.mc_wild_chance, cards=6, samples=10_000, seed=1)
    simulated(wild_runs, wild)
    chart(wild_runs, wild, "At least one wild among 6 cards")


PLAY_MD = """## 3. Can I play on the top card?

The top card of the play pile is a **red Bell**. A card may go on it when it is red, or a Bell, or a
wild (the Milk Chaser too, as long as you hold 2 cards or more). Among the 111 other cards that makes
23 red cards + 6 Bells of the other colours + 16 wilds = **45 cards that fit**, and 66 that do not.

*How likely is it that a hand of 6 cards holds at least one card that can be played?*

Again through the opposite: the hand is stuck only if all 6 cards come from the 66 that do not fit.
The chance of that is the number of ways to choose 6 cards from 66, divided by the number of ways to
choose 6 cards from 111; the chance you can play is 1 minus that.

Try another top card (`"Y-HotSauce"`, or `"NewRecipe"` with the colour chosen for it, `"red"`)."""


def play_exact():
    # NBVAL_CHECK_OUTPUT
    print("cards that fit, out of the others:", loco.playable_cards("R-Bell"))
    play = loco.playable_chance("R-Bell", cards=6)
    say(play)
    print("by hand, the same:", play == 1 - Fraction(comb(66, 6), comb(111, 6)))


def play_simulated(play):
    play_runs = converge(loco.mc_playable_chance, "R-Bell", cards=6, samples=10_000, seed=1)
    simulated(play_runs, play)
    chart(play_runs, play, "A card to play on a red Bell, with 6 cards")


STACK_MD = """## 4. How many cards does a Hot Sauce make someone draw?

You lay a **Hot Sauce**. The next player must stack another Hot Sauce on it, or lay the Milk Chaser
(which cancels the whole stack: nobody draws), or draw 2 cards for every Hot Sauce in the stack. If
they stack, the next player faces a bigger stack, and so on round the table.

The table: 4 players. The three others hold **6, 5 and 4 cards**. You hold 2 cards, one of them a
Hot Sauce, and the play pile shows 30 cards, one more Hot Sauce among them. So you have seen 32 of
the 112 cards: the other **80 cards** (the draw pile and the three hands) hide the other **5 Hot
Sauces** and the **Milk Chaser**, and any way of sharing them out is equally likely.

*How many cards will be drawn? What is the chance of each number, and how many on average?*

The exact answer adds up every way the Hot Sauces and the Milk Chaser can be shared between the three
hands (and the draw pile), each with its chance, and plays the stack out for each. We assume everyone
stacks whenever they can."""


def stack_exact():
    # NBVAL_CHECK_OUTPUT
    stack = loco.hot_sauce_stack([6, 5, 4], unseen=80, sauces=5, milk=1, mine=1)
    for cards, p in stack.items():
        say(p, f"{cards:2d} cards drawn")
    average = sum(cards * p for cards, p in stack.items())
    say(average, "on average", percent=False)


def stack_simulated(stack):
    sampled = loco.mc_hot_sauce_stack([6, 5, 4], unseen=80, sauces=5, milk=1, mine=1, samples=10_000, seed=1)
    compare(list(stack), list(stack.values()), [sampled[cards] for cards in stack],
            "Cards drawn after your Hot Sauce: exact and simulated", "chance")


def stack_average(average):
    stack_runs = converge(loco.mc_hot_sauce_stack, [6, 5, 4], unseen=80, sauces=5, milk=1, mine=1,
                          samples=10_000, seed=1, pick=sampled_mean)
    simulated(stack_runs, average)
    chart(stack_runs, average, "The average number of cards drawn", "cards", percent=False)


EXERCISES_MD = """## Your turn

Work these out with pencil and paper (or Python), then type your answer in the box: a fraction such as
`3/17` (or `3 in 17`), or a decimal or a percentage rounded to 3 significant figures, such as `0.176` or
`17.6%`. A wrong answer gets a hint; *Show the answer* gives the answer and how to find it."""


def _wild() -> Exercise:
    return Exercise(
        "One card is dealt from a full deck. What is the chance that it is a wild card?",
        loco.wild_chance(cards=1),
        hint="count the wild cards and the cards in the deck.",
        explanation="16 of the 112 cards are wild: 16/112 = 1/7.",
        mistakes={
            Fraction(16, 96): "16/96 compares the wild cards with the other cards. A chance compares them with "
                              "all the cards: 112.",
            1 - loco.wild_chance(cards=1): "That is the chance that the card is not wild.",
            loco.wild_chance(cards=1, personal_recipes=True): "That counts the 2 wilds of the Personal Recipes house "
                                                              "rule (114 cards). The full deck here has 112 cards.",
            loco.wild_chance(cards=6): "That is the chance for a hand of 6 cards (question 2). Here only one card "
                                       "is dealt.",
        })


def _draw() -> Exercise:
    good, others = loco.playable_cards("R-Bell")
    return Exercise(
        "The top card is a red Bell and none of your cards fits, so you draw one card. Pretend you know nothing "
        f"about the other {others} cards: what is the chance that the card you draw can be played?",
        Fraction(good, others),
        hint=f"how many of the {others} other cards are red, a Bell or a wild?",
        explanation="23 red cards + 6 other Bells + 16 wilds = 45 of the 111 other cards: 45/111 = 15/37.",
        mistakes={
            Fraction(good, others + 1): "The red Bell on top of the pile cannot be drawn: the card comes from the "
                                        "111 other cards.",
            Fraction(good + 1, others): "One card too many. The red Bell on top is not in the deck (23 red cards "
                                        "are left), and the other red Bell is red already: count it once.",
            Fraction(good + 2, others): "The red Bells are red already: count only the Bells of the other colours "
                                        "(6), and leave out the one on the pile.",
            Fraction(good - 16, others): "Wild cards can be played on anything: count the 16 wilds too.",
            Fraction(others - good, others): "That is the chance that the card does not fit.",
        })


#: the exercises by key (the key is stable: a class keeps its students' answers under it)
EXERCISES = {"loco-wild": _wild, "loco-draw": _draw}


def exercise_wild():
    exercise("loco-wild")


def exercise_draw():
    exercise("loco-draw")


#: the notebook, in order (the imports cell goes after the introduction)
NOTEBOOK = [
    ("markdown", "intro", INTRO),
    ("markdown", "twin-md", TWIN_MD),
    ("code", "twin-exact", twin_exact),
    ("code", "twin-simulated", twin_simulated),
    ("markdown", "wild-md", WILD_MD),
    ("code", "wild-exact", wild_exact),
    ("code", "wild-simulated", wild_simulated),
    ("markdown", "play-md", PLAY_MD),
    ("code", "play-exact", play_exact),
    ("code", "play-simulated", play_simulated),
    ("markdown", "stack-md", STACK_MD),
    ("code", "stack-exact", stack_exact),
    ("code", "stack-simulated", stack_simulated),
    ("code", "stack-average", stack_average),
    ("markdown", "exercises-md", EXERCISES_MD),
    ("code", "with-the-class", with_the_class),
    ("code", "exercise-wild", exercise_wild),
    ("code", "exercise-draw", exercise_draw),
]
