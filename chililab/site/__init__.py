"""The static site: the dashboards that run in a browser, as plain files any web host can serve.

``chililab site build --out DIR`` (:mod:`.build`) runs voici with the versions pinned in
:mod:`.pins`, from a package cache (:mod:`.cache`); ``chililab site serve DIR`` (:mod:`.serve`)
previews it. In a static site the whole game lives in the visitor's browser: it suits play
against bots and lessons, not games between people who must not see each other's cards.
"""
