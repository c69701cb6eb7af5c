"""Exact probabilities for All You Can Chili from one player's knowledge, each with a Monte Carlo twin.

- :class:`Knowledge`: what one seat sees (:func:`knowledge_from_view` builds it from a game view);
- :func:`posterior`: the exact distribution of each other seat's identity and tolerance;
- :func:`burn_chance`: P(a character burns out on the next dish: a named dish, a what-if flame or an
  unknown one); :func:`burn_table` for every character, :func:`burn_curve` for every flame;
- :func:`withdraw_value`, :func:`serve_value`, :func:`score_distribution`, :func:`advice`: withdraw
  now or serve once more; :func:`wait_value`: wait for the others' serves, each landing with a chance;
- ``mc_*``: the Monte Carlo twins, returning estimates with 99% intervals (``withdraw_value`` is
  certain: it has none).
"""
from .exact import (
                    Advice,
                    advice,
                    burn_chance,
                    burn_curve,
                    burn_table,
                    flame_odds,
                    score_distribution,
                    serve_value,
                    wait_value,
                    withdraw_value,
)
from .knowledge import ImpossiblePosition, Kind, Knowledge, kind_of, kinds
from .montecarlo import (
                    mc_burn_chance,
                    mc_burn_table,
                    mc_flame_odds,
                    mc_posterior,
                    mc_score_distribution,
                    mc_serve_value,
                    mc_wait_value,
                    sample_deals,
)
from .posterior import NEUTRAL, Posterior, posterior
from .view import knowledge_from_view

__all__ = ["Advice", "advice", "burn_chance", "burn_curve", "burn_table", "flame_odds", "score_distribution",
           "serve_value", "wait_value", "withdraw_value", "ImpossiblePosition", "Kind", "Knowledge", "kind_of", "kinds",
           "mc_burn_chance", "mc_burn_table", "mc_flame_odds", "mc_posterior", "mc_score_distribution",
           "mc_serve_value", "mc_wait_value", "sample_deals", "NEUTRAL", "Posterior", "posterior",
           "knowledge_from_view"]
