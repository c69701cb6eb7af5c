"""``chililab site serve DIR``: preview a built site on localhost with Python's own web server.

Any static host serves the site the same way: plain files, no server-side code. The only
thing to get right is the content type of WebAssembly (``application/wasm``), which the
browser needs to compile Pyodide while it downloads.
"""
from __future__ import annotations

import functools
import http.server
from pathlib import Path

#: Content types the site needs that Python's ``mimetypes`` may not know.
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json",
         ".webmanifest": "application/manifest+json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files; quiet unless ``verbose``."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    verbose = False

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if self.verbose:
            super().log_message(format, *args)


def make_server(site: str | Path, port: int = 8000, host: str = "127.0.0.1",
                verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A web server for the folder ``site`` (not started: call ``serve_forever``)."""
    site = Path(site)
    if not (site / "index.html").exists():
        raise FileNotFoundError(f"{site} is not a built site (no index.html): run 'chililab site build' first")
    handler = functools.partial(type("SiteHandler", (Handler,), {"verbose": verbose}), directory=str(site))
    return http.server.ThreadingHTTPServer((host, port), handler)
