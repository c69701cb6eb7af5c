"""Crazy Eights' registration, found by chililab through the ``chililab.games`` entry point of this package
(``pyproject.toml``): data only, heavy parts named by dotted paths and imported when asked for."""
from chililab.engine.registry import GameSpec

from .options import OPTIONS

_HERE = "chililab_crazy_eights"

SPEC = GameSpec(
    name="crazy_eights",
    title="Crazy Eights",
    package=_HERE,
    players=(2, 15),
    summary="Match the suit or the rank, eights are wild: OpenSpiel's crazy_eights, rule for rule.",
    rule_prefix="C8",
    options=OPTIONS,
    sim=f"{_HERE}.simstats:STATS",
    clauses="data/rules.json",
    pictures={"card": f"{_HERE}.pictures:card_svg",
              "table": f"{_HERE}.pictures:table_svg",
              "game": f"{_HERE}.pictures:game_html",
              "text": f"{_HERE}.text:describe"},
    display={f"{_HERE}.cards:Card": ("image/svg+xml", "card"),
             f"{_HERE}.view:C8View": ("image/svg+xml", "table"),
             f"{_HERE}.game:C8Game": ("image/svg+xml", "game")},
    lessons=f"{_HERE}.tutorial:LESSONS",
    lesson_move=f"{_HERE}.tutorial:move",
    dashboard=f"{_HERE}.dashboard:app",
    tagline="match the suit or the rank &middot; eights are wild &middot; every event cites its rule",
    agents={"thumb": f"{_HERE}.agents:RuleOfThumbAgent"},
    bot="thumb",
)
