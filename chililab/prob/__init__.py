"""Exact probabilities for the games, beside their Monte Carlo estimates.

``chililab.games.aycc.odds``: All You Can Chili (burn-out chances, the other players' tolerances and
identities, withdraw or serve once more). ``chililab.games.loco.odds``: Chili Loco (twins, wilds, a
playable card in an opening hand, the Hot Sauce stack). ``chililab.games.mafia.odds``: Chili Mafia
(Brotherhoods in an opening hand and the draft, defending a Hot card). ``chililab.prob.draws``:
hypergeometric chances and seeded random draws. ``chililab.prob.intervals``: the estimates' intervals.
This layer reads the games' rules data (``chililab.games``) and the kernel; it never imports
widgets, plotting or data-frame libraries.
"""
