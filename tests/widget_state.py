"""What the browser is sent: every widget state of a widget's tree, and the pieces of an exercise's solution in it."""
import html
import json

import ipywidgets as W

from chililab.widgets.exercise import Exercise, rounded


def states(widget) -> str:
    """Every widget state of ``widget``'s tree (children, layouts, styles), as the JSON a browser receives."""
    out, todo, seen = [], [widget], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        state = w.get_state()
        out.append(state)
        for name in w.keys:
            value = getattr(w, name)
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, W.Widget):
                    todo.append(v)
    return json.dumps(out, default=str, ensure_ascii=False)


def solution_in(text: str, ex: Exercise) -> list[str]:
    """The pieces of ``ex``'s solution found in ``text`` (as written, or escaped for HTML)."""
    a = ex.answer
    pieces = [f"{a.numerator}/{a.denominator}", rounded(a, figures=3), rounded(a, figures=4),
              rounded(100 * a, figures=3) + "%", ex.explanation]
    return [p for p in pieces if p and (p in text or html.escape(p) in text)]
