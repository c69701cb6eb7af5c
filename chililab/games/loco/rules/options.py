"""Chili Loco options, checked up front (loco.md section 0, Configuration)."""
from __future__ import annotations

from typing import Any

from chililab.engine import ConfigError, reaction_from_spec
from chililab.engine.bounds import brief

from .house_rules import house_rule

#: fewest and most seats (LOCO-SETUP-1): the spec's players, and the size of the prebuilt move tables
PLAYERS = (2, 10)
MAX_PLAYERS = PLAYERS[1]

TIE_METHODS = ("coin_flip", "table_talk", "rock_paper_scissors", "table_vote")

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "dealer": None,  # None: seeded random seat (DEC-36)
    "tie_method": "coin_flip",
    "reaction_model": {"model": "uniform"},
    "personal_recipes": "off",
    "reveal_hand_audience": "all",
    "two_player_stir_skips": False,
    "milk_requires_pending": False,
    "allow_self_jump_in": True,
    "help_requests_per_turn_cap": 10,
    "sign_registry": "off",
}


#: options accepted under another name and normalised away (the options dict, records and fingerprints
#: keep the canonical name): ``first_player``, the vocabulary every game shares (docs/game-folder.md), is
#: the seat left of the dealer, who takes the first turn (LOCO-SETUP-2, -4; a Stir the Pot starter turns
#: play the other way, as the rulebook says)
ALIASES = ("first_player",)


def _first_player(raw: dict) -> dict:
    """``raw`` with ``first_player`` turned into ``dealer`` (the seat to its right); ConfigError on a clash."""
    raw = dict(raw)
    fp = raw.pop("first_player")
    if fp is None:
        return raw
    n = raw.get("players", DEFAULTS["players"])
    if type(n) is not int or not PLAYERS[0] <= n <= PLAYERS[1]:
        return raw  # the player count's own check says what is wrong
    if not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp < n:
        raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {brief(fp)}")
    dealer = (fp - 1) % n
    if raw.get("dealer") is not None and raw["dealer"] != dealer:
        raise ConfigError(f"first_player={fp} means dealer={dealer} (the first turn is the dealer's left), "
                          f"not dealer={raw['dealer']!r}: give one of them")
    raw["dealer"] = dealer
    return raw


def normalize_options(raw: dict) -> dict:
    """Return a complete, JSON-able options dict or raise ConfigError (LOCO-SETUP-1)."""
    if "first_player" in raw:
        raw = _first_player(raw)
    from ..spec import SPEC  # lazily: the spec declares the options from this module's DEFAULTS

    # the spec's declarations check the names, the seat count (PLAYERS), the bools, the whole number
    # and the choices (tie_method, reveal_hand_audience); what they cannot say is checked below
    checked = SPEC.normalize(raw)
    o = {k: checked[k] for k in DEFAULTS}  # DEFAULTS' order; first_player, an alias, was normalised away above
    n = o["players"]
    d = o["dealer"]
    if d is not None and (not isinstance(d, int) or isinstance(d, bool) or not 0 <= d < n):
        raise ConfigError(f"dealer must be a seat from 0 to {n - 1}, not {brief(d)}")
    o["reaction_model"] = reaction_from_spec(o["reaction_model"]).spec
    if o["reaction_model"]["model"] == "skill" and len(o["reaction_model"]["mu"]) < n:
        raise ConfigError(f"the skill reaction model needs a mean for each of the {n} seats")
    pr = o["personal_recipes"]
    if pr in ("off", None, False):
        o["personal_recipes"] = "off"
    else:
        if isinstance(pr, str) or not isinstance(pr, (list, tuple)) or len(pr) != 2:
            raise ConfigError("personal_recipes must be 'off' or a list of two rule names, one per card (LOCO-HOUSE-1)")
        names = []
        for r in pr:
            rule = house_rule(r if isinstance(r, str) else getattr(r, "name", r))
            names.append(rule.name)
        o["personal_recipes"] = names
    cap = o["help_requests_per_turn_cap"]
    if cap < 0:
        raise ConfigError(f"help_requests_per_turn_cap must be a whole number >= 0, not {brief(cap)} (DEC-17)")
    sr = o["sign_registry"]
    if sr is None or sr is False:
        o["sign_registry"] = "off"
    elif not isinstance(sr, str):
        raise ConfigError("sign_registry must be 'off' or a file path (LOCO-SIGN-1)")
    return o
