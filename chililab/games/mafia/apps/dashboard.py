"""Chili Mafia's dashboard (``dashboards/mafia.ipynb``): play against bots, the lessons, the flow, the rulebook's
example turn replayed step by step, and a gang-scoring calculator.

>>> from chililab.games.mafia.apps import dashboard as mafia
>>> page = mafia.app()
>>> page.stepper.game.seed, page.stepper.seat
(7, 0)
>>> calc = GangCalculator()
>>> for key in ("ghost", "ghost", "ghost"): calc.add(key)
>>> calc.points
48
"""
from __future__ import annotations

import html

import ipywidgets as W

from chililab.apps.game import GameDashboard
from chililab.games.mafia.lessons import example_turn
from chililab.games.mafia.pictures import card_svg
from chililab.games.mafia.rules import checks as scoring
from chililab.games.mafia.rules.cards import PEPPERS, of_key
from chililab.widgets.guided import GuidedReplay

#: the deal every visitor sees first (browser tests rely on it)
START = {"players": 4, "seed": 7, "seat": 0}
#: the peppers of the base game, mildest first (the calculator's buttons)
BASE_PEPPERS = tuple((key, name, strength) for key, name, strength, *_rest, box in PEPPERS if box == "base")
MOST = 8  # the calculator's longest gang (the Sweet Chili and seven more)


class GangCalculator(W.VBox):
    """Pick peppers one by one and read the gang's score explained in words (MAFIA-GANG-2/3, MAFIA-SCORE-2).

    A pepper button adds one copy; "remove last" and "clear" undo. The explanation says whether the gang is
    complete, Mixed or a Brotherhood, and adds up its points as the rulebook's scoring example does.
    """

    def __init__(self, peppers=()):
        super().__init__()
        self.add_class("mafia-calculator")
        self.peppers: list[str] = []  # pepper keys, in the order picked (``keys`` is a Widget trait)
        buttons = []
        for key, name, strength, *_ in BASE_PEPPERS:
            b = W.Button(description=f"{name} {strength}", tooltip=f"add a {name} (strength {strength})",
                         layout=W.Layout(width="auto", margin="2px"))
            b.add_class("mafia-calc-add")
            b.on_click(lambda _, k=key: self.add(k))
            buttons.append(b)
        self.w_undo = W.Button(description="remove last", layout=W.Layout(width="auto", margin="2px"))
        self.w_undo.add_class("mafia-calc-undo")
        self.w_clear = W.Button(description="clear", layout=W.Layout(width="auto", margin="2px"))
        self.w_clear.add_class("mafia-calc-clear")
        self.w_undo.on_click(lambda _: self.remove_last())
        self.w_clear.on_click(lambda _: self.clear())
        self.w_gang = W.HTML()
        self.w_gang.add_class("mafia-calc-gang")
        self.w_words = W.HTML()
        self.w_words.add_class("mafia-calc-words")
        self.children = [W.HTML('<span class="chili-muted">Pick peppers to build one gang; its score is explained '
                                'below.</span>'),
                         W.HBox(buttons + [self.w_undo, self.w_clear], layout=W.Layout(flex_flow="row wrap")),
                         self.w_gang, self.w_words]
        for key in peppers:
            self.add(key)
        self.refresh()

    def cards(self):
        """The gang as physical cards (distinct copies)."""
        seen: dict[str, int] = {}
        out = []
        for key in self.peppers:
            out.append(of_key(key)[seen.get(key, 0)])
            seen[key] = seen.get(key, 0) + 1
        return out

    @property
    def points(self) -> int:
        return scoring.score(self.cards())

    def add(self, key: str):
        if len(self.peppers) < MOST:
            self.peppers.append(key)
        self.refresh()

    def remove_last(self):
        if self.peppers:
            self.peppers.pop()
        self.refresh()

    def clear(self):
        self.peppers = []
        self.refresh()

    def explanation(self) -> str:
        """The gang's score in words (or why it is no gang)."""
        gang = self.cards()
        if not gang:
            return "No peppers yet: a gang needs 3 or more."
        problem = scoring.why_invalid(gang)
        if problem is not None:
            return f"Not a gang: {problem}."
        if len(gang) < 3:
            return (f"Incomplete ({len(gang)} pepper{'s' if len(gang) > 1 else ''}): a gang needs 3 or more. "
                    "An incomplete gang is discarded at scoring and gives no Hot card.")
        return scoring.explain(gang) + "."

    def refresh(self):
        gang = self.cards()
        self.w_gang.value = " ".join(card_svg(c, 54) for c in gang) if gang else ""
        self.w_words.value = f'<div style="font-size:1.1em;margin-top:4px"><b>{html.escape(self.explanation())}</b></div>'
        self.w_undo.disabled = self.w_clear.disabled = not self.peppers


def example_replay(table_width: int = 760) -> GuidedReplay:
    """The rulebook's example turn (Kate and Joe, MAFIA-EX-1), one move at a time."""
    return GuidedReplay(*example_turn(), table_width=table_width,
                        title="Kate's turn, as the rulebook tells it (Joe is Player 1, Kate is Player 2)")


def app(**start) -> GameDashboard:
    """The Chili Mafia dashboard; ``players=``, ``seed=``, ``seat=`` change the first deal."""
    page = GameDashboard("mafia", **{**START, **start})
    page.replay = example_replay()
    page.calculator = GangCalculator(("sweet", "poblano", "tabasco", "moruga"))
    page.add_panel("The rulebook's example turn", page.replay, cls="mafia-example-box")
    page.add_panel("Score a gang", page.calculator, cls="mafia-calculator-box")
    return page
