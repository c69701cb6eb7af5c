"""The plotly.js route (:mod:`chililab.plotlyjs`) as a tornado handler, for any Jupyter server.

``chililab dashboards`` serves it through :mod:`chililab.voila_app`. JupyterLab, or Voila run as
a Jupyter server extension (as on Binder), get the same route by enabling this module as a
server extension:

    jupyter lab --ServerApp.jpserver_extensions="{'chililab.plotlyjs_route': True}"
    jupyter server extension enable chililab.plotlyjs_route      # once, in the environment

Without it a chart still draws: the page then asks its kernel for plotly.js (heavier).
"""
from __future__ import annotations

from tornado import web

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


def _jupyter_server_extension_points():
    return [{"module": "chililab.plotlyjs_route"}]


def _load_jupyter_server_extension(serverapp) -> None:
    """Add the route to a running Jupyter server (under its base URL)."""
    from jupyter_server.utils import url_path_join

    route = url_path_join(serverapp.web_app.settings.get("base_url", "/"), plotlyjs.ROUTE)
    serverapp.web_app.add_handlers(".*$", [(route, PlotlyJSHandler)])
    serverapp.log.info("chililab: plotly.js served at %s", route)
