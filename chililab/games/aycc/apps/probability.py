"""``notebooks/aycc_probability.ipynb``: a teacher's questions about All You Can Chili, answered exactly and
by simulation (see :mod:`chililab.apps.prob_lessons` for how the notebook is built from this module)."""
from __future__ import annotations

from fractions import Fraction

from chililab.games.aycc.odds import examples
from chililab.widgets.exercise import Exercise

# isort: split
# -- notebook imports (the first cell)
from chililab.apps.prob_lessons import chart, compare, exercise, say, simulated, with_the_class
from chililab.games.aycc import odds as aycc
from chililab.games.aycc.odds import NEUTRAL, Knowledge, kinds
from chililab.prob.running import converge

# -- end of notebook imports


INTRO = """# All You Can Chili: probability with secrets

In All You Can Chili every player has a **secret character** and a **secret tolerance** (a card from
16 to 24). Dishes are served onto the characters; a character whose heat goes **over** its owner's
tolerance **burns out** and scores nothing. One character on the table belongs to nobody: the
**Neutral**, which never burns out. You may **withdraw** your character at any time and score its dishes.

So every turn is a question of probability: *who is who, how much can they take, and should I stop now?*

The table in this notebook, seen from **your seat**:

- 2 players, so 3 characters: **King Naga** (you), **Piri Piri** and **Fuego Fred**. The other player
  plays Piri Piri or Fuego Fred; the one left over is the Neutral.
- Your tolerance is **18**. King Naga has dishes 6, 3 and 4: **heat 13**.
- **Piri Piri** has dishes 7, 7, 6 and 2: **heat 22**, and is still in the round. Fuego Fred has none.
- Your hand: dishes 1, 2, 3, 4. The other player holds 4 dishes, and 32 are in the deck.

Each question is answered twice: **exactly**, by counting every deal that fits what you see (Python
keeps the answer as a fraction, with no rounding; a fraction too long to read is printed as a decimal,
and the cell keeps the exact fraction in a name you can type to see it), and **by simulation**: the
computer deals the secret cards at random thousands of times, keeps the deals that fit what you see, and counts. The simulated *estimate* comes with a **99%
interval**, and the chart shows it closing in on the exact value (the dashed line) as the deals pile
up: the **law of large numbers**."""


def position():
    # NBVAL_CHECK_OUTPUT
    me = Knowledge(seat=0, character="king_naga", tolerance=18, row=("king_naga", "piri_piri", "fuego_fred"),
                   piles={"king_naga": kinds("6 3 4"), "piri_piri": kinds("7 7 6 2")}, hand=kinds("1 2 3 4"),
                   hand_sizes={1: 4}, deck_size=32)
    print("heats:", {c: me.heat(c) for c in me.row})


DISHES_MD = """## The dishes you have not seen

An *unknown dish* (the next dish the other player serves, or the next one you draw) is any of the
cards you have not seen: the deck and the other player's hand, 36 dishes. Their flames:"""


def dishes(me):
    # NBVAL_CHECK_OUTPUT
    flames = aycc.flame_odds(me)
    unseen = sum(me.unseen().values())
    for flame, p in flames.items():
        print(f"flame {flame}: {p * unseen} of {unseen} dishes")


NEUTRAL_MD = """## 1. Is Piri Piri the Neutral?

Before anything was served, the other player was Piri Piri or Fuego Fred, equally likely: a chance of
1/2 that Piri Piri is the Neutral. But Piri Piri now stands at **heat 22** and has not burned out.
What does that tell you?

**Count the deals.** The other player has one of the 8 tolerance cards you do not hold (16 to 24
except your 18), and one of 2 characters: 16 deals, all equally likely at the start.

- If the other player is **Piri Piri**, their tolerance must be at least 22 (or Piri Piri would have
  burned out): only 22, 23 or 24 fit. **3 deals.**
- If the other player is **Fuego Fred**, Piri Piri is the Neutral and never burns out: all 8
  tolerances fit. **8 deals.**

11 deals fit what you see, and 8 of them make Piri Piri the Neutral: **8/11**. Seeing Piri Piri
survive made it much more likely to be the Neutral. This is **Bayes' rule**: the evidence keeps the
deals that fit it, and the chances are shared out among those."""


def neutral_exact(me):
    # NBVAL_CHECK_OUTPUT
    piri = aycc.posterior(me).character("piri_piri")
    for tolerance, p in piri.items():
        say(p, "Piri Piri is the Neutral" if tolerance is NEUTRAL else f"the owner's tolerance is {tolerance}")


def neutral_simulated(me, piri):
    sampled = aycc.mc_posterior(me, samples=10_000, seed=1)[1]["piri_piri"]
    labels = ["Neutral" if t is NEUTRAL else f"tolerance {t}" for t in piri]
    compare(labels, list(piri.values()), [sampled[t] for t in piri], "Who holds Piri Piri? Exact and simulated")


def neutral_converging(me, piri):
    # follow one number of the simulated posterior: P(Piri Piri is the Neutral)
    neutral_runs = converge(aycc.mc_posterior, me, samples=10_000, seed=1, pick=lambda r: r[1]["piri_piri"][NEUTRAL])
    simulated(neutral_runs, piri[NEUTRAL])
    chart(neutral_runs, piri[NEUTRAL], "Piri Piri is the Neutral: the estimate settles on 8/11")


BURN_MD = """## 2. Will Piri Piri burn out on the next dish?

The other player serves an unknown dish onto Piri Piri. *How likely is it to burn out?*

It burns out only if it has an owner (3 deals in 11) and the dish takes it **over** that owner's
tolerance:

- tolerance 22 (1 deal in 11): any dish does it, 36 dishes of 36;
- tolerance 23 (1 in 11): flame 2 or more, 30 of 36;
- tolerance 24 (1 in 11): flame 3 or more, 25 of 36.

So P = (36 + 30 + 25) / (11 x 36) = 91/396: a little less than 1 in 4."""


def burn_exact(me):
    # NBVAL_CHECK_OUTPUT
    burn = aycc.burn_chance(me, "piri_piri")
    say(burn)
    for character, p in aycc.burn_table(me).items():
        say(p, f"{character} burns out")


def burn_simulated(me, burn):
    burn_runs = converge(aycc.mc_burn_chance, me, "piri_piri", samples=10_000, seed=1)
    simulated(burn_runs, burn)
    chart(burn_runs, burn, "Piri Piri burns out on an unknown dish")


HAND_MD = """## 3. Which of my dishes should I serve Piri Piri?

Now it is your turn, and you could serve Piri Piri a dish from your hand: 1, 2, 3 or 4.
*Which one is most likely to burn it out?*

A dish of flame `f` burns Piri Piri out when it has an owner whose tolerance is under `22 + f`. Each
of the tolerances 22, 23, 24 has 1 deal in 11: so flame 1 burns with chance 1/11, flame 2 with 2/11,
flames 3 and 4 with 3/11. The 4 is no better than the 3, and keeps a bigger dish for later."""


def hand_exact(me):
    # NBVAL_CHECK_OUTPUT
    dishes_in_hand = me.hand
    serve = {dish.flame: aycc.burn_chance(me, "piri_piri", dish=dish) for dish in dishes_in_hand}
    for flame, p in serve.items():
        say(p, f"serving the {flame}")


def hand_simulated(me, serve, dishes_in_hand):
    estimates = [aycc.mc_burn_chance(me, "piri_piri", dish=dish, samples=10_000, seed=1) for dish in dishes_in_hand]
    compare([f"dish {flame}" for flame in serve], list(serve.values()), estimates,
            "Piri Piri burns out, dish by dish: exact and simulated")


def hand_converging(me, serve, dishes_in_hand):
    three = dishes_in_hand[2]
    three_runs = converge(aycc.mc_burn_chance, me, "piri_piri", dish=three, samples=10_000, seed=1)
    simulated(three_runs, serve[3])
    chart(three_runs, serve[3], "Serving the 3 to Piri Piri: it burns out")


STAY_MD = """## 4. Withdraw now, or one more dish?

If you withdraw now, King Naga scores its dishes: 6 + 3 + 4 = **13 points**.

Or you wait for one more unknown dish to land on King Naga, then withdraw. Your tolerance is 18, so
a dish of flame 6 or 7 (8 of the 36) burns you out: 0 points. A 5 brings you to exactly 18: the
dish's 5 points and the **+10 bonus** for an exact match. A smaller dish just adds its points (the
Latte, flame 1, is worth 7 points; a dish with the Chili icon brings the Chili token, +5). The Eye,
Lock and Fork icons are left out: what they do depends on later choices.

*Which is better on average?* The **expected value** of one more dish is the average score over the
36 equally likely dishes: each score times its chance, added up. Here it is about 15, more than 13:
on average the risk pays. (An average is not a promise: 2 times in 9 you score nothing.)"""


def stay_exact(me):
    # NBVAL_CHECK_OUTPUT
    print("withdraw now:", aycc.withdraw_value(me), "points")
    stay = aycc.serve_value(me)
    say(stay, "one more dish, on average", percent=False)
    for score, p in aycc.score_distribution(me).items():
        say(p, f"score {score:2d}")


def stay_simulated(me, stay):
    stay_runs = converge(aycc.mc_serve_value, me, samples=10_000, seed=1)
    simulated(stay_runs, stay)
    chart(stay_runs, stay, "One more dish, then withdraw: the average score", "points", percent=False)


EXERCISES_MD = """## Your turn

Use the table of the dishes you have not seen (above). Type your answer in the box: a fraction such as
`3/17` (or `3 in 17`), or a decimal or a percentage rounded to 3 significant figures, such as `0.176` or
`17.6%`. A wrong answer gets a hint; *Show the answer* gives the answer and how to find it."""

#: the mistakes both exercises share: counting the flame values, the deck only, or every dish of the game
_COUNTING = ("The 7 flames are not equally common: count the dishes with each flame among the 36 you have not "
             "seen, not the flame values.",
             "The other player's 4 dishes are unseen too: there are 36 unseen dishes, not the 32 in the deck.",
             "Count only the dishes you have not seen: 36, not all 47 dishes of the game.")


def _burn() -> Exercise:
    me = examples.two_players()  # the lesson's table (the notebook's me)
    return Exercise(
        "An unknown dish lands on King Naga (your character: heat 13, tolerance 18). What is the chance that you "
        "burn out?",
        aycc.burn_chance(me, "king_naga"),
        hint="which flames take 13 over 18, and how many of the 36 unseen dishes have them?",
        explanation="Flames 6 and 7 burn you out: 4 + 4 = 8 of the 36 dishes, 8/36 = 2/9.",
        mistakes={
            Fraction(15, 36): "Reaching exactly 18 does not burn you out: only going over 18 does. A 5 takes you "
                              "to exactly 18, which is safe (and worth the +10).",
            Fraction(4, 36): "A 6 and a 7 both take 13 over 18: count the dishes of both flames.",
            Fraction(2, 7): _COUNTING[0],
            Fraction(8, 32): _COUNTING[1],
            Fraction(12, 47): _COUNTING[2],
            Fraction(28, 36): "That is the chance that you do not burn out.",
        })


def _exact() -> Exercise:
    me = examples.two_players()
    return Exercise(
        "And what is the chance that the unknown dish brings King Naga to exactly 18, for the +10 bonus?",
        aycc.flame_odds(me)[5],
        hint="which flame takes 13 to exactly 18?",
        explanation="Only a 5 does: 7 of the 36 dishes, 7/36.",
        mistakes={
            Fraction(1, 7): _COUNTING[0],
            Fraction(7, 32): _COUNTING[1],
            Fraction(7, 47): _COUNTING[2],
            Fraction(15, 36): "That counts every dish that takes you to 18 or more. Only a 5 lands exactly on 18.",
            Fraction(1, 36): "There is more than one dish with flame 5: count them all.",
            aycc.burn_chance(me, "king_naga"): "That is the chance of going over 18 (the exercise above). Here you "
                                              "need exactly 18.",
        })


#: the exercises by key (the key is stable: a class keeps its students' answers under it)
EXERCISES = {"aycc-burn": _burn, "aycc-exact": _exact}


def exercise_burn():
    exercise("aycc-burn")


def exercise_exact():
    exercise("aycc-exact")


#: the notebook, in order (the imports cell goes after the introduction)
NOTEBOOK = [
    ("markdown", "intro", INTRO),
    ("code", "position", position),
    ("markdown", "dishes-md", DISHES_MD),
    ("code", "dishes", dishes),
    ("markdown", "neutral-md", NEUTRAL_MD),
    ("code", "neutral-exact", neutral_exact),
    ("code", "neutral-simulated", neutral_simulated),
    ("code", "neutral-converging", neutral_converging),
    ("markdown", "burn-md", BURN_MD),
    ("code", "burn-exact", burn_exact),
    ("code", "burn-simulated", burn_simulated),
    ("markdown", "hand-md", HAND_MD),
    ("code", "hand-exact", hand_exact),
    ("code", "hand-simulated", hand_simulated),
    ("code", "hand-converging", hand_converging),
    ("markdown", "stay-md", STAY_MD),
    ("code", "stay-exact", stay_exact),
    ("code", "stay-simulated", stay_simulated),
    ("markdown", "exercises-md", EXERCISES_MD),
    ("code", "with-the-class", with_the_class),
    ("code", "exercise-burn", exercise_burn),
    ("code", "exercise-exact", exercise_exact),
]
