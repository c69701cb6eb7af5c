"""The Voila server of ``chililab dashboards``: Voila plus one static file, plotly.js (see :mod:`chililab.plotlyjs`).

    python -m chililab.voila_app dashboards/ --port 8866     # same options as ``voila``

A Plotly chart in a dashboard (:class:`chililab.widgets.plot.PlotView`) loads plotly.js from
``<base>chililab/static/plotly-<version>.min.js``. This server sends it
(:class:`chililab.plotlyjs_route.PlotlyJSHandler`) gzipped, with
``Cache-Control: public, max-age=31536000, immutable`` (the version is in the address), so a
visitor's browser fetches it once (~1.5 MB) and never again, instead of every page receiving
the ~5 MB bundle through its kernel's websocket (what ``plotly.graph_objects.FigureWidget`` does).
"""
from __future__ import annotations

from jupyter_server.utils import url_path_join
from voila.app import Voila

from chililab import plotlyjs
from chililab.plotlyjs_route import PlotlyJSHandler


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
