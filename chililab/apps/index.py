"""The landing page (``dashboards/index.ipynb``): what chililab is, and a link to every registered game's dashboard
and every explorer.

>>> from chililab.apps import index
>>> 'href="loco.ipynb"' in index.dashboards_html()
True
"""
from __future__ import annotations

import html
import sys

import ipywidgets as W

from chililab.engine import registry

from . import classwork
from .explorers import explorers
from .parts import chili

TITLE = """<div style="background:linear-gradient(90deg,#9d0208,#e85d04);color:#fff;border-radius:12px;padding:18px 24px;margin:4px 0 14px">
<div style="font-size:2.1em;font-weight:700">{chili} chililab</div>
<div style="font-size:1.2em">{count} card games, played exactly by their rulebooks &mdash; a lab for learning rules, tactics and probability</div>
</div>
<p><b>chililab</b> plays the card games {games} step by step.
Every choice is a decision you can see, every change cites the rule clause behind it
(IDs like <code>{example}</code>), and you can step back, look from any player's seat, or let bots play.</p>"""

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def title_html() -> str:
    """The page's banner and introduction, naming every registered game.

    >>> "<i>Chili Mafia</i>" in title_html() and f"{NUMBERS[len(registry.names())]} card games" in title_html()
    True
    """
    specs = registry.specs()
    titles = [f"<i>{html.escape(s.title)}</i>" for s in specs]
    games = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    example = next((rid for s in specs for rid in s.clause_texts()), "RULE-ID-1")
    return TITLE.format(chili=chili(40), count=NUMBERS.get(len(specs), str(len(specs))), games=games,
                        example=html.escape(example))

CARD = """<a href="{page}" class="chili-index-link" style="display:block;min-width:280px;max-width:460px;flex:1;text-decoration:none;color:#2b2118;background:#fff8ee;border:2px solid #e85d04;border-radius:12px;padding:14px 18px">
<div style="font-size:1.45em;font-weight:700;color:#9d0208">{title} &rarr;</div>
<div style="font-size:1.05em;margin-top:4px">{summary}</div>
<div style="margin-top:6px;color:#6b5b4b;font-family:monospace">{address}</div>
</a>"""


def dashboard_pages() -> dict[str, str]:
    """{notebook name: game title} of every registered game with a dashboard."""
    return {f"{s.name}.ipynb": s.title for s in registry.specs() if s.dashboard}


def linked_explorers():
    """The explorers to link: all of them, but in a browser's Python (the static site, ``chililab site``)
    only those marked ``browser``, the ones the site carries."""
    return [e for e in explorers() if e.browser or sys.platform != "emscripten"]


def address(page: str) -> str:
    """The page's address under the site's root, as a teacher would share it: Voila's
    ``voila/render/loco.ipynb``, or in a browser's Python (the static site) ``voici/render/loco.html``."""
    if sys.platform == "emscripten":
        return f"voici/render/{page.removesuffix('.ipynb')}.html"
    return f"voila/render/{page}"


def dashboards_html() -> str:
    """One link card per registered game's dashboard, then one per explorer (``chililab.apps.explorers``)."""
    cards = []
    for s in registry.specs():
        if not s.dashboard:
            continue
        lessons = len(s.lesson_list())
        summary = "Play against bots" + (f", walk through {lessons} tutorial lessons (one per rule)" if lessons
                                         else "") + ", watch the flow of a turn."
        page = f"{s.name}.ipynb"
        cards.append(CARD.format(page=page, address=address(page), title=html.escape(s.title), summary=summary))
    cards += [CARD.format(page=e.page, address=address(e.page), title=html.escape(e.title),
                          summary=html.escape(e.summary))
              for e in linked_explorers()]
    if sys.platform != "emscripten":  # the server's own pages (not on the static site)
        cards.append(CARD.format(page="exercises.ipynb", address=address("exercises.ipynb"), title="Exercises",
                                 summary="The probability lessons' questions: work each one out and type your "
                                         "answer (in a class, your teacher sees it)."))
    return ('<h2>Dashboards</h2><div style="display:flex;flex-wrap:wrap;gap:14px;margin:8px 0 6px">'
            + "".join(cards) + "</div>")


def app() -> W.VBox:
    """The title, the class's join form (:class:`~chililab.apps.classwork.ClassBar`) and the dashboard links."""
    links = W.HTML(dashboards_html())
    links.add_class("chili-index")
    page = W.VBox([W.HTML(title_html()), classwork.ClassBar("index.ipynb", form=True), links])
    page.add_class("chili-index-page")
    return page
