"""The exact chance of a playable card, checked against real Chili Loco deals.

In a real game (4 players, seeds 0..3999) the starter is flipped after the deal. When it is a
pepper nothing happens (LOCO-SETUP-4), and the first player's 6 cards are 6 random cards of the
111 others. For every pepper the exact chance of holding a card that may be laid on it is the same
(23 cards of its colour, the 6 of its name in other colours and the 16 wilds: 45 of 111), so the
share of those games in which the engine offers the first player a card to lay must lie in the
99% interval around that share. The engine's own legal moves decide, not the prob module.
"""
import pytest

from chililab.games import loco
from chililab.games.loco.odds import playable_chance
from chililab.games.loco.rules.moves import Lay
from chililab.prob.intervals import proportion

GAMES = 4000


@pytest.mark.rule("LOCO-MATCH-1")
def test_first_player_can_lay_as_often_as_the_exact_chance_says():
    exact = playable_chance("R-Bell")
    assert all(playable_chance(f"{c}-{p}") == exact for c in "RGYP" for p in ("Bell", "Ghost", "Carolina"))
    games = hits = 0
    for seed in range(GAMES):
        g = loco.new_game(players=4, seed=seed)
        v = g.view(None)
        if v.top.kind != "pepper":
            continue
        games += 1
        hits += any(isinstance(m, Lay) and m.player == v.current for m in g.legal_moves())
    est = proportion(hits, games)
    assert games > 0.5 * GAMES
    assert exact in est, (float(exact), str(est))
