"""Game-design metrics of a :func:`chililab.sim.simulate` frame, in the spirit of Ludii's game analysis.

* **seat advantage** (:func:`seat_advantage`): win share per seat, 95% Wilson intervals, a chi-square
  test of "every seat wins equally"; a shared victory counts 1/k for each of its k seats; in a team
  game the same per team (:func:`team_advantage`);
* **game length** (:func:`game_length`): decisions and turns, mean, sd and quantiles;
* **decisiveness** (:func:`decisiveness`): how early the eventual winner leads for good, how much of
  the game the winner spent behind, lead changes, from sampled games played again;
* **occurrences** (:func:`occurrences`): how often each card effect, interrupt, flow edge (windows,
  races) and event happens, per game and share of games;
* **comparison** (:func:`compare`): two option sets side by side with significance tests and verdicts.

>>> import pandas as pd
>>> df = pd.DataFrame({"seed": [0, 1, 2, 3], "players": 2, "agents": "random,random",
...                    "winner": [0, 0, 1, 0], "steps": [10, 20, 30, 40], "turns": [5, 6, 7, 8]})
>>> seat_advantage(df)["share"].tolist()
[0.75, 0.25]
"""
from __future__ import annotations

from .compare import compare
from .decisive import decisiveness, game_decisiveness, standing_reader
from .frame import game_length, metrics_table, occurrences, seat_advantage, team_advantage, teams_of, winners
from .text import compare_text, metrics_text

__all__ = ["compare", "compare_text", "decisiveness", "game_decisiveness", "game_length", "metrics_table", "metrics_text",
           "occurrences", "seat_advantage", "standing_reader", "team_advantage", "teams_of", "winners"]
