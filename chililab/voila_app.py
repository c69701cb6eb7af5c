"""The Voila server of ``chililab dashboards``: Voila plus one static file, plotly.js (see :mod:`chililab.plotlyjs`).

    python -m chililab.voila_app dashboards/ --port 8866     # same options as ``voila``

A Plotly chart in a dashboard (:class:`chililab.widgets.plot.PlotView`) loads plotly.js from
``<base>chililab/static/plotly-<version>.min.js``. This server sends it
(:class:`chililab.plotlyjs_route.PlotlyJSHandler`) gzipped, with
``Cache-Control: public, max-age=31536000, immutable`` (the version is in the address), so a
visitor's browser fetches it once (~1.5 MB) and never again, instead of every page receiving
the ~5 MB bundle through its kernel's websocket (what ``plotly.graph_objects.FigureWidget`` does).

Also: the ``chililab`` page template (``chililab/share/voila/templates/chililab``, put on Jupyter's data
path by :func:`main`; ``chililab dashboards`` passes ``--template=chililab``): Voila's lab template without
its links to Font Awesome on cdn.jsdelivr.net (Voila's own style bundle already carries the icon font, so a
page asks no other origin and nothing fails offline), and the cells in a ``main`` landmark. And a quiet
log: Voila runs every notebook it serves whatever its signature (it marks every output trusted itself), so
the contents manager's "Notebook X.ipynb is not trusted", printed at every visit, says nothing here and is
filtered out (:class:`NotTrustedFilter`). And no folder listing: ``/voila/api/contents`` answers 404 and the
tree pages send a visitor to the landing page (a visitor needs neither names, dates nor sizes of the files).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import tornado.web
from jupyter_server.utils import url_path_join
from voila.app import Voila

from chililab import plotlyjs
from chililab.plotlyjs_route import PlotlyJSHandler

SHARE = Path(__file__).with_name("share")  # holds voila/templates/chililab (a Jupyter data folder)


class NotTrustedFilter(logging.Filter):
    """Drops the contents manager's "Notebook %s is not trusted" (logged at every visit of a page)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != "Notebook %s is not trusted"


class ClosedHandler(tornado.web.RequestHandler):
    """404 for every method: Voila's folder listing (``/voila/api/contents``: names, dates, sizes, "writable")
    tells a visitor nothing they need."""

    def prepare(self):
        raise tornado.web.HTTPError(404)


class LandingRedirect(tornado.web.RequestHandler):
    """The folder's tree pages (which read that listing) send a visitor to the landing page instead."""

    def get(self, *_args):
        self.redirect(url_path_join(self.settings.get("base_url", "/"), "voila/render/index.ipynb"))


class ChililabVoila(Voila):
    """Voila with the plotly.js route added before its own handlers, and compressed answers.

    ``compress_response``: tornado gzips text answers (Voila's ~5 MB of JavaScript and CSS
    for a first visit: about a quarter of that on the wire). It costs the server ~0.1 CPU-s per
    first visit; later visits are answered from the browser's cache or with ``304``.
    """

    def init_settings(self):
        return {**super().init_settings(), "compress_response": True}

    def initialize(self, argv=None):
        self.log.addFilter(NotTrustedFilter())
        super().initialize(argv)

    def init_handlers(self):
        route = url_path_join(self.server_url, plotlyjs.ROUTE)
        closed: list[tuple[str, type]] = [(url_path_join(self.server_url, r"/voila/api/contents(.*)"), ClosedHandler)]
        if (Path(self.root_dir) / "index.ipynb").is_file():  # the dashboards' folder: its landing page
            closed += [(self.server_url, LandingRedirect),
                       (url_path_join(self.server_url, r"/voila/tree(/.*)?"), LandingRedirect),
                       (url_path_join(self.server_url, r"/voila/?"), LandingRedirect)]
        return [(route, PlotlyJSHandler)] + closed + super().init_handlers()


def with_templates() -> None:
    """Put chililab's data folder (its Voila template) first on Jupyter's data path."""
    paths = [str(SHARE)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def main(argv=None):
    with_templates()
    ChililabVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
