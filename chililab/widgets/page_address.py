"""The address of the page a dashboard is drawn in, told by the browser.

Voila hands the kernel the visitor's query string (``QUERY_STRING``); in the static site
(``chililab site build``) the kernel runs in the visitor's browser, in a web worker that
cannot see the page's address. :class:`PageAddress` is an invisible widget whose browser side
reports ``window.location.href`` once it is drawn, so a shared link (``game.html?lesson=...``)
opens its lesson there too, and the page can give the address to share.

>>> w = PageAddress()
>>> seen = []
>>> w.on_address(seen.append)
>>> w.href = "https://example.org/site/voici/render/game.html?lesson=stir#top"
>>> seen, w.base, w.query
(['lesson=stir'], 'https://example.org/site/voici/render/game.html', 'lesson=stir')
"""
from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

import anywidget
import traitlets

#: the browser side: report the page's address once, when drawn
ESM = """export default { render({ model, el }) {
  el.style.display = 'none';
  if (!model.get('href')) { model.set('href', String(window.location.href)); model.save_changes(); }
} }"""

#: the longest address taken (a browser's own limit is far above any link chililab writes)
MAX_LENGTH = 4096


class PageAddress(anywidget.AnyWidget):
    """An invisible widget holding the address of the page it is drawn in (``href``, set by the browser)."""

    _esm = ESM
    href = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.layout.display = "none"

    @traitlets.validate("href")
    def _check_href(self, proposal):
        href = proposal["value"]
        if len(href) > MAX_LENGTH or urlsplit(href).scheme not in ("http", "https", "file", ""):
            return ""  # not a page address: treated as not yet known
        return href

    @property
    def base(self) -> str:
        """The page's address without its query or fragment ("" until the browser has told it)."""
        if not self.href:
            return ""
        s = urlsplit(self.href)
        return urlunsplit((s.scheme, s.netloc, s.path, "", ""))

    @property
    def query(self) -> str:
        """The page's query string, without ``?``."""
        return urlsplit(self.href).query

    def on_address(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(query)`` when the browser tells the page's address."""
        self.observe(lambda change: callback(self.query) if change["new"] else None, "href")
