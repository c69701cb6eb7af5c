"""The Voila server of ``chililab dashboards``: Voila plus one static file, plotly.js (see :mod:`chililab.plotlyjs`).

    python -m chililab.voila_app dashboards/ --port 8866     # same options as ``voila``

A Plotly chart in a dashboard (:class:`chililab.widgets.plot.PlotView`) loads plotly.js from
``<base>chililab/static/plotly-<version>.min.js``. This server sends it gzipped, with
``Cache-Control: public, max-age=31536000, immutable`` (the version is in the address), so a
visitor's browser fetches it once (~1.5 MB) and never again, instead of every page receiving
the ~5 MB bundle through its kernel's websocket (what ``plotly.graph_objects.FigureWidget`` does).
"""
from __future__ import annotations

from jupyter_server.utils import url_path_join
from tornado import web
from voila.app import Voila

from chililab import plotlyjs

CACHE_CONTROL = "public, max-age=31536000, immutable"


class PlotlyJSHandler(web.RequestHandler):
    """Answers ``GET chililab/static/plotly-<version>.min.js`` (404 for any other version)."""

    def _asset(self, version: str) -> plotlyjs.Asset:
        try:
            asset = plotlyjs.asset()
        except plotlyjs.PlotlyJSMissing as e:
            raise web.HTTPError(404, str(e)) from None
        if version != asset.version:
            raise web.HTTPError(404, f"this server has plotly.js {asset.version}, not {version}")
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", CACHE_CONTROL)
        self.set_header("Vary", "Accept-Encoding")
        self.set_header("ETag", asset.etag)
        return asset

    def get(self, version: str) -> None:
        asset = self._asset(version)
        if asset.etag in self.request.headers.get("If-None-Match", ""):
            self.set_status(304)
            return
        if "gzip" in self.request.headers.get("Accept-Encoding", ""):
            self.set_header("Content-Encoding", "gzip")
            self.write(asset.gz)
        else:
            self.write(asset.raw)

    def head(self, version: str) -> None:
        self._asset(version)

    def compute_etag(self):  # our own ETag (the version), not a hash of the body per request
        return None


class ChililabVoila(Voila):
    """Voila with the plotly.js route added before its own handlers, and compressed answers.

    ``compress_response``: tornado gzips text answers (Voila's ~5 MB of JavaScript and CSS
    for a first visit: about a quarter of that on the wire). It costs the server ~0.1 CPU-s per
    first visit; later visits are answered from the browser's cache or with ``304``.
    """

    def init_settings(self):
        return {**super().init_settings(), "compress_response": True}

    def init_handlers(self):
        route = url_path_join(self.server_url, plotlyjs.ROUTE)
        return [(route, PlotlyJSHandler)] + super().init_handlers()


main = ChililabVoila.launch_instance

if __name__ == "__main__":
    main()
