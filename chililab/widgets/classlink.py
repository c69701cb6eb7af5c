"""Two invisible widgets a page in a class needs from the browser: a place to keep the student's secret token
(:class:`BrowserKeep`, the browser's ``localStorage``, so a reload or another page of the same server is still
in the class) and a clock (:class:`Ticker`) that asks the kernel about once a second whether the teacher
changed something, pauses the page, or sends the class to another page.

The clock runs in the browser and reaches the kernel as widget messages, handled one at a time in the kernel's
own loop like a click: no thread touches a widget, and a closed page stops asking.

>>> t = Ticker(every_ms=1000)
>>> seen = []
>>> t.on_tick(lambda: seen.append(1))
>>> t._handle({"tick": 1}, [])
>>> t._handle({"tick": "x"}, []); t._handle("nonsense", [])
>>> seen
[1]
>>> t.go("loco.ipynb?lesson=stir"), t.goto
(True, 'loco.ipynb?lesson=stir')
>>> t.go("https://elsewhere.example/"), t.go("javascript:alert(1)"), t.goto
(False, False, 'loco.ipynb?lesson=stir')
"""
from __future__ import annotations

import re
from collections.abc import Callable

import anywidget
import traitlets

#: the key under which the browser keeps the student's token (one class at a time per browser)
STORAGE_KEY = "chililab-class-token"

KEEP_ESM = """export default { render({ model, el }) {
  el.style.display = 'none';
  const key = model.get('key');
  let kept = '';
  try { kept = window.localStorage.getItem(key) || ''; } catch (e) { kept = ''; }
  model.set('loaded', true);
  if (kept && !model.get('token')) model.set('token', kept);
  model.save_changes();
  model.on('change:token', () => {
    const t = model.get('token');
    try { if (t) window.localStorage.setItem(key, t); else window.localStorage.removeItem(key); } catch (e) {}
  });
} }"""

TICK_ESM = """export default { render({ model, el }) {
  el.style.display = 'none';
  const every = Math.max(250, model.get('every_ms'));
  let timer = null;  /* ticks only while the kernel asks for them (in a class): a page alone sends nothing */
  const run = () => {
    if (model.get('running') && timer === null) { timer = setInterval(() => model.send({ tick: 1 }), every);
                                                   model.send({ tick: 1 }); }
    else if (!model.get('running') && timer !== null) { clearInterval(timer); timer = null; }
  };
  model.on('change:running', run);
  run();
  const go = () => { const to = model.get('goto'); if (to) window.location.href = new URL(to, window.location.href).href; };
  model.on('change:goto', go);
  let veil = null;
  const pause = () => {
    const why = model.get('paused');
    if (why && !veil) {
      veil = document.createElement('div');
      veil.className = 'chili-class-veil';
      veil.setAttribute('role', 'alertdialog');
      veil.setAttribute('aria-live', 'assertive');
      veil.setAttribute('aria-label', 'The class is paused');
      veil.tabIndex = -1;
      document.body.appendChild(veil);
    }
    if (veil) {
      if (!why) { veil.remove(); veil = null; return; }
      veil.textContent = why;   /* text, never HTML */
      veil.focus();
    }
  };
  model.on('change:paused', pause);
  pause();
  return () => { if (timer !== null) clearInterval(timer); model.off('change:running', run);
                 model.off('change:goto', go); model.off('change:paused', pause);
                 if (veil) { veil.remove(); veil = null; } };
} }"""

VEIL_CSS = """<style>.chili-class-veil{position:fixed;inset:0;z-index:10000;background:rgba(29,53,87,.94);color:#fff;
display:flex;align-items:center;justify-content:center;text-align:center;padding:10vw;font-size:2.2rem;
line-height:1.4;font-weight:600}</style>"""

#: a page the class may be sent to: a dashboard of this server, with an optional query (no scheme, no host)
PAGE = re.compile(r"[A-Za-z0-9_\-]+\.ipynb(\?[A-Za-z0-9_\-=&%.]*)?")


class BrowserKeep(anywidget.AnyWidget):
    """The student's token, kept in the browser (``localStorage``): ``token`` is what the browser had when the page
    was drawn (``loaded`` turns true then); setting ``token`` keeps it there, ``""`` forgets it."""

    _esm = KEEP_ESM
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    token = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.layout.display = "none"

    @traitlets.validate("token")
    def _check_token(self, proposal):
        value = proposal["value"]
        return value if len(value) <= 200 and value.isascii() else ""


class Ticker(anywidget.AnyWidget):
    """A clock in the browser: calls the ``on_tick`` callbacks about every ``every_ms`` while the page is open and
    ``running`` is true (a page that is not in a class sends nothing); ``go(page)`` sends the browser to another
    dashboard of this server; ``paused``: a sentence covering the page (``""``: none)."""

    _esm = TICK_ESM
    every_ms = traitlets.Int(1000).tag(sync=True)
    running = traitlets.Bool(True).tag(sync=True)
    goto = traitlets.Unicode("").tag(sync=True)
    paused = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.layout.display = "none"
        self._ticks: list[Callable[[], None]] = []
        self.on_msg(self._handle)

    def on_tick(self, callback: Callable[[], None]) -> None:
        self._ticks.append(callback)

    def _handle(self, _widget_or_content, content=None, buffers=None):
        msg = content if isinstance(_widget_or_content, Ticker) else _widget_or_content
        if isinstance(msg, dict) and msg.get("tick") == 1:
            for fn in list(self._ticks):
                fn()

    def go(self, page: str) -> bool:
        """Send the browser to ``page`` (a dashboard name with its query); anything else is refused (False)."""
        if not isinstance(page, str) or not PAGE.fullmatch(page):
            return False
        self.goto = page
        return True
