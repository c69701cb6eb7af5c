"""The landing page (``dashboards/index.ipynb``): what chililab is, the class's join form, a teacher's five steps
(beside the form, so at 1366×768 they are on the first screen), and a link to every registered game's dashboard
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
from .lobby import Lobby
from .parts import chili

BANNER = """<div style="background:linear-gradient(90deg,#9d0208,#e85d04);color:#fff;border-radius:12px;padding:18px 24px;margin:4px 0 14px">
<div style="font-size:2.1em;font-weight:700">{chili} chililab</div>
<div style="font-size:1.2em">{count} card games, played exactly by their rulebooks &mdash; a lab for learning rules, tactics and probability</div>
</div>"""

INTRO = """<p style="margin-top:0"><b>chililab</b> plays the card games {games} step by step.
Every choice is a decision you can see, every change cites the rule clause behind it
(IDs like <code>{example}</code>), and you can step back, look from any player's seat, or let bots play.</p>"""

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def title_html() -> str:
    """The page's banner and introduction, naming every registered game.

    >>> "<i>Chili Mafia</i>" in title_html() and f"{NUMBERS[len(registry.names())]} card games" in title_html()
    True
    """
    return banner_html() + intro_html()


def banner_html() -> str:
    """The banner: chililab and how many card games."""
    count = len(registry.specs())
    return BANNER.format(chili=chili(40), count=NUMBERS.get(count, str(count)))


def intro_html() -> str:
    """What chililab does, naming every registered game and one of their rule IDs."""
    specs = registry.specs()
    titles = [f"<i>{html.escape(s.title)}</i>" for s in specs]
    games = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    example = next((rid for s in specs for rid in s.clause_texts()), "RULE-ID-1")
    return INTRO.format(games=games, example=html.escape(example))


# A teacher's first steps, beside the join form: the page is already served, so step 1 is what to do with it.
# The details (new game, share, a game's record, a class) are in the notebook's text below the links
# (tools/make_dashboards.py).
STEP_ONE = {
    "server": ('<b>Open a class</b> on the <a href="class_teacher.ipynb" style="color:#9d0208;text-decoration:underline">teacher page</a>: it gives you a join '
               "code. Students open this page&rsquo;s address and type the code and a nickname under "
               "<i>In a class?</i> (Working alone? Go to step 2.)"),
    "site": ("<b>Share this page&rsquo;s address</b> (your browser&rsquo;s address bar) with your class: every "
             "student plays the same games in their own browser."),
}
STEPS = """<section class="chili-index-teachers" aria-labelledby="chili-index-teachers-title" style="background:#fff8ee;border:2px solid #e85d04;border-radius:12px;padding:8px 18px 8px;line-height:1.45">
<h2 id="chili-index-teachers-title" style="margin:2px 0 4px;font-size:1.25em">For teachers: a lesson in five steps</h2>
<ol class="chili-index-steps" style="margin:0;padding-left:1.4em">
<li>{one}</li>
<li><b>Pick a game</b> below and a lesson in its <i>Lesson</i> menu: the table jumps to a prepared position and
the text explains the rule.</li>
<li><b>Click a move button</b> to play it: the bots answer, every line of the log cites its rule, and the lesson
says <b>Done</b> when its move is played.</li>
<li><b>Step back</b> (&#9664; back) to try another move from the same position.</li>
<li><b>Seat</b>: <i>Teacher</i> shows every hand face up, a player&rsquo;s seat only that player&rsquo;s cards;
<i>Big text</i> for a projector.</li>
</ol>
</section>"""


def teacher_steps_html() -> str:
    """The teacher's five steps. Step 1 is what to do with the page already open: on a server, open a class (the
    teacher page); on the static site (a browser's Python, no classes), share the page's address.

    >>> "start the server" in teacher_steps_html().lower()
    False
    >>> 'href="class_teacher.ipynb"' in teacher_steps_html()
    True
    """
    return STEPS.format(one=STEP_ONE["site" if sys.platform == "emscripten" else "server"])

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
    """The banner; the introduction and the class's join form (:class:`~chililab.apps.classwork.ClassBar`) beside a
    teacher's five steps (one row at 1366 px, the steps above the fold; one column on a narrow screen); the
    dashboard links."""
    links = W.HTML(dashboards_html())
    links.add_class("chili-index")
    bar = classwork.ClassBar("index.ipynb", form=True)
    intro = W.VBox([W.HTML(intro_html()), bar, Lobby(bar)],
                   layout=W.Layout(flex="1 1 380px", min_width="0"))
    steps = W.HTML(teacher_steps_html(), layout=W.Layout(flex="1.35 1 520px", min_width="0"))
    steps.add_class("chili-index-teacher-steps")
    top = W.Box([intro, steps], layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-start",
                                                 grid_gap="16px", width="100%"))
    top.add_class("chili-index-top")
    page = W.VBox([W.HTML(banner_html()), top, links])
    page.add_class("chili-index-page")
    return page
