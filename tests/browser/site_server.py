"""A built static site served on localhost, and a browser context that may reach nothing else.

The site is the one ``.ci/run`` built (``CHILILAB_SITE``, a folder holding
``chililab-site.json``), else it is built here into a temporary folder from the package
cache (``CHILILAB_SITE_CACHE``, default ``~/.cache/chililab-site``; filled online on the first
run). Shared by the site's browser test and ``benchmarks/site_load.py``.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

from chililab.site import pins
from chililab.site.build import MANIFEST, build
from chililab.site.cache import Cache
from chililab.site.serve import make_server


def built_site(tmp_dir: Path) -> Path:
    """The prebuilt site of ``CHILILAB_SITE`` when it is one, else a fresh build in ``tmp_dir``."""
    given = os.environ.get("CHILILAB_SITE")
    if given and (Path(given) / MANIFEST).exists():
        return Path(given)
    out = tmp_dir / "site"
    build(out, Cache(os.environ.get("CHILILAB_SITE_CACHE", pins.DEFAULT_CACHE)), log=lambda line: None)
    return out


class SiteServer:
    """The site on a free localhost port, served from a thread until :meth:`stop`."""

    def __init__(self, site: Path):
        self.site = site
        self.httpd = make_server(site, 0)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, page: str) -> str:
        """The address of a dashboard: ``loco.ipynb`` -> ``.../voici/render/loco.html`` (a query is kept)."""
        name, mark, query = page.partition("?")
        return f"{self.base}voici/render/{name.removesuffix('.ipynb')}.html{mark}{query}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Guard:
    """Routes every request of a browser context: the site's origin passes, any other is aborted and recorded.

    ``requests`` are the site's requests that were routed; ``seen`` is every request the browser
    reported, routed or not (a web worker's synchronous requests are reported but not routed), and
    one of those to another origin counts in ``outside`` too.
    """

    def __init__(self, context, base: str):
        self.base = base
        self.outside: list[str] = []
        self.requests: list[str] = []
        self.seen: list[str] = []
        context.route("**/*", self._route)
        context.on("request", self._seen)

    def _seen(self, request):
        url = request.url
        self.seen.append(url)
        if not url.startswith((self.base, "data:", "blob:")) and url not in self.outside:
            self.outside.append(url)

    def _route(self, route):
        url = route.request.url
        if url.startswith(self.base):
            self.requests.append(url)
            route.continue_()
        elif url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            if url not in self.outside:
                self.outside.append(url)
            route.abort()
