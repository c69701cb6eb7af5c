"""Chili Loco probability explorer (``dashboards/loco_explorer.ipynb``): exact chances beside simulation.

The questions of :mod:`chililab.games.loco.odds`, each with its sliders, dropdowns and checkboxes:

- a **twin pair** in a hand of ``cards`` cards (:func:`~chililab.games.loco.odds.twin_chance`);
- at least ``wilds`` **wild cards** in the hand (:func:`~chililab.games.loco.odds.wild_chance`);
- a card **playable on the top card** picked in a dropdown (:func:`~chililab.games.loco.odds.playable_chance`);
- the number of cards drawn after you lay a **Hot Sauce**, with the players at the table and their
  hand sizes (:func:`~chililab.games.loco.odds.hot_sauce_stack`).

Each is answered exactly (a fraction) and by its Monte Carlo twin (99% interval), with "simulate
10 / 100 / 10,000 more" and a convergence chart (:class:`chililab.apps.questions.QuestionExplorer`).

>>> page = app(seed=1)
>>> page.exact
{'a twin pair': Fraction(...)}
>>> page.params["unseen"].value = 3; page.question.value = "stack"
>>> "Not changed" in page.msg.value, page.current.key
(True, 'twin')
"""
from __future__ import annotations

from functools import cache

import ipywidgets as W

from chililab.apps.questions import Question, QuestionExplorer, distribution
from chililab.engine.words import plural
from chililab.games.loco import odds as loco
from chililab.games.loco.rules.cards import COLOURS, deck

HOW_TO = """<details class="chili-howto"><summary><b>What this page computes</b></summary>
<ul style="margin:4px 0 0 -12px">
<li>The deck: 112 cards (114 with the two Personal Recipes); an opening hand is 6 cards, and every
set of cards is equally likely to be dealt.</li>
<li><b>Exact</b> values count every possible hand (for 6 cards: every way to choose 6 cards from 112),
with no rounding. A long fraction is shown as a percentage and &ldquo;about 1 in N&rdquo;: click it to see
the exact fraction.</li>
<li><b>Simulated</b> values deal random hands many times; the 99% interval holds the true value
in 99 runs out of 100. Press <i>simulate more</i> and watch the estimate close in on the exact value.</li>
</ul></details>"""


@cache
def top_cards() -> list[tuple[str, str]]:
    """(label, code) of every distinct card of the base deck, for the top-card dropdown.

    >>> top_cards()[0], len(top_cards())
    (('red Bell', 'R-Bell'), 54)
    """
    out: dict[str, str] = {}  # code -> label
    for c in deck(False):
        out.setdefault(c.code, f"{c.colour} {c.name}" if c.colour else f"{c.name} (wild)")
    return [(label, code) for code, label in out.items()]


def _top_label(p) -> str:
    label = dict((code, label) for label, code in top_cards())[p["top"]]
    return f"{label}, named {p['colour']}" if _colour(p) else label


def _colour(p):
    """The colour named for a wild top card; a coloured top card has its own (None)."""
    return None if "-" in p["top"] else p["colour"]


def _recipes(p) -> str:
    return " (with the Personal Recipes)" if p["personal"] else ""


def _stack_label(k: int) -> str:
    return "0 (Milk Chaser)" if k == 0 else f"{k} cards"


def _stack_args(p) -> tuple[list[int], int, int, int, int]:
    """(hands, unseen, sauces, milk, mine) of :func:`~chililab.games.loco.odds.hot_sauce_stack`."""
    return [p["hand"]] * (p["players"] - 1), p["unseen"], p["sauces"], int(p["milk"]), p["mine"]


QUESTIONS = (
    Question("twin", "a twin pair in the hand", ("cards", "personal"),
             lambda p: {"a twin pair": loco.twin_chance(p["cards"], p["personal"])},
             lambda p, n, rng: {"a twin pair": loco.mc_twin_chance(p["cards"], p["personal"], samples=n, seed=rng)},
             lambda p: f"How likely does a hand of {p['cards']} random cards{_recipes(p)} hold a twin: two "
                       "identical cream cards (same name and colour)?"),
    Question("wild", "wild cards in the hand", ("cards", "wilds", "personal"),
             lambda p: {f"at least {p['wilds']} wild": loco.wild_chance(p["cards"], p["wilds"], p["personal"])},
             lambda p, n, rng: {f"at least {p['wilds']} wild": loco.mc_wild_chance(
                 p["cards"], p["wilds"], p["personal"], samples=n, seed=rng)},
             lambda p: f"How likely does a hand of {p['cards']} random cards{_recipes(p)} hold at least "
                       f"{plural(p['wilds'], 'wild card')}?"),
    Question("playable", "a card you may lay on the top card", ("top", "colour", "cards", "personal"),
             lambda p: {"a playable card": loco.playable_chance(p["top"], _colour(p), p["cards"], p["personal"])},
             lambda p, n, rng: {"a playable card": loco.mc_playable_chance(
                 p["top"], _colour(p), p["cards"], p["personal"], samples=n, seed=rng)},
             lambda p: f"The top card is {_top_label(p)}: how likely does a hand of {p['cards']} random cards hold one "
                       "you may lay on it (its colour, its name, or a wild)?",
             note="The hand comes from the deck without the top card; Milk Chaser needs 2 cards or more."),
    Question("stack", "Hot Sauce: how many cards are drawn", ("players", "hand", "unseen", "sauces", "milk", "mine"),
             lambda p: {_stack_label(k): v for k, v in loco.hot_sauce_stack(*_stack_args(p)).items()},
             lambda p, n, rng: _mc_stack(p, n, rng),
             lambda p: f"You lay a Hot Sauce at a table of {p['players']}; each other player holds {p['hand']} "
                       f"cards from the {p['unseen']} you have not seen, among them {plural(p['sauces'], 'Hot Sauce')}"
                       + (" and the Milk Chaser" if p["milk"] else "") + ". How many cards end up drawn?",
             note="Everyone stacks a Hot Sauce when they can, else lays the Milk Chaser (with 2 cards or more), "
                  "else draws 2 per Hot Sauce; left out: choosing not to stack, help requests.",
             axis="cards drawn"),
)


def _mc_stack(p, n, rng) -> dict:
    d = loco.mc_hot_sauce_stack(*_stack_args(p), samples=n, seed=rng)
    exact = {_stack_label(k): 0 for k in loco.hot_sauce_stack(*_stack_args(p))}
    return distribution(exact, d.counts, n, _stack_label)


def params() -> dict:
    """The parameter widgets, by the names the questions use."""
    return {
        "cards": W.IntSlider(value=loco.HAND, min=1, max=30, description="cards in the hand"),
        "wilds": W.IntSlider(value=1, min=1, max=6, description="at least this many wilds"),
        "top": W.Dropdown(options=top_cards(), value="R-Bell", description="top card"),
        "colour": W.Dropdown(options=list(COLOURS), value="red", description="colour named (wild top card)"),
        "personal": W.Checkbox(value=False, description="with the 2 Personal Recipe cards", indent=False),
        "players": W.IntSlider(value=4, min=2, max=10, description="players at the table"),
        "hand": W.IntSlider(value=5, min=1, max=12, description="cards in each other hand"),
        "unseen": W.IntSlider(value=80, min=1, max=111, description="cards you have not seen"),
        "sauces": W.IntSlider(value=6, min=0, max=7, description="Hot Sauces among them"),
        "milk": W.Checkbox(value=True, description="the Milk Chaser is among them", indent=False),
        "mine": W.IntSlider(value=0, min=0, max=7, description="Hot Sauces you still hold"),
    }


def app(seed=None, question: str = "twin", **values) -> QuestionExplorer:
    """The explorer; ``question=`` (twin, wild, playable, stack) and parameter values (``cards=7``,
    ``top="G-HotSauce"`` ...) set what it shows first."""
    return QuestionExplorer("loco", "Chili Loco: probability explorer", "exact chances beside simulation",
                            QUESTIONS, params(), HOW_TO, seed=seed, question=question, **values)
