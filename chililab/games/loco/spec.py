"""Chili Loco's registration: what the layers above the rules need (see chililab.engine.registry)."""
from chililab.engine.registry import GameSpec

SPEC = GameSpec(
    name="loco",
    title="Chili Loco",
    package="chililab.games.loco",
    players=(2, 10),
    summary="An Uno-like shedding game with twins, jump-ins, Salsa Slaps, asking for help and LOCO! shouts.",
)
