"""PlotView without a browser: what goes into the widget state, and where plotly.js is found."""
from __future__ import annotations

import re

import plotly.graph_objects as go
import pytest

from chililab import plotlyjs
from chililab.widgets.plot import PlotView, figure_json


def test_a_figure_travels_as_plain_json():
    view = PlotView(go.Figure(go.Bar(x=["a", "b"], y=[1, 2], name="n"), layout={"height": 250}))
    assert view.figure["data"] == [{"type": "bar", "x": ["a", "b"], "y": [1, 2], "name": "n"}]
    assert view.figure["layout"]["height"] == 250
    view.show({"data": [], "layout": {"title": {"text": "t"}}})
    assert view.figure == {"data": [], "layout": {"title": {"text": "t"}}}


def test_plotlyjs_is_not_in_the_widget_state():
    state = PlotView({"data": [{"type": "scatter", "y": [1]}]}).get_state()
    assert len(str(state)) < 10_000  # the figure and the small drawing module only


@pytest.mark.parametrize("bad", [42, "a figure", {"data": "x"}, {"layout": []}])
def test_what_is_not_a_figure_is_refused(bad):
    view = PlotView({"data": [{"type": "scatter", "y": [1]}]})
    with pytest.raises((TypeError, ValueError)):
        view.show(bad)
    assert view.figure["data"][0]["y"] == [1]
    with pytest.raises((TypeError, ValueError)):
        figure_json(bad)


def test_the_widget_asks_for_the_address_the_server_answers():
    path = PlotView().src
    assert re.fullmatch(plotlyjs.ROUTE.lstrip("/"), path)
    assert plotlyjs.version() in path
    assert plotlyjs.asset().version == plotlyjs.version()


def test_a_static_site_gets_the_file_at_the_same_address(tmp_path):
    target = plotlyjs.copy_to(tmp_path)
    assert target == tmp_path / PlotView().src
    assert target.read_bytes() == plotlyjs.source_file().read_bytes()


def test_a_page_without_the_route_gets_plotlyjs_from_the_kernel_gzipped(monkeypatch):
    import gzip

    view = PlotView({"data": []})
    sent = []
    monkeypatch.setattr(view, "send", lambda content, buffers=None: sent.append((content, buffers)))
    view._on_request(view, {"request": "something else"}, [])
    assert sent == []
    view._on_request(view, {"request": "plotlyjs"}, [])
    [(content, [buffer])] = sent
    assert content == {"plotlyjs": "gzip"}
    assert gzip.decompress(buffer) == plotlyjs.source_file().read_bytes()


def test_a_kernel_without_plotly_asks_for_the_sites_unversioned_copy(tmp_path):
    from .blocked import run_blocked

    code = ("from chililab.widgets.plot import PlotView\nv = PlotView({'data': []})\nsent = []\n"
            "v.send = lambda content, buffers=None: sent.append(content)\n"
            "v._on_request(v, {'request': 'plotlyjs'}, [])\nprint(v.src, sent)\n")
    r = run_blocked(code, ["plotly"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [plotlyjs.SITE_PATH, "[{'plotlyjs':", "'missing'}]"]
    target = plotlyjs.copy_to(tmp_path, versioned=False)
    assert target == tmp_path / plotlyjs.SITE_PATH and target.read_bytes() == plotlyjs.source_file().read_bytes()
