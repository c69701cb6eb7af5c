"""Which pages the static site carries, and the landing page's links there."""
from __future__ import annotations

from chililab.apps import explorers, index
from chililab.engine import registry
from chililab.site import pages


def test_the_site_carries_the_landing_page_the_games_and_the_browser_explorers(monkeypatch):
    extra = explorers.Explorer("server_only.ipynb", "x:app", "Server only", "runs on the server", browser=False)
    monkeypatch.setattr(pages, "explorers", lambda: [*explorers.explorers(), extra])
    names = pages.browser_pages()
    assert names[0] == "index.ipynb" and "server_only.ipynb" not in names
    assert {f"{s.name}.ipynb" for s in registry.specs() if s.dashboard} <= set(names)
    assert {e.page for e in explorers.explorers() if e.browser} <= set(names)


def test_the_sites_landing_page_links_only_the_explorers_it_carries(monkeypatch):
    extra = explorers.Explorer("server_only.ipynb", "x:app", "Server only", "runs on the server", browser=False)
    monkeypatch.setattr(index, "explorers", lambda: [*explorers.explorers(), extra])
    assert 'href="server_only.ipynb"' in index.dashboards_html()
    assert "voila/render/loco.ipynb" in index.dashboards_html()
    monkeypatch.setattr(index.sys, "platform", "emscripten")  # Pyodide, as in the static site
    html = index.dashboards_html()
    assert 'href="server_only.ipynb"' not in html
    assert all(f'href="{e.page}"' in html for e in explorers.explorers() if e.browser)
    # the address shown for sharing is the site's page, not the Voila server's
    assert "voici/render/loco.html" in html and "voila/render" not in html
