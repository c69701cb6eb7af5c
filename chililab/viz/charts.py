"""Small Plotly charts for simulation results.

Each takes the DataFrame from ``chililab.sim.simulate`` (one row per game;
columns ``winner``, ``steps``, ``turns`` and ``edge:SRC->DST`` transition
counts) and returns a ``plotly.graph_objects.Figure``. pandas is not imported
here: the functions only use the DataFrame's own methods. plotly comes with the ``charts`` extra.
"""
from __future__ import annotations

from chililab.extras import require

go = require("plotly.graph_objects", "chililab.viz.charts")

EDGE_PREFIX = "edge:"
BAR = "#2a9d8f"


def _layout(fig, title, height, xtitle, ytitle):
    fig.update_layout(title=title, height=height, margin=dict(l=50, r=20, t=50 if title else 20, b=45),
                      plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", bargap=0.15,
                      xaxis=dict(title=xtitle, gridcolor="#eeeeee"), yaxis=dict(title=ytitle, gridcolor="#eeeeee"))
    return fig


def wins_by_seat(df, players=None, title="Wins by seat", height=360):
    """Bar chart of the share of games each seat won, with the fair share (1/players) as a dashed line.

    Games without a winner (NaN/None in ``winner``) are left out of the shares.
    """
    w = df["winner"].dropna().astype(int)
    n = int(len(w))
    if players is None:
        players = int(df["players"].max()) if "players" in df and len(df) else (int(w.max()) + 1 if n else 0)
    seats = list(range(players))
    counts = w.value_counts().to_dict()
    wins = [int(counts.get(s, 0)) for s in seats]
    share = [c / n if n else 0.0 for c in wins]
    fig = go.Figure(go.Bar(
        x=[f"P{s}" for s in seats], y=share, marker_color=BAR, text=[f"{p:.1%}" for p in share],
        textposition="outside", customdata=wins, name="wins",
        hovertemplate="%{x}: %{customdata} wins (%{y:.1%})<extra></extra>"))
    if players:
        fig.add_hline(y=1 / players, line_dash="dash", line_color="#e63946",
                      annotation_text=f"fair share 1/{players}", annotation_position="top left")
    _layout(fig, f"{title} ({n:,} games)" if title else None, height, "seat", "share of wins")
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def length_histogram(df, column="turns", title=None, height=340, nbins=None):
    """Histogram of game length (``turns`` by default, or ``steps``) with the mean marked."""
    x = df[column].dropna()
    fig = go.Figure(go.Histogram(x=x, marker_color=BAR, nbinsx=nbins, name=column,
                                 hovertemplate=f"{column} %{{x}}: %{{y}} games<extra></extra>"))
    if len(x):
        mean = float(x.mean())
        fig.add_vline(x=mean, line_dash="dash", line_color="#e63946", annotation_text=f"mean {mean:.1f}",
                      annotation_position="top right")
    _layout(fig, title if title is not None else f"Game length ({column})", height, column, "games")
    return fig


def edge_counts(df, per_game=False) -> dict:
    """``{(src, dst): total}`` from the ``edge:SRC->DST`` columns (the mean per game with ``per_game``):
    ready for ``flow_svg(flow, counts=...)``."""
    out = {}
    for col in df.columns:
        if isinstance(col, str) and col.startswith(EDGE_PREFIX) and "->" in col:
            src, dst = col[len(EDGE_PREFIX):].split("->", 1)
            s = df[col].fillna(0)
            out[(src, dst)] = float(s.mean()) if per_game else int(s.sum())
    return out


def edge_frequency(df, top=None, per_game=True, title=None, height=None):
    """Horizontal bars: how often each flow transition is taken (mean per game by default), most frequent on top."""
    counts = edge_counts(df, per_game=per_game)
    items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if top is not None:
        items = items[:top]
    items = items[::-1]  # plotly draws the first bar at the bottom
    labels = [f"{s} → {d}" for (s, d), _ in items]
    values = [v for _, v in items]
    fig = go.Figure(go.Bar(x=values, y=labels, orientation="h", marker_color=BAR,
                           hovertemplate="%{y}: %{x:.2f}<extra></extra>" if per_game else
                           "%{y}: %{x:,}<extra></extra>"))
    h = height if height is not None else max(260, 22 * len(items) + 90)
    _layout(fig, title if title is not None else ("Transitions per game" if per_game else "Transitions taken"), h,
            "mean per game" if per_game else "times taken", None)
    fig.update_layout(margin=dict(l=230))
    return fig


def tournament_chart(table, title="Tournament", height=380):
    """Two panels from :func:`chililab.sim.tournament.standings`: each agent's win share with its 95%
    interval beside the fair share (dashed line), and its Bradley–Terry rating with its 95% bootstrap interval
    (the anchor agent at 1000, dotted line). Agents in the table's order."""
    from plotly.subplots import make_subplots

    agents = [str(a) for a in table["agent"]]
    share, lo, hi = (list(map(float, table[c])) for c in ("share", "share_low", "share_high"))
    rating, rlo, rhi = (list(map(float, table[c])) for c in ("rating", "rating_low", "rating_high"))
    fig = make_subplots(rows=1, cols=2, subplot_titles=("Win share (95% interval)", "Rating (95% interval)"),
                        horizontal_spacing=0.12)
    fig.add_trace(go.Bar(
        x=agents, y=share, marker_color=BAR, name="win share", customdata=list(table["games"]),
        error_y=dict(type="data", symmetric=False, array=[h - s for s, h in zip(share, hi)],
                     arrayminus=[s - low for s, low in zip(share, lo)], color="#264653"),
        hovertemplate="%{x}: %{y:.1%} of %{customdata} games<extra></extra>"), row=1, col=1)
    fair = float(table["fair"].iloc[0]) if len(table) else None
    if fair == fair and fair is not None:
        fig.add_hline(y=fair, line_dash="dash", line_color="#e63946", row=1, col=1,
                      annotation_text=f"fair share {fair:.0%}", annotation_position="top left")
    fig.add_trace(go.Scatter(
        x=agents, y=rating, mode="markers", marker=dict(size=11, color="#264653"), name="rating",
        error_y=dict(type="data", symmetric=False, array=[h - r for r, h in zip(rating, rhi)],
                     arrayminus=[r - low for r, low in zip(rating, rlo)], color="#264653"),
        hovertemplate="%{x}: %{y:.0f}<extra></extra>"), row=1, col=2)
    fig.add_hline(y=1000, line_dash="dot", line_color="#999999", row=1, col=2,
                  annotation_text=f"{table.attrs.get('anchor') or 'anchor'} = 1000", annotation_position="bottom left")
    n = table.attrs.get("n")
    _layout(fig, f"{title} ({n:,} games)" if title and n else title, height, None, None)
    fig.update_layout(showlegend=False)
    fig.update_yaxes(tickformat=".0%", rangemode="tozero", gridcolor="#eeeeee", row=1, col=1)
    fig.update_yaxes(gridcolor="#eeeeee", row=1, col=2)
    return fig
