"""The class's pooled experiment as one chart: each student's running estimate a thin line, the class's pooled
estimate a thick one with its 99% interval, the exact value dashed (a Plotly figure dict, drawn by
:class:`chililab.widgets.plot.PlotView`).

Names are text a student typed, and a title is read back from the database: both are escaped before they reach the chart (Plotly reads a little HTML in
trace names and hover text).

>>> from chililab.classes.pooling import experiments
>>> rows = [{"student_id": 1, "question": "q", "settings": '{"exact": "1/2"}', "samples": 10, "successes": 4}]
>>> fig = pooled_chart(experiments(rows)[0], {1: "<b>Ann</b>"})
>>> [t["name"] for t in fig["data"]]
['&lt;b&gt;Ann&lt;/b&gt;', '99% interval', '99% interval', 'the class (pooled)', 'exact']
"""
from __future__ import annotations

import html

from .odds import convergence

STUDENT = "#8d99ae"
FAR = "#d62828"


def pooled_chart(ex, names: dict[int, str], height: int = 420) -> dict:
    """The figure of one :class:`~chililab.classes.pooling.Experiment`; ``names``: student id -> what to call them
    (nicknames, or "Student 3" on a projector)."""
    chance = ex.pooled is None or ex.pooled.kind == "proportion"
    exact = float(ex.exact) if ex.exact is not None else (ex.pooled.value if ex.pooled else 0.0)
    fig = convergence(ex.line, exact, html.escape(ex.title), "chance" if chance else "value", percent=chance, height=height)
    pooled = fig["data"][2]
    pooled.update(name="the class (pooled)", line={"color": "#1d3557", "width": 5})
    pooled["hovertemplate"] = pooled["hovertemplate"].replace("after", "the class after")
    if ex.exact is None:
        fig["data"].pop()  # no exact value was given with these trials
    fmt = ".1%" if chance else ".2f"
    lines = []
    for run in ex.students:
        name = html.escape(names.get(run.student_id, f"student {run.student_id}"))
        lines.append({"type": "scatter", "mode": "lines+markers", "name": name, "legendgroup": "students",
                      "x": [p[0] for p in run.line], "y": [p[1] for p in run.line],
                      "line": {"color": FAR if run.far else STUDENT, "width": 1.2}, "marker": {"size": 4},
                      "showlegend": len(ex.students) <= 8,
                      "hovertemplate": f"{name} after %{{x:,}} samples: %{{y:{fmt}}}<extra></extra>"})
    right = max([p[0] for p in ex.line] + [10])
    fig["data"] = lines + fig["data"]
    if ex.exact is not None:
        fig["data"][-1]["x"] = [1, right]
    return fig
