"""Exact probabilities for the games, beside their Monte Carlo estimates.

``chililab.prob.aycc``: All You Can Chili (burn-out chances, the other players' tolerances and
identities, withdraw or serve once more). ``chililab.prob.intervals``: the estimates' intervals.
This layer reads the games' rules data (``chililab.games``) and the kernel; it never imports
widgets, plotting or data-frame libraries.
"""
