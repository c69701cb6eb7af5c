"""Chili Mafia probability explorer (``dashboards/mafia_explorer.ipynb``): exact chances beside simulation.

The questions of :mod:`chililab.games.mafia.odds`, each with its sliders, dropdowns and checkboxes:

- a **Brotherhood** among ``cards`` random cards (:func:`~chililab.games.mafia.odds.brotherhood_chance`);
- in the **opening hand after the draft**: exact as 6 random cards, simulated by dealing and playing
  the draft with random picks (:func:`~chililab.games.mafia.odds.mc_drafted_brotherhood_chance`);
- somewhere **in the draft's cards**, and in **some seat's packet** as dealt (exact for 2-4 players);
- a **Hot card can be defended**: a Fuggedaboutit among the defenders' hidden hands, given the
  cards one player has seen (:func:`~chililab.games.mafia.odds.defend_chance`).

>>> page = app(seed=1)
>>> page.current.key, page.exact
('drafted', {'a Brotherhood': Fraction(142202743, 1052618392)})
>>> page.params["fugg_seen"].value = 6; page.question.value = "defend"
>>> "Not changed" in page.msg.value, page.current.key
(True, 'drafted')
"""
from __future__ import annotations

import ipywidgets as W

from chililab.apps.questions import Question, QuestionExplorer
from chililab.engine.words import plural
from chililab.games.mafia import odds as mafia
from chililab.games.mafia.rules.cards import HAND_SIZE

HOW_TO = """<details class="chili-howto"><summary><b>What this page computes</b></summary>
<ul style="margin:4px 0 0 -12px">
<li>A <b>Brotherhood</b>: a gang of 3 peppers or more whose peppers other than the Sweet Chili (at least
2) share a name. So cards hold one when they have 3 peppers of one name, or 2 and a Sweet Chili.</li>
<li>The deck depends on the players: 98 cards for 2-4 players, 150 for 5-8 (the Dawn Raid is set aside).</li>
<li><b>Exact</b> values count every possible set of cards, with no rounding (a long fraction is shown as a
percentage and &ldquo;about 1 in N&rdquo;: click it to see the exact fraction).
<b>Simulated</b> values deal at random many times; the 99% interval holds the true value in 99 runs
out of 100. Press <i>simulate more</i> and watch the estimate close in on the exact value.</li>
</ul></details>"""

BROTHERHOOD = "a Brotherhood"
DEFENDED = "a Fuggedaboutit is out there"


def options(p) -> dict:
    """The game options the deck questions use (only those changed from the defaults)."""
    out = {"goodfellas_peppers": True} if p.get("goodfellas") else {}
    if p.get("sweet", 6) != 6:
        out["sweet_chili_2to4"] = p["sweet"]
    return out


def seen_cards(p) -> list:
    """The cards the player has seen: ``fugg_seen`` Fuggedaboutits and ``other_seen`` other cards (which
    ones does not change the answer)."""
    d = mafia.table_deck(p["players"])
    fuggs = [c for c in d if c.key == mafia.FUGG]
    others = [c for c in d if c.key != mafia.FUGG]
    if p["fugg_seen"] > len(fuggs):
        raise ValueError(f"the deck for {p['players']} players holds {len(fuggs)} Fuggedaboutits, "
                         f"not {p['fugg_seen']}")
    return fuggs[:p["fugg_seen"]] + others[:p["other_seen"]]


def _defend_args(p) -> tuple[int, list, list]:
    return p["players"], [p["hand"]] * p["defenders"], seen_cards(p)


def _deck_words(p) -> str:
    extra = [w for w, on in (("Goodfellas peppers", p["goodfellas"]),
                             (f"{p['sweet']} Sweet Chilis", p["sweet"] != 6 and p["players"] <= 4)) if on]
    return f" ({', '.join(extra)})" if extra else ""


def _packet_chance(p):
    if p["players"] > mafia.EXACT_PACKETS:
        raise ValueError(f"the exact count is too large for {p['players']} packets: it is made for 2 to "
                         f"{mafia.EXACT_PACKETS} players (pick fewer players, or another question)")
    return mafia.packet_brotherhood_chance(p["players"], options(p))


DECK = ("players", "goodfellas", "sweet")

QUESTIONS = (
    Question("drafted", "a Brotherhood in the opening hand (after the draft)", DECK,
             lambda p: {BROTHERHOOD: mafia.brotherhood_chance(p["players"], HAND_SIZE, options(p))},
             lambda p, n, rng: {BROTHERHOOD: mafia.mc_drafted_brotherhood_chance(p["players"], options(p), n, rng)},
             lambda p: f"{p['players']} players{_deck_words(p)}: how likely does your opening hand of 6 cards "
                       "hold a Brotherhood?",
             note="Exact: the 6 cards are a random set of the deck. Simulated: the deal and the draft are played, "
                  "each seat picking a random card of its packet (with 2 players there is no draft)."),
    Question("hand", "a Brotherhood among random cards", ("cards", *DECK),
             lambda p: {BROTHERHOOD: mafia.brotherhood_chance(p["players"], p["cards"], options(p))},
             lambda p, n, rng: {BROTHERHOOD: mafia.mc_brotherhood_chance(p["players"], p["cards"], options(p), n,
                                                                          rng)},
             lambda p: f"{p['players']} players{_deck_words(p)}: how likely do {p['cards']} random cards of the deck "
                       "hold a Brotherhood?"),
    Question("draft", "a Brotherhood somewhere in the draft's cards", DECK,
             lambda p: {BROTHERHOOD: mafia.draft_brotherhood_chance(p["players"], options(p))},
             lambda p, n, rng: {BROTHERHOOD: mafia.mc_draft_brotherhood_chance(p["players"], options(p), n, rng)},
             lambda p: f"{p['players']} players{_deck_words(p)}: how likely do the {6 * p['players']} cards dealt "
                       "for the draft hold the makings of a Brotherhood between them?"),
    Question("packet", "a seat is dealt a packet with a Brotherhood", DECK,
             lambda p: {BROTHERHOOD: _packet_chance(p)},
             lambda p, n, rng: {BROTHERHOOD: mafia.mc_packet_brotherhood_chance(p["players"], options(p), n, rng)},
             lambda p: f"{p['players']} players{_deck_words(p)}: how likely is at least one seat dealt a packet of "
                       "6 cards that holds a Brotherhood?",
             note=f"Counted exactly for 2 to {mafia.EXACT_PACKETS} players (the count grows too fast beyond)."),
    Question("defend", "a Hot card can be defended", ("players", "defenders", "hand", "fugg_seen", "other_seen"),
             lambda p: {DEFENDED: mafia.defend_chance(*_defend_args(p))},
             lambda p, n, rng: {DEFENDED: mafia.mc_defend_chance(*_defend_args(p), samples=n, seed=rng)},
             lambda p: f"{p['players']} players; you play a Hot card. {plural(p['defenders'], 'player')} may "
                       f"answer it, each holding {p['hand']} cards; you have seen "
                       f"{plural(p['fugg_seen'], 'Fuggedaboutit')} and {plural(p['other_seen'], 'other card')}. "
                       "How likely does a defender hold a Fuggedaboutit?",
             note="Every card out of sight is equally likely to be in a hidden hand; left out: Hot Properties and "
                  "reading the other players' choices."),
)


def params() -> dict:
    """The parameter widgets, by the names the questions use."""
    return {
        "players": W.IntSlider(value=4, min=2, max=8, description="players"),
        "cards": W.IntSlider(value=HAND_SIZE, min=1, max=48, description="random cards"),
        "goodfellas": W.Checkbox(value=False, description="Goodfellas peppers", indent=False),
        "sweet": W.Dropdown(options=[5, 6, 7, 8], value=6, description="Sweet Chilis (2-4 players)"),
        "defenders": W.IntSlider(value=3, min=1, max=7, description="players who may defend"),
        "hand": W.IntSlider(value=5, min=0, max=8, description="cards in each defender's hand"),
        "fugg_seen": W.IntSlider(value=0, min=0, max=8, description="Fuggedaboutits you have seen"),
        "other_seen": W.IntSlider(value=6, min=0, max=120, description="other cards you have seen"),
    }


def app(seed=None, question: str = "drafted", **values) -> QuestionExplorer:
    """The explorer; ``question=`` (drafted, hand, draft, packet, defend) and parameter values
    (``players=3``, ``fugg_seen=1`` ...) set what it shows first."""
    return QuestionExplorer("mafia", "Chili Mafia: probability explorer", "exact chances beside simulation",
                            QUESTIONS, params(), HOW_TO, seed=seed, question=question, **values)
