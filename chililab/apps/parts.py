"""Small pieces the dashboards share: their CSS, a chili picture, panels, and reading what a visitor types."""
from __future__ import annotations

from functools import cache
from importlib import resources
from urllib.parse import parse_qs, urlencode

import ipywidgets as W

from chililab.agents import agent_rng, choose_for
from chililab.engine import registry

#: the largest seed a visitor may type or link
MAX_SEED = 10**12

# a chili pepper drawn inline (emoji fonts are missing on many machines)
CHILI_SVG = ('<svg width="{s}" height="{s}" viewBox="0 0 64 64" style="vertical-align:-0.18em" aria-hidden="true">'
             '<path d="M41 17c-2-6 0-10 5-13" stroke="#95d5b2" stroke-width="5" fill="none" stroke-linecap="round"/>'
             '<path d="M36 16c9-3 18 3 16 15-2 13-17 27-44 28 13-7 19-15 21-26 1-9 1-15 7-17z" fill="#ffd166" '
             'stroke="#fff3c4" stroke-width="2"/></svg>')


def chili(size: int) -> str:
    """The chili picture, ``size`` pixels square."""
    return CHILI_SVG.format(s=size)


@cache
def css() -> str:
    """The dashboards' stylesheet (package data ``chililab/apps/static/dashboard.css``) as a ``<style>`` block."""
    text = (resources.files("chililab.apps") / "static" / "dashboard.css").read_text(encoding="utf-8")
    return f"<style>\n{text}</style>"


def tagged(widget, *classes):
    """``widget`` with these CSS classes (what the browser tests and the stylesheet find it by)."""
    for c in classes:
        widget.add_class(c)
    return widget


def big_switch(page, on_change=None) -> W.ToggleButton:
    """A page's "Big text (projector)" switch: pressed, ``page`` carries the class ``chili-big`` (the stylesheet
    enlarges its text; a dashboard also draws its table for a big screen, told by ``on_change(on)``)."""
    button = tagged(W.ToggleButton(value=False, description="Big text (projector)", layout=W.Layout(width="100%"),
                                   tooltip="Bigger text and pictures, to be read from the back of a classroom"),
                    "chili-big-toggle")

    def flip(change):
        (page.add_class if change["new"] else page.remove_class)("chili-big")
        if on_change is not None:
            on_change(change["new"])

    button.observe(flip, "value")
    return button


def panel(title, *children, cls=""):
    """A white box with a title over ``children``."""
    box = W.VBox([W.HTML(f'<div class="chili-panel-title">{title}</div>'), *children])
    box.add_class("chili-panel")
    if cls:
        box.add_class(cls)
    return box


def whole_number(text, what, lo, hi) -> int:
    """Read a whole number typed by a visitor, or raise ValueError with a readable reason.

    >>> whole_number(" 5 ", "Players", 2, 10)
    5
    >>> whole_number("4.5", "Players", 2, 10)
    Traceback (most recent call last):
    ...
    ValueError: Players must be a whole number from 2 to 10, not “4.5”.
    """
    t = str(text).strip()
    if not t:
        raise ValueError(f"{what}: type a whole number from {lo} to {hi}.")
    try:
        value = int(t)
    except ValueError:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}, not \u201c{t[:40]}\u201d.") from None
    if not lo <= value <= hi:
        raise ValueError(f"{what} must be from {lo} to {hi}, not {value}.")
    return value


def bots_until(game, seat, cap: int = 2000):
    """The game's usual bot plays every other seat until ``seat`` must decide (or the game ends)."""
    spec = registry.spec_of(game)
    bot, rng = spec.agent(spec.bot), agent_rng(game.seed)
    for _ in range(cap):
        if game.over or seat in game.decision.players:
            break
        s = game.decision.players[0]
        game.apply(choose_for(bot, game, s, rng))  # a move for another seat: AgentError
    return game


def share_query(lesson="", players=4, seed=0, seat=0, teacher=False) -> str:
    """The query string of a shared link: a lesson by its key, or a deal by players, seed and seat.

    >>> share_query(lesson="stir", teacher=True)
    'lesson=stir&teacher=1'
    >>> share_query(players=3, seed=12, seat=1)
    'players=3&seed=12&seat=1'
    """
    q = {"lesson": lesson} if lesson else {"players": players, "seed": seed, "seat": seat or 0}
    if teacher:
        q["teacher"] = 1
    return urlencode(q)


def read_query(query: str, spec) -> tuple[dict, list[str]]:
    """What a shared link asks for ({"players", "seed", "seat", "lesson", "teacher"}, all checked) and a
    sentence part for each thing in it that cannot be used.

    >>> from chililab.engine import registry
    >>> read_query("?players=3&seed=12&lesson=nope", registry.get("loco"))
    ({'players': 3, 'seed': 12}, ['there is no lesson “nope”'])
    """
    q = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    out: dict[str, int | str | bool] = {}
    problems: list[str] = []
    lo, hi = spec.players
    for key, what, a, b in (("players", "Players", lo, hi), ("seed", "Seed", 0, MAX_SEED), ("seat", "Seat", 0, hi - 1)):
        if key in q:
            try:
                out[key] = whole_number(q[key], what, a, b)
            except ValueError as e:
                problems.append(str(e).rstrip("."))
    if "lesson" in q:
        keys = {le.key for le in spec.lesson_list()}
        if q["lesson"] in keys:
            out["lesson"] = q["lesson"]
        else:
            problems.append(f"there is no lesson \u201c{q['lesson'][:40]}\u201d")
    if q.get("teacher", "") in ("1", "yes", "true"):
        out["teacher"] = True
    return out, problems
