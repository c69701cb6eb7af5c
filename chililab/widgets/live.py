"""What a keyboard and a screen reader need on a game page (issue 22): a live region and focus that stays.

:class:`LiveRegion` is a small widget whose browser side is one ``<div role="status" aria-live="polite">`` that
stays in the page while its words change: a screen reader reads each new sentence (what just happened on the
table, and whose move it is now) without the reader moving there. The element is visually hidden (clipped to
one pixel, never ``display: none``, so it is still read).

It also keeps the keyboard's place: when the control that has the focus inside its stepper (``.chili-stepper``)
is taken out of the page, because the stepper rebuilt it (the move buttons are new after every move), the focus
goes where the stepper says a player goes on (``goto``): the first move button, "next lesson" when a lesson is
done, "forward" while the bots wait for it, the decision line when the game is over; instead of falling to the
top of the page.

>>> w = LiveRegion()
>>> w.say("Player 2 lays green Hot Sauce. Your move.")
>>> w.text, w.seq
('Player 2 lays green Hot Sauce. Your move.', 1)
"""
from __future__ import annotations

import anywidget
import traitlets

#: the browser side: the live element, and the focus kept inside the stepper when its control is rebuilt
ESM = r"""
const KINDS = ['chili-move', 'chili-bot', 'chili-next-lesson', 'chili-try-again', 'chili-forward'];
export default { render({ model, el }) {
  el.classList.add('chili-announce');
  // visually hidden, still read (never display:none): one clipped pixel out of the flow
  Object.assign(el.style, { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0',
    overflow: 'hidden', clip: 'rect(0 0 0 0)', clipPath: 'inset(50%)', whiteSpace: 'nowrap', border: '0' });
  const live = document.createElement('div');
  live.className = 'chili-announce-text';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  el.appendChild(live);
  // a new text node every time, so the same words said twice are read twice
  const show = () => { live.replaceChildren(document.createTextNode(model.get('text') || '')); };
  show();
  model.on('change:seq', show);
  model.on('change:text', show);

  const root = () => el.closest('.chili-stepper');
  let last = null;  // the control inside the stepper that had the focus last
  const onFocus = (e) => {
    const r = root();
    if (r && e.target instanceof Element && r.contains(e.target)) last = e.target;
    else last = null;
  };
  const kindOf = (node) => {
    const b = node.closest ? (node.closest('button') || node) : node;
    return KINDS.find((k) => b.classList && b.classList.contains(k));
  };
  const gone = (n) => !n.isConnected || n.getClientRects().length === 0;  // taken out, or hidden
  const shown = (sel) => [...root().querySelectorAll(sel)].find((n) => !gone(n) && !n.disabled);
  const restore = () => {
    const r = root();
    if (!r || !last || !gone(last)) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== last && active.isConnected) { last = null; return; }
    const kind = kindOf(last);
    // its own kind again (a bot button rebuilt), else where the stepper says a player goes on: the moves,
    // "next lesson", "forward", the decision line
    let next = kind && kind !== 'chili-move' ? shown('button.' + kind) : null;
    const goal = model.get('goto') || 'chili-move';
    if (!next && goal === 'chili-decision') {  // the game is over: the decision line, which says so
      next = r.querySelector('.chili-decision');
      if (next) next.tabIndex = -1;  // focusable from here, not a stop of Tab
    } else if (!next) next = shown('button.' + goal);
    if (next) next.focus();  // else it is on its way (new buttons, or ``goto`` not yet told): wait for it
  };
  let queued = false;
  const later = () => {
    if (queued || !last) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; restore(); });
  };
  const observer = new MutationObserver(later);
  model.on('change:goto', later);
  document.addEventListener('focusin', onFocus);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true,
                                    attributeFilter: ['style', 'class'] });
  return () => { document.removeEventListener('focusin', onFocus); observer.disconnect(); };
} }
"""


class LiveRegion(anywidget.AnyWidget):
    """A polite live region (``text``, read aloud when it changes) that also keeps the keyboard's focus in its
    stepper when the focused control is rebuilt. ``seq`` counts what was said: the same words said again are
    read again."""

    _esm = ESM
    text = traitlets.Unicode("").tag(sync=True)
    seq = traitlets.Int(0).tag(sync=True)
    #: where the focus goes when the focused move button is rebuilt: the CSS class of the stepper's control a
    #: player goes on with (``chili-move``: the first move button; ``chili-decision``: the decision line)
    goto = traitlets.Unicode("chili-move").tag(sync=True)

    def say(self, text: str) -> None:
        """Say ``text`` (a screen reader reads it when it is free)."""
        self.text = text
        self.seq += 1
