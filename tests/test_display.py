"""Cards, views and games draw themselves in a notebook through IPython's display formatters."""
from IPython.core.interactiveshell import InteractiveShell

from chililab import display, loco


def test_cards_views_and_games_render_in_ipython():
    ip = InteractiveShell.instance()
    assert display.register(ip)
    g = loco.new_game(players=3, seed=4)
    card = g.view(0).hand[0]
    data, _ = ip.display_formatter.format(card)
    assert "image/svg+xml" in data and f'data-card="{card.code}"' in data["image/svg+xml"]
    data, _ = ip.display_formatter.format(g.view(1))
    html = data["text/html"]
    assert "chili-table" in html
    # a player's view shows only that player's cards face up
    assert not any(f'data-card="{c.code}"' in html for c in g.view(None).hands[0]
                   if c.code not in {x.code for x in g.view(1).hand} | {x.code for x in g.view(1).pile})
    data, _ = ip.display_formatter.format(g)
    assert "chili-table" in data["text/html"]


def test_importing_chililab_outside_jupyter_imports_nothing_heavy():
    # a simulation worker imports the engine only: no IPython, widgets, plotly or pandas
    import subprocess
    import sys

    code = ("import sys, chililab; from chililab import loco; loco.new_game(seed=1); "
            "print(sorted(m for m in ('IPython', 'ipywidgets', 'plotly', 'pandas', 'chililab.viz') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
